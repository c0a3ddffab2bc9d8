"""The Reference pages of the documentation site, generated from the code when the site is built (tools/build_docs.py).

* `reference.md` (Python API): first the names a user meets, in that order, each with a short example and the output it
  printed when the site was built; then every public name (`__all__`) of the modules in `MODULES`. Each function and
  class has its signature (`inspect.signature`), its docstring, a parameter table (type, default, meaning: nbdev's
  `docments`, a parameter's trailing comment, else the docstring's sentence that names the parameter), what it returns,
  the exceptions its body raises (read from its source), and a link to its source at its line; a registry lists what is
  registered in it now; a constant gives its value and its comment. No implementation source is shown.
* `cli-reference.md` (Command line): every `spot-nb` subcommand from the CLI's own parser (`spot_nb.cli._parser`):
  its description, usage and options, and an example.

The examples live here (`API`, `CLI_EXAMPLES`); tests/test_site.py runs the Python ones and parses the command lines
with the CLI's parser, so that an example that no longer works fails CI.

    python tools/site_reference.py OUT_DIR     # write the two pages into OUT_DIR (the builder stages them)
"""
import argparse, ast, contextlib, dataclasses, html, importlib, inspect, io, re, sys, textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPO_URL = "https://github.com/spot-nb/spot_nb"

# (section, [(module:name, example)]): the public API in the order a user meets it. Examples run in one namespace,
# in this order (tests/test_site.py), with `torch.set_num_threads(1)`; each is short and decodes little.
API = [
    ("Load a target and a drafter", [
        ("spot_nb.target:load_target", '''\
import spot_nb
target, tokenizer = spot_nb.load_target()            # the embedded target; or a checkpoint folder
print(target.block_size, target.vocab_size)'''),
        ("spot_nb.api:load_drafter", '''\
drafter = spot_nb.load_drafter()                     # SPOT's drafter from the shipped order model
print(type(drafter).__name__)'''),
    ]),
    ("Decode", [
        ("spot_nb.api:generate", '''\
out = spot_nb.generate(target, tokenizer, "def add(a, b):", drafter, budget=2, gen_length=32)
ref = spot_nb.generate(target, tokenizer, "def add(a, b):", gen_length=32)      # draft-free
assert out.token_ids == ref.token_ids                  # lossless: the same tokens
print(out.nfe, "forwards with SPOT,", ref.nfe, "draft-free")'''),
        ("spot_nb.api:Generation", '''\
print(out.text[:40], out.tokens_per_round, out.result.nfe == out.nfe)'''),
        ("spot_nb.decode:decode", '''\
from spot_nb.decode import decode, DecodeConfig
ids = tokenizer.encode("def add(a, b):", return_tensors="pt")[0]
r = decode(target, ids, drafter, DecodeConfig(gen_length=32, budget=2))
print(r.nfe, r.tokens_per_round)'''),
        ("spot_nb.decode:decode_many", '''\
from spot_nb.decode import decode_many
prompts = [tokenizer.encode(t, return_tensors="pt")[0] for t in ("def add(a, b):", "import os")]
rs = decode_many(target, prompts, drafter, gen_length=32, budget=2)   # one forward per round for both
print([r.nfe for r in rs])'''),
        ("spot_nb.decode:DecodeConfig", '''\
cfg = DecodeConfig(gen_length=64, budget=4, temperature=1.0, seed=3)   # checked when built
print(cfg.verifier, DecodeConfig.of(cfg, budget=8).budget)'''),
        ("spot_nb.decode:DecodeResult", '''\
print(r.n_generated, r.accepted, len(r.rounds))'''),
    ]),
    ("Drafters", [
        ("spot_nb.drafters.base:Drafter", '''\
from spot_nb.drafters.base import Drafter
from spot_nb.verify import DraftTree

class NoDrafts(Drafter):
    "Proposes nothing: every round commits the target's own next token (draft-free)."
    name = "no-drafts"                                  # a named subclass registers itself
    def draft(self, root, stale, ctx): return DraftTree(root, ctx.mask_id)

print(decode(target, ids, NoDrafts(), gen_length=32).nfe == decode(target, ids, gen_length=32).nfe)'''),
        ("spot_nb.drafters.base:make_drafter", '''\
from spot_nb.drafters.base import make_drafter
spiffy = make_drafter("spiffy")                       # a baseline, by its registered name
print(type(spiffy).__name__)'''),
        ("spot_nb.drafters.spot:SpotDrafter", '''\
from spot_nb.drafters.spot import SpotDrafter
from spot_nb.order_model import OrderModel
spot = SpotDrafter(OrderModel.load(spot_nb.drafter_files("general")["order_model"]), gamma=0.0)
print(decode(target, ids, spot, gen_length=32, budget=4).nfe)'''),
        ("spot_nb.calibration:cost_aware_drafter", '''\
from spot_nb.calibration import cost_aware_drafter
auto = cost_aware_drafter(target)                     # spot-auto: the cost model is measured once, then cached
r = decode(target, ids, auto, gen_length=32)
print(r.nfe, "forwards; drafts a round may pay for:", auto.costs.d_max)'''),
    ]),
    ("The order model", [
        ("spot_nb.order_model:OrderModel", '''\
import torch
from spot_nb.order_model import OrderModel
scorer = OrderModel.load(spot_nb.drafter_files("general")["order_model"])   # an OrderMLP or the encoder
L = target.block_size
feats, masked = torch.zeros(1, L, scorer.config["n_features"]), torch.ones(1, L, dtype=torch.bool)
print(type(scorer).__name__, scorer(feats, masked).exp().sum().item())       # q(s | y) sums to one'''),
    ]),
    ("Records and intervals", [
        ("spot_nb.records:paired_bootstrap", '''\
from spot_nb.records import paired_bootstrap
iv = paired_bootstrap([10, 12, 9, 11], [5, 6, 5, 4])       # control's total over treated's, pairs kept together
print(f"{iv.estimate:.2f}x [{iv.lo:.2f}, {iv.hi:.2f}]")'''),
    ]),
    ("Registries", [
        ("spot_nb.registry:DRAFTERS", '''\
from spot_nb.registry import DRAFTERS
print(sorted(DRAFTERS)[:5], DRAFTERS["spot-chain"].options)'''),
        ("spot_nb.registry:register_drafter", '''\
from spot_nb.registry import register_drafter
register_drafter("nothing", NoDrafts)                 # or a function of keyword arguments returning a Drafter
print(type(make_drafter("nothing")).__name__)'''),
        ("spot_nb.verify:VERIFIERS", '''\
from spot_nb.verify import VERIFIERS
print(sorted(VERIFIERS))'''),
        ("spot_nb.verify:get_verifier", '''\
from spot_nb.verify import get_verifier
print(get_verifier("coupled") is VERIFIERS["coupled"])'''),
        ("spot_nb.tasks:TASKS", '''\
from spot_nb.tasks import TASKS
print(sorted(TASKS))'''),
        ("spot_nb.tasks:register_task", '''\
from spot_nb.tasks import Prompt, register_task, load_task
register_task("tiny", lambda: [Prompt("tiny/0", "tiny", "def add(a, b):", "return a + b")])
print(load_task("tiny")[0].text)'''),
        ("spot_nb.tasks:load_task", '''\
print(len(load_task("gsm8k", limit=3)))'''),
        ("spot_nb.target:ADAPTERS", '''\
import spot_nb.models, spot_nb.targets                 # register the shipped adapters
from spot_nb.target import ADAPTERS
print(sorted(ADAPTERS))'''),
        ("spot_nb.targets.family:make_tiny_checkpoint", '''\
import tempfile
from spot_nb.targets.family import make_tiny_checkpoint
with tempfile.TemporaryDirectory() as d:              # a random SDAR checkpoint, in SDAR's own format
    tiny, tiny_tok = spot_nb.load_target(make_tiny_checkpoint("sdar", d))
    print(type(tiny).__name__, tiny.block_size)'''),
        ("spot_nb.target:register_adapter", '''\
from spot_nb.target import register_adapter, load_target
def my_loader(path, device, dtype, **options):       # -> (a BlockTarget, its tokenizer)
    return load_target(None, device, dtype)            # here: the embedded target, whatever the folder
register_adapter("my_family", my_loader)               # config.json: "model_type": "my_family"
print("my_family" in ADAPTERS)'''),
    ]),
]

# `spot-nb SUBCOMMAND ...`: an example per subcommand, checked by tests/test_site.py against the parser
CLI_EXAMPLES = {
    "demo": ["spot-nb demo", "spot-nb demo --prompt 'def fib(n):' --gen-length 64 --budget 2"],
    "collect": ["spot-nb collect --target general --n 300 --out runs/traj/pool"],
    "train-drafter": ["spot-nb train-drafter --target general --traj runs/traj/pool --out runs/order-model.pt "
                      "--max-minutes 30"],
    "bench": ["spot-nb bench --tasks gsm8k,humaneval --methods draft-free,spot --budgets 1,8 --n 5"],
    "report": ["spot-nb report runs/bench"],
}


# every public name (`__all__`) of these modules gets an entry, after the sections above
MODULES = ("spot_nb.api", "spot_nb.decode", "spot_nb.drafters.base", "spot_nb.drafters.spot",
           "spot_nb.drafters.baselines", "spot_nb.drafters.cost_aware", "spot_nb.drafters.acceptance",
           "spot_nb.drafters.ddtree", "spot_nb.drafters.oracle", "spot_nb.order_model", "spot_nb.calibration",
           "spot_nb.registry", "spot_nb.verify", "spot_nb.tasks", "spot_nb.target", "spot_nb.targets.base",
           "spot_nb.targets.family", "spot_nb.targets.sdar", "spot_nb.targets.fast_dllm_v2", "spot_nb.targets.llada",
           "spot_nb.targets.dream", "spot_nb.records")


def _obj(spec: str):
    mod, name = spec.split(":")
    return importlib.import_module(mod), name, getattr(importlib.import_module(mod), name)


def _anchor(name: str) -> str: return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _fmt_anno(a) -> str:
    if a is inspect.Parameter.empty: return ""
    if isinstance(a, str): return a
    if isinstance(a, type): return a.__name__
    return re.sub(r"\b(?:typing|torch\.nn\.modules\.\w+|collections\.abc|spot_nb(?:\.\w+)*)\.", "",
                  str(a)).replace("NoneType", "None")


def _shown(value) -> str:
    "A value as the page shows it: a function by its name, and no memory address (the page is the same on every build)"
    if inspect.isfunction(value) or inspect.isclass(value): return value.__qualname__
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))


def signature(name: str, obj) -> str:
    "`def name(...) -> R` or `class Name(...)`, one parameter a line when it does not fit on one"
    kind = "class" if inspect.isclass(obj) else "def"
    try: sig = inspect.signature(obj)
    except (TypeError, ValueError): return f"{kind} {name}"
    params, star_done = [], False
    for p in sig.parameters.values():
        if p.name == "self": continue
        if p.kind is p.KEYWORD_ONLY and not star_done:
            params.append("*")
            star_done = True
        if p.kind is p.VAR_POSITIONAL: star_done = True
        s = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.annotation is not p.empty: s += f": {_fmt_anno(p.annotation)}"
        if p.default is not p.empty: s += (" = " if p.annotation is not p.empty else "=") + _shown(p.default)
        params.append(s)
    ret = "" if kind == "class" or sig.return_annotation is sig.empty else f" -> {_fmt_anno(sig.return_annotation)}"
    one = f"{kind} {name}({', '.join(params)}){ret}"
    if len(one) <= 100: return one
    return f"{kind} {name}(\n" + "".join(f"    {p},\n" for p in params) + f"){ret}"


def _docments(obj) -> dict:
    "{parameter: (type, default, documentation)} from nbdev's docments (trailing comments), '' where none"
    try:
        from fastcore.docments import docments
        d = docments(obj, full=True)
    except Exception: return {}   # noqa: BLE001
    out = {}
    for k, v in d.items():
        if k in ("return", "self"): continue
        anno, default, doc = v.get("anno"), v.get("default"), v.get("docment")
        out[k] = ("" if anno is inspect.Parameter.empty else _fmt_anno(anno),
                  "" if default is inspect.Parameter.empty else repr(default), doc or "")
    return out


def _clauses(doc: str) -> list[str]:
    "A docstring's sentences and clauses (split at '. ' and '; ' outside brackets), whitespace folded"
    text, out, depth, start = re.sub(r"\s+", " ", doc or "").strip(), [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and ch in ".;" and text[i + 1:i + 2] in (" ", ""):
            out.append(text[start:i + 1].strip())
            start = i + 1
    return [c for c in out + [text[start:].strip()] if c]


def _from_docstring(name: str, doc: str) -> str:
    "The docstring's first clause that names parameter `name` in backticks, '' if none does (or it is long)"
    hit = next((x for x in _clauses(doc) if re.search(rf"`{re.escape(name)}`", x)), "")
    return hit.rstrip(";") if len(hit) <= 240 else ""


def parameters(obj) -> dict:
    "{parameter: (type, default, meaning, shown name)}: meaning from nbdev's docments, else the docstring's sentence"
    doc = inspect.getdoc(obj) or ""
    try: sig = inspect.signature(obj)
    except (TypeError, ValueError): return {}
    documented = {k: v[2] for k, v in _docments(obj).items()}
    notes = _trailing_comments(obj)     # what docments misses: `**kwargs`' comment (it reads it as the return's)
    return {k: ("" if p.annotation is p.empty else _fmt_anno(p.annotation),    # as declared, never inferred
                "" if p.default is p.empty else _shown(p.default),
                documented.get(k) or notes.get(k, "") or _from_docstring(k, doc),
                {p.VAR_POSITIONAL: "*" + k, p.VAR_KEYWORD: "**" + k}.get(p.kind, k))
            for k, p in sig.parameters.items() if k != "self"}


def _trailing_comments(obj) -> dict:
    """{name: its trailing comment}: a dataclass's fields in its body, or the parameters of a function's signature (one
    a line; `**kwargs` too, which nbdev's docments reads as the return's)"""
    f = obj if dataclasses.is_dataclass(obj) or not inspect.isclass(obj) else obj.__dict__.get("__init__", obj)
    try: lines = inspect.getsource(f).splitlines()
    except (TypeError, OSError): return {}
    if not dataclasses.is_dataclass(obj):                       # the signature's lines only
        end = next((i for i, ln in enumerate(lines) if re.search(r"\)\s*(->[^#]*)?:\s*(#.*)?$", ln)), 0)
        lines = lines[:end + 1]
    pat = r"^\s*(?:def \w+\(|\*?\s*,\s*)?\**(\w+)\s*(?:[:=,)][^#]*)?#\s*(.+)$"
    return {m.group(1): m.group(2).strip() for m in (re.match(pat, ln) for ln in lines) if m}


def raises(obj) -> list[str]:
    "The exception classes the body of `obj` (a class: its `__init__` and `__post_init__`) raises by name, in order"
    fs = [obj.__dict__.get(k) for k in ("__init__", "__post_init__")] if inspect.isclass(obj) else [obj]
    nodes = []
    for f in fs:
        try: nodes += list(ast.walk(ast.parse(textwrap.dedent(inspect.getsource(f)))))
        except (TypeError, OSError, SyntaxError): pass
    out = []
    for node in nodes:
        if isinstance(node, ast.Raise) and node.exc is not None:
            e = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            n = e.id if isinstance(e, ast.Name) else e.attr if isinstance(e, ast.Attribute) else ""
            if n and n[0].isupper() and n not in out: out.append(n)
    return out


def returns(obj) -> str:
    "What a function returns: its annotation and the docstring's sentence saying so"
    if inspect.isclass(obj): return ""
    try: ann = inspect.signature(obj).return_annotation
    except (TypeError, ValueError): return ""
    said = next((x for x in _clauses(inspect.getdoc(obj) or "") if re.match(r"Returns?\b", x)), "")
    if ann is inspect.Signature.empty and not said: return ""
    t = "" if ann is inspect.Signature.empty else _fmt_anno(ann)
    return " ".join(x for x in (_code(t) if t and t != "None" else ("nothing" if t == "None" else ""),
                                f"({_cell(said)})" if said and t else _cell(said)) if x)


def _assignment_link(mod, name: str) -> str:
    "A link to the line of `mod`'s source that assigns `name` ('' where none does)"
    try: src = inspect.getsource(mod)
    except (TypeError, OSError): return ""
    at, link = re.search(rf"^{re.escape(name)}\s*(?::[^=\n]+)?=", src, re.M), _source_link(mod)
    return f"{link.split('#')[0]}#L{src[:at.start()].count(chr(10)) + 1}" if at and link else ""


def _constant(mod, name: str, value) -> list[str]:
    "A constant's entry: its value (cut short), a link to where it is set, and its trailing comment in the source"
    try: src = inspect.getsource(mod)
    except (TypeError, OSError): src = ""
    m = re.search(rf"^{re.escape(name)}\s*(?::[^=\n]+)?=.*?#\s*(.+)$", src, re.M)
    link = _assignment_link(mod, name)
    v = _shown(value)
    v = v if len(v) <= 100 else v[:97] + "…"
    where = f"`{mod.__name__}.{name}`" + (f" · [source]({link})" if link else "")
    sig = ['<div class="spot-api-sig" markdown>', "", "```python", f"{name} = {v}", "```", "", "</div>", ""]
    return sig + [where, ""] + ([m.group(1).strip(), ""] if m else [])


def _source_link(obj) -> str:
    try:
        f = Path(inspect.getsourcefile(obj)).resolve()
        line = inspect.getsourcelines(obj)[1]
        return f"{REPO_URL}/blob/main/{f.relative_to(ROOT).as_posix()}#L{line}"
    except (TypeError, OSError, ValueError): return ""


def _cell(s: str) -> str: return html.escape(str(s), quote=False).replace("|", "\\|").replace("\n", " ")


# a pipe in a code span splits no cell
def _code(s: str) -> str: return f"`{str(s).replace(chr(10), ' ')}`" if s else ""


def render_object(spec: str, example: str | None = None, printed: str = "") -> str:
    "One entry of the Python API page: `spec` is `module:name`; `printed`, what `example` printed when it ran"
    mod, name, obj = _obj(spec)
    out = [f"### `{name}` {{ #{_anchor(name)} }}", ""]
    registry = isinstance(obj, dict) and bool(obj) and all(callable(v) or hasattr(v, "factory") for v in obj.values())
    if not (registry or callable(obj)): out += _constant(mod, name, obj)
    elif registry:                          # a registry: what is in it now
        # noqa: F401  (register the shipped drafters, adapters)
        import spot_nb.drafters, spot_nb.models, spot_nb.targets
        link = _assignment_link(mod, name)
        out += [f"`{mod.__name__}.{name}`" + (f" · [source]({link})" if link else "")
                + ": a registry, name → what it builds. Registered now:", "",
                "| name | registered |", "|---|---|"]
        for k in sorted(obj):
            v = getattr(obj[k], "factory", obj[k])     # the drafter registry's entries name their factory
            if isinstance(v, str):                     # "module:attr", with the entry's options
                opts = ", ".join(f"{o}={x!r}" for o, x in obj[k].options.items())
                out.append(f"| {_code(k)} | {_code(v.replace(':', '.') + (f'({opts})' if opts else ''))} |")
                continue
            what = getattr(v, "__qualname__", None) or type(v).__name__
            where = getattr(v, "__module__", "") or ""
            out.append(f"| {_code(k)} | {_code((where + '.' if where else '') + what)} |")
        out.append("")
    else:
        out += ['<div class="spot-api-sig" markdown>', "", "```python", signature(name, obj), "```", "", "</div>", ""]
        link = _source_link(obj) or _assignment_link(mod, name)   # a class made by a call: where it is set
        where = f"`{mod.__name__}.{name}`" + (f" · [source]({link})" if link else "")
        out += [where, ""]
        doc = inspect.getdoc(obj) or ""
        out += [doc, ""] if doc else []
        params = parameters(obj)
        if params:
            out += ["| parameter | type | default | meaning |", "|---|---|---|---|"]
            out += [f"| {_code(n)} | {_code(t)} | {_code(d)} | {_cell(m) or '—'} |" for t, d, m, n in params.values()]
            out.append("")
        ret, exc = returns(obj), raises(obj)
        out += [f"**Returns** {ret}", ""] if ret else []
        out += ["**Raises** " + ", ".join(f"`{e}`" for e in exc), ""] if exc else []
        if inspect.isclass(obj):                        # its public methods and properties, defined here
            members = [(k, v) for k, v in obj.__dict__.items() if not k.startswith("_")
                       and (inspect.isfunction(v) or isinstance(v, (property, classmethod, staticmethod)))]
            for k, v in members:
                f = v.fget if isinstance(v, property) else getattr(v, "__func__", v)
                sig = f"{k}  (property)" if isinstance(v, property) else signature(k, f).replace("def ", "", 1)
                d = (inspect.getdoc(f) or "").split("\n\n")[0].replace("\n", " ")
                out += [f"- `{sig}`" + (f": {d}" if d else "")]
            if members: out.append("")
    if example is not None:
        out += ["**Example**", "", "```python", example, "```", ""]
        if printed: out += ["**Output**", "", "```text", printed.rstrip("\n"), "```", ""]
    return "\n".join(out)


def run_examples() -> dict:
    "{spec: what its example printed}: the examples of `API`, run in order in one namespace (one torch thread)"
    import torch
    torch.set_num_threads(1)
    ns, out = {}, {}
    for _, items in API:
        for spec, example in items:
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                exec(compile(example, f"<example of {spec}>", "exec"), ns)   # noqa: S102  (our documentation's code)
            out[spec] = buf.getvalue()
    return out


def module_names() -> list[str]:
    "`module:name` of every public name of `MODULES`, in module order, each once"
    return [f"{m}:{n}" for m in MODULES for n in importlib.import_module(m).__all__]


def api_page(printed: dict | None = None) -> str:
    "The Python API page: `API`'s sections with their examples' output (`run_examples`), then every module's names"
    printed = run_examples() if printed is None else printed
    shown = {spec.split(":")[1] for _, items in API for spec, _ in items}
    parts = ["# Python API", "",
             "The public API, generated from the code when this site was built. First the names a user meets, each "
             "with a short example and what it printed when the site was built (the examples run in order, in one "
             "session, and CI runs them); then every public name of each module, with its signature, documentation, "
             "parameters, what it returns and raises, and a link to its source. `import spot_nb` gives "
             "`load_target`, `load_drafter`, `generate` and `DecodeConfig`. The notebooks develop each piece: "
             "[the five-line API](api.ipynb), [decode](decode.ipynb), [drafters](drafters_base.ipynb), "
             "[verify](verify.ipynb), [tasks](tasks.ipynb), [target](target.ipynb).", ""]
    for section, items in API:
        parts += [f"## {section}", ""]
        parts += [render_object(spec, ex, printed.get(spec, "")) for spec, ex in items]
    parts += ["## Every public name, by module", ""]
    for m in MODULES:
        names = [n for n in importlib.import_module(m).__all__ if n not in shown]
        if not names: continue
        parts += [f"### `{m}` {{ #{_anchor('module ' + m)} }}", "", (importlib.import_module(m).__doc__ or "")
                  .split("\n\n")[0].split("Docs:")[0].strip(), ""]
        for n in names:                                 # searched by name: the body is left out of the index
            head, body = render_object(f"{m}:{n}").replace("### `", "#### `", 1).split("\n", 1)
            parts += [head, "", '<div class="spot-api-more" markdown>', body.replace("```python\n", "```text\n", 1),
                      "</div>", ""]
    return "\n".join(parts)


def _subparsers(parser: argparse.ArgumentParser) -> dict:
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction): return dict(a.choices)
    return {}


def cli_parser() -> argparse.ArgumentParser:
    "The `spot-nb` parser with every subcommand's options (bench's too)"
    from spot_nb import cli
    try: return cli._parser(bench=True)
    except TypeError: return cli._parser()


def _option_row(a: argparse.Action) -> str:
    flags = ", ".join(a.option_strings) or (a.metavar if isinstance(a.metavar, str) else a.dest)
    if not a.option_strings: return f"| {_code(flags)} | | {_cell(a.help or '')} (required) |"
    if a.metavar and a.nargs != 0: flags += f" {a.metavar}" if isinstance(a.metavar, str) else ""
    elif a.option_strings and a.nargs != 0 and not isinstance(a,
                                                              (argparse._StoreTrueAction, argparse._StoreFalseAction)):
        flags += f" {a.dest.upper()}"
    default = "" if a.default in (None, argparse.SUPPRESS) or isinstance(a,
                                                                         argparse._StoreTrueAction) else repr(a.default)
    helptext = (a.help or "").replace("%(default)s", str(a.default)).replace("%%", "%")
    if a.choices and not isinstance(a.choices, dict): helptext += f" (one of: {', '.join(map(str, a.choices))})"
    return f"| {_code(flags)} | {_code(default)} | {_cell(helptext)} |"


def cli_page() -> str:
    ap = cli_parser()
    subs = _subparsers(ap)
    parts = ["# Command line", "",
             "`spot-nb`'s subcommands, generated from its own parser when this site was built (`spot-nb SUBCOMMAND "
             "--help` prints the same). The [command-line notebook](cli.ipynb) develops them; "
             "[SPOT on your own checkpoint](howto-own-checkpoint.md) chains them.", "",
             "| subcommand | what it does |", "|---|---|"]
    helps = {}
    for a in ap._actions:
        if isinstance(a, argparse._SubParsersAction):
            helps = {c.dest: c.help for c in a._choices_actions}
    parts += [f"| [`{k}`](#{_anchor('spot-nb ' + k)}) | {_cell(helps.get(k, ''))} |" for k in subs]
    parts.append("")
    for k, p in subs.items():
        p.prog = f"spot-nb {k}"
        usage = p.format_usage().removeprefix("usage: ").strip()
        parts += [f"## `spot-nb {k}` {{ #{_anchor('spot-nb ' + k)} }}", "", (p.description or helps.get(k) or ""), "",
                  "```text", re.sub(r"\s+", " ", usage), "```", "",
                  "| option | default | meaning |", "|---|---|---|"]
        parts += [_option_row(a) for a in p._actions if "-h" not in a.option_strings and a.help != argparse.SUPPRESS
                  and not isinstance(a, argparse._SubParsersAction)]
        parts += ["", "**Example**", "", "```bash", *CLI_EXAMPLES.get(k, [f"spot-nb {k} --help"]), "```", ""]
    return "\n".join(parts)


def write_reference(docs: Path) -> list[str]:
    "Write reference.md and cli-reference.md into the staged docs folder; return their names"
    sys.path.insert(0, str(ROOT))
    (docs / "reference.md").write_text(api_page(), encoding="utf-8")
    (docs / "cli-reference.md").write_text(cli_page(), encoding="utf-8")
    return ["reference.md", "cli-reference.md"]


if __name__ == "__main__":
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    print(write_reference(out))
