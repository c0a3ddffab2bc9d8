#!/usr/bin/env python3
"""Build the documentation site from the notebooks (stands in for `nbdev-docs`, which needs Quarto).

The notebooks in nbs/ are committed *with* their outputs; this renders them as they are (no execution)
into a static site with mkdocs + mkdocs-jupyter:

    python3 tools/build_docs.py                # -> site/  (open site/index.html, or serve it:)
    python3 -m http.server -d site -b 127.0.0.1 8000
    python3 tools/build_docs.py --execute      # execute scratch copies first (sources untouched)
    python3 tools/build_docs.py --execute 02_core,09_decode   # ... only these

Any python3 will do: without mkdocs it re-runs itself with the project's .venv/bin/python (no activation).

Notebooks are staged in _proc/docs/ (git-ignored) with nbdev directives applied: cells marked `#| hide`
(or `#| include: false`) are dropped, `#| echo: false` shows only the outputs, and the `#| ...` directive
lines are stripped from the code shown; long code cells on the results pages, and any marked `#| code-fold: true`, are
folded (a closed "Code" box, outputs shown; `folded`). Outputs are cleaned of what a static page should not show
(`scrub_outputs`):
progress bars (tqdm's stderr frames and the frozen text of its widgets), empty stream outputs, and this machine's
paths (the checkout, temporary folders, home folders, site-packages). `figures/` is copied next to them (markdown links
`../figures/x.png` are pointed there). Each notebook's opening maintainers' note ("*Run All: about 1 min ...*") moves to
the end of its page, folded. Each output image gets alt text and a one-line caption (a cell's `#| fig-alt:` /
`#| fig-cap:` directives, else tools/site_captions.py). The mkdocs configuration is generated into _proc/mkdocs.yml:
the nav in a reader's order (`NAV_GROUPS`: What SPOT is, Use it, Findings, How-to, Reference, Internals), with
previous/next links, `site_url` from pyproject's Documentation URL, the version in every page's header, and the
site-only pages in docs/ (how-tos, Contributing, Reproduce, Cite) filled in by tools/site_pages.py (committed
results/ and figures/ downloadable, their provenance shown). The Reference pages are generated from the code at
build time by tools/site_reference.py (signatures, docstrings, parameters, an example each; the CLI from its parser).

The site is self-contained and lean (tools/site_render.py, tools/site_lean.py): maths pre-rendered to MathML (no
script, no network), the search index holds prose and headings only (code, outputs, copy buttons and fold labels are
left out), the notebook CSS that mkdocs-jupyter inlines into every page written once, output images as files shared
with the markdown twins. `tools/check_site.py site` checks the result.

Page names follow nbdev, so that the `Docs: <doc_url>/<name>.html.md` line nbdev writes into every module
docstring resolves: notebook `NN_name.ipynb` becomes `name.html`, and beside it `name.html.md`, the page as
markdown (nbdev's plain-text twin of each page). Prompts (`In [ ]:`) are hidden; wide outputs and tables scroll
inside themselves, so that no page scrolls sideways at phone width.
"""
import argparse, html, json, os, re, shutil, subprocess, sys, tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_VENV_PY = ROOT / ".venv" / "bin" / "python"
try: import mkdocs, mkdocs_jupyter, nbconvert  # noqa: F401
except ImportError:  # run by a python without the docs toolchain: use the project's venv, no activation needed
    if _VENV_PY.exists() and Path(sys.prefix).resolve() != _VENV_PY.parents[1].resolve():
        os.execv(str(_VENV_PY), [str(_VENV_PY), *sys.argv])
    sys.exit("the docs toolchain is missing: `.venv/bin/pip install -e '.[dev]'` (mkdocs, mkdocs-jupyter)")

from nbcells import cell_source as _src, directives as _nb_directives
import site_lean, site_pages, site_reference

# Notebook pages: no prompts; content as wide as the screen allows (the page's contents sit in the left
# sidebar, `toc.integrate`); figures never wider than the page, full size on click; printed lines wrap (a table is an
# HTML table, never text: tools/check_site.py), wide tables scroll inside themselves instead of being cut.
# (`.md-content` outranks the notebook CSS inlined after this file.)
SITE_CSS = """.md-grid { max-width: 1600px; }
.md-content .jupyter-wrapper .jp-InputPrompt, .md-content .jupyter-wrapper .jp-OutputPrompt { display: none; }
.md-content .jupyter-wrapper .jp-OutputArea-output, .md-content .jupyter-wrapper .jp-RenderedHTMLCommon { overflow-x: auto; max-width: 100%; }
.md-content .jupyter-wrapper .jp-RenderedText pre { white-space: pre-wrap; word-break: normal; overflow-wrap: anywhere; overflow-x: auto; }
.md-content .jupyter-wrapper .jp-RenderedHTMLCommon table { max-width: none; }
.md-content .jupyter-wrapper .jp-OutputArea-output img { max-width: 100%; height: auto; cursor: zoom-in; }
.md-content .jupyter-wrapper .jp-OutputArea-output img.spot-full { max-width: none; cursor: zoom-out; }
.md-content .jupyter-wrapper .highlight-ipynb pre { color: var(--jp-mirror-editor-variable-color); }
.spot-copy-icon { display: inline-block; width: 20px; height: 20px; background-color: currentColor;
  -webkit-mask: url(copy.svg) no-repeat center / contain; mask: url(copy.svg) no-repeat center / contain; }
.md-content details.spot-fold { margin: .4em 0; font-size: .7rem; }
.md-content details.spot-fold > summary { cursor: pointer; }
.spot-provenance { font-size: .7rem; color: var(--md-default-fg-color--light); margin: .2em 0 1em; }
.spot-downloads { font-size: .75rem; }
/* No page scrolls sideways at phone width: tables and code scroll inside themselves, long words wrap */
.md-content .jupyter-wrapper .jp-RenderedMarkdown table, .md-typeset table:not([class]) { display: block; max-width: 100%;
  overflow-x: auto; }
.md-content .jupyter-wrapper .jp-RenderedHTMLCommon, .md-typeset { overflow-wrap: break-word; }
.md-content .jupyter-wrapper pre, .md-typeset pre { max-width: 100%; overflow-x: auto; }
.md-content .jupyter-wrapper .jp-Cell, .md-content .jupyter-wrapper .jp-Cell-inputWrapper,
.md-content .jupyter-wrapper .jp-Cell-outputWrapper, .md-content .jupyter-wrapper .jp-OutputArea-child,
.md-content .jupyter-wrapper .jp-InputArea, .md-content .jupyter-wrapper .jp-InputArea-editor { min-width: 0; max-width: 100%; }
.md-content .jupyter-wrapper .jp-CodeMirrorEditor, .md-content .jupyter-wrapper .highlight-ipynb { overflow-x: auto; }
figure.spot-figure { margin: .5em 0 1em; }
figure.spot-figure figcaption.spot-cap { font-size: .7rem; color: var(--md-default-fg-color--light); margin-top: .3em; max-width: 60rem; }
.md-content details.spot-maint { margin-top: 2em; font-size: .7rem; color: var(--md-default-fg-color--light); }
.md-content details.spot-maint > summary { cursor: pointer; }
math[display="block"] { margin: .6em 0; overflow-x: auto; }
.md-typeset .spot-api-sig pre { font-size: .75rem; }
/* Search results: a preview of a few lines (the index keeps each section's prose for matching) */
.md-search-result__article { max-height: 9em; overflow: hidden; }
"""
# The copy buttons' icon, drawn once by CSS (site_lean.lean_notebook_html drops the copy inlined into every code cell)
COPY_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
            '<path d="M0 6.75C0 5.784.784 5 1.75 5h1.5a.75.75 0 010 1.5h-1.5a.25.25 0 00-.25.25v7.5c0 '
            '.138.112.25.25.25h7.5a.25.25 '
            '0 00.25-.25v-1.5a.75.75 0 011.5 0v1.5A1.75 1.75 0 019.25 16h-7.5A1.75 1.75 0 010 14.25v-7.5z"/>'
            '<path d="M5 1.75C5 .784 5.784 0 6.75 0h7.5C15.216 0 16 .784 16 1.75v7.5A1.75 1.75 0 0114.25 11h-7.5A1.75 '
            '1.75 0 015 '
            '9.25v-7.5zm1.75-.25a.25.25 0 00-.25.25v7.5c0 .138.112.25.25.25h7.5a.25.25 0 00.25-.25v-7.5a.25.25 0 '
            '00-.25-.25h-7.5z"/>'
            '</svg>\n')
SITE_JS = """document.addEventListener("click", e => {
  if (e.target.matches(".jp-OutputArea-output img")) e.target.classList.toggle("spot-full");
});
"""


def _sort_key(p):
    if p.stem == "index": return (-1, "")
    m = re.match(r"(\d+)", p.stem)
    return (int(m.group(1)) if m else 10**6, p.stem)


def title_of(nb, fallback):
    for c in nb["cells"]:
        if c["cell_type"] != "markdown": continue
        m = re.search(r"^#\s+(.+?)\s*$", _src(c), re.M)
        if m: return m.group(1)
    return fallback


_BAR = re.compile(r"\d+%\|")                     # a tqdm frame: "epoch 1/10:  45%|####  | 9/20 [...]"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


def _text(x) -> str: return "".join(x) if isinstance(x, list) else (x or "")


def is_progress_bar(output) -> bool:
    """A progress bar: a widget (its text/plain fallback is a bar frozen at its first frame) or a stream of tqdm frames
    only"""
    if WIDGET_MIME in output.get("data", {}): return True
    return output.get("output_type") == "stream" and _BAR.search(_text(output.get("text"))) is not None \
        and not strip_bars(_text(output.get("text"))).strip()


def strip_bars(text: str) -> str:
    "A stream's text as a terminal leaves it (each line's last carriage-return frame), tqdm bar lines dropped"
    lines = [ln.rsplit("\r", 1)[-1] if "\r" in ln.rstrip("\r") else ln.rstrip("\r") for ln in text.split("\n")]
    return "\n".join(ln for ln in lines if not _BAR.search(ln))


# This machine's paths in outputs, most specific first: (pattern, replacement). The checkout is wherever it was
# executed (/work/main here, another folder in CI), so any /work/<name>/ counts; /work/shared is the shared data beside
# it.
MACHINE_PATHS = [
    (re.compile(r"(?<![\w.~-])(?:/[\w.+-]+)+/(?:site|dist)-packages/"), "site-packages/"),
    (re.compile(r"(?<![\w.~-])(?:/[\w.+-]+)*/lib/(python3\.\d+)/"), r"\1/"),
    (re.compile(r"(?<![\w.~-])/work/shared/"), "../shared/"),
    (re.compile(r"(?<![\w.~-])/work/[\w.+-]+/(?:nbs/\.\./)?"), ""),
    (re.compile(r"(?<![\w.~-])(?:/private)?/(?:var/)?tmp/(?:[\w.+-]+/)?"), "$TMPDIR/"),
    (re.compile(r"(?<![\w.~-])(?:/root/|/home/[\w.+-]+/|/Users/[\w.+-]+/)"), "~/"),
]


def scrub_paths(text: str, root: Path = ROOT) -> str:
    """`text` with this machine's absolute paths made relative (the checkout), `$TMPDIR/…`, `~/…` or
    `site-packages/…`"""
    for i, (pat, rep) in enumerate(MACHINE_PATHS):
        if i == 2: text = text.replace(str(root / "nbs") + "/../", "").replace(str(root) + "/", "")  # the checkout
        text = pat.sub(rep, text)
    return text


def scrub_outputs(outputs: list, root: Path = ROOT) -> list:
    "A code cell's outputs without progress bars, empty streams and machine paths (the notebook JSON is not touched)"
    kept = []
    for o in outputs:
        if is_progress_bar(o): continue
        if o.get("output_type") == "stream":
            text = strip_bars(_text(o.get("text")))
            if not text.strip(): continue                       # an empty strip (stderr's pink band) shows nothing
            o = dict(o, text=scrub_paths(text, root))
        elif o.get("output_type") in ("display_data", "execute_result"):
            o = dict(o, data={k: (scrub_paths(_text(v), root) if k.startswith("text/") else v)
                              for k, v in o.get("data", {}).items()})
        elif o.get("output_type") == "error":
            o = dict(o, evalue=scrub_paths(_text(o.get("evalue")), root),
                     traceback=[scrub_paths(t, root) for t in o.get("traceback", [])])
        kept.append(o)
    return kept


def page_name(nb: Path) -> str:
    "nbdev's page name for a notebook: numeric prefix dropped, lower case (`46_cli.ipynb` -> `cli`)"
    return re.sub(r"^\d+[a-zA-Z0-9]*_", "", nb.stem.lower())


def notebook_pages(nbs) -> dict[str, str]:
    "Notebook number -> its page (`{'07a': 'records.html', ...}`), for links from prose and tables"
    return {p.stem.split("_")[0]: f"{page_name(p)}.html" for p in nbs if re.match(r"\d", p.stem)}


_NUM = r"\d{2}[a-z]?"
_PROTECTED = re.compile(r"(```.*?```|`[^`\n]*`|\[[^\]\n]*\]\([^)\n]*\)|<[^>\n]+>|\$\$.*?\$\$|\$[^$\n]+\$)", re.S)


def link_notebook_refs(md: str, pages: dict[str, str], here: str = "") -> str:
    """Markdown `md` with its references to notebooks linked to their pages: "notebook 27", "notebooks 15 and 18",
    a table's last cell of notebook numbers ("| 07, 13, 14 |", the home page's results table) and `` `NN_name` ``."""
    def num(n): return f"[{n}]({pages[n]})" if n in pages and pages[n] != here else n
    def prose(t):
        t = re.sub(rf"\b([Nn]otebooks?) ({_NUM}(?:(?:,| and| or|, and) {_NUM})*)\b",
                   lambda m: m.group(1) + " " + re.sub(_NUM, lambda k: num(k.group(0)), m.group(2)), t)
        return t
    out, header = [], None
    for line in md.split("\n"):
        cells = line.split("|")
        row = line.lstrip().startswith("|") and len(cells) >= 4
        if row and header is None: header = cells[-2]            # a table's first line: its column names
        elif not row: header = None
        # only a column headed "notebook(s)" holds notebook numbers: a number elsewhere is a number, never a link
        if (row and header is not cells[-2] and re.search(r"[Nn]otebook", header)
                and re.fullmatch(rf"\s*{_NUM}(\s*,\s*{_NUM})*\s*", cells[-2])):
            cells[-2] = re.sub(_NUM, lambda k: num(k.group(0)), cells[-2])
            line = "|".join(cells)
        out.append(line)
    md, parts = "\n".join(out), []
    for i, part in enumerate(_PROTECTED.split(md)):
        if i % 2 == 0: parts.append(prose(part))
        else:
            m = re.fullmatch(rf"`({_NUM})_\w+`", part)
            parts.append(f"[{part}]({pages[m.group(1)]})" if m and m.group(1) in pages else part)
    return "".join(parts)


def link_paper(md: str) -> str:
    "The paper's title, where prose quotes it (line breaks anywhere), linked to the paper"
    words = site_pages.PAPER_TITLE.split()
    pat = re.compile(r'(?<!\[)"(' + r"\s+".join(map(re.escape, words)) + r')"')
    return pat.sub(lambda m: f'"[{m.group(1)}]({site_pages.PAPER_URL})"', md, count=1)


# Code folded on the site: a cell marked `#| code-fold: true` (Quarto's option) on any page, and on the results pages
# (`FOLD_PAGES`) every code cell longer than `FOLD_LINES` lines unless marked `#| code-fold: false`. The cell gets the
# tag `FOLD_TAG`; site_lean.fold_code wraps its code in a closed <details> (outputs stay open).
FOLD_TAG, FOLD_LINES = "spot_fold", 10
FOLD_PAGES = {f"{n}.html" for n in ("paper_stale_coverage", "drafters_oracle", "order_model", "train_order_model",
                                    "drafters_ddtree", "drafters_spot", "paper_sampling", "paper_bench",
                                    "drafters_baselines", "paper_gpu_bench", "drafters_cost_aware", "paper_tables",
                                    "calibration", "train_arith", "paper_competent", "round_costs", "order_scale",
                                    "train_sdar_arith")}     # every page of the nav's Findings (tests/test_site.py)


# The pages a user reads to use the package (the nav's "Use it"): their exported implementation is folded, so that each
# opens on what it does and how to call it (signatures: the Reference pages), the source one click away.
FOLD_EXPORTS = {"api.html", "cli.html", "targets.html"}


def folded(d: dict, body: str, page: str) -> bool:
    "Is a code cell (directives `d`, source `body`) folded on `page`?"
    if d.get("code-fold") in ("true", "false"): return d["code-fold"] == "true"
    if page in FOLD_EXPORTS and ("export" in d or "exports" in d): return True
    return page in FOLD_PAGES and len(body.strip("\n").split("\n")) > FOLD_LINES


# Maintainers' notes: the line each notebook opens with ("*Run All: about 1 min on a 2-core CPU, ...*") tells whoever
# re-executes it how long it takes; a reader does not need it first. It moves to the end of the page, folded.
_MAINT = re.compile(r"(?m)^\*Run All:[^\n]*\*[ \t]*\n?")


def pop_maintainer_notes(md: str) -> tuple[str, list[str]]:
    "Markdown `md` without its maintainers' notes, and the notes"
    notes = [m.group(0).strip().strip("*") for m in _MAINT.finditer(md)]
    return (_MAINT.sub("", md).rstrip("\n") + "\n" if notes else md), notes


def maintainer_cell(notes: list[str]) -> dict:
    "A closed <details> at the end of the page holding the maintainers' notes"
    def inline(t):   # escaped text, `code` spans as <code>
        parts = re.split(r"`([^`]+)`", t)
        return "".join(f"<code>{html.escape(p)}</code>" if i % 2 else html.escape(p, quote=False)
                       for i, p in enumerate(parts))
    body = "<br>\n".join(inline(n) for n in notes)
    return {"cell_type": "markdown", "metadata": {}, "id": "maintainers-note",
            "source": f'<details class="spot-maint"><summary>For maintainers</summary>\n<p>{body}</p>\n</details>'}


_FIG_FILE = re.compile(r"figures/([\w.-]+?)\.(?:png|svg|jpe?g)")


def figure_captions(cell: dict, d: dict, body: str, page: str, before: int) -> list:
    """[alt, caption] of each image a staged code cell outputs, in order: its `#| fig-alt:` / `#| fig-cap:` directives,
    else tools/site_captions.py by the figure files the cell names, else by `page:k`; None where none is known"""
    n = sum(1 for o in cell.get("outputs", []) if any(k.startswith("image/") for k in o.get("data", {})))
    if not n: return []
    import site_captions
    names = list(dict.fromkeys(_FIG_FILE.findall(body)))
    out = []
    for k in range(n):
        key_file = names[k] if len(names) == n else None
        cap = (site_captions.CAPTIONS.get(key_file) if key_file else None) or \
              site_captions.CAPTIONS.get(f"{page.removesuffix('.html')}:{before + k + 1}")
        if d.get("fig-cap"):
            raw = _nb_directives_raw(_src(cell))
            cap = (raw.get("fig-alt") or raw["fig-cap"], raw["fig-cap"])
        out.append(list(cap) if cap else None)
    return out


def _nb_directives_raw(src: str) -> dict:
    "A cell's `#| name: value` directives with their values as written (nbcells lower-cases them)"
    out = {}
    for line in src.splitlines():
        m = re.match(r"^\s*#\s*\|\s*([\w-]+)\s*:\s*(.*)$", line)
        if not m: break
        out[m.group(1).lower()] = m.group(2).strip()
    return out


def stage_notebook(src, dst, pages: dict | None = None, published: set | None = None):
    """Rewrite notebook `src` to `dst` applying nbdev's display directives and cleaning outputs (`scrub_outputs`);
    with `pages` link notebook references (`link_notebook_refs`), with `published` add the records' provenance notes
    (tools/site_pages.py). Return its title"""
    nb = json.loads(src.read_text(encoding="utf-8"))
    here = f"{page_name(Path(src.name.removeprefix('.docs-exec-')))}.html"
    cells, notes, figures = [], [], []
    for c in nb["cells"]:
        c.get("metadata", {}).pop("execution", None)  # execnb's timings are not nbformat-valid
        d, body = _nb_directives(_src(c))
        if "hide" in d or d.get("include") == "false" or "default_exp" in d and not body.strip(): continue
        if c["cell_type"] == "markdown":  # pages sit at the site root, beside figures/
            c["source"] = link_paper(re.sub(r"\]\((?:\.\./)+figures/", "](figures/", _src(c)))
            if site_url():   # the README's absolute links to this site, relative here (the root itself: index.html)
                root = re.escape(site_url().rstrip("/") + "/")
                c["source"] = re.sub(root + r"(?=[\w./#-])", "", c["source"])
                c["source"] = re.sub(root.removesuffix("/") + r"/?(?=[)\s>\"'])", "index.html", c["source"])
            c["source"], found = pop_maintainer_notes(c["source"])
            notes += found
            if pages: c["source"] = link_notebook_refs(c["source"], pages, here)
        if c["cell_type"] == "code":
            if not body.strip() and not c.get("outputs"): continue
            c["source"] = body.strip("\n")
            c["outputs"] = scrub_outputs(c.get("outputs", []))
            tags = c.setdefault("metadata", {}).setdefault("tags", [])
            if d.get("echo") == "false" or not body.strip(): tags.append("remove_input")
            if d.get("output") == "false": tags.append("remove_output")
            if folded(d, body, here): tags.append(FOLD_TAG)
            if "output" not in d or d["output"] != "false": figures += figure_captions(c, d, body, here, len(figures))
        cells.append(c)
    if notes: cells.append(maintainer_cell(notes))
    nb["cells"] = cells
    nb.setdefault("metadata", {})["spot_figures"] = figures
    nb.get("metadata", {}).pop("widgets", None)           # widget state: the widgets' outputs are gone
    if published: nb = site_pages.provenance_cells(nb, ROOT, published)
    dst.write_text(json.dumps(nb, indent=1, ensure_ascii=False), encoding="utf-8")
    stem = src.stem
    return title_of(nb, "Home" if stem == "index" else stem)


def execute(nb_path, timeout):
    "Run a staged notebook with nbdev's test machinery (tst_flags honoured), saving outputs into it"
    code = ("import sys; from nbdev.test import test_nb; from nbdev.config import get_config\n"
            "cfg = get_config(sys.argv[2]); f = cfg.tst_flags\n"
            "ok, t = test_nb(sys.argv[1], skip_flags=f.split() if isinstance(f, str) else f, basepath=sys.argv[2],"
            " save=True, cell_timeout=cfg.get('cell_timeout', 600) or None)\n"
            "print(('executed' if ok else 'FAILED'), sys.argv[1], f'{t:.0f}s'); sys.exit(0 if ok else 1)")
    env = {k: v for k, v in os.environ.items() if k != "IN_TEST"}
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", MPLBACKEND="Agg")
    try: return subprocess.run([sys.executable, "-c", code, str(nb_path), str(ROOT)], cwd=nb_path.parent, env=env,
                               timeout=timeout).returncode == 0
    except subprocess.TimeoutExpired:
        print(f"TIMEOUT executing {nb_path.name} after {timeout}s")
        return False


def write_markdown_twin(nb_path: Path, md_path: Path):
    "`name.html.md`: the staged page as markdown, its images in `name_files/` beside it"
    import nbformat
    from nbconvert import MarkdownExporter
    from nbconvert.preprocessors import TagRemovePreprocessor
    nb = nbformat.read(nb_path, as_version=4)
    nb.metadata.setdefault("language_info", {"name": "python"})  # fences code as python (nbdev-clean drops it)
    ex = MarkdownExporter()
    ex.register_preprocessor(TagRemovePreprocessor(remove_input_tags={"remove_input"},
                                                   remove_all_outputs_tags={"remove_output"}), enabled=True)
    files = f"{nb_path.stem}_files"
    body, res = ex.from_notebook_node(nb, resources={"output_files_dir": files})
    md_path.write_text(body, encoding="utf-8")
    for name, data in res.get("outputs", {}).items():
        out = md_path.parent / name
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)


# The nav in a reader's order: what SPOT is, how to use it, what was found (the embedded target, the competent target,
# the paper's comparisons, the GPU), how-tos, reference, internals. A group is (title, [page names]) or (title,
# [subgroups]); page names are nbdev's (the notebook's name without its number, so that a renumbered notebook keeps
# its place) or docs/ file names, fnmatch patterns allowed; "@paper" is the paper itself, an external link. A page no
# group names goes to the first group whose pattern matches it ("*": Internals), in notebook order.
NAV_GROUPS = [
    ("What SPOT is", ["index", "@paper", "cite.md"]),
    ("Use it", ["install*.md", "targets", "api", "demo", "cli"]),
    # the method, in the order it is built: what the stale conditionals know, the ceiling, the order model, the tree,
    # the drafter, the verifier; each page opens with its idea and its equation
    ("How SPOT works", ["paper_stale_coverage", "drafters_oracle", "order_model", "drafters_ddtree", "drafters_spot",
                        "verify"]),
    ("Findings", [
        ("The embedded target", ["train_order_model", "paper_sampling", "paper_bench", "drafters_cost_aware",
                                 "calibration"]),
        # round_costs: SPOT on the clock
        ("The competent target", ["train_arith", "paper_competent", "round_costs", "order_scale", "train_sdar_arith",
                                  "*speed*"]),
        ("The paper's comparisons", ["drafters_baselines", "paper_tables"]),
        ("GPU", ["paper_gpu_bench"]),
    ]),
    ("How-to", ["howto-own-checkpoint.md", "howto-paper-tables.md", "howto-extend.md", "reproduce.md",
                "contributing.md"]),
    ("Reference", ["reference.md", "cli-reference.md"]),
    ("Internals", [
        ("Targets and tasks", ["config", "core", "target", "models_spot_dlm", "targets_*", "testing", "tasks",
                               "train_target", "arith"]),
        ("Drafting, verifying, decoding", ["registry", "drafters_base", "decode", "trajectories", "kernels",
                                           "costs", "drafters_acceptance"]),
        ("Measuring", ["records", "bench_*", "*"]),
    ]),
]
# The groups whose pages are findings: each opens with what was found (tools/check_site.py checks it)
FINDINGS_GROUPS = [t for t, _ in next(groups for title, groups in NAV_GROUPS if title == "Findings")]


def _leaves(groups, path=()):
    "The groups' leaves in order: (path of titles, page patterns)"
    for title, items in groups:
        if items and isinstance(items[0], tuple): yield from _leaves(items, path + (title,))
        else: yield path + (title,), items


def nav_label(stem: str, title: str) -> str:
    "`09 · Stale coverage` for notebook 15_paper_stale_coverage titled 'Stale coverage: the tokens are known, ...'"
    if stem == "index": return "Home"
    short = title.split(": ")[0] if ": " in title else title
    return f"{stem.split('_')[0]} · {short}" if re.match(r"\d", stem) else short


def grouped_nav(entries: list[tuple[str, str, str]], groups=NAV_GROUPS) -> list:
    """mkdocs nav from (name, label, file) entries in notebook order (name: page name, or a docs/ file name):
    each entry in the first leaf group that names it exactly, else in the first whose pattern matches it"""
    from fnmatch import fnmatch
    leaves = list(_leaves(groups))
    wild = lambda p: any(ch in p for ch in "*?[")
    placed = {}
    for gi, (_, pats) in enumerate(leaves):
        for pat in pats:
            for name, _, _ in entries:
                if name not in placed and name == pat: placed[name] = (gi, pats.index(pat))
    for gi, (_, pats) in enumerate(leaves):          # patterns other than the catch-all first, then "*"
        for pat in pats:
            if not wild(pat) or pat == "*": continue
            for name, _, _ in entries:
                if name not in placed and fnmatch(name, pat): placed[name] = (gi, pats.index(pat))
    for gi, (_, pats) in enumerate(leaves):
        if "*" in pats:
            for name, _, _ in entries:
                if name not in placed: placed[name] = (gi, 10**6)
    def links(gi):
        pats = leaves[gi][1]
        items = sorted((placed[n][1], i, {label: f}) for i, (n, label, f) in enumerate(entries)
                       if placed.get(n, (-1,))[0] == gi)
        out = [x[2] for x in items]
        if "@paper" in pats:  # the paper itself, an external link, where the group names it
            out.insert(min(pats.index("@paper"), len(out)), {"The paper (arXiv) ↗": site_pages.PAPER_URL})
        return out
    counter = iter(range(len(leaves)))
    def build(gs):
        nav = []
        for title, items in gs:
            if items and isinstance(items[0], tuple):
                sub = build(items)
                if sub: nav.append({title: sub})
            else:
                got = links(next(counter))
                if got: nav.append({title: got})
        return nav
    return build(groups)


def site_url() -> str:
    "The documentation's address: pyproject's [project.urls] Documentation"
    try: return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Documentation"]
    except (OSError, KeyError, ValueError): return ""


REPO_URL = "https://github.com/spot-nb/spot_nb"


def version() -> str:
    "The version the site documents: `__version__` in spot_nb/__init__.py (read, not imported)"
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)', (ROOT / "spot_nb" / "__init__.py").read_text(encoding="utf-8"),
                  re.M)
    return m.group(1) if m else "unknown"


def mkdocs_yml(docs_dir, site_dir, nav, sources: dict | None = None, figures: dict | None = None, built: str = ""):
    """The mkdocs configuration; `sources` maps a staged notebook (`core.ipynb`) to its address in the repository,
    `figures` a staged notebook to its images' [alt, caption] (site_hooks.py applies them), `built` the commit"""
    # JSON is valid YAML: no YAML library needed to write the config.
    v = version()
    cfg = {
        "site_name": f"spot_nb {v}",                  # the version it documents, in every page's header and title
        "site_description": "Lossless speculative decoding for diffusion LMs by commit-order prediction (SPOT)",
        "site_url": site_url(),
        "repo_url": REPO_URL, "edit_uri": "blob/main/docs/",   # docs/: the site-only pages' sources
        "copyright": (f'<span class="spot-version">spot_nb {v}</span>{(" · built from " + built) if built else ""} · '
                      f'reproduces <a href="{site_pages.PAPER_URL}">Rahimi, Mendelson and Baskin, '
                      f'&ldquo;{site_pages.PAPER_TITLE}&rdquo;</a> · <a href="cite.html">cite</a> · '
                      f'<a href="reproduce.html">reproduce</a>'),
        "docs_dir": str(docs_dir), "site_dir": str(site_dir),
        "use_directory_urls": False,  # pages are `name.html`, the names nbdev's docstring links use
        "theme": {"name": "material", "font": False,
                  "features": ["navigation.sections", "navigation.footer", "navigation.top", "toc.integrate",
                               "content.action.edit"]},
        "nav": nav,
        "hooks": [str(Path(__file__).resolve().parent / "site_hooks.py")],
        "extra": {"notebook_sources": sources or {}, "figure_captions": figures or {}, "version": v},
        "extra_css": ["assets/spot_nb.css"],
        "extra_javascript": ["assets/spot_nb.js"],     # no MathJax: site_render.py writes the maths as MathML
        "markdown_extensions": ["tables", "admonition", "toc", "attr_list", "md_in_html", "pymdownx.details",
                                "pymdownx.superfences",
                                {"pymdownx.highlight": {"use_pygments": True}},
                                {"pymdownx.arithmatex": {"generic": True}}],
        "plugins": ["search", {"mkdocs-jupyter": {
            # include_source: False: each page links its notebook in the repository instead (3 MB less)
            "execute": False, "include_source": False, "ignore_h1_titles": True, "no_prompt": True,
            "remove_tag_config": {"remove_input_tags": ["remove_input"], "remove_all_outputs_tags": ["remove_output"]},
        }}],
    }
    return json.dumps(cfg, indent=1, ensure_ascii=False)


def _fill_site_size(site: Path, text: str):
    "Write the measured size into the Reproduce page (and its search entry)"
    for f in (site / "reproduce.html", site / "search" / "search_index.json"):
        if f.is_file():
            f.write_text(f.read_text(encoding="utf-8").replace("its size is measured when the site is built", text),
                         encoding="utf-8")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nbs", default=str(ROOT / "nbs"))
    ap.add_argument("--out", default=str(ROOT / "site"), help="site output folder (default site/)")
    ap.add_argument("--execute", nargs="?", const="all", default="",
                    help="execute scratch copies before rendering: all notebooks, or comma-separated stems")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds allowed per executed notebook")
    ap.add_argument("--strict", action="store_true", help="pass --strict to mkdocs (warnings are errors)")
    a = ap.parse_args(argv)

    proc = ROOT / "_proc"
    docs = proc / "docs"
    shutil.rmtree(docs, ignore_errors=True)
    docs.mkdir(parents=True)
    nbs = sorted((p for p in Path(a.nbs).glob("*.ipynb") if not p.name.startswith(("_", "."))), key=_sort_key)
    if not nbs: sys.exit(f"no notebooks in {a.nbs}")
    names = {}
    for p in nbs: names.setdefault(page_name(p), []).append(p.name)
    clash = [v for v in names.values() if len(v) > 1]
    if clash: sys.exit(f"notebooks sharing one page name (nbdev drops the number): {clash}")
    failed, entries = [], []
    pages, published = notebook_pages(nbs), {f for f in site_pages.published_files(ROOT) if f.startswith("results/")}
    for p in nbs:
        dst = docs / f"{page_name(p)}.ipynb"
        if a.execute == "all" or p.stem in a.execute.split(","):
            # Execute a scratch copy *beside* the source, so relative paths (../data, ../figures) still resolve.
            tmp = p.parent / f".docs-exec-{p.name}"
            try:
                shutil.copy2(p, tmp)
                if not execute(tmp, a.timeout): failed.append(p.name)
                shutil.move(tmp, dst)
            finally: tmp.unlink(missing_ok=True)
        else: shutil.copy2(p, dst)
        stage_notebook(dst, dst, pages, published)
        title = title_of(json.loads(dst.read_text(encoding="utf-8")), p.stem)
        entries.append((page_name(p), nav_label(p.stem, title), dst.name))
    if not (Path(a.nbs) / "index.ipynb").exists():
        links = (f"* [{label}]({f.replace('.ipynb', '.html')})" for _, label, f in entries)
        (docs / "index.md").write_text("# spot_nb\n\n" + "\n".join(links))
        entries.insert(0, ("index", "Home", "index.md"))
    # Reference (the API and the command line, from the code); Reproduce, Cite, how-tos, Contributing (docs/)
    for md in [*site_reference.write_reference(docs), *site_pages.write_pages(ROOT, ROOT / "docs", docs)]:
        h1 = re.search(r"^#\s+(.+)$", (docs / md).read_text(encoding="utf-8"), re.M)
        entries.append((md, h1.group(1).strip() if h1 else Path(md).stem.title(), md))
    nav = grouped_nav(entries)
    if (ROOT / "figures").is_dir(): shutil.copytree(ROOT / "figures", docs / "figures")
    assets = docs / "assets"
    assets.mkdir()
    (assets / "spot_nb.css").write_text(SITE_CSS)
    (assets / "spot_nb.js").write_text(SITE_JS)
    (assets / "copy.svg").write_text(COPY_SVG)
    figures = {p.name: json.loads(p.read_text(encoding="utf-8")).get("metadata", {}).get("spot_figures", [])
               for p in docs.glob("*.ipynb")}
    cfg = proc / "mkdocs.yml"
    site = Path(a.out).resolve()
    sources = {f"{page_name(p)}.ipynb": f"{REPO_URL}/blob/main/nbs/{p.name}" for p in nbs}
    cfg.write_text(mkdocs_yml(docs, site, nav, sources, figures, site_pages.built_from(ROOT, html=True)),
                   encoding="utf-8")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(cfg)] + (["--strict"] if a.strict else [])
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # silence Material for MkDocs' end-of-life banner
    rc = subprocess.run(cmd, cwd=proc, env=env).returncode  # cwd: mkdocs-jupyter keeps its .cache/ there
    if rc == 0:
        for nb in sorted(docs.glob("*.ipynb")): write_markdown_twin(nb, site / f"{nb.stem}.html.md")
        shipped = site_pages.publish_downloads(ROOT, site)
        site_lean.externalize_images(site)
        site_lean.link_full_size(site)
        site_lean.palette_images(site)
        site_lean.share_inline_assets(site)
        site_lean.prune_theme(site)
        site_lean.tidy_search(site)
        size, n = site_lean.site_size(site)
        _fill_site_size(site, f"{size / 1e6:.1f} MB in {n} files when this page was built")
        size, n = site_lean.site_size(site)
        print(f"site written to {site} ({len(nbs)} notebooks: name.html pages and name.html.md twins; "
              f"{len(shipped)} records and figures to download): {size / 1e6:.1f} MB in {n} files")
    if failed: print("notebooks that failed to execute (rendered with partial outputs): " + ", ".join(failed))
    return rc or (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
