"""Schema of every manifest line, label contract, determinism, CLI bad input."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from spatioxolver.cli import main as cli_main
from spatioxolver.scenes import generate
from spatioxolver.scenes._common import camera_points

KEYS = ["ctr", "ctr_gap", "cvt", "inconsistency", "spatialab"]
REQUIRED = {
    "id",
    "family",
    "images",
    "scenes",
    "question",
    "query",
    "answer",
    "category",
    "subcategory",
    "meta",
}


def _labels_in(value) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)]


@pytest.mark.parametrize("key", KEYS)
def test_every_line_has_the_contract_fields(generated, key) -> None:
    root, lines = generated[key]
    assert lines
    ids = [line["id"] for line in lines]
    assert len(ids) == len(set(ids))
    for line in lines:
        assert REQUIRED <= set(line), line["id"]
        assert line["family"] == ("ctr" if key.startswith("ctr") else key)
        assert len(line["images"]) == len(line["scenes"]) == len(line["meta"]["clean_images"])
        for rel in line["images"] + line["scenes"] + line["meta"]["clean_images"]:
            assert not Path(rel).is_absolute() and (root / rel).is_file()
        scenes = [json.loads((root / s).read_text()) for s in line["scenes"]]
        labels = {o["label"] for o in scenes[0]["objects"] if o["label"]}
        q = line["query"]
        if line["family"] == "ctr":
            assert (
                q["type"] == "pairwise" and q["axis"] in "HVD" and q["asks"] in ("left", "above", "further")
            )
            assert set(q["objects"]) <= labels and line["answer"] in q["objects"]
        elif line["family"] == "cvt":
            assert q["type"] in ("orbit", "top_down")
            assert {q["subject"], q["reference"]} <= labels
            allowed = (
                {"left", "right", "north", "south"}
                if q["type"] == "top_down"
                else {"left", "right", "front", "behind"}
            )
            assert (
                line["answer"] == sorted(line["answer"]) and set(line["answer"]) <= allowed and line["answer"]
            )
        elif line["family"] == "inconsistency":
            assert q["type"] == "inconsistent_object" and line["answer"] in q["labels"]
            assert set(q["labels"]) == labels
        else:
            assert q["type"] in ("mcq", "open") and q["category"] == line["category"]
            if q["type"] == "mcq":
                assert len(line["choices"]) == 4 and line["answer"] in (1, 2, 3, 4)
            else:
                assert "choices" not in line and isinstance(line["answer"], str)
            for lab in line["meta"]["objects"]:
                assert lab in labels
        if line["family"] in ("ctr", "cvt"):
            for lab in _labels_in(q.get("objects") or [q.get("subject"), q.get("reference")]):
                assert f"{lab}" in line["question"]


@pytest.mark.parametrize("key", ["ctr", "cvt", "spatialab"])
def test_scene_pixel_coords_match_projection(generated, key) -> None:
    root, lines = generated[key]
    scene = json.loads((root / lines[0]["scenes"][0]).read_text())
    uv, z = camera_points(scene)
    pix = np.array([o["pixel_coords"] for o in scene["objects"]])
    assert np.allclose(pix[:, :2], uv, atol=1e-3) and np.allclose(pix[:, 2], z, atol=1e-3)


def _digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_same_seed_gives_byte_identical_files(tmp_path) -> None:
    opts = {"n": [3], "width": 120, "height": 90, "progress": False}
    a = generate("ctr", tmp_path / "a", scenes=2, seed=3, workers=1, **opts).parent
    b = generate("ctr", tmp_path / "b", scenes=2, seed=3, workers=2, **opts).parent
    c = generate("ctr", tmp_path / "c", scenes=2, seed=4, workers=1, **opts).parent
    assert _digest(a) == _digest(b)
    assert _digest(a) != _digest(c)


def test_overwrite_replaces_an_earlier_generation(tmp_path) -> None:
    opts = {"n": [3], "width": 120, "height": 90, "progress": False, "workers": 1}
    generate("ctr", tmp_path, scenes=2, seed=1, **opts)
    generate("ctr", tmp_path, scenes=1, seed=1, overwrite=True, **opts)
    lines = (tmp_path / "manifest.jsonl").read_text().splitlines()
    assert len(lines) == 9  # one N=3 scene: 3 pairs x 3 axes
    assert not list((tmp_path / "images").glob("ctr-00001*"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["ctr", "--scenes", "0"], "--scenes"),
        (["ctr", "--scenes", "1", "--workers", "0"], "--workers"),
        (["inconsistency", "--scenes", "1", "--max-objects", "27"], "26"),
        (["mystery", "--scenes", "1"], "unknown family"),
        (["cvt", "--scenes", "1", "--gap-set"], "unknown option"),
        (["ctr", "--scenes", "1", "--n", "7"], "option n"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, capsys, argv, message) -> None:
    code = cli_main(["generate", argv[0], "--out", str(tmp_path / "out"), *argv[1:]])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err.startswith("error:") and message in err and "\n" not in err


def test_cli_refuses_non_empty_and_unwritable_out(tmp_path, capsys) -> None:
    (tmp_path / "keep.txt").write_text("x")
    assert cli_main(["generate", "ctr", "--out", str(tmp_path), "--scenes", "1"]) == 2
    assert "--overwrite" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli_main(["generate", "ctr", "--out", str(blocker / "sub"), "--scenes", "1"]) == 2
    assert "not writable" in capsys.readouterr().err


def test_cli_generates(tmp_path, capsys) -> None:
    code = cli_main(
        ["generate", "ctr", "--out", str(tmp_path), "--scenes", "1", "--n", "3", "--width", "120",
         "--height", "90", "--workers", "1", "--no-progress"]
    )  # fmt: skip
    assert code == 0
    assert "wrote 9 examples" in capsys.readouterr().out


def test_masks_and_depth_files_match_the_scene(generated) -> None:
    from PIL import Image

    from spatioxolver.scenes._io import depth_from_mm
    from spatioxolver.scenes._render import min_visible_pixels

    root, lines = generated["ctr"]
    for line in lines[:: max(1, len(lines) // 3)]:
        scene = json.loads((root / line["scenes"][0]).read_text())
        mask = np.asarray(Image.open(root / line["meta"]["masks"][0]))
        depth = depth_from_mm(np.asarray(Image.open(root / line["meta"]["depth_maps"][0])))
        assert mask.shape == (scene["camera"]["height"], scene["camera"]["width"])
        need = min_visible_pixels(scene["camera"]["width"], scene["camera"]["height"])
        for k, obj in enumerate(scene["objects"], start=1):
            assert int((mask == k).sum()) == obj["visible_pixels"] >= need
            z = depth[mask == k]
            assert np.all(np.isfinite(z)) and abs(float(np.median(z)) - obj["pixel_coords"][2]) < 1.5
        assert np.all(np.isinf(depth[mask == 0]))


@pytest.mark.parametrize("key", ["ctr", "cvt", "spatialab", "inconsistency"])
def test_every_object_shows_the_minimum_visible_pixels_in_the_first_view(generated, key) -> None:
    from spatioxolver.scenes._render import min_visible_pixels

    root, lines = generated[key]
    for rel in sorted({line["scenes"][0] for line in lines}):
        scene = json.loads((root / rel).read_text())
        need = min_visible_pixels(scene["camera"]["width"], scene["camera"]["height"])
        assert all(o["visible_pixels"] >= need for o in scene["objects"]), rel
