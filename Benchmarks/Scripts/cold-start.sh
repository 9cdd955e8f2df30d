#!/usr/bin/env bash
# The cold-start scenario at several sizes (Documentation/Internals/PerformanceRecord.md, "Launch"): for each N, generates the app
# (generate-cold-start.py), builds ColdStart in release, times SAMPLES fresh processes per system (alternated), and
# counts each system's instructions under callgrind (its run function, inclusive: registration, one resolve of each
# service, teardown; and each phase). Writes the N = 100 app back at the end, as committed.
#
#     bash Benchmarks/Scripts/cold-start.sh [--sizes "100 1000 10000"] [--conformances 5000] [--samples 11]
set -euo pipefail
cd "$(dirname "$0")/../.."

sizes="100 1000 10000"
conformances=0
samples=11
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) sizes="$2"; shift 2 ;;
        --conformances) conformances="$2"; shift 2 ;;
        --samples) samples="$2"; shift 2 ;;
        *) echo "usage: $0 [--sizes \"100 1000\"] [--conformances K] [--samples S]" >&2; exit 2 ;;
    esac
done

scratch=.build-benchmarks
binary=$scratch/release/ColdStart
out=$(mktemp -d)
trap 'python3 Benchmarks/Scripts/generate-cold-start.py >/dev/null' EXIT

# Inclusive instructions of the function whose mangled name contains $2, in callgrind output $1 (its first line: the
# function whole; the lines after it are the parts inlined from other files).
instructions() {
    callgrind_annotate --inclusive=yes "$1" 2>/dev/null \
        | awk -v pattern="$2" '!found && index($0, pattern) && $2 ~ /^\(/ { gsub(",", "", $1); value = $1; found = 1 } END { print found ? value : 0 }'
}

for n in $sizes; do
    python3 Benchmarks/Scripts/generate-cold-start.py --services "$n" --conformances "$conformances"
    swift build -c release --package-path Benchmarks --scratch-path "$scratch" --product ColdStart 2>&1 | grep -E "error|Compiling|Build" | tail -1
    "$binary" check
    "$binary" compare "$samples"
    echo
    echo "| N = $n, $conformances extra conformances | instructions (run) | per service | register | resolve | teardown |"
    echo "|---|---:|---:|---:|---:|---:|"
    for system in hand-written syringe swinject syringe-extras; do
        valgrind --tool=callgrind --callgrind-out-file="$out/$system.$n" "$binary" one "$system" >/dev/null 2>&1
        case $system in
            syringe) module=16ColdStartSyringe ;;
            syringe-extras) module=16ColdStartSyringe ;;
            swinject) module=17ColdStartSwinject ;;
            hand-written) module=20ColdStartHandWritten ;;
        esac
        run=$(instructions "$out/$system.$n" "\$s${module}03run")
        register=$(instructions "$out/$system.$n" "\$s${module}12coldRegister")
        resolve=$(instructions "$out/$system.$n" "\$s${module}11coldResolve")
        teardown=$(instructions "$out/$system.$n" "\$s${module}12coldTeardown")
        echo "| $system | $run | $((run / n)) | $register | $resolve | $teardown |"
    done
    echo
done
