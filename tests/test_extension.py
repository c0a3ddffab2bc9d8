"""Issue 56: another package extends spot_nb by the how-to alone. The three examples of `docs/howto-extend.md`, as
written, become the modules of a package outside this one, and its three entry-point declarations that package's
dist-info; `spot-nb bench --tasks` and `spot-nb demo --target` then find the task, the drafter and the model family in
processes of their own, with nothing imported first."""
import json, os, re, subprocess, sys, tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOWTO = ROOT / "docs" / "howto-extend.md"
MODULES = ("drafters", "capitals", "family")          # the how-to's Python examples, in its order
GROUPS = {"spot_nb.drafters", "spot_nb.tasks", "spot_nb.families"}


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", HOWTO.read_text(encoding="utf-8"), re.S)


@pytest.fixture(scope="module")
def package(tmp_path_factory) -> tuple[Path, dict]:
    "A folder on which `my_package` is installed as the how-to describes: its modules and its dist-info"
    site = tmp_path_factory.mktemp("site")
    pkg = site / "my_package"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    code, toml = _blocks("python"), _blocks("toml")
    assert len(code) == len(MODULES) and len(toml) == len(GROUPS), (len(code), len(toml))
    for name, text in zip(MODULES, code): (pkg / f"{name}.py").write_text(text)
    groups = {g: e for t in toml for g, e in tomllib.loads(t)["project"]["entry-points"].items()}
    info = site / "my_package-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-package\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("".join(f"[{g}]\n" + "".join(f"{k} = {v}\n" for k, v in e.items()) + "\n"
                                                   for g, e in groups.items()))
    return site, groups


def _spot_nb(site: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(site), "HF_HUB_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    return subprocess.run([str(Path(sys.executable).parent / "spot-nb"), *args], env=env, cwd=cwd, text=True,
                          capture_output=True, timeout=600)


def test_the_howto_declares_one_entry_point_per_kind(package):
    _, groups = package
    assert set(groups) == GROUPS
    assert all(v.split(":")[0].split(".")[1] in MODULES for e in groups.values() for v in e.values())


def test_bench_runs_the_packages_task_and_drafter(package, tmp_path):
    site, _ = package
    r = _spot_nb(site, "bench", "--tasks", "capitals", "--methods", "draft-free,first-masked", "--budgets", "1",
                 "--n", "1", "--gen-length", "32", "--threads", "1", "--no-progress", "--out", str(tmp_path / "b"),
                 cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr[-1500:]
    from spot_nb.bench.store import read_records
    recs = {r["method"]: r for r in read_records(tmp_path / "b")}
    assert set(recs) == {"draft-free", "first-masked"} and recs["first-masked"]["task"] == "capitals"
    assert recs["first-masked"]["tokens"] == recs["draft-free"]["tokens"]              # lossless, as any drafter is
    assert sum(recs["first-masked"]["drafts"]) > 0                                      # and it drafted


def test_demo_loads_the_packages_family(package, tmp_path):
    site, _ = package
    ckpt = tmp_path / "my-checkpoint"                     # the embedded target's weights, under the family's model_type
    ckpt.mkdir()
    src = ROOT / "data" / "spot-dlm"
    (ckpt / "config.json").write_text(json.dumps(json.loads((src / "config.json").read_text())
                                                 | {"model_type": "my_family"}))
    for f in src.iterdir():
        if f.is_file() and f.name != "config.json": (ckpt / f.name).symlink_to(f)
    r = _spot_nb(site, "demo", "--target", str(ckpt), "--prompt", "def add(a, b):", "--gen-length", "32",
                 "--budget", "2", "--repeats", "1", "--threads", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stdout[-1500:] + r.stderr[-1500:]
    assert "identical" in r.stdout.lower(), r.stdout[-1500:]
