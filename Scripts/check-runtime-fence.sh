#!/usr/bin/env bash
# Checks the fence around Syringe's runtime (Sources/Syringe/Runtime/README.md). Fails, listing each offending
# line, if:
#   1. an unsafe construct appears in Sources/ outside Sources/Syringe/Runtime/ and the C half
#      (Sources/CSyringeRuntime): Unmanaged, Unsafe*Pointer (and withUnsafe*Pointer), unsafeBitCast,
#      unsafeDowncast, _withUnsafeGuaranteedRef, unowned(unsafe), @exclusivity(unchecked), nonisolated(unsafe),
#      atomics (AtomicWord, Synchronization's Atomic, C atomics), or the C half's import;
#   2. an `@unchecked Sendable` outside Runtime/ has no comment saying why it is safe (a `// @unchecked Sendable:`
#      line within the next three lines);
#   3. a platform conditional (`#if os(...)`, `canImport(Darwin/Glibc/Musl/Bionic/WinSDK)`, `arch(...)`,
#      `targetEnvironment(...)`) exists anywhere in Sources/Syringe, or `__APPLE__`/`__linux__` in the C half:
#      one code path on every platform;
#   4. a source file in Sources/ has more than 500 lines;
#   5. `Unretained` or one of the reinterpretations checked only in debug builds (`exactReference(_:as:)`,
#      `typedPlain(as:)`, `typedWithArguments(as:)`, `typedValue(as:)`) is used outside Runtime/ and the resolution
#      engine (Sources/Syringe/Engine/): elsewhere the forms checked in every build (`value(ofExactly:as:)` after
#      `holdsExactly`, `unpack(_:as:mismatch:)`) and plain references serve.
# Comment lines are not checked. Usage: Scripts/check-runtime-fence.sh
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
report() {
    echo "check-runtime-fence: $1" >&2
    failed=1
}

# Lines of Swift code (comments dropped) under Sources/, outside the runtime, as file:line:text.
code_outside_runtime() {
    grep -rn --include='*.swift' -E "$1" Sources \
        | grep -v '^Sources/Syringe/Runtime/' \
        | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true
}

unsafe='Unmanaged|Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|unsafeBitCast|unsafeDowncast|_withUnsafeGuaranteedRef'
unsafe+='|unowned\(unsafe\)|@exclusivity\(unchecked\)|nonisolated\(unsafe\)|AtomicWord|\bAtomic<|Synchronization'
unsafe+='|CSyringeRuntime|_getUnsafePointerToStoredProperties'
found=$(code_outside_runtime "$unsafe")
[ -z "$found" ] || report "unsafe constructs outside Sources/Syringe/Runtime/:
$found"

while IFS=: read -r file line _; do
    [ -n "$file" ] || continue
    if ! sed -n "$((line + 1)),$((line + 3))p" "$file" | grep '// @unchecked Sendable:' >/dev/null; then
        report "$file:$line: @unchecked Sendable without a '// @unchecked Sendable: why' comment below it"
    fi
done < <(code_outside_runtime '@unchecked Sendable')

platform=$(grep -rnE '#(if|elseif).*(os\(|canImport\((Darwin|Glibc|Musl|Bionic|WinSDK|ucrt)\)|arch\(|targetEnvironment\()' \
    Sources/Syringe || true)
[ -z "$platform" ] || report "platform conditionals in Sources/Syringe (the C half, Sources/CSyringeRuntime, owns the C library):
$platform"
cplatform=$(grep -rnE '__APPLE__|__linux__|_WIN32|TARGET_OS_' Sources/CSyringeRuntime || true)
[ -z "$cplatform" ] || report "platform conditionals in the C half:
$cplatform"

unchecked='\bUnretained\b|exactReference\(|typedPlain\(|typedWithArguments\(|typedValue\('
found=$(code_outside_runtime "$unchecked" | grep -v '^Sources/Syringe/Engine/' | grep -vE '^[^:]+:[0-9]+:[[:space:]]*///' || true)
[ -z "$found" ] || report "Unretained or an unchecked reinterpretation outside Runtime/ and Engine/:
$found"

long=$(find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -exec wc -l {} + \
    | awk '$2 != "total" && $1 > 500 { print $2 ": " $1 " lines" }')
[ -z "$long" ] || report "files over 500 lines:
$long"

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "check-runtime-fence: unsafe code only in Sources/Syringe/Runtime/ and Sources/CSyringeRuntime, unchecked reads only there and in Engine/, no platform branch, no file over 500 lines"
