"""The optional SAM backend: clear errors without it, real loading code with a tiny model."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision import sam as sam_mod
from spatioxolver.agents.segmentation import segment

from spatioxolver.errors import ConfigError
from spatioxolver.rle import decode_mask

AVAILABLE, WHY = sam_mod.sam_available()


def test_missing_sam_is_a_config_error_naming_the_fix(monkeypatch) -> None:
    monkeypatch.setattr(sam_mod, "sam_available", lambda: (False, "ImportError: no torch"))
    with pytest.raises(ConfigError, match="spatioxolver\\[sam\\]"):
        segment(np.zeros((32, 32, 3), np.uint8), backend="sam")


def test_missing_checkpoint_is_a_config_error(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(sam_mod, "sam_available", lambda: (True, ""))
    monkeypatch.delenv(sam_mod.ENV_CHECKPOINT, raising=False)
    with pytest.raises(ConfigError, match="SPATIOXOLVER_SAM_CHECKPOINT"):
        sam_mod.load_sam({})
    with pytest.raises(ConfigError, match="does not exist"):
        sam_mod.load_sam({"sam_checkpoint": str(tmp_path / "nope.pth")})
    monkeypatch.setenv(sam_mod.ENV_CHECKPOINT, str(tmp_path / "env.pth"))
    with pytest.raises(ConfigError, match="env.pth"):
        sam_mod.load_sam({})


class _T:
    def __init__(self, *shape: int) -> None:
        self.shape = shape


def test_architecture_is_read_from_the_state_dict() -> None:
    # ViT-B-like layout: width 768, 12 blocks, head dim 64, global attention in 2, 5, 8, 11.
    state = {"image_encoder.patch_embed.proj.weight": _T(768, 3, 16, 16)}
    for i in range(12):
        size = 127 if i in (2, 5, 8, 11) else 27
        state[f"image_encoder.blocks.{i}.attn.rel_pos_h"] = _T(size, 64)
    assert sam_mod._architecture(state) == (768, 12, 12, [2, 5, 8, 11])
    with pytest.raises(ConfigError, match="not a SAM checkpoint"):
        sam_mod._architecture({"foo": _T(1)})


def test_automatic_masks_are_filtered() -> None:
    h, w = 40, 60
    background = np.ones((h, w), bool)
    obj = np.zeros((h, w), bool)
    obj[10:20, 10:20] = True
    part = np.zeros((h, w), bool)
    part[12:16, 12:16] = True
    speck = np.zeros((h, w), bool)
    speck[30, 30] = True
    found = [
        {"segmentation": m, "area": int(m.sum()), "predicted_iou": 0.9}
        for m in (background, obj, part, speck)
    ]
    kept = sam_mod.filter_automatic(found, (h, w), min_area=5)
    assert len(kept) == 1 and kept[0][0].sum() == 100


@pytest.mark.skipif(not AVAILABLE, reason=f"segment-anything / torch / torchvision do not import here: {WHY}")
def test_tiny_sam_loads_through_the_real_code(tmp_path, drawn) -> None:
    import torch
    from segment_anything.build_sam import _build_sam

    torch.manual_seed(0)
    model = _build_sam(32, 2, 2, [1])
    path = tmp_path / "tiny_sam.pth"
    torch.save(model.state_dict(), path)
    img = drawn([("disc", (60, 60), 20, (173, 35, 35))], shadow=False)
    loaded = sam_mod.load_sam({"sam_checkpoint": str(path)})
    assert sum(p.numel() for p in loaded.parameters()) == sum(p.numel() for p in model.parameters())
    objs = segment(
        img, backend="sam", options={"sam_checkpoint": str(path), "sam_mode": "boxes", "min_area": 1}
    )
    # Random weights give arbitrary masks; the contract is the structure.
    for o in objs:
        assert o.mask is not None and o.attributes.extras["source"] == "sam"


def _cuda() -> tuple[bool, str]:
    if not AVAILABLE:
        return False, f"segment-anything / torch / torchvision do not import here: {WHY}"
    import torch

    return (True, "") if torch.cuda.is_available() else (False, "torch sees no CUDA GPU here")


CUDA, NO_CUDA = _cuda()


@pytest.mark.skipif(not AVAILABLE, reason=f"segment-anything / torch / torchvision do not import here: {WHY}")
def test_sam_device_names_are_checked() -> None:
    import torch

    assert sam_mod.sam_device(None) == ("cuda" if torch.cuda.is_available() else "cpu")
    assert sam_mod.sam_device("CPU") == "cpu"
    with pytest.raises(ConfigError, match="not a torch device"):
        sam_mod.sam_device("gpu-please")
    if not torch.cuda.is_available():
        with pytest.raises(ConfigError, match="no CUDA GPU"):
            sam_mod.sam_device("cuda")
    else:
        with pytest.raises(ConfigError, match="CUDA GPU"):
            sam_mod.sam_device(f"cuda:{torch.cuda.device_count()}")


@pytest.mark.skipif(not CUDA, reason=NO_CUDA)
def test_sam_on_the_gpu_gives_the_cpu_masks(tmp_path, drawn) -> None:
    import torch
    from segment_anything.build_sam import _build_sam

    torch.manual_seed(1)
    path = tmp_path / "tiny_sam.pth"
    torch.save(_build_sam(32, 2, 2, [1]).state_dict(), path)
    img = drawn(
        [("disc", (60, 60), 20, (173, 35, 35)), ("square", (150, 70), 18, (35, 60, 173))], shadow=False
    )
    base = {"sam_checkpoint": str(path), "sam_mode": "boxes", "min_area": 1}
    on_cpu = segment(img, backend="sam", options={**base, "sam_device": "cpu"})
    on_gpu = segment(img, backend="sam", options={**base, "sam_device": "cuda"})
    assert len(on_gpu) == len(on_cpu)
    for a, b in zip(on_cpu, on_gpu, strict=True):
        ma, mb = decode_mask(a.mask), decode_mask(b.mask)
        assert ma.shape == img.shape[:2] == mb.shape
        union = np.logical_or(ma, mb).sum()
        assert union == 0 or np.logical_and(ma, mb).sum() / union > 0.98
