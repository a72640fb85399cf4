"""A tree drawn with OpenCV for the photo-like tests: branches forking from a trunk, a tuft of
small leaf dots at each twig's tip with the ground behind showing between them."""

from __future__ import annotations

import numpy as np


def grow_tree(img: np.ndarray, rng: np.random.Generator, x: float, y: float, length: float) -> None:
    """Draw in place a trunk rising from (x, y), forking six times, leaves at the tips."""
    import cv2

    tips: list[tuple[float, float]] = []

    def branch(x: float, y: float, angle: float, length: float, width: float, depth: int) -> None:
        x2, y2 = x + length * np.cos(angle), y - length * np.sin(angle)
        cv2.line(img, (int(x), int(y)), (int(x2), int(y2)), (70, 45, 25), max(1, int(width)), cv2.LINE_AA)
        if depth == 0:
            tips.append((x2, y2))
            return
        for _ in range(2 + int(rng.integers(0, 2))):
            turn, shrink = rng.uniform(-0.7, 0.7), rng.uniform(0.6, 0.8)
            branch(x2, y2, angle + turn, length * shrink, width * 0.65, depth - 1)

    branch(x, y, np.pi / 2, length, 14, 6)
    for tx, ty in tips:
        for _ in range(12):
            centre = (int(tx + rng.normal(0, 12)), int(ty + rng.normal(0, 12)))
            colour = tuple(int(v) for v in rng.uniform([20, 80, 10], [80, 180, 60]))
            cv2.circle(img, centre, int(rng.integers(2, 6)), colour, -1, cv2.LINE_AA)
