"""The project's layout, checked from the notebooks' own text (no code runs):

- one notebook per module, named like it (`21_drafters_spot` exports `spot_nb.drafters.spot`); a results notebook may
  export nothing (its experiment sits in `experiments/`, beside the library);
- the numbers are the reading order: no notebook imports a module that a later notebook exports (the two exceptions,
  a cell that regenerates a committed file and `load_target`'s call-time import of the checkpoint families, are named
  in `LATER_IMPORTS` and in docs/contributing.md);
- layers point one way: no drafter imports the decode loop or the trajectories;
- no module is over `MAX_MODULE_LINES` lines, and no notebook's code has a line over `MAX_LINE` characters or a `;`
  statement separator.
"""
import ast, io, json, re, tokenize
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT / "nbs").glob("[0-9]*.ipynb"))
MAX_MODULE_LINES, MAX_LINE = 400, 120
LATER_IMPORTS = {
    ("10_records", "spot_nb.order_model"), ("10_records", "spot_nb.drafters.spot"),   # RERUN: rewrites a file
    ("03_target", "spot_nb.targets"),                  # load_target imports the checkpoint families when called
}


def cells(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]


def module_of(path: Path) -> str | None:
    "The module a notebook exports (None: a results notebook that exports nothing)."
    for src in cells(path):
        if m := re.search(r"^#\|\s*default_exp\s+(\S+)", src, re.M):
            return "spot_nb." + m.group(1).removesuffix(".__init__")
    return None


def imported(src: str) -> set[str]:
    "The spot_nb modules a cell imports (`import spot_nb.x`, `from spot_nb.x import y`, `from spot_nb import x`)."
    src = "\n".join(l for l in src.splitlines() if not l.lstrip().startswith(("%", "!")))
    try: tree = ast.parse(src)
    except SyntaxError: return set()
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import): out |= {a.name for a in node.names if a.name.startswith("spot_nb.")}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("spot_nb"):
            out.add(node.module)
            if node.module == "spot_nb": out |= {f"spot_nb.{a.name}" for a in node.names}
    return out


def test_one_notebook_per_module_named_like_it():
    # a results notebook may export nothing: its experiment lives in experiments/ beside the library, or in its cells
    mods = {p.stem: m for p in NBS if (m := module_of(p)) is not None}
    assert len(set(mods.values())) == len(mods), "two notebooks export one module"
    for stem, mod in mods.items():
        assert stem.split("_", 1)[1] == mod.removeprefix("spot_nb.").replace(".", "_"), (stem, mod)


def test_no_notebook_imports_a_later_one():
    owner = {m: i for i, p in enumerate(NBS) if (m := module_of(p)) is not None}
    def home(mod: str) -> int | None:
        while mod not in owner and "." in mod: mod = mod.rsplit(".", 1)[0]
        return owner.get(mod)
    bad = [(p.stem, m) for i, p in enumerate(NBS) for src in cells(p) for m in imported(src)
           if (j := home(m)) is not None and j > i and (p.stem, m) not in LATER_IMPORTS]
    assert not bad, bad


def test_drafters_sit_below_the_decode_loop():
    for path in (ROOT / "spot_nb" / "drafters").glob("*.py"):
        text = path.read_text().replace("from ..", "from spot_nb.").replace("from .", "from spot_nb.drafters.")
        mods = imported(text)
        assert not mods & {"spot_nb.decode", "spot_nb.trajectories"}, path.name


@pytest.mark.parametrize("path", sorted((ROOT / "spot_nb").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_size(path: Path):
    if path.name == "_modidx.py": pytest.skip("nbdev's generated index")
    assert len(path.read_text().splitlines()) <= MAX_MODULE_LINES


@pytest.mark.parametrize("path", NBS, ids=lambda p: p.stem)
def test_code_lines_reflowed(path: Path):
    long, chained = [], []
    for src in cells(path):
        long += [l for l in src.splitlines() if len(l) > MAX_LINE]
        try: toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
        except (tokenize.TokenError, IndentationError): continue
        chained += [t.line.strip() for t in toks if t.type == tokenize.OP and t.string == ";"]
    assert not long, long[:3]
    assert not chained, chained[:3]


def test_every_notebook_names_its_kernel():
    "JupyterLab opens each notebook on the python3 kernel, with no 'Select Kernel' dialog (nbdev-clean keeps this form)."
    for p in sorted((ROOT / "nbs").glob("*.ipynb")):
        spec = json.loads(p.read_text())["metadata"].get("kernelspec", {})
        assert spec == {"display_name": "python3", "language": "python", "name": "python3"}, (p.name, spec)
