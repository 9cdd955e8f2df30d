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
#   6. anything private to the Swift runtime or the standard library is used anywhere in Sources/, the runtime
#      included: a Swift runtime symbol looked up in the C half (`dlsym` of a `swift_` or mangled `$s` name, the
#      `swiftcall` convention), `@_silgen_name`, an underscored standard-library function (`_openExistential(`,
#      `_slowPath(`, `_getUnsafePointerToStoredProperties(`, ...: any call of a name `_lowercase`, any member
#      `._lowercase` such as `._withUnsafeGuaranteedRef` or `._withNFCCodeUnits`), the `_read` and
#      `_modify` accessors, an `import` of an underscored module, `Builtin.`, or an underscored attribute other than
#      `@_disfavoredOverload` (a hint to the type checker's ranking of overloads that changes no code generated;
#      the registration overloads rely on it to rank and to type-check quickly, Documentation/Performance.md).
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

# Lines of Swift code (comments dropped) anywhere under Sources/, as file:line:text.
code_anywhere() {
    grep -rnE --include='*.swift' "$1" Sources | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true
}
private_api='(^|[^A-Za-z0-9_.])_[a-z][A-Za-z0-9]*[[:space:]]*(\(|\{)|\._[a-z][A-Za-z0-9]*|\b_(read|modify)\b'
private_api+='|@_silgen_name'
private_api+='|^[[:space:]]*((@[A-Za-z_]+|public|internal|private|fileprivate)[[:space:]]+)*import[[:space:]]+_'
private_api+='|\bBuiltin\.'
found=$(code_anywhere "$private_api")
attributes=$(code_anywhere '@_[A-Za-z]' | grep -vE '@_disfavoredOverload\b' || true)
found=$(printf '%s\n%s' "$found" "$attributes" | sed '/^$/d' | sort -u)
[ -z "$found" ] || report "private Swift runtime or underscored standard-library API in Sources/:
$found"
cprivate=$(grep -rnE '"(swift_|\$s|_swift)|swiftcall|\bdlsym\([^)]*"[^"]*swift' Sources/CSyringeRuntime \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
[ -z "$cprivate" ] || report "the C half reaches into the Swift runtime:
$cprivate"

long=$(find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -exec wc -l {} + \
    | awk '$2 != "total" && $1 > 500 { print $2 ": " $1 " lines" }')
[ -z "$long" ] || report "files over 500 lines:
$long"

if [ "$failed" -ne 0 ]; then exit 1; fi
echo "check-runtime-fence: unsafe code only in Sources/Syringe/Runtime/ and Sources/CSyringeRuntime, unchecked reads only there and in Engine/, nothing private to the Swift runtime or the standard library, no platform branch, no file over 500 lines"
