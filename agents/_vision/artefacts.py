"""Compression artefacts: JPEG halos and shadow bleed that must not become objects.

Lossy compression (JPEG's 8x8 DCT blocks and half-resolution chroma) leaves two kinds of
spurious foreground next to real objects:

* **halos** — a thin band of ringing around an object's outline whose colour is a blend
  of the object's and the background's (or the shadowed background's). The colour split
  separates it from the object, and as a ring it encloses the object, so the merge rules
  for highlights do not catch it. A thin part (at most ``4`` px from its outline to its
  core) that touches another part and whose colour lies on the segment between that
  part's colour and a background colour is merged into that part;
* **shadow bleed** — blocks of a cast shadow whose chroma the object's colour leaked into,
  so the per-pixel shadow test (equal darkening in R, G and B) misses them. A part whose
  median brightness ratio to the background is the scene's shadow ratio and whose colour
  is neutral (close to the shadowed background in CIELAB chroma) is dropped. A whole
  component passes only when it is also small or thin (a lone grey object that happens to
  be as dark as the shadows keeps its place).

Example:
    >>> import numpy as np
    >>> obj = np.zeros((20, 20), bool); obj[5:15, 5:15] = True
    >>> ring = np.zeros((20, 20), bool); ring[3:17, 3:17] = True; ring &= ~obj
    >>> lab = np.zeros((20, 20, 3), np.float32); lab[..., 0] = 60
    >>> lab[obj] = (40, 60, 40); lab[ring] = (50, 30, 20)
    >>> bg = np.concatenate([np.full((20, 20, 3), (60, 0, 0), np.float32),
    ...                      np.full((20, 20, 3), 150, np.float32)], axis=2)
    >>> rgb = np.full((20, 20, 3), 150, np.uint8)
    >>> [int(p.sum()) for p in clean_parts([obj, ring], rgb, lab, bg, None)]
    [196]
"""

from __future__ import annotations

import numpy as np

from .colour import rgb_to_lab

__all__ = ["clean_parts", "is_shadow_part", "thickness"]

_W = np.array([0.5, 1.0, 1.0])  # lightness counts half, as in the background distance
HALO_THICKNESS = 4.0
SHADOW_RATIO_TOL = 0.05
SHADOW_CHROMA_TOL = 9.0


def thickness(mask: np.ndarray) -> float:
    """Largest distance (px) from a pixel of ``mask`` to its outline (half the thickness)."""
    import cv2

    if not mask.any():
        return 0.0
    padded = np.pad(mask.astype(np.uint8), 1)
    return float(cv2.distanceTransform(padded, cv2.DIST_L2, 3).max())


def _brightness_ratio(rgb: np.ndarray, bg: np.ndarray, mask: np.ndarray) -> float:
    px = rgb[mask].astype(np.float32).mean(axis=1)
    ref = np.maximum(bg[mask][:, 3:].mean(axis=1), 4.0)
    return float(np.median(px / ref))


def is_shadow_part(
    mask: np.ndarray, rgb: np.ndarray, lab: np.ndarray, bg: np.ndarray, shadow_ratio: float | None
) -> bool:
    """Whether ``mask`` looks like (part of) a cast shadow: shadow-dark and neutral.

    ``rgb``, ``lab`` and ``bg`` (``(..., 6)``: background Lab then sRGB) cover the same crop.
    """
    if shadow_ratio is None or not mask.any():
        return False
    if abs(_brightness_ratio(rgb, bg, mask) - shadow_ratio) > SHADOW_RATIO_TOL:
        return False
    shadowed = rgb_to_lab(np.clip(np.median(bg[mask][:, 3:], axis=0) * shadow_ratio, 0, 255))
    chroma_gap = float(np.hypot(*(np.median(lab[mask][:, 1:], axis=0) - shadowed[1:])))
    return chroma_gap < SHADOW_CHROMA_TOL


def _on_blend(colour: np.ndarray, inner: np.ndarray, refs: list[np.ndarray]) -> bool:
    """Whether ``colour`` lies near the segment from a reference colour to ``inner``."""
    for ref in refs:
        d = (inner - ref) * _W
        norm2 = float(d @ d)
        if norm2 < 1e-6:
            continue
        v = (colour - ref) * _W
        t = float(v @ d) / norm2
        resid = float(np.linalg.norm(v - t * d))
        if -0.15 <= t <= 1.15 and resid <= max(6.0, 0.3 * np.sqrt(norm2)):
            return True
    return False


def clean_parts(
    parts: list[np.ndarray],
    rgb: np.ndarray,
    lab: np.ndarray,
    bg: np.ndarray,
    shadow_ratio: float | None,
    *,
    min_area: int = 40,
) -> list[np.ndarray]:
    """Merge halo parts into the part they surround and drop shadow-bleed parts.

    Args:
        parts: boolean masks of one connected component's parts (crop coordinates).
        rgb: the crop (uint8 sRGB); ``lab`` its CIELAB; ``bg`` the background model there
            (``(h, w, 6)``: Lab then sRGB).
        shadow_ratio: the scene's cast-shadow brightness ratio (``None``: no shadows seen).
        min_area: parts smaller than this after cleaning are dropped.

    Returns:
        The remaining parts (a new list).
    """
    import cv2

    parts = [p.copy() for p in parts if p.any()]
    if not parts:
        return parts
    kernel = np.ones((3, 3), np.uint8)
    changed = True
    while changed and len(parts) > 1:
        changed = False
        colours = [np.median(lab[p], axis=0) for p in parts]
        for i in sorted(range(len(parts)), key=lambda k: int(parts[k].sum())):
            p = parts[i]
            if thickness(p) > HALO_THICKNESS:
                continue
            ring = cv2.dilate(p.astype(np.uint8), kernel).astype(bool) & ~p
            total = max(int(ring.sum()), 1)
            contact = [float((ring & q).sum()) / total if k != i else 0.0 for k, q in enumerate(parts)]
            j = int(np.argmax(contact))
            if contact[j] < 0.2 or parts[j].sum() < p.sum():
                continue
            refs = [np.median(bg[p][:, :3], axis=0)]
            if shadow_ratio is not None:
                refs.append(rgb_to_lab(np.clip(np.median(bg[p][:, 3:], axis=0) * shadow_ratio, 0, 255)))
            if _on_blend(colours[i], colours[j], refs):
                parts[j] = parts[j] | p
                del parts[i]
                changed = True
                break
    single = len(parts) == 1
    kept = []
    for p in parts:
        area = int(p.sum())
        if area < min_area:
            continue
        if is_shadow_part(p, rgb, lab, bg, shadow_ratio) and (
            not single or area < 16 * min_area or thickness(p) <= 2 * HALO_THICKNESS
        ):
            continue
        kept.append(p)
    return kept
