"""Whether a reading leaves a grainy backdrop's content unread (issue 13, photographs).

The geometric reading explains a picture as a backdrop plus objects. On a backdrop off its
smooth model (residual ``quality["noise"]`` beyond a drawn ground's, :data:`GRAIN_NOISE`), two
readings say nothing about what the picture shows:

* nothing at all, on a fine-grained backdrop (``quality["texture"]``): the faint cells of a fluorescence micrograph, a nebula, a sandy surface are
  in the residual, and "0 objects" is a guess. A drawn ground with nothing on it is flat or
  smooth; drawn shapes, however small, are found on such a ground (they end on a step);
* specks only, half of them or more loose -- under :data:`SPECK_SHARE` of the frame each, and
  not flat named shapes (a small graded "sphere" of a few hundred pixels, a fleck no shape
  fits): bright spots in a micrograph's nuclei, grains, highlights. Their shading and outline
  are the backdrop's grain, so counts and shapes read from them are guesses. Drawn marks on
  such a ground stay read: a small drawn shape is one flat colour and named (a disc, a
  square), and drawn solids are bigger than specks (their shading needs room).

Example:
    >>> unread_backdrop([], {"noise": 2.2, "texture": 0.17}, (640.0, 480.0))
    True
"""

from __future__ import annotations

from typing import Any

from spatioxolver.schema import SpatialObject

__all__ = ["unread_backdrop", "SPECK_SHARE", "GRAIN_NOISE", "GRAIN_TEXTURE"]

#: A backdrop residual (CIELAB units, ``quality["noise"]``) from which the backdrop is off its
#: smooth model (drawn grounds, JPEG'd or graded, 0.3-0.75; with heavy sensor grain more).
GRAIN_NOISE = 0.8
#: ... and a median gradient (``quality["texture"]``) from which it is fine-grained.
GRAIN_TEXTURE = 0.15
#: An object under this share of the frame is a speck.
SPECK_SHARE = 0.005


def unread_backdrop(objs: list[SpatialObject], quality: dict[str, Any], frame: tuple[float, float]) -> bool:
    """Whether the objects found (``objs``) leave a grainy backdrop's content unread: none at
    all, or only specks half of which are loose (module docstring)."""
    if float(quality.get("noise", 0.0)) < GRAIN_NOISE:
        return False
    if not objs:
        return float(quality.get("texture", 0.0)) >= GRAIN_TEXTURE
    frame_area = max(frame[0] * frame[1], 1.0)
    if any(float(o.area or 0.0) >= SPECK_SHARE * frame_area for o in objs):
        return False
    loose = [o for o in objs if not (o.attributes.shape and (o.attributes.extras or {}).get("flat"))]
    return 2 * len(loose) >= len(objs)
