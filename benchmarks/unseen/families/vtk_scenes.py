"""Solids on a ground plane rendered offscreen by VTK (EGL here; vtkOSOpenGLRenderWindow elsewhere), asked in plain words.

Offscreen notes: on this machine ``vtk`` 9.x from PyPI picks ``vtkEGLRenderWindow`` by itself after
a harmless "bad X server connection" warning, so nothing needs setting. Where EGL is missing, set
``VTK_DEFAULT_OPENGL_WINDOW=vtkOSOpenGLRenderWindow`` (the OSMesa wheel, ``vtk-osmesa``).
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

FAMILY = "vtk_scenes"
NEEDS = ["vtk"]

COLOURS = {
    "red": (0.85, 0.12, 0.12),
    "green": (0.15, 0.65, 0.2),
    "blue": (0.15, 0.3, 0.9),
    "yellow": (0.95, 0.85, 0.1),
    "orange": (1.0, 0.5, 0.05),
    "purple": (0.55, 0.2, 0.75),
    "white": (1.0, 1.0, 1.0),
    "grey": (0.5, 0.5, 0.5),
}
SAID = {"grey": ["grey", "gray"]}
SHAPES = ("sphere", "cube", "cylinder", "cone")
SHAPE_WORDS = {
    "sphere": ["sphere", "ball"],
    "cube": ["cube", "box", "block"],
    "cylinder": ["cylinder", "can"],
    "cone": ["cone"],
}
GROUNDS = {
    "pale": [(0.92, 0.9, 0.85), (0.85, 0.85, 0.85), (0.95, 0.95, 0.95)],
    "dark": [(0.2, 0.2, 0.22), (0.28, 0.25, 0.22)],
    "coloured": [(0.55, 0.7, 0.5), (0.6, 0.7, 0.85), (0.75, 0.65, 0.5)],
}
SKIES = [(0.75, 0.85, 0.95), (1.0, 1.0, 1.0), (0.1, 0.1, 0.15), (0.6, 0.6, 0.65), (0.95, 0.93, 0.88)]
SIZES = [(640, 480), (480, 360), (800, 600), (512, 512)]


def _scene(rng: random.Random) -> dict[str, Any]:
    n = rng.randint(2, 6)
    colours = rng.sample(list(COLOURS), n)
    shapes = [rng.choice(SHAPES) for _ in range(n)]
    solids: list[dict[str, Any]] = []
    while len(solids) < n:
        size = rng.uniform(0.7, 1.3)
        x, z = rng.uniform(-3.2, 3.2), rng.uniform(-3.2, 3.2)
        if all(math.hypot(x - s["x"], z - s["z"]) > (size + s["size"]) * 0.9 + 0.4 for s in solids):
            k = len(solids)
            solids.append({"shape": shapes[k], "colour": colours[k], "x": x, "z": z, "size": size})
    ground_kind = rng.choice(list(GROUNDS))
    return {
        "solids": solids,
        "ground": rng.choice(GROUNDS[ground_kind]),
        "ground_kind": ground_kind,
        "sky": rng.choice(SKIES),
        "sky2": rng.choice(SKIES) if rng.random() < 0.4 else None,
        "light": rng.choice(["headlight", "scene", "spot", "spot"]),
        "shading": rng.choice(["flat", "gouraud", "phong"]),
        "elevation": rng.uniform(18, 65),
        "azimuth": rng.uniform(0, 360),
        "size": rng.choice(SIZES),
    }


def _source(vtk: Any, s: dict[str, Any]) -> Any:
    d = s["size"]
    if s["shape"] == "sphere":
        src = vtk.vtkSphereSource()
        src.SetRadius(d / 2)
        src.SetThetaResolution(40)
        src.SetPhiResolution(40)
        src.SetCenter(s["x"], d / 2, s["z"])
    elif s["shape"] == "cube":
        src = vtk.vtkCubeSource()
        src.SetXLength(d)
        src.SetYLength(d)
        src.SetZLength(d)
        src.SetCenter(s["x"], d / 2, s["z"])
    elif s["shape"] == "cylinder":
        src = vtk.vtkCylinderSource()
        src.SetRadius(d / 2)
        src.SetHeight(d * 1.1)
        src.SetResolution(48)
        src.SetCenter(s["x"], d * 0.55, s["z"])
    else:
        src = vtk.vtkConeSource()
        src.SetRadius(d / 2)
        src.SetHeight(d * 1.2)
        src.SetResolution(48)
        src.SetDirection(0, 1, 0)
        src.SetCenter(s["x"], d * 0.6, s["z"])
    return src


def _lights(vtk: Any, ren: Any, scene: dict[str, Any], rng: random.Random) -> None:
    if scene["light"] == "headlight":
        return  # VTK makes its own headlight when a renderer has none
    ren.AutomaticLightCreationOff()
    fill = vtk.vtkLight()
    fill.SetLightTypeToHeadlight()
    fill.SetIntensity(0.35 if scene["light"] == "spot" else 0.25)
    ren.AddLight(fill)
    lamp = vtk.vtkLight()
    lamp.SetLightTypeToSceneLight()
    pos = (rng.uniform(-3, 3), rng.uniform(7, 10), rng.uniform(-3, 3))
    lamp.SetPosition(*pos)
    lamp.SetFocalPoint(0, 0, 0)
    lamp.SetIntensity(0.9)
    if scene["light"] == "spot":
        lamp.SetPositional(True)
        reach = max(
            math.degrees(math.atan2(math.hypot(s["x"] - pos[0], s["z"] - pos[2]) + s["size"], pos[1]))
            for s in scene["solids"]
        )
        lamp.SetConeAngle(min(80.0, reach + rng.uniform(6, 14)))
        lamp.SetExponent(rng.uniform(1, 4))
        lamp.SetFocalPoint(pos[0], 0, pos[2])
    ren.AddLight(lamp)


def _render(scene: dict[str, Any], rng: random.Random, path: Path) -> list[tuple[float, float, float]]:
    """Draw the scene; return each solid's (x, y, radius) in image pixels, y downwards."""
    import vtk

    ren = vtk.vtkRenderer()
    win = vtk.vtkRenderWindow()
    win.SetOffScreenRendering(1)
    win.AddRenderer(ren)
    w, h = scene["size"]
    win.SetSize(w, h)
    ren.SetBackground(*scene["sky"])
    if scene["sky2"]:
        ren.GradientBackgroundOn()
        ren.SetBackground2(*scene["sky2"])
    plane = vtk.vtkPlaneSource()
    plane.SetOrigin(-9, 0, -9)
    plane.SetPoint1(9, 0, -9)
    plane.SetPoint2(-9, 0, 9)
    plane.SetResolution(60, 60)
    for src, colour in [(plane, scene["ground"])] + [
        (_source(vtk, s), COLOURS[s["colour"]]) for s in scene["solids"]
    ]:
        mapper = vtk.vtkPolyDataMapper()
        mapper.SetInputConnection(src.GetOutputPort())
        actor = vtk.vtkActor()
        actor.SetMapper(mapper)
        prop = actor.GetProperty()
        prop.SetColor(*colour)
        prop.SetAmbient(0.15)
        prop.SetDiffuse(0.85)
        if scene["shading"] == "flat":
            prop.SetInterpolationToFlat()
        elif scene["shading"] == "phong":
            prop.SetInterpolationToPhong()
            prop.SetSpecular(0.3)
            prop.SetSpecularPower(30)
        else:
            prop.SetInterpolationToGouraud()
        ren.AddActor(actor)
    _lights(vtk, ren, scene, rng)
    cam = ren.GetActiveCamera()
    cam.SetFocalPoint(0, 0.4, 0)
    cam.SetPosition(0, 0.4, 14)
    cam.SetViewUp(0, 1, 0)
    cam.Elevation(scene["elevation"])
    cam.Azimuth(scene["azimuth"])
    cam.OrthogonalizeViewUp()
    cam.SetViewAngle(rng.uniform(32, 40))
    ren.ResetCameraClippingRange()
    win.Render()
    right = [cam.GetViewTransformMatrix().GetElement(0, k) for k in range(3)]
    marks = []
    for s in scene["solids"]:
        centre = (s["x"], s["size"] * 0.55, s["z"])
        edge = tuple(c + s["size"] / 2 * r for c, r in zip(centre, right, strict=True))
        pts = []
        for p in (centre, edge):
            ren.SetWorldPoint(*p, 1.0)
            ren.WorldToDisplay()
            dx, dy, _ = ren.GetDisplayPoint()
            pts.append((dx, h - dy))
        marks.append((pts[0][0], pts[0][1], math.hypot(pts[1][0] - pts[0][0], pts[1][1] - pts[0][1])))
    grab = vtk.vtkWindowToImageFilter()
    grab.SetInput(win)
    grab.ReadFrontBufferOff()
    grab.Update()
    writer = vtk.vtkPNGWriter()
    writer.SetFileName(str(path))
    writer.SetInputConnection(grab.GetOutputPort())
    writer.Write()
    win.Finalize()
    return marks


def _fair(marks: list[tuple[float, float, float]], size: tuple[int, int]) -> bool:
    """Every solid inside the frame and none hiding much of another (projected discs apart)."""
    w, h = size
    for k, (x, y, r) in enumerate(marks):
        if not (r * 1.2 < x < w - r * 1.2 and r * 1.5 < y < h - r * 1.2):
            return False
        for x2, y2, r2 in marks[k + 1 :]:
            if math.hypot(x - x2, y - y2) < (r + r2) * 1.05:
                return False
    return True


def _name(s: dict[str, Any]) -> str:
    return f"{s['colour']} {s['shape']}"


def _words(s: dict[str, Any], solids: list[dict[str, Any]]) -> dict[str, Any]:
    others = [p for p in solids if p is not s]
    one_of = [_name(s), *SAID.get(s["colour"], [s["colour"]])]
    if all(p["shape"] != s["shape"] for p in others):
        one_of += SHAPE_WORDS[s["shape"]]
    nots = {c for p in others for c in SAID.get(p["colour"], [p["colour"]])}
    nots |= {w for p in others if p["shape"] != s["shape"] for w in SHAPE_WORDS[p["shape"]]}
    return {"one_of": one_of, "not": sorted(nots)}


def _questions(scene: dict[str, Any], marks: list[tuple[float, float, float]], rng: random.Random):
    solids = scene["solids"]
    for s, (x, y, r) in zip(solids, marks, strict=True):
        s["px"], s["py"], s["pr"] = x, y, r
    margin = 0.08 * scene["size"][0]
    qs: list[tuple[str, dict[str, Any]]] = []
    qs.append(
        (
            rng.choice(
                ["How many objects are there?", "How many solids are in the scene?", "count the objects"]
            ),
            {"count": len(solids)},
        )
    )
    for shape in rng.sample(SHAPES, 2):
        n = sum(s["shape"] == shape for s in solids)
        word = rng.choice(SHAPE_WORDS[shape][:1] * 2 + SHAPE_WORDS[shape][1:2])
        plural = word + ("es" if word.endswith("x") else "s")
        qs.append(
            (rng.choice([f"How many {plural} are there?", f"How many {plural} can you see?"]), {"count": n})
        )
    colour = rng.choice(["white", "grey", *rng.sample(list(COLOURS), 2)])
    shape = rng.choice(SHAPES)
    said = rng.choice(SAID.get(colour, [colour]))
    qs.append(
        (
            f"Is there a {said} {shape}?",
            {"yes": any(s["colour"] == colour and s["shape"] == shape for s in solids)},
        )
    )
    qs.append(
        (
            rng.choice([f"Is there anything {said}?", f"Is any object {said}?"]),
            {"yes": any(s["colour"] == colour for s in solids)},
        )
    )
    for s in rng.sample(solids, min(2, len(solids))):
        if sum(p["shape"] == s["shape"] for p in solids) == 1:
            q = rng.choice([f"What colour is the {s['shape']}?", f"What color is the {s['shape']}?"])
            nots = [c for c in COLOURS if c != s["colour"]]
            qs.append(
                (
                    q,
                    {
                        "one_of": SAID.get(s["colour"], [s["colour"]]),
                        "not": nots + ["gray"] * ("grey" in nots),
                    },
                )
            )
        else:
            said = rng.choice(SAID.get(s["colour"], [s["colour"]]))
            qs.append(
                (
                    f"What shape is the {said} object?",
                    {
                        "one_of": SHAPE_WORDS[s["shape"]],
                        "not": [w for k in SHAPES if k != s["shape"] for w in SHAPE_WORDS[k]],
                    },
                )
            )
    for _ in range(2):
        a, b = rng.sample(solids, 2)
        if abs(a["px"] - b["px"]) > margin:
            word = rng.choice(["left of", "to the left of", "right of", "to the right of"])
            truth = a["px"] < b["px"] if "left" in word else a["px"] > b["px"]
            qs.append((f"Is the {_name(a)} {word} the {_name(b)}?", {"yes": truth}))
        if abs(a["py"] - b["py"]) > margin and abs(a["px"] - b["px"]) < (a["pr"] + b["pr"]) * 1.5:
            word = rng.choice(["above", "below"])
            truth = a["py"] < b["py"] if word == "above" else a["py"] > b["py"]
            qs.append((f"Is the {_name(a)} {word} the {_name(b)} in the image?", {"yes": truth}))
    xs = sorted(solids, key=lambda p: p["px"])
    if xs[1]["px"] - xs[0]["px"] > margin:
        qs.append(
            (
                rng.choice(["Which object is leftmost?", "Which solid is furthest to the left?"]),
                _words(xs[0], solids),
            )
        )
    if xs[-1]["px"] - xs[-2]["px"] > margin:
        qs.append(
            (
                rng.choice(["Which object is rightmost?", "What is the rightmost object?"]),
                _words(xs[-1], solids),
            )
        )
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"vtk_scenes/{seed}")
    items = []
    k = 0
    while k < 12:
        scene = _scene(rng)
        name = f"vtk_{k:02d}.png"
        marks = _render(scene, rng, outdir / name)
        if not _fair(marks, scene["size"]):
            continue
        for question, truth in _questions(scene, marks, rng):
            items.append({"image": name, "question": question, "truth": truth})
        k += 1
    return items
