"""``--segmentation sam`` and the ``--sam-*`` flags: they reach the segmentation agent from
``ask``, ``scene`` and ``eval``; without the extra or a checkpoint the CLI says so in one line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PIL import Image
from spatioxolver.agents._vision import sam as sam_mod

from spatioxolver.cli import main as cli_main


@pytest.fixture
def image(tmp_path):
    rgb = np.full((60, 90, 3), 235, np.uint8)
    rgb[20:40, 10:30] = (200, 30, 30)
    rgb[20:40, 55:75] = (30, 30, 200)
    path = tmp_path / "two.png"
    Image.fromarray(rgb).save(path)
    return path


def _sam_stand_in(monkeypatch) -> list[dict]:
    """Replace SAM by a stand-in that finds one square in the top-left corner and records its options."""
    seen: list[dict] = []

    def fake_masks(rgb, options):
        seen.append(dict(options))
        mask = np.zeros(rgb.shape[:2], bool)
        mask[:20, :20] = True
        return [(mask, 0.9)]

    monkeypatch.setattr(sam_mod, "sam_masks", fake_masks)
    return seen


def _err_lines(capsys) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.strip()]


def test_sam_flags_without_the_sam_backend_exit_2(image, capsys) -> None:
    code = cli_main(["ask", str(image), "How many objects are there?", "--sam-device", "cuda"])
    lines = _err_lines(capsys)
    assert code == 2 and len(lines) == 1
    assert "--sam-device" in lines[0] and "--segmentation sam" in lines[0]


def test_unknown_segmentation_backend_is_refused_by_the_parser(image, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        cli_main(["ask", str(image), "How many objects are there?", "--segmentation", "mask-rcnn"])
    assert exc.value.code == 2


def test_sam_without_the_extra_is_one_line_naming_the_fix(image, capsys, monkeypatch) -> None:
    monkeypatch.setattr(
        sam_mod, "sam_available", lambda: (False, "ModuleNotFoundError: No module named 'torch'")
    )
    code = cli_main(["ask", str(image), "How many objects are there?", "--segmentation", "sam", "--no-cache"])
    lines = _err_lines(capsys)
    assert code == 2 and len(lines) == 1
    assert "spatioxolver[sam]" in lines[0]


def test_sam_without_a_checkpoint_names_the_setting(image, capsys, monkeypatch) -> None:
    monkeypatch.setattr(sam_mod, "sam_available", lambda: (True, ""))
    monkeypatch.delenv(sam_mod.ENV_CHECKPOINT, raising=False)
    code = cli_main(["scene", str(image), "--segmentation", "sam"])
    lines = _err_lines(capsys)
    assert code == 2 and len(lines) == 1
    assert sam_mod.ENV_CHECKPOINT in lines[0]


def test_sam_options_reach_the_segmenter(image, capsys, monkeypatch, tmp_path) -> None:
    seen = _sam_stand_in(monkeypatch)
    ckpt = tmp_path / "model.pth"
    ckpt.write_bytes(b"x")
    code = cli_main(
        [
            "ask",
            str(image),
            "How many objects are there?",
            "--segmentation",
            "sam",
            "--sam-checkpoint",
            str(ckpt),
            "--sam-device",
            "cpu",
            "--sam-mode",
            "boxes",
            "--no-cache",
            "--json",
        ]  # fmt: skip
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert seen and seen[0]["sam_checkpoint"] == str(ckpt)
    assert seen[0]["sam_device"] == "cpu" and seen[0]["sam_mode"] == "boxes"
    # Two squares are drawn, but SAM (here: its stand-in) found one: the count is SAM's.
    assert out["value"] == 1


def test_eval_passes_the_sam_settings_to_every_example(tmp_path, capsys, monkeypatch) -> None:
    seen = _sam_stand_in(monkeypatch)
    data = tmp_path / "ctr"
    argv = ["generate", "ctr", "--out", str(data), "--scenes", "2", "--n", "3", "--width", "120",
            "--height", "90", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0
    ckpt = tmp_path / "model.pth"
    ckpt.write_bytes(b"x")
    code = cli_main(
        [
            "eval",
            str(data),
            "--model",
            "geometric",
            "--graph",
            "agentic",
            "--segmentation",
            "sam",
            "--sam-checkpoint",
            str(ckpt),
            "--sam-mode",
            "boxes",
            "--run-dir",
            str(tmp_path / "run"),
            "--no-progress",
        ]  # fmt: skip
    )
    assert code == 0, capsys.readouterr().err
    # One SAM pass per image (2 images, 3 questions each), each with the flags' settings.
    assert len(seen) == 2 and all(o["sam_checkpoint"] == str(ckpt) and o["sam_mode"] == "boxes" for o in seen)
