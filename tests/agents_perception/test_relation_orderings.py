"""Relations from one ordering per axis: a reply linear in the number of objects instead of
one triple per pair, the pairwise relations derived from the lists."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from spatioxolver.errors import ConfigError, ParseError
from spatioxolver.models import Usage
from spatioxolver.plugins import load_agent
from spatioxolver.schema import SpatialObject
from spatioxolver.testing import ScriptedModel, agent_runtime

NAMES = ["mug", "lamp", "book", "plant", "phone", "clock", "vase", "pen"]


def _objects(n: int) -> list[dict]:
    return [
        SpatialObject(
            id=f"o{k}", label=NAMES[k], bbox=(10 + 20 * k, 5, 25 + 20 * k, 30), centroid=(17.5 + 20 * k, 17.5)
        ).model_dump(mode="json")
        for k in range(n)
    ]


def _scripted(replies) -> ScriptedModel:
    return ScriptedModel(replies, usage=Usage(prompt_tokens=10, completion_tokens=5), name="scripted")


async def _relations(drawn, objects, client, **options):
    img = drawn([("disc", (50, 50), 10, (173, 35, 35))], size=(200, 60))
    out = await load_agent("relations").run(
        {"objects": objects}, agent_runtime([img], model=client, **options)
    )
    return out["relations"]


async def test_many_objects_are_ordered_per_axis_and_pairs_derived(drawn) -> None:
    h = ["pen", "vase", "clock", "phone", "plant", "book", "lamp", "mug"]  # the reverse of the boxes
    v = ["lamp", "mug", "book", "plant", "phone", "clock", "vase", "pen"]
    d = list(reversed(v))
    client = _scripted({"relation_orderings": json.dumps({"H": h, "V": v, "D": d})})
    rels = await _relations(drawn, _objects(8), client)
    assert [r.template for r in client.requests] == ["relation_orderings"]  # one call, not 28 pairs
    assert len(rels) == 3 * 28
    by = {(r["subject"], r["object"], r["axis"]): r for r in rels}
    for axis, order, first in (("H", h, "left_of"), ("V", v, "above"), ("D", d, "closer_than")):
        for a, b in combinations(range(8), 2):
            rel = by[(f"o{a}", f"o{b}", axis)]
            assert (rel["predicate"] == first) == (order.index(NAMES[a]) < order.index(NAMES[b]))
            assert rel["source"] == "llm" and rel["confidence"] == pytest.approx(0.9)
    prompt = client.requests[0].prompt
    assert all(f"- {name}" in prompt for name in NAMES)


@pytest.mark.parametrize(
    "reply",
    [
        '```json\n{"horizontal": ["pen","vase","clock","phone","plant","book","lamp","mug"]}\n```',
        'Sure! {"orderings": {"h": ["pen","vase","clock","phone","plant","book","lamp","mug"]}}',
        '{"Left_to_right": ["pen","vase","clock","phone","plant","book","lamp","mug"], "notes": "ok"}',
    ],
)
async def test_axis_keys_are_read_loosely_and_missing_axes_come_from_the_boxes(drawn, reply) -> None:
    rels = await _relations(drawn, _objects(8), _scripted({"relation_orderings": reply}))
    h = [r for r in rels if r["axis"] == "H"]
    assert all(r["source"] == "llm" and r["predicate"] == "right_of" for r in h)
    assert all(r["source"] == "llm-fallback" for r in rels if r["axis"] != "H")


async def test_an_object_left_out_of_a_list_is_read_from_the_boxes(drawn) -> None:
    order = {
        "H": NAMES[:7],
        "V": NAMES,
        "D": NAMES + ["mug", "ghost"],
    }  # pen missing from H; repeats, unknowns
    rels = await _relations(drawn, _objects(8), _scripted({"relation_orderings": json.dumps(order)}))
    with_pen = [r for r in rels if r["axis"] == "H" and "o7" in (r["subject"], r["object"])]
    assert len(with_pen) == 7 and all(r["source"] == "llm-fallback" for r in with_pen)
    assert all(r["source"] == "llm" for r in rels if r["axis"] == "D")


async def test_a_reply_without_any_ordering_is_a_parse_error(drawn) -> None:
    with pytest.raises(ParseError):
        await _relations(drawn, _objects(8), _scripted({"relation_orderings": '{"answer": "all in a row"}'}))


async def test_few_objects_are_asked_pairwise_unless_orderings_are_chosen(drawn) -> None:
    pairs = '{"relations": [{"subject": "mug", "predicate": "left_of", "object": "lamp", "axis": "H"}]}'
    client = _scripted({"relations": pairs, "relation_orderings": '{"H": ["mug", "lamp", "book"]}'})
    await _relations(drawn, _objects(3), client)
    await _relations(drawn, _objects(3), client, relations_options={"elicitation": "orderings"})
    await _relations(drawn, _objects(8), client, relations_options={"elicitation": "pairs"})
    assert [r.template for r in client.requests] == ["relations", "relation_orderings", "relations"]


async def test_unknown_elicitation_is_a_config_error(drawn) -> None:
    with pytest.raises(ConfigError, match="elicitation"):
        await _relations(drawn, _objects(8), _scripted("{}"), relations_options={"elicitation": "triples"})


async def test_simulated_model_answers_orderings_consistently() -> None:
    from spatioxolver.consistency import Tournament
    from spatioxolver.models import get_model
    from spatioxolver.scenes import render_random_scene

    view = render_random_scene(5, n_objects=9, overlay="letters")
    client = get_model("sim/gpt-4o").bind({"scenes": [view.scene]})
    objects = [
        SpatialObject(id=f"o{k}", label=o["label"], bbox=tuple(o["bbox"])).model_dump(mode="json")
        for k, o in enumerate(view.scene["objects"])
    ]
    runtime = agent_runtime([view.rgb], model=client, relations_options={"elicitation": "orderings"})
    out = await load_agent("relations").run({"objects": objects}, runtime)
    rels = [r for r in out["relations"] if r["axis"] == "H"]
    assert len(rels) == 36 and all(r["source"] == "sim" for r in rels)
    ids = [o["id"] for o in objects]
    matrix = [[0.0] * 9 for _ in range(9)]
    for r in rels:
        a, b = ids.index(r["subject"]), ids.index(r["object"])
        i, j = (a, b) if r["predicate"] == "left_of" else (b, a)
        matrix[i][j] = 1.0
    assert Tournament.from_matrix(matrix).ctr() == 0.0  # one ranking: no cycles to repair
