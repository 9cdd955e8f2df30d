#!/usr/bin/env bash
# Model-checks the runtime's lock-free protocols (reclamation, the quick-read wait, publication of kept singletons and
# of publish-once words) under the C11 memory model, with Relacy (Debian's relacy-dev), which explores the
# reorderings ARM64 may make and x86 never does. The harness, Tests/MemoryModel/MemoryModelHarness.cpp, includes the
# runtime's own Sources/CSyringeRuntime/include/CSyringeAtomics.h: the protocol steps it checks are the functions the
# library calls. Sources/Syringe/Runtime/README.md ("Memory ordering") gives the argument and what is not checked.
#
# Usage:
#   Scripts/memory-model.sh                 every check must pass (exit 0), else exit 1
#   Scripts/memory-model.sh --weakened[=W]  weakens one ordering the argument needs, and the check must then FAIL:
#                                           exit 0 if Relacy reports the failure, 1 if it does not (the check would
#                                           be blind to that mistake). W: announce (the default: the reader's
#                                           announcement, seq_cst -> release), scan (the writer's loads of the slots,
#                                           seq_cst -> acquire), leave (the reader's leaving store, release -> relaxed),
#                                           tag (the writer's epoch load after unpublishing, seq_cst -> relaxed).
# Installs g++ and relacy-dev with apt-get when missing (CI runs as root on a fresh machine). Takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."

weakened=""
case "${1:-}" in
    "") ;;
    --weakened) weakened=announce ;;
    --weakened=*) weakened="${1#--weakened=}" ;;
    *) echo "usage: $0 [--weakened[=announce|scan|leave|tag]]" >&2; exit 2 ;;
esac
case "$weakened" in
    "") define="" ;;
    announce) define="-DSYRINGE_ORDER_ANNOUNCE=memory_order_release" ;;
    scan) define="-DSYRINGE_ORDER_SCAN=memory_order_acquire" ;;
    leave) define="-DSYRINGE_ORDER_LEAVE=memory_order_relaxed" ;;
    tag) define="-DSYRINGE_ORDER_RETIRE_TAG=memory_order_relaxed" ;;
    *) echo "memory-model: no weakening named '$weakened' (announce, scan, leave, tag)" >&2; exit 2 ;;
esac

if [ ! -f /usr/include/relacy/relacy.hpp ] || ! command -v g++ >/dev/null; then
    echo "== memory-model: installing g++ and relacy-dev"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq g++ relacy-dev >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# -fno-lifetime-dse: Relacy marks a freed object by a store in its destructor, which GCC otherwise removes as dead,
# and a use after free would go unreported.
g++ -std=c++11 -O1 -fno-lifetime-dse -w $define -I Sources/CSyringeRuntime/include \
    Tests/MemoryModel/MemoryModelHarness.cpp -o "$work/harness"

# Every schedule with at most 3 preemptions (each load reading any value the model allows), then 200,000 random ones.
status=0
"$work/harness" 3 200000 >"$work/output" 2>&1 || status=$?
if [ -z "$weakened" ]; then
    grep -E '^(== |memory model)' "$work/output"
    if [ "$status" -ne 0 ]; then
        echo "memory-model: the check FAILED; Relacy's report (the execution history of the failing schedule):" >&2
        grep -vE '^\[?[0-9]+%|^$' "$work/output" | head -200 >&2
        exit 1
    fi
    echo "memory-model: passed"
else
    if [ "$status" -eq 0 ]; then
        echo "memory-model: with '$weakened' weakened, every check still passed: the model check cannot see that" \
            "ordering's need (the check, not the runtime, is broken)" >&2
        exit 1
    fi
    grep -E '^(== |[A-Z ]+ \(|iteration:)' "$work/output" | head -12
    echo "memory-model: with '$weakened' weakened, the check failed, as it must"
fi
