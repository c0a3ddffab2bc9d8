#!/usr/bin/env python3
"""Write README.md from nbs/index.ipynb (stands in for `nbdev-readme`, which needs Quarto).

Markdown cells are copied verbatim (links to `../figures/` pointed at `figures/`); code cells become fenced ``python`` blocks (directive lines such as
`#| export` dropped); their text outputs become plain fenced blocks. Cells marked `#| hide` (or
`#| include: false`) are left out; `#| echo: false` keeps only the outputs.

    python tools/make_readme.py           # write README.md
    python tools/make_readme.py --check   # exit 1 if README.md is not what index.ipynb gives
"""
import argparse, json, re, sys
from pathlib import Path

from nbcells import cell_source as _src, directives as _nb_directives

ROOT = Path(__file__).resolve().parents[1]
HEADER = "<!-- Generated from nbs/index.ipynb by tools/make_readme.py: edit the notebook, not this file. -->\n"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
def _directives(src):
    d, body = _nb_directives(src)
    return d, body.strip("\n")


def _text(x):
    return "".join(x) if isinstance(x, list) else (x or "")


def _outputs(cell):
    out = []
    for o in cell.get("outputs", []):
        t = o.get("output_type")
        if t == "stream":
            if o.get("name") == "stderr": continue          # progress bars and warnings are not README material
            txt = _text(o.get("text"))
        elif t in ("execute_result", "display_data"):
            data = o.get("data", {})
            if "text/markdown" in data:
                out.append(_text(data["text/markdown"]).strip("\n") + "\n")
                continue
            txt = _text(data.get("text/plain"))
        elif t == "error": txt = "\n".join(o.get("traceback", []))
        else: continue
        txt = _ANSI.sub("", txt).strip("\n")
        if txt: out.append(f"```\n{txt}\n```\n")
    return out


def nb2md(nb_path):
    nb = json.loads(Path(nb_path).read_text(encoding="utf-8"))
    parts = []
    for cell in nb["cells"]:
        d, body = _directives(_src(cell))
        if "hide" in d or d.get("include") == "false": continue
        if cell["cell_type"] == "markdown":
            # the README sits at the root, beside figures/
            if body.strip(): parts.append(re.sub(r"\]\((?:\.\./)+figures/", "](figures/", body.strip("\n")) + "\n")
        elif cell["cell_type"] == "code":
            if d.get("echo") != "false" and body.strip(): parts.append(f"```python\n{body}\n```\n")
            parts.extend(_outputs(cell))
    return HEADER + "\n" + "\n".join(parts)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nb", default=str(ROOT / "nbs" / "index.ipynb"))
    ap.add_argument("--out", default=str(ROOT / "README.md"))
    ap.add_argument("--check", action="store_true", help="only check that README.md is up to date")
    a = ap.parse_args(argv)
    md, out = nb2md(a.nb), Path(a.out)
    if a.check:
        ok = out.exists() and out.read_text(encoding="utf-8") == md
        print(f"{out.name} is {'up to date' if ok else 'STALE: run python tools/make_readme.py'}")
        return 0 if ok else 1
    out.write_text(md, encoding="utf-8")
    print(f"wrote {out} ({len(md.splitlines())} lines) from {a.nb}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
