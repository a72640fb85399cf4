"""``spatioxolver ask`` on the geometric backend loads no scipy, no evals and no LangGraph
(its graph runs in-process: nothing of langgraph, langchain_core, langsmith or requests is
imported); with ``--runner langgraph`` it defers LangGraph's unused dependencies (langsmith's
generated API types, the LangGraph server SDK), which still work when something does use them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

DEFERRED = ("langsmith.types", "langgraph_sdk")


def _python(code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **env},
    )


@pytest.fixture(scope="module")
def small_image(tmp_path_factory) -> Path:
    from PIL import Image

    img = np.full((64, 96, 3), 120, np.uint8)
    img[20:44, 8:32] = (210, 40, 40)
    img[14:38, 60:84] = (40, 60, 200)
    path = tmp_path_factory.mktemp("img") / "two.png"
    Image.fromarray(img).save(path)
    return path


_ASK = """
import json, sys
from spatioxolver.cli import main
code = main(["ask", sys.argv[1], "Which object is the leftmost?", "--json", *{extra!r}])
lazy = [m for m in {deferred!r} if type(sys.modules.get(m)).__name__ == "_LazyPackage"]
loaded = sorted({{m.split(".")[0] for m in sys.modules if m.split(".")[0] in {heavy!r}}})
evals = [m for m in sys.modules if m.startswith("spatioxolver.evals")]
print(json.dumps({{"code": code, "lazy": lazy, "loaded": loaded + evals}}))
"""


LIGHT = ("scipy", "evals", "litellm")
LANGGRAPH = ("langgraph", "langchain_core", "langsmith", "langgraph_sdk", "requests")


def _ask(image: Path, *extra: str, heavy: tuple[str, ...] = LIGHT) -> str:
    return _ASK.format(deferred=DEFERRED, extra=list(extra), heavy=heavy).replace(
        "sys.argv[1]", repr(str(image))
    )


def test_ask_loads_no_scipy_evals_or_langgraph(small_image: Path, tmp_path: Path) -> None:
    out = _python(_ask(small_image, heavy=LIGHT + LANGGRAPH), tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    answer, report = json.loads(lines[-2]), json.loads(lines[-1])
    assert report["code"] == 0 and answer["answer"]
    assert "red" in json.dumps(answer).lower()  # the leftmost object is the red one
    assert report["loaded"] == []


def test_ask_on_langgraph_defers_its_extras(small_image: Path, tmp_path: Path) -> None:
    out = _python(_ask(small_image, "--runner", "langgraph"), tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    answer, report = json.loads(lines[-2]), json.loads(lines[-1])
    assert report["code"] == 0 and "red" in json.dumps(answer).lower()
    assert report["loaded"] == []
    assert report["lazy"] == list(DEFERRED)


@pytest.fixture(scope="module")
def shaded_scene(tmp_path_factory) -> Path:
    """Two overlapping Lambert-shaded balls on a grey floor: one component whose dark pixels the
    colour split gives to the nearest lit part (once scipy's distance transform)."""
    from PIL import Image

    h, w = 240, 360
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    img = np.dstack([np.full((h, w), v, float) for v in (150, 150, 155)])
    for (cx, cy, r), colour in (((150, 120, 50), (200, 40, 40)), ((225, 135, 45), (40, 170, 60))):
        dx, dy = (xx - cx) / r, (yy - cy) / r
        inside = dx**2 + dy**2 < 1
        nz = np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1))
        light = np.clip(-0.6 * dx - 0.5 * dy + 0.6 * nz, 0.05, 1)  # lit from the top left
        for c in range(3):
            img[..., c] = np.where(inside, colour[c] * light, img[..., c])
    path = tmp_path_factory.mktemp("img") / "balls.png"
    Image.fromarray(img.clip(0, 255).astype(np.uint8)).save(path)
    return path


def test_a_shaded_scene_is_answered_without_scipy(shaded_scene: Path, tmp_path: Path) -> None:
    code = _ask(shaded_scene, heavy=LIGHT + LANGGRAPH)
    code = code.replace('"Which object is the leftmost?"', '"How many objects are there?"')
    out = _python(code, tmp_path)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    answer, report = json.loads(lines[-2]), json.loads(lines[-1])
    assert report["code"] == 0 and report["loaded"] == []
    assert answer["value"] == 2, answer


def test_eager_switch_turns_deferral_off(small_image: Path, tmp_path: Path) -> None:
    out = _python(_ask(small_image, "--runner", "langgraph"), tmp_path, SPATIOXOLVER_EAGER_IMPORTS="1")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1])["lazy"] == []


def test_deferred_packages_work_on_first_use(tmp_path: Path) -> None:
    code = """
import sys, types
from spatioxolver._lazy_imports import defer_unused_packages
print(defer_unused_packages())
import langgraph.graph
import langgraph_sdk
import langsmith.types
print(type(sys.modules["langgraph_sdk"]).__name__, type(sys.modules["langsmith.types"]).__name__)
from langgraph_sdk import get_client
from langsmith.types import RunSelectField
print(callable(get_client), type(sys.modules["langgraph_sdk"]) is types.ModuleType,
      "RunSelectField" in langsmith.types.__dict__, hasattr(langsmith.types, "AgentCreateParams"))
print(defer_unused_packages())
"""
    out = _python(code, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:4] == [
        "['langsmith.types', 'langgraph_sdk']",
        "_LazyPackage _LazyPackage",
        "True True True True",
        "[]",
    ]


def test_a_missing_or_plain_module_is_not_deferred() -> None:
    from spatioxolver._lazy_imports import defer_unused_packages

    assert defer_unused_packages(["no_such_package_xyz", "json"]) == []


def test_deferral_waits_for_langgraph_and_then_steps_aside(tmp_path: Path) -> None:
    code = """
import sys
from spatioxolver._lazy_imports import defer_on_import, _DeferOnImport
print(defer_on_import("langgraph"), defer_on_import("langgraph"))
print(sum(isinstance(f, _DeferOnImport) for f in sys.meta_path), "langsmith" in sys.modules)
import langgraph.graph
print(type(sys.modules["langsmith.types"]).__name__, sum(isinstance(f, _DeferOnImport) for f in sys.meta_path))
"""
    out = _python(code, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:3] == ["True True", "1 False", "_LazyPackage 0"]
