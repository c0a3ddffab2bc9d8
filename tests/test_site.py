"""The documentation site's builder and checker, cheaply (no site is built here; `tools/check_site.py site` checks a
built one, browser included).

* every notebook's outputs, staged as the builder stages them, carry no progress bar, empty stderr strip or machine path;
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
              "data": {"application/vnd.jupyter.widget-view+json": {"model_id": "x", "version_major": 2, "version_minor": 0},
                       "text/plain": "epoch 1/8:   0%|          | 0/1857 [00:00<?, ?it/s]"}}
    frames = _stream("\repoch 1/10:   0%|          | 0/5 [00:00<?, ?it/s]\repoch 1/10: 100%|##########| 5/5 [00:01<00:00]\n")
    mixed = _stream("UserWarning: careful\n\rLoading:  50%|#    | 1/2\rLoading: 100%|##| 2/2\n")
    table = {"output_type": "execute_result", "metadata": {}, "execution_count": 1,
             "data": {"text/plain": "saved /work/main/nbs/../results/x.json and /tmp/tmpab12cd/out.png"}}
    out = build_docs.scrub_outputs([widget, frames, _stream("\n"), mixed, _stream("/root/.cache/x\n", "stdout"), table])
    assert [o.get("name") for o in out] == ["stderr", "stdout", None]       # widget, bar-only and empty streams gone
    assert out[0]["text"] == "UserWarning: careful\n"
    assert out[1]["text"] == "~/.cache/x\n"
    assert out[2]["data"]["text/plain"] == "saved results/x.json and $TMPDIR/out.png"
    tb = build_docs.scrub_outputs([{"output_type": "error", "ename": "E", "evalue": "/home/bob/x",
                                    "traceback": ['File "/work/main/.venv/lib/python3.11/site-packages/torch/nn.py"']}])[0]
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
    helptext = ("options:\n  -h, --help            show this help message and exit\n  --prompt TEXT         a prompt to decode; "
                "repeat for several\n  --prompts N           how many built-in prompts\n  --gen-length G        tokens to generate")
    assert not check_site.text_table(helptext)


def test_links_and_nav():
    pages = {"09": "stale_coverage.html", "11": "order_model.html", "22": "cost_aware.html", "07b": "arith_task.html"}
    md = "| stale | 64% | 09 |\n| a | b | 07b, 11 |\nnotebooks 09 and 11; `notebook 22`; [notebook 22](x.html); `22_cost_aware`"
    got = build_docs.link_notebook_refs(md, pages, here="order_model.html")
    assert got.splitlines()[0] == "| stale | 64% | [09](stale_coverage.html) |"
    assert "| [07b](arith_task.html), 11 |" in got                        # no link from a page to itself
    assert "notebooks [09](stale_coverage.html) and 11;" in got
    assert "`notebook 22`; [notebook 22](x.html); [`22_cost_aware`](cost_aware.html)" in got
    entries = [("index", "Home", "index.ipynb"), ("core", "00 · Core", "core.ipynb"), ("cli", "90 · CLI", "cli.ipynb"),
               ("stale_coverage", "09 · Stale", "stale_coverage.ipynb"), ("arith_spot", "26 · SPOT", "arith_spot.ipynb"),
               ("reproduce.md", "Reproduce", "reproduce.md")]
    nav = build_docs.grouped_nav(entries)
    assert [next(iter(g)) for g in nav] == ["Use it", "The paper's findings", "A competent target", "Internals"]
    use = [next(iter(x)) for x in nav[0]["Use it"]]
    assert use[:3] == ["Home", "90 · CLI", "Reproduce"] and use[-1].startswith("The paper")
    assert nav[3] == {"Internals": [{"00 · Core": "core.ipynb"}]}
    assert build_docs.nav_label("09_stale_coverage", "Stale coverage: the tokens are known") == "09 · Stale coverage"


def test_code_folding():
    "Long code cells of the results pages, and cells marked `#| code-fold: true`, are folded; their outputs are not"
    long = "\n".join(f"x{i} = {i}" for i in range(build_docs.FOLD_LINES + 1))
    assert build_docs.folded({}, long, "paper_tables.html") and not build_docs.folded({}, "x = 1", "paper_tables.html")
    assert not build_docs.folded({}, long, "core.html") and build_docs.folded({"code-fold": "true"}, "x = 1", "core.html")
    assert not build_docs.folded({"code-fold": "false"}, long, "paper_tables.html")
    import site_lean
    cell = ('<div class="jp-Cell jp-CodeCell jp-Notebook-cell celltag_spot_fold" id="cell-id=a">'
            '<div class="jp-Cell-inputWrapper" tabindex="0"><div class="x"><pre>a = 1\nb = 2</pre></div></div>'
            '<div class="jp-Cell-outputWrapper"><div>out</div></div></div>')
    html = site_lean.fold_code(cell)
    assert html.count("<details") == 1 and "Code (2 lines)" in html
    assert html.index("</details>") < html.index("jp-Cell-outputWrapper")          # the output stays outside
    assert site_lean.fold_code(cell.replace("celltag_spot_fold", "")) == cell.replace("celltag_spot_fold", "")
