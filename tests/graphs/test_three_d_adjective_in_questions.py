"""'3D' before a noun in a question says what every solid is (issue 13, grounds probe).

"Count the 3D objects in this render" was read as a question about objects called "d" (no
object matched), and "What 3D shape is the cyan object?" was unsupported. The adjective is
now dropped before object nouns; elsewhere ("is the image 3D or 2D") it stays.
"""

from __future__ import annotations

import numpy as np
from spatioxolver.agents._reasoning._wording import normalise

from spatioxolver import ask


def _three_squares() -> np.ndarray:
    img = np.full((240, 320, 3), 245, np.uint8)
    img[40:100, 30:90] = (200, 40, 40)
    img[120:180, 130:190] = (40, 80, 200)
    img[50:110, 220:280] = (40, 160, 70)
    return img


def test_3d_before_a_noun_is_dropped() -> None:
    assert normalise("Count the 3D objects in this render") == normalise("Count the objects in this render")
    assert normalise("What 3-D shape is the cyan object?") == normalise("What shape is the cyan object?")


def test_3d_elsewhere_stays() -> None:
    assert "3D" in normalise("Is the image 3D or 2D?")


def test_counting_the_3d_objects_counts_the_objects() -> None:
    a = ask(_three_squares(), "Count the 3D objects in this picture.", model="geometric")
    assert a.value == 3


def test_what_3d_shape_is_answered() -> None:
    a = ask(_three_squares(), "What 3D shape is the blue object?", model="geometric")
    assert a.value is not None and "square" in a.text.lower()
