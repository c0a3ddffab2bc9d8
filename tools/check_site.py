#!/usr/bin/env python3
"""Check the built documentation site as a reader meets it; exit 1 naming each page and snippet that fails.

    python tools/check_site.py site                 # the site tools/build_docs.py wrote
    python tools/check_site.py site --skip findings # leave a check out (names below)
    python tools/check_site.py --notebooks nbs      # cheap: the outputs the builder would render (no site needed)

Checks (each can be skipped with --skip NAME):

* `residue`   no progress bar (tqdm's frames, or the frozen text of its widgets), no empty stderr strip, no machine
              path (/work/, /tmp/, /root/, /home/, site-packages) in any output or prose; stderr with text is
              reported as a note.
* `wide`      no output `<pre>` with a line longer than --pre-chars (outside a collapsed `<details>`); with a
              browser, no output `<pre>` or table that needs horizontal scrolling at --width pixels (itself, or the
              output box or table wrapper around it that scrolls), and no page that does.
* `tables`    every table an HTML table: no output `<pre>` laid out in aligned columns, no markdown table left as text.
* `anchors`   every local link, image, script and stylesheet resolves, every `#fragment` names an element of its page.
* `nav`       every page reachable from the navigation, the groups present (--groups), previous/next links,
              `site_url` in the sitemap.
* `findings`  on every page of the findings groups (--findings-groups), a "what we found" (a heading or paragraph
              saying what was found) before the first code cell; with a browser, within the first --height pixels.
* `size`      the whole site under --max-mb.
* `math`      with a browser: MathJax rendered with no error.

The browser is headless Chromium (`chromium`, `chromium-browser` or `google-chrome` on PATH, or --browser PATH; Debian's
package `chromium`): the site is served on 127.0.0.1 for the check's duration, and one browser run loads every page in
a --width x --height frame of a runner page that measures it (`--dump-dom` returns the measurements). Without one the geometric checks fall back to the
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
CHECKS = ("residue", "wide", "tables", "anchors", "nav", "findings", "size", "math")


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
        print(f"{len(self.errors)} failed, {len(self.notes)} notes" + (f" ({', '.join(f'{k} {v}' for k, v in by.items())})"
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
        if ln.strip() and len(re.findall(r"\S+(?:\s\S+)*", ln)) >= 3: run.append(ln); continue
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
                        text = "\n".join(build_docs._text(v) for k, v in o.get("data", {}).items() if k.startswith("text/"))
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
        rep.fail("nav", str(site), "no index.html: not a built site"); return rep
    ids_cache = {}
    def ids_of(p: Path):
        if p not in ids_cache:
            s = _soup(p); ids_cache[p] = {t.get("id") for t in s.find_all(id=True)} | {t.get("name") for t in s.find_all(attrs={"name": True})}
        return ids_cache[p]
    groups, nav_hrefs = _nav(site)
    findings_pages = _findings_pages(site, a)
    base = _base_path(site)
    for page in pages:
        rel = page.relative_to(site).as_posix()
        soup = _soup(page)
        ids_cache[page] = {t.get("id") for t in soup.find_all(id=True)} | {t.get("name") for t in soup.find_all(attrs={"name": True})}
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
            if "wide" not in skip and len(longest) > a.pre_chars:
                rep.fail("wide", rel, f"output line of {len(longest)} characters (> {a.pre_chars})", longest)
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
                    if not url or re.match(r"^(?:[a-z][a-z0-9+.-]*:|//)", url, re.I): continue   # external, data:, mailto:
                    parts = urlsplit(url)
                    path = unquote(parts.path)
                    if path.startswith("/"):   # absolute on the server: the site lives at site_url's path (404.html)
                        if not path.startswith(base):
                            rep.fail("anchors", rel, f"<{tag} {attr}> outside the site's path {base}", url); continue
                        target = (site / path[len(base):]).resolve()
                    else: target = (page.parent / path).resolve() if path else page
                    if target.is_dir(): target = target / "index.html"
                    if not target.is_file():
                        rep.fail("anchors", rel, f"<{tag} {attr}> to a missing file", url); continue
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
                    found = el; break
            if found is None:
                rep.fail("findings", rel, "no 'what we found' before the first code cell")
    if "nav" not in skip:
        titles = [t for t, _ in groups]
        for g in a.groups:
            if g not in titles: rep.fail("nav", "index.html", f"navigation group {g!r} missing (groups: {titles})")
        sm = site / "sitemap.xml"
        if not sm.is_file() or "<loc>" not in sm.read_text(encoding="utf-8"):
            rep.fail("nav", "sitemap.xml", "no sitemap with addresses: is site_url set?")
    if "size" not in skip:
        size = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
        (rep.fail if size > a.max_mb * 1e6 else rep.note)("size", str(site), f"{size / 1e6:.1f} MB (limit {a.max_mb:g} MB)")
    return rep


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
                self.send_response(200); self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(runner))); self.end_headers(); self.wfile.write(runner)
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
                rep.fail("wide", "(browser)", f"the browser did not finish in {a.browser_timeout} s"); return rep
    finally: server.shutdown()
    m = re.search(r'<pre id="__site_check">(.*?)</pre>', out, re.S)
    if not m: rep.fail("wide", "(browser)", "the browser's runner reported nothing"); return rep
    results = json.loads(_h.unescape(m.group(1)))
    for rel in pages:
        r = results.get(rel)
        if r is None or "error" in r:
            rep.fail("wide", rel, f"the browser could not load this page: {r and r.get('error')}"); continue
        if "wide" not in skip:
            if r["pageWidth"] > r["W"] + 1:
                rep.fail("wide", rel, f"the page scrolls sideways at {a.width} px ({r['pageWidth']} > {r['W']} px)")
            for s in r["scrolls"]:
                inside = f" inside <{s['box']}>" if s.get("box") else ""
                rep.fail("wide", rel, f"<{s['tag']}>{inside} needs horizontal scrolling at {a.width} px ({s['need']} > {s['have']} px)", s["text"])
        if "math" not in skip and r["mathErrors"]:
            rep.fail("math", rel, f"{r['mathErrors']} MathJax errors")
        if "findings" not in skip and rel in findings_pages:
            if r["findings"] is None or (r["firstCode"] is not None and r["findings"] > r["firstCode"]):
                rep.fail("findings", rel, "no 'what we found' before the first code cell")
            elif r["findings"] > a.height:
                rep.fail("findings", rel, f"'what we found' starts {r['findings']:.0f} px down, below the first screen ({a.height} px)")
    rep.note("wide", "(browser)", f"{len(pages)} pages measured in {Path(browser).name} at {a.width}x{a.height}")
    return rep


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[2:]))
    ap.add_argument("site", nargs="?", default=str(ROOT / "site"))
    ap.add_argument("--notebooks", metavar="NBS", help="check the notebooks' outputs as the builder stages them, not a site")
    ap.add_argument("--skip", default="", help=f"comma-separated checks to leave out: {', '.join(CHECKS)}")
    ap.add_argument("--max-mb", type=float, default=15.0)
    ap.add_argument("--pre-chars", type=int, default=120, help="widest output line allowed (static check)")
    ap.add_argument("--width", type=int, default=1280); ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--browser", default="auto", help="auto (look on PATH), never, or the browser's path")
    ap.add_argument("--browser-timeout", type=int, default=900, help="seconds the browser may take for all pages")
    ap.add_argument("--groups", default="Use it,The paper's findings,Internals", help="navigation groups that must exist")
    ap.add_argument("--findings-groups", default="The paper's findings,A competent target",
                    help="navigation groups whose pages must open with their findings")
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
            print(f"browser: {browser} at {a.width}x{a.height}")
            # the browser measures what the static checks estimate: drop their estimates
            rep.errors = [e for e in rep.errors if not (e[0] == "wide" and "characters" in e[2]) and e[0] != "findings"]
            browse(site, browser, rep, a)
        elif a.browser == "never": print("static checks only (--browser never)")
        else: print("no headless browser found: static checks only (Debian's package `chromium` adds the geometric ones)")
    rep.print()
    return 1 if rep.errors else 0


if __name__ == "__main__":
    sys.exit(main())
