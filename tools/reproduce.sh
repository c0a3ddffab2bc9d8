#!/usr/bin/env bash
# Reproduce every measured result after the embedded target exists (data/spot-dlm): record the drafter-training
# trajectories, then execute the result notebooks in order with their slow cells (outputs kept in place).
# Resumable: `spot-nb collect` skips finished shards. Takes about an hour on 2 CPU cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=${VIRTUAL_ENV:-.venv}/bin/python
export HF_HUB_OFFLINE=1 MPLBACKEND=Agg
mkdir -p results figures
"$PY" tools/run_nb.py nbs/04_train_target.ipynb --slow
${VIRTUAL_ENV:-.venv}/bin/spot-nb collect --n "${SPOT_NB_POOL:-300}" --out runs/traj/pool
"$PY" tools/run_nb.py nbs/09_stale_coverage.ipynb nbs/10_oracles.ipynb nbs/14_bench.ipynb --slow
# the order model is shipped in data/; retrain it (and overwrite data/order-model.pt) with nbs/11_order_model.ipynb --slow
