#!/usr/bin/env bash
# Model-checks the runtime's lock-free protocols (epoch reclamation of registry tables, the quick-read wait, the
# publication of kept singletons and of publish-once words) under the C11 memory model, with Relacy, which explores
# the reorderings ARM64 may make and x86 never does. The harness, Tests/MemoryModel/MemoryModelHarness.cpp, includes
# the runtime's own Sources/CSyringeRuntime/include/CSyringeAtomics.h: the protocol steps it checks, and their
# orderings, are the functions the library calls. Sources/Syringe/Runtime/README.md ("Memory ordering") gives the
# argument, what the check explores and what it does not.
#
# Usage:
#   Scripts/memory-model.sh                 every check must pass: exit 0, else 1 with Relacy's failing history
#   Scripts/memory-model.sh --weakened[=W]  weakens one ordering the argument needs; the check must then FAIL:
#                                           exit 0 if Relacy reports a failure, 1 if every check still passes (the
#                                           check would be blind to that mistake). W, default announce:
#                                             announce  the reader's announcement store, seq_cst -> release
#                                             scan      the writer's loads of the reader slots, seq_cst -> acquire
#                                             leave     the reader's leaving store, release -> relaxed
#                                             tag       the writer's epoch load as a retirement's tag, seq_cst -> acquire
#                                             advance   the writer's advance of the epoch, seq_cst -> acq_rel
#                                             maker     not an ordering: in "quick read, last reference", the
#                                                       writer that publishes an object keeps its own reference
#                                                       until after the exchange, so another writer's release after
#                                                       waitForQuickReads() need not be the last
#
# Needs: g++ (C++11) and Relacy's headers (/usr/include/relacy, Debian's relacy-dev). When either is missing, and the
# script runs as root with apt-get (CI, on this project's Debian machines), it installs g++ and relacy-dev; otherwise
# it says what to install and exits 1. The harness is built once per change of its sources (about 25 s) into
# .build/memory-model/; a run then takes about 20 s with the shipped orderings, 1 to 30 s weakened.
set -euo pipefail
cd "$(dirname "$0")/.."

weakened=""
case "${1:-}" in
    "") ;;
    --weakened) weakened=announce ;;
    --weakened=*) weakened="${1#--weakened=}" ;;
    *) echo "usage: $0 [--weakened[=announce|scan|leave|tag|advance|maker]]" >&2; exit 2 ;;
esac
case "$weakened" in
    "" | announce | scan | leave | tag | advance | maker) ;;
    *) echo "memory-model: no weakening named '$weakened' (announce, scan, leave, tag, advance, maker)" >&2; exit 2 ;;
esac

if [ ! -f /usr/include/relacy/relacy.hpp ] || ! command -v g++ >/dev/null; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
        echo "memory-model: needs g++ and Relacy's headers in /usr/include/relacy: install Debian's g++ and" \
            "relacy-dev (apt-get install g++ relacy-dev)" >&2
        exit 1
    fi
    echo "== memory-model: installing g++ and relacy-dev"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq g++ relacy-dev >/dev/null
fi

sources=(Tests/MemoryModel/MemoryModelHarness.cpp Sources/CSyringeRuntime/include/CSyringeAtomics.h)
# -O1: the search runs about 4 times faster than at -O0; -O2 builds longer for nothing. -fno-lifetime-dse: a freed
# object's destructor writes its contents (a Relacy variable), which GCC otherwise removes as a dead store, and a
# reader's read that does not happen before the free would go unreported.
flags=(-std=c++11 -O1 -fno-lifetime-dse -w -I Sources/CSyringeRuntime/include)
key=$({ cat "${sources[@]}"; echo "${flags[*]}"; g++ --version | head -1; } | sha256sum | cut -c1-16)
harness=.build/memory-model/harness-$key
if [ ! -x "$harness" ]; then
    echo "== memory-model: building the harness (g++ with Relacy)"
    mkdir -p .build/memory-model
    rm -f .build/memory-model/harness-*
    g++ "${flags[@]}" Tests/MemoryModel/MemoryModelHarness.cpp -o "$harness.partial"
    mv "$harness.partial" "$harness"
fi

output=$(mktemp)
trap 'rm -f "$output"' EXIT
status=0
"$harness" ${weakened:+--weakened=$weakened} >"$output" 2>&1 || status=$?
# The harness's own lines (tests, searches, results), not Relacy's per-test statistics.
grep -E '^(== |   |memory model)' "$output"
if [ -z "$weakened" ]; then
    if [ "$status" -ne 0 ]; then
        echo "memory-model: the check FAILED; Relacy's report (the execution history of the failing schedule):" >&2
        grep -vE '^\[?[0-9]+%|^$' "$output" | head -200 >&2
        exit 1
    fi
    echo "memory-model: passed"
else
    if [ "$status" -ne 1 ]; then
        echo "memory-model: with '$weakened' weakened, every check still passed (exit $status): the model check" \
            "cannot see that ordering's need (the check, not the runtime, is broken)" >&2
        exit 1
    fi
    grep -E '^[A-Z ]+ \(' "$output" | sort | uniq -c
    echo "memory-model: with '$weakened' weakened, the check failed, as it must"
fi
