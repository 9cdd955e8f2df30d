#!/bin/bash
# Builds and runs atomic-floor.c: the cost of the synchronization alone that a safe cached-singleton read needs
# (Documentation/Internals/PerformanceRecord.md, "The cached singleton's floor").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -O2 -std=c11 "$here/atomic-floor.c" -o "$out/atomic-floor"
"$out/atomic-floor"
