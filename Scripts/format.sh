#!/usr/bin/env bash
# Formats the package with the toolchain's swift-format and the committed .swift-format, then lints strictly.
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Plugins Tests Examples Documentation/SampleContext)
[ -d Benchmarks ] && paths+=(Benchmarks/Package.swift Benchmarks/Sources)
swift format format --in-place --recursive --parallel "${paths[@]}"
swift format lint --strict --recursive --parallel "${paths[@]}"
