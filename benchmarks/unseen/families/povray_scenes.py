"""Solids on plain, checkered or textured grounds under a sky, ray-traced by POV-Ray."""

from __future__ import annotations

import math
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

FAMILY = "povray_scenes"
NEEDS = ["bin:povray"]

COLOURS = {
    "red": (0.80, 0.08, 0.06),
    "blue": (0.08, 0.20, 0.85),
    "green": (0.10, 0.62, 0.15),
    "yellow": (0.95, 0.82, 0.08),
    "orange": (0.98, 0.45, 0.04),
    "purple": (0.45, 0.12, 0.62),
}
KINDS = ("sphere", "cube", "cylinder", "cone")
# what a user calls each solid, singular and plural
WORDS = {
    "sphere": [("sphere", "spheres"), ("ball", "balls")],
    "cube": [("cube", "cubes"), ("box", "boxes")],
    "cylinder": [("cylinder", "cylinders")],
    "cone": [("cone", "cones")],
}
OBJECT_WORDS = [("object", "objects"), ("thing", "things"), ("solid", "solids"), ("shape", "shapes")]

PLAIN_GROUNDS = [
    "rgb <0.62,0.62,0.60>",
    "rgb <0.78,0.74,0.66>",
    "rgb <0.45,0.47,0.50>",
    "rgb <0.85,0.85,0.85>",
]
CHECKERS = [
    "checker rgb <0.9,0.9,0.9>, rgb <0.35,0.35,0.38>",
    "checker rgb <0.95,0.93,0.85>, rgb <0.55,0.50,0.45>",
    "checker rgb 1, rgb 0.15",
]
TEXTURES = [
    "granite color_map { [0 rgb <0.55,0.55,0.55>] [0.5 rgb <0.72,0.70,0.68>] [1 rgb <0.40,0.40,0.42>] } scale 2",
    "agate color_map { [0 rgb <0.70,0.66,0.60>] [0.6 rgb <0.58,0.54,0.50>] [1 rgb <0.80,0.78,0.74>] } scale 1.5",
    "bozo color_map { [0 rgb <0.60,0.62,0.58>] [1 rgb <0.75,0.76,0.72>] } scale 0.6",
    "wood color_map { [0 rgb <0.72,0.55,0.38>] [0.7 rgb <0.62,0.45,0.30>] [1 rgb <0.78,0.62,0.45>] }"
    " turbulence 0.05 scale 0.6 rotate <0,90,0>",
]
SKIES = [
    ("gradient", "rgb <0.85,0.90,1.0>", "rgb <0.35,0.55,0.90>"),
    ("gradient", "rgb <0.95,0.95,0.95>", "rgb <0.55,0.65,0.80>"),
    ("plain", "rgb <0.70,0.80,0.95>", ""),
    ("plain", "rgb <0.92,0.92,0.92>", ""),
]
SIZES = [(640, 480), (800, 600), (480, 360), (720, 480)]


def _sub(a: list[float], b: list[float]) -> list[float]:
    return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]


def _dot(a: list[float], b: list[float]) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: list[float], b: list[float]) -> list[float]:
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _unit(a: list[float]) -> list[float]:
    n = math.sqrt(_dot(a, a))
    return [a[0] / n, a[1] / n, a[2] / n]


class Camera:
    """POV-Ray's perspective camera: ``look_at`` with sky +y, horizontal ``angle``, square pixels."""

    def __init__(self, location: list[float], look_at: list[float], angle: float, w: int, h: int) -> None:
        self.location, self.look_at, self.angle, self.w, self.h = location, look_at, angle, w, h
        self.forward = _unit(_sub(look_at, location))
        self.right = _unit(_cross([0.0, 1.0, 0.0], self.forward))
        self.up = _cross(self.forward, self.right)
        self.focal = (w / 2) / math.tan(math.radians(angle) / 2)

    def project(self, p: list[float]) -> tuple[float, float, float]:
        v = _sub(p, self.location)
        depth = _dot(v, self.forward)
        x = self.w / 2 + self.focal * _dot(v, self.right) / depth
        y = self.h / 2 - self.focal * _dot(v, self.up) / depth
        return x, y, depth


def _surface_points(o: dict[str, Any]) -> list[list[float]]:
    """Points on the solid's outline in 3-D, dense enough for its projected box."""
    x, z, s, kind = o["x"], o["z"], o["size"], o["kind"]
    pts = []
    if kind == "sphere":
        for i in range(12):
            lat = -math.pi / 2 + math.pi * i / 11
            for j in range(24):
                lon = 2 * math.pi * j / 24
                pts.append(
                    [
                        x + s * math.cos(lat) * math.cos(lon),
                        s + s * math.sin(lat),
                        z + s * math.cos(lat) * math.sin(lon),
                    ]
                )
        return pts
    if kind == "cube":
        c, sn = math.cos(math.radians(o["turn"])), math.sin(math.radians(o["turn"]))
        for dx in (-s, s):
            for dz in (-s, s):
                for y in (0.0, 2 * s):
                    pts.append([x + dx * c - dz * sn, y, z + dx * sn + dz * c])
        return pts
    top = 2 * o["height"]
    for j in range(32):
        a = 2 * math.pi * j / 32
        pts.append([x + s * math.cos(a), 0.0, z + s * math.sin(a)])
        if kind == "cylinder":
            pts.append([x + s * math.cos(a), top, z + s * math.sin(a)])
    if kind == "cone":
        pts.append([x, top, z])
    return pts


def _image_box(o: dict[str, Any], cam: Camera) -> tuple[float, float, float, float, float]:
    pts = [cam.project(p) for p in _surface_points(o)]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys), min(p[2] for p in pts)


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    area = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / area


def _scene(rng: random.Random) -> dict[str, Any] | None:
    w, h = rng.choice(SIZES)
    height = rng.uniform(1.2, 7.0)
    distance = rng.uniform(8.0, 12.0)
    turn = math.radians(rng.uniform(-35, 35))
    cam = Camera(
        [distance * math.sin(turn), height, -distance * math.cos(turn)],
        [0.0, rng.uniform(0.3, 1.0), 0.0],
        rng.uniform(40, 55),
        w,
        h,
    )
    n = rng.randint(2, 6)
    colours = rng.sample(list(COLOURS), n)
    objects: list[dict[str, Any]] = []
    for colour in colours:
        for _ in range(60):
            kind = rng.choice(KINDS)
            size = rng.uniform(0.45, 1.05)
            o = {
                "kind": kind,
                "colour": colour,
                "size": size,
                "x": rng.uniform(-3.5, 3.5),
                "z": rng.uniform(-3.0, 3.0),
                "turn": rng.uniform(0, 90),
                "height": size * rng.uniform(0.9, 1.5),
                "glossy": rng.random() < 0.5,
            }
            box = _image_box(o, cam)
            margin = 0.04 * w
            if box[0] < margin or box[2] > w - margin or box[1] < margin or box[3] > h - margin:
                continue
            if any(
                math.hypot(o["x"] - p["x"], o["z"] - p["z"]) < o["size"] * 1.5 + p["size"] * 1.5
                for p in objects
            ):
                continue
            if any(_overlap(box, p["box"]) > 0.12 for p in objects):
                continue
            o["box"] = box
            objects.append(o)
            break
    if len(objects) < 2:
        return None
    return {"camera": cam, "objects": objects}


def _finish(o: dict[str, Any], rng: random.Random) -> str:
    if o["glossy"]:
        return (
            f"finish {{ ambient 0.12 diffuse 0.7 phong {rng.uniform(0.5, 1.0):.2f} "
            f"phong_size {rng.choice([40, 80, 120])} reflection {rng.uniform(0.05, 0.2):.2f} }}"
        )
    return f"finish {{ ambient {rng.uniform(0.1, 0.2):.2f} diffuse {rng.uniform(0.65, 0.85):.2f} }}"


def _solid_sdl(o: dict[str, Any], rng: random.Random) -> str:
    # the colours are display (sRGB) values; POV-Ray 3.7 with assumed_gamma 1 takes linear ones
    r, g, b = (c**2.2 for c in COLOURS[o["colour"]])
    tex = f"texture {{ pigment {{ rgb <{r:.4f},{g:.4f},{b:.4f}> }} {_finish(o, rng)} }}"
    x, z, s = o["x"], o["z"], o["size"]
    if o["kind"] == "sphere":
        return f"sphere {{ <{x:.3f},{s:.3f},{z:.3f}>, {s:.3f} {tex} }}"
    if o["kind"] == "cube":
        return f"box {{ <{-s:.3f},0,{-s:.3f}>, <{s:.3f},{2 * s:.3f},{s:.3f}> {tex} rotate <0,{-o['turn']:.2f},0> translate <{x:.3f},0,{z:.3f}> }}"
    top = 2 * o["height"]
    if o["kind"] == "cylinder":
        return f"cylinder {{ <{x:.3f},0,{z:.3f}>, <{x:.3f},{top:.3f},{z:.3f}>, {s:.3f} {tex} }}"
    return f"cone {{ <{x:.3f},0,{z:.3f}>, {s:.3f}, <{x:.3f},{top:.3f},{z:.3f}>, 0 {tex} }}"


def _sdl(scene: dict[str, Any], rng: random.Random) -> str:
    cam: Camera = scene["camera"]
    loc, at = cam.location, cam.look_at
    lines = [
        "#version 3.7;",
        "global_settings { assumed_gamma 1.0 }",
        f"camera {{ perspective location <{loc[0]:.3f},{loc[1]:.3f},{loc[2]:.3f}> "
        f"right x*{cam.w}/{cam.h} up y angle {cam.angle:.2f} look_at <{at[0]:.3f},{at[1]:.3f},{at[2]:.3f}> }}",
    ]
    sky_kind, low, high = scene["sky"]
    if sky_kind == "gradient":
        lines.append(f"sky_sphere {{ pigment {{ gradient y color_map {{ [0 {low}] [0.6 {high}] }} }} }}")
    else:
        lines.append(f"background {{ {low} }}")
    ground_kind, pigment = scene["ground"]
    finish = "finish { ambient 0.15 diffuse 0.75 }"
    if ground_kind == "plain":
        lines.append(f"plane {{ y, 0 pigment {{ {pigment} }} {finish} }}")
    else:
        lines.append(f"plane {{ y, 0 pigment {{ {pigment} }} {finish} }}")
    for light in scene["lights"]:
        lx, ly, lz, power, area = light
        area_sdl = " area_light <1.5,0,0>, <0,0,1.5>, 5, 5 adaptive 1" if area else ""
        lines.append(f"light_source {{ <{lx:.2f},{ly:.2f},{lz:.2f}> rgb {power:.2f}{area_sdl} }}")
    for o in scene["objects"]:
        lines.append(_solid_sdl(o, rng))
    return "\n".join(lines) + "\n"


def _render(sdl: str, path: Path, w: int, h: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        pov = Path(tmp) / "scene.pov"
        pov.write_text(sdl)
        subprocess.run(
            ["povray", f"+I{pov}", f"+O{path}", f"+W{w}", f"+H{h}", "-D", "+A0.1", "-J", "+FN", "-GA"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=tmp,
        )


def _word(kind: str, rng: random.Random, plural: bool = False) -> str:
    pair = rng.choice(WORDS[kind])
    return pair[1] if plural else pair[0]


def _name(o: dict[str, Any], rng: random.Random) -> str:
    return f"{o['colour']} {_word(o['kind'], rng)}"


def _truth_words(o: dict[str, Any], objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Truth for 'which object': the answer names this one's colour or kind, no other's."""
    others = [p for p in objects if p is not o]
    one_of = [o["colour"]]
    nots = sorted({p["colour"] for p in others})
    if all(p["kind"] != o["kind"] for p in others):
        one_of += [w for w, _ in WORDS[o["kind"]]]
    return {"one_of": one_of, "not": nots}


def _cx(o: dict[str, Any]) -> float:
    return (o["box"][0] + o["box"][2]) / 2


def _area(o: dict[str, Any]) -> float:
    b = o["box"]
    return (b[2] - b[0]) * (b[3] - b[1])


def _questions(scene: dict[str, Any], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    objects = scene["objects"]
    w = scene["camera"].w
    qs: list[tuple[str, dict[str, Any]]] = []
    noun = rng.choice(OBJECT_WORDS)[1]
    qs.append(
        (
            rng.choice(
                [f"How many {noun} are there?", f"How many {noun} are in the scene?", f"Count the {noun}."]
            ),
            {"count": len(objects)},
        )
    )
    for kind in rng.sample(KINDS, 2):
        n = sum(o["kind"] == kind for o in objects)
        word = _word(kind, rng, plural=True)
        qs.append(
            (rng.choice([f"How many {word} are there?", f"How many {word} can you see?"]), {"count": n})
        )
    kind = rng.choice(KINDS)
    present = any(o["kind"] == kind for o in objects)
    word = _word(kind, rng)
    qs.append(
        (
            rng.choice([f"Is there a {word}?", f"Is there a {word} in the image?", f"Do you see a {word}?"]),
            {"yes": present},
        )
    )
    colour = rng.choice(list(COLOURS))
    n = sum(o["colour"] == colour for o in objects)
    qs.append((rng.choice([f"Is there anything {colour}?", f"Is there a {colour} object?"]), {"yes": n > 0}))
    kinds = [k for k in KINDS if sum(o["kind"] == k for o in objects) == 1]
    if kinds:
        k = rng.choice(kinds)
        o = next(p for p in objects if p["kind"] == k)
        qs.append(
            (
                rng.choice([f"What colour is the {_word(k, rng)}?", f"What color is the {_word(k, rng)}?"]),
                {"one_of": [o["colour"]], "not": [c for c in COLOURS if c != o["colour"]]},
            )
        )
    o = rng.choice(objects)
    qs.append(
        (
            rng.choice([f"What shape is the {o['colour']} object?", f"What is the {o['colour']} thing?"]),
            {
                "one_of": [w for w, _ in WORDS[o["kind"]]],
                "not": [w for k in KINDS if k != o["kind"] for w, _ in WORDS[k]],
            },
        )
    )
    margin = 0.06 * w
    pairs = [(a, b) for a in objects for b in objects if a is not b]
    rng.shuffle(pairs)
    for a, b in pairs[:2]:
        # left of: the whole of a lies left of b's centre and the centres are well apart
        if abs(_cx(a) - _cx(b)) < margin or _overlap(a["box"], b["box"]) > 0:
            continue
        rel = rng.choice(["left", "right"])
        truth = _cx(a) < _cx(b) if rel == "left" else _cx(a) > _cx(b)
        qs.append(
            (
                rng.choice(
                    [
                        f"Is the {_name(a, rng)} to the {rel} of the {_name(b, rng)}?",
                        f"Is the {_name(a, rng)} {rel} of the {_name(b, rng)}?",
                    ]
                ),
                {"yes": truth},
            )
        )
    xs = sorted(objects, key=_cx)
    if len(xs) >= 2 and _cx(xs[1]) - _cx(xs[0]) > margin:
        qs.append(
            (
                rng.choice(["Which object is leftmost?", "Which object is furthest to the left?"]),
                _truth_words(xs[0], objects),
            )
        )
    if len(xs) >= 2 and _cx(xs[-1]) - _cx(xs[-2]) > margin:
        qs.append(
            (
                rng.choice(["Which object is rightmost?", "What is the rightmost object?"]),
                _truth_words(xs[-1], objects),
            )
        )
    # largest: only when it is both the largest solid and clearly the largest in the picture
    by_area = sorted(objects, key=_area)
    top = by_area[-1]
    if _area(top) > 1.8 * _area(by_area[-2]) and all(top["size"] >= p["size"] for p in objects):
        qs.append(
            (
                rng.choice(["Which object is the largest?", "What is the biggest object?"]),
                _truth_words(top, objects),
            )
        )
    # in front: clearly apart in depth and the nearer one lower in the picture
    for a, b in pairs[2:4]:
        da, db = a["box"][4], b["box"][4]
        if (
            abs(da - db) > 2.5
            and (a["box"][3] > b["box"][3]) == (da < db)
            and abs(a["box"][3] - b["box"][3]) > 20
        ):
            qs.append(
                (f"Is the {_name(a, rng)} closer to the camera than the {_name(b, rng)}?", {"yes": da < db})
            )
            break
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"povray_scenes/{seed}")
    items: list[dict[str, Any]] = []
    k = 0
    while k < 12:
        scene = _scene(rng)
        if scene is None:
            continue
        ground = rng.choice(["plain", "checker", "texture"])
        pigment = rng.choice({"plain": PLAIN_GROUNDS, "checker": CHECKERS, "texture": TEXTURES}[ground])
        if ground == "checker":
            pigment += f" scale {rng.choice([0.8, 1.0, 1.5])}"
        scene["ground"] = (ground, pigment)
        scene["sky"] = rng.choice(SKIES)
        lights = [
            (
                rng.uniform(-8, 8),
                rng.uniform(8, 15),
                rng.uniform(-10, -2),
                rng.uniform(0.9, 1.2),
                rng.random() < 0.5,
            )
        ]
        if rng.random() < 0.35:
            lights.append((rng.uniform(-8, 8), rng.uniform(6, 12), rng.uniform(-12, -4), 0.4, False))
        scene["lights"] = lights
        cam: Camera = scene["camera"]
        name = f"pov_{k:02d}.png"
        _render(_sdl(scene, rng), (outdir / name).resolve(), cam.w, cam.h)
        for question, truth in _questions(scene, rng):
            items.append({"image": name, "question": question, "truth": truth})
        k += 1
    return items
