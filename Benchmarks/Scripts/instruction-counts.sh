#!/usr/bin/env bash
# Instructions per operation of benchmark scenarios, under callgrind (repeatable on a busy machine, unlike times).
#
#   bash Benchmarks/Scripts/instruction-counts.sh [--system NAME] [SCENARIO ...]
#
# SCENARIO is a `SyringeBenchmarks --profile` scenario: transient, three, tree, singleton, argument, diamond, child,
# register, feature-N or feature:TEXT (the first group-12 row whose name contains TEXT), or a column of group 14,
# awaited resolution: awaited-NAME (the synchronous resolve; with --system hand-wired, the hand-written code),
# awaited-NAME-task or awaited-NAME-main, NAME one of singleton, transient, sync-graph, graph (graph: -task only,
# its `async` factory needs the runtime's threads from the main actor). Without one, the warm set the
# project holds steady: transient, singleton, diamond, derive and registration. Each scenario runs at two counts in a
# release build; the difference of the two totals over the difference of the counts is the cost of one
# operation, with setup and process start cancelled out. `register` counts containers of 10,000 registrations, so
# its figure is divided by 10,000: the cost of one registration.
set -euo pipefail
cd "$(dirname "$0")/../.."

system=Syringe
if [ "${1:-}" = "--system" ]; then system=$2; shift 2; fi
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(transient singleton diamond "feature:derive" register)

command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 2; }
swift build -c release --package-path Benchmarks --scratch-path .build-benchmarks --product SyringeBenchmarks >/dev/null
built="$(swift build -c release --package-path Benchmarks --scratch-path .build-benchmarks --show-bin-path)/SyringeBenchmarks"
# A copy without debug information: valgrind 3.19 gives up on the DWARF 5 debug information of the toolchain's release builds
# ("Possibly corrupted debuginfo file"), and the counts do not need symbols.
binary=$(mktemp -t SyringeBenchmarks.XXXXXX)
trap 'rm -f "$binary"' EXIT
strip --strip-debug -o "$binary" "$built"

total() {  # total instructions of one run: scenario, count
    SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --profile "$1" "$2" "$system" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-28s %14s\n' "scenario ($system)" "instructions/op"
for scenario in "${scenarios[@]}"; do
    if [ "$scenario" = register ]; then low=2; high=4; per=10000; else low=2000; high=4000; per=1; fi
    a=$(total "$scenario" $low)
    b=$(total "$scenario" $high)
    python3 -c "import sys; a, b, n, per = map(int, sys.argv[1:5]); print(f'{sys.argv[5]:<28} {(b - a) / n / per:14,.0f}')" \
        "$a" "$b" $((high - low)) "$per" "$scenario"
done
