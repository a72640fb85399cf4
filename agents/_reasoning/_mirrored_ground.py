"""A glossy solid mirroring a patterned ground is a render's solid, not a photo's subject.

The reliability check reads an object textured inside (``interior_detail``) as a
photograph's subject (fur, girders, a face) and lowers the scene's score. A polished ball
or can standing on a checker or tiled floor mirrors the tiles, so its inside is textured
too -- but its outline is a render's: a colour step all round it (``edge_support``), open
nowhere (``edge_open``), on a ground whose recurring colours explain it
(``patterned_ground``). A photo's subject on such a floor is cut out by a softer, broken step.

Example:
    >>> from types import SimpleNamespace
    >>> ball = SimpleNamespace(attributes=SimpleNamespace(extras={"edge_support": 0.99, "edge_open": 0.0}))
    >>> mirrors_patterned_ground(ball, {"patterned_ground": 1.0})
    True
    >>> mirrors_patterned_ground(ball, {"patterned_ground": 0.0})
    False
"""

from __future__ import annotations

from typing import Any

__all__ = ["mirrors_patterned_ground", "MIRROR_EDGE_SUPPORT", "MIRROR_EDGE_OPEN"]

#: Share of the outline on a colour step from which a solid's outline is a render's (glossy
#: POV-Ray solids on checker floors 0.91-0.99; a photo's subject's cut-out outline lower).
MIRROR_EDGE_SUPPORT = 0.9
#: ... and at most this share of it meeting a like colour (glossy solids 0.0-0.07).
MIRROR_EDGE_OPEN = 0.1


def mirrors_patterned_ground(obj: Any, quality: dict[str, Any]) -> bool:
    """Whether ``obj``, textured inside, is a glossy solid mirroring the picture's patterned
    ground (``quality["patterned_ground"]``): its outline a sharp colour step all round."""
    if not float(quality.get("patterned_ground", 0.0)):
        return False
    extras = obj.attributes.extras or {}
    support, opened = extras.get("edge_support"), extras.get("edge_open")
    if support is None or opened is None:
        return False
    return float(support) >= MIRROR_EDGE_SUPPORT and float(opened) <= MIRROR_EDGE_OPEN
