#!/usr/bin/env bash
# The second harness (issue #24): runs ResolutionHarness, the ordo-one package-benchmark target in the Benchmarks
# package, in a release build, and prints for each scenario the median (p50) wall clock time per operation of
# hand-written wiring, Syringe and Swinject 2.10, and each library's ratio to hand-written wiring, all from one run.
#
#     bash Benchmarks/Scripts/second-harness.sh [extra options for `swift package benchmark`, e.g. --filter "6 graph"]
#
# The scratch path is .build-benchmarks (as for SyringeBenchmarks), or $SCRATCH_PATH. The results are read from
# the harness's JMH export (JSON, written to stdout with `--path stdout`). Instructions are added to the metrics
# when `perf stat` can count them on this machine; the ratios are from wall clock time either way.
set -euo pipefail
cd "$(dirname "$0")/../.."

scratch=${SCRATCH_PATH:-.build-benchmarks}
metrics=()
if command -v perf >/dev/null && perf stat -x, -e instructions true 2>&1 >/dev/null | grep -q '^[0-9]'; then
    metrics=(--metric wallClock --metric throughput --metric instructions)
else
    echo "(no hardware instruction counter here: wall clock time only)" >&2
fi

output=$(mktemp)
trap 'rm -f "$output"' EXIT
echo "Building (release) and running ResolutionHarness; this takes a few minutes on a first build..." >&2
swift package --package-path Benchmarks --scratch-path "$scratch" benchmark \
    --target ResolutionHarness --format jmh --path stdout --no-progress ${metrics[@]+"${metrics[@]}"} "$@" >"$output"

python3 - "$output" <<'EOF'
import json
import sys

# Operations per sample: the harness's `scalingFactor` (.kilo). A JMH time value is microseconds per sample, so
# nanoseconds per operation is the value times 1,000 over this.
OPERATIONS_PER_SAMPLE = 1000
PREFIX = "package.benchmark.ResolutionHarness."
SYSTEMS = ["hand-wired", "Syringe", "Swinject"]

# The export is one JSON array on a line of its own; anything the plugin printed before it is skipped.
lines = [line for line in open(sys.argv[1], encoding="utf-8") if line.startswith("[")]
if not lines:
    sys.exit("second-harness: no JMH export in the harness's output")
elements = json.loads(lines[-1])

# Benchmarks are named `<scenario> | <system>`; the export writes spaces as underscores (no name has its own).
medians = {}  # (scenario, system) -> {metric: (p50, samples)}
for element in elements:
    name = element["benchmark"]
    if not name.startswith(PREFIX):
        continue
    scenario, _, system = name[len(PREFIX):].replace("_", " ").rpartition(" | ")
    for metric, values in element["secondaryMetrics"].items():
        medians.setdefault((scenario, system), {})[metric] = (
            values["scorePercentiles"]["50.0"],
            element["measurementIterations"],
        )

scenarios = sorted({scenario for scenario, _ in medians}, key=lambda s: (int(s.split(" ")[0]), s))
missing = [(s, system) for s in scenarios for system in SYSTEMS if (s, system) not in medians]
if missing:
    sys.exit(f"second-harness: missing results for {missing}")

def table(metric, unit, scale):
    rows = [(s, [medians[(s, system)].get(metric) for system in SYSTEMS]) for s in scenarios]
    if any(value is None for _, values in rows for value in values):
        return
    print(f"\n{metric}, median (p50) per operation, {unit}; samples of {OPERATIONS_PER_SAMPLE} operations\n")
    print(f"| scenario | {' | '.join(SYSTEMS)} | Syringe / hand-wired | Swinject / hand-wired | samples |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for scenario, values in rows:
        per_operation = [p50 * scale / OPERATIONS_PER_SAMPLE for p50, _ in values]
        hand = per_operation[0]
        ratios = [f"{value / hand:.2f}x" if hand > 0 else "n/a" for value in per_operation[1:]]
        samples = "/".join(str(count) for _, count in values)
        cells = " | ".join(f"{value:,.1f}" for value in per_operation)
        print(f"| {scenario} | {cells} | {ratios[0]} | {ratios[1]} | {samples} |")

table("Time (wall clock)", "ns", 1000)  # the export's time unit is microseconds
table("Instructions", "instructions", 1)
EOF
