"""Perception agents with a language model: one call each through the run's client, replies read
by pure converters, usage recorded in the step, the simulated model answering a gold-free task."""

from __future__ import annotations

import pytest

from spatioxolver.errors import ConfigError, ParseError
from spatioxolver.models import Usage, recording
from spatioxolver.plugins import load_agent
from spatioxolver.schema import SpatialObject
from spatioxolver.testing import ScriptedModel, agent_runtime


def _scripted(replies) -> ScriptedModel:
    return ScriptedModel(replies, usage=Usage(prompt_tokens=10, completion_tokens=5), name="scripted")


async def test_segmentation_reads_objects_in_reply_order_and_records_the_call(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    client = _scripted(
        'Here you go: {"objects": [{"id": "Obj2", "label": "B", "color": "Blue", "shape": "cube", '
        '"bbox": [120, 80, 150, 110]}, {"id": "Obj1", "color": "red", "shape": "sphere", "bbox": [40, 40, 60, 60],}]}'
    )
    step: dict = {}
    with recording(step):
        out = await load_agent("segmentation").run({}, agent_runtime([img], model=client))
    objs = [SpatialObject.model_validate(o) for o in out["objects"]]
    assert [o.label for o in objs] == ["B", "Obj1"]
    assert objs[1].bbox == (40.0, 40.0, 60.0, 60.0) and objs[1].centroid == (50.0, 50.0)
    assert objs[0].attributes.color == "blue" and objs[0].attributes.extras["model_id"] == "Obj2"
    req = client.requests[0]
    assert req.template == "segmentation" and req.output_schema is not None and len(req.images) == 1
    assert "240 x 160" in req.prompt and req.task == {"kind": "objects", "frame": 0}
    assert step["calls"] == 1 and step["usage"]["prompt_tokens"] == 10
    assert step["model_calls"][0]["template_hash"] == req.template_hash


async def test_attributes_ask_only_for_objects_missing_colour_or_shape(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    objects = [
        SpatialObject(id="o1", bbox=(40, 40, 60, 60), label="A").model_dump(mode="json"),
        SpatialObject(id="o2", bbox=(0, 0, 5, 5)).model_dump(mode="json"),
    ]
    client = _scripted(
        '{"objects": [{"id": "A", "color": "Grey", "shape": "ball", "size": "small", "material": "matte"}]}'
    )
    out = await load_agent("attributes").run({"objects": objects}, agent_runtime([img], model=client))
    a, b = (SpatialObject.model_validate(o) for o in out["objects"])
    assert (a.attributes.color, a.attributes.shape, a.attributes.material) == ("gray", "sphere", "rubber")
    assert b.attributes.color is None
    assert "- o1: label=A bbox=[40, 40, 60, 60]" in client.requests[0].prompt
    complete = [SpatialObject(id="o1", attributes={"color": "red", "shape": "cube"}).model_dump(mode="json")]
    await load_agent("attributes").run({"objects": complete}, agent_runtime([img], model=client))
    assert len(client.requests) == 1  # nothing missing: no second call


async def test_relations_vote_and_fill_skipped_pairs_from_the_boxes(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    objs = [
        SpatialObject(id="o1", label="A", centroid=(10, 10)).model_dump(mode="json"),
        SpatialObject(id="o2", label="B", centroid=(90, 10)).model_dump(mode="json"),
    ]
    client = _scripted(
        '```json\n{"relations": [{"subject": "B", "predicate": "right_of", "object": "A", "axis": "H"},'
        ' {"subject": "A", "predicate": "FURTHER THAN", "object": "B", "axis": "D"},'
        ' {"subject": "A", "predicate": "inside", "object": "Z"}]}\n```'
    )
    out = await load_agent("relations").run({"objects": objs}, agent_runtime([img], model=client))
    rels = {r["axis"]: r for r in out["relations"]}
    assert (rels["H"]["subject"], rels["H"]["predicate"], rels["H"]["source"]) == ("o1", "left_of", "llm")
    assert rels["H"]["confidence"] == pytest.approx(0.9)
    assert rels["D"]["predicate"] == "further_than"
    assert rels["V"]["source"] == "llm-fallback"  # the model skipped V: geometry fills in
    req = client.requests[0]
    assert req.template == "relations" and "- A" in req.prompt and "- B" in req.prompt
    assert req.task == {"kind": "relations", "axes": ["H", "V", "D"], "objects": ["A", "B"]}


async def test_symmetry_asks_a_real_model_unless_geometry_is_chosen_and_drops_unknown_ids(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    objs = [
        SpatialObject(id=f"o{k}", centroid=(10.0 + 40 * k, 10.0), area=50.0).model_dump(mode="json")
        for k in range(2)
    ]
    client = _scripted(
        '{"groups": [{"kind": "row", "members": ["o0", "o1", "o9"]}], '
        '"symmetries": [{"kind": "mirror", "axis": "vertical", "pairs": [["o0", "o1"], ["o0", "x"]]}]}'
    )
    runtime = agent_runtime([img], model=client, symmetry_backend="geometric")
    await load_agent("symmetry").run({"objects": objs}, runtime)
    assert client.requests == []  # geometry of the boxes, as chosen
    out = await load_agent("symmetry").run({"objects": objs}, agent_runtime([img], model=client))
    assert [r.template for r in client.requests] == ["symmetry"] and len(client.requests[0].images) == 1
    assert out["groups"][0]["members"] == ["o0", "o1"]
    assert [tuple(p) for p in out["symmetries"][0]["pairs"]] == [("o0", "o1")]


async def test_simulated_model_answers_from_its_bound_answer_key_only() -> None:
    from spatioxolver.models import get_model
    from spatioxolver.scenes import render_random_scene

    view = render_random_scene(71, n_objects=4, overlay="letters")
    unbound = get_model("sim/gpt-4o")
    with pytest.raises(ConfigError, match="no answer key"):
        await load_agent("segmentation").run({}, agent_runtime([view.rgb], model=unbound))
    bound = unbound.bind({"scenes": [view.scene]})
    out = await load_agent("segmentation").run({}, agent_runtime([view.rgb], model=bound))
    assert {o["label"] for o in out["objects"]} == {o["label"] for o in view.scene["objects"]}
    assert all(o["attributes"]["shape"] in ("cube", "sphere", "cylinder") for o in out["objects"])


@pytest.mark.parametrize(
    "text",
    [
        "I can't help with that.",  # a refusal instead of JSON
        '{"objects": [{"label": "cup", "bbox": "on the left"}]}',  # schema violation: a box is 4 numbers
    ],
)
async def test_unusable_replies_are_parse_errors_with_usage_recorded(drawn, text) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    step: dict = {}
    with recording(step), pytest.raises(ParseError):
        await load_agent("segmentation").run({}, agent_runtime([img], model=_scripted(text)))
    assert step["calls"] == 1 and step["usage"]["prompt_tokens"] == 10


async def test_objects_without_ids_or_with_numeric_ids_are_read(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    reply = '{"objects": [{"label": "cup", "bbox": [1, 2, 30, 40]}, {"id": 7, "label": "cup"}, {"bbox": [5, 5, 9, 9]}]}'
    out = await load_agent("segmentation").run({}, agent_runtime([img], model=_scripted(reply)))
    extras = [o["attributes"]["extras"]["model_id"] for o in out["objects"]]
    assert extras == ["cup", "7", "3"] and len({o["label"] for o in out["objects"]}) == 3


class _DownscalingModel(ScriptedModel):
    """A model double that, like the litellm client, receives images downscaled to 1024 px."""

    max_image_side = 1024


async def test_boxes_of_a_downscaled_photo_map_back_to_its_pixels() -> None:
    import numpy as np

    photo = np.full((3024, 4032, 3), 90, np.uint8)  # a 12 MP phone photo; the model sees 1024 x 768
    reply = (
        '{"objects": [{"id": "cup", "bbox": [512, 384, 768, 576]}, {"id": "cat", "bbox": [0, 0, 100, 50]}]}'
    )
    client = _DownscalingModel(reply)
    out = await load_agent("segmentation").run({}, agent_runtime([photo], model=client))
    assert "1024 x 768" in client.requests[0].prompt  # the size the model actually sees
    cup = SpatialObject.model_validate(out["objects"][0])
    assert cup.bbox == pytest.approx((2016.0, 1512.0, 3024.0, 2268.0))
    assert cup.centroid == pytest.approx((2520.0, 1890.0))


async def test_fractional_boxes_are_read_as_fractions_of_the_image(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])  # 240 x 160
    client = _scripted('{"objects": [{"id": "a", "bbox": [0.25, 0.5, 0.5, 1.0]}]}')
    out = await load_agent("segmentation").run({}, agent_runtime([img], model=client))
    assert tuple(out["objects"][0]["bbox"]) == pytest.approx((60.0, 80.0, 120.0, 160.0))


async def test_repeated_labels_stay_distinct_and_marks_name_model_objects(drawn) -> None:
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))])
    client = _scripted(
        '{"objects": [{"id": "1", "label": "cup", "bbox": [10, 10, 50, 50]}, '
        '{"id": "2", "label": "cup", "bbox": [100, 10, 140, 50]}, {"id": "3", "label": "plate", "bbox": [10, 100, 60, 150]}]}'
    )
    out = await load_agent("segmentation").run({}, agent_runtime([img], model=client))
    assert [o["label"] for o in out["objects"]] == ["cup 1", "cup 2", "plate"]
    marked = await load_agent("segmentation").run(
        {}, agent_runtime([img], model=client, marks={"A": (120, 30), "B": (30, 30)})
    )
    labels = {tuple(o["bbox"][:2]): o["label"] for o in marked["objects"]}
    assert labels[(100.0, 10.0)] == "A" and labels[(10.0, 10.0)] == "B"
