"""A textured field that holds sharply outlined coloured solids is a rendered ground.

The image-level check (``_vision/reliability.py``) reads a picture graded in every direction,
with fine detail and no plain row, as a continuous-tone photograph (clouds, marble, fur) and
abstains. A ray tracer's procedural ground (granite, agate, wood) seen from high up fills the
frame just so. What tells them apart is what stands on it: a render's solids are coloured
against the ground and cut out by a sharp colour step all round (``edge_support``, open
nowhere), none textured inside, and the render carries no sensor noise (``flat``: nearly
every pixel in a locally flat patch; photographs 0.94 and less). Then the score is the one the
picture had without the continuous-tone test (``reliability_as_ground``).

Example:
    >>> from types import SimpleNamespace
    >>> ball = SimpleNamespace(attributes=SimpleNamespace(
    ...     color="red", extras={"edge_support": 0.93, "edge_open": 0.07, "flat": False}))
    >>> q = {"continuous_field": 0.2, "reliability_as_ground": 1.0, "flat": 0.99, "reliability": 0.2}
    >>> rendered_ground_score([ball], q, textured=lambda o: False)
    1.0
    >>> rendered_ground_score([ball], {**q, "flat": 0.93}, textured=lambda o: False) is None
    True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["rendered_ground_score", "NOISE_FREE", "SOLID_EDGE_SUPPORT", "SOLID_EDGE_OPEN", "MOST_SOLIDS"]

#: A picture this locally flat carries no sensor noise (renders and drawings 0.98-1.0;
#: photographs 0.94 and less).
NOISE_FREE = 0.98
#: A solid's outline lies on a colour step along at least this share of it (POV-Ray solids on
#: granite and agate 0.92-0.99) ...
SOLID_EDGE_SUPPORT = 0.9
#: ... and meets a like colour along at most this share (0.05-0.15).
SOLID_EDGE_OPEN = 0.2
#: At most this many objects: more on a textured field are its pieces.
MOST_SOLIDS = 8
_NEUTRAL = ("gray", "grey", "white", "black", "silver")


def rendered_ground_score(
    objs: list[Any], quality: dict[str, Any], textured: Callable[[Any], bool]
) -> float | None:
    """The picture's score as a rendered ground when the continuous-tone test lowered it and
    every object found is a sharply outlined coloured solid (``textured``: whether an object is
    textured inside), else ``None``."""
    if float(quality.get("continuous_field", 1.0)) >= 1.0 or "content_reliability" in quality:
        return None
    if float(quality.get("flat", 0.0)) < NOISE_FREE or not 0 < len(objs) <= MOST_SOLIDS:
        return None
    for o in objs:
        extras = o.attributes.extras or {}
        support, opened = extras.get("edge_support"), extras.get("edge_open")
        if support is None or opened is None or extras.get("flat") or textured(o):
            return None
        if float(support) < SOLID_EDGE_SUPPORT or float(opened) > SOLID_EDGE_OPEN:
            return None
        if o.attributes.color in _NEUTRAL:
            return None
    return float(quality.get("reliability_as_ground", quality.get("reliability", 1.0)))
