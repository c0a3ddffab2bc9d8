"""The documentation site's builder and checker, cheaply (no site is built here; `tools/check_site.py site` checks a
built one, browser included).

* every notebook's outputs, staged as the builder stages them, carry no progress bar, empty stderr strip or machine
  path;
* the builder's cleaning, links and navigation on small cases, and the checker catching what it must.
"""
import importlib.util, sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if any(importlib.util.find_spec(m) is None for m in ("mkdocs", "mkdocs_jupyter", "nbconvert", "bs4")):
    pytest.skip("the docs toolchain (mkdocs, mkdocs-jupyter) is not installed", allow_module_level=True)
sys.path.insert(0, str(ROOT / "tools"))
import build_docs, check_site  # noqa: E402


def test_rendered_outputs_clean():
    "What the site would show of every notebook's outputs: no bar, no empty stderr strip, no machine path"
    rep = check_site.check_notebooks(ROOT / "nbs", check_site.Report())
    assert not rep.errors, "\n".join(f"{page}: {msg}: {snip!r}" for _, page, msg, snip in rep.errors)


def _stream(text, name="stderr"): return {"output_type": "stream", "name": name, "text": text}


def test_scrub_outputs():
    widget = {"output_type": "display_data", "metadata": {},
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2,
                                                                    "version_minor": 0},
                       "text/plain": "epoch 1/8:   0%|          | 0/1857 [00:00<?, ?it/s]"}}
    frames = _stream("\repoch 1/10:   0%|          | 0/5 [00:00<?, ?it/s]\repoch 1/10: 100%|##########| 5/5 "
                     "[00:01<00:00]\n")
    mixed = _stream("UserWarning: careful\n\rLoading:  50%|#    | 1/2\rLoading: 100%|##| 2/2\n")
    table = {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
             "data": {"text/plain": "saved /work/main/nbs/../results/x.json and /tmp/tmpab12cd/out.png"}}
    out = build_docs.scrub_outputs([widget, frames, _stream("\n"), mixed, _stream("/root/.cache/x\n", "stdout"), table])
    assert [o.get("name") for o in out] == ["stderr", "stdout", None]       # widget, bar-only and empty streams gone
    assert out[0]["text"] == "UserWarning: careful\n"
    assert out[1]["text"] == "~/.cache/x\n"
    assert out[2]["data"]["text/plain"] == "saved results/x.json and $TMPDIR/out.png"
    tb = build_docs.scrub_outputs([{"output_type": "error", "ename": "E", "evalue": "/home/bob/x", "traceback":
                                    ['File "/work/main/.venv/lib/python3.11/site-packages/torch/nn.py"']}])[0]
    assert tb["evalue"] == "~/x" and tb["traceback"] == ['File "site-packages/torch/nn.py"']
    assert build_docs.scrub_paths("runs/tmp/x and ../data/y") == "runs/tmp/x and ../data/y"   # relative paths stay


def test_checker_catches_residue():
    kinds = [k for k, _ in check_site.residue("training:  50%|#####     | 30/60 [00:00<?, ?it/s] in /tmp/abc/x")]
    assert kinds == ["progress bar", "machine path"]
    assert check_site.residue("64%|  of tokens | 7 columns, $TMPDIR/x, ~/y, results/z") == []


def test_text_tables():
    import pandas as pd
    df = pd.DataFrame(dict(method=["draft-free", "SPOT D1", "SPOT D8", "SPOT D12"], nfe=[131, 91, 61, 60],
                           ratio=[1.0, 1.44, 2.15, 2.18]))
    assert check_site.text_table(df.to_string()) and check_site.text_table(str(df.set_index("method")))
    helptext = ("options:\n  -h, --help            show this help message and exit\n"
                "  --prompt TEXT         a prompt to decode; "
                "repeat for several\n  --prompts N           how many built-in prompts\n"
                "  --gen-length G        tokens to generate")
    assert not check_site.text_table(helptext)


def test_links_and_nav():
    pages = {"09": "stale_coverage.html", "11": "order_model.html", "22": "cost_aware.html", "07b": "arith_task.html"}
    md = ("| what | share | notebook |\n|---|---|---|\n| stale | 64% | 09 |\n| a | b | 07b, 11 |\n"
          "notebooks 09 and 11; `notebook 22`; [notebook 22](x.html); `22_cost_aware`\n\n"
          "| depth | accuracy | d |\n|---|---|---|\n| x | 0.5 | 11 |")
    got = build_docs.link_notebook_refs(md, pages, here="order_model.html")
    assert got.splitlines()[2] == "| stale | 64% | [09](stale_coverage.html) |"
    assert got.splitlines()[-1] == "| x | 0.5 | 11 |"                      # not a notebook column: a number, no link
    assert "| [07b](arith_task.html), 11 |" in got                        # no link from a page to itself
    assert "notebooks [09](stale_coverage.html) and 11;" in got
    assert "`notebook 22`; [notebook 22](x.html); [`22_cost_aware`](cost_aware.html)" in got
    entries = [("index", "Home", "index.ipynb"), ("core", "02 · Core", "core.ipynb"),
               ("cli", "46 · CLI", "cli.ipynb"),
               ("paper_stale_coverage", "15 · Stale", "paper_stale_coverage.ipynb"),
               ("train_order_model", "19 · Train", "train_order_model.ipynb"),
               ("paper_competent", "51 · SPOT", "paper_competent.ipynb"),
               ("paper_gpu_bench", "53 · GPU", "paper_gpu_bench.ipynb"), ("reproduce.md", "Reproduce", "reproduce.md"),
               ("reference.md", "Python API", "reference.md")]
    nav = build_docs.grouped_nav(entries)
    assert [next(iter(g)) for g in nav] == ["What SPOT is", "Use it", "How SPOT works", "Findings", "How-to",
                                            "Reference", "Internals"]
    assert [next(iter(x)) for x in nav[0]["What SPOT is"]] == ["Home", "The paper (arXiv) ↗"]
    assert [next(iter(x)) for x in nav[2]["How SPOT works"]] == ["15 · Stale"]
    findings = {next(iter(g)): [next(iter(x)) for x in g[next(iter(g))]] for g in nav[3]["Findings"]}
    assert findings == {"The embedded target": ["19 · Train"], "The competent target": ["51 · SPOT"],
                        "GPU": ["53 · GPU"]}
    assert nav[-1] == {"Internals": [{"Targets and tasks": [{"02 · Core": "core.ipynb"}]}]}
    assert build_docs.nav_label("09_stale_coverage", "Stale coverage: the tokens are known") == "09 · Stale coverage"


def test_code_folding():
    "Long code cells of the results pages, and cells marked `#| code-fold: true`, are folded; their outputs are not"
    long = "\n".join(f"x{i} = {i}" for i in range(build_docs.FOLD_LINES + 1))
    assert build_docs.folded({}, long, "paper_tables.html") and not build_docs.folded({}, "x = 1", "paper_tables.html")
    assert not build_docs.folded({}, long, "core.html") and build_docs.folded({"code-fold": "true"}, "x = 1",
                                                                              "core.html")
    assert not build_docs.folded({"code-fold": "false"}, long, "paper_tables.html")
    assert build_docs.folded({"export": ""}, "def f(): pass", "api.html") and not build_docs.folded({"export": ""}, "x",
                                                                                                    "core.html")
    import site_lean
    cell = ('<div class="jp-Cell jp-CodeCell jp-Notebook-cell celltag_spot_fold" id="cell-id=a">'
            '<div class="jp-Cell-inputWrapper" tabindex="0"><div class="x"><pre>a = 1\nb = 2</pre></div></div>'
            '<div class="jp-Cell-outputWrapper"><div>out</div></div></div>')
    html = site_lean.fold_code(cell)
    assert html.count("<details") == 1 and "Code (2 lines)" in html
    assert html.index("</details>") < html.index("jp-Cell-outputWrapper")          # the output stays outside
    assert site_lean.fold_code(cell.replace("celltag_spot_fold", "")) == cell.replace("celltag_spot_fold", "")


# ---------------------------------------------------------------------------------------------------------------
# issue 44: what the site promises a reader, checked without building it

import fnmatch, json, re, shlex, shutil, tempfile  # noqa: E402

DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def staged():
    "Every notebook staged as the builder stages it: {name: notebook JSON}"
    out = {}
    with tempfile.TemporaryDirectory() as d:
        for src in sorted((ROOT / "nbs").glob("*.ipynb")):
            if src.name.startswith(("_", ".")): continue
            dst = Path(d) / src.name
            shutil.copy2(src, dst)
            build_docs.stage_notebook(dst, dst)
            out[src.stem] = json.loads(dst.read_text(encoding="utf-8"))
    return out


def test_readme_is_one_screen():
    """Item 1: the README (generated from nbs/index.ipynb) is short, says what SPOT is, sets up in two commands, and
    every"""
    "number of its results table carries a claim tag naming an entry of results/claims.json"
    rep = check_site.check_home_markdown((ROOT / "README.md").read_text(encoding="utf-8"), check_site.Report(),
                                         claims=check_site.claims_names())
    assert not rep.errors, "\n".join(f"{msg}: {snip!r}" for _, _, msg, snip in rep.errors)


METHOD_PAGES = ("07_verify", "15_paper_stale_coverage", "16_drafters_oracle", "18_order_model", "20_drafters_ddtree",
                "21_drafters_spot")


@pytest.mark.parametrize("name", METHOD_PAGES)
def test_method_page_opens_with_its_idea(name):
    "Issue 55, item 5: each page of how SPOT works opens with its idea and a display equation, before any code"
    cells = json.loads((ROOT / "nbs" / f"{name}.ipynb").read_text(encoding="utf-8"))["cells"]
    opening = "".join("".join(c["source"]) for c in cells[:next(i for i, c in enumerate(cells)
                                                                  if c["cell_type"] == "code")])
    assert "**The idea.**" in opening and re.search(r"\$\$.+?\$\$", opening, re.S), name


def _what_we_found(nb: dict) -> str | None:
    """A notebook's "What we found" section (a heading or a bold lead-in) up to the next heading, tags and notes out"""
    md = "\n\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    m = re.search(r"(?:^## What we found|^\*\*What we found[^*]*\*\*)(.*?)(?=^#{1,4} |\Z)", md, re.S | re.M)
    return m and re.sub(r"<!--.*?-->|^\*Run All:.*$", "", m.group(1), flags=re.M)


def test_findings_read_in_a_minute():
    """Issue 55, item 4: on every findings page and every page of how SPOT works, "What we found" is led by a table of
    its headline numbers and holds about 250 words at most (details go below, under a heading of their own)"""
    groups = dict(build_docs.NAV_GROUPS)
    patterns = [*groups["How SPOT works"], *(p for _, ps in groups["Findings"] for p in ps)]
    checked = 0
    for path in sorted((ROOT / "nbs").glob("[0-9]*.ipynb")):
        if not any(fnmatch.fnmatch(build_docs.page_name(path), p) for p in patterns): continue
        body = _what_we_found(json.loads(path.read_text(encoding="utf-8")))
        if body is None: continue
        rows = [ln for ln in body.splitlines() if ln.startswith("|")]
        words = len(re.findall(r"[^\s|]+", "\n".join(ln for ln in body.splitlines() if not ln.startswith("|---"))))
        assert rows, f"{path.name}: no table of headline numbers in What we found"
        assert words <= 260, f"{path.name}: What we found holds {words} words (about 250 at most)"
        checked += 1
    assert checked >= 12, checked


def test_figures_link_their_full_size(tmp_path):
    "Issue 55, item 4: a captioned figure links its image at full size, legible on a phone"
    import site_lean, site_render
    img = '<img alt="' + site_render.DEFAULT_ALT + '" src="data:image/png;base64,iVBORw0KGgo=">'
    html, missing = site_render.caption_figures(f"<p>x</p>{img}", [["a plot", "What it shows; no intervals."]])
    assert not missing and "spot-full-link" in html
    (tmp_path / "p.html").write_text(html)
    site_lean.externalize_images(tmp_path)
    assert site_lean.link_full_size(tmp_path) == 1
    page = (tmp_path / "p.html").read_text()
    src = re.search(r'<img[^>]*src="([^"]+)"', page).group(1)
    assert src.startswith("p_files/") and f'class="spot-full-link" href="{src}">Full size</a>' in page


HINDSIGHT = re.compile(r"\bbest\b[^.|;]{0,40}\b(budgets?|ceilings?|throughput)\b|\bBest against best\b")


def test_hindsight_figures_labelled():
    """Issue 54, item 2: a figure picked in hindsight (a best budget, ceiling or throughput) says so where the README or
    a "What we found" section quotes it, in the same table cell or sentence"""
    texts = {"README.md": (ROOT / "README.md").read_text(encoding="utf-8")}
    for path in sorted((ROOT / "nbs").glob("[0-9]*.ipynb")):
        body = _what_we_found(json.loads(path.read_text(encoding="utf-8")))
        if body: texts[path.name] = body
    bad = []
    for name, text in texts.items():
        for clause in re.split(r"\||(?<=[.;])\s", text):
            if HINDSIGHT.search(clause) and re.search(r"\d", clause) and not re.search(
                    r"hindsight|chosen on these records|in its favour", clause):
                bad.append(f"{name}: {clause.strip()[:120]}")
    assert not bad, bad


def test_readme_first_screen_checked():
    "Issue 55, item 1: the check fails a README without the method's picture, or with the results below the set-up"
    md = (ROOT / "README.md").read_text(encoding="utf-8")
    check = lambda text: [m for _, _, m, _ in check_site.check_home_markdown(text, check_site.Report()).errors]
    assert not check(md)
    no_picture = re.sub(r"!\[[^\]]+\]\(figures/spot_method\.png\)", "", md)
    assert any("picture of the method" in m for m in check(no_picture))
    results, setup = md.index("## Results at a glance"), md.index("## Set up")
    swapped = md[:results] + md[setup:md.index("## Use it")] + md[results:setup] + md[md.index("## Use it"):]
    assert any("first screen" in m for m in check(swapped))


def test_home_example_reads_as_text():
    "Item 1: the home page's example prints readable text (the competent target's worked solution)"
    nb = json.loads((ROOT / "nbs" / "index.ipynb").read_text(encoding="utf-8"))
    outs = ["".join(o.get("text", "")) for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
            if o.get("output_type") == "stream" and o.get("name") == "stdout"]
    assert any(check_site.readable(o) for o in outs), outs
    assert not check_site.readable('""" """ """ """ """ """ def __init(self(self(self(self(self(')


def test_nav_in_readers_order(staged):
    "Item 5: the real pages' navigation: the groups in the reader's order, the findings where a reader looks for them"
    entries = [(build_docs.page_name(Path(k + ".ipynb")), k, f"{build_docs.page_name(Path(k + '.ipynb'))}.ipynb")
               for k in staged]
    entries += [(p.name, p.stem, p.name) for p in sorted(DOCS.glob("*.md"))] + [(n, n, n)
                                                                                for n in ("reference.md",
                                                                                          "cli-reference.md")]
    nav = build_docs.grouped_nav(entries)
    assert [next(iter(g)) for g in nav] == ["What SPOT is", "Use it", "How SPOT works", "Findings", "How-to",
                                            "Reference", "Internals"]
    method = [v for x in nav[2]["How SPOT works"] for v in x.values()]                  # in the method's order
    order = ["paper_stale_coverage", "drafters_oracle", "order_model", "drafters_ddtree", "drafters_spot", "verify"]
    assert method == [f"{p}.ipynb" for p in order if f"{p}.ipynb" in method] and "verify.ipynb" in method
    findings = {next(iter(g)): {v for x in g[next(iter(g))] for v in x.values()} for g in nav[3]["Findings"]}
    assert [*findings] == build_docs.FINDINGS_GROUPS[:len(findings)]
    placed = {v for g in findings.values() for v in g}
    for page in ("paper_bench.ipynb", "paper_gpu_bench.ipynb", "paper_competent.ipynb", "paper_tables.ipynb"):
        assert page in placed, page
    howto = {v for x in nav[4]["How-to"] for v in x.values()}
    assert {"howto-own-checkpoint.md", "howto-paper-tables.md", "howto-extend.md", "contributing.md"} <= howto


def test_maintainer_notes_folded_at_the_end(staged):
    "Item 5: no page opens with the maintainers' Run All note; it sits at the page's end, folded"
    for name, nb in staged.items():
        md = [build_docs._src(c) for c in nb["cells"] if c["cell_type"] == "markdown"]
        opening = [m for m in md if "maintainers-note" not in m][:2]
        assert not any(re.search(r"^\*Run All:", m, re.M) for m in opening), name
        if any("Run All: about" in m for m in md):
            assert md[-1].startswith('<details class="spot-maint">'), name


def test_every_figure_captioned(staged):
    "Item 4: every output image has alt text and a one-line caption saying whether it draws intervals, no spread "
    "written like an interval"
    n = 0
    for name, nb in staged.items():
        for i, cap in enumerate(nb["metadata"].get("spot_figures", [])):
            assert cap, f"{name}: figure {i + 1} has no caption (tools/site_captions.py)"
            alt, text = cap
            assert alt and "\n" not in text and "interval" in text.lower(), (name, text)
            assert not check_site.DASH_RANGE.search(text), (name, text)
            n += 1
    assert n >= 17


def test_maths_renders_offline():
    "Item 4: every TeX span of the notebooks' prose becomes MathML (no MathJax, no network)"
    pytest.importorskip("latex2mathml")
    import site_render
    html = ('<div class="jp-Cell jp-MarkdownCell"><div class="jp-RenderedHTMLCommon jp-RenderedMarkdown">'
            '<p>commits $x_{t}$ then $p̂_{s}$; $5 and $6 stay</p><pre>$a$</pre></div></div>')
    out = site_render.render_math(html, notebook=True)
    assert out.count("<math") == 2 and "$5 and $6" in out and "<pre>$a$</pre>" in out
    for p in sorted((ROOT / "nbs").glob("*.ipynb")):
        for c in json.loads(p.read_text(encoding="utf-8"))["cells"]:
            if c["cell_type"] != "markdown": continue
            src = re.sub(r"```.*?```|`[^`\n]*`", "", build_docs._src(c), flags=re.S)
            for m in re.finditer(r"\$\$(.+?)\$\$|(?<![\\$\w])\$(?![\s\d$])([^$\n]+?)(?<![\s\\])\$", src, re.S):
                assert site_render.tex_to_mathml(m.group(1) or m.group(2)), (p.name, m.group(0))


def test_search_sees_prose_only():
    "Item 4: what the search indexes of a page: no code, outputs, copy buttons or fold labels"
    import site_render
    page = ('<div class="jp-Cell jp-MarkdownCell"><div class="jp-Cell-inputWrapper"><div class="x"><p>What we found</p>'
            '</div></div></div><div class="jp-Cell jp-CodeCell jp-Notebook-cell" id="c1"><div '
            'class="jp-Cell-inputWrapper">'
            '<div><button class="clipboard-copy"><span class="notice" hidden>Copied!</span></button><pre>x = '
            '1</pre></div></div>'
            '<div class="jp-Cell-outputWrapper"><div><pre>1</pre></div></div></div>'
            '<details class="spot-maint"><summary>For maintainers</summary><p>Run All: about 1 min</p></details>')
    view = site_render.search_view(page)
    assert "What we found" in view
    for gone in ("Copied!", "x = 1", "<pre>", "For maintainers", "Run All"): assert gone not in view, gone


def test_reference_examples_run():
    "Item 2: every example of the Python API page runs, in order, in one session, and prints what the page shows"
    import site_reference
    printed = site_reference.run_examples()
    for _, items in site_reference.API:
        for spec, _ in items:
            site_reference._obj(spec)                                    # the name it documents exists
            assert printed[spec].strip(), f"the example of {spec} prints nothing"


def test_reference_covers_every_public_name():
    """Issue 55, item 3: the Python API page has an entry for every public name of the modules it covers, and every
    function or class of them with parameters has a parameter table (name, type, default, meaning)"""
    import site_reference
    page = site_reference.api_page(printed={})
    heads = re.findall(r"^#{3,4} `(\w+)`", page, re.M)
    missing = [spec for spec in site_reference.module_names() if spec.split(":")[1] not in heads]
    assert not missing, missing[:5]
    entries = [b for b in re.split(r"^#{3,4} ", page, flags=re.M)[1:] if not b.startswith("`spot_nb.")]   # not modules
    assert len(entries) >= len(site_reference.module_names())
    assert all("[source](" in b for b in entries), [b.split("\n")[0] for b in entries if "[source](" not in b][:5]
    for spec in ("spot_nb.decode:decode", "spot_nb.calibration:cost_aware_drafter", "spot_nb.order_model:OrderMLP"):
        entry = site_reference.render_object(spec)
        assert "| parameter | type | default | meaning |" in entry, spec
    entry = site_reference.render_object("spot_nb.api:generate")
    assert "| `prompt` | `str | torch.Tensor | list[int]` |  | text, or token ids |" in entry  # a trailing comment
    assert "**Raises**" in site_reference.render_object("spot_nb.decode:DecodeConfig")      # read from its body


def _shell_commands(text: str) -> list[str]:
    "The `spot-nb ...` commands in a page's bash blocks (continuation lines joined, a torchrun prefix dropped)"
    out = []
    for block in re.findall(r"```(?:bash|sh)\n(.*?)```", text, re.S):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"^.*?--no-python\s+", "", line.split("  #")[0]).strip()
            if line.startswith("spot-nb "): out.append(line)
    return out


def test_cli_commands_in_the_docs_parse():
    "Items 2 and 3: every command on the CLI reference, the how-tos and the README is one the CLI accepts"
    import site_reference
    parser = site_reference.cli_parser()
    subs = site_reference._subparsers(parser)
    assert set(subs) <= set(site_reference.CLI_EXAMPLES), ("a subcommand without an example: "
                                                           f"{set(subs) - set(site_reference.CLI_EXAMPLES)}")
    cmds = [c for k, v in site_reference.CLI_EXAMPLES.items() if k in subs for c in v]
    for page in [*sorted(DOCS.glob("*.md")), ROOT / "README.md"]:
        cmds += _shell_commands(page.read_text(encoding="utf-8"))
    assert len(cmds) >= 10
    import argparse
    for c in cmds:
        words = shlex.split(c)[1:]
        try: parser.parse_args(words)
        except SystemExit: raise AssertionError(f"the CLI refuses a documented command: {c}")
        visible = {o for a in subs[words[0]]._actions if a.help != argparse.SUPPRESS for o in a.option_strings}
        for w in words[1:]:
            if w.startswith("--"): assert w.split("=")[0] in visible, (f"{c}: {w} is not a documented option (an old "
                                                                       "name?)")


def test_howto_paper_tables_names_real_grids():
    "Item 3: every grid the how-to names is one notebook 23 runs, with its records committed"
    from spot_nb.paper.tables import GRIDS
    text = (DOCS / "howto-paper-tables.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(\w+_(?:n\d+|mbpp|calibration)\w*)`", text))
    assert len(named) >= 9
    for g in named:
        assert g in GRIDS, g
        assert (ROOT / "results" / "records" / f"{g}.jsonl.gz").is_file(), g


def test_workflows_publish_the_site():
    "Item 6: the workflows are valid YAML; one builds the site on pushes to main and deploys it to GitHub Pages"
    import yaml
    flows = {p.name: yaml.safe_load(p.read_text(encoding="utf-8"))
             for p in (ROOT / ".github" / "workflows").glob("*.yml")}
    pages = flows["pages.yml"]
    on = pages.get("on", pages.get(True))              # YAML 1.1 reads the key `on` as True
    assert on["push"]["branches"] == ["main"]
    steps = [s.get("uses", "") + " " + s.get("run", "") for j in pages["jobs"].values() for s in j.get("steps", [])]
    assert any("tools/build_docs.py" in s for s in steps) and any("deploy-pages" in s for s in steps)
    assert any("upload-pages-artifact" in s for s in steps)


def test_findings_pages_fold_their_code():
    "Every page of the nav's Findings group folds its long code cells (issue 55): the findings read first."
    findings = [n for title, groups in build_docs.NAV_GROUPS if title == "Findings" for _, names in groups for n in names
                if not any(ch in n for ch in "*?[")]
    assert findings and not [n for n in findings if f"{n}.html" not in build_docs.FOLD_PAGES]


def test_search_index_tidied(tmp_path):
    "The search index a reader meets: no permalink mark in titles, long entries cut at a word boundary (issue 55)"
    import json, site_lean
    (tmp_path / "search").mkdir()
    long = "word " * 4000
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"docs": [
        {"location": "a.html#x", "title": "The result¶", "text": "short"},
        {"location": "b.html", "title": "Long", "text": long}]}))
    assert site_lean.tidy_search(tmp_path, max_chars=1000) == 2
    docs = json.loads((tmp_path / "search" / "search_index.json").read_text())["docs"]
    assert docs[0]["title"] == "The result" and docs[0]["text"] == "short"
    assert len(docs[1]["text"]) <= 1000 and docs[1]["text"].endswith("word…")
