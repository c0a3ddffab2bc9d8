"""The order model at the paper's data scale (issue 52), on the competent target: a learning curve over the number of
training trajectories, feature trials on the validation set, test accuracy with intervals, and the NFE cut at D = 8.

Beside the library, not in the wheel. Each step is resumable and writes its results atomically:

    python experiments/order_scale.py train 600 [--arch mlp|encoder] [--variant base|top4|no-tokens] [--max-minutes M]
    python experiments/order_scale.py nfe [--n 100] [--budget 8]      # every trained model, Spiffy, draft-free
    python experiments/order_scale.py data --minutes arith-train=M,...  # counts and checksums of the trajectories
    python experiments/order_scale.py ship NAME                       # the competent target's default, recalibrated
    python experiments/order_scale.py wall-records run1=DIR=LOAD ...  # the wall-clock runs' records, committed

Trajectories (not in git) are recorded first with `spot-nb collect` (notebook 54 gives the commands and checksums):
runs/traj/arith-train (15,000 training problems), runs/traj/arith-validation (200), runs/traj/arith-test (300).
"""
from __future__ import annotations
import argparse, gzip, json, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRAJ = ROOT / "runs" / "traj"
MODELS = ROOT / "runs" / "order-scale"
RESULTS = ROOT / "results" / "order_scale.json"
NFE_RECORDS = ROOT / "results" / "records" / "order_scale_nfe.jsonl.gz"
SHARD = 20                                   # prompts per shard, as `spot-nb collect` writes them
VARIANTS = {                                 # feature trials: what the scorer reads besides the base features
    "base": {},                              # stale top-2 features, state features, tokens (the shipped OrderMLP)
    "top4": {"n_features": 19},              # each position's stale top-4 instead of top-2 (2k + 11 features)
    "no-tokens": {"token_dim": 0, "vocab_size": 0},   # without the round's tokens (the stale features alone)
}

def subset(folder: Path, n: int):
    "The trajectories of the first `n` prompts under `folder` (its first n / 20 shards): a prefix of the pool."
    from datasets import concatenate_datasets, load_from_disk
    shards = [folder / f"shard-{i:05d}" for i in range(-(-n // SHARD))]
    if missing := [s.name for s in shards if not s.exists()]:
        raise FileNotFoundError(f"{folder}: {len(missing)} of the first {len(shards)} shards missing ({missing[0]}, ...): "
                                "record them with spot-nb collect")
    return concatenate_datasets([load_from_disk(str(s)) for s in shards]).with_format("numpy")

def model_name(arch: str, variant: str, size: int) -> str: return f"{arch}-{variant}-{size}"

def read_results() -> dict:
    return json.loads(RESULTS.read_text()) if RESULTS.exists() else {"models": {}}

def write_results(res: dict) -> None:
    from spot_nb.core import atomic_write
    atomic_write(RESULTS, lambda tmp: tmp.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n"))

def train(size: int, arch: str = "mlp", variant: str = "base", max_minutes: float | None = None, batch: int = 256,
          evals_per_epoch: int = 2, threads: int = 1) -> dict:
    "Train one order model on the first `size` training trajectories, choose on validation, report on test."
    import torch
    from spot_nb.config import target_dir
    from spot_nb.order_model import MLP_CONFIG
    from spot_nb.train.order_model import examples_from_trajectories, train_order_model
    from spot_nb import target_shape
    torch.set_num_threads(threads)
    name = model_name(arch, variant, size)
    ex = examples_from_trajectories(subset(TRAJ / "arith-train", size))
    val = examples_from_trajectories(subset(TRAJ / "arith-validation", 200))
    test = examples_from_trajectories(subset(TRAJ / "arith-test", 300))
    if arch == "mlp": config = {**MLP_CONFIG, "vocab_size": target_shape(target_dir("arith")).vocab_size}
    else: config = {"open_rows_only": True}
    config.update(VARIANTS[variant])
    MODELS.mkdir(parents=True, exist_ok=True)
    _, rep = train_order_model(ex, MODELS / f"{name}.pt", epochs=30, batch=batch, patience=2,
                               evals_per_epoch=evals_per_epoch, lr=2e-3 if arch == "mlp" else 3e-4, config=config,
                               validation=val, test=test,
                               max_seconds=float("inf") if max_minutes is None else 60 * max_minutes)
    row = dict(arch=arch, variant=variant, size=size, train_trajectories=rep["train_trajectories"],
               validation=dict(model=rep["model"], stale_confidence=rep["stale_confidence"], n=rep["n"]),
               test=rep["test"], best_epoch=rep["best_epoch"], epochs_run=rep["epochs_run"],
               seconds=rep["seconds"], batch=batch, config=config, curve=rep["curve"])
    res = read_results()
    res["models"][name] = row
    write_results(res)
    t = rep["test"]
    print(f"{name}: validation {rep['model']:.4f} (stale {rep['stale_confidence']:.4f}); test {t['model']:.4f} "
          f"{t['interval']['model']} stale {t['stale_confidence']:.4f}; {row['seconds']:.0f} s")
    return row

def nfe(n: int = 100, budget: int = 8, names: list[str] | None = None) -> None:
    """NFE of draft-free decoding, SPOT (padded, D = `budget`) with each trained model, and Spiffy at the same budget on
    the first `n` test problems (task arith-test), T = 0: per-problem records (NFE is exact: no clock)."""
    import torch
    from spot_nb.config import target_dir, drafter_files
    from spot_nb.target import load_target
    from spot_nb.decode import DecodeConfig, decode, encode_prompt
    from spot_nb.order_model import OrderModel
    from spot_nb.bench.methods import Method, method_grid
    from spot_nb.bench.run import task_samples, prompt_text
    from spot_nb.arith import ARITH_GEN_LENGTH
    from spot_nb.core import atomic_write
    torch.set_num_threads(1)
    target, tok = load_target(target_dir("arith"))
    names = names or sorted(p.stem for p in MODELS.glob("*.pt"))
    done = {}
    if NFE_RECORDS.exists():
        with gzip.open(NFE_RECORDS, "rt") as f:
            for line in f:
                r = json.loads(line)
                done[(r["prompt_id"], r["method"])] = r
    graph = drafter_files("arith")["spiffy_graph"]
    spot, spiffy = method_grid(["spot", "spiffy"], [budget], [])                # as the harness configures them
    methods = {"draft-free": lambda: (None, Method("draft-free")),
               f"spiffy D{budget}": lambda: (spiffy.drafter(spiffy_graph=graph), spiffy)}
    for name in names:
        model = OrderModel.load(MODELS / f"{name}.pt")
        model.frozen(target.block_size)
        methods[f"spot D{budget} {name}"] = lambda m=model: (spot.drafter(m), spot)
    cfg = DecodeConfig(gen_length=ARITH_GEN_LENGTH, temperature=0.0)
    for s in task_samples("arith-test", n):
        ids = encode_prompt(tok, prompt_text(s, tok), target, ARITH_GEN_LENGTH)
        ref = None
        for label, make in methods.items():
            if (s.prompt.uid, label) in done: continue
            drafter, m = make()
            r = decode(target, ids, drafter, m.config(cfg))
            if ref is None: ref = decode(target, ids, None, cfg).tokens if label != "draft-free" else r.tokens
            done[(s.prompt.uid, label)] = dict(prompt_id=s.prompt.uid, method=label, budget=m.budget, nfe=r.nfe,
                                               n_generated=r.n_generated, identical=bool(torch.equal(r.tokens, ref)))
        rows = sorted(done.values(), key=lambda r: (r["prompt_id"], r["method"]))
        atomic_write(NFE_RECORDS, lambda tmp: tmp.write_bytes(gzip.compress(
            "".join(json.dumps(r, sort_keys=True) + "\n" for r in rows).encode(), mtime=0)))
    print(f"{len(done)} records in {NFE_RECORDS}")

def data(minutes: dict[str, float]) -> dict:
    """What each trajectory folder holds (prompts, rows), a SHA-256 of its shards' Arrow files in shard order, the
    command that recorded it and the minutes it took (`minutes`, read off collect's progress bar): the data stay out of
    git, this entry identifies them."""
    import hashlib
    commands = {"arith-train": "torchrun --nproc-per-node 2 --no-python bash -c \"spot-nb collect --pool arith --n 15000 "
                               "--target arith --gen-length 176 --threads 1 --out runs/traj/arith-train\"",
                "arith-validation": "spot-nb collect --pool arith-validation --n 200 --target arith --gen-length 176 "
                                    "--threads 1 --out runs/traj/arith-validation",
                "arith-test": "spot-nb collect --pool arith-test --n 300 --target arith --gen-length 176 --threads 1 "
                              "--out runs/traj/arith-test"}
    out = {}
    for name, cmd in commands.items():
        shards = sorted((TRAJ / name).glob("shard-*"))
        h = hashlib.sha256()
        for s in shards:
            for f in sorted(s.glob("*.arrow")): h.update(f.read_bytes())
        ds = subset(TRAJ / name, len(shards) * SHARD)
        uids = ds.data.column("uid").to_pylist()                          # Arrow, not row by row
        out[name] = dict(command=cmd, seed="arith_pool(n, seed=7) for train; arith_heldout for validation and test",
                         prompts=len(set(uids)), rows=len(uids), shards=len(shards), sha256=h.hexdigest(),
                         minutes=minutes.get(name))
    res = read_results()
    res["data"] = out
    write_results(res)
    for k, v in out.items(): print(k, v["prompts"], "prompts", v["rows"], "rows", v["sha256"][:16], v["minutes"], "min")
    return out

def ship(name: str, n_prompts: int = 20) -> None:
    """Make runs/order-scale/NAME.pt the competent target's default order model (`drafter/order-model.pt`, which
    spot-auto also reads there), keeping the one it replaces as `order-model-600.pt` with its calibration, and fit its
    acceptance calibration on the first `n_prompts` validation problems (T = 0 and T = 1, D = 12), never a test one."""
    import shutil, torch
    from spot_nb.config import drafter_files, target_dir
    from spot_nb.target import load_target
    from spot_nb.decode import encode_prompt
    from spot_nb.order_model import OrderModel
    from spot_nb.calibration import fit_calibration, record_acceptance
    from spot_nb.arith import ARITH_GEN_LENGTH
    from spot_nb.train.arith import arith_pool
    torch.set_num_threads(1)
    files = drafter_files("arith")
    old, old_cal = files["order_model"], files["acceptance_calibration"]
    kept, kept_cal = old.with_name("order-model-600.pt"), old_cal.with_name("acceptance-calibration-600.json")
    if not kept.exists(): shutil.copyfile(old, kept), shutil.copyfile(old_cal, kept_cal)
    shutil.copyfile(MODELS / f"{name}.pt", old)
    target, tok = load_target(target_dir("arith"))
    model = OrderModel.load(old)
    ids = [encode_prompt(tok, p.text, target, ARITH_GEN_LENGTH) for p in arith_pool(n_prompts, split="validation")]
    records = [record_acceptance(target, ids, model, 12, T, gen_length=ARITH_GEN_LENGTH) for T in (0.0, 1.0)]
    fit_calibration(model, records, 12, ARITH_GEN_LENGTH, f"arith_pool({n_prompts}, split='validation')").save(old_cal)
    # what notebook 54's CI-sized cell measures again: the shipped model on the first test prompts
    from spot_nb.train.order_model import examples_from_trajectories, test_report
    import numpy as np
    n = 6
    ds = subset(TRAJ / "arith-test", n)
    ds = ds.select(np.flatnonzero(np.isin(ds["uid"][:], [f"arith-test/{i}" for i in range(n)])))
    rep = test_report(model, examples_from_trajectories(ds), n_boot=200)
    res = read_results()
    res["shipped"] = name
    res["ci_check"] = dict(n_prompts=n, n=rep["n"], model=rep["model"], stale_confidence=rep["stale_confidence"])
    write_results(res)
    print(f"{name} shipped as {old.relative_to(ROOT)}; its calibration in {old_cal.relative_to(ROOT)}")

WALL_RECORDS = ROOT / "results" / "records" / "arith_scale_wall.jsonl.gz"

def wall_records(runs: dict[str, Path], loads: dict[str, str]) -> None:
    """Commit the wall-clock runs' records (`spot-nb bench` folders) in the compact form, each marked with its run, so
    that a decode is only ever compared with records of its own run; `loads` says what else the machine did."""
    from dataclasses import replace
    from spot_nb.bench.harness import read_records
    from spot_nb.bench.summary import sample_records_of
    from spot_nb.records import write_records
    recs = [replace(r, run=name) for name, folder in runs.items() for r in sample_records_of(read_records(folder))]
    write_records(WALL_RECORDS, recs)
    res = read_results()
    res["wall_runs"] = {name: dict(load=loads[name], records=sum(r.run == name for r in recs)) for name in runs}
    write_results(res)
    print(f"{len(recs)} records in {WALL_RECORDS}")

def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("size", type=int)
    t.add_argument("--arch", choices=("mlp", "encoder"), default="mlp")
    t.add_argument("--variant", choices=tuple(VARIANTS), default="base")
    t.add_argument("--max-minutes", type=float, default=None)
    t.add_argument("--batch", type=int, default=256)
    t.add_argument("--evals-per-epoch", type=int, default=2)
    f = sub.add_parser("nfe")
    f.add_argument("--n", type=int, default=100)
    f.add_argument("--budget", type=int, default=8)
    f.add_argument("--models", default=None, help="comma-separated model names (default: every trained one)")
    d = sub.add_parser("data")
    d.add_argument("--minutes", default="", help="name=minutes,... as collect's progress bars read")
    w = sub.add_parser("wall-records")
    w.add_argument("runs", nargs="+", help="name=folder=load description, one per run")
    sh = sub.add_parser("ship")
    sh.add_argument("name")
    a = ap.parse_args(argv)
    if a.cmd == "ship": ship(a.name)
    elif a.cmd == "wall-records":
        parts = [x.split("=", 2) for x in a.runs]
        wall_records({n: Path(f) for n, f, _ in parts}, {n: load for n, _, load in parts})
    elif a.cmd == "data":
        data({k: float(v) for k, v in (x.split("=") for x in a.minutes.split(",") if x)})
    elif a.cmd == "train": train(a.size, a.arch, a.variant, a.max_minutes, a.batch, a.evals_per_epoch)
    else: nfe(a.n, a.budget, a.models.split(",") if a.models else None)
    return 0

if __name__ == "__main__":
    sys.exit(main())
