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


# CSS / X11 named colours (the web's own names, not a palette of ours) whose basic term is
# not in doubt. The sRGB blue primary sits at CIELAB hue ~306, beside medium purple: a
# CIELAB-hue-only rule called pure blue, navy and ultramarine "purple".
_WEB_COLOURS = {
    "blue": [
        (0, 0, 255),
        (0, 0, 128),
        (0, 0, 205),
        (25, 25, 112),
        (65, 105, 225),
        (30, 144, 255),
        (70, 130, 180),
    ],
    "purple": [(128, 0, 128), (75, 0, 130), (138, 43, 226), (148, 0, 211), (102, 51, 153), (147, 112, 219)],
    "pink": [(255, 105, 180), (255, 20, 147), (255, 0, 255), (238, 130, 238)],
    "red": [(255, 0, 0), (220, 20, 60), (178, 34, 34)],
    "green": [(0, 128, 0), (34, 139, 34), (50, 205, 50)],
    "orange": [(255, 165, 0), (255, 140, 0)],
}


@pytest.mark.parametrize("term", sorted(_WEB_COLOURS))
def test_web_named_colours_get_their_basic_term(term: str) -> None:
    from spatioxolver.agents._vision.flat import colour_term

    named = {rgb: colour_term(rgb)[0] for rgb in _WEB_COLOURS[term]}
    assert all(got == term for got in named.values()), named


def test_a_flat_pure_blue_square_is_called_blue(tmp_path) -> None:
    from spatioxolver.api import ask

    img = np.full((120, 180, 3), 240, np.uint8)
    img[40:80, 16:56] = (220, 30, 30)
    img[40:80, 120:160] = (0, 0, 255)
    assert ask(img, "What colour is the square on the right?").value == "blue"


@pytest.mark.parametrize(
    "rgb",
    [(141, 110, 99), (161, 136, 127), (150, 120, 108), (140, 90, 90)],
)
def test_dull_reds_of_middle_lightness_are_brown(rgb) -> None:
    """Taupe, a brown lightened by a gradient fill or lit on a solid's face: a red or orange
    hue with chroma under 25 and lightness under 62 (CIELAB) is brown, not red."""
    from spatioxolver.agents._vision.flat import colour_term

    assert colour_term(rgb)[0] == "brown"
