#!/usr/bin/env bash
# The wheel check (issue 42): build the sdist and the wheel, check that the wheel holds every module of spot_nb/ and the two
# shipped targets with their drafter files (and no training snapshot), install it into a fresh venv with torch==2.13.0, and
# from a folder outside the repository load the default target, decode with SPOT (identical to draft-free), load the
# competent target and its own drafter by name, and run `spot-nb demo` on one prompt. Prints the wheel's size.
# Usage: tools/check_wheel.sh [WORKDIR]   (default: a fresh temporary folder, removed at the end)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
if [[ -n "${VIRTUAL_ENV:-}" ]]; then PY="$VIRTUAL_ENV/bin/python"; elif [[ -x .venv/bin/python ]]; then PY=.venv/bin/python; else PY=python3; fi
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_PROGRESS_BAR=off OMP_NUM_THREADS=1
WORK="${1:-$(mktemp -d)}"; [[ -n "${1:-}" ]] || trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK"
start=$SECONDS
pipq() { "$@" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2); }

echo "== building the sdist and the wheel"
# isolated like a user's build; where no index serves setuptools, the venv's own setuptools builds it
if ! "$PY" -m build --outdir "$WORK/dist" . >"$WORK/build.log" 2>&1; then
  "$PY" -m build --no-isolation --outdir "$WORK/dist" . >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; exit 1; }
fi
WHEEL=$(ls "$WORK"/dist/*.whl); SDIST=$(ls "$WORK"/dist/*.tar.gz)
echo "wheel $(basename "$WHEEL"): $(du -h "$WHEEL" | cut -f1) ($(stat -c %s "$WHEEL") bytes); sdist $(du -h "$SDIST" | cut -f1)"

echo "== [$((SECONDS - start))s] what the wheel holds"
"$PY" - "$WHEEL" "$ROOT" <<'PY'
import sys, zipfile
from pathlib import Path
wheel, root = sys.argv[1], Path(sys.argv[2])
names = set(zipfile.ZipFile(wheel).namelist())
modules = {p.relative_to(root).as_posix() for p in (root / "spot_nb").rglob("*.py")
           if "__pycache__" not in p.parts and "paper" not in p.parts}          # spot_nb/paper: the experiments, kept out
missing = sorted(modules - names)
assert not missing, f"modules missing from the wheel: {missing}"
assert not [n for n in names if n.startswith("spot_nb/paper/")], "the paper's experiments (spot_nb/paper) in the wheel"
need = [f"spot_nb/assets/{t}/{f}" for t in ("spot-dlm", "arith-dlm")
        for f in ("config.json", "model.safetensors", "tokenizer.json", "drafter/order-model.pt", "drafter/spiffy-graph.json",
                  "drafter/acceptance-calibration.json")]
assert not (absent := [n for n in need if n not in names]), f"shipped files missing from the wheel: {absent}"
extra = sorted(n for n in names if n.startswith("spot_nb/assets/") and not n.startswith(("spot_nb/assets/spot-dlm/", "spot_nb/assets/arith-dlm/")))
assert not extra, f"training files in the wheel: {extra}"
assert not [n for n in names if n.endswith("_log.jsonl")], "training logs in the wheel"
print(f"{len(modules)} modules, {sum(n.startswith('spot_nb/assets/') for n in names)} shipped files; no training snapshots")
PY

echo "== [$((SECONDS - start))s] a fresh venv with torch==2.13.0 and the wheel"
"$PY" -m venv "$WORK/venv"
V="$WORK/venv/bin/python"
pipq "$V" -m pip install -q "torch==2.13.0"
pipq "$V" -m pip install -q "$WHEEL" "torch==2.13.0"

echo "== [$((SECONDS - start))s] from a folder outside the repository"
mkdir -p "$WORK/elsewhere"; cd "$WORK/elsewhere"
"$V" - <<'PY'
import torch, spot_nb
from pathlib import Path
assert "site-packages" in str(spot_nb.data_dir()), spot_nb.data_dir()        # the wheel's own files, not a checkout's
torch.set_num_threads(1)
target, tok = spot_nb.load_target()
prompt = 'def add(a, b):\n    """Return the sum of a and b."""\n'
spot = spot_nb.generate(target, tok, prompt, spot_nb.load_drafter(), budget=2, gen_length=32)
ref = spot_nb.generate(target, tok, prompt, gen_length=32)
assert spot.token_ids == ref.token_ids, "SPOT changed the output"
print(f"embedded target: SPOT NFE {spot.nfe} vs draft-free {ref.nfe}, identical output")
arith, atok = spot_nb.load_target("arith")
q = "Question: Ann has 3 boxes of 4 pens and gives away 5 pens. How many pens does she have left?\nAnswer:"
a = spot_nb.generate(arith, atok, q, spot_nb.load_drafter("arith"), budget=2, gen_length=32)
assert a.token_ids == spot_nb.generate(arith, atok, q, gen_length=32).token_ids
print(f"competent target with its own drafter ({spot_nb.shown_path(spot_nb.drafter_files('arith')['order_model'])}): identical output, NFE {a.nfe}")
PY
"$WORK/venv/bin/spot-nb" demo --prompts 1 --gen-length 32 --repeats 1 --budget 2 >"$WORK/demo.log" 2>&1 || { cat "$WORK/demo.log"; exit 1; }
grep -q "IDENTICAL to draft-free in 1 of 1 runs" "$WORK/demo.log" || { cat "$WORK/demo.log"; exit 1; }
grep -E "^drafter:|^SPOT" "$WORK/demo.log"
echo "== wheel check passed in $((SECONDS - start))s"
