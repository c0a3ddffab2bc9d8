#!/usr/bin/env python
"""Does a longer-trained target make SPOT pay on this CPU? Continue the embedded target's training, then measure.

    python tools/probe_longer_target.py --minutes 60          # ~65 min on 2 cores

Copies the checkpoint of the embedded target's run (runs/target/ckpt.pt, written by notebook 02's slow cell)
into --run-dir, raises the training budget by --minutes (the cosine schedule is stretched to the new budget and
resumes from where the first run stopped), trains, and then measures on 4 HumanEval + 4 GSM8K prompts (128
tokens) the position and joint oracles at D = 1, 2 and SPOT at D = 1, 2 with the shipped order model, all side
by side with draft-free decoding. The shipped target in data/ is not touched. Resumable: re-run the same command.
"""
import argparse, json, os, shutil, sys
from pathlib import Path
os.environ.setdefault("HF_HUB_OFFLINE", "1")
import numpy as np, torch

ROOT = Path(__file__).resolve().parents[1]

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=60); ap.add_argument("--run-dir", default="runs/target-longer")
    a = ap.parse_args()
    from spot_nb.target import SpotDLMConfig, load_target
    from spot_nb.train_target import train
    from spot_nb.trajectories import load_task
    from spot_nb.oracles import oracle_grid
    from spot_nb.order_model import OrderModel
    from spot_nb.bench import spot_grid, format_table
    src, run = ROOT / "runs/target", ROOT / a.run_dir
    if not (src / "ckpt.pt").exists(): sys.exit(f"no {src}/ckpt.pt: run notebook 02's slow cells first (tools/run_nb.py nbs/02_train_target.ipynb --slow)")
    run.mkdir(parents=True, exist_ok=True)
    for f in ("ckpt.pt", "log.jsonl"):
        if not (run / f).exists(): shutil.copy(src / f, run / f)
    first = torch.load(src / "ckpt.pt", weights_only=False)
    budget = first["elapsed"] + a.minutes * 60
    target, tok = load_target(threads=2)
    tokens_per_s = first["step"] * 16 * 256 / first["elapsed"]                        # the run's batch 16 x 256
    train(run, SpotDLMConfig.from_pretrained(ROOT / "data/spot-dlm"), np.load(src / "train.npy"), np.load(src / "heldout.npy"),
          max_tokens=int(1.2 * tokens_per_s * budget), max_seconds=budget, threads=2)     # the time budget binds
    st = torch.load(run / "ckpt.pt", weights_only=False)
    target.load_state_dict(st["model"]); target.eval()
    held = {r["step"]: r["heldout"] for r in map(json.loads, open(run / "log.jsonl")) if "heldout" in r}
    before = max(k for k in held if k <= first["step"]); after = max(held)
    print(f"target trained {st['elapsed'] / 60:.0f} min in all ({st['step']} steps), first run {first['elapsed'] / 60:.0f} min; "
          f"held-out loss (training log) {held[before]:.2f} at step {before} -> {held[after]:.2f} at step {after}")
    prompts = load_task("humaneval", 4) + load_task("gsm8k", 4)
    rows = oracle_grid(target, tok, prompts, budgets=(1, 2), kinds=("position", "joint"), gen_length=128, progress=False)
    print(format_table(rows, ["task", "oracle", "D", "nfe_reduction", "throughput_ratio"]))
    rows = spot_grid(target, tok, OrderModel.load(ROOT / "data/order-model.pt"), prompts,
                     [dict(name="SPOT D1", budget=1), dict(name="SPOT D2", budget=2)], gen_length=128, progress=False)
    print(format_table(rows, ["config", "identical", "nfe_reduction", "tokens_per_round", "throughput_ratio", "drafter_share"]))

if __name__ == "__main__": main()
