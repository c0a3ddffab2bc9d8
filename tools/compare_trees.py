"""Record every draft tree SPOT (the shipped order model, fixed budgets) builds on a few decodes, with the code of one
checkout, or compare two such records: the check that a speed-up of the drafter changed no tree.

    python tools/compare_trees.py record CHECKOUT OUT.json     # CHECKOUT: a folder holding spot_nb/ and data/
    python tools/compare_trees.py compare A.json B.json
    python tools/compare_trees.py records DIR_A DIR_B      # two `spot-nb bench` record folders of one grid

`records` checks the harness's side of "no behaviour change": the two folders' records are equal once the fields that
vary by run are dropped (wall times, the machine's paths to the target and order model, the run's random ids).
"""
import json, sys

CONFIGS = [(D, g, T) for T in (0.0, 1.0) for D, g in ((1, 0.0), (4, 0.0), (8, 0.0), (8, 0.05), (12, 0.0))]

def record(checkout: str, out: str, n_prompts: int = 4, gen_length: int = 64) -> None:
    sys.path.insert(0, checkout)
    import torch
    torch.set_num_threads(1)
    import spot_nb
    from spot_nb.api import load_drafter
    from spot_nb.decode import decode, encode_prompt
    from spot_nb.drafters.spot import SpotDrafter
    from spot_nb.target import load_target
    from spot_nb.tasks import load_task
    target, tok = load_target()
    om = load_drafter().model
    prompts = [encode_prompt(tok, p.text, target, gen_length) for t in ("humaneval", "gsm8k")
               for p in load_task(t, n_prompts // 2)]
    trees = {}
    for D, g, T in CONFIGS:
        drafter, got = SpotDrafter(om, gamma=g), []
        draft = drafter.draft
        drafter.draft = lambda root, stale, ctx: got.append(draft(root, stale, ctx)) or got[-1]
        for ids in prompts: decode(target, ids, drafter, gen_length=gen_length, budget=D, temperature=T, seed=3)
        trees[f"D={D} gamma={g} T={T}"] = [[(n.parent, n.s, n.v) for n in t.nodes[1:]] for t in got]
    json.dump(dict(code=spot_nb.__file__, trees=trees), open(out, "w"))

VARYING = ("second", "time", "_ms", "target", "invocation", "group")     # field names that vary from run to run


def comparable(record):
    "A record without the fields that vary by run; an order model named by its content hash only."
    if isinstance(record, dict):
        out = {k: comparable(v) for k, v in record.items() if not any(s in k for s in VARYING)}
        if out.get("order_model"): out["order_model"] = out["order_model"].split("#")[-1]
        return out
    if isinstance(record, list): return [comparable(v) for v in record]
    return record


def compare_records(a: str, b: str) -> None:
    from pathlib import Path
    read = lambda d: [comparable(json.loads(l)) for f in sorted(Path(d).glob("records-rank*.jsonl"))
                      for l in f.read_text().splitlines() if l.strip()]
    A, B = read(a), read(b)
    same = sum(x == y for x, y in zip(A, B))
    print(f"records {len(A)} / {len(B)}, identical {same}")
    print("ALL IDENTICAL" if A == B else "RECORDS DIFFER")


def compare(a: str, b: str) -> None:
    A, B = json.load(open(a))["trees"], json.load(open(b))["trees"]
    for k in A:
        same = sum(x == y for x, y in zip(A[k], B[k])) if len(A[k]) == len(B[k]) else 0
        print(f"{k:22s} rounds {len(A[k]):4d} / {len(B[k]):4d}, drafted nodes {sum(map(len, A[k])):5d}, identical "
              f"trees {same}")
    print("ALL IDENTICAL" if all(A[k] == B[k] for k in A) else "TREES DIFFER")

if __name__ == "__main__":
    cmd, *args = sys.argv[1:]
    {"record": record, "compare": compare, "records": compare_records}[cmd](*args)
