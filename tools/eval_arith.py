"""Evaluate the competent target's checkpoints draft-free on held-out problems (notebook 13's records), resumably.

    python tools/eval_arith.py [--out results/records/arith_eval.jsonl.gz]

Runs on one thread; run it again after an interruption and it continues with the (checkpoint, split) pairs not yet
done."""
import argparse, sys
from pathlib import Path
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "results/records/arith_eval.jsonl.gz"))
    a = ap.parse_args()
    import torch
    torch.set_num_threads(1)
    from spot_nb.train.arith import evaluate_checkpoints
    evaluate_checkpoints(a.out)

if __name__ == "__main__": main()
