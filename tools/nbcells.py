"Reading notebook cells and their nbdev directives; shared by the scripts in tools/."
import re

_DIRECTIVE = re.compile(r"^\s*#\s*\|\s*(.*)$")

def cell_source(cell) -> str:
    "A cell's source as one string (notebook JSON may store it as a list of lines)."
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s

def directives(src: str) -> tuple[dict, str]:
    "Leading `#| name [value]` / `#| name: value` lines -> ({name: value}, the remaining source)."
    lines, d, i = src.splitlines(), {}, 0
    while i < len(lines):
        m = _DIRECTIVE.match(lines[i])
        if not m: break
        parts = re.split(r"[:\s]\s*", m.group(1).strip(), maxsplit=1)
        d[parts[0].lower()] = parts[1].strip().lower() if len(parts) > 1 else ""
        i += 1
    return d, "\n".join(lines[i:])
