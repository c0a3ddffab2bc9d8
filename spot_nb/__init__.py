"""SPOT: lossless speculative decoding for diffusion language models by commit-order prediction.

`import spot_nb` is light (no torch, no transformers): the public API loads on first use, and the embedded SpotDLM
registers with transformers' Auto classes as soon as transformers is imported, before or after this package. What the
command line must know before anything heavy loads (where the shipped files are, the largest budget) lives here."""
import importlib, os
from pathlib import Path
from wrapt import when_imported

__version__ = "0.0.1"
MAX_BUDGET = 64            # the most drafts one verification forward holds: (1 + D)·L positions
POOL_SIZE = 300            # training-pool prompts in the collection the order model learns from (`spot-nb collect`)

def embedded_target_dir() -> Path:
    "Folder of the embedded target: $SPOT_NB_TARGET if set, else `data/spot-dlm` of the checkout."
    if os.environ.get("SPOT_NB_TARGET"): return Path(os.environ["SPOT_NB_TARGET"])
    return Path(__file__).resolve().parent.parent / "data" / "spot-dlm"

def default_drafter_path() -> Path:
    "The shipped order-model checkpoint: `data/order-model.pt` beside the embedded target."
    return embedded_target_dir().parent / "order-model.pt"

@when_imported("transformers")
def _register(_transformers) -> None:
    import spot_nb.models  # registers the embedded SpotDLM with the Auto classes and the checkpoint adapters

_API = dict(load_target="spot_nb.target", load_drafter="spot_nb.api", generate="spot_nb.api")
__all__ = ["load_target", "load_drafter", "generate"]

def __getattr__(name: str):
    "The public API, imported on first use (PEP 562)."
    if name in _API: return getattr(importlib.import_module(_API[name]), name)
    raise AttributeError(f"module 'spot_nb' has no attribute {name!r}")

def __dir__() -> list[str]: return sorted([*globals(), *_API])
