#!/usr/bin/env bash
# Runs Swinject 2.10.0's own XCTest suite against Syringe.
#
# The script clones Swinject at the tag, copies its test sources into a throwaway package that depends on this
# repository's Syringe by path, changes `import Swinject` / `@testable import Swinject` to `import Syringe`,
# leaves out the tests listed in Scripts/swinject-compat-excluded.txt (they read Swinject internals or cannot
# pass by design; each is listed with the reason), adds Tests/SyringeTests/DropIn/SwinjectStyleFixtures.swift
# (code written for Swinject by its users, compiled only), builds once in debug in the Swift 5 language mode (the
# mode Swinject's tests are written for), and runs them. It exits non-zero when the tests do not compile or
# when any test that is not excluded fails, and closes with
#   Swinject 2.10.0 suite: N passed, M failed, K excluded
#
# Usage: Scripts/swinject-compat.sh
# The work happens in .build-compat/ (git-ignored; the build there is reused by the next run), or in the
# directory named by SWINJECT_COMPAT_DIR. Nothing of Swinject's is committed to this repository.
set -euo pipefail
export LC_ALL=C # one collation for `sort` and `comm`

tag=2.10.0
repo=$(cd "$(dirname "$0")/.." && pwd)
excluded_list="$repo/Scripts/swinject-compat-excluded.txt"
work=${SWINJECT_COMPAT_DIR:-$repo/.build-compat}
clone="$work/Swinject-$tag"
package="$work/package"
tests="$package/Tests/SwinjectTests"
# A hung test must not use up CI's time: each test run gets this many seconds (where `timeout` exists).
run_limit=600

die() {
    echo "swinject-compat: $*" >&2
    exit 1
}

# Rewrites a file through a command that reads the file and writes the new text (portable `sed -i`).
rewrite() {
    local file=$1
    shift
    "$@" "$file" >"$file.new" || {
        rm -f "$file.new"
        return 1
    }
    mv "$file.new" "$file"
}

# The number of XCTest methods in a file, leaving out those Swinject compiles only outside SwiftPM.
count_tests() {
    awk '/^[[:space:]]*#if !SWIFT_PACKAGE/ { off = 1 } /^[[:space:]]*#endif/ { off = 0 }
         !off && /^[[:space:]]*func test[A-Za-z0-9_]*\(/ { n++ } END { print n + 0 }' "$@"
}

# Prints a file without the method `func NAME(`: from that line to the closing brace at the same
# indentation. Fails unless exactly one such method was found.
without_function() {
    awk -v name="$1" '
        skipping { if ($0 == indent "}") skipping = 0; next }
        $0 ~ "^[[:space:]]*func " name "\\(" {
            indent = $0; sub(/func.*/, "", indent); skipping = 1; found++; next
        }
        { print }
        END { exit (found == 1 && !skipping) ? 0 : 1 }' "$2"
}

echo "-- Swinject $tag's tests against Syringe, in $work"

# 1. Swinject's test sources.
rm -rf "$clone" "$package/Tests"
mkdir -p "$work" "$tests"
git -c advice.detachedHead=false clone -q --branch "$tag" https://github.com/Swinject/Swinject.git "$clone"
cp "$clone"/Tests/SwinjectTests/*.swift "$tests/"
# XCTestManifests.swift lists every test by hand for Linux toolchains that could not discover tests; SwiftPM
# discovers them now, and the hand-made list would name the tests removed below.
rm "$tests/XCTestManifests.swift"

# 2. The import.
for file in "$tests"/*.swift; do
    rewrite "$file" sed -E 's/^(@testable )?import Swinject$/import Syringe/'
done
if grep -n "import Swinject" "$tests"/*.swift; then die "an import of Swinject was left unchanged"; fi

# 3. One fixture adaptation. BehaviorSpy (BehaviorFakes.swift) collects the entries its behavior receives in
# an array of Swinject's internal `ServiceEntryProtocol`; the tests only count them, so an `[Any]` keeps every
# assertion and lets the Behavior and Assembler tests run.
grep -q '\[ServiceEntryProtocol\]()' "$tests/BehaviorFakes.swift" || die "BehaviorFakes.swift changed upstream"
rewrite "$tests/BehaviorFakes.swift" sed 's/\[ServiceEntryProtocol\]()/[Any]()/'

# 3b. Code written for Swinject that is not Swinject's own: resolvers of a user's (implementing Swinject's
# requirements) and tuple-initializer autoregistrations, from Syringe's drop-in tests. Compiled here in the Swift 5
# language mode (the test target compiles it in the Swift 6 mode); its types are used by no test of Swinject's.
cp "$repo/Tests/SyringeTests/DropIn/SwinjectStyleFixtures.swift" "$tests/"

# 4. The excluded tests.
excluded=0
while IFS= read -r line; do
    case $line in '' | '#'*) continue ;; esac
    name=${line%%:*}
    case $name in
        *.swift)
            [ -f "$tests/$name" ] || die "excluded file $name is not in Swinject $tag"
            excluded=$((excluded + $(count_tests "$tests/$name")))
            rm "$tests/$name"
            ;;
        */*)
            class=${name%/*}
            function=${name#*/}
            files=$(grep -lE "^(final )?class ${class}[:[:space:]]" "$tests"/*.swift || true)
            [ "$(printf '%s' "$files" | grep -c .)" = 1 ] || die "excluded test $name: no single file declares $class"
            rewrite "$files" without_function "$function" || die "excluded test $name: no single method $function"
            excluded=$((excluded + 1))
            ;;
        *) die "cannot read the exclusion line: $line" ;;
    esac
done <"$excluded_list"

# 5. The throwaway package. A path dependency's identity is its directory's name.
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
cat >"$package/Package.swift" <<EOF
// swift-tools-version: 6.0
// Generated by Scripts/swinject-compat.sh: Swinject $tag's tests, importing Syringe.
import PackageDescription

let package = Package(
    name: "SwinjectCompat",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],  // Syringe's minimums
    dependencies: [.package(path: "$repo")],
    targets: [
        .testTarget(
            name: "SwinjectTests",
            dependencies: [.product(name: "Syringe", package: "$identity")],
            path: "Tests/SwinjectTests"
        )
    ],
    swiftLanguageModes: [.v5]
)
EOF

# 6. One debug build.
echo "-- Building Swinject's tests (Swift 5 language mode)"
# Swinject's tests are not written for the Swift 6 language mode and draw hundreds of its warnings (mutable
# captures in `@Sendable` factories, non-`Sendable` behaviors); they are silenced here, and Syringe's own
# warnings are errors in CI's main build.
if ! swift build --package-path "$package" --build-tests -Xswiftc -suppress-warnings; then
    echo "The Swinject $tag tests did not compile against Syringe: every test that is not excluded counts as failed."
    echo "Swinject $tag suite: 0 passed, $(count_tests "$tests"/*.swift) failed, $excluded excluded"
    exit 1
fi

# 7. The run. XCTest runs the suite in one process, which prints its summary. A test that crashes ends that
# process; then each test runs again in a process of its own (`--parallel`), so that one crash fails one test
# (that second run prints the crash's backtrace, so the first shows only the crash's message; its whole output
# is in run.log).
limit=()
if command -v timeout >/dev/null; then limit=(timeout "$run_limit"); fi
swift test --package-path "$package" --skip-build list 2>/dev/null | sed -n 's|^SwinjectTests\.||p' | sort >"$work/all.txt"
total=$(grep -c . "$work/all.txt" || true)
[ "$total" -gt 0 ] || die "the built suite lists no test"

echo "-- Running $total tests"
set +e
SWIFT_BACKTRACE=enable=no ${limit[@]+"${limit[@]}"} swift test --package-path "$package" --skip-build \
    --disable-swift-testing 2>&1 | tee "$work/run.log" | grep -vE '^[0-9]+ +[^ ]+ +0x[0-9a-f]+ '
status=${PIPESTATUS[0]}
set -e
# A result line reads "Test Case 'Class.test' passed (…)" (Linux) or "Test Case '-[Module.Class test]' passed".
# Not anchored at the line's start: a library message on standard error may share the line (the streams are merged).
sed -nE "s/^.*Test Case '(-\[SwinjectTests\.)?([A-Za-z0-9_]+)[. ]([A-Za-z0-9_]+)\]?' (passed|failed).*/\4 \2\/\3/p" \
    "$work/run.log" >"$work/results.txt"
summary=$(grep -E -A1 "^Test Suite 'All tests' (passed|failed)" "$work/run.log" | sed -n 's/^[[:space:]]*Executed/Executed/p' || true)

if [ -z "$summary" ]; then
    last=$(sed -n "s/^Test Case '\(.*\)' started.*/\1/p" "$work/run.log" | tail -n 1)
    if [ "$status" = 124 ]; then
        echo "The run did not finish in $run_limit s; the last test to start was $last."
        summary="(the run timed out: no XCTest summary)"
    else
        echo "-- $last crashed the XCTest process; running each test in a process of its own"
        rm -f "$work/results.xml"
        set +e
        ${limit[@]+"${limit[@]}"} swift test --package-path "$package" --skip-build --disable-swift-testing \
            --parallel --xunit-output "$work/results.xml"
        parallel_status=$?
        set -e
        if [ "$parallel_status" = 124 ]; then echo "The per-test run did not finish in $run_limit s."; fi
        # SwiftPM writes each test as a <testcase …> line, followed by a <failure …> line when it failed.
        awk '/<testcase / {
                 match($0, /classname="SwinjectTests\.[^"]*"/); class = substr($0, RSTART + 25, RLENGTH - 26)
                 match($0, / name="[^"]*"/); test = substr($0, RSTART + 7, RLENGTH - 8)
                 pending = class "/" test; next
             }
             pending != "" { print (/<failure/ ? "failed " : "passed ") pending; pending = "" }' \
            "$work/results.xml" 2>/dev/null >"$work/results.txt" || true
        summary="(one process per test: XCTest's per-test summaries above)"
    fi
fi

sed -n 's/^passed //p' "$work/results.txt" | sort -u >"$work/passed.txt"
passed=$(comm -12 "$work/all.txt" "$work/passed.txt" | grep -c . || true)
failed=$((total - passed))
if [ "$failed" -gt 0 ]; then
    echo "-- Failing (or not finishing) tests:"
    comm -23 "$work/all.txt" "$work/passed.txt" | sed 's/^/   /'
fi
echo "XCTest: $summary"
echo "Swinject $tag suite: $passed passed, $failed failed, $excluded excluded"
[ "$failed" = 0 ]
