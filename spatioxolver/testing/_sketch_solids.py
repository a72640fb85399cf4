"""The ``blocks`` family of the sketched test images: oblique 3-D solids drawn by hand.

Boxes are drawn as three shaded faces in an oblique projection (front, top, one side),
cans as a horizontally shaded body under a lit elliptical top, balls as a radially shaded
disc with a highlight; all stand on a floor that darkens toward the viewer below a wall,
with a soft contact shadow. Farther objects stand higher and are drawn smaller."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

from spatioxolver.testing._sketch_tools import COLOURS, degrade
from spatioxolver.testing.drawn import DrawnCase, Question

_NOUN = {"cube": ("cube", "box"), "cylinder": ("cylinder", "can"), "sphere": ("sphere", "ball")}


def _shade(rgb: Any, f: float) -> tuple[int, int, int]:
    return tuple(int(min(255, max(0, v * f))) for v in rgb)  # type: ignore[return-value]


def _poly(img: np.ndarray, pts: list[tuple[float, float]], colour: Any) -> None:
    import cv2

    arr = np.array([[round(x * 16), round(y * 16)] for x, y in pts], np.int32).reshape(-1, 1, 2)
    cv2.fillPoly(img, [arr], tuple(int(v) for v in colour), cv2.LINE_AA, 4)


def _ellipse(img: np.ndarray, cx: float, cy: float, ax: float, ay: float, colour: Any) -> None:
    import cv2

    cv2.ellipse(
        img, (round(cx * 16), round(cy * 16)), (round(ax * 16), round(ay * 16)), 0, 0, 360,
        tuple(int(v) for v in colour), -1, cv2.LINE_AA, 4,
    )  # fmt: skip


def _box(
    img: np.ndarray, cx: float, base: float, s: float, rgb: Any, lit_left: bool
) -> tuple[float, float, float, float]:
    d = 0.45 * s
    dx, dy = d * math.cos(math.radians(35)), -d * math.sin(math.radians(35))
    if not lit_left:
        dx = -dx
    x0, x1 = cx - s / 2, cx + s / 2
    y0, y1 = base - s, base
    _poly(img, [(x0, y0), (x1, y0), (x1 + dx, y0 + dy), (x0 + dx, y0 + dy)], _shade(rgb, 1.18))  # top
    sx = x1 if dx > 0 else x0
    _poly(img, [(sx, y0), (sx + dx, y0 + dy), (sx + dx, y1 + dy), (sx, y1)], _shade(rgb, 0.62))  # side
    _poly(img, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)], _shade(rgb, 0.9))  # front
    return min(x0, x0 + dx), y0 + dy, max(x1, x1 + dx), y1


def _can(
    img: np.ndarray, cx: float, base: float, s: float, rgb: Any, lit_left: bool
) -> tuple[float, float, float, float]:
    import cv2

    rx, ry = 0.45 * s, 0.14 * s
    height = 1.05 * s
    top = base - height
    # body: columns shaded by the cosine of the surface normal against the light
    x0, x1 = int(math.floor(cx - rx)), int(math.ceil(cx + rx))
    body = np.zeros_like(img)
    mask = np.zeros(img.shape[:2], np.uint8)
    for x in range(x0, x1 + 1):
        u = (x - cx) / rx
        if abs(u) > 1:
            continue
        lit = 0.55 + 0.5 * max(0.0, 1 - abs(u + (0.4 if lit_left else -0.4)))
        body[:, x] = _shade(rgb, lit)
    cv2.rectangle(
        mask,
        (round((cx - rx) * 16), round(top * 16)),
        (round((cx + rx) * 16), round(base * 16)),
        255,
        -1,
        cv2.LINE_AA,
        4,
    )
    cv2.ellipse(
        mask,
        (round(cx * 16), round(base * 16)),
        (round(rx * 16), round(ry * 16)),
        0,
        0,
        180,
        255,
        -1,
        cv2.LINE_AA,
        4,
    )
    a = (mask.astype(float) / 255)[..., None]
    img[:] = (img * (1 - a) + body * a).astype(np.uint8)
    _ellipse(img, cx, top, rx, ry, _shade(rgb, 1.2))
    return cx - rx, top - ry, cx + rx, base + ry


def _ball(
    img: np.ndarray, cx: float, base: float, s: float, rgb: Any, lit_left: bool
) -> tuple[float, float, float, float]:
    import cv2

    r = 0.55 * s
    cy = base - r
    x0, y0 = max(0, int(cx - r - 2)), max(0, int(cy - r - 2))
    x1, y1 = min(img.shape[1], int(cx + r + 3)), min(img.shape[0], int(cy + r + 3))
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(float)
    lx, ly = cx + (-0.35 if lit_left else 0.35) * r, cy - 0.4 * r
    t = np.clip(np.hypot(xx - lx, yy - ly) / (1.6 * r), 0, 1)[..., None]
    shade = np.array(_shade(rgb, 1.25), float) * (1 - t) + np.array(_shade(rgb, 0.5), float) * t
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.circle(mask, (round(cx * 16), round(cy * 16)), round(r * 16), 255, -1, cv2.LINE_AA, 4)
    a = (mask[y0:y1, x0:x1].astype(float) / 255)[..., None]
    img[y0:y1, x0:x1] = (img[y0:y1, x0:x1] * (1 - a) + shade * a).astype(np.uint8)
    return cx - r, cy - r, cx + r, base


def _scene_ground(rng: random.Random, w: int, h: int, horizon: float) -> np.ndarray:
    wall = np.array(rng.choice([(236, 236, 232), (228, 232, 238), (242, 238, 230)]), float)
    floor_far = np.array(rng.choice([(214, 210, 204), (205, 208, 212), (220, 214, 200)]), float)
    img = np.empty((h, w, 3), float)
    hy = int(horizon)
    img[:hy] = wall
    t = np.linspace(0, 1, h - hy)[:, None, None]
    img[hy:] = floor_far * (1 - 0.25 * t)
    return img.clip(0, 255).astype(np.uint8)


def blocks_case(rng: random.Random, k: int) -> DrawnCase | None:
    """One oblique-solids scene with its questions (``None`` when placement failed)."""
    import cv2

    w, h = rng.choice([(800, 600), (960, 540), (640, 480), (1024, 768), (720, 540)])
    horizon = h * rng.uniform(0.3, 0.42)
    img = _scene_ground(rng, w, h, horizon)
    lit_left = rng.random() < 0.5
    n = rng.randint(3, 6)
    terms = (
        rng.sample([t for t in COLOURS if t != "gray"], n)
        if rng.random() < 0.7
        else [rng.choice(list(COLOURS)) for _ in range(n)]
    )
    kinds = [rng.choice(list(_NOUN)) for _ in range(n)]
    placed: list[dict[str, Any]] = []
    for term, kind in zip(terms, kinds, strict=True):
        for _ in range(300):
            base = rng.uniform(horizon + 0.12 * (h - horizon), h - 0.06 * h)
            depth = (base - horizon) / (h - horizon)  # 0 far .. 1 near
            s = min(w, h) * rng.uniform(0.09, 0.16) * (0.45 + 0.75 * depth)
            cx = rng.uniform(0.08 * w + s, 0.92 * w - s)
            box = (cx - 0.8 * s, base - 1.5 * s, cx + 0.8 * s, base + 0.2 * s)
            if all(
                box[2] + 8 < o["box"][0]
                or o["box"][2] + 8 < box[0]
                or box[3] + 8 < o["box"][1]
                or o["box"][3] + 8 < box[1]
                for o in placed
            ):
                placed.append({"shape": kind, "color": term, "cx": cx, "base": base, "s": s, "box": box})
                break
        else:
            return None
    shadow = np.zeros(img.shape[:2], np.uint8)
    for o in placed:
        off = (-1 if lit_left else 1) * 0.25 * o["s"]
        cv2.ellipse(
            shadow,
            (round((o["cx"] + off) * 4), round(o["base"] * 4)),
            (round(0.6 * o["s"] * 4), round(0.12 * o["s"] * 4)),
            0,
            0,
            360,
            110,
            -1,
            cv2.LINE_AA,
            2,
        )
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(1.5, 0.004 * min(w, h)))
    img = (img * (1 - shadow[..., None].astype(float) / 255)).astype(np.uint8)
    for o in sorted(placed, key=lambda o: o["base"]):
        draw = {"cube": _box, "cylinder": _can, "sphere": _ball}[o["shape"]]
        x0, y0, x1, y1 = draw(img, o["cx"], o["base"], o["s"], rng.choice(COLOURS[o["color"]]), lit_left)
        o["bbox"] = (x0, y0, x1, y1)
        o["cy"] = (y0 + y1) / 2
    case = DrawnCase(f"blocks-{k}", "blocks", img, placed)
    case.questions = _questions(rng, placed, h)
    return case


def _questions(rng: random.Random, objs: list[dict[str, Any]], h: int) -> list[Question]:
    qs = [
        Question(
            rng.choice(
                ["How many objects are on the floor?", "How many solids are there?", "Count the objects."]
            ),
            "count",
            len(objs),
        )
    ]
    kind = rng.choice(list(_NOUN))
    word = rng.choice(_NOUN[kind])
    qs.append(
        Question(
            f"How many {word}{'es' if word == 'box' else 's'} are there?",
            "count",
            sum(o["shape"] == kind for o in objs),
        )
    )
    ucol = [o for o in objs if sum(x["color"] == o["color"] for x in objs) == 1]
    for o in rng.sample(ucol, min(2, len(ucol))):
        qs.append(
            Question(
                rng.choice(
                    [
                        f"What kind of solid is the {o['color']} object?",
                        f"What shape is the {o['color']} thing?",
                    ]
                ),
                "word",
                _NOUN[o["shape"]],
            )
        )
    ushape = [o for o in objs if sum(x["shape"] == o["shape"] for x in objs) == 1]
    if ushape:
        o = rng.choice(ushape)
        qs.append(Question(f"What colour is the {rng.choice(_NOUN[o['shape']])}?", "word", o["color"]))
    near = sorted(objs, key=lambda o: -o["base"])
    if near[0]["base"] - near[1]["base"] > 0.08 * h:
        o = near[0]
        qs.append(
            Question(
                rng.choice(
                    ["Which object is nearest to the viewer?", "Which solid is closest to the camera?"]
                ),
                "object",
                [o["color"], o["shape"]],
            )
        )
    if near[-2]["base"] - near[-1]["base"] > 0.08 * h:
        o = near[-1]
        qs.append(Question("Which object is farthest away?", "object", [o["color"], o["shape"]]))
    both = [o for o in ucol if o in ushape]
    if len(both) >= 2:
        a, b = rng.sample(both, 2)
        if abs(a["cx"] - b["cx"]) > 0.6 * (a["s"] + b["s"]):
            qs.append(
                Question(
                    f"Is the {a['color']} {rng.choice(_NOUN[a['shape']])} left or right of the {b['color']} {rng.choice(_NOUN[b['shape']])}?",
                    "word",
                    "left" if a["cx"] < b["cx"] else "right",
                )
            )
    absent = [x for x in _NOUN if all(o["shape"] != x for o in objs)]
    if absent:
        qs.append(Question(f"Are there any {_NOUN[absent[0]][1]}s?".replace("boxs", "boxes"), "bool", False))
    return qs


__all__ = ["blocks_case", "degrade"]
