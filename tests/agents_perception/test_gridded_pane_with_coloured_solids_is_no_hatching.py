"""A 3-D plot's gridded pane carrying solids of several colours is no hatched shape.

matplotlib's mplot3d draws its panes with grid lines; where the pane's colour is close to the
figure's, the cells between the lines read as holes showing the ground, a lattice like a
hatched fill's. A hatched fill is one ink (its stripes' edges blend it with the ground along
one hue); solids of two or more clearly different hues standing on the grid are objects, to
be read one by one, not one patterned shape named by a single ink.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.pattern_fill import several_inks


def _gridded_pane(with_solids: bool) -> np.ndarray:
    rgb = np.full((360, 480, 3), (222, 230, 240), np.uint8)  # a pale blue figure
    cv2.rectangle(rgb, (60, 60), (420, 300), (150, 150, 150), 2)
    for x in range(60, 421, 30):  # grid lines, one cell every 30 px
        cv2.line(rgb, (x, 60), (x, 300), (150, 150, 150), 2)
    for y in range(60, 301, 30):
        cv2.line(rgb, (60, y), (420, y), (150, 150, 150), 2)
    # the floor: a grey quad in front of the gridded wall, the balls standing where they meet
    cv2.fillPoly(rgb, [np.array([(40, 230), (440, 230), (470, 340), (10, 340)])], (190, 190, 190))
    if with_solids:
        for (cx, cy), colour in (((150, 230), (200, 40, 40)), ((300, 220), (40, 160, 60))):
            for r in range(45, 0, -1):  # a lit ball: lighter towards its top left
                t = r / 45.0
                shade = tuple(int(c * (0.55 + 0.45 * (1 - t)) + 40 * (1 - t)) for c in colour)
                cv2.circle(rgb, (cx - int(12 * (1 - t)), cy - int(12 * (1 - t))), r, shade, -1, cv2.LINE_AA)
        cv2.rectangle(rgb, (350, 250), (400, 300), (40, 60, 190), -1)
    return rgb


def test_several_inks_tells_a_pane_with_coloured_solids_from_one_ink() -> None:
    grid = _gridded_pane(with_solids=True)
    comp = np.any(np.abs(grid.astype(int) - (222, 230, 240)) > 12, axis=2)
    assert several_inks(comp, grid, 40)
    # one ink: red hatching blended with the ground is one hue
    hatch = np.full((200, 200, 3), 255, np.uint8)
    for x in range(0, 200, 8):
        cv2.line(hatch, (x, 0), (x, 199), (200, 40, 40), 3, cv2.LINE_AA)
    assert not several_inks(np.ones((200, 200), bool), hatch, 40)
