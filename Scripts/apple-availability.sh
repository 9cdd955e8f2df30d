#!/usr/bin/env bash
# Checks, on Linux, that Syringe builds for every Apple platform at the minimum Package.swift declares: each
# standard-library and concurrency API it uses, and each language feature gated by OS version, must exist there
# ("'Duration' is only available in iOS 16.0 or newer"). Fails on any error. Run by .ci/run after the tests.
#
#   bash Scripts/apple-availability.sh
#
# How: Scripts/apple-typecheck.sh type-checks the sources against the toolchain's own interfaces of the standard
# library and _Concurrency, retargeted to the Apple platform (its header says what it can and cannot see: not
# Darwin, Foundation, Dispatch or Synchronization, which the checked files must not import).
#   - Sources/Syringe: every file, as one module, with the C runtime target's headers (-I) when it exists.
#   - Sources/SyringeTesting: every file, against Swift Testing's interface retargeted the same way, in the same
#     module as the library's: copies with their `import Syringe` line blanked (line numbers kept).
#   - visionOS is not checked: its first version has every API of iOS 17, above the iOS minimum.
set -euo pipefail
cd "$(dirname "$0")/.."

# Files of Sources/Syringe left out of the check, relative to it, separated by spaces; with them, a file declaring
# what they declare, so the rest type-checks (the stand-ins). Empty: every file is checked. Kept for a change that
# must leave a file out for a while; say why next to it.
excluded=""
stand_ins=""

# The minimum Package.swift declares for a platform (`.iOS(.v13)` -> 13.0, `.macOS(.v10_15)` -> 10.15).
minimum() {
    local version
    # No `| head -1`: under pipefail a reader that stops early can fail the pipeline with SIGPIPE.
    version=$(sed -n "s/.*\.$1(\.v\([0-9_]*\)).*/\1/p" Package.swift)
    version=${version%%$'\n'*}
    version=${version//_/.}
    [ -n "$version" ] || { echo "no .$1 minimum in Package.swift's platforms" >&2; exit 1; }
    case "$version" in *.*) echo "$version" ;; *) echo "$version.0" ;; esac
}

files=()
while IFS= read -r file; do
    relative=${file#Sources/Syringe/}
    case " $(echo $excluded) " in *" $relative "*) continue ;; esac
    files+=("$file")
done < <(find Sources/Syringe -name '*.swift' | sort)
for file in $excluded; do
    [ -f "Sources/Syringe/$file" ] || { echo "excluded file Sources/Syringe/$file does not exist" >&2; exit 1; }
done
if [ -n "$(echo $excluded)" ]; then
    [ -f "$stand_ins" ] || { echo "files are excluded, but no stand-ins file declares what they declare" >&2; exit 1; }
    files+=("$stand_ins")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/Sources/SyringeTesting"
while IFS= read -r file; do
    copy="$work/$file"
    sed 's/^\(public \)\{0,1\}import Syringe$//' "$file" >"$copy"
    files+=("$copy")
done < <(find Sources/SyringeTesting -name '*.swift' | sort)

flags=(-module-name Syringe -package-name syringe)
for feature in ExistentialAny MemberImportVisibility InternalImportsByDefault NonisolatedNonsendingByDefault; do
    flags+=(-enable-upcoming-feature "$feature")
done
if [ -d Sources/CSyringeRuntime/include ]; then
    # The module map SwiftPM generates for a C target without one: its include directory as the umbrella.
    if [ -f Sources/CSyringeRuntime/include/module.modulemap ]; then
        flags+=(-I Sources/CSyringeRuntime/include)
    else
        printf 'module CSyringeRuntime {\n    umbrella "%s"\n    export *\n}\n' \
            "$PWD/Sources/CSyringeRuntime/include" >"$work/module.modulemap"
        flags+=(-I "$work")
    fi
fi

status=0
for platform in macOS iOS tvOS watchOS; do
    version=$(minimum "$platform")
    lower=$(echo "$platform" | tr '[:upper:]' '[:lower:]')
    echo "-- $platform $version"
    if ! bash Scripts/apple-typecheck.sh --platform "$lower" --min "$version" "${flags[@]}" "${files[@]}"; then
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "availability check failed (errors in Sources/SyringeTesting name copies under a temporary directory; the" \
        "line numbers are the originals')" >&2
    exit 1
fi
echo "Syringe and SyringeTesting type-check at every declared minimum"
