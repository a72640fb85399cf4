"""Colour naming: CLEVR palette under shading, common names, bad palette names."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.colour import CLEVR_COLOURS, colour_saturation, name_colour, palette

from spatioxolver.errors import ConfigError


@pytest.mark.parametrize("name", sorted(CLEVR_COLOURS))
@pytest.mark.parametrize("shade", [0.45, 0.7, 1.0, 1.25])
def test_clevr_colours_survive_shading(name: str, shade: float) -> None:
    rgb = np.clip(np.array(CLEVR_COLOURS[name], float) * shade, 0, 255).astype(np.uint8)
    pixels = np.repeat(rgb[None], 20, axis=0)
    got, conf, shares = name_colour(pixels)
    assert got == name
    assert conf == pytest.approx(1.0)
    assert shares == {name: 1.0}


def test_majority_vote_and_confidence() -> None:
    red = np.repeat(np.array([[173, 35, 35]], np.uint8), 30, axis=0)
    white_highlight = np.repeat(np.array([[250, 250, 250]], np.uint8), 10, axis=0)
    got, conf, shares = name_colour(np.concatenate([red, white_highlight]))
    assert got == "red"
    # Votes are weighted by lightness: the bright highlight counts fully, the red body less.
    assert 0.5 < conf < 0.75
    assert set(shares) == {"red", "gray"} or set(shares) == {"red", "yellow"} or "red" in shares
    assert sum(shares.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("rgb", "expected"),
    [
        ((15, 15, 15), "black"),  # lightness decides among the neutrals
        ((245, 245, 245), "white"),
        ((240, 130, 20), "orange"),
        ((240, 130, 180), "pink"),
        ((40, 70, 210), "blue"),
    ],
)
def test_common_palette(rgb: tuple[int, int, int], expected: str) -> None:
    assert name_colour(np.array([rgb], np.uint8), palette_name="common")[0] == expected


def test_unknown_palette_is_config_error() -> None:
    with pytest.raises(ConfigError, match="palette"):
        palette("neon")


def test_empty_pixels_are_unknown() -> None:
    assert name_colour(np.zeros((0, 3), np.uint8))[0] == "unknown"


def test_colour_saturation() -> None:
    assert colour_saturation("gray") == 0.0
    assert colour_saturation("red") == pytest.approx(0.8, abs=0.01)
    assert colour_saturation("no-such-colour") is None
