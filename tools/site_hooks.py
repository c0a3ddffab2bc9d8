"""mkdocs hooks of the documentation site (named in the mkdocs.yml tools/build_docs.py writes).

* `on_page_content`: a notebook page's HTML slimmed (`site_lean.lean_notebook_html`) before the search indexes it,
  so that the index holds each cell's code once; the code of cells tagged for folding put in a closed <details>
  (`site_lean.fold_code`).
  Its table of contents is pointed at the headings' real ids: mkdocs-jupyter names a heading with inline code without
  the code (`#with-the-cost-aware-budget`) while nbconvert's id keeps it (`#spot-nb-demo-with-the-cost-aware-budget`).
* `on_page_context`: a notebook page's "edit" button points at its notebook in the repository
  (`extra.notebook_sources` maps the staged page file to that address).
"""
import re, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_lean  # noqa: E402


def _key(heading_html: str, drop_code: bool) -> str:
    t = re.sub(r"<code>.*?</code>", "", heading_html, flags=re.S) if drop_code else heading_html
    return re.sub(r"[\W_]+", "", re.sub(r"<[^>]+>", "", t).replace("¶", "")).lower()


def fix_toc(html: str, toc) -> None:
    "Point the entries of `toc` whose id names no element of `html` at the heading they stand for"
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    heads = re.findall(r'<h[1-6] id="([^"]+)">(.*?)</h[1-6]>', html, re.S)
    def walk(items):
        for item in items:
            if item.id not in ids:
                want = re.sub(r"[\W_]+", "", item.id).lower()
                hit = next((hid for hid, inner in heads if want in (_key(inner, True), _key(inner, False))), None)
                if hit: item.id = hit
            walk(item.children)
    walk(toc)


def on_page_content(html, page, config, files):
    if page.file.src_uri.endswith(".ipynb"):
        html = site_lean.fold_code(site_lean.lean_notebook_html(html))
        fix_toc(html, page.toc)
    return html


def on_page_context(context, page, config, nav):
    src = (config.get("extra") or {}).get("notebook_sources", {}).get(page.file.src_uri)
    if src: page.edit_url = src
    return context
