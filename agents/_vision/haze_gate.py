"""Real haze, or a floor graded toward its horizon: told by what stands on the ground.

A ground whose colour moves toward the backdrop's with distance fits the haze model
(:mod:`.haze`) whether haze (fog, aerial perspective) veils the whole view or the floor
alone is graded (a painted floor lighter far away, a light's falloff). Only haze veils
what stands on the ground too: it adds the airlight ``w A`` to every pixel at a distance
whose share of haze is ``w`` (``I = (1 - w) J + w A`` with ``J >= 0``), so nothing there,
a black solid or the deepest cast shadow included, is darker than ``w A`` in any channel.
On a graded floor a far solid keeps its colour and a far shadow its depth: they fall well
below the airlight the ground's grade would put in front of them.

So the things off the ground (pixels unlike their row's free ground: solids, shadows)
standing where the model reads some haze are compared with the airlight at their foot
(the haze between them and the nearest ground; where none stands that far, the haze
between them and the camera): where a fifth of them fall below it (more than the ground's
noise), the floor is graded, not hazy. Where nothing stands in haze, nothing tells, and no
haze is read (a photo-like texture's own grade fits the model too).

Example:
    >>> import numpy as np
    >>> from spatioxolver.agents._vision.haze import haze_model
    >>> kept = np.exp(-30.0 / (np.arange(120.0) + 10))[:, None, None]  # light kept, per row
    >>> ground, airlight = np.array([0.3, 0.2, 0.1]), np.array([0.9, 0.9, 0.9])
    >>> scene = ground * np.ones((120, 90, 1))
    >>> scene[30:40, 20:30] = scene[100:110, 20:30] = 0.02  # a far and a near dark solid
    >>> hazy = scene * kept + airlight * (1 - kept)  # haze veils the solids too
    >>> graded = hazy.copy()
    >>> graded[30:40, 20:30] = graded[100:110, 20:30] = 0.02  # the floor alone graded
    >>> def srgb(lin):
    ...     return (lin ** (1 / 2.2) * 255).astype(np.uint8)
    >>> [haze_is_real(srgb(x), haze_model(srgb(x), np.zeros((120, 90), bool))) for x in (hazy, graded)]
    [True, False]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cv2
import numpy as np

from .haze import HazeModel, foot_shares, ground_pixels, haze_model, linear, without_haze
from .solid_scene import solid_scene

__all__ = ["haze_asked", "haze_is_real", "hazy_copy"]

#: A thing's pixel differs from its row's free ground by this much (linear light, max
#: channel), and by three times the ground's own spread in its row; a channel below the
#: airlight by as much, and by three times the pixels' noise, is darker than haze allows.
_OFF_GROUND = 0.02
#: Things veiled by at least this share of haze (counted from the nearest ground) speak.
_VEILED = 0.15
#: At least this many of their pixels are needed to tell.
_MIN_PIXELS = 30
#: The share of them below the airlight that makes the floor graded (real haze: under 1%,
#: from noise and a foot misread; a graded floor's solids and shadows: over half).
_BELOW_AIRLIGHT = 0.2


def haze_is_real(rgb: np.ndarray, model: HazeModel | None) -> bool:
    """Whether the haze ``model`` read off the ground of ``rgb`` veils the things standing on
    it too (real haze), not the floor alone (a floor graded toward its horizon)."""
    if model is None:
        return False
    lin = linear(rgb)
    ground = ground_pixels(lin, model)
    known = np.isfinite(model.shares)
    shares = np.nan_to_num(model.shares, nan=0.0)
    foot = foot_shares(ground, shares)
    # Each pixel's difference from its own row's free ground (things standing in the ground's
    # rows; above them, in the backdrop, a solid is compared with the backdrop).
    rows = np.nan_to_num(model.rows)
    away = np.abs(lin - rows[:, None, :]).max(axis=2)
    spread = np.full(known.shape, np.inf, np.float32)
    spread[known] = np.median(away[known], axis=1)
    thing = ~ground & known[:, None] & (away > np.maximum(3.0 * spread, _OFF_GROUND)[:, None])
    thing = cv2.morphologyEx(thing.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)).astype(bool)
    # The haze between each thing and the nearest ground (the share counted from the camera
    # less the nearest ground's own): what the ground's change of colour shows. Where no thing
    # stands that far, the share counted from the camera (the fit's reach to the camera: a
    # bound as strict, on a share less sure).
    bottom = float(shares[np.nonzero(known)[0][-1]])
    veiled = np.zeros_like(thing)
    for share in (1.0 - (1.0 - foot) / max(1.0 - bottom, 1e-6), foot):
        veiled = thing & (share >= _VEILED)
        if veiled.sum() >= _MIN_PIXELS:
            break
    else:
        return False  # nothing stands in haze to tell: no haze is read (a texture's own grade)
    airlight = share[veiled][:, None] * model.haze[None, :]
    below = (airlight - lin[veiled]).max(axis=1)  # how far a channel falls below the airlight
    # (Judged against the pixels' noise, the step from one pixel to the next along a row: a
    # light's falloff across the ground is no noise.)
    grain = np.median(np.abs(np.diff(lin, axis=1)).max(axis=2), axis=1)
    dark = below > np.maximum(3.0 * grain[np.nonzero(veiled)[0]], _OFF_GROUND)
    return float(dark.mean()) < _BELOW_AIRLIGHT


def haze_asked(options: Mapping[str, Any]) -> bool | None:
    """The run's choice: ``True`` (read haze wherever the ground shows it), ``False`` (read
    none; the default) or ``None`` (``haze="auto"``: read it where :func:`haze_is_real` holds
    in a scene that :func:`.solid_scene.solid_scene` finds 3-D). The gate alone let haze be
    read over flat drawings on graded paper (session 13's fresh probe: 15 answers lost, their
    shapes named as solids): a drawing shows no shaded solid and no cast shadow. Still off
    by default: with both checks on by default, POV-Ray solids on a floor lit with a falloff
    (no haze; fresh3 probe, seed 2) were read through haze and 5 more answers were wrong."""
    value = options.get("haze")
    if value is None:
        return False
    return None if value == "auto" else bool(value)


def hazy_copy(rgb: np.ndarray, options: Mapping[str, Any]) -> np.ndarray | None:
    """``rgb`` with the haze over its ground undone, for finding solids whose contrast the
    haze took; ``None`` where no haze is read (none shows, it is a graded floor, or the run
    said ``haze=False``)."""
    asked = haze_asked(options)
    if asked is False:
        return None
    model = haze_model(rgb, np.zeros(rgb.shape[:2], bool))
    if model is None or (asked is None and not (haze_is_real(rgb, model) and solid_scene(rgb).three_d)):
        return None
    return without_haze(rgb, model)
