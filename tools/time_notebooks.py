#!/usr/bin/env python
"""Time each notebook's Run All as JupyterLab runs it, on a fresh clone, and write the table.

    nice -n 19 python tools/time_notebooks.py [nbs/15_paper_stale_coverage.ipynb ...] [--out results/notebook_times.md]

What a reader gets from Run All: every code cell in order, `#| slow` and `#| gpu` cells included (nbdev's flags
skip cells only under nbdev-test), each notebook's flags (`RERUN = False`, `RETRAIN = False`, ...) at their
defaults, one kernel per notebook with the notebook's own folder as cwd, one thread (OMP_NUM_THREADS=1).
The notebooks run in a fresh clone of the committed HEAD (`git clone`, so nothing under the ignored runs/ exists),
its package first on the kernel's path; the notebooks in this checkout are never written. The clone is made once
under --scratch and reused (pass --reclone to start again). The run is single-file: one notebook at a time.

The table (one row per notebook: wall time, cells run, the slowest cell, the outcome) is merged into --out by
notebook name, so timing a few notebooks updates their rows and keeps the others, each row with the commit and
date it was measured on; the machine is written in the header. Uses tools/run_nb.py's `execute` (one home for
executing notebooks). Each timed notebook's intro (its first Markdown cell) is then stamped, in this checkout, with
the time a reader should expect: `*Run All: about N min ...*`, N the measured wall time rounded up to a minute
(tests/test_notebooks.py checks that every notebook carries a stamp no shorter than its row here).
"""
import argparse, importlib.metadata, os, platform, re, shutil, subprocess, sys, tempfile, time
from datetime import datetime, timezone
from pathlib import Path
import nbformat
from run_nb import execute

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `(?P<nb>[^`]+)` \| (?P<wall>\d+) \|")
UNSTAMPED = {"index"}          # the home page and README: its Run All (a few seconds) is in the table only
STAMP = re.compile(r"^\*Run All: about (?P<min>\d+) min\b.*$", re.M)

def stamp_text(wall: float) -> str:
    "The intro's line for a notebook whose Run All took `wall` seconds."
    return (f"*Run All: about {max(1, -(-int(wall) // 60))} min on a 2-core CPU, recompute flags at their defaults "
            f"(measured: `results/notebook_times.md`).*")

def stamp(path: Path, wall: float) -> None:
    "Write (or replace) the Run All line at the end of the notebook's first Markdown cell."
    nb = nbformat.read(str(path), as_version=nbformat.NO_CONVERT)
    intro = next(c for c in nb.cells if c.cell_type == "markdown")
    body = STAMP.sub("", intro.source).rstrip()
    intro.source = f"{body}\n\n{stamp_text(wall)}"
    nbformat.write(nb, str(path))

def machine() -> str:
    "The machine in one line: CPU model, cores, memory, Python and torch versions (no host names or paths)."
    cpu = next((l.split(":", 1)[1].strip() for l in Path("/proc/cpuinfo").read_text().splitlines()
                if l.startswith("model name")),
               platform.processor()) if Path("/proc/cpuinfo").exists() else platform.processor()
    mem = next((int(l.split()[1]) // 2**20 for l in Path("/proc/meminfo").read_text().splitlines()
                if l.startswith("MemTotal")), 0) if Path("/proc/meminfo").exists() else 0
    try: tv = importlib.metadata.version("torch")
    except importlib.metadata.PackageNotFoundError: tv = "absent"
    return f"{cpu}, {os.cpu_count()} cores, {mem} GiB memory, Python {platform.python_version()}, torch {tv}"

def fresh_clone(scratch: Path, reclone: bool) -> Path:
    "A clone of this checkout's committed HEAD (uncommitted changes and ignored files such as runs/ left behind)."
    dst = scratch / "clone"
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    if dst.exists() and not reclone:
        have = subprocess.run(["git", "-C", str(dst), "rev-parse", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
        if have == head and not subprocess.run(["git", "-C", str(dst), "status", "--porcelain", "--untracked-files=no"],
                                               capture_output=True, text=True).stdout:
            return dst
    if dst.exists(): shutil.rmtree(dst)
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(dst)], check=True)
    subprocess.run(["git", "-C", str(dst), "checkout", "--quiet", head], check=True)
    return dst

def cell_seconds(cell) -> float | None:
    "A cell's run time from the timestamps nbclient records (None if it did not run)."
    ex = cell.get("metadata", {}).get("execution", {})
    a, b = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
    if not (a and b): return None
    p = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
    return (p(b) - p(a)).total_seconds()

def time_notebook(path: Path, timeout: int) -> dict:
    "Run All of one notebook (every code cell); wall time, the slowest cell and how it ended."
    nb = nbformat.read(path, as_version=4)
    code = [i for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    t0, outcome = time.time(), "ok"
    try: execute(nb, path.parent, timeout)
    except Exception as e:                                   # a failing cell or a cell past the timeout: say which
        failed = [i for i in code if any(o.get("output_type") == "error" for o in nb.cells[i].get("outputs", []))]
        ran = [i for i in code if nb.cells[i].get("execution_count")]
        # the erring cell, else the last that started
        at = failed[0] if failed else (ran[-1] if ran else code[0] if code else 0)
        print(f"{path.stem}: {type(e).__name__}: {str(e).strip().splitlines()[-1][:300] if str(e).strip() else ''}",
              flush=True)
        kind = "timed out" if "timeout" in type(e).__name__.lower() or "timed out" in str(e).lower() else "error"
        outcome = f"{kind} in cell {at}"
    wall = time.time() - t0
    secs = {i: s for i in code if (s := cell_seconds(nb.cells[i])) is not None}
    slow = max(secs, key=secs.get) if secs else None
    return dict(wall=wall, cells=len(secs), code=len(code), slowest=(slow, secs[slow]) if slow is not None else None,
                over=[(i, s) for i, s in secs.items() if s >= 60], outcome=outcome)

def fmt_row(name: str, r: dict, commit: str, day: str) -> str:
    sl = f"cell {r['slowest'][0]}: {r['slowest'][1]:.0f} s" if r["slowest"] else "—"
    return f"| `{name}` | {r['wall']:.0f} | {r['cells']}/{r['code']} | {sl} | {r['outcome']} | {commit} | {day} |"

HEADER = """# Run All times of the notebooks

What a reader waits for when they open a notebook in JupyterLab and choose Run All: every code cell, `#| slow`
and `#| gpu` ones included, the notebook's recompute flags at their defaults, one thread (`OMP_NUM_THREADS=1`),
on a fresh clone (nothing under `runs/`). Written by `tools/time_notebooks.py` (run it with `nice -n 19`); each row
keeps the commit and day it was measured on. Times are wall seconds of the whole notebook, kernel start included;
"cells" counts the code cells that ran; a row that did not end "ok" names the cell where it stopped.

Machine: {machine}.
{note}
| notebook | wall s | cells | slowest cell | outcome | commit | day |
|---|---:|---:|---|---|---|---|
"""

def write_table(out: Path, rows: dict[str, str], note: str) -> None:
    body = HEADER.format(machine=machine(), note=note + "\n" if note else "")
    out.write_text(body + "\n".join(rows[k] for k in sorted(rows)) + "\n")

def read_rows(out: Path) -> dict[str, str]:
    if not out.exists(): return {}
    return {m["nb"]: l for l in out.read_text().splitlines() if (m := ROW.match(l))}

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("notebooks", nargs="*", help="notebooks to time (paths or names under nbs/); all of nbs/ when none")
    ap.add_argument("--out", type=Path, default=ROOT / "results/notebook_times.md")
    ap.add_argument("--scratch", type=Path, default=Path(tempfile.gettempdir()) / "spot_nb_times")
    ap.add_argument("--reclone", action="store_true", help="clone again even if the clone is at HEAD")
    ap.add_argument("--timeout", type=int, default=900,
                    help="seconds any one cell may run before the notebook counts as timed out")
    ap.add_argument("--stamp-only", action="store_true", help="only stamp the notebooks' intros from the table's rows")
    ap.add_argument("--no-stamp", action="store_true",
                    help="leave the notebooks' intros alone (stamp them later with --stamp-only)")
    ap.add_argument("--note", default="", help="a line for the table's header (e.g. what else the machine was doing)")
    a = ap.parse_args()
    if a.stamp_only:
        for name, row in read_rows(a.out).items():
            if name not in UNSTAMPED and "| ok |" in row: stamp(ROOT / "nbs" / f"{name}.ipynb",
                                                                float(ROW.match(row)["wall"]))
        sys.exit(0)
    clone = fresh_clone(a.scratch, a.reclone)
    names = [Path(n).stem for n in a.notebooks] or sorted(p.stem for p in (clone / "nbs").glob("*.ipynb"))
    os.environ.update(OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
                      PYTHONPATH=os.pathsep.join([str(clone)]
                                                 + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                                                    if p]))
    if "SPOT_NB_MBPP" not in os.environ and (m := ROOT.parent / "shared/data/mbpp/mbpp.jsonl").exists():
        # where a clone beside shared/ finds MBPP (the package's own lookup)
        os.environ["SPOT_NB_MBPP"] = str(m)
    commit = subprocess.run(["git", "-C", str(clone), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    day = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    for name in names:
        path = clone / "nbs" / f"{name}.ipynb"
        r = time_notebook(path, a.timeout)
        rows = read_rows(a.out) | {name: fmt_row(name, r, commit, day)}       # read again: keep rows written meanwhile
        over = "; ".join(f"cell {i} {s:.0f} s" for i, s in r["over"])
        print(f"{name}: {r['wall']:.0f} s, {r['outcome']}" + (f" (cells over a minute: {over})" if over else ""),
              flush=True)
        write_table(a.out, rows, a.note)                     # after each notebook: a partial run leaves a partial table
        if r["outcome"] == "ok" and name not in UNSTAMPED and not a.no_stamp: stamp(ROOT / "nbs" / f"{name}.ipynb",
                                                                                    r["wall"])
    print(f"table: {a.out}")
