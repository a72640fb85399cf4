"""Tiny copies of the published benchmark releases, in their exact on-disk layouts.

Written by this module's own code (never by the adapters that read them), so tests can
check that each adapter takes a release exactly as it is published:

* :func:`write_spatial_incon` - the ``UCDvision/spatial-incon`` repository: ``public_eval_annotations.json``
  at the root (``{version, description, records[...], groupings{...}}``) and the images at
  ``data/benchmark/<pair_id>/A.jpg`` and ``B.jpg``;
* :func:`write_clevr` - ``CLEVR_v1.0/{images/val, scenes, questions}`` with the official
  ``{info, scenes[...]}`` and ``{info, questions[...]}`` files;
* :func:`write_spatialab_parquet` - a SpatiaLab parquet export: an ``image`` struct
  ``{bytes, path}``, the options as a list (``layout="list"``) or spread over columns
  (``"letters"``: A-D, ``"numbered"``: option1-option4), an integer ``answer`` 1-4 and a
  free-text ``open_answer`` (needs ``pyarrow``);
* :func:`write_cvt_file` - a CVT-style JSON Lines question file whose records carry the
  scene object dictionary (tag -> description).

Example:
    >>> import tempfile
    >>> root = write_spatial_incon(tempfile.mkdtemp())
    >>> (root / "public_eval_annotations.json").is_file()
    True
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

__all__ = ["write_spatial_incon", "write_clevr", "write_spatialab_parquet", "write_cvt_file", "image_bytes"]

_SCENES = [
    ("ai_001_001", "Bathroom", "mirror"),
    ("ai_001_002", "Entertainment", "misc."),
    ("ai_001_008", "Lounge", "table"),
]


def image_bytes(seed: int, fmt: str = "JPEG", size: tuple[int, int] = (24, 16)) -> bytes:
    """A small noisy image encoded as ``fmt`` (JPEG or PNG)."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, format=fmt)
    return buffer.getvalue()


def write_spatial_incon(root: str | Path, n: int = 6) -> Path:
    """The spatial-incon repository layout with ``n`` records; returns the repository folder."""
    root = Path(root)
    rng = random.Random(14)
    records = []
    buckets = ("low", "medium", "high")
    for i in range(n):
        scene_id, scene_class, object_class = _SCENES[i % len(_SCENES)]
        frames = [f"{rng.randrange(100):04d}" for _ in range(3)]
        pair_id = f"{scene_id}__obj{i + 3}__B00_{frames[0]}__A00_{frames[1]}__C00_{frames[2]}__mode-fit_bbox"
        num_labels = 4 + i
        record = {
            "pair_id": pair_id,
            "scene_id": scene_id,
            "mode": "fit_bbox",
            "A": {"cam": "00", "frame": frames[1]},
            "B": {"cam": "00", "frame": frames[0]},
            "C": {"cam": "00", "frame": frames[2]},
            "moved_object_id": i + 3,
            "moved_object_letter": "ABCDEFGHIJ"[i % num_labels],
            "num_labels": num_labels,
            "depth_bucket": buckets[i % 3],
            "lighting_bucket": buckets[(i + 1) % 3],
            "plausibility_bucket": ("pi", "pp")[i % 2],
            "scene_class": scene_class,
            "object_class": object_class,
            "a_path": f"{pair_id}/A.jpg",
            "b_path": f"{pair_id}/B.jpg",
        }
        records.append(record)
        folder = root / "data" / "benchmark" / pair_id
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "A.jpg").write_bytes(image_bytes(2 * i))
        (folder / "B.jpg").write_bytes(image_bytes(2 * i + 1))
    groupings: dict[str, dict[str, list[str]]] = {}
    for name, key in (
        ("depth", "depth_bucket"),
        ("lighting", "lighting_bucket"),
        ("plausibility", "plausibility_bucket"),
        ("num_labels", "num_labels"),
        ("object_class", "object_class"),
        ("scene_class", "scene_class"),
    ):
        for record in records:
            groupings.setdefault(name, {}).setdefault(str(record[key]), []).append(record["pair_id"])
    data = {
        "version": 2,
        "description": "Combined public evaluation annotations (a tiny copy made for tests).",
        "records": records,
        "groupings": groupings,
    }
    root.mkdir(parents=True, exist_ok=True)
    (root / "public_eval_annotations.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    (root / "README.md").write_text("spatial-incon (test copy)\n", encoding="utf-8")
    return root


_CLEVR_OBJECTS = [
    {"color": "red", "size": "large", "shape": "cube", "material": "rubber", "3d_coords": [-2.0, 1.0, 0.7]},
    {
        "color": "blue",
        "size": "small",
        "shape": "sphere",
        "material": "metal",
        "3d_coords": [1.5, -1.0, 0.35],
    },
    {
        "color": "green",
        "size": "large",
        "shape": "cylinder",
        "material": "metal",
        "3d_coords": [0.5, 2.5, 0.7],
    },
]


def _clevr_relationships(objects: list[dict[str, Any]]) -> dict[str, list[list[int]]]:
    """CLEVR semantics: ``relationships[rel][j]`` lists the objects that are ``rel`` of object j
    (camera looking along +y: left = smaller x, behind = larger y)."""
    rel: dict[str, list[list[int]]] = {"left": [], "right": [], "front": [], "behind": []}
    for j, ref in enumerate(objects):
        xr, yr = ref["3d_coords"][0], ref["3d_coords"][1]
        others = [(i, o["3d_coords"][0], o["3d_coords"][1]) for i, o in enumerate(objects) if i != j]
        rel["left"].append([i for i, x, _ in others if x < xr])
        rel["right"].append([i for i, x, _ in others if x > xr])
        rel["front"].append([i for i, _, y in others if y < yr])
        rel["behind"].append([i for i, _, y in others if y > yr])
    return rel


def write_clevr(root: str | Path, n_images: int = 2) -> Path:
    """``root/CLEVR_v1.0`` with ``n_images`` val images, the val scenes and official-style
    val questions (yes/no, count and attribute answers); returns the ``CLEVR_v1.0`` folder."""
    base = Path(root) / "CLEVR_v1.0"
    for sub in ("images/val", "scenes", "questions"):
        (base / sub).mkdir(parents=True, exist_ok=True)
    info = {
        "split": "val",
        "license": "Creative Commons Attribution (CC BY 4.0)",
        "version": "1.0",
        "date": "2/14/2017",
    }
    scenes, questions = [], []
    for index in range(n_images):
        filename = f"CLEVR_val_{index:06d}.png"
        (base / "images" / "val" / filename).write_bytes(image_bytes(100 + index, "PNG", (48, 32)))
        objects = [
            dict(o, rotation=30.0 * k, pixel_coords=[10 + 12 * k, 16, 9.0])
            for k, o in enumerate(_CLEVR_OBJECTS[: 2 + index % 2])
        ]
        scenes.append(
            {
                "split": "val",
                "image_index": index,
                "image_filename": filename,
                "objects": objects,
                "relationships": _clevr_relationships(objects),
                "directions": {
                    "left": [-0.65, 0.75, 0.0],
                    "right": [0.65, -0.75, 0.0],
                    "front": [0.75, 0.65, 0.0],
                    "behind": [-0.75, -0.65, 0.0],
                    "above": [0, 0, 1],
                    "below": [0, 0, -1],
                },
            }
        )
        for family, question, answer in (
            (0, "Is there a large red cube?", "yes"),
            (1, "How many metal objects are there?", str(sum(o["material"] == "metal" for o in objects))),
            (2, "What shape is the small blue metal thing?", "sphere"),
            (3, "What material is the large cube?", "rubber"),
        ):
            questions.append(
                {
                    "image_index": index,
                    "split": "val",
                    "image_filename": filename,
                    "question_index": len(questions),
                    "question": question,
                    "answer": answer,
                    "question_family_index": family,
                    "program": [{"type": "scene", "inputs": [], "value_inputs": []}],
                }
            )
    (base / "scenes" / "CLEVR_val_scenes.json").write_text(json.dumps({"info": info, "scenes": scenes}))
    (base / "questions" / "CLEVR_val_questions.json").write_text(
        json.dumps({"info": info, "questions": questions})
    )
    return base


_SPATIALAB_ITEMS = [
    (
        "Which object is closer to the camera?",
        ["the mug", "the lamp", "the chair", "the book"],
        3,
        "The chair",
        "Depth & Occlusion",
        "Relative Depth",
    ),
    (
        "Would the box fit inside the drawer?",
        ["yes", "no", "only when tilted", "cannot tell"],
        1,
        "Yes, it would fit perfectly.",
        "Size & Scale",
        "Relative Size Comparison",
    ),
    (
        "What is on top of the table?",
        ["a cat", "a vase", "a laptop", "nothing"],
        2,
        "A vase",
        "Spatial Orientation",
        "Object Placement",
    ),
]


def write_spatialab_parquet(path: str | Path, layout: str = "list") -> Path:
    """A SpatiaLab parquet file (``layout``: ``list``, ``letters`` or ``numbered``; see the module docstring).

    Raises:
        ImportError: ``pyarrow`` is not installed.
        ValueError: unknown ``layout``.
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    if layout not in ("list", "letters", "numbered"):
        raise ValueError(f"unknown layout {layout!r}")
    rows = []
    for k, (question, options, answer, open_answer, category, subcategory) in enumerate(_SPATIALAB_ITEMS):
        row: dict[str, Any] = {
            "id": f"SL-{k + 1:04d}",
            "image": {"bytes": image_bytes(200 + k), "path": f"images/{k + 1:04d}.jpg"},
            "question": question,
        }
        if layout == "list":
            row["options"] = options
        else:
            names = ["A", "B", "C", "D"] if layout == "letters" else [f"option{i}" for i in range(1, 5)]
            row.update(dict(zip(names, options, strict=True)))
        row.update(
            {"answer": answer, "open_answer": open_answer, "category": category, "subcategory": subcategory}
        )
        rows.append(row)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), path)
    return path


def write_cvt_file(path: str | Path) -> Path:
    """A CVT-style JSON Lines file (orbit and top-down records with the object dictionary)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    (path.parent / "images").mkdir(exist_ok=True)
    objects = {
        "0": "small red metal cylinder",
        "1": "large blue rubber cube",
        "2": "small green metal sphere",
    }
    records = []
    for k, (subject, reference, theta, direction, answer) in enumerate(
        [
            ("0", "1", 0, "left", ["left", "front"]),
            ("2", "1", 90, "right", ["behind"]),
            ("0", "2", None, None, ["north"]),
        ]
    ):
        image = f"images/scene_{k:03d}.png"
        (path.parent / image).write_bytes(image_bytes(300 + k, "PNG"))
        record: dict[str, Any] = {
            "id": f"cvt-{k}",
            "image": image,
            "subject": subject,
            "reference": reference,
            "answer": answer,
            "objects": objects,
            "scene": f"scene_{k:03d}",
        }
        if theta is None:
            record["view"] = "top_down"
        else:
            record.update({"theta": theta, "direction": direction})
        records.append(record)
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path
