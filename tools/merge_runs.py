"""Write one grid's committed records from several `spot-nb bench` run folders: each sample's decodes are taken from
the latest run that decoded the sample, so a decode and its own draft-free control always come from the same run
(their clocks stay paired). Every decode that more than one run made must agree in NFE and output; the merge refuses
otherwise. This is how `results/records/oracles_n30.jsonl.gz` was written (its first samples were decoded again for
their clocks, `results/timings.md`).

    python tools/merge_runs.py OUT.jsonl.gz RUN_DIR [RUN_DIR ...]     # RUN_DIRs oldest first
"""
import sys
from pathlib import Path


def merge(runs: list[list[dict]]) -> tuple[list[dict], int]:
    "The harness records of `runs` (oldest first), each sample's from the latest run holding it; and how many repeats agreed."
    from spot_nb.bench.harness import record_key
    from spot_nb.records import output_hash
    seen, repeats = {}, 0
    for recs in runs:
        for r in recs:
            k, got = record_key(r), (r["nfe"], output_hash(r["tokens"]))
            if k in seen and seen[k] != got: raise SystemExit(f"{k} was decoded twice with different NFE or output: {seen[k]} vs {got}")
            repeats += k in seen
            seen[k] = got
    owner = {(r["task"], r["prompt_id"]): i for i, recs in enumerate(runs) for r in recs}     # the latest run with the sample
    return [r for i, recs in enumerate(runs) for r in recs if owner[(r["task"], r["prompt_id"])] == i], repeats


def main(argv: list[str]) -> None:
    if len(argv) < 2: raise SystemExit(__doc__)
    from spot_nb.bench.harness import read_records, sample_records_of
    from spot_nb.records import write_records
    out, folders = Path(argv[0]), [Path(f) for f in argv[1:]]
    if missing := [str(f) for f in folders if not f.is_dir()]: raise SystemExit(f"no run folder at {', '.join(missing)}")
    merged, repeats = merge([read_records(f) for f in folders])
    records = sample_records_of(merged)
    write_records(out, records)
    print(f"{len(records)} records written to {out}; {repeats} decodes made by more than one run, all with the same NFE and output")


if __name__ == "__main__": main(sys.argv[1:])
