#!/usr/bin/env bash
# The declared-key matrix's "does not compile" cells (Scripts/key-matrix.py writes them to Tests/KeyMatrix/CompileFail):
# each snippet is type-checked against the built Syringe module with the matrix's fixtures, and must fail with the
# error written on its first line (`// expected-error: …`). A snippet that compiles, or fails with another error,
# fails this script. Usage: Scripts/key-matrix-compile-fail.sh [scratch path, default .build]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
swift build --scratch-path "$scratch" --target Syringe -Xswiftc -warnings-as-errors >/dev/null  # the flags of .ci/run's test build: no rebuild
modules="$scratch/debug/Modules"
[ -d "$modules" ] || modules="$scratch/debug"
failed=0
count=0
for snippet in Tests/KeyMatrix/CompileFail/*.swift; do
    count=$((count + 1))
    expected=$(sed -n '1s#^// expected-error: ##p' "$snippet")
    if [ -z "$expected" ]; then
        echo "key-matrix-compile-fail: $snippet has no '// expected-error:' first line" >&2
        failed=1
        continue
    fi
    if output=$(swiftc -typecheck -swift-version 6 -I "$modules" -I Sources/CSyringeRuntime/include \
        Tests/SyringeTests/DeclaredKeys/KeyMatrixFixtures.swift "$snippet" 2>&1); then
        echo "key-matrix-compile-fail: $snippet compiled, but its cell says it must not ($expected)" >&2
        failed=1
    elif ! grep -F -- "$expected" <<<"$output" | grep -q "$(basename "$snippet")"; then
        echo "key-matrix-compile-fail: $snippet failed without the expected error '$expected':" >&2
        echo "$output" | grep 'error:' | head -5 >&2
        failed=1
    fi
done
[ "$failed" -eq 0 ] || exit 1
echo "key-matrix-compile-fail: $count snippets fail to compile with their stated errors"
