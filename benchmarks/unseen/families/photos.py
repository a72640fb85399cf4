"""Real photographs (scikit-image's bundled data, matplotlib's sample) cropped, scaled, mixed, asked about."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from typing import Any

FAMILY = "photos"
NEEDS = ["skimage", "PIL", "numpy"]

#: Photographs in scikit-image's wheel (drawn test images such as horse, logo, phantom left out).
SKIMAGE_PHOTOS = [
    "astronaut.png",
    "coffee.png",
    "chelsea.png",
    "rocket.jpg",
    "coins.png",
    "camera.png",
    "moon.png",
    "brick.png",
    "gravel.png",
    "grass.png",
    "hubble_deep_field.jpg",
    "motorcycle_left.png",
    "retina.jpg",
    "ihc.png",
    "cell.png",
    "clock_motion.png",
]
WALLS = [(236, 232, 224), (250, 250, 250), (200, 214, 228), (60, 62, 70), (222, 200, 170), (176, 196, 170)]
COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "white", "black", "brown", "grey")
THINGS = (
    "cups",
    "people",
    "cats",
    "objects",
    "things",
    "coins",
    "cars",
    "plates",
    "stars",
    "faces",
    "windows",
)
PAIRS = [
    ("cup", "plate"),
    ("cat", "chair"),
    ("person", "rocket"),
    ("coin", "coin"),
    ("man", "camera"),
    ("mug", "spoon"),
]
NOUNS = ("cup", "cat", "person", "rocket", "coin", "camera", "plate", "object", "motorcycle", "flag")
SHAPES = ("circle", "square", "triangle", "star")


def _sources() -> list[Path]:
    spec = importlib.util.find_spec("skimage")
    assert spec is not None and spec.origin is not None
    data = Path(spec.origin).parent / "data"
    paths = [data / name for name in SKIMAGE_PHOTOS if (data / name).exists()]
    mpl = importlib.util.find_spec("matplotlib")
    if mpl is not None and mpl.origin is not None:
        hopper = Path(mpl.origin).parent / "mpl-data" / "sample_data" / "grace_hopper.jpg"
        if hopper.exists():
            paths.append(hopper)
    return paths


def _load(path: Path):
    from PIL import Image

    return Image.open(path).convert("RGB")


def _faces(rng: random.Random):
    """A tile of Labeled-Faces-in-the-Wild crops (the wheel's lfw_subset)."""
    import numpy as np
    from PIL import Image

    spec = importlib.util.find_spec("skimage")
    assert spec is not None and spec.origin is not None
    faces = np.load(Path(spec.origin).parent / "data" / "lfw_subset.npy")
    cols, rows = rng.randint(1, 4), rng.randint(1, 3)
    picks = rng.sample(range(len(faces)), cols * rows)
    tile = np.zeros((rows * 25, cols * 25), np.uint8)
    for k, i in enumerate(picks):
        r, c = divmod(k, cols)
        tile[r * 25 : (r + 1) * 25, c * 25 : (c + 1) * 25] = (faces[i] * 255).astype(np.uint8)
    img = Image.fromarray(tile).convert("RGB")
    return img.resize((img.width * 8, img.height * 8), Image.BICUBIC)


def _crop(img, rng: random.Random):
    w, h = img.size
    cw, ch = int(w * rng.uniform(0.4, 0.9)), int(h * rng.uniform(0.4, 0.9))
    x, y = rng.randint(0, w - cw), rng.randint(0, h - ch)
    return img.crop((x, y, x + cw, y + ch))


def _scale(img, long_side: int):
    from PIL import Image

    w, h = img.size
    k = long_side / max(w, h)
    return img.resize((max(8, int(w * k)), max(8, int(h * k))), Image.LANCZOS)


def _noise(img, rng: random.Random):
    import numpy as np
    from PIL import Image

    a = np.asarray(img).astype(np.float32)
    noisy = a + np.random.default_rng(rng.randint(0, 10**6)).normal(0, rng.uniform(4, 18), a.shape)
    return Image.fromarray(np.clip(noisy, 0, 255).astype(np.uint8))


def _dark(img, rng: random.Random):
    import numpy as np
    from PIL import Image

    a = np.asarray(img).astype(np.float32) / 255.0
    night = (a ** rng.uniform(1.8, 3.0)) * rng.uniform(0.25, 0.6) * np.array([0.8, 0.85, 1.0])
    return Image.fromarray(np.clip(night * 255, 0, 255).astype(np.uint8))


def _jpeg(img, rng: random.Random):
    import io

    from PIL import Image

    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=rng.randint(8, 40))
    return Image.open(io.BytesIO(buf.getvalue())).convert("RGB")


def _collage(photos: list[Path], rng: random.Random):
    from PIL import Image

    cols, rows = rng.choice([(2, 1), (2, 2), (3, 2), (1, 2)])
    cell = rng.choice([160, 220, 300])
    gap = rng.choice([0, 4, 12])
    page = Image.new(
        "RGB", (cols * cell + (cols + 1) * gap, rows * cell + (rows + 1) * gap), rng.choice(WALLS)
    )
    for k, path in enumerate(rng.sample(photos, cols * rows)):
        r, c = divmod(k, cols)
        tile = _crop(_load(path), rng).resize((cell, cell), Image.BICUBIC)
        page.paste(tile, (gap + c * (cell + gap), gap + r * (cell + gap)))
    return page


def _on_wall(img, rng: random.Random, framed: bool):
    from PIL import Image, ImageDraw

    img = _scale(img, rng.randint(180, 420))
    wall = Image.new(
        "RGB",
        (int(img.width * rng.uniform(1.4, 2.2)), int(img.height * rng.uniform(1.3, 2.0))),
        rng.choice(WALLS),
    )
    x = rng.randint(0, wall.width - img.width)
    y = rng.randint(0, wall.height - img.height)
    if framed:
        border = rng.randint(6, 20)
        ImageDraw.Draw(wall).rectangle(
            [x - border, y - border, x + img.width + border, y + img.height + border],
            fill=rng.choice([(40, 30, 20), (200, 170, 90), (20, 20, 20), (250, 250, 250)]),
        )
    wall.paste(img, (x, y))
    return wall


def _band(img, rng: random.Random):
    """The photo as a strip across a plain wall (a banner, a panorama on a page)."""
    from PIL import Image

    w = rng.randint(400, 900)
    strip = img.resize((w, max(30, int(w * rng.uniform(0.12, 0.3)))), Image.BICUBIC)
    page = Image.new("RGB", (w, int(strip.height * rng.uniform(2.5, 4.0))), rng.choice(WALLS))
    page.paste(strip, (0, rng.randint(0, page.height - strip.height)))
    return page


def _caption(img, rng: random.Random):
    from PIL import Image, ImageDraw

    img = _scale(img, rng.randint(300, 700))
    strip = rng.randint(28, 60)
    page = Image.new("RGB", (img.width, img.height + strip), rng.choice([(255, 255, 255), (20, 20, 20)]))
    page.paste(img, (0, 0))
    ink = (0, 0, 0) if page.getpixel((0, img.height + 2))[0] > 128 else (240, 240, 240)
    text = rng.choice(["Fig. 3: sample", "Holiday 2019", "photo by the author", "Test image #12"])
    ImageDraw.Draw(page).text((10, img.height + strip // 3), text, fill=ink)
    return page


KINDS = ("plain", "crop", "grey", "jpeg", "noise", "blur", "rotate", "collage", "wall", "frame", "band")
KINDS += ("caption", "dark", "faces", "bokeh", "large", "small", "collage", "dark")


def _picture(photos: list[Path], kind: str, rng: random.Random):
    """One image from the sources, changed the way photographs reach users (``kind``)."""
    from PIL import Image, ImageFilter

    if kind == "collage":
        return kind, _collage(photos, rng)
    if kind == "faces":
        return kind, _faces(rng)
    img = _load(rng.choice(photos))
    if rng.random() < 0.5:
        img = _crop(img, rng)
    if kind == "grey":
        img = img.convert("L").convert("RGB")
    elif kind == "jpeg":
        img = _jpeg(img, rng)
    elif kind == "noise":
        img = _noise(img, rng)
    elif kind == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.5, 5)))
    elif kind == "rotate":
        if rng.random() < 0.5:
            img = img.transpose(rng.choice([Image.ROTATE_90, Image.ROTATE_180, Image.ROTATE_270]))
        else:
            img = img.rotate(
                rng.uniform(-25, 25), resample=Image.BICUBIC, expand=True, fillcolor=rng.choice(WALLS)
            )
    elif kind in ("wall", "frame"):
        img = _on_wall(img, rng, kind == "frame")
    elif kind == "band":
        img = _band(img, rng)
    elif kind == "caption":
        img = _caption(img, rng)
    elif kind == "dark":
        img = _dark(img, rng)
    elif kind == "bokeh":
        img = _dark(img, rng).filter(ImageFilter.GaussianBlur(rng.uniform(6, 14)))
    if kind == "large":
        return kind, _scale(img, rng.choice([1800, 2400, 3000]))
    if kind == "small":
        return kind, _scale(img, rng.randint(160, 260))
    if max(img.size) > 1400:
        img = _scale(img, 1200)
    return kind, img


def _questions(rng: random.Random) -> list[str]:
    thing = rng.choice(THINGS)
    a, b = rng.choice(PAIRS)
    noun = rng.choice(NOUNS)
    colour = rng.choice(COLOURS)
    pool = [
        rng.choice([f"How many {thing} are there?", f"How many {thing} can you see?", f"Count the {thing}."]),
        rng.choice(
            [
                "How many objects are in the picture?",
                "how many things are in this image",
                "Count the objects.",
            ]
        ),
        rng.choice(
            [
                f"Is the {a} left of the {b}?",
                f"Is the {a} to the right of the {b}?",
                f"Is the {a} above the {b}?",
            ]
        ),
        rng.choice(
            [
                "Which object is largest?",
                "What is the biggest thing in the picture?",
                "Which object is the smallest?",
            ]
        ),
        rng.choice([f"What colour is the {noun}?", f"What color is the {noun}?"]),
        rng.choice(
            [f"Is there a {colour} object?", f"Is anything {colour}?", f"How many {colour} things are there?"]
        ),
        rng.choice(
            [
                "Which object is leftmost?",
                "What is the rightmost object?",
                "What is at the top of the picture?",
            ]
        ),
        rng.choice(
            [f"How many {s}s are there?" for s in SHAPES] + ["Is there a circle?", "Is there a square?"]
        ),
        rng.choice(
            ["How many people are in the photo?", "Is there a person?", "How many cups are on the table?"]
        ),
        rng.choice(
            [f"Is the {noun} in the middle?", f"Is the {noun} near the edge?", "What is in the centre?"]
        ),
    ]
    rng.shuffle(pool)
    return pool[: rng.randint(6, 10)]


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"photos/{seed}")
    photos = _sources()
    items = []
    for k, kind in enumerate(rng.sample(KINDS, 14)):
        kind, img = _picture(photos, kind, rng)
        name = f"photo_{k:02d}_{kind}.png" if rng.random() < 0.7 else f"photo_{k:02d}_{kind}.jpg"
        img.save(outdir / name, quality=rng.randint(70, 95)) if name.endswith(".jpg") else img.save(
            outdir / name
        )
        for question in _questions(rng):
            items.append({"image": name, "question": question, "truth": {"photo": True}})
    return items
