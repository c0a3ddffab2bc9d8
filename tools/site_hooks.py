"""mkdocs hooks of the documentation site (named in the mkdocs.yml tools/build_docs.py writes).

* `on_page_content`: a notebook page's HTML slimmed (`site_lean.lean_notebook_html`) before the search indexes it,
  so that the index holds each cell's code once; the code of cells tagged for folding put in a closed <details>
  (`site_lean.fold_code`); its figures captioned, its maths written as MathML and its code and outputs left out of the
  search index (`site_render`).
  Its table of contents is pointed at the headings' real ids: mkdocs-jupyter names a heading with inline code without
  the code (`#with-the-cost-aware-budget`) while nbconvert's id keeps it (`#spot-nb-demo-with-the-cost-aware-budget`).
* `on_page_context`: the search plugin is handed the page without its code, outputs, copy buttons and fold labels
  (`site_render.search_view`), and the page gets its full content back after it; a notebook page's "edit" button
  points at its notebook in the repository (`extra.notebook_sources` maps the staged page file to that address).
"""
import re, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_lean, site_render  # noqa: E402
import logging
from mkdocs.plugins import CombinedEvent, event_priority
log = logging.getLogger("mkdocs.hooks.spot_nb")


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
    notebook = page.file.src_uri.endswith(".ipynb")
    if notebook:
        html = site_lean.fold_code(site_lean.lean_notebook_html(html))
        caps = (config.get("extra") or {}).get("figure_captions", {}).get(page.file.src_uri, [])
        html, missing = site_render.caption_figures(html, caps)
        if missing: log.warning("%s: %d figure(s) without a caption (tools/site_captions.py)", page.file.src_uri,
                                missing)
        fix_toc(html, page.toc)
    return site_render.render_math(html, notebook)


@event_priority(100)          # before the search plugin indexes the page: it sees prose and headings only
def _search_sees_prose(context, page, config, nav):
    page._spot_full_content = page.content
    page.content = site_render.search_view(page.content)
    return context


@event_priority(-100)         # after it: the page gets its full content back
def _full_page_back(context, page, config, nav):
    page.content = getattr(page, "_spot_full_content", page.content)
    src = (config.get("extra") or {}).get("notebook_sources", {}).get(page.file.src_uri)
    if src: page.edit_url = src
    elif page.file.src_uri in ("reference.md", "cli-reference.md"):   # generated: its source is the generator
        page.edit_url = f"{config.get('repo_url', '').rstrip('/')}/blob/main/tools/site_reference.py"
    return context


on_page_context = CombinedEvent(_search_sees_prose, _full_page_back)
