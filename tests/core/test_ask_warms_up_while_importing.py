"""``spatioxolver ask`` decodes its images on another thread while the graph's libraries
import; the answer and every error message stay those of the graph itself."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image

from spatioxolver.cli import main
from spatioxolver.cli._warm import start_warm_up
from spatioxolver.images import clear_decoded_cache, load_image


def _two_squares(path: Path) -> None:
    img = np.full((60, 90, 3), 235, np.uint8)
    img[20:40, 8:28] = (200, 30, 30)
    img[20:40, 60:80] = (30, 30, 200)
    Image.fromarray(img).save(path)


def test_warm_up_leaves_the_decoded_image_for_the_graph(tmp_path: Path) -> None:
    clear_decoded_cache()
    path = tmp_path / "two.png"
    _two_squares(path)
    start_warm_up([str(path)]).join(timeout=60)
    first = load_image(path)
    assert not first.flags.writeable  # it came from the decoded-image cache, not a new decode
    assert load_image(path) is first


def test_warm_up_of_a_missing_or_broken_file_raises_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"\xff\xd8\xff garbage")
    thread = start_warm_up([str(tmp_path / "missing.png"), str(broken)])
    thread.join(timeout=60)
    assert not thread.is_alive()


def test_ask_with_warm_up_answers_and_reports_a_missing_image_in_one_line(tmp_path: Path, capsys) -> None:
    clear_decoded_cache()
    path = tmp_path / "two.png"
    _two_squares(path)
    assert main(["ask", str(path), "Which is further to the left: the red square or the blue square?"]) == 0
    assert "red" in capsys.readouterr().out.lower()
    assert main(["ask", str(tmp_path / "nope.png"), "How many objects are there?"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nope.png" in err[0]
