#!/usr/bin/env python3
"""SPOT's GPU benchmarks in one process: forward economics at SDAR shapes, SPOT vs draft-free, batches, invariance.

    PYTHONPATH=. python3 tools/gpu_bench.py --out results/gpu          # on the GPU host (a few minutes on one H200)
    PYTHONPATH=. python3 tools/gpu_bench.py --quick --out /tmp/quick   # the same code at toy sizes on a CPU

Writes one JSON per measurement and the figures into --out; notebook 53 reads them. Imports only what the GPU
host has: the standard library, `HOST_PACKAGES` in tools/gpu_host.py (and what they require) and spot_nb; CI runs
the quick mode under `python3 tools/gpu_host.py tools/gpu_bench.py --quick ...`, which fails on any other import.
"""
import os, sys
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from spot_nb.paper.gpu_bench import main

if __name__ == "__main__": sys.exit(main())
