"""Small generated splits shared by the generator tests (built once per session)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spatioxolver.scenes import generate

SMALL = {
    "ctr": {"scenes": 2, "n": [3, 5], "width": 200, "height": 150},
    "ctr_gap": {"scenes": 3, "gap_set": True, "width": 200, "height": 150},
    "cvt": {"scenes": 2, "width": 200, "height": 150},
    "inconsistency": {"scenes": 2, "width": 240, "height": 160},
    "spatialab": {"scenes": 4, "width": 240, "height": 160},
}


def _family(key: str) -> str:
    return "ctr" if key.startswith("ctr") else key


@pytest.fixture(scope="session")
def generated(tmp_path_factory) -> dict[str, tuple[Path, list[dict]]]:
    out = {}
    for key, opts in SMALL.items():
        opts = dict(opts)
        scenes = opts.pop("scenes")
        d = tmp_path_factory.mktemp(key)
        manifest = generate(_family(key), d, scenes=scenes, seed=7, workers=1, progress=False, **opts)
        out[key] = (d, [json.loads(line) for line in manifest.read_text().splitlines()])
    return out
