"""Whether a reading leaves what the picture shows unread (issue 13, photographs).

The geometric reading explains a picture as a backdrop plus objects. Some readings say nothing
about what the picture shows, so any answer from them is a guess. On a backdrop off its smooth
model (residual ``quality["noise"]`` beyond a drawn ground's, :data:`GRAIN_NOISE`):

* specks only, half of them or more loose -- under :data:`SPECK_SHARE` of the frame each, and
  not flat named shapes (a small graded "sphere" of a few hundred pixels, a fleck no shape
  fits): bright spots in a micrograph's nuclei, grains, highlights. Their shading and outline
  are the backdrop's grain, so counts and shapes read from them are guesses. Drawn marks on
  such a ground stay read: a small drawn shape is one flat colour and named (a disc, a
  square), and drawn solids are bigger than specks (their shading needs room).

On any backdrop, only specks, half of them loose, where the picture shows many compact patches
of strong edges (``quality["structures"]``, :data:`UNREAD_STRUCTURES` per object and at least
:data:`MANY_STRUCTURES`): the picture's content (star trails, hair-thin strokes taken for
lines) went unread and flecks are left. A drawing's shapes are found and named; its letters and
connectors are read or set aside, but then shapes are left beside them.

Example:
    >>> unread_backdrop([], {"noise": 2.2}, (640.0, 480.0))  # nothing found: not this rule's
    False
"""

from __future__ import annotations

from typing import Any

from spatioxolver.schema import SpatialObject

__all__ = ["unread_backdrop", "unread_structures", "SPECK_SHARE", "GRAIN_NOISE"]

#: A backdrop residual (CIELAB units, ``quality["noise"]``) from which the backdrop is off its
#: smooth model (drawn grounds, JPEG'd or graded, 0.3-0.75; with heavy sensor grain more).
GRAIN_NOISE = 0.8
#: An object under this share of the frame is a speck.
SPECK_SHARE = 0.005
#: Compact edge patches per object found, and in all, from which loose specks leave the
#: picture's structures unread.
UNREAD_STRUCTURES = 4
MANY_STRUCTURES = 8


def unread_backdrop(objs: list[SpatialObject], quality: dict[str, Any], frame: tuple[float, float]) -> bool:
    """Whether the objects found (``objs``) leave a grainy backdrop's content unread: specks
    only, half of them loose (module docstring)."""
    if not objs or float(quality.get("noise", 0.0)) < GRAIN_NOISE:
        return False
    loose = _loose_specks(objs, frame)
    return loose is not None and 2 * len(loose) >= len(objs)


def unread_structures(objs: list[SpatialObject], quality: dict[str, Any], frame: tuple[float, float]) -> bool:
    """Whether ``objs`` are specks, half of them loose, found where the picture shows many more
    compact edge patches (module docstring)."""
    structures = float(quality.get("structures", 0.0))
    if not objs or structures < max(MANY_STRUCTURES, UNREAD_STRUCTURES * len(objs)):
        return False
    loose = _loose_specks(objs, frame)
    return loose is not None and 2 * len(loose) >= len(objs)


def _loose_specks(objs: list[SpatialObject], frame: tuple[float, float]) -> list[SpatialObject] | None:
    """The loose ones (no flat named shape) when every object is a speck, else ``None``."""
    frame_area = max(frame[0] * frame[1], 1.0)
    if any(float(o.area or 0.0) >= SPECK_SHARE * frame_area for o in objs):
        return None
    return [o for o in objs if not (o.attributes.shape and (o.attributes.extras or {}).get("flat"))]
