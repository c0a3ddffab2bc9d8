"""Write one grid's committed records from several `spot-nb bench` run folders: each sample's decodes are taken from
the latest run that decoded the sample, so a decode and its own draft-free control always come from the same run
(their clocks stay paired). Every decode that more than one run made must agree in NFE and output; the merge refuses
otherwise. This is how `results/records/oracles_n30.jsonl.gz` was written (its first samples were decoded again for
their clocks, `results/timings.md`). The merge itself is `spot_nb.bench.store.merge_runs` (notebook 33, with its tests).

    python tools/merge_runs.py OUT.jsonl.gz RUN_DIR [RUN_DIR ...]     # RUN_DIRs oldest first
"""
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    if len(argv) < 2: raise SystemExit(__doc__)
    from spot_nb.bench.harness import read_records, sample_records_of
    from spot_nb.bench.store import BenchError, merge_runs
    from spot_nb.records import write_records
    out, folders = Path(argv[0]), [Path(f) for f in argv[1:]]
    if missing := [str(f) for f in folders
                   if not f.is_dir()]: raise SystemExit(f"no run folder at {', '.join(missing)}")
    try: merged, repeats = merge_runs([read_records(f) for f in folders])
    except BenchError as e: raise SystemExit(str(e)) from None
    records = sample_records_of(merged)
    write_records(out, records)
    print(f"{len(records)} records written to {out}; {repeats} decodes made by more than one run, all with the same "
          "NFE and output")


if __name__ == "__main__": main(sys.argv[1:])
