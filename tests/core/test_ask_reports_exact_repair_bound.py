"""``ask --repair exact`` says per axis whether the repair was proven optimal, or the gap left."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from spatioxolver.cli import main
from spatioxolver.cli.cmd_ask import _print_exact_bounds


def test_ask_exact_prints_proof_per_axis(tmp_path: Path, capsys) -> None:
    from PIL import Image

    img = np.full((64, 96, 3), 120, np.uint8)
    img[20:44, 8:32] = (210, 40, 40)
    img[14:38, 60:84] = (40, 60, 200)
    Image.fromarray(img).save(tmp_path / "two.png")
    assert main(["ask", str(tmp_path / "two.png"), "Which object is the leftmost?", "--repair", "exact"]) == 0
    err = capsys.readouterr().err
    assert "repair H: proven optimal" in err


def test_unproven_record_shows_agreement_bound_and_gap(capsys) -> None:
    _print_exact_bounds([{"axis": "D", "optimal": False, "agreement": 0.9, "bound": 0.95, "method": "ilp"}])
    err = capsys.readouterr().err
    assert "repair D: not proven optimal" in err and "upper bound 0.9500" in err and "gap 0.0500" in err
