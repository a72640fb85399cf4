"""LLM backends of segmentation and attributes: prompts, schema, probes, usage log."""

from __future__ import annotations

import pytest
from spatioxolver.agents.attributes import describe
from spatioxolver.agents.segmentation import segment

from spatioxolver.errors import ConfigError, ParseError
from spatioxolver.models import Usage
from spatioxolver.schema import SpatialObject
from spatioxolver.testing import ScriptedModel


def test_llm_segmentation_from_scripted_reply(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    client = _scripted(
        'Here you go: {"objects": [{"id": "Obj2", "label": "B", "color": "blue", "shape": "cube", '
        '"bbox": [120, 80, 150, 110]}, {"id": "Obj1", "color": "red", "shape": "sphere", "bbox": [40, 40, 60, 60],}]}'
    )
    log: list = []
    objs = segment(img, backend="llm", options={"model": client, "usage_log": log})
    assert [o.id for o in objs] == ["o1", "o2"]  # raster order of box centres
    assert [o.label for o in objs] == ["Obj1", "B"]
    assert objs[0].bbox == (40.0, 40.0, 60.0, 60.0) and objs[0].centroid == (50.0, 50.0)
    assert objs[0].mask is None and objs[0].attributes.color == "red"
    assert objs[1].attributes.extras["llm_id"] == "Obj2"
    req = client.requests[0]
    assert req.template == "segmentation" and req.output_schema is not None and len(req.images) == 1
    assert "240 x 160" in req.prompt and req.probe is None
    assert log[0]["usage"].prompt_tokens == 10 and log[0]["template_hash"] == req.template_hash
    # The attributes agent keeps what the segmenter already read off the model.
    assert describe(img, objs, backend="llm", options={"model": client}) == objs
    assert len(client.requests) == 1


def test_llm_attributes_call_fills_missing(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    objs = [
        SpatialObject(id="o1", bbox=(40, 40, 60, 60), label="A"),
        SpatialObject(id="o2", bbox=(0, 0, 5, 5)),
    ]
    client = _scripted(
        '{"objects": [{"id": "A", "color": "red", "shape": "sphere", "size": "small", "material": "rubber"}]}'
    )
    out = describe(img, objs, backend="llm", options={"model": client})
    assert out[0].attributes.color == "red" and out[0].attributes.extras["attributes_source"] == "llm"
    assert out[1].attributes.color is None
    assert "- o1: label=A bbox=[40, 40, 60, 60]" in client.requests[0].prompt


def test_llm_segmentation_with_sim_model() -> None:
    from spatioxolver.scenes import render_random_scene

    view = render_random_scene(71, n_objects=4, overlay="letters")
    truth = {"scenes": [view.scene]}
    objs = segment(view.rgb, backend="llm", options={"model": "sim/gpt-4o", "ground_truth": truth})
    assert len(objs) == 4
    assert {o.label for o in objs} == {o["label"] for o in view.scene["objects"]}
    assert all(o.attributes.shape in ("cube", "sphere", "cylinder") for o in objs)


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("I can't help with that.", ParseError),  # a refusal
        ('{"objects": [{"label": "no id"}]}', ParseError),  # schema violation
    ],
)
def test_llm_segmentation_bad_replies(drawn, text, error) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    with pytest.raises(error):
        segment(img, backend="llm", options={"model": _scripted(text)})


def test_llm_backend_configuration_errors(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    with pytest.raises(ConfigError, match="options\\['model'\\]"):
        segment(img, backend="llm")
    with pytest.raises(ConfigError, match="ground_truth"):
        segment(img, backend="llm", options={"model": "sim/gpt-4o"})


def _scripted(text: str) -> ScriptedModel:
    return ScriptedModel(text, usage=Usage(prompt_tokens=10, completion_tokens=5), name="scripted")
