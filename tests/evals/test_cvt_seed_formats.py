"""CVT text and scene-graph inputs in seed 003's forms (App. 11), checked against the 3-D truth."""

from __future__ import annotations

import ast
import json
import re

import numpy as np
from spatioxolver.evals.benchmarks.cvt import describe_scene

from spatioxolver.scenes import generate


def test_text_and_scene_graph_forms_follow_seed_003(tmp_path):
    manifest = generate("cvt", tmp_path, scenes=3, seed=5, workers=1, progress=False, width=200, height=150)
    lines = [json.loads(x) for x in manifest.read_text().splitlines()]
    checked = 0
    for path in sorted({line["scenes"][0] for line in lines}):
        scene = json.loads((tmp_path / path).read_text())
        text = describe_scene(scene, with_graph=False)
        assert "3D" not in text and "Tag" not in text
        dictionary = ast.literal_eval(text.split("Scene Object Dictionary: ", 1)[1])
        objects = {o["label"]: o for o in scene["objects"] if o.get("label") is not None}
        assert set(dictionary) == set(objects)  # hidden (untagged) objects are left out
        for tag, (desc, box) in dictionary.items():
            x0, y0, x1, y1 = objects[tag]["bbox"]
            assert box == [round(x0), round(y0), round(x1 - x0), round(y1 - y0)]  # [x, y, w, h]
            assert objects[tag]["shape"] in desc and objects[tag]["color"] in desc
        graph = describe_scene(scene, with_graph=True)
        dirs = {k: np.asarray(v) for k, v in scene["directions"].items()}
        for row in re.findall(r"^Tag (\S+) \| (.*)$", graph, flags=re.M):
            tag, rest = row
            listed = {
                d: [t.strip() for t in m.split(",") if t.strip()]
                for d, m in re.findall(r"(\w+):\[([^\]]*)\]", rest)
            }
            for name in ("left", "right", "front", "behind"):
                truth = {
                    other
                    for other, o in objects.items()
                    if other != tag
                    and float(np.subtract(o["3d_coords"], objects[tag]["3d_coords"]) @ dirs[name]) > 0.2
                }
                assert set(listed.get(name, [])) == truth  # "Tag X | left:[A]": A is left of X
                checked += 1
    assert checked > 0
