#!/usr/bin/env bash
# The second harness (issue #24): runs ResolutionHarness, the ordo-one package-benchmark target in the Benchmarks
# package, in a release build, and prints for each scenario the median (p50) wall clock time per operation of
# hand-written wiring, Syringe and Swinject 2.10, and each library's ratio to hand-written wiring, all from one run.
#
#     bash Benchmarks/Scripts/second-harness.sh [options for `swift package benchmark`, e.g. --filter "6 graph"]
#
# The scratch path is .build-benchmarks (as for SyringeBenchmarks), or $SCRATCH_PATH. The results are read from
# the harness's Influx export (CSV: each benchmark's percentiles per metric, written to stdout by `--path stdout`);
# its JMH export (JSON) carries every sample and took minutes to write. Instructions are added to the metrics when
# `perf stat` can count them on this machine; the ratios are from wall clock time either way.
#
# One difference from SyringeBenchmarks: this harness links no malloc interposer (Package.swift builds
# package-benchmark without its traits), while SyringeBenchmarks counts allocations through its own malloc and free
# (BenchmarkSupport/MallocCounter.c) in every scenario. Preloading that counter into this harness made the
# hand-written diamond (four allocations) 6-13 ns slower, so a ratio to hand-written wiring reads a little higher here.
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
echo "Building ResolutionHarness (release) and running it; a first build takes minutes..." >&2
swift package --package-path Benchmarks --scratch-path "$scratch" benchmark --target ResolutionHarness \
    --format influx --path stdout --no-progress ${metrics[@]+"${metrics[@]}"} "$@" >"$output"

python3 - "$output" <<'PYTHON'
import csv
import sys

# Operations per sample: the harness's `scalingFactor` (.kilo). The export's values are per sample.
OPERATIONS_PER_SAMPLE = 1000
SYSTEMS = ["hand-wired", "Syringe", "Swinject"]
NANOSECONDS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}

# The export's header line, then one line per benchmark, metric and percentile; anything else on stdout (what the
# plugin printed) is skipped.
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
header = next((line for line in lines if line.startswith("measurement,")), None)
if header is None:
    sys.exit("second-harness: no Influx export in the harness's output")
rows = csv.DictReader([header] + [line for line in lines if line.startswith("ResolutionHarness,")])

# Benchmarks are named `<scenario> | <system>`.
medians = {}  # (scenario, system) -> {metric: (p50 per operation, unit, samples)}
for row in rows:
    if float(row["percentile"]) != 50.0:
        continue
    scenario, _, system = row["test"].rpartition(" | ")
    value, unit = float(row["value"]) / OPERATIONS_PER_SAMPLE, row["unit"]
    if unit in NANOSECONDS:
        value, unit = value * NANOSECONDS[unit], "ns"
    medians.setdefault((scenario, system), {})[row["metric"]] = (value, unit, int(row["iterations"]))

scenarios = sorted({scenario for scenario, _ in medians}, key=lambda s: (int(s.split(" ")[0]), s))
missing = [(s, system) for s in scenarios for system in SYSTEMS if (s, system) not in medians]
if not scenarios or missing:
    sys.exit(f"second-harness: missing results: {missing or 'every scenario'}")


def table(metric):
    if any(metric not in medians[(s, system)] for s in scenarios for system in SYSTEMS):
        return
    unit = medians[(scenarios[0], SYSTEMS[0])][metric][1]
    print(f"\n{metric}: median (p50) per operation, {unit}, from samples of {OPERATIONS_PER_SAMPLE:,} operations\n")
    print(f"| scenario | {' | '.join(SYSTEMS)} | Syringe / hand-wired | Swinject / hand-wired | samples |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for scenario in scenarios:
        values = [medians[(scenario, system)][metric] for system in SYSTEMS]
        hand = values[0][0]
        ratios = [f"{value / hand:.2f}x" if hand > 0 else "n/a" for value, _, _ in values[1:]]
        cells = " | ".join(f"{value:,.1f}" for value, _, _ in values)
        samples = "/".join(str(count) for _, _, count in values)
        print(f"| {scenario} | {cells} | {ratios[0]} | {ratios[1]} | {samples} |")


for metric in sorted({metric for results in medians.values() for metric in results}):
    if metric.startswith("Time") or metric.startswith("Instructions"):
        table(metric)
PYTHON
