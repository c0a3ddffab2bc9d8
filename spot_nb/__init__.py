"""SPOT: lossless speculative decoding for diffusion language models by commit-order prediction."""
__version__ = "0.0.1"
import spot_nb.models  # registers the embedded SpotDLM with transformers' Auto classes and the checkpoint adapters
from spot_nb.target import load_target
from spot_nb.api import generate, load_drafter

__all__ = ["load_target", "load_drafter", "generate"]
