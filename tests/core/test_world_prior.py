"""World priors (issue 13): explicit, carried by generated data, never assumed for a user's image."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw
from pydantic import ValidationError

from spatioxolver.errors import ConfigError
from spatioxolver.world import WorldPrior, coerce_world_prior

#: A world nothing like CLEVR's: a 1 mm lens, giant and tiny objects, no ground, a bogus size rule.
ABSURD = {
    "name": "absurd",
    "lens_mm": 1.0,
    "sensor_width_mm": 500.0,
    "elevation_deg": [80.0, 89.0],
    "distance_m": [900.0, 1000.0],
    "object_sizes": {"small": 300.0, "large": 0.001},
    "floating_scale": 40.0,
    "volume_side_m": 0.01,
    "ground_plane": "never",
    "apparent_radius": {"sphere": 90.0, "cube": 0.01},
    "size_rule": [-50.0, 50.0, -50.0, 50.0, -900.0],
}


def test_clevr_prior_round_trips_and_matches_the_renderer() -> None:
    from spatioxolver.scenes._camera import SENSOR_WIDTH_MM
    from spatioxolver.scenes._layout import VOLUME_SCALE
    from spatioxolver.vocabulary import SIZES

    p = WorldPrior.clevr()
    assert WorldPrior.from_json(p.to_json()) == p
    assert coerce_world_prior(json.loads(p.to_json())) == p
    assert coerce_world_prior("CLEVR") == p
    # the prior states the renderer's world, not a copy that drifts from it
    assert p.object_sizes == SIZES and p.floating_scale == VOLUME_SCALE
    assert p.sensor_width_mm == SENSOR_WIDTH_MM and p.lens_mm == 35.0
    assert (p.nominal_elevation_deg, p.nominal_distance_m) == (40.0, 11.25)
    with pytest.raises(ValidationError):  # frozen
        p.lens_mm = 50.0  # type: ignore[misc]


def test_prior_from_a_json_file(tmp_path: Path) -> None:
    f = tmp_path / "world.json"
    f.write_text(json.dumps(ABSURD), encoding="utf-8")
    p = coerce_world_prior(str(f))
    assert p is not None and p.name == "absurd" and p.focal_px(1000) == 2.0


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("mars", "neither a known name"),
        ({**ABSURD, "lens_mm": -3}, "lens_mm"),
        ({**ABSURD, "elevation_deg": [50, 10]}, "elevation_deg"),
        ({**ABSURD, "focal": 3}, "focal"),
        (42, "must be 'clevr'"),
    ],
)
def test_bad_prior_is_one_clear_line(value: object, words: str) -> None:
    with pytest.raises(ConfigError) as err:
        coerce_world_prior(value)
    msg = str(err.value)
    assert words in msg and "\n" not in msg


def test_bad_prior_file_and_api_option(tmp_path: Path) -> None:
    from spatioxolver import ask

    bad = tmp_path / "bad.json"
    bad.write_text("{lens: 35", encoding="utf-8")
    with pytest.raises(ConfigError, match="not JSON"):
        coerce_world_prior(bad)
    img = np.full((60, 80, 3), 200, np.uint8)
    with pytest.raises(ConfigError, match="world_prior"):
        ask(img, "How many objects are there?", world_prior="mars")


def test_cli_bad_prior_exits_2(tmp_path: Path) -> None:
    img = tmp_path / "a.png"
    Image.fromarray(np.full((60, 80, 3), 200, np.uint8)).save(img)
    proc = subprocess.run(
        [sys.executable, "-m", "spatioxolver", "ask", str(img), "How many objects?", "--world-prior", "mars"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "world_prior" in lines[0], proc.stderr


def test_generated_data_carries_the_prior_to_its_runs(tmp_path: Path) -> None:
    from spatioxolver.evals.benchmarks.ctr import CTRBenchmark
    from spatioxolver.evals.runner import example_call

    from spatioxolver.scenes import generate

    generate("ctr", tmp_path, scenes=1, seed=3, n=5, overwrite=True, progress=False)
    info = json.loads((tmp_path / "generation.json").read_text(encoding="utf-8"))
    assert WorldPrior.model_validate(info["world_prior"]) == WorldPrior.clevr()
    examples = [e for e in CTRBenchmark().load(tmp_path) if hasattr(e, "meta")]
    assert examples and all(e.meta["world_prior"] == info["world_prior"] for e in examples)
    call = example_call(examples[0], model="geometric")
    assert call["world_prior"] == info["world_prior"]
    # a manifest with another world in its generation.json passes that world
    info["world_prior"] = ABSURD
    (tmp_path / "generation.json").write_text(json.dumps(info), encoding="utf-8")
    again = next(e for e in CTRBenchmark().load(tmp_path) if hasattr(e, "meta"))
    assert example_call(again, model="geometric")["world_prior"]["name"] == "absurd"


def _user_image() -> np.ndarray:
    """Shaded balls and boxes of several sizes floating on a plain backdrop (no shadows, no
    ground), drawn with Pillow: the case where the CLEVR volume literals used to apply."""
    img = Image.new("RGB", (400, 300), (128, 128, 128))
    d = ImageDraw.Draw(img)
    for (cx, cy, r), rgb in zip(
        [(80, 90, 38), (250, 70, 16), (320, 200, 28), (150, 220, 12)],
        [(200, 40, 40), (40, 70, 200), (40, 170, 60), (220, 200, 40)],
        strict=True,
    ):
        for k in range(r, 0, -1):  # radial shading: a lit ball
            f = 0.55 + 0.45 * (1 - k / r)
            d.ellipse(
                (cx - k, cy - k, cx + k, cy + k), fill=tuple(int(c * f + 40 * (1 - k / r)) for c in rgb)
            )
    d.rectangle((170, 120, 214, 164), fill=(150, 60, 160))
    d.rectangle((40, 200, 62, 222), fill=(230, 130, 30))
    return np.asarray(img)


_QUESTIONS = (
    "Which object is the closest to the camera?",
    "Which object is the farthest away?",
    "How many large objects are there?",
    "What size is the green object?",
    "Is the red object in front of the blue object?",
)


def _answers(img: np.ndarray, **options: object) -> list[str]:
    from spatioxolver import ask

    return [ask(img, q, cache=False, **options).text for q in _QUESTIONS]


def _perceived(img: np.ndarray, **options: object) -> list[tuple]:
    from spatioxolver import build_scene_graph

    g = build_scene_graph(img, cache=False, **options)
    return [(o.id, o.depth, o.attributes.size, o.attributes.extras.get("depth_source")) for o in g.objects]


def test_user_image_uses_no_clevr_literal(monkeypatch: pytest.MonkeyPatch) -> None:
    img = _user_image()
    before, seen = _answers(img), _perceived(img)
    assert {s[3] for s in seen} == {"size"}  # no ground seen, no prior: image area only
    # The prior's values decide perception when a prior is given ...
    assert _perceived(img, world_prior=ABSURD) != seen
    assert _perceived(img, world_prior="clevr") != seen
    # ... and the renderer's world is nowhere assumed without one.
    absurd = WorldPrior.model_validate(ABSURD)
    monkeypatch.setattr(WorldPrior, "clevr", classmethod(lambda cls: absurd))
    assert _perceived(img) == seen
    assert _answers(img) == before


def test_trace_says_which_world() -> None:
    from spatioxolver import ask

    img = _user_image()
    notes = " ".join(str(s.get("note") or "") for s in ask(img, _QUESTIONS[0], cache=False).trace)
    assert "no world prior" in notes
    notes = " ".join(
        str(s.get("note") or "") for s in ask(img, _QUESTIONS[0], cache=False, world_prior="clevr").trace
    )
    assert "world prior 'clevr'" in notes


def test_prior_is_part_of_the_perception_cache_key() -> None:
    from spatioxolver import build_scene_graph

    img = _user_image()
    plain = build_scene_graph(img)
    with_prior = build_scene_graph(img, world_prior="clevr")
    assert with_prior.provenance.get("world_prior", {}).get("name") == "clevr"
    assert "world_prior" not in plain.provenance
    assert [o.depth for o in plain.objects] != [o.depth for o in with_prior.objects]


def test_clevr_prior_on_a_render_answers_as_the_eval_path(tmp_path: Path) -> None:
    from spatioxolver.evals.benchmarks.ctr import CTRBenchmark
    from spatioxolver.evals.runner import example_call

    from spatioxolver import ask
    from spatioxolver.scenes import generate

    generate("ctr", tmp_path, scenes=2, seed=11, n=5, overwrite=True, progress=False)
    examples = [e for e in CTRBenchmark().load(tmp_path) if hasattr(e, "meta")]
    depth = [e for e in examples if e.query.get("axis") == "D"][:6] or examples[:6]
    assert depth
    for e in depth:
        call = example_call(e, model="geometric")
        via_eval = ask(call.pop("images"), call.pop("question"), **call)
        user = ask(
            e.images,
            e.question,
            world_prior="clevr",
            marks=call.get("marks"),
            clean_images=call.get("clean_images"),
            query=call.get("query"),
            choices=call.get("choices"),
        )
        assert user.text == via_eval.text, e.id


def test_eval_world_prior_flag_reaches_every_call_and_bad_values_exit_2(
    tmp_path, capsys, monkeypatch
) -> None:
    from spatioxolver.evals import calls

    from spatioxolver.cli import main as cli_main

    out = tmp_path / "ctr"
    argv = ["generate", "ctr", "--out", str(out), "--scenes", "1", "--n", "3", "--width", "120",
            "--height", "90", "--workers", "1", "--no-progress"]  # fmt: skip
    assert cli_main(argv) == 0
    seen: list = []
    real = calls.example_call

    def spy(example, **kwargs):  # noqa: ANN001, ANN202
        call = real(example, **kwargs)
        seen.append(call.get("world_prior"))
        return call

    monkeypatch.setattr(calls, "example_call", spy)
    custom = tmp_path / "prior.json"
    custom.write_text(json.dumps({**WorldPrior.clevr().to_dict(), "lens_mm": 50.0}))
    code = cli_main(["eval", str(out), "--model", "geometric", "--limit", "2", "--world-prior", str(custom),
                     "--run-dir", str(tmp_path / "run"), "--no-progress"])  # fmt: skip
    assert code == 0 and seen and all(p["lens_mm"] == 50.0 for p in seen)
    capsys.readouterr()
    assert cli_main(["eval", str(out), "--model", "geometric", "--world-prior", "moon"]) == 2
    assert "moon" in capsys.readouterr().err
