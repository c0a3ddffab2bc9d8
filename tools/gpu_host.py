#!/usr/bin/env python3
"""Run a script as if on the GPU host: only the host's packages can be imported.

    python3 tools/gpu_host.py tools/gpu_bench.py --quick --out /tmp/quick   # what CI runs (notebook 53)
    python3 tools/gpu_host.py -c "import fastcore"                          # fails, naming fastcore

The allowlist: the standard library, `HOST_PACKAGES` and every installed package they require (recursively), and
`spot_nb`. Every other top-level module that this environment could import is hidden (`sys.modules[name] = None`),
so its import raises ModuleNotFoundError and a `find_spec` probe answers None, as on the host; one that another
finder would still serve (an editable install) is refused by a finder placed first on `sys.meta_path`. At the end
the modules imported are checked once more. When the script needed a module outside the allowlist, a line names it
and the exit status is 3. Standard library only.
"""
import importlib.abc, importlib.metadata as md, importlib.util, os, pkgutil, re, runpy, sys, sysconfig, traceback

# The GPU host's Python packages. Source: /work/shared/DESIGN.md, section "The GPU host the benchmark script must
# fit" (its `python3` has torch, transformers, numpy, scipy, pandas, matplotlib, seaborn, safetensors, tokenizers,
# tqdm, accelerate, sympy). Change this list only when that section changes.
HOST_PACKAGES = ("torch", "transformers", "numpy", "scipy", "pandas", "matplotlib", "seaborn", "safetensors",
                 "tokenizers", "tqdm", "accelerate", "sympy")
PROJECT = "spot_nb"
EXIT_NOT_ON_HOST = 3

def _norm(dist: str) -> str: return re.sub(r"[-_.]+", "-", dist).lower()

def host_distributions(roots=HOST_PACKAGES) -> set[str]:
    "The host's distributions and every installed distribution they require, recursively (extras left out)."
    seen, todo = set(), [_norm(r) for r in roots]
    while todo:
        d = todo.pop()
        if d in seen: continue
        seen.add(d)
        try: reqs = md.requires(d) or []
        except md.PackageNotFoundError: continue         # not installed here, so neither is anything it requires
        for r in reqs:
            if "extra" in r.partition(";")[2]: continue  # an optional extra's requirement, not a dependency
            if m := re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", r): todo.append(_norm(m.group(1)))
    return seen

def allowed_modules() -> set[str]:
    "Top-level module names the host can import: the standard library, the host distributions' modules, `spot_nb`."
    dists = host_distributions()
    mods = {m for m, ds in md.packages_distributions().items() if any(_norm(d) in dists for d in ds)}
    std = {sysconfig.get_path("stdlib"), sysconfig.get_path("platstdlib")}
    std |= {os.path.join(d, "lib-dynload") for d in std}         # its platform modules too (`_sysconfigdata_*`)
    return set(sys.stdlib_module_names) | {m.name for m in pkgutil.iter_modules(sorted(std))} | mods | {PROJECT}

def _allowed(name: str, allowed: set[str]) -> bool:
    # `__main__` and the like; `_cython_3_*`: the shared module that Cython extensions (scipy, pandas) register
    return name in allowed or name.startswith("__") or name.startswith("_cython_")

class _Guard(importlib.abc.MetaPathFinder):
    "First finder on sys.meta_path: refuses a top-level module outside the allowlist that another finder would serve."
    def __init__(self, allowed: set[str],
                 hidden: set[str]): self.allowed, self.hidden, self.refused, self.busy = allowed, hidden, [], False
    def find_spec(self, fullname, path=None, target=None):
        if "." in fullname or self.busy or _allowed(fullname, self.allowed): return None
        self.busy = True
        try: spec = importlib.util.find_spec(fullname)
        finally: self.busy = False
        if spec is None: return None                     # absent here as well as there
        self.refused.append(fullname)
        raise ModuleNotFoundError(f"No module named {fullname!r} on the GPU host (tools/gpu_host.py)", name=fullname)

def guard() -> _Guard:
    "Hide every importable top-level module outside the allowlist and put the guard first on sys.meta_path."
    allowed = allowed_modules()
    hidden = {m.name for m in pkgutil.iter_modules() if m.name not in sys.modules and not _allowed(m.name, allowed)}
    sys.modules.update(dict.fromkeys(hidden))
    g = _Guard(allowed, hidden)
    sys.meta_path.insert(0, g)
    return g

def imported_outside(g: _Guard, before: set[str]) -> list[str]:
    """Top-level packages outside the allowlist that modules imported since `before` (sys.modules's names then) come
    from."""
    installed = set(md.packages_distributions())
    out = set()
    for n, m in list(sys.modules.items()):
        if m is None or n in before: continue
        spec = getattr(m, "__spec__", None)                # `_csparsetools` is scipy.sparse's, by its spec
        top = (spec.name if spec is not None else n).partition(".")[0]
        if not _allowed(top, g.allowed) and (top in g.hidden or top in installed): out.add(top)
    return sorted(out | set(g.refused))

def _missing(exc: BaseException | None, allowed: set[str]) -> str | None:
    "The module outside the allowlist whose ModuleNotFoundError is `exc` or lies in its chain (causes and contexts)."
    seen = set()
    while exc is not None and id(exc) not in seen:
        seen.add(id(exc))
        if isinstance(exc, ModuleNotFoundError) and exc.name and not _allowed(exc.name.partition(".")[0], allowed):
            return exc.name
        exc = exc.__cause__ or exc.__context__
    return None

def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    before = set(sys.modules)
    g = guard()
    if argv[0] == "-c": code, sys.argv, sys.path[0] = argv[1], ["-c", *argv[2:]], ""
    else: code, sys.argv, sys.path[0] = None, list(argv), os.path.dirname(os.path.abspath(argv[0]))
    rc = 0
    try:
        if code is not None: exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
        else: runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as e: rc = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except Exception as e:
        if (name := _missing(e, g.allowed)) is None: raise
        traceback.print_exc()
        print(f"gpu_host: the script needs {name}, which is not on the GPU host (allowed: the standard library, "
              f"{', '.join(HOST_PACKAGES)}, what they require, {PROJECT})", file=sys.stderr)
        return EXIT_NOT_ON_HOST
    if bad := imported_outside(g, before):
        print(f"gpu_host: imported outside the GPU host's packages: {', '.join(bad)}", file=sys.stderr)
        return EXIT_NOT_ON_HOST
    return rc

if __name__ == "__main__": sys.exit(main(sys.argv[1:]))
