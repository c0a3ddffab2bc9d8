#!/usr/bin/env python3
"""Check the built documentation site as a reader meets it; exit 1 naming each page and snippet that fails.

    python tools/check_site.py site                 # the site tools/build_docs.py wrote
    python tools/check_site.py site --skip findings # leave a check out (names below)
    python tools/check_site.py --notebooks nbs      # cheap: the outputs the builder would render (no site needed)

Checks (each can be skipped with --skip NAME):

* `residue`   no progress bar (tqdm's frames, or the frozen text of its widgets), no empty stderr strip, no machine
              path (/work/, /tmp/, /root/, /home/, site-packages) in any output or prose; stderr with text is
              reported as a note.
* `wide`      no page that scrolls sideways; with a browser, at 1280 px no output `<pre>` or table that needs horizontal
              scrolling (itself, or the output box or table wrapper around it that scrolls), at 390 px (a phone) tables
              may scroll inside themselves but no page scrolls sideways. Without one, an output line longer than
              --pre-chars is a note (printed lines wrap on the page).
* `tables`    every table an HTML table: no output `<pre>` laid out in aligned columns, no markdown table left as text.
* `anchors`   every local link, image, script and stylesheet resolves, every `#fragment` names an element of its page.
* `nav`       every page reachable from the navigation, the groups present (--groups), previous/next links,
              `site_url` in the sitemap.
* `findings`  on every page of the findings groups (--findings-groups), a "what we found" (a heading or paragraph
              saying what was found) before the first code cell; with a browser, within the first --height pixels.
* `size`      the whole site under --max-mb.
* `math`      no TeX left as text in the prose (the builder writes it as MathML), and nothing loaded from the network
              (scripts, stylesheets, images, fonts: the site is self-contained); with a browser, every MathML formula
              laid out.
* `home`      (issue 44, item 1) the README and the home page: at most --readme-lines lines, what SPOT is, the
              install line, exactly two set-up commands (`spot-nb demo` and the tests), an example whose output reads as
              text, "Results at a glance" with at most 8 rows, each linking to its page and each number tagged
              `<!--claim:NAME-->` with NAME in results/claims.json; no developer material (nbdev commands, the notebook
              table: they are on the Contributing page).
* `reference` (item 2) the Python API page gives every name of --api its heading, signature and example, the CLI page
              every subcommand of `spot-nb`; a reference page shows no implementation source.
* `search`    (item 4) the search index holds no UI strings ("Copied!", fold labels, maintainers' notes) and no code
              blocks, its longest entry at most --search-chars characters, the whole at most --search-kb kB; a result's
              preview is cut to a few lines.
* `figures`   (item 4) every image has alt text (not nbconvert's placeholder); every output image a caption that says
              whether it draws intervals.
* `ranges`    (item 4) no spread written like an interval: no "x / a–b" cell or "a–b" in a caption, in a results
              table of the home page or in a "What we found" table (intervals are written [lo, hi]).
* `maintainers` (item 5) no page opens with the maintainers' "Run All" note: it is folded at the page's end.
* `version`   (item 6) every page's header names the version it documents (spot_nb/__init__.py's __version__).

With a browser the geometric checks run at every width of --widths (1280 and 390 px: at 390 px tables scroll inside
themselves and no page scrolls sideways).

The browser is headless Chromium (`chromium`, `chromium-browser` or `google-chrome` on PATH, or --browser PATH; Debian's
package `chromium`): the site is served on 127.0.0.1 for the check's duration, and one browser run loads every page in
a --width x --height frame of a runner page that measures it (`--dump-dom` returns the measurements). Without one the
geometric checks fall back to the
static ones above (--browser never forces that).
"""
import argparse, json, re, shutil, subprocess, sys, tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
_VENV_PY = ROOT / ".venv" / "bin" / "python"
try: import bs4  # noqa: F401  (BeautifulSoup comes with nbconvert, so with the docs toolchain)
except ImportError:  # run by a python without it: use the project's venv, no activation needed
    import os
    if _VENV_PY.exists() and Path(sys.prefix).resolve() != _VENV_PY.parents[1].resolve():
        os.execv(str(_VENV_PY), [str(_VENV_PY), *sys.argv])
    sys.exit("beautifulsoup4 is missing: `.venv/bin/pip install -e '.[dev]'`")

BAR = re.compile(r"\d+%\|[^\n|]*\|\s*[\d.]+[kMG]?/[\d.]+[kMG]?")       # tqdm: " 45%|####      | 9/20 [00:01<...]"
MACHINE_PATH = re.compile(r"(?<![\w.~$-])(?:/work/|/tmp/|/root/|/home/|/Users/|/private/var/|/var/folders/)"
                          r"|(?<![\w.~$-])/\S*/(?:site|dist)-packages/")
STDERR_MIME = "application/vnd.jupyter.stderr"
from build_docs import FINDINGS_GROUPS  # noqa: E402  (the nav's findings groups, one definition)
import site_lean  # noqa: E402  (the search limit, one definition)

CHECKS = ("residue", "wide", "tables", "anchors", "nav", "findings", "size", "math", "home", "reference", "search",
          "figures", "ranges", "maintainers", "version")


class Report:
    def __init__(self): self.errors, self.notes = [], []
    def fail(self, check, page, msg, snippet=""):
        self.errors.append((check, page, msg, _clip(snippet)))
    def note(self, check, page, msg, snippet=""):
        self.notes.append((check, page, msg, _clip(snippet)))
    def print(self):
        for kind, rows in (("note", self.notes), ("FAIL", self.errors)):
            for check, page, msg, snip in rows:
                print(f"{kind} [{check}] {page}: {msg}" + (f"\n      {snip!r}" if snip else ""))
        by = {}
        for c, *_ in self.errors: by[c] = by.get(c, 0) + 1
        print(f"{len(self.errors)} failed, {len(self.notes)} notes"
              + (f" ({', '.join(f'{k} {v}' for k, v in by.items())})"
                 if by else ""))


def _clip(s, n=160):
    s = re.sub(r"\s+", " ", s or "").strip()
    return s if len(s) <= n else s[:n] + "…"


def residue(text: str) -> list[tuple[str, str]]:
    "Progress bars and machine paths in `text`: [(what, snippet)]"
    out = [("progress bar", m.group(0)) for m in BAR.finditer(text)]
    for m in MACHINE_PATH.finditer(text):
        out.append(("machine path", text[max(0, m.start() - 40): m.end() + 40]))
    return out


def text_table(pre: str) -> str:
    "The first run of >= 4 lines of `pre` laid out in >= 3 aligned columns (a table printed as text), or ''"
    lines = pre.split("\n")
    def ends(ln):   # where each whitespace-separated field ends (right-aligned numbers line up there)
        return {m.end() for m in re.finditer(r"\S+", ln)}
    def starts(ln):
        return {m.start() for m in re.finditer(r"(?<!\S)\S", ln)}
    run = []
    for ln in lines + [""]:
        if ln.strip() and len(re.findall(r"\S+(?:\s\S+)*", ln)) >= 3:
            run.append(ln)
            continue
        if len(run) >= 4:
            body = run[1:]   # the header may be laid out on its own
            for f in (ends, starts):
                common = set.intersection(*(f(ln) for ln in body))
                if len(common) >= 3: return "\n".join(run[:4])
            if sum(ln.count("|") >= 3 for ln in run) >= 4: return "\n".join(run[:4])
        run = []
    return ""


# ---------------------------------------------------------------------------------------------------------------
# notebooks (cheap, for CI): the outputs as the builder stages them

def check_notebooks(nbs: Path, rep: Report, skip=()) -> Report:
    "Stage every notebook as the site builder does and check the outputs it would render"
    import build_docs
    with tempfile.TemporaryDirectory() as d:
        for src in sorted(nbs.glob("*.ipynb")):
            if src.name.startswith(("_", ".")): continue
            dst = Path(d) / src.name
            shutil.copy2(src, dst)
            build_docs.stage_notebook(dst, dst)
            nb = json.loads(dst.read_text(encoding="utf-8"))
            for i, c in enumerate(nb["cells"]):
                if c["cell_type"] != "code" or "remove_output" in c.get("metadata", {}).get("tags", []): continue
                for o in c.get("outputs", []):
                    where = f"{src.name} cell {i}"
                    if build_docs.WIDGET_MIME in o.get("data", {}):
                        rep.fail("residue", where, "a widget output (a frozen progress bar on a static page)")
                    if o.get("output_type") == "stream":
                        text = build_docs._text(o.get("text"))
                        if o.get("name") == "stderr":
                            if not text.strip(): rep.fail("residue", where, "an empty stderr strip")
                            else: rep.note("residue", where, "stderr shown", text)
                    else:
                        text = "\n".join(build_docs._text(v) for k, v in o.get("data", {}).items()
                                         if k.startswith("text/"))
                        text += "\n".join(o.get("traceback", []))
                    for what, snip in residue(text): rep.fail("residue", where, what, snip)
    return rep


# ---------------------------------------------------------------------------------------------------------------
# the built site

def _soup(path: Path):
    from bs4 import BeautifulSoup
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if not p.relative_to(site).parts[0] in ("assets", "search"))


def _findings_pages(site: Path, a) -> set[str]:
    "The pages of the navigation groups that must open with their findings"
    return {h for title, hrefs in _nav(site)[0] if title in a.findings_groups for h in hrefs}


def _nav(site: Path):
    "The primary navigation of the home page: (groups [(title, [hrefs])], every href)"
    soup = _soup(site / "index.html")
    nav = soup.select_one("nav.md-nav--primary")
    groups, hrefs = [], set()
    if nav is None: return groups, hrefs
    for a in nav.select("a.md-nav__link[href]"): hrefs.add(a["href"].split("#")[0])
    for li in nav.select("li.md-nav__item--section, li.md-nav__item--nested"):
        label = li.find(["label", "span", "a"], class_="md-nav__link")
        title = re.sub(r"\s+", " ", label.get_text(" ", strip=True)) if label else ""
        groups.append((title, [a["href"].split("#")[0] for a in li.select("a.md-nav__link[href]")]))
    return groups, hrefs


def _base_path(site: Path) -> str:
    "The path the site is served under (site_url's, read from the sitemap), '/' when unknown"
    sm = site / "sitemap.xml"
    m = re.search(r"<loc>([^<]+)</loc>", sm.read_text(encoding="utf-8")) if sm.is_file() else None
    if not m: return "/"
    path = urlsplit(m.group(1)).path
    return path if path.endswith("/") else path.rsplit("/", 1)[0] + "/"


def check_site(site: Path, rep: Report, a) -> Report:
    skip = set(a.skip)
    pages = _pages(site)
    if not (site / "index.html").is_file():
        rep.fail("nav", str(site), "no index.html: not a built site")
        return rep
    ids_cache = {}
    def ids_of(p: Path):
        if p not in ids_cache:
            s = _soup(p)
            ids_cache[p] = ({t.get("id") for t in s.find_all(id=True)}
                            | {t.get("name") for t in s.find_all(attrs={"name": True})})
        return ids_cache[p]
    groups, nav_hrefs = _nav(site)
    findings_pages = _findings_pages(site, a)
    base = _base_path(site)
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)', (ROOT / "spot_nb" / "__init__.py").read_text(encoding="utf-8"),
                  re.M)
    version = m.group(1) if m else "?"
    for page in pages:
        rel = page.relative_to(site).as_posix()
        soup = _soup(page)
        ids_cache[page] = {t.get("id") for t in soup.find_all(id=True)} | {t.get("name")
                                                                           for t in soup.find_all(attrs={"name": True})}
        check_page_extras(site, rel, soup, rep, a, version)
        content = soup.select_one(".md-content") or soup
        outputs = content.select(".jp-OutputArea-output")
        # residue: outputs and prose (code cells' sources are the author's code, not a machine's residue)
        if "residue" not in skip:
            for o in outputs:
                if o.get("data-mime-type") == STDERR_MIME or o.select_one(f'[data-mime-type="{STDERR_MIME}"]'):
                    if not o.get_text().strip(): rep.fail("residue", rel, "an empty stderr strip")
                    else: rep.note("residue", rel, "stderr shown", o.get_text())
                for what, snip in residue(o.get_text()): rep.fail("residue", rel, what, snip)
            for md in content.select(".jp-RenderedMarkdown, article > p, article li"):
                for what, snip in residue(md.get_text()): rep.fail("residue", rel, what + " (prose)", snip)
        for pre in content.select(".jp-OutputArea-output pre"):
            if pre.find_parent("details") is not None and not pre.find_parent("details").has_attr("open"): continue
            text = pre.get_text()
            longest = max(text.split("\n"), key=len) if text else ""
            # printed lines wrap on the page: a note, not a failure
            if "wide" not in skip and len(longest) > a.pre_chars:
                rep.note("wide", rel, f"output line of {len(longest)} characters (> {a.pre_chars}): it wraps", longest)
            if "tables" not in skip:
                t = text_table(text)
                if t: rep.fail("tables", rel, "a table printed as text (render it as an HTML table)", t)
        if "tables" not in skip:
            for p in content.select(".jp-RenderedMarkdown p, article > p"):
                if p.get_text().lstrip().startswith("|") and p.get_text().count("|") >= 4:
                    rep.fail("tables", rel, "a markdown table left as text", p.get_text())
        if "anchors" not in skip:
            for tag, attr in (("a", "href"), ("img", "src"), ("script", "src"), ("link", "href")):
                for el in soup.find_all(tag):
                    url = el.get(attr)
                    # external, data:, mailto:
                    if not url or re.match(r"^(?:[a-z][a-z0-9+.-]*:|//)", url, re.I): continue
                    parts = urlsplit(url)
                    path = unquote(parts.path)
                    if path.startswith("/"):   # absolute on the server: the site lives at site_url's path (404.html)
                        if not path.startswith(base):
                            rep.fail("anchors", rel, f"<{tag} {attr}> outside the site's path {base}", url)
                            continue
                        target = (site / path[len(base):]).resolve()
                    else: target = (page.parent / path).resolve() if path else page
                    if target.is_dir(): target = target / "index.html"
                    if not target.is_file():
                        rep.fail("anchors", rel, f"<{tag} {attr}> to a missing file", url)
                        continue
                    if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in ids_of(target):
                        rep.fail("anchors", rel, "link to a missing anchor", url)
        if "nav" not in skip and rel != "404.html":
            if rel not in nav_hrefs and not any(rel == h for h in nav_hrefs):
                rep.fail("nav", rel, "page not reachable from the navigation")
            if not soup.select("a.md-footer__link"):
                rep.fail("nav", rel, "no previous/next links")
        if "findings" not in skip and rel in findings_pages:
            found = None
            for el in content.select("h1, h2, h3, p, li, strong, .jp-CodeCell"):
                if "jp-CodeCell" in (el.get("class") or []):
                    if el.select_one(".jp-InputArea") is not None: break
                    continue
                if re.search(r"\bwhat we found\b|\bfindings?\b|\bwe found\b|\bfound\b", el.get_text(), re.I):
                    found = el
                    break
            if found is None:
                rep.fail("findings", rel, "no 'what we found' before the first code cell")
    if "nav" not in skip:
        titles = [t for t, _ in groups]
        for g in a.groups:
            if g not in titles: rep.fail("nav", "index.html", f"navigation group {g!r} missing (groups: {titles})")
        order = [t for t in titles if t in a.groups]
        if order != [g for g in a.groups if g in order]:
            rep.fail("nav", "index.html", f"navigation groups out of the reader's order: {order} (want {a.groups})")
        sm = site / "sitemap.xml"
        if not sm.is_file() or "<loc>" not in sm.read_text(encoding="utf-8"):
            rep.fail("nav", "sitemap.xml", "no sitemap with addresses: is site_url set?")
    if "home" not in skip: check_home_page(site, rep, a)
    if "reference" not in skip: check_reference(site, rep, a)
    if "search" not in skip: check_search(site, rep, a)
    if "size" not in skip:
        size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
        (rep.fail if size > a.max_mb * 1e6 else rep.note)("size", str(site),
                                                          f"{size / 1e6:.1f} MB (limit {a.max_mb:g} MB)")
    return rep


# ---------------------------------------------------------------------------------------------------------------
# issue 44: the home page, the reference, search, figures, ranges, maintainers' notes, version

API_NAMES = ("load_target", "load_drafter", "generate", "decode", "decode_many", "DecodeConfig", "Drafter",
             "SpotDrafter", "cost_aware_drafter", "OrderModel", "paired_bootstrap", "make_tiny_checkpoint",
             "DRAFTERS", "register_drafter", "VERIFIERS", "TASKS", "register_task", "ADAPTERS", "register_adapter")
CLAIM_TAG = re.compile(r"<!--\s*claim:\s*([\w.-]+)\s*-->")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?:\s?[%×x])?")
# a spread written like an interval: "0.625 / 0.609–0.642", or "a–b" where a caption or results table gives a number
RANGE_AS_INTERVAL = re.compile(r"\d\s*/\s*\d+(?:\.\d+)?\s*[–-]\s*\d")
DASH_RANGE = re.compile(r"(?<![\w\[])\d+(?:\.\d+)?×?\s?[–]\s?\d+(?:\.\d+)?")
UI_STRINGS = ("Copied!", "spot_fold", "Code (", "For maintainers", "Run All:", "No description has been provided")
TEX_LEFT = re.compile(r"(?<![\w$\\])\$(?![\s\d$])[^$\n]{1,80}?(?<![\s\\])\$(?![\w$])|\\\(|\\\[")


def claims_names(root: Path = ROOT) -> set[str] | None:
    "The claim names in results/claims.json (a list of entries with `name`, or a mapping name -> entry); None: no file"
    f = root / "results" / "claims.json"
    if not f.is_file(): return None
    data = json.loads(f.read_text(encoding="utf-8"))
    if isinstance(data, dict) and isinstance(data.get("claims"), (list, dict)): data = data["claims"]
    if isinstance(data, dict): return set(data)
    return {c.get("name") or c.get("id") for c in data if isinstance(c, dict)}


def _section(md: str, title: str) -> str:
    "The markdown under the heading whose text starts with `title`, up to the next heading of its level or above"
    m = re.search(rf"^(#+)\s+{re.escape(title)}.*$", md, re.M | re.I)
    if not m: return ""
    rest = md[m.end():]
    end = re.search(rf"^#{{1,{len(m.group(1))}}}\s", rest, re.M)
    return rest[:end.start()] if end else rest


def readable(text: str) -> bool:
    "Does printed output read as text: mostly words, no token repeated 5 times in a row"
    words = re.findall(r"[A-Za-z]{2,}", text)
    toks = text.split()
    if len(words) < 5: return False
    run = 1
    for a, b in zip(toks, toks[1:]):
        run = run + 1 if a == b else 1
        if run >= 5: return False
    return not re.search(r"(\w+\()\1{3,}", text)   # self(self(self(self(


def check_home_markdown(md: str, rep: Report, where: str = "README.md", max_lines: int = 120,
                        claims: set | None = None) -> Report:
    "Item 1 on the README's (or the home page's) markdown"
    lines = md.splitlines()
    if len(lines) > max_lines: rep.fail("home", where, f"{len(lines)} lines (at most {max_lines})")
    head = "\n".join(lines[:40]).lower()
    if "spot" not in head or "speculative decoding" not in head:
        rep.fail("home", where, "does not say what SPOT is near the top")
    if not re.search(r"pip install\b", md): rep.fail("home", where, "no install line (pip install ...)")
    setup = _section(md, "Set up") or _section(md, "Install") or _section(md, "Get started")
    cmds = re.findall(r"```(?:bash|sh|shell|console)\n(.*?)```", setup, re.S)
    cmds = [ln for c in cmds for ln in c.strip().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if len(cmds) != 2: rep.fail("home", where, f"{len(cmds)} set-up commands (exactly two: install and demo, test)",
                                " | ".join(cmds))
    elif not any("spot-nb demo" in c for c in cmds): rep.fail("home", where, "no set-up command runs `spot-nb demo`",
                                                              " | ".join(cmds))
    for bad in ("nbdev-export", "nbdev-clean", "nbdev-test", "`02_core`"):
        if bad in md: rep.fail("home", where, f"developer material ({bad}): it belongs on the Contributing page")
    table = _section(md, "Results at a glance")
    picture = re.search(r"!\[[^\]]+\]\((?:\.\./)?figures/spot_method\.png\)", md)
    if not picture: rep.fail("home", where, "no picture of the method (figures/spot_method.png, with alt text)")
    order = [md.find(h) for h in ("## Results at a glance", "## Set up")]
    if picture and table and not picture.start() < order[0] < order[1]:
        rep.fail("home", where, "the first screen is not the result, the method's picture, then the results table")
    if not table: rep.fail("home", where, "no 'Results at a glance' section")
    else:
        rows = [ln for ln in table.splitlines() if ln.lstrip().startswith("|")
                and not re.match(r"^\s*\|[\s:|-]+\|\s*$", ln)]
        rows = rows[1:]                                               # the header
        if not rows: rep.fail("home", where, "'Results at a glance' has no table")
        if len(rows) > 8: rep.fail("home", where, f"'Results at a glance' has {len(rows)} rows (at most 8)")
        for r in rows:
            if not re.search(r"\]\([^)]+\)|<a href=", r): rep.fail("home", where, "a results row links to no page", r)
            cells = [c for c in r.strip().strip("|").split("|")][1:]    # the first cell names the result
            for c in cells:
                bare = CLAIM_TAG.sub("", re.sub(r"\]\([^)]*\)", "]", c))
                nums = [n for n in _NUMBER.findall(bare) if not re.fullmatch(r"\d{1,2}[a-z]?", n.strip())]
                tags = CLAIM_TAG.findall(c)
                if (nums and not tags and "<!--paper-->" not in c and "pending" not in c.lower()
                        and "not measured" not in c.lower()):
                    rep.fail("home", where, "a number in 'Results at a glance' carries no claim tag", c)
                for t in tags:
                    if claims is not None and t not in claims:
                        rep.fail("home", where, f"claim tag {t!r} names no entry of results/claims.json", c)
            for m in RANGE_AS_INTERVAL.finditer(r): rep.fail("ranges", where, "a spread written like an interval", r)
    return rep


def check_home_page(site: Path, rep: Report, a) -> Report:
    "Item 1 on the built home page: the example's output reads as text; the README's checks on the README"
    readme = ROOT / "README.md"
    if readme.is_file():
        check_home_markdown(readme.read_text(encoding="utf-8"), rep, "README.md", a.readme_lines, claims_names())
    soup = _soup(site / "index.html")
    outs = [o.get_text() for o in soup.select(".jp-OutputArea-output pre")]
    if not outs: rep.fail("home", "index.html", "no example output on the home page")
    elif not any(readable(o) for o in outs): rep.fail("home", "index.html", "no example output reads as text", outs[0])
    if not soup.find(string=re.compile(r"Results at a glance", re.I)):
        rep.fail("home", "index.html", "no 'Results at a glance'")
    return rep


def check_reference(site: Path, rep: Report, a) -> Report:
    "Item 2: the API page's names, signatures and examples; the CLI page's subcommands; no implementation source"
    api, cli = site / "reference.html", site / "cli-reference.html"
    for f in (api, cli):
        if not f.is_file():
            rep.fail("reference", f.name, "missing")
            return rep
    soup = _soup(api)
    heads = {re.sub(r"\s+", "", h.get_text()).strip("¶"): h for h in soup.select("h3")}
    for name in a.api.split(","):
        h = heads.get(name)
        if h is None:
            rep.fail("reference", "reference.html", f"no entry for {name}")
            continue
        block = []
        for sib in h.find_next_siblings():
            if sib.name in ("h2", "h3"): break
            block.append(sib)
        text = " ".join(b.get_text(" ") for b in block)
        if not any(b.name == "table" for b in block) and not any("spot-api-sig" in (b.get("class") or [])
                                                                 for b in block):
            rep.fail("reference", "reference.html", f"{name}: no signature (or registry table)")
        if "Example" not in text: rep.fail("reference", "reference.html", f"{name}: no example")
        elif "Output" not in text: rep.fail("reference", "reference.html", f"{name}: its example shows no output")
    entries = soup.select("h4") + [h for h in soup.select("h3") if h.find_next_sibling(class_="spot-api-sig")]
    with_table = sum(1 for h in entries if any("meaning" in t.get_text() for el in _until_next_heading(h)
                                               for t in ([el] if el.name == "table" else el.find_all("table"))))
    rows = [tr.find_all("td") for t in soup.select("table") if "meaning" in t.get_text() for tr in t.select("tr")]
    meant = sum(1 for r in rows if len(r) == 4 and r[3].get_text(strip=True) not in ("", "—"))
    rep.note("reference", "reference.html", f"{len(entries)} entries, {with_table} with a parameter table; "
             f"{meant} of {sum(1 for r in rows if len(r) == 4)} parameters with a meaning")
    try:
        sys.path.insert(0, str(ROOT))
        import site_reference
        subs = list(site_reference._subparsers(site_reference.cli_parser()))
    except Exception as e:   # noqa: BLE001
        rep.fail("reference", "cli-reference.html", f"the CLI's parser could not be read: {e}")
        subs = []
    ctext = _soup(cli).get_text(" ")
    for sub in subs:
        if f"spot-nb {sub}" not in ctext: rep.fail("reference", "cli-reference.html", f"no section for `spot-nb {sub}`")
    for f in (api, cli):   # implementation source: a code block with a body (return/raise/for) outside the examples
        for pre in _soup(f).select("pre"):
            prev = pre.find_previous(["p", "h2", "h3"])
            example = prev is not None and prev.get_text(strip=True) == "Example"
            if (not example and pre.find_parent(class_="spot-api-sig") is None
                    and re.search(r"^\s+(return|raise|for|if)\b", pre.get_text(), re.M)):
                rep.fail("reference", f.name, "implementation source shown", pre.get_text())
    return rep


def _until_next_heading(h) -> list:
    "The elements after heading `h` up to the next heading of any level"
    out = []
    for sib in h.find_next_siblings():
        if sib.name in ("h2", "h3", "h4"): break
        out.append(sib)
    return out


def check_search(site: Path, rep: Report, a) -> Report:
    "Item 4: the search index without UI strings or code, short previews, small"
    f = site / "search" / "search_index.json"
    if not f.is_file():
        rep.fail("search", "search/search_index.json", "missing")
        return rep
    raw = f.read_text(encoding="utf-8")
    for ui in UI_STRINGS:
        if ui in raw: rep.fail("search", f.name, f"UI string {ui!r} in the index ({raw.count(ui)} times)")
    docs = json.loads(raw).get("docs", [])
    for d in docs:
        if "<pre>" in d.get("text", ""):
            rep.fail("search", d["location"], "a code block in the index", d["text"][:120])
            break
    if marked := [d["location"] for d in docs if "¶" in d.get("title", "")]:
        rep.fail("search", marked[0], f"{len(marked)} search titles carry the permalink mark ¶")
    longest = max(docs, key=lambda d: len(d.get("text", "")), default=None)
    if longest and len(longest["text"]) > a.search_chars:
        rep.fail("search", longest["location"],
                 f"an entry of {len(longest['text'])} characters (at most {a.search_chars})")
    css = site / "assets" / "spot_nb.css"
    if not css.is_file() or not re.search(r"\.md-search-result__article\s*\{[^}]*max-height",
                                          css.read_text(encoding="utf-8")):
        rep.fail("search", "assets/spot_nb.css",
                 "search previews are not cut to a few lines (.md-search-result__article max-height)")
    kb = f.stat().st_size / 1e3
    (rep.fail if kb > a.search_kb else rep.note)("search", f.name,
                                                 f"{kb:.0f} kB, {len(docs)} entries (limit {a.search_kb:g} kB)")
    return rep


def check_page_extras(site: Path, rel: str, soup, rep: Report, a, version: str) -> None:
    "Items 4–6 on one page: figures, ranges, math left as TeX or loaded from the network, maintainers' notes, version"
    content = soup.select_one(".md-content") or soup
    skip = set(a.skip)
    if "figures" not in skip:
        for img in content.select("img"):
            alt = (img.get("alt") or "").strip()
            if not alt or alt.startswith("No description"): rep.fail("figures", rel, "an image without alt text",
                                                                     img.get("src", "")[:80])
        for img in content.select(".jp-OutputArea-output img"):
            fig = img.find_parent("figure")
            cap = fig.find("figcaption") if fig else None
            if cap is None:
                rep.fail("figures", rel, "an output image without a caption", img.get("src", "")[:80])
                continue
            if "interval" not in cap.get_text().lower():
                rep.fail("figures", rel, "a caption that does not say whether the figure draws intervals",
                         cap.get_text())
            for m in DASH_RANGE.finditer(cap.get_text()):
                rep.fail("ranges", rel, "a caption writes a spread like an interval (write 'from a to b')",
                         cap.get_text())
    if "ranges" not in skip:
        found = next((h for h in content.select("h2") if re.search(r"what we found", h.get_text(), re.I)), None)
        if found is not None:
            for sib in found.find_next_siblings():
                if sib.name == "h2": break
                for td in sib.select("td"):
                    if RANGE_AS_INTERVAL.search(td.get_text()):
                        rep.fail("ranges", rel,
                                 "a spread written like an interval in 'What we found' (write 'from a to b')",
                                 td.get_text())
    if "math" not in skip:
        for md in content.select(".jp-RenderedMarkdown, article > p, article li, article td"):
            for el in md.find_all(["code", "pre"]): el.extract()
            m = TEX_LEFT.search(md.get_text())
            if m: rep.fail("math", rel, "TeX left as text (not rendered)",
                           md.get_text()[max(0, m.start() - 40): m.end() + 40])
        for tag, attr in (("script", "src"), ("link", "href"), ("img", "src"), ("iframe", "src")):
            for el in soup.find_all(tag):
                url = el.get(attr) or ""
                if re.match(r"^(?:https?:)?//", url) and not (tag == "link"
                                                              and (el.get("rel") or [""])[0] in ("canonical",
                                                                                                 "alternate")):
                    rep.fail("math", rel, f"<{tag}> loads from the network: the site must work offline", url)
        for st in soup.find_all("style"):
            if re.search(r"@import\s+url\(\s*['\"]?https?:|url\(\s*['\"]?https?://fonts", st.get_text()):
                rep.fail("math", rel, "a stylesheet loads from the network", st.get_text()[:100])
    if "maintainers" not in skip:
        for el in content.select(".jp-RenderedMarkdown p, article > p"):
            if re.match(r"\s*Run All: about", el.get_text()) and el.find_parent("details") is None:
                rep.fail("maintainers", rel, "a maintainers' note not folded", el.get_text())
                break
    if "version" not in skip and rel != "404.html":
        header = soup.select_one("header") or soup
        if f"spot_nb {version}" not in header.get_text(" "): rep.fail("version", rel,
                                                                      f"the header does not name version {version}")


# ---------------------------------------------------------------------------------------------------------------
# the browser: geometry, first screen, math

RUNNER = r"""<!doctype html><html><body><script>
const PAGES = %s, W = %d, H = %d;
const wait = ms => new Promise(r => setTimeout(r, ms));
function probe(doc, win) {
  const res = {W: doc.documentElement.clientWidth, pageWidth: doc.documentElement.scrollWidth, scrolls: [],
    findings: null, firstCode: null, mathErrors: doc.querySelectorAll("mjx-merror").length,
    math: doc.querySelectorAll("mjx-container").length};
  const content = doc.querySelector(".md-content") || doc.body;
  // A <pre> that scrolls itself, or a <pre> / table inside a box that scrolls (or clips) sideways: the output div,
  // a rendered-HTML wrapper, a table wrapper. The box nearest the element that overflows is the one a reader scrolls;
  // a box that lets its content spill (overflow-x: visible) passes it on to the next one out, up to the page.
  const reported = new Set();
  for (const el of content.querySelectorAll(".jp-OutputArea-output pre, .jp-OutputArea-output table, .jp-RenderedMarkdown table, article table")) {
    const d = el.closest("details"); if (d && !d.open) continue;
    for (let box = el; box && box !== content.parentElement; box = box.parentElement) {
      if (box.scrollWidth <= box.clientWidth + 2) continue;
      if (box !== el && win.getComputedStyle(box).overflowX === "visible") continue;
      if (!reported.has(box))
        res.scrolls.push({tag: el.tagName.toLowerCase(), need: box.scrollWidth, have: box.clientWidth, text: el.innerText.slice(0, 100),
                          box: box === el ? null : box.tagName.toLowerCase() + [...box.classList].slice(0, 1).map(c => "." + c).join("")});
      reported.add(box); break;
    }
  }
  const top = el => el.getBoundingClientRect().top + win.scrollY;
  const code = [...content.querySelectorAll(".jp-CodeCell")].find(c => c.querySelector(".jp-InputArea") && c.offsetParent);
  if (code) res.firstCode = top(code);
  const f = [...content.querySelectorAll("h1, h2, h3, p, li, strong")].find(e => /\b(what we found|findings?|we found|found)\b/i.test(e.textContent));
  if (f) res.findings = top(f);
  return res;
}
(async () => {
  const out = {}, frame = document.createElement("iframe");
  frame.style.cssText = `width:${W}px;height:${H}px;border:0`;
  document.body.appendChild(frame);
  for (const p of PAGES) {
    try {
      await new Promise((ok, bad) => { frame.onload = ok; frame.onerror = bad; frame.src = p; });
      const win = frame.contentWindow;
      try { if (win.MathJax && win.MathJax.startup && win.MathJax.startup.promise) await win.MathJax.startup.promise; } catch (e) {}
      await wait(300);
      out[p] = probe(win.document, win);
    } catch (e) { out[p] = {error: String(e)}; }
  }
  const pre = document.createElement("pre"); pre.id = "__site_check"; pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script></body></html>
"""


def find_browser(spec: str) -> str | None:
    if spec == "never": return None
    if spec != "auto": return spec if Path(spec).exists() or shutil.which(spec) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        if shutil.which(name): return shutil.which(name)
    return None


def browse(site: Path, browser: str, rep: Report, a) -> Report:
    """Load every page in one headless browser, in an iframe of --width x --height, served from 127.0.0.1 (so that
    the runner page can measure its frames); fold what it measured into `rep`"""
    import functools, html as _h, threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    skip = set(a.skip)
    findings_pages = _findings_pages(site, a)
    pages = [p.relative_to(site).as_posix() for p in _pages(site)]
    runner = (RUNNER % (json.dumps(pages), a.width, a.height)).encode()

    class Handler(SimpleHTTPRequestHandler):
        def do_GET(self):
            if self.path.split("?")[0] == "/__site_check.html":
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(runner)))
                self.end_headers()
                self.wfile.write(runner)
            else: super().do_GET()
        def log_message(self, *args): pass
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/__site_check.html"
    try:
        with tempfile.TemporaryDirectory() as profile:
            cmd = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                   f"--user-data-dir={profile}", f"--window-size={a.width + 40},{a.height + 40}",
                   f"--virtual-time-budget={60000 + 5000 * len(pages)}", "--dump-dom", url]
            try: out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.browser_timeout).stdout
            except subprocess.TimeoutExpired:
                rep.fail("wide", "(browser)", f"the browser did not finish in {a.browser_timeout} s")
                return rep
    finally: server.shutdown()
    m = re.search(r'<pre id="__site_check">(.*?)</pre>', out, re.S)
    if not m:
        rep.fail("wide", "(browser)", "the browser's runner reported nothing")
        return rep
    results = json.loads(_h.unescape(m.group(1)))
    for rel in pages:
        r = results.get(rel)
        if r is None or "error" in r:
            rep.fail("wide", rel, f"the browser could not load this page: {r and r.get('error')}")
            continue
        if "wide" not in skip:
            if r["pageWidth"] > r["W"] + 1:
                rep.fail("wide", rel, f"the page scrolls sideways at {a.width} px ({r['pageWidth']} > {r['W']} px)")
            # on a phone a wide table scrolls inside its box: wanted
            for s in (r["scrolls"] if a.width >= 1000 else []):
                inside = f" inside <{s['box']}>" if s.get("box") else ""
                rep.fail("wide", rel,
                         f"<{s['tag']}>{inside} needs horizontal scrolling at {a.width} px ({s['need']} > {s['have']} "
                         "px)", s["text"])
        if "math" not in skip and r["mathErrors"]:
            rep.fail("math", rel, f"{r['mathErrors']} MathJax errors")
        if "findings" not in skip and rel in findings_pages and a.width >= 1000:
            if r["findings"] is None or (r["firstCode"] is not None and r["findings"] > r["firstCode"]):
                rep.fail("findings", rel, "no 'what we found' before the first code cell")
            elif r["findings"] > a.height:
                rep.fail("findings", rel,
                         f"'what we found' starts {r['findings']:.0f} px down, below the first screen ({a.height} px)")
    rep.note("wide", "(browser)", f"{len(pages)} pages measured in {Path(browser).name} at {a.width}x{a.height}")
    return rep


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("site", nargs="?", default=str(ROOT / "site"))
    ap.add_argument("--notebooks", metavar="NBS",
                    help="check the notebooks' outputs as the builder stages them, not a site")
    ap.add_argument("--skip", default="", help=f"comma-separated checks to leave out: {', '.join(CHECKS)}")
    ap.add_argument("--max-mb", type=float, default=20.0)
    ap.add_argument("--pre-chars", type=int, default=120, help="widest output line allowed (static check)")
    ap.add_argument("--widths", default="1280,390", help="comma-separated page widths the browser measures, in px")
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--browser", default="auto", help="auto (look on PATH), never, or the browser's path")
    ap.add_argument("--browser-timeout", type=int, default=900, help="seconds the browser may take for all pages")
    ap.add_argument("--groups", default="What SPOT is,Use it,How SPOT works,Findings,How-to,Reference,Internals",
                    help="top navigation groups that must exist, in this order")
    ap.add_argument("--findings-groups", default=",".join(FINDINGS_GROUPS),
                    help="navigation groups whose pages must open with their findings")
    ap.add_argument("--readme-lines", type=int, default=120, help="the README's most lines")
    ap.add_argument("--api", default=",".join(API_NAMES), help="names the Python API page must document")
    ap.add_argument("--search-chars", type=int, default=site_lean.SEARCH_CHARS,
                    help="the search index's longest entry, in characters")
    ap.add_argument("--search-kb", type=float, default=600, help="the search index's most kB")
    a = ap.parse_args(argv)
    a.skip = [s for s in a.skip.split(",") if s]
    bad = set(a.skip) - set(CHECKS)
    if bad: ap.error(f"unknown check(s) {sorted(bad)}: choose from {', '.join(CHECKS)}")
    a.groups = [g for g in a.groups.split(",") if g]
    a.findings_groups = {g for g in a.findings_groups.split(",") if g}
    rep = Report()
    if a.notebooks:
        check_notebooks(Path(a.notebooks), rep, a.skip)
    else:
        site = Path(a.site)
        browser = find_browser(a.browser)
        check_site(site, rep, a)
        if browser:
            # the browser measures what the static checks estimate: drop their estimates
            rep.errors = [e for e in rep.errors if not (e[0] == "wide" and "characters" in e[2]) and e[0] != "findings"]
            for w in [int(x) for x in a.widths.split(",") if x]:
                print(f"browser: {browser} at {w}x{a.height}")
                a.width = w
                browse(site, browser, rep, a)
        elif a.browser == "never": print("static checks only (--browser never)")
        else: print("no headless browser found: static checks only (Debian's package `chromium` adds the geometric "
                    "ones)")
    rep.print()
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main())
