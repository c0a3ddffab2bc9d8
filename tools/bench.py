#!/usr/bin/env python
"""`spot-nb bench` as a script, for launchers that take a script path (e.g. `torchrun --nproc_per_node 2 tools/bench.py
...`).

Same options as `spot-nb bench --help`; see notebook 36 (`spot_nb.bench.harness`)."""
from spot_nb.bench.harness import bench_main

if __name__ == "__main__": raise SystemExit(bench_main())
