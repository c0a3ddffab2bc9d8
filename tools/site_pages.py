"""The documentation site's own pages and downloads (used by tools/build_docs.py).

* `docs/*.md` (Reproduce, Cite) are copied into the staged docs with their markers filled in:
  `<!-- downloads -->` becomes the table of the committed `results/` records and `figures/`, each a download link
  with its size and provenance (the commit that last changed it, and the machine and versions where the file
  records them); `<!-- built-from -->` the commit the site is built from.
* `publish_downloads` copies those files into the built site (after `mkdocs build`, so that a `.md` record stays a
  download and is not rendered as a page).
* `provenance_cells` gives each notebook page a note under the last cell that reads or writes a record: where to
  download it and where it comes from.
"""
import html, json, re, shutil, subprocess
from pathlib import Path

PAPER_TITLE = ("On the SPOT: Enhancing Speculative Decoding for Diffusion Language Models via Commit-Order Prediction")
PAPER_URL = "https://arxiv.org/html/2610.22543"        # the arXiv HTML version the project reads (shared/paper/)
PUBLISHED = ("results", "figures")


def _git(root: Path, *args) -> str:
    try: return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError): return ""


def published_files(root: Path) -> list[str]:
    "Committed files under results/ and figures/ (repository-relative); everything there when git cannot tell"
    out = _git(root, "ls-files", "--", *PUBLISHED)
    files = out.splitlines() if out else [str(p.relative_to(root)) for d in PUBLISHED
                                          for p in sorted((root / d).rglob("*"))
                                           if p.is_file()]
    return [f for f in files if (root / f).is_file()]


def _fmt_size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.1f} kB" if n >= 1e3 else f"{n} B"


def _flat(d) -> str:
    "A provenance dict in one line: `key value, …` (nested dicts flattened one level)"
    if not isinstance(d, dict): return str(d)
    return ", ".join(f"{k} {v}" if not isinstance(v, dict) else f"{k}: {_flat(v)}" for k, v in d.items())


def provenance(root: Path, rel: str) -> dict:
    """Where record `rel` comes from: the commit that last changed it (git) and, for a JSON file that stores them,
    its `machine`, `versions` and `commit` fields (top level, or under `provenance`)."""
    out = {}
    log = _git(root, "log", "-1", "--format=%h %cs", "--", rel).split()
    if len(log) == 2: out["changed_in"], out["date"] = log
    if rel.endswith(".json"):
        try: data = json.loads((root / rel).read_text(encoding="utf-8"))
        except (OSError, ValueError): data = None
        if isinstance(data, dict):
            src = data.get("provenance") if isinstance(data.get("provenance"), dict) else data
            for k in ("machine", "versions", "commit"):
                if k in src: out[k] = src[k]
    return out


def _stored(p: dict) -> list[str]:
    "The provenance a record stores about itself, as HTML snippets"
    out = [f'measured at commit <code>{html.escape(str(p["commit"]))}</code>'] if "commit" in p else []
    out += [f'{k}: {html.escape(_flat(p[k]))}' for k in ("machine", "versions") if k in p]
    return out


def _link(rel: str) -> str: return f'<a href="{html.escape(rel)}" download><code>{html.escape(rel)}</code></a>'


def provenance_html(root: Path, rel: str) -> str:
    "One line of HTML: the download link, its size and its provenance"
    p = provenance(root, rel)
    bits = [f'{_link(rel)} ({_fmt_size((root / rel).stat().st_size)})']
    if "changed_in" in p: bits.append(f'last changed in commit <code>{p["changed_in"]}</code> ({p["date"]})')
    return " · ".join(bits + _stored(p))


def downloads_table(root: Path, files: list[str]) -> str:
    "Markdown table of the published records and figures (links as inline HTML: mkdocs leaves them alone)"
    rows = ["| file | size | last changed | provenance stored in the file |", "|---|--:|---|---|"]
    for rel in files:
        p = provenance(root, rel)
        where = _stored(p) or (["none recorded"] if rel.endswith(".json") else [])
        changed = f'<code>{p["changed_in"]}</code>, {p["date"]}' if "changed_in" in p else ""
        rows.append(f'| {_link(rel)} | {_fmt_size((root / rel).stat().st_size)} | {changed} | '
                    f'{"; ".join(where).replace("|", "&#124;")} |')
    return "\n".join(rows) + "\n"


def built_from(root: Path, html: bool = True) -> str:
    "The commit a site is built from, as one phrase: commit `abc1234` (date)"
    head = _git(root, "log", "-1", "--format=%h %cs")
    if len(head.split()) != 2: return "a checkout without git history"
    sha, date = head.split()
    return f"commit <code>{sha}</code> ({date})" if html else f"commit {sha} ({date})"


def write_pages(root: Path, src: Path, docs: Path) -> list[str]:
    "Copy the site-only pages `src/*.md` into staged `docs` with their markers filled; return their file names"
    if not src.is_dir(): return []
    files = published_files(root)
    built = built_from(root)
    names = []
    for page in sorted(src.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        text = text.replace("<!-- downloads -->", downloads_table(root, files)).replace("<!-- built-from -->", built)
        (docs / page.name).write_text(text, encoding="utf-8")
        names.append(page.name)
    return names


def publish_downloads(root: Path, site: Path) -> list[str]:
    "Copy the committed results/ and figures/ files into the built site, same paths; return them"
    files = published_files(root)
    for rel in files:
        dst = site / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / rel, dst)
    return files


_RECORD = re.compile(r"results/[\w./-]+\.(?:json|jsonl|jsonl\.gz|md)")


def provenance_cells(nb: dict, root: Path, published: set[str]) -> dict:
    "Staged notebook `nb` with a provenance note under the last code cell that names each published record"
    last = {}
    for i, c in enumerate(nb["cells"]):
        if c["cell_type"] != "code": continue
        src = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for rel in set(_RECORD.findall(src)):
            if rel in published: last[rel] = i
    by_cell = {}
    for rel, i in last.items(): by_cell.setdefault(i, []).append(rel)
    for i in sorted(by_cell, reverse=True):
        lines = "<br>\n".join(f"Record {provenance_html(root, rel)}" for rel in sorted(by_cell[i]))
        nb["cells"].insert(i + 1, {"cell_type": "markdown", "metadata": {}, "id": f"provenance-{i}",
                                   "source": f'<div class="spot-provenance">\n{lines}\n</div>'})
    return nb
