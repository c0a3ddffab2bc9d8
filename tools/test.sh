#!/usr/bin/env bash
# The project's test command: runs every notebook in nbs/ as one pytest test (cells flagged
# notest/slow/gpu skipped; SPOT_NB_TEST_FLAGS="slow" forces them), plus the checks that the
# library is in sync with the notebooks (nbdev-export) and that the notebooks are clean (nbdev-clean).
# Extra arguments go to pytest, e.g. `tools/test.sh -k 02_core`. Notebooks run on two pytest-xdist workers.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  cat <<'HELP'
usage: tools/test.sh [PYTEST ARGS...]

Runs the project's tests with pytest: every notebook in nbs/ as one test (cells flagged notest, slow or gpu
skipped), the library-in-sync and clean-notebooks checks, the layout, claims, site and wheel tests.

  tools/test.sh -k 02_core          one notebook's tests (any pytest -k expression)
  tools/test.sh -x -q               any other pytest option is passed on

Environment:
  SPOT_NB_TEST_WORKERS=N   pytest-xdist workers (default 2; 0: one after the other)
  SPOT_NB_TEST_FLAGS=slow  also run the cells flagged slow (or "slow gpu")
  SPOT_NB_NB_TIMEOUT=S     wall-clock limit per notebook in seconds (default 2400)
  SPOT_NB_MBPP=FILE        mbpp.jsonl, for the notebooks that score MBPP (skipped, saying so, without it)
  SPOT_NB_WHEEL_CHECK=1    also build the wheel and decode from a fresh venv outside the repository
  SPOT_NB_SANDBOX=namespaces  set for you where bubblewrap is missing: the tests' code samples (their own) then run
                           with the weaker isolation, as spot-nb bench runs them only when asked (--sandbox namespaces)
HELP
  exit 0
fi
if [[ -n "${VIRTUAL_ENV:-}" ]]; then PY="$VIRTUAL_ENV/bin/python"
elif [[ -x .venv/bin/python ]]; then PY=.venv/bin/python
else PY=python3; fi
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 MPLBACKEND="${MPLBACKEND:-Agg}" PYTHONDONTWRITEBYTECODE=1
if ! command -v bwrap >/dev/null; then        # the tests' own code samples: weaker isolation, said once
  export SPOT_NB_SANDBOX="${SPOT_NB_SANDBOX:-namespaces}"
  echo "tools/test.sh: bubblewrap is not installed, so the tests run code samples with SPOT_NB_SANDBOX=namespaces" >&2
fi
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}"   # one thread per notebook: the package's thread policy (notebook 11)
# Two workers by default: every notebook decodes single-threaded, so two run side by side on two cores
# (SPOT_NB_TEST_WORKERS=0 runs them one after the other).
WORKERS="${SPOT_NB_TEST_WORKERS:-2}"
if [[ "$WORKERS" == "0" ]]; then XDIST=(); else XDIST=(-n "$WORKERS" --dist worksteal); fi
exec "$PY" -m pytest tests -ra --durations=0 --durations-min=1 "${XDIST[@]}" "$@"
