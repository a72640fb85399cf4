"""CLI shell: help, version, usage errors and bad images all end in one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from spatioxolver.cli import main


def _one_error_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ") and "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["nosuch"], "invalid choice"),
        (["agents", "--bogus"], "unrecognized arguments: --bogus"),
        (["--bogus"], "unrecognized arguments"),
        (["generate", "ctr"], "required"),
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    assert fragment in _one_error_line(capsys.readouterr().err)


def _bad_images(tmp: Path) -> dict[str, Path]:
    good = tmp / "good.png"
    Image.fromarray(np.full((64, 64, 3), 90, np.uint8)).save(good)
    data = good.read_bytes()
    (tmp / "empty.png").write_bytes(b"")
    (tmp / "text.png").write_text("not an image at all")
    (tmp / "cut.png").write_bytes(data[: len(data) // 2])
    (tmp / "folder").mkdir()
    Image.fromarray(np.zeros((300, 300, 3), np.uint8)).save(tmp / "big.png")
    return {
        "missing": tmp / "missing.png",
        "directory": tmp / "folder",
        "empty": tmp / "empty.png",
        "not an image": tmp / "text.png",
        "truncated": tmp / "cut.png",
        "over the limit": tmp / "big.png",
    }


def test_every_bad_image_gives_exit_2_and_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPATIOXOLVER_MAX_PIXELS", "50000")
    for kind, path in _bad_images(tmp_path).items():
        for argv in (["scene", str(path)], ["ask", str(path), "Which object is the leftmost?"]):
            code = main(argv)
            line = _one_error_line(capsys.readouterr().err)
            assert code == 2, (kind, argv)
            assert str(path.name) in line or str(path) in line, (kind, line)


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_the_traceback(tmp_path: Path, where: str) -> None:
    command = ["scene", str(tmp_path / "missing.png")]
    argv = ["--debug", *command] if where == "before" else [*command, "--debug"]
    out = subprocess.run(
        [sys.executable, "-m", "spatioxolver", *argv], capture_output=True, text=True, timeout=120
    )
    assert out.returncode != 0 and "Traceback" in out.stderr and "InputError" in out.stderr
