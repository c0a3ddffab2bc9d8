"""SPOT: lossless speculative decoding for diffusion language models by commit-order prediction."""
__version__ = "0.0.1"
import spot_nb.models  # registers the embedded SpotDLM with transformers' Auto classes and the checkpoint adapters
