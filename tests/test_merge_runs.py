"""tools/merge_runs.py on small harness records: each sample's decodes come from the latest run holding the sample, and
a decode two runs disagree on is refused."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from merge_runs import merge  # noqa: E402


def rec(prompt, label, nfe, tokens, run):
    return dict(task="mbpp", prompt_id=prompt, method=label, label=label, budget=0 if label == "draft-free" else 8, gamma=None,
                temperature=0.0, seed=0, gen_length=4, target="t", order_model=None, nfe=nfe, tokens=tokens, run=run)


def test_latest_run_owns_each_sample():
    first = [rec("a", "draft-free", 4, [1, 2], 1), rec("a", "spot", 2, [1, 2], 1),
             rec("b", "draft-free", 4, [3, 4], 1), rec("b", "spot", 3, [3, 4], 1)]
    again = [rec("a", "draft-free", 4, [1, 2], 2), rec("a", "spot", 2, [1, 2], 2)]     # sample a decoded again
    merged, repeats = merge([first, again])
    assert repeats == 2
    assert {(r["prompt_id"], r["label"]): r["run"] for r in merged} == {
        ("a", "draft-free"): 2, ("a", "spot"): 2, ("b", "draft-free"): 1, ("b", "spot"): 1}


def test_disagreeing_repeat_refused():
    first, again = [rec("a", "spot", 2, [1, 2], 1)], [rec("a", "spot", 3, [1, 2], 2)]
    with pytest.raises(SystemExit, match="different NFE or output"): merge([first, again])
