"""SPOT: lossless speculative decoding for diffusion language models by commit-order prediction.

`import spot_nb` is light (no torch, no transformers, nothing outside the standard library): the public API loads on
first use, and the embedded SpotDLM registers with transformers' Auto classes as soon as transformers is imported,
before or after this package (a post-import hook of a few lines, `_when_imported`). What the
command line must know before anything heavy loads (where the shipped files are, the largest budget, the tasks, the
checks of a temperature and a device) lives here."""
import importlib, importlib.util, json, math, os, re, struct, sys
from dataclasses import dataclass
from pathlib import Path

__version__ = "0.0.1"
MAX_BUDGET = 64            # the most drafts one verification forward holds: (1 + D)·L positions
POOL_SIZE = 300            # training-pool prompts in the collection the order model learns from (`spot-nb collect`)
TASKS = ("humaneval", "mbpp", "gsm8k", "math500")   # the paper's evaluation tasks (notebook 08 loads them, 17 benchmarks them)
ARITH_TASK = "arith"       # the competent target's task family (notebook 07b): held-out arithmetic word problems
BENCH_TASKS = (*TASKS, ARITH_TASK)                  # every task the harness runs
MBPP_ENV = "SPOT_NB_MBPP"  # environment variable naming mbpp.jsonl
VERIFIER_NAMES = ("coupled", "uncoupled", "greedy", "rs")   # spot_nb.verify.get_verifier; greedy match is exact only at T = 0, rs in law only
DRAFTER_ENTRY_POINTS = "spot_nb.drafters"   # entry-point group of drafters offered by name (`make_drafter`, `spot-nb bench`)
SPOT_VARIANTS = {"spot": {}, "spot-gamma": {}, "spot-chain": {"shape": "chain"}, "spot-nohedge": {"runner_up_below": 0.0},
                 "spot-stale-order": {"order": "stale"}}   # SpotDrafter's options of SPOT and Table 17's ablations, registered by name

SHIPPED_TARGETS = {"general": "spot-dlm", "arith": "arith-dlm"}   # short name -> folder of a shipped target in `data_dir()`
DRAFTER_DIR = "drafter"    # a target folder's own drafter files live in <target>/drafter/
DRAFTER_FILES = {          # role -> file name in <target>/drafter/ (a file may be absent: callers check)
    "order_model": "order-model.pt",                       # SPOT's default scorer for this target (fixed budgets)
    "auto_order_model": "order-model-small.pt",            # spot-auto's scorer; the target's order_model where absent
    "spiffy_graph": "spiffy-graph.json",                   # Spiffy's graph, calibrated on this target
    "acceptance_calibration": "acceptance-calibration.json",   # fit for order_model (notebook 21b)
    "costs": "costs.json"}                                 # measured forward costs, where shipped

def data_dir() -> Path:
    """Root of the shipped files: `spot_nb/assets` in an installed wheel (the build maps `data/` there), else the
    checkout's `data/` (an editable install or a notebook in `nbs/`). Everything shipped is found through this one function."""
    here = Path(__file__).resolve().parent
    return here / "assets" if (here / "assets" / "spot-dlm").is_dir() else here.parent / "data"

def embedded_target_dir() -> Path:
    "Folder of the embedded (general) target: $SPOT_NB_TARGET if set, else `spot-dlm` in `data_dir()`."
    if os.environ.get("SPOT_NB_TARGET"): return Path(os.environ["SPOT_NB_TARGET"])
    return data_dir() / SHIPPED_TARGETS["general"]

def target_dir(target: str | Path | None = None) -> Path:
    """A target's folder: None → the embedded target; a short name (`general`, `arith`) → that shipped target; else the
    folder given (a checkpoint of your own). The command line's `--target` resolves through this."""
    if target is None or str(target) == "": return embedded_target_dir()
    if str(target) == "general": return embedded_target_dir()
    if str(target) in SHIPPED_TARGETS: return data_dir() / SHIPPED_TARGETS[str(target)]
    return Path(target)

def target_drafter_dir(target: str | Path | None = None) -> Path:
    "Where a target folder keeps its own drafter files: `<target>/drafter/`."
    return target_dir(target) / DRAFTER_DIR

def drafter_files(target: str | Path | None = None, fallback: bool = False) -> dict[str, Path]:
    """The drafter files of a target (see `target_dir`), by role (`DRAFTER_FILES`): the paths in `<target>/drafter/`,
    whether or not each exists (callers check `is_file()`); `auto_order_model` is the target's `order_model` where it
    ships no separate small scorer. `fallback`: a role the target has no file for takes the embedded target's (what the
    command line does for a checkpoint of your own without a `drafter/` folder, and says so)."""
    d = target_drafter_dir(target)
    files = {role: d / name for role, name in DRAFTER_FILES.items()}
    if not files["auto_order_model"].is_file(): files["auto_order_model"] = files["order_model"]
    if fallback and d.resolve() != target_drafter_dir().resolve():
        embedded = drafter_files()
        files = {role: p if p.is_file() else embedded[role] for role, p in files.items()}
    return files

def shown_path(path: str | Path) -> str:
    "A path for a message: relative to the package's root folder (the checkout, or site-packages) when inside it, else as given."
    p, root = Path(path), Path(__file__).resolve().parent.parent
    try: return str(p.resolve().relative_to(root))
    except ValueError: return str(p)

def default_drafter_path() -> Path:
    "The embedded target's order model (SPOT's default scorer at a fixed budget): `data/spot-dlm/drafter/order-model.pt`."
    return drafter_files()["order_model"]

def auto_drafter_path() -> Path:
    "The small order model that `spot-auto` (the cost-aware drafter) scores with: `data/spot-dlm/drafter/order-model-small.pt`."
    return drafter_files()["auto_order_model"]

def user_cache_dir() -> Path:
    "spot_nb's cache of data fetched once ($SPOT_NB_CACHE, else $XDG_CACHE_HOME/spot_nb, else ~/.cache/spot_nb)."
    if os.environ.get("SPOT_NB_CACHE"): return Path(os.environ["SPOT_NB_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "spot_nb"

def hub_online() -> bool:
    "Whether a dataset may be fetched from the hub: `datasets` installed and neither HF_HUB_OFFLINE nor HF_DATASETS_OFFLINE set."
    off = lambda k: os.environ.get(k, "").strip().lower() in ("1", "true", "yes", "on")
    return not (off("HF_HUB_OFFLINE") or off("HF_DATASETS_OFFLINE")) and importlib.util.find_spec("datasets") is not None

def fetch_hub_jsonl(out: Path, repo: str, name: str | None, splits: tuple[str, ...], sort_key: str | None = None) -> Path:
    "Write the rows of `splits` of hub dataset `repo` (config `name`) to the JSON-lines file `out` (once), sorted by `sort_key`."
    import datasets
    rows = [dict(r) for sp in splits for r in datasets.load_dataset(repo, name, split=sp)]
    if sort_key: rows.sort(key=lambda r: r[sort_key])
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    tmp.replace(out)
    return out

MBPP_HUB = ("google-research-datasets/mbpp", "full", ("train", "test", "validation", "prompt"))

def mbpp_path(path: str | Path | None = None) -> Path:
    """Location of mbpp.jsonl (974 problems, CC-BY-4.0; never shipped): the argument, else $SPOT_NB_MBPP, else a copy
    cached by an earlier fetch or `../shared/data/mbpp/mbpp.jsonl` beside the checkout (this project's machines), else
    fetched once from the datasets hub (`google-research-datasets/mbpp`, `full`) when online. None of them: a one-line error."""
    if path: cands = [Path(path)]                            # an explicit path is taken as given
    elif os.environ.get(MBPP_ENV): cands = [Path(os.environ[MBPP_ENV])]
    else:
        repo = Path(__file__).resolve().parent.parent                  # the checkout; shared/ sits beside it
        cands = [user_cache_dir() / "mbpp.jsonl",
                 *dict.fromkeys(d / "shared/data/mbpp/mbpp.jsonl" for d in (repo.parent, Path.cwd().parent, Path.cwd().parent.parent))]
    for c in cands:
        if c.is_file(): return c
    given = path or os.environ.get(MBPP_ENV)
    if not given and hub_online():
        try: return fetch_hub_jsonl(cands[0], *MBPP_HUB, sort_key="task_id")
        except Exception as e: hub = f"; the datasets hub failed ({type(e).__name__})"
    else: hub = "" if given else "; offline or without `datasets`, so not fetched from the hub"
    what = f"no file at {given}" if given else f"looked at {', '.join(map(str, cands))}{hub}"
    raise FileNotFoundError(f"MBPP not found ({what}): set ${MBPP_ENV} to the path of mbpp.jsonl (google-research/google-research, "
                            "mbpp/mbpp.jsonl, CC-BY-4.0), or run online with `datasets` installed")

def check_temperature(temperature: float) -> float:
    "Validate a sampling temperature (T >= 0, finite) and return it as a float."
    t = float(temperature)
    if not math.isfinite(t) or t < 0:
        raise ValueError(f"temperature must be a finite number >= 0 (0 = greedy), got {temperature!r}")
    return t

def check_device(device: str) -> str:
    "Refuse a device other than cpu, cuda or cuda:N, or CUDA without a GPU; torch loads only where a GPU driver is present."
    if device == "cpu": return device
    if not re.fullmatch(r"cuda(:\d+)?", device): raise ValueError(f"--device {device!r} is not a device name: use cpu, cuda or cuda:N")
    no_cuda = f"--device {device}: no CUDA device on this machine: use --device cpu"
    if not any(Path(p).exists() for p in ("/dev/nvidiactl", "/dev/kfd")): raise ValueError(no_cuda)   # no NVIDIA or ROCm driver
    import torch
    if not torch.cuda.is_available(): raise ValueError(no_cuda)
    return device

def check_checkpoint(path: str | Path) -> Path:
    "Refuse a missing file, or one that is not a torch checkpoint (`torch.save` writes a zip archive holding `data.pkl`), without importing torch."
    import zipfile
    p = Path(path)
    if not p.is_file(): raise FileNotFoundError(f"no order model at {path}: train one with `spot-nb train-drafter`, or pass the path of a saved one")
    try:
        with zipfile.ZipFile(p) as z: ok = any(n.endswith("/data.pkl") or n == "data.pkl" for n in z.namelist())
    except (zipfile.BadZipFile, OSError): ok = False
    if not ok: raise ValueError(f"{path} is not an order-model checkpoint: pass a file saved by `spot-nb train-drafter`")
    return p

WEIGHTS_FILE, WEIGHTS_INDEX = "model.safetensors", "model.safetensors.index.json"
DAMAGED = "the checkpoint is damaged: copy or save it again"
_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "a boolean", type(None): "null"}

def read_json(path: str | Path) -> dict:
    "A JSON object from `path`, with a one-line error naming the file."
    path = Path(path)
    if not path.exists(): raise FileNotFoundError(f"{path}: missing")
    try: value = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as e: raise ValueError(f"{path}: not valid JSON ({e}): {DAMAGED}") from None
    if not isinstance(value, dict):
        raise ValueError(f"{path}: holds {_JSON_KINDS.get(type(value), 'something')}, not a JSON object {{...}}: {DAMAGED}")
    return value

def safetensors_header(file: Path) -> dict[str, tuple[str, tuple[int, ...]]]:
    "Tensor name → (dtype, shape) from a safetensors file's header, checking that the file holds every byte the header promises."
    size = file.stat().st_size
    with open(file, "rb") as f:
        head = f.read(8)
        n = struct.unpack("<Q", head)[0] if len(head) == 8 else None
        if n is None or n > size - 8:
            raise ValueError(f"{file}: truncated or damaged safetensors file (no complete header in its {size} bytes): {DAMAGED}")
        try: header = json.loads(f.read(n))
        except (json.JSONDecodeError, UnicodeDecodeError): raise ValueError(f"{file}: damaged safetensors header (not JSON): {DAMAGED}") from None
    try:
        header.pop("__metadata__", None)
        end = max((t["data_offsets"][1] for t in header.values()), default=0)
        out = {k: (t["dtype"], tuple(t["shape"])) for k, t in header.items()}
    except (AttributeError, KeyError, TypeError, IndexError): raise ValueError(f"{file}: damaged safetensors header: {DAMAGED}") from None
    if 8 + n + end != size:
        raise ValueError(f"{file}: truncated or damaged safetensors file (its header describes {8 + n + end} bytes, the file has "
                         f"{size}): {DAMAGED}")
    return out

def weight_files(folder: Path) -> list[Path]:
    "The safetensors files of a checkpoint: the shards its index names, or the single weights file."
    index = folder / WEIGHTS_INDEX
    if index.exists():
        wm = read_json(index).get("weight_map")
        if not isinstance(wm, dict) or not wm: raise ValueError(f"{index}: no weight_map: {DAMAGED}")
        files = [folder / f for f in sorted(set(wm.values()))]
        for f in files:
            if not f.exists(): raise FileNotFoundError(f"{f}: missing (a shard named by {index.name})")
        return files
    if (folder / WEIGHTS_FILE).exists(): return [folder / WEIGHTS_FILE]
    other = sorted(p.name for p in folder.glob("*.bin")) + sorted(p.name for p in folder.glob("*.pt"))
    hint = f" (found {', '.join(other)}: only safetensors weights are read)" if other else ""
    raise FileNotFoundError(f"{folder / WEIGHTS_FILE}: missing, and no {WEIGHTS_INDEX} either{hint}")

def check_target_folder(path: str | Path | None) -> tuple[Path, dict]:
    """(folder, config) of a saved target (the embedded one for None), checked without torch: `config.json` is a JSON
    object whose `block_size`, if it has one, is a positive integer, and every weights file is complete. What only the
    model class knows (do the tensors match the config?) `load_target` checks, still before reading the weights."""
    folder = Path(path) if path else embedded_target_dir()
    cfg = folder / "config.json"
    if not cfg.is_file(): raise FileNotFoundError(f"no target checkpoint at {folder} ({cfg.name} missing): pass the folder of a saved target")
    config = read_json(cfg)
    L = config.get("block_size")
    if L is not None and (isinstance(L, bool) or not isinstance(L, int) or L < 1):
        raise ValueError(f"{cfg}: block_size must be a positive integer, got {L!r}: set it to the block size the model was trained with")
    for f in weight_files(folder): safetensors_header(f)
    return folder, config

DEFAULT_BLOCK_SIZE = 32    # the block of a family that leaves it to the user (LLaDA's semi-autoregressive `block_length`)

@dataclass(frozen=True)
class FamilyShape:
    "Where one checkpoint family's `config.json` states what bounds a decode, and what its adapter assumes where it is silent."
    family: str
    model_types: tuple[str, ...]                 # `model_type` values in config.json
    block_key: str | None                        # field of the block size the model was trained with (None: the user's choice)
    span: bool = False                           # no blocks: one block spans the whole generation (Dream's sampler)
    vocab_keys: tuple[str, ...] = ("vocab_size",)    # first one present wins
    max_length_key: str = "max_position_embeddings"
    block_default: int | None = None             # where block_key is absent (None: required)
    vocab_default: int | None = None
    max_length_default: int | None = None        # the config class's own default where the field is absent

CHECKPOINT_SHAPES = {s.family: s for s in [
    FamilyShape("spot_dlm", ("spot_dlm",), "block_size", block_default=32, vocab_default=4096, max_length_default=2048),  # SpotDLMConfig
    FamilyShape("sdar", ("sdar",), "block_size", max_length_default=32768),                                   # Qwen3Config
    FamilyShape("fast_dllm_v2", ("Fast_dLLM_Qwen", "fast_dllm_v2"), "bd_size", max_length_default=32768),     # Qwen2Config
    FamilyShape("llada", ("llada",), None, vocab_keys=("embedding_size", "vocab_size"), max_length_key="max_sequence_length",
                max_length_default=4096),
    FamilyShape("dream", ("Dream", "dream"), None, span=True, max_length_default=32768)]}
SHAPE_OF_MODEL_TYPE = {mt: s for s in CHECKPOINT_SHAPES.values() for mt in s.model_types}

@dataclass(frozen=True)
class TargetShape:
    "What bounds a checkpoint's decode, as its adapter decides it: block size (None: one block spans the generation), vocabulary, maximum length."
    family: str
    block_size: int | None
    vocab_size: int
    max_length: int

    def block_for(self, gen_length: int) -> int:
        "The block a decode of `gen_length` tokens uses."
        return gen_length if self.block_size is None else self.block_size

    def check_gen_length(self, g: int, what: str = "--gen-length") -> None:
        "A generation length must be a positive multiple of the block size and leave room for a prompt (`what` names it in the error)."
        if isinstance(g, bool) or not isinstance(g, int) or g < 1: raise ValueError(f"{what} {g!r} is not a positive integer")
        L, n = self.block_size, self.max_length
        if L is None:                                            # one block of g: the prompt needs one position at least
            if g >= n: raise ValueError(f"{what} {g} leaves no room for a prompt within the target's maximum length {n}: at most {n - 1}")
            return
        if g % L: raise ValueError(f"{what} {g} is not a multiple of the target's block size {L}: try {g + (-g) % L}")
        if g + L >= n:
            raise ValueError(f"{what} {g} leaves no room for a prompt within the target's maximum length {n}: at most {(n - 1 - L) // L * L}")

def _positive(config: dict, key: str, where: Path):
    v = config.get(key)
    if v is not None and (isinstance(v, bool) or not isinstance(v, int) or v < 1):
        raise ValueError(f"{where}: {key} must be a positive integer, got {v!r}: {DAMAGED}")
    return v

def shape_from_config(config: dict, where: Path, block_size: int | None = None) -> TargetShape:
    """The `TargetShape` of a checkpoint whose `config.json` (at `where`) holds `config`, with the user's `block_size`
    where the family allows a choice: SDAR and Fast-dLLM v2 use the block they were trained with (`block_size`,
    `bd_size`), LLaDA the user's (default `DEFAULT_BLOCK_SIZE`), Dream none (one block spans the generation), the
    embedded SpotDLM its `block_size`. Every adapter sizes its target with this; the command line checks with it before torch loads."""
    mt = config.get("model_type")
    fam = SHAPE_OF_MODEL_TYPE.get(mt) or FamilyShape(       # another adapter's checkpoint: the embedded target's fields, none assumed
        str(mt), (mt,), "block_size", max_length_key="max_position_embeddings" if "max_position_embeddings" in config else "max_length")
    if block_size is not None and (isinstance(block_size, bool) or not isinstance(block_size, int) or block_size < 1):
        raise ValueError(f"block_size must be a positive integer, got {block_size!r}: e.g. block_size={DEFAULT_BLOCK_SIZE}")
    if fam.span:
        if block_size is not None:
            raise ValueError(f"{where}: {fam.family} decodes without blocks (one block spans the generation, as its sampler does): drop block_size=")
        block = None
    elif fam.block_key is None: block = block_size or DEFAULT_BLOCK_SIZE
    else:
        trained = _positive(config, fam.block_key, where)
        if trained is not None and block_size is not None and block_size != trained:
            raise ValueError(f"{where}: the model was trained with blocks of {trained} ({fam.block_key}), not {block_size}")
        block = trained or block_size or fam.block_default
        if block is None:
            raise ValueError(f"{where}: lacks {fam.block_key} (the block size the model was trained with): pass block_size=")
    vocab_key = next((k for k in fam.vocab_keys if config.get(k) is not None), fam.vocab_keys[0])
    vocab, n = config.get(vocab_key, fam.vocab_default), config.get(fam.max_length_key, fam.max_length_default)
    for key, v in ((vocab_key, vocab), (fam.max_length_key, n)):
        if v is None: raise ValueError(f"{where}: lacks {key}: is this a diffusion-LM checkpoint?")
        if isinstance(v, bool) or not isinstance(v, int) or v < 1: raise ValueError(f"{where}: {key} must be a positive integer, got {v!r}: {DAMAGED}")
    if block is not None and n <= block:
        raise ValueError(f"{where}: {fam.max_length_key} {n} does not exceed the block size {block}: a prompt has no room")
    return TargetShape(fam.family, block, vocab, n)

def target_shape(path: str | Path | None = None, block_size: int | None = None) -> TargetShape:
    "The `TargetShape` of a saved target folder (the embedded one for None), its config and weights files checked first, without torch."
    folder, config = check_target_folder(path)
    return shape_from_config(config, folder / "config.json", block_size)

_API = dict(load_target="spot_nb.target", load_drafter="spot_nb.api", generate="spot_nb.api", DecodeConfig="spot_nb.decode")
__all__ = ["load_target", "load_drafter", "generate", "DecodeConfig"]

def __getattr__(name: str):
    "The public API, imported on first use (PEP 562)."
    if name in _API: return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'spot_nb' has no attribute {name!r}")

def __dir__() -> list[str]: return sorted([*globals(), *_API])

def _when_imported(name: str, hook) -> None:
    "Call `hook()` once the top-level module `name` has been imported: now if it already is, else right after its import runs."
    if name in sys.modules: return hook()
    class _Finder:                                      # first on sys.meta_path until `name` has been imported
        busy = False
        def find_spec(self, fullname, path=None, target=None):
            if fullname != name or self.busy: return None
            self.busy = True
            try: spec = importlib.util.find_spec(name)  # what the other finders make of it
            finally: self.busy = False
            if spec is None or not hasattr(spec.loader, "exec_module"): return spec
            loader, exec_module = spec.loader, spec.loader.exec_module
            def exec_then_hook(module):
                del loader.exec_module                  # the loader is itself again
                exec_module(module)
                if finder in sys.meta_path: sys.meta_path.remove(finder)
                hook()
            loader.exec_module = exec_then_hook         # a probe (`find_spec` alone) never runs it: the finder stays
            return spec
    finder = _Finder()
    sys.meta_path.insert(0, finder)

def _register() -> None:
    import spot_nb.models  # registers the embedded SpotDLM with the Auto classes and the checkpoint adapters

_when_imported("transformers", _register)
