#!/usr/bin/env python3
"""Build the documentation site from the notebooks (stands in for `nbdev-docs`, which needs Quarto).

The notebooks in nbs/ are committed *with* their outputs; this renders them as they are (no execution)
into a static site with mkdocs + mkdocs-jupyter:

    python3 tools/build_docs.py                # -> site/  (open site/index.html, or serve it:)
    python3 -m http.server -d site -b 127.0.0.1 8000
    python3 tools/build_docs.py --execute      # execute scratch copies first (sources untouched)
    python3 tools/build_docs.py --execute 00_core,07_decode   # ... only these

Any python3 will do: without mkdocs it re-runs itself with the project's .venv/bin/python (no activation).

Notebooks are staged in _proc/docs/ (git-ignored) with nbdev directives applied: cells marked `#| hide`
(or `#| include: false`) are dropped, `#| echo: false` shows only the outputs, and the `#| ...` directive
lines are stripped from the code shown; tqdm progress bars (stderr) are left out. `figures/` is copied
next to them (markdown links `../figures/x.png` are pointed there). The mkdocs configuration is generated
into _proc/mkdocs.yml with the nav ordered by notebook number and index.ipynb as the home page.

Page names follow nbdev, so that the `Docs: <doc_url>/<name>.html.md` line nbdev writes into every module
docstring resolves: notebook `NN_name.ipynb` becomes `name.html`, and beside it `name.html.md`, the page as
markdown (nbdev's plain-text twin of each page). Math (`$...$`, `$$...$$`) is typeset by MathJax (from a CDN
unless `--mathjax` names a local copy); prompts (`In [ ]:`) are hidden; wide outputs and tables scroll.
"""
import argparse, json, os, re, shutil, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_VENV_PY = ROOT / ".venv" / "bin" / "python"
try: import mkdocs, mkdocs_jupyter, nbconvert  # noqa: F401
except ImportError:  # run by a python without the docs toolchain: use the project's venv, no activation needed
    if _VENV_PY.exists() and Path(sys.prefix).resolve() != _VENV_PY.parents[1].resolve():
        os.execv(str(_VENV_PY), [str(_VENV_PY), *sys.argv])
    sys.exit("the docs toolchain is missing: `.venv/bin/pip install -e '.[dev]'` (mkdocs, mkdocs-jupyter)")

from nbcells import cell_source as _src, directives as _nb_directives

MATHJAX_CDN = "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"
# MathJax 3 for prose only: markdown cells and markdown/LaTeX outputs (nbconvert keeps `$...$` as written) and
# arithmatex's spans on markdown pages; never code cells, their text outputs or their copy-button text.
MATHJAX_CONFIG = """window.MathJax = {
  tex: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]],
        processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: "jp-CodeCell|clipboard-copy-txt", processHtmlClass: "jp-RenderedMarkdown|jp-RenderedLatex"}
};
"""
# Notebook pages: no prompts; content as wide as the screen allows (the page's contents sit in the left
# sidebar, `toc.integrate`); figures never wider than the page, full size on click; wide outputs and tables
# scroll instead of being cut. (`.md-content` outranks the notebook CSS inlined after this file.)
SITE_CSS = """.md-grid { max-width: 1600px; }
.md-content .jupyter-wrapper .jp-InputPrompt, .md-content .jupyter-wrapper .jp-OutputPrompt { display: none; }
.md-content .jupyter-wrapper .jp-OutputArea-output, .md-content .jupyter-wrapper .jp-RenderedHTMLCommon { overflow-x: auto; max-width: 100%; }
.md-content .jupyter-wrapper .jp-RenderedText pre { white-space: pre; word-break: normal; overflow-wrap: normal; overflow-x: auto; }
.md-content .jupyter-wrapper .jp-RenderedHTMLCommon table { max-width: none; }
.md-content .jupyter-wrapper .jp-OutputArea-output img { max-width: 100%; height: auto; cursor: zoom-in; }
.md-content .jupyter-wrapper .jp-OutputArea-output img.spot-full { max-width: none; cursor: zoom-out; }
"""
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


def is_progress_bar(output) -> bool:
    "A tqdm progress stream (stderr carriage-return frames): useful live, noise on a static page."
    text = "".join(output.get("text", "")) if output.get("output_type") == "stream" else ""
    return output.get("name") == "stderr" and bool(re.search(r"\d+%\|", text))


def page_name(nb: Path) -> str:
    "nbdev's page name for a notebook: numeric prefix dropped, lower case (`90_cli.ipynb` -> `cli`)"
    return re.sub(r"^\d+[a-zA-Z0-9]*_", "", nb.stem.lower())


def stage_notebook(src, dst):
    "Rewrite notebook `src` to `dst` applying nbdev's display directives; return its title"
    nb = json.loads(src.read_text(encoding="utf-8"))
    cells = []
    for c in nb["cells"]:
        c.get("metadata", {}).pop("execution", None)  # execnb's timings are not nbformat-valid
        d, body = _nb_directives(_src(c))
        if "hide" in d or d.get("include") == "false" or "default_exp" in d and not body.strip(): continue
        if c["cell_type"] == "markdown":  # pages sit at the site root, beside figures/
            c["source"] = re.sub(r"\]\((?:\.\./)+figures/", "](figures/", _src(c))
        if c["cell_type"] == "code":
            if not body.strip() and not c.get("outputs"): continue
            c["source"] = body.strip("\n")
            c["outputs"] = [o for o in c.get("outputs", []) if not is_progress_bar(o)]
            tags = c.setdefault("metadata", {}).setdefault("tags", [])
            if d.get("echo") == "false" or not body.strip(): tags.append("remove_input")
            if d.get("output") == "false": tags.append("remove_output")
        cells.append(c)
    nb["cells"] = cells
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
        print(f"TIMEOUT executing {nb_path.name} after {timeout}s"); return False


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


def mkdocs_yml(docs_dir, site_dir, nav, mathjax=MATHJAX_CDN):
    # JSON is valid YAML: no YAML library needed to write the config.
    cfg = {
        "site_name": "spot_nb",
        "site_description": "Lossless speculative decoding for diffusion LMs by commit-order prediction (SPOT)",
        "repo_url": "https://github.com/spot-nb/spot_nb",
        "docs_dir": str(docs_dir), "site_dir": str(site_dir),
        "use_directory_urls": False,  # pages are `name.html`, the names nbdev's docstring links use
        "theme": {"name": "material", "font": False, "features": ["navigation.top", "toc.integrate"]},
        "nav": nav,
        "extra_css": ["assets/spot_nb.css"],
        "extra_javascript": ["assets/mathjax-config.js", mathjax, "assets/spot_nb.js"],
        "markdown_extensions": ["tables", "admonition", "toc", {"pymdownx.arithmatex": {"generic": True}}],
        "plugins": ["search", {"mkdocs-jupyter": {
            "execute": False, "include_source": True, "ignore_h1_titles": True, "no_prompt": True,
            "remove_tag_config": {"remove_input_tags": ["remove_input"], "remove_all_outputs_tags": ["remove_output"]},
        }}],
    }
    return json.dumps(cfg, indent=1, ensure_ascii=False)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nbs", default=str(ROOT / "nbs"))
    ap.add_argument("--out", default=str(ROOT / "site"), help="site output folder (default site/)")
    ap.add_argument("--execute", nargs="?", const="all", default="",
                    help="execute scratch copies before rendering: all notebooks, or comma-separated stems")
    ap.add_argument("--timeout", type=int, default=1800, help="seconds allowed per executed notebook")
    ap.add_argument("--strict", action="store_true", help="pass --strict to mkdocs (warnings are errors)")
    ap.add_argument("--mathjax", default=MATHJAX_CDN,
                    help="MathJax 3 script: a URL, or a local folder holding es5/tex-mml-chtml.js (copied into the site)")
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
    nav, failed = [], []
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
        stage_notebook(dst, dst)
        title = title_of(json.loads(dst.read_text(encoding="utf-8")), p.stem)
        nav.append({("Home" if p.stem == "index" else f"{p.stem.split('_')[0]} · {title}"): dst.name})
    if not (Path(a.nbs) / "index.ipynb").exists():
        links = (f"* [{k}]({v.replace('.ipynb', '.html')})" for d in nav for k, v in d.items())
        (docs / "index.md").write_text("# spot_nb\n\n" + "\n".join(links))
        nav.insert(0, {"Home": "index.md"})
    if (ROOT / "figures").is_dir(): shutil.copytree(ROOT / "figures", docs / "figures")
    assets = docs / "assets"; assets.mkdir()
    (assets / "spot_nb.css").write_text(SITE_CSS); (assets / "spot_nb.js").write_text(SITE_JS)
    (assets / "mathjax-config.js").write_text(MATHJAX_CONFIG)
    mathjax = a.mathjax
    if Path(mathjax).is_dir():  # a local MathJax: the site works offline
        shutil.copytree(Path(mathjax) / "es5", assets / "mathjax")
        mathjax = "assets/mathjax/tex-mml-chtml.js"
    cfg = proc / "mkdocs.yml"
    site = Path(a.out).resolve()
    cfg.write_text(mkdocs_yml(docs, site, nav, mathjax), encoding="utf-8")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(cfg)] + (["--strict"] if a.strict else [])
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")  # silence Material for MkDocs' end-of-life banner
    rc = subprocess.run(cmd, cwd=proc, env=env).returncode  # cwd: mkdocs-jupyter keeps its .cache/ there
    if rc == 0:
        for nb in sorted(docs.glob("*.ipynb")): write_markdown_twin(nb, site / f"{nb.stem}.html.md")
        print(f"site written to {site} ({len(nbs)} notebooks: name.html pages and name.html.md twins)")
    if failed: print("notebooks that failed to execute (rendered with partial outputs): " + ", ".join(failed))
    return rc or (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
