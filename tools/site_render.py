"""What the documentation site does to a page's HTML so that it reads well offline (used by tools/site_hooks.py).

* `render_math`: TeX in prose (`$...$`, `$$...$$` as nbconvert leaves them in notebook markdown; arithmatex's
  `\\(...\\)` / `\\[...\\]` spans on the markdown pages) pre-rendered to MathML, which browsers draw natively: no
  script, no font download, no network. Code, outputs and `<pre>` are never touched. TeX that latex2mathml cannot
  read is left as written and `tools/check_site.py` reports it.
* `search_view`: the page as the search indexes it, without code, outputs, copy buttons and fold labels, so that the
  index holds the prose and headings (short previews, no "Copied!" and no fold labels).
* `caption_figures`: every output image gets its alt text and a one-line `<figcaption>` (what was measured, with n and
  intervals), from the page's list that tools/build_docs.py assembles (a cell's `#| fig-cap:` / `#| fig-alt:`
  directives, else tools/site_captions.py).
"""
import html as _html, re

_PROTECT = re.compile(r"<(pre|code|script|style|svg|math|textarea)\b.*?</\1>", re.S | re.I)
_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)
# `$x$`: no space just inside the dollars, no digit right after the first one ($5 and $6 stay prices), no tag inside
_INLINE = re.compile(r"(?<![\\$\w])\$(?![\s\d$])([^$<\n]+?)(?<![\s\\])\$(?![\w$])")
_ARITH = re.compile(r'<(span|div) class="arithmatex">\s*(?:\\\((.+?)\\\)|\\\[(.+?)\\\])\s*</\1>', re.S)


def tex_to_mathml(tex: str, display: bool = False) -> str | None:
    "MathML for `tex` (HTML entities in it unescaped first), or None when latex2mathml cannot read it"
    from latex2mathml.converter import convert
    try: return convert(_html.unescape(tex).strip(), display="block" if display else "inline")
    except Exception: return None   # noqa: BLE001 (any parse failure: leave the TeX as written)


def _math_in_text(text: str) -> str:
    def disp(m): return tex_to_mathml(m.group(1), True) or m.group(0)
    def inl(m): return tex_to_mathml(m.group(1)) or m.group(0)
    return _INLINE.sub(inl, _DISPLAY.sub(disp, text))


def _outside_protected(html: str, fn) -> str:
    "Apply `fn` to the parts of `html` outside <pre>, <code>, <script>, ... elements and outside tags themselves"
    out, last = [], 0
    for m in _PROTECT.finditer(html):
        out.append(_text_only(html[last:m.start()], fn))
        out.append(m.group(0))
        last = m.end()
    out.append(_text_only(html[last:], fn))
    return "".join(out)


def _text_only(html: str, fn) -> str:
    "`fn` over the text between tags (math never spans a tag: nbconvert keeps a formula's text in one piece)"
    parts = re.split(r"(<[^>]*>)", html)
    return "".join(p if i % 2 else fn(p) for i, p in enumerate(parts))


_MD_BLOCK = re.compile(r'(<div class="[^"]*\bjp-Rendered(?:Markdown|Latex)\b[^"]*"[^>]*>)(.*?)(?=<div '
                       r'class="jp-Cell\b|<div class="[^"]*\bjp-Rendered(?:Markdown|Latex)\b|\Z)', re.S)


def render_math(html: str, notebook: bool) -> str:
    """`html` with its TeX as MathML. On a notebook page only the rendered markdown (cells and markdown outputs) is
    read; on a markdown page arithmatex's spans and any `$...$` left in the prose."""
    html = _ARITH.sub(lambda m: tex_to_mathml(m.group(2) or m.group(3), m.group(3) is not None) or m.group(0), html)
    if notebook:
        return _MD_BLOCK.sub(lambda m: m.group(1) + _outside_protected(m.group(2), _math_in_text), html)
    return _outside_protected(html, _math_in_text)


# ---------------------------------------------------------------------------------------------------------------
# search: prose and headings only
#
# Material's search honours `data-search-exclude`, but it forgets the mark as soon as any element of the same tag closes
# (its elements compare by tag name), so a marked <div> holding other <div>s is indexed after all. Instead the hooks
# hand
# the search plugin the page without those blocks (`search_view`) and give the page its full content back afterwards.

_CUT = [
    re.compile(r'<div class="jp-Cell jp-CodeCell[^"]*"[^>]*>'),           # a code cell: its input and its outputs
    re.compile(r'<div class="jp-Cell-outputWrapper"'),                       # outputs of any other cell
    re.compile(r'<div class="spot-provenance"'),                             # record download lines
    re.compile(r'<div class="language-\w+ highlight"'),                      # code blocks of the markdown pages
    re.compile(r'<div class="highlight"'),
    re.compile(r'<div class="spot-api-more"'),                             # the reference's generated entries: headings only
]
_CUT_OTHER = [
    re.compile(r'<details class="spot-(?:fold|maint)".*?</details>', re.S),  # folded code, maintainers' notes
    re.compile(r'<(button|span)[^>]*\bclipboard-copy[^>]*>.*?</\1>', re.S),  # copy buttons ("Copied!")
    re.compile(r'<span class="notice"[^>]*>Copied!</span>'),
    re.compile(r'<pre\b.*?</pre>', re.S),                                   # code blocks in prose (commands)
]


def _cut_divs(html: str, rx) -> str:
    "`html` without every <div> whose opening tag matches `rx` (balanced)"
    from site_lean import _div_end
    out, pos = [], 0
    for m in rx.finditer(html):
        if m.start() < pos: continue
        out.append(html[pos:m.start()])
        pos = _div_end(html, m.start())
    out.append(html[pos:])
    return "".join(out)


def search_view(html: str) -> str:
    "What the search indexes of a page: its prose, headings and captions; no code, outputs, copy buttons or fold labels"
    for rx in _CUT_OTHER: html = rx.sub("", html)
    for rx in _CUT: html = _cut_divs(html, rx)
    return html


# ---------------------------------------------------------------------------------------------------------------
# figures

DEFAULT_ALT = "No description has been provided for this image"
_OUT_IMG = re.compile(r'<img alt="' + re.escape(DEFAULT_ALT) + r'"([^>]*)>')


def caption_figures(html: str, captions: list) -> tuple[str, int]:
    """`html` with its output images (nbconvert's placeholder alt) given alt text and a caption from `captions`
    ([alt, caption] in page order); return it and how many images had none"""
    i, missing = 0, 0
    def repl(m):
        nonlocal i, missing
        cap = captions[i] if i < len(captions) else None
        i += 1
        if not cap:
            missing += 1
            return m.group(0)
        alt, text = cap
        # on a phone, the figure at full size one tap away (its href: `site_lean.link_full_size`, once it is a file)
        full = ' <a class="spot-full-link" data-full>Full size</a>'
        return (f'<figure class="spot-figure"><img alt="{_html.escape(alt, quote=True)}"{m.group(1)}>'
                f'<figcaption class="spot-cap">{_html.escape(text, quote=False)}{full}</figcaption></figure>')
    return _OUT_IMG.sub(repl, html), missing
