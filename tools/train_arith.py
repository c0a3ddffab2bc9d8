"""Train a candidate of the competent target and evaluate it on held-out problems (notebook 13 reads the results).

    python tools/train_arith.py RUN_DIR --minutes 15 [--pretrain-minutes 7.5] [--eval 40]
        [--out results/arith_pilot.jsonl] [--lr 1e-3] [--pretrain-lr 2e-3] [--threads 1]

Resumable: run it again with the same RUN_DIR and it continues where it stopped. One thread unless --threads."""
import argparse, dataclasses, json, os, sys, time
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run_dir")
    ap.add_argument("--minutes", type=float, required=True)
    ap.add_argument("--pretrain-minutes", type=float, default=0.0)
    ap.add_argument("--eval", type=int, default=40, help="held-out problems to decode at the end (0: none)")
    ap.add_argument("--out", default=None, help="JSONL file the evaluation summary is appended to")
    ap.add_argument("--save", default=None, help="folder to save the trained target in (save_pretrained)")
    ap.add_argument("--lr", type=float, default=1e-3, help="peak learning rate")
    ap.add_argument("--pretrain-lr", type=float, default=None,
                    help="peak learning rate of the causal phase (default: --lr)")
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    import torch
    torch.set_num_threads(a.threads)
    from spot_nb.train.arith import ARITH_GEN_LENGTH, train_arith_target, save_target, training_summary
    from spot_nb.arith import arith_problems, evaluate_arith
    model, tok = train_arith_target(a.run_dir, a.minutes * 60, pretrain_seconds=a.pretrain_minutes * 60,
                                    pretrain_lr=a.pretrain_lr, threads=a.threads, lr=a.lr)
    if a.save: save_target(model, tok, a.save, Path(a.run_dir) / "diffusion" / "log.jsonl")
    if a.eval:
        recs = evaluate_arith(model, tok, arith_problems(a.eval, "heldout"), ARITH_GEN_LENGTH, progress=False)
        row = dict(run=Path(a.run_dir).name, minutes=a.minutes, pretrain_minutes=a.pretrain_minutes, n=len(recs),
                   accuracy=sum(r.correct for r in recs) / len(recs),
                   stale_argmax=sum(r.stale_hits for r in recs) / max(1, sum(r.stale_total for r in recs)),
                   **training_summary(Path(a.run_dir), model, tok), records=[dataclasses.asdict(r) for r in recs])
        print(json.dumps({k: v for k, v in row.items() if k != "records"}))
        if a.out:
            with open(a.out, "a") as f: f.write(json.dumps(row) + "\n")

if __name__ == "__main__": main()
