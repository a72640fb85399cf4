"""The SAM segmentation backend on the GPU vs the CPU, side by side in one run.

Needs the optional ``sam`` extra (torch, torchvision, segment-anything); where it does not
import this prints why and exits 0. No checkpoint is downloaded: the model is a
**randomly initialised** SAM of the ViT-B layout (width 768, 12 blocks, 12 heads, global
attention in blocks 2, 5, 8, 11), saved as a local checkpoint and loaded through the real
path (``load_sam``: architecture read from the file). Random weights give arbitrary masks,
so this measures speed and the plumbing (devices, box prompts, masks mapped back to the
input's pixels), not segmentation quality. Pass ``--checkpoint PATH`` to time a real one.

Prints, per device: the model load, one image's masks in ``boxes`` mode (one prompt per
geometric proposal) and in ``automatic`` mode (16x16 points), the mask count, and the GPU /
CPU ratio; then ``spatioxolver ask --segmentation sam`` end to end on the first device.

Usage: ``python benchmarks/bench_sam.py [--size 1024x768] [--checkpoint PATH] [--cpu-too]``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _image(width: int, height: int):
    """A drawn test scene (not the project's renderer): five flat shapes on a light ground."""
    import numpy as np
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), (236, 232, 224))
    draw = ImageDraw.Draw(img)
    s = min(width, height)
    draw.ellipse(
        [0.08 * width, 0.30 * height, 0.08 * width + 0.18 * s, 0.30 * height + 0.18 * s], fill=(200, 40, 40)
    )
    draw.rectangle(
        [0.35 * width, 0.20 * height, 0.35 * width + 0.15 * s, 0.20 * height + 0.15 * s], fill=(40, 90, 200)
    )
    draw.polygon(
        [(0.62 * width, 0.65 * height), (0.72 * width, 0.40 * height), (0.82 * width, 0.65 * height)],
        fill=(40, 160, 60),
    )
    draw.ellipse(
        [0.20 * width, 0.70 * height, 0.20 * width + 0.12 * s, 0.70 * height + 0.08 * s], fill=(230, 180, 20)
    )
    draw.rectangle(
        [0.80 * width, 0.10 * height, 0.80 * width + 0.10 * s, 0.10 * height + 0.20 * s], fill=(130, 60, 160)
    )
    return np.asarray(img)


def _timed(fn, repeats: int = 3):
    fn()  # warm: model on the device, kernels compiled, caches filled
    best = float("inf")
    out = None
    for _ in range(repeats):
        start = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1024x768")
    parser.add_argument("--checkpoint", default=None)
    parser.add_argument("--cpu-too", action="store_true", help="also time the CPU when a GPU is there")
    args = parser.parse_args()

    from spatioxolver.agents._vision import sam as sam_mod

    ok, why = sam_mod.sam_available()
    if not ok:
        print(f"skipped: the optional sam extra does not import here ({why})")
        return 0
    import torch
    from spatioxolver.agents.segmentation import segment

    from spatioxolver.rle import decode_mask

    width, height = (int(v) for v in args.size.lower().split("x"))
    rgb = _image(width, height)
    tmp = Path(tempfile.mkdtemp(prefix="bench_sam_"))
    if args.checkpoint:
        ckpt = Path(args.checkpoint)
        print(f"checkpoint: {ckpt}")
    else:
        from segment_anything.build_sam import _build_sam

        torch.manual_seed(0)
        ckpt = tmp / "sam_vit_b_random.pth"
        torch.save(_build_sam(768, 12, 12, [2, 5, 8, 11]).state_dict(), ckpt)
        print(
            f"checkpoint: random ViT-B-layout SAM ({ckpt.stat().st_size / 1e6:.0f} MB); masks are arbitrary"
        )
    devices = ["cuda", "cpu"] if torch.cuda.is_available() and args.cpu_too else [sam_mod.sam_device("auto")]
    if torch.cuda.is_available():
        print(
            f"GPU: {torch.cuda.get_device_name(0)}; torch {torch.__version__}; CPU threads {torch.get_num_threads()}"
        )
    else:
        print(f"no CUDA GPU: CPU only (torch {torch.__version__}, {torch.get_num_threads()} threads)")
    times: dict[tuple[str, str], float] = {}
    for device in devices:
        start = time.perf_counter()
        sam_mod.load_sam({"sam_checkpoint": str(ckpt), "sam_device": device})
        print(f"[{device}] load {time.perf_counter() - start:.2f} s")
        for mode in ("boxes", "automatic"):
            options = {"sam_checkpoint": str(ckpt), "sam_device": device, "sam_mode": mode}
            seconds, objs = _timed(lambda options=options: segment(rgb, backend="sam", options=options))
            shapes_ok = all(o.mask is not None and decode_mask(o.mask).shape == rgb.shape[:2] for o in objs)
            times[(device, mode)] = seconds
            print(
                f"[{device}] {mode:9s} {width}x{height}: {seconds * 1000:8.1f} ms/image, {len(objs)} masks, "
                f"masks in the input's pixels: {shapes_ok}"
            )
    if len(devices) == 2:
        for mode in ("boxes", "automatic"):
            print(f"{mode}: GPU x{times[('cpu', mode)] / times[('cuda', mode)]:.1f} faster than CPU")
    image = tmp / "scene.png"
    from PIL import Image

    Image.fromarray(rgb).save(image)
    cmd = [sys.executable, "-m", "spatioxolver", "ask", str(image), "How many objects are there?",
           "--segmentation", "sam", "--sam-checkpoint", str(ckpt), "--sam-mode", "boxes", "--no-cache", "--json"]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    wall = time.perf_counter() - start
    print(
        f"spatioxolver ask --segmentation sam: exit {done.returncode}, {wall:.1f} s wall (cold: model load)"
    )
    print("  " + (done.stdout.strip() or done.stderr.strip())[:400])
    return 0 if done.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
