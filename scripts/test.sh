#!/usr/bin/env bash
# README command (2): install and run the whole test suite (doctests included).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system_packages.sh
bash scripts/install.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
.venv/bin/python -m pytest -n "${VQDB_TEST_WORKERS:-2}" -q "$@" vqdb tests
