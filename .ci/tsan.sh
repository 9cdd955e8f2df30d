#!/bin/sh
# Runs the test suite under the thread sanitizer. Fails on any data race TSan reports.
# Usage: .ci/tsan.sh [extra swift test arguments, e.g. --filter Concurrency]
set -eu
cd "$(dirname "$0")/.."
# halt_on_error makes a reported race fail the run instead of only printing it.
TSAN_OPTIONS="halt_on_error=1 ${TSAN_OPTIONS:-}" exec swift test --sanitize=thread "$@"
