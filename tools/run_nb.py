#!/usr/bin/env python
"""Execute notebooks in place, keeping their outputs (the documentation).

    python tools/run_nb.py nbs/07_oracles.ipynb [more.ipynb ...] [--slow] [--keep] [--also 41,43]

Cells flagged `#| slow` or `#| gpu` run only with --slow / --gpu; cells flagged `#| eval: false` never run.
Skipped cells are left without outputs, or with the outputs they have under --keep (for a change that
cannot affect them, e.g. a new fast cell after a slow training cell). `--also` runs the slow cells of those
indices with the fast path (one notebook): a slow cell that needs nothing slow before it. Run from the repository
root; each notebook executes in its own folder.
"""
import argparse, copy, os, re, time
from pathlib import Path
import nbformat
from nbclient import NotebookClient
from nbcells import directives

_BAR = re.compile(r"\d+%\|.*\|\s*\d+/\d+")            # tqdm's "45%|####  | 9/20 [...]"

def is_progress_bar(output) -> bool:
    "A progress bar's output (a tqdm widget, or tqdm's text on stderr): never kept in a committed notebook."
    if "application/vnd.jupyter.widget-view+json" in output.get("data", {}): return True
    return (output.get("output_type") == "stream" and output.get("name") == "stderr"
            and bool(_BAR.search(output.get("text", ""))))

def execute(nb, folder: Path, timeout: int) -> None:
    """Run every cell of `nb` in place, as JupyterLab's Run All does: a python3 kernel whose cwd is `folder`, inline
    figures."""
    os.environ.pop("MPLBACKEND", None)          # the kernel's inline backend stores figures; Agg would drop them
    NotebookClient(nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()

def run(path: Path, slow: bool, gpu: bool, timeout: int, keep_skipped: bool = False,
        also: frozenset = frozenset()) -> None:
    nb = nbformat.read(path, as_version=4)
    def wanted(c):
        if c.cell_type != "code": return True
        d, _ = directives(c.source)
        return d.get("eval") != "false" and (slow or "slow" not in d) and (gpu or "gpu" not in d)
    keep = [i for i, c in enumerate(nb.cells) if wanted(c) or i in also]
    sub = copy.deepcopy(nb)
    sub.cells = [sub.cells[i] for i in keep]
    t0 = time.time()
    execute(sub, path.parent, timeout)
    for j, i in enumerate(keep):
        nb.cells[i] = sub.cells[j]
        nb.cells[i].outputs = [o for o in sub.cells[j].get("outputs", []) if not is_progress_bar(o)]
    for i, c in enumerate(nb.cells):
        if i not in keep and c.cell_type == "code" and not keep_skipped: c.outputs, c.execution_count = [], None
    tmp = path.with_suffix(".tmp.ipynb")
    nbformat.write(nb, tmp)
    tmp.replace(path)
    print(f"{path}: {len(keep)} of {len(nb.cells)} cells run in {time.time() - t0:.0f} s")

if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("notebooks", nargs="+", type=Path)
    ap.add_argument("--slow", action="store_true")
    ap.add_argument("--gpu", action="store_true")
    ap.add_argument("--timeout", type=int, default=3600)
    ap.add_argument("--keep", action="store_true", help="keep the existing outputs of skipped cells")
    ap.add_argument("--also", default="", help="comma-separated indices of slow cells to run with the fast path")
    a = ap.parse_args()
    also = frozenset(int(i) for i in a.also.split(",") if i)
    if also and len(a.notebooks) > 1: ap.error("--also names cells of one notebook")
    for p in a.notebooks: run(p, a.slow, a.gpu, a.timeout, a.keep, also)
