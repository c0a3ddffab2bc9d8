"""What pyproject.toml cannot say: the wheel's packages are every subpackage of `spot_nb` (found, so a new one is never left
out) plus `spot_nb.assets`, which is the checkout's `data/` folder mapped into the package: the two shipped targets (the
general `data/spot-dlm` and the competent `data/arith-dlm`), each with its own drafter files in `drafter/`. Training logs and
snapshots (data/arith-dlm-10, -30, -causal, the other order models) stay in the repository. So do the paper's experiments,
`spot_nb.paper` (grid runners, the paper's tables and constants): notebooks export them under the package, as nbdev
exports everything, but they are the notebooks' code, not the library's, and no library module imports them. `spot_nb.data_dir()` finds
the targets in either place: `spot_nb/assets` when installed from a wheel, `data/` in a checkout (editable install)."""
from setuptools import find_packages, setup

SHIPPED = ("spot-dlm", "arith-dlm")              # spot_nb.SHIPPED_TARGETS
TARGET_FILES = ("config.json", "tokenizer.json", "tokenizer_config.json", "model.safetensors", "drafter/*.pt", "drafter/*.json")

EXPERIMENTS = ("spot_nb.paper", "spot_nb.paper.*")   # the notebooks' experiments: in the checkout, not in the wheel

setup(packages=[*find_packages(include=["spot_nb", "spot_nb.*"], exclude=EXPERIMENTS), "spot_nb.assets"],
      package_dir={"spot_nb.assets": "data"},
      package_data={"spot_nb.assets": [f"{t}/{f}" for t in SHIPPED for f in TARGET_FILES]},
      include_package_data=False)
