"""Optional Segment Anything (SAM) backend: local checkpoint, lazy import, clear errors.

The checkpoint is a local file named by ``options["sam_checkpoint"]`` or the
``SPATIOXOLVER_SAM_CHECKPOINT`` environment variable; nothing is ever downloaded. The
image-encoder architecture is read from the checkpoint itself (embedding width, depth,
head count and which blocks use global attention), so the official ViT-H / L / B
checkpoints and smaller custom ones load through the same code.

Two modes (``options["sam_mode"]``):

* ``"automatic"`` (default) — SAM's automatic mask generator; background-sized masks
  and masks nested inside a kept mask are dropped;
* ``"boxes"`` — one mask per box prompt (``options["boxes"]``, or the boxes of the
  geometric segmenter's proposals).
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError, InputError

__all__ = ["sam_available", "load_sam", "sam_device", "sam_masks", "ENV_CHECKPOINT"]

ENV_CHECKPOINT = "SPATIOXOLVER_SAM_CHECKPOINT"
_FIX = (
    "install the optional extra (pip install 'spatioxolver[sam]', with a torchvision build that "
    "matches your torch) or use backend='geometric'"
)


def sam_available() -> tuple[bool, str]:
    """Whether torch, torchvision and segment_anything import here, and why not."""
    try:
        import segment_anything  # noqa: F401
        import torch  # noqa: F401
        import torchvision  # noqa: F401
    except Exception as exc:  # ImportError, or torchvision's operator registration failing
        return False, f"{type(exc).__name__}: {exc}"
    return True, ""


def _checkpoint_path(options: dict[str, Any]) -> str:
    path = options.get("sam_checkpoint") or os.environ.get(ENV_CHECKPOINT)
    if not path:
        raise ConfigError(
            f"the 'sam' backend needs a local checkpoint: pass options['sam_checkpoint'] or set {ENV_CHECKPOINT}"
        )
    if not os.path.isfile(path):
        raise ConfigError(
            f"SAM checkpoint {path!r} does not exist; point sam_checkpoint / {ENV_CHECKPOINT} at a .pth file"
        )
    return str(path)


def _architecture(state: dict[str, Any]) -> tuple[int, int, int, list[int]]:
    """(embed_dim, depth, num_heads, global_attn_indexes) read from a SAM state dict."""
    try:
        dim = int(state["image_encoder.patch_embed.proj.weight"].shape[0])
    except KeyError:
        raise ConfigError("file is not a SAM checkpoint (no image_encoder.patch_embed.proj.weight)") from None
    blocks = sorted({int(k.split(".")[2]) for k in state if k.startswith("image_encoder.blocks.")})
    depth = len(blocks)
    head_dim = int(state["image_encoder.blocks.0.attn.rel_pos_h"].shape[1])
    sizes = [int(state[f"image_encoder.blocks.{i}.attn.rel_pos_h"].shape[0]) for i in blocks]
    global_idx = [i for i, s in zip(blocks, sizes, strict=False) if s == max(sizes)]
    return dim, depth, max(dim // max(head_dim, 1), 1), global_idx


@lru_cache(maxsize=2)
def _load_cached(path: str, mtime: float, device: str) -> Any:
    import torch
    from segment_anything.build_sam import _build_sam

    try:
        state = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:
        raise ConfigError(f"cannot read SAM checkpoint {path!r}: {exc}") from None
    if isinstance(state, dict) and "model" in state and isinstance(state["model"], dict):
        state = state["model"]
    dim, depth, heads, global_idx = _architecture(state)
    model = _build_sam(dim, depth, heads, global_idx)
    try:
        model.load_state_dict(state)
    except RuntimeError as exc:
        raise ConfigError(
            f"SAM checkpoint {path!r} does not match the inferred architecture: {exc}"
        ) from None
    model.eval()
    return model.to(device)


def load_sam(options: dict[str, Any] | None = None) -> Any:
    """Load (and cache) the SAM model named by the options / environment."""
    options = options or {}
    ok, why = sam_available()
    if not ok:
        raise ConfigError(f"the 'sam' backend is unavailable ({why}); {_FIX}")
    path = _checkpoint_path(options)
    device = sam_device(options.get("sam_device"))
    return _load_cached(path, os.path.getmtime(path), device)


def sam_device(choice: Any = None) -> str:
    """The torch device SAM runs on: ``"auto"`` (default) is the first CUDA GPU torch sees, else the CPU.

    Raises:
        ConfigError: a device torch does not know, or a GPU that is not there.
    """
    import torch

    name = str(choice or "auto").strip().lower()
    if name == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    try:
        device = torch.device(name)
    except (RuntimeError, ValueError):
        raise ConfigError(
            f"sam_device {choice!r} is not a torch device; use auto, cpu, cuda, cuda:N or mps"
        ) from None
    if device.type == "cuda" and not torch.cuda.is_available():
        raise ConfigError(
            f"sam_device {choice!r}: torch sees no CUDA GPU here; use sam_device='cpu' or 'auto'"
        )
    if device.type == "cuda" and device.index is not None and device.index >= torch.cuda.device_count():
        raise ConfigError(
            f"sam_device {choice!r}: there are {torch.cuda.device_count()} CUDA GPU(s) here; use cuda:0 .. "
            f"cuda:{torch.cuda.device_count() - 1}"
        )
    return str(device)


def sam_masks(rgb: np.ndarray, options: dict[str, Any] | None = None) -> list[tuple[np.ndarray, float]]:
    """Masks (and scores) of the objects in ``rgb`` found by SAM."""
    options = dict(options or {})
    model = load_sam(options)
    mode = options.get("sam_mode", "automatic")
    h, w = rgb.shape[:2]
    if mode == "boxes":
        from segment_anything import SamPredictor

        boxes = options.get("boxes")
        if boxes is None:
            from .regions import geometric_regions

            regions, _ = geometric_regions(rgb, options)
            boxes = []
            for r in regions:
                ys, xs = np.nonzero(r.mask)
                boxes.append([xs.min(), ys.min(), xs.max() + 1, ys.max() + 1])
        predictor = SamPredictor(model)
        predictor.set_image(np.ascontiguousarray(rgb))
        out = []
        for box in boxes:
            masks, scores, _ = predictor.predict(box=np.asarray(box, dtype=float), multimask_output=False)
            out.append((masks[0].astype(bool), float(scores[0])))
        return out
    if mode != "automatic":
        raise InputError(f"unknown sam_mode {mode!r}; use 'automatic' or 'boxes'")
    from segment_anything import SamAutomaticMaskGenerator

    generator = SamAutomaticMaskGenerator(
        model,
        points_per_side=int(options.get("sam_points_per_side", 16)),
        pred_iou_thresh=float(options.get("sam_pred_iou_thresh", 0.8)),
        stability_score_thresh=float(options.get("sam_stability_thresh", 0.85)),
    )
    found = generator.generate(np.ascontiguousarray(rgb))
    return filter_automatic(found, (h, w), int(options.get("min_area", 40)))


def filter_automatic(
    found: list[dict[str, Any]], shape: tuple[int, int], min_area: int
) -> list[tuple[np.ndarray, float]]:
    """Drop background-sized masks, tiny masks, and masks nested in a kept larger mask."""
    h, w = shape
    kept: list[tuple[np.ndarray, float]] = []
    for item in sorted(found, key=lambda d: -int(d["area"])):
        m = np.asarray(item["segmentation"], bool)
        area = int(m.sum())
        border = int(m[0].sum() + m[-1].sum() + m[:, 0].sum() + m[:, -1].sum())
        if area < min_area or area > 0.4 * h * w or border > 0.5 * (h + w):
            continue
        if any((m & k).sum() > 0.8 * area for k, _ in kept):
            continue
        kept.append((m, float(item.get("predicted_iou", 1.0))))
    return kept
