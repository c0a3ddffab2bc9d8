"""The competent target in SDAR's checkpoint format (issue 53): ship the trained weights as an SDAR folder, measure its
competence, then follow the how-to "SPOT on your own checkpoint" on it by the command line alone, timing each step.

Beside the library, not in the wheel. Each step is resumable and writes its results atomically:

    python experiments/sdar_recipe.py ship        # runs/sdar-arith (notebook 55's first run) -> data/arith-sdar
    python experiments/sdar_recipe.py evaluate    # draft-free T = 0 on 200 held-out problems -> records
    python experiments/sdar_recipe.py pretrained  # the second run (causal LM, then diffusion): evaluated, logs kept
    python experiments/sdar_recipe.py recipe      # collect, train-drafter, Spiffy, bench, report, demo: timed
    python experiments/sdar_recipe.py records     # the bench folders' records, committed under results/records

The recipe's commands and their wall times go to results/sdar_recipe.json; notebook 55 reads it and the records.
"""
from __future__ import annotations
import argparse, json, os, shlex, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = "data/arith-sdar"                   # relative to the checkout: the commands are quoted as a user runs them
RUN = ROOT / "runs" / "sdar-arith"          # notebook 55's first run: block diffusion from scratch (data/arith-sdar)
PRETRAINED_RUN = ROOT / "runs" / "sdar-arith-ar"    # its second: a causal-LM phase, then block diffusion
PRETRAINED = ROOT / "runs" / "arith-sdar-pretrained"   # the second run's SDAR folder (kept out of git)
PRETRAINED_EVAL = ROOT / "results" / "records" / "sdar_pretrained_eval.jsonl.gz"
PRETRAINED_LOG = str(ROOT / "results" / "records" / "sdar_pretrained_{}_log.jsonl.gz")   # causal, diffusion
GEN = 192                                    # room for the longest worked solution, a multiple of the block (32)
RECIPE = ROOT / "results" / "sdar_recipe.json"
PROMPT = "experiments/sdar-prompt.txt"       # the demo's prompt: the first held-out problem (`recipe` writes it)
EVAL_RECORDS = ROOT / "results" / "records" / "sdar_arith_eval.jsonl.gz"
BENCH = {"wall": "runs/bench/sdar-wall", "nfe": "runs/bench/sdar-nfe", "transfer": "runs/bench/sdar-transfer"}
TORCHRUN = "torchrun --nproc-per-node 2 --no-python"
# the test problems: the SpotDLM target's drafters have NFE records on the same 100 (notebook 54)
GRID = f"--target {TARGET} --tasks arith-test --gen-length {GEN} --no-progress"
# the how-to, step by step: (name, command); `spiffy` is the one Python call (calibrate_spiffy)
STEPS = [
    ("collect", f'{TORCHRUN} bash -c "spot-nb collect --target {TARGET} --pool arith --n 1000 --gen-length {GEN} '
                f'--out runs/traj/sdar-train"'),
    ("collect-validation", f'{TORCHRUN} bash -c "spot-nb collect --target {TARGET} --pool arith-validation --n 200 '
                           f'--gen-length {GEN} --out runs/traj/sdar-validation"'),
    ("train-drafter", f"spot-nb train-drafter --target {TARGET} --traj runs/traj/sdar-train --validation "
                      f"runs/traj/sdar-validation --arch mlp --max-minutes 8 --out {TARGET}/drafter/order-model.pt "
                      "--force"),
    ("spiffy", "calibrate_spiffy on 50 validation problems"),
    ("bench", f"{TORCHRUN} spot-nb bench {GRID} --samples 100 --methods spot-auto,spiffy,ssd-chain --budgets 1,2,4,8 "
              f"--out {BENCH['wall']}"),
    ("bench-nfe", f"{TORCHRUN} spot-nb bench {GRID} --samples 100 --methods spot --budgets 8 --out {BENCH['nfe']}"),
    # untrained here: the general SpotDLM target's OrderMLP (block 32); the competent one's (block 16) is refused
    ("bench-transfer", f"{TORCHRUN} spot-nb bench {GRID} --samples 100 --methods spot --budgets 8 "
                       f"--drafter data/spot-dlm/drafter/order-model-auto.pt --out {BENCH['transfer']}"),
    ("report", f"spot-nb report {BENCH['wall']}"),
    ("demo", f"spot-nb demo --target {TARGET} --prompt-file {PROMPT} --gen-length {GEN}"),
]

def write_json(path: Path, obj) -> None:
    from spot_nb.core import atomic_write
    atomic_write(path, lambda tmp: Path(tmp).write_text(json.dumps(obj, indent=1) + "\n"))

def ship(run: Path = RUN, out: Path = ROOT / TARGET) -> Path:
    "A run's trained weights (`run`/ckpt.pt) as an SDAR checkpoint folder `out`, with their training log."
    import torch
    from transformers import AutoTokenizer
    from spot_nb.train.arith import arith_target_dir
    from spot_nb.train.sdar_arith import SdarBlockDiffusion, save_sdar_checkpoint, sdar_arith_config
    tok = AutoTokenizer.from_pretrained(arith_target_dir())
    model = SdarBlockDiffusion(sdar_arith_config(tok))
    model.load_state_dict(torch.load(run / "ckpt.pt", weights_only=False)["model"])
    print(out := save_sdar_checkpoint(model.eval(), tok, out, run / "log.jsonl"))
    return out

def evaluate(n: int = 200, folder: Path = ROOT / TARGET, records: Path = EVAL_RECORDS,
             name: str = "arith-sdar") -> None:
    "Draft-free T = 0 on the first `n` held-out problems (the SpotDLM target's 200): one record per problem."
    import dataclasses, torch
    from spot_nb.arith import arith_problems, evaluate_arith
    from spot_nb.target import load_target
    from spot_nb.train.arith import write_jsonl_rows
    torch.set_num_threads(1)
    target, tok = load_target(folder)
    print(target)
    recs = evaluate_arith(target, tok, arith_problems(n, "heldout"), GEN)
    write_jsonl_rows(records, [dict(checkpoint=name, split="heldout", **dataclasses.asdict(r)) for r in recs])
    print(f"accuracy {sum(r.correct for r in recs) / n:.3f} on {n} held-out problems -> {records}")

def pretrained() -> None:
    """The second run, SDAR's own recipe (a causal-LM phase, then block diffusion from its weights): shipped to a folder
    outside git, decoded on the same 200 held-out problems, and both phases' logs kept beside the records."""
    import gzip, shutil
    folder = ship(PRETRAINED_RUN / "diffusion", PRETRAINED)
    evaluate(folder=folder, records=PRETRAINED_EVAL, name="arith-sdar-pretrained")
    for phase in ("causal", "diffusion"):
        with open(PRETRAINED_RUN / phase / "log.jsonl", "rb") as f, gzip.open(PRETRAINED_LOG.format(phase), "wb") as g:
            shutil.copyfileobj(f, g)

def spiffy() -> None:
    "Spiffy's graph for this target, calibrated on 50 validation problems (never a benchmark problem)."
    import torch
    from spot_nb.calibration import calibrate_spiffy
    from spot_nb.target import load_target
    from spot_nb.train.arith import arith_pool
    torch.set_num_threads(1)
    target, tok = load_target(ROOT / TARGET)
    calibrate_spiffy(target, tok, arith_pool(50, split="validation"), ROOT / TARGET / "drafter" / "spiffy-graph.json",
                     gen_length=GEN, progress=False)

def recipe(only: list[str] | None = None) -> None:
    "Each step not yet in results/sdar_recipe.json, in order: its command, wall seconds and the load it began under."
    from spot_nb.arith import arith_problems
    done = json.loads(RECIPE.read_text())["steps"] if RECIPE.exists() else {}
    (ROOT / PROMPT).write_text(arith_problems(1, "heldout")[0].prompt)
    env = os.environ | {"HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    for name, command in STEPS:
        if name in done or (only and name not in only): continue
        load, t0 = os.getloadavg()[0], time.time()
        print(f"== {name}: {command}", flush=True)
        if name == "spiffy": spiffy()
        else: subprocess.run(command, shell=True, check=True, cwd=ROOT, env=env)
        done[name] = dict(command=command, seconds=round(time.time() - t0, 1), load_before=round(load, 2))
        write_json(RECIPE, {"about": "the how-to 'SPOT on your own checkpoint' run on data/arith-sdar by "
                                     "experiments/sdar_recipe.py: each step's command, wall seconds, and the 1-minute "
                                     "load average when it began (2 cores)", "steps": done})

def records() -> None:
    "Each bench folder's records in the committed compact form (no text, no machine paths)."
    from spot_nb.bench.store import read_records
    from spot_nb.bench.summary import sample_records_of
    from spot_nb.records import write_records
    for name, folder in BENCH.items():
        out = ROOT / "results" / "records" / f"sdar_{name}.jsonl.gz"
        write_records(out, sample_records_of(read_records(ROOT / folder)))
        print(out)

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("step", choices=("ship", "evaluate", "pretrained", "recipe", "records"))
    ap.add_argument("--only", nargs="*", default=None, help="recipe: run only these steps")
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    {"ship": ship, "evaluate": evaluate, "pretrained": pretrained, "recipe": lambda: recipe(a.only),
     "records": records}[a.step]()
