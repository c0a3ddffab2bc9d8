#!/usr/bin/env bash
# What `nbdev-prepare` does, without Quarto (which nbdev-prepare and nbdev-readme need for the README, and which cannot be
# installed offline here): export the library from the notebooks (nbdev-export), clean the notebooks (nbdev-clean), build
# README.md from nbs/index.ipynb with the project's own builder (tools/make_readme.py), then run the test command
# (tools/test.sh, which checks all three). Extra arguments go to tools/test.sh, e.g. `tools/prepare.sh -k 46_cli`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ -n "${VIRTUAL_ENV:-}" ]]; then BIN="$VIRTUAL_ENV/bin"; elif [[ -x .venv/bin/python ]]; then BIN=.venv/bin; else BIN="$(dirname "$(command -v python3)")"; fi
"$BIN/nbdev-export"
"$BIN/nbdev-clean"
"$BIN/python" tools/make_readme.py
exec tools/test.sh "$@"
