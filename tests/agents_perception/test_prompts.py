"""Rendered prompts of the perception agents are frozen by snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest
from spatioxolver.prompts import render, template_hash

SNAPSHOTS = Path(__file__).parent / "snapshots"
CASES = {
    "segmentation": {"width": 480, "height": 320},
    "attributes": {"objects": "- o1: label=A bbox=[10, 20, 30, 40]"},
    "relations": {"objects": "- A (red cube)\n- B (blue sphere)", "axes": "H, V, D"},
    "symmetry": {"objects": "- o1: red cube centroid=[20, 30]", "width": 480, "height": 320},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_rendered_prompt_matches_snapshot(name: str) -> None:
    text = render(name, **CASES[name])
    snap = SNAPSHOTS / f"{name}.txt"
    assert snap.read_text(encoding="utf-8") == text, f"prompt {name} changed: update {snap} deliberately"
    assert len(template_hash(name)) == 12
    assert "{" in text and "JSON" in text


@pytest.mark.parametrize("name", sorted(CASES))
def test_missing_field_is_reported(name: str) -> None:
    from spatioxolver.errors import ConfigError

    with pytest.raises(ConfigError, match="needs field"):
        render(name)
