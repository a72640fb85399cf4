"""A round shape read flat whose shading is a lit ball's: the ball, not a drawn disc.

A ball lit from near the camera (a headlight, a flash, a key light behind the viewer) has
a bright core of nearly even colour and darkens toward its rim: its lightness across the
silhouette follows Lambert's law, ``a + b * sqrt(1 - rho^2)`` at the share ``rho`` of the
way from the centre to the rim -- flat in the middle, steep at the edge. The flatness tests
take the even core for a fill and the dark rim for its outline stroke, and the ball is read
as a flat "circle" (and a scene of such balls as a drawing with drop shadows).

A drawn disc does not shade like that, whatever its style:

* a flat fill in a stroke is a step: one even lightness out to the stroke, then the
  stroke's -- the rings between the core and the rim are not between them in lightness;
* a drawing program's radial gradient is linear in the distance from its centre, which a
  straight line fits better than the Lambert curve (:func:`.gradient_fill.concentric_fill`).

:func:`lambert_disc` measures the median lightness of rings of equal depth inside the
outline and asks for the lit ball's curve; :func:`balls_read_flat` renames such a shape.

Example:
    >>> import numpy as np
    >>> yy, xx = np.mgrid[0:61, 0:61]
    >>> rho2 = ((xx - 30.0) ** 2 + (yy - 30.0) ** 2) / 28.0**2
    >>> mask = rho2 <= 1.0
    >>> shade = 40 + 170 * np.sqrt(np.clip(1 - rho2, 0, 1))
    >>> rgb = np.stack([shade, 0.6 * shade, 0.2 * shade], -1).astype(np.uint8)
    >>> lambert_disc(mask, rgb)
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["balls_read_flat", "lambert_disc", "ring_profile"]

#: Rings of depth from the centre (rho 0) to just inside the rim (the last 5 % is anti-aliasing).
_RHO = np.linspace(0.0, 0.95, 11)
#: The silhouette fills this much of its enclosing circle or more (a disc seen as a disc).
_ROUND = 0.85
#: The core is this much lighter (CIELAB L) than the ring next to the rim, or more.
_DROP = 10.0


def ring_profile(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The median CIELAB lightness of the rings ``_RHO`` (depth below the deepest point, as
    a share of the inscribed radius), or ``None`` when the inscribed radius is under 8 px or
    a ring is empty."""
    import cv2

    from .colour import rgb_to_lab

    m = np.pad(np.asarray(mask, np.uint8), 1)
    dist = cv2.distanceTransform(m, cv2.DIST_L2, 5)[1:-1, 1:-1]
    radius = float(dist.max())
    if radius < 8.0:
        return None
    inside = np.asarray(mask, bool)
    rho = 1.0 - dist / radius
    light = np.zeros(dist.shape, np.float64)
    light[inside] = rgb_to_lab(np.asarray(full)[inside].reshape(-1, 3))[:, 0]
    edges = np.concatenate([[-1e-6], 0.5 * (_RHO[1:] + _RHO[:-1]), [0.975]])
    out = []
    for a, b in zip(edges[:-1], edges[1:], strict=True):
        ring = inside & (rho > a) & (rho <= b)
        if not ring.any():
            return None
        out.append(float(np.median(light[ring])))
    return np.array(out)


def lambert_disc(mask: np.ndarray, full: np.ndarray) -> bool:
    """Whether a round silhouette (filling :data:`_ROUND` of its enclosing circle) is shaded
    like a ball lit from near the viewer: its ring profile (:func:`ring_profile`) falls by
    :data:`_DROP` or more from the core to the rim, never rises outward by more than 2 units,
    the middle rings (rho 0.57-0.76) lie between 12 % and 75 % of the way down (a stroke
    leaves them at the core's lightness, a glint at the centre leaves them at the rim's),
    and ``a + b sqrt(1 - rho^2)`` fits within 6 % of the fall and at least twice as well as
    a straight line in ``rho`` (a drawn radial gradient's ramp)."""
    import cv2

    m = np.ascontiguousarray(mask, dtype=np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return False
    contour = max(contours, key=cv2.contourArea)
    _, r = cv2.minEnclosingCircle(contour)
    if r <= 0 or float(m.sum()) < _ROUND * np.pi * r * r:
        return False
    prof = ring_profile(mask, full)
    if prof is None:
        return False
    fall = float(prof[0] - prof[-1])
    if fall < _DROP or float(np.max(np.diff(prof))) > 2.0:
        return False
    middle = (prof[0] - prof[6:9]) / fall
    if not (0.12 <= float(middle.min()) and float(middle.max()) <= 0.75):
        return False

    def rms(basis: np.ndarray) -> float:
        design = np.column_stack([np.ones_like(basis), basis])
        coef, *_ = np.linalg.lstsq(design, prof, rcond=None)
        return float(np.sqrt(np.mean((design @ coef - prof) ** 2)))

    lambert = rms(np.sqrt(1.0 - _RHO**2))
    straight = rms(_RHO)
    return lambert <= 0.06 * fall and 2.0 * lambert <= straight


def balls_read_flat(objects: list, masks: list, rgb: np.ndarray) -> list:
    """Objects read as flat round shapes (a circle or an ellipse, not filled with a pattern)
    whose shading is a lit ball's (:func:`lambert_disc`) are balls."""
    out = []
    for obj, mask in zip(objects, masks, strict=True):
        extras = obj.attributes.extras
        if (
            extras.get("flat")
            and obj.attributes.shape in ("circle", "ellipse")
            and extras.get("pattern_ink") is None
            and mask is not None
            and mask.any()
        ):
            ys, xs = np.nonzero(mask)
            rows, cols = slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1)
            if lambert_disc(mask[rows, cols], rgb[rows, cols]):
                extras = {**extras, "flat": False, "sphere_from_shading": True}
                extras.pop("shape_other", None)
                extras.pop("tone", None)
                attrs = obj.attributes.model_copy(update={"shape": "sphere", "extras": extras})
                obj = obj.model_copy(update={"attributes": attrs})
        out.append(obj)
    return out
