"""Packaging: the wheel ships only spatioxolver/..., the editable install maps the four
folders, no top-level agents/graphs/evals module exists, and imports stay cheap."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("litellm", "langgraph", "cv2", "torch", "matplotlib", "datasets")


def _run(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_wheel_contains_only_the_spatioxolver_package(tmp_path: Path) -> None:
    # Build from a copy so the build leaves no build/ or *.egg-info in the working tree.
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build")
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(REPO / name, src / name)
    for folder in ("spatioxolver", "agents", "graphs", "prompts", "evals"):
        shutil.copytree(REPO / folder, src / folder, ignore=ignore)
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(src),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    wheel = next(tmp_path.glob("spatioxolver-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"spatioxolver", f"spatioxolver-{wheel.name.split('-')[1]}.dist-info"}
    for sub in ("agents", "graphs", "prompts", "evals"):
        assert f"spatioxolver/{sub}/__init__.py" in names
    assert "spatioxolver/prompts/__init__.py" in names
    assert any(n.startswith("spatioxolver/prompts/") and n.endswith(".txt") for n in names) or not list(
        (REPO / "prompts").glob("*.txt")
    )
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[spatioxolver.agents]" in text and "spatioxolver = spatioxolver.cli:main" in text


def test_install_is_editable_and_maps_the_folders(tmp_path: Path) -> None:
    # Read the installed metadata from outside the repo, where no stray *.egg-info can shadow it.
    meta = _run(
        "from importlib.metadata import distribution;"
        "print(distribution('spatioxolver').read_text('direct_url.json'))",
        tmp_path,
    )
    assert meta.returncode == 0, meta.stderr
    assert json.loads(meta.stdout).get("dir_info", {}).get("editable") is True
    code = (
        "import spatioxolver.agents, spatioxolver.graphs, spatioxolver.prompts, spatioxolver.evals, json;"
        "print(json.dumps([m.__file__ for m in (spatioxolver.agents, spatioxolver.graphs,"
        " spatioxolver.prompts, spatioxolver.evals)]))"
    )
    out = _run(code, tmp_path)
    assert out.returncode == 0, out.stderr
    files = [Path(f) for f in json.loads(out.stdout)]
    assert [f.parent for f in files] == [REPO / d for d in ("agents", "graphs", "prompts", "evals")]


@pytest.mark.parametrize("name", ["agents", "graphs", "evals", "prompts"])
def test_no_top_level_module_outside_the_repo(tmp_path: Path, name: str) -> None:
    out = _run(f"import {name}", tmp_path)
    assert out.returncode != 0 and "ModuleNotFoundError" in out.stderr
    assert _run(f"import spatioxolver.{name}", tmp_path).returncode == 0


def test_import_and_help_stay_cheap(tmp_path: Path) -> None:
    check = f"import sys; print([m for m in {HEAVY!r} if m in sys.modules])"
    out = _run(f"import spatioxolver; {check}", tmp_path)
    assert out.returncode == 0 and out.stdout.strip() == "[]", out.stdout + out.stderr
    help_code = (
        "from spatioxolver.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n" + check
    )
    out = _run(help_code, tmp_path)
    assert out.returncode == 0 and out.stdout.strip().endswith("[]"), out.stdout + out.stderr
    for sub in (
        "spatioxolver.consistency",
        "spatioxolver.models",
        "spatioxolver.scenes",
        "spatioxolver.schema",
    ):
        out = _run(f"import {sub}; {check}", tmp_path)
        assert out.returncode == 0 and out.stdout.strip() == "[]", (sub, out.stdout + out.stderr)


def test_version_flag() -> None:
    out = subprocess.run([sys.executable, "-m", "spatioxolver", "--version"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("spatioxolver ")
