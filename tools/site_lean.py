"""Keep the built documentation site lean (used by tools/build_docs.py after `mkdocs build`).

* The CSS (and the larger scripts) that mkdocs-jupyter inlines into every notebook page are written once under
  `assets/notebook/` and linked from each page.
* Output images inlined as base64 become files: the ones the markdown twin (`name.html.md`) already wrote to
  `name_files/` when the bytes match, so each image is stored once.
* The pages' images (`name_files/*.png`, never the downloadable `figures/`) are stored with a 256-colour palette
  where that is smaller: plots of a few colours look the same at a fraction of the bytes.
* Folded code: the input of a cell tagged `spot_fold` (tools/build_docs.py's `folded`) sits in a closed `<details>`
  whose summary says how many lines it holds; its outputs stay in view.
* Source maps of the theme's bundles and the search's word splitters for other languages are dropped
  (the site searches English only).
"""
import base64, hashlib, json, re, shutil
from pathlib import Path

# mkdocs-jupyter gives every code cell a copy button carrying its own copy of a 0.7 kB icon and a hidden second copy of
# the code for the button to copy. The button can copy the highlighted code itself (its `for` names the `<pre>`), and
# the icon can be drawn once, from assets/copy.svg, by CSS (`.spot-copy-icon` in the site's stylesheet).
_COPY_TXT = re.compile(r'(<div class="highlight-ipynb[^"]*"><pre)(>.*?</pre></div>\s*)<div class="clipboard-copy-txt" '
                       r'id="([^"]+)">.*?</div>', re.S)
_COPY_SVG = re.compile(r'<svg aria-hidden="true" class="clipboard-copy-icon"[^>]*>.*?</svg>', re.S)
_WS_SPAN = re.compile(r'<span class="w">(\s*)</span>')   # pygments' whitespace tokens: blank, nothing to colour
# pygments' plain names, a third of the tokens: drawn in the code's own colour instead (the site's CSS gives
# `.highlight-ipynb pre` the variable colour `.n` had), so they need no span
_NAME_SPAN = re.compile(r'<span class="n">([^<]*)</span>')


def copy_icon_svg(html: str) -> str:
    "The copy button's icon as a standalone SVG file (from a rendered page), or ''"
    m = _COPY_SVG.search(html)
    if not m: return ""
    paths = "".join(re.findall(r"<path [^>]*>(?:</path>)?", m.group(0)))
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 '
            f'16">{paths.replace("currentColor", "#000")}</svg>\n')


def lean_notebook_html(html: str) -> str:
    "A notebook page's content without the per-cell duplicates (see above): same look, same copy buttons"
    html = _COPY_TXT.sub(lambda m: f'{m.group(1)} id="{m.group(3)}"{m.group(2)}', html)
    html = _COPY_SVG.sub('<span aria-hidden="true" class="clipboard-copy-icon spot-copy-icon"></span>', html)
    return _NAME_SPAN.sub(r"\1", _WS_SPAN.sub(r"\1", html))


_FOLD_CELL = re.compile(r'<div class="jp-Cell jp-CodeCell[^"]*\bcelltag_spot_fold\b[^"]*" id="[^"]*">')
_INPUT = re.compile(r'<div class="jp-Cell-inputWrapper"[^>]*>')
_DIV = re.compile(r"<div\b|</div>")


def _div_end(html: str, start: int) -> int:
    "The index just past the </div> closing the <div> that opens at `start`"
    depth = 0
    for m in _DIV.finditer(html, start):
        depth += 1 if m.group(0) == "<div" else -1
        if depth == 0: return m.end()
    raise ValueError("unbalanced <div> in a notebook page")


def fold_code(html: str) -> str:
    "A notebook page with the code of each cell tagged `spot_fold` in a closed <details> (outputs stay open)"
    for cell in reversed(list(_FOLD_CELL.finditer(html))):
        m = _INPUT.search(html, cell.end())
        if not m or html.find("jp-Cell-outputWrapper", cell.end(), m.start()) != -1: continue
        end = _div_end(html, m.start())
        pre = re.search(r"<pre\b.*?</pre>", html[m.start():end], re.S)
        n = re.sub(r"<[^>]+>", "", pre.group(0)).strip("\n").count("\n") + 1 if pre else 0
        summary = f'<summary>Code ({n} lines)</summary>' if n else "<summary>Code</summary>"
        html = (html[:m.start()] + f'<details class="spot-fold">{summary}' + html[m.start():end] + "</details>"
                + html[end:])
    return html


_STYLE = re.compile(r"<style(?P<attrs>[^>]*)>(?P<body>.*?)</style>", re.S)
_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S)


def _rel(page: Path, site: Path) -> str:
    "Prefix from `page` back to the site root ('' for a page at the root)"
    return "../" * (len(page.relative_to(site).parts) - 1)


def share_inline_assets(site: Path, min_chars: int = 2000) -> int:
    """Write each large `<style>`/`<script>` block found inline in two or more pages once under assets/notebook/ and
    link
    it from each page (same place in the page, so the cascade and the execution order are unchanged); return bytes
    saved"""
    pages = [p for p in site.rglob("*.html")]
    texts = {p: p.read_text(encoding="utf-8") for p in pages}
    counts = {}
    for t in texts.values():
        for rx in (_STYLE, _SCRIPT):
            for m in rx.finditer(t):
                if len(m.group("body")) >= min_chars and "src=" not in m.group("attrs"):
                    counts[m.group(0)] = counts.get(m.group(0), 0) + 1
    shared = {blk for blk, n in counts.items() if n >= 2 and not re.search(r"url\((?!['\"]?data:)", blk)}
    if not shared: return 0
    out = site / "assets" / "notebook"
    out.mkdir(parents=True, exist_ok=True)
    names = {}
    for blk in shared:
        m = _STYLE.fullmatch(blk) or _SCRIPT.fullmatch(blk)
        ext = "css" if blk.startswith("<style") else "js"
        name = f"{hashlib.sha1(blk.encode()).hexdigest()[:12]}.{ext}"
        (out / name).write_text(m.group("body"), encoding="utf-8")
        names[blk] = (name, m.group("attrs"))
    saved = 0
    for p, t in texts.items():
        new = t
        for blk, (name, attrs) in names.items():
            if blk not in new: continue
            href = f"{_rel(p, site)}assets/notebook/{name}"
            if name.endswith(".css"): tag = f'<link rel="stylesheet" href="{href}">'
            else:
                kind = ' type="module"' if re.search(r'type=["\']?module', attrs) else ""
                tag = f'<script{kind} src="{href}"></script>'
            new = new.replace(blk, tag)
        if new != t:
            saved += len(t.encode()) - len(new.encode())
            p.write_text(new, encoding="utf-8")
    return saved - sum((out / n).stat().st_size for n, _ in names.values())


_DATA_IMG = re.compile(r"""src=(["'])data:image/(png|jpeg|jpg|gif|svg\+xml);base64,([A-Za-z0-9+/=\s]+)\1""")


def externalize_images(site: Path) -> int:
    """Base64 images in `name.html` -> files in `name_files/` (the twin's file when the bytes match); return bytes
    saved"""
    saved = 0
    for page in sorted(site.glob("*.html")):
        t = page.read_text(encoding="utf-8")
        if "data:image/" not in t: continue
        folder = site / f"{page.stem}_files"
        known = {hashlib.sha1(f.read_bytes()).hexdigest(): f.name for f in folder.glob("*") if f.is_file()} \
            if folder.is_dir() else {}
        def repl(m):
            raw = base64.b64decode(re.sub(r"\s", "", m.group(3)))
            h = hashlib.sha1(raw).hexdigest()
            if h not in known:
                ext = {"jpeg": "jpg", "svg+xml": "svg"}.get(m.group(2), m.group(2))
                folder.mkdir(exist_ok=True)
                known[h] = f"img_{h[:12]}.{ext}"
                (folder / known[h]).write_bytes(raw)
            return f'src={m.group(1)}{folder.name}/{known[h]}{m.group(1)}'
        new = _DATA_IMG.sub(repl, t)
        saved += len(t.encode()) - len(new.encode())
        page.write_text(new, encoding="utf-8")
    return saved


_FULL = re.compile(r'(<figure class="spot-figure"><img[^>]*?\bsrc="([^"]+)"[^>]*>.*?<a class="spot-full-link") data-full>',
                   re.S)


def link_full_size(site: Path) -> int:
    "Point each figure's 'Full size' link at its image file (after `externalize_images`); return how many"
    n = 0
    for page in sorted(site.glob("*.html")):
        t = page.read_text(encoding="utf-8")
        new, k = _FULL.subn(lambda m: f'{m.group(1)} href="{m.group(2)}">', t)
        if k: page.write_text(new, encoding="utf-8")
        n += k
    return n


def palette_images(site: Path) -> int:
    """The pages' PNGs (`*_files/*.png`) and the site's copies of the figures (`figures/*.png`) re-saved with an adaptive
    256-colour palette where smaller; return bytes saved"""
    from PIL import Image
    saved = 0
    for f in sorted([*site.glob("*_files/*.png"), *site.glob("figures/*.png")]):
        raw = f.read_bytes()
        with Image.open(f) as im: pal = im.convert("RGBA").quantize(256, method=Image.Quantize.FASTOCTREE)
        tmp = f.with_suffix(".tmp.png")
        pal.save(tmp, optimize=True)
        if tmp.stat().st_size < len(raw):
            saved += len(raw) - tmp.stat().st_size
            tmp.replace(f)
        else: tmp.unlink()
    return saved


SEARCH_CHARS = 12000          # the longest search entry, in characters (tools/check_site.py checks it)


def tidy_search(site: Path, max_chars: int = SEARCH_CHARS) -> int:
    """The search index as a reader meets it: titles without the headings' permalink mark (¶), and every entry's text
    cut at a word boundary to at most `max_chars` characters (a trailing …); returns the entries changed."""
    f = site / "search" / "search_index.json"
    if not f.is_file(): return 0
    index, changed = json.loads(f.read_text(encoding="utf-8")), 0
    for d in index.get("docs", []):
        title, text = d.get("title", "").replace("¶", "").strip(), d.get("text", "")
        if len(text) > max_chars: text = text[:max_chars - 1].rsplit(" ", 1)[0] + "…"
        if (title, text) != (d.get("title", ""), d.get("text", "")): changed += 1
        d["title"], d["text"] = title, text
    f.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return changed


def prune_theme(site: Path) -> int:
    "Drop the theme's source maps and the search's other-language files (English only); return bytes removed"
    removed = 0
    js = site / "assets" / "javascripts"
    for f in list(site.glob("assets/**/*.map")):
        removed += f.stat().st_size
        f.unlink()
    for f in list(site.glob("assets/javascripts/**/*.js")) + list(site.glob("assets/stylesheets/*.css")):
        t = f.read_text(encoding="utf-8")
        new = re.sub(r"\n?(//# sourceMappingURL=\S+|/\*# sourceMappingURL=\S+ \*/)\s*$", "", t)
        if new != t: f.write_text(new, encoding="utf-8")
    lunr = js / "lunr"
    if lunr.is_dir():   # the worker loads these only for search languages other than English
        keep = {"lunr.stemmer.support.min.js", "lunr.multi.min.js"}
        for f in list(lunr.rglob("*")):
            if f.is_file() and f.name not in keep:
                removed += f.stat().st_size
                f.unlink()
    return removed


def site_size(site: Path) -> tuple[int, int]:
    "(bytes, files) of the built site"
    files = [f for f in Path(site).rglob("*") if f.is_file()]
    return sum(f.stat().st_size for f in files), len(files)
