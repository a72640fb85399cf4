"""Every graph reads the replies of an OpenAI-compatible server that answers like real models.

A :class:`~spatioxolver.testing.LocalServer` answers each prompt with a reply written by
``sxgraphs_reply_styles`` (test code that shares nothing with the parsers): the gold answer
of the question's form in one of ten styles (bare, clean JSON, fenced JSON, prose before or
after, answer then explanation, a ``<think>`` block, bold, ``Final Answer:``, markdown), or a
refusal / hedge. For the agentic chain the segmentation, attributes and relations agents get
their JSON in the wrappers models put around it (fences, prose, a think block, Python quotes).

Per graph, at least 95% of the non-refusal replies must give the gold value (the rate per
style is printed), and every refusal must be an answer with no value, a ``no_answer`` reason
and no error. An eval run through :func:`spatioxolver.evals.aevaluate` keeps a refusal as a
row with ``no_answer`` set.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from sxgraphs_reply_styles import PERCEPTION_STYLES, STYLES, json_reply, refusal, reply  # noqa: E402

from spatioxolver.api import aask, abuild_scene_graph
from spatioxolver.models import get_model
from spatioxolver.testing import LocalServer

MIN_RATE = 0.95
LABELS = ["1", "2", "3", "4"]
OPTIONS = ["the red cube", "the blue sphere", "the green cylinder", "the yellow cone"]
IMAGE = np.full((120, 160, 3), 90, np.uint8)
IMAGE_2 = np.full((120, 160, 3), 110, np.uint8)

# (question template, axis, asks, phrase the reply uses)
PAIRWISE = [
    ("Which object is more to the left: {a} or {b}?", "H", "left", "further to the left"),
    ("Which object is further from the camera: {a} or {b}?", "D", "further", "further from the camera"),
    ("Which object is higher up: {a} or {b}?", "V", "above", "higher up"),
    ("Which object is closer to the camera: {a} or {b}?", "D", "closer", "closer to the camera"),
]
CVT_QUESTION = (
    "If the camera orbits 180 degrees to the left around the table, what is the spatial "
    "relationship of object {s} with respect to object {r}?"
)
MCQ_QUESTION = "Which object is the leftmost? " + " ".join(f"{i}. {o}" for i, o in enumerate(OPTIONS, 1))

# The agentic chain's agents, by the first words of their prompts (prompts/*.txt).
AGENT_PROMPTS = {
    "segmentation": "You are the object segmentation agent",
    "attributes": "You are the attribute extraction agent",
    "relations": "You are the spatial relation agent",
    "symmetry": "You are the grouping and symmetry agent",
    "transformation": "You are the transformation agent",
    "reasoning": "You are the reasoning agent",
}
SCENE = [  # label, colour, shape, box in the 160 x 120 image
    ("1", "red", "cube", [10, 60, 40, 90]),
    ("2", "blue", "sphere", [60, 20, 90, 50]),
    ("3", "green", "cylinder", [110, 50, 150, 100]),
]


class Replies:
    """What the scripted server answers now, per agent (``answer`` for one-call prompts)."""

    def __init__(self) -> None:
        self.now: dict[str, str] = {}

    def __call__(self, request: dict[str, Any]) -> str:
        text = request["text"]
        for agent, opening in AGENT_PROMPTS.items():
            if text.startswith(opening):
                return self.now.get(agent, f"(no scripted reply for the {agent} prompt)")
        return self.now.get("answer", "(no scripted reply for this prompt)")


class Tally:
    """Parse counts per style (non-refusal replies) and the refusals seen."""

    def __init__(self, graph: str) -> None:
        self.graph = graph
        self.by_style: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.failures: list[str] = []

    def add(self, style: str, ok: bool, note: str) -> None:
        self.by_style[style][1] += 1
        if ok:
            self.by_style[style][0] += 1
        else:
            self.failures.append(f"[{style}] {note}")

    def _rate(self, answers_only: bool) -> tuple[int, int]:
        rows = [v for s, v in self.by_style.items() if not answers_only or ":" not in s]
        return sum(v[0] for v in rows), sum(v[1] for v in rows)

    @property
    def rate(self) -> float:
        """Parsed share of every non-refusal reply (the agentic chain's perception JSON included)."""
        ok, total = self._rate(False)
        return ok / total

    @property
    def answer_rate(self) -> float:
        """Parsed share of the replies that carry the answer (the reasoning agent's, for agentic)."""
        ok, total = self._rate(True)
        return ok / total

    def report(self) -> str:
        total = sum(v[1] for v in self.by_style.values())
        lines = [
            f"{self.graph}: {self.rate:.1%} of {total} non-refusal replies parsed to the gold value "
            f"({self.answer_rate:.1%} of the {self._rate(True)[1]} answer replies)"
        ]
        lines += [f"  {s:<24} {ok}/{n}" for s, (ok, n) in sorted(self.by_style.items())]
        lines += ["  failed: " + f for f in self.failures[:40]]
        return "\n".join(lines)


def _client(srv: LocalServer) -> Any:
    return get_model(
        "openai/local-model", api_base=srv.url, api_key="sk-test", backoff_base=0.01, cache=False
    )


async def _ask(srv: LocalServer, images: Any, question: str, graph: str, **options: Any) -> Any:
    return await aask(
        images, question, model="openai/local-model", graph=graph, client=_client(srv),
        cache=False, return_errors=True, **options,
    )  # fmt: skip


# --------------------------------------------------------------------------- questions


def _form_cases(form: str, rng: random.Random) -> tuple[str, Any, dict[str, Any], dict[str, Any]]:
    """``(question, gold, reply context, aask options)`` of a question in ``form``."""
    if form == "pairwise":
        template, _axis, _asks, phrase = rng.choice(PAIRWISE)
        a, b = rng.sample(LABELS[:3], 2)
        gold = rng.choice([a, b])
        return template.format(a=a, b=b), gold, {"candidates": [a, b], "phrase": phrase}, {}
    if form == "cvt":
        s, r = rng.sample(LABELS[:3], 2)
        gold = sorted(
            rng.choice([["left"], ["right"], ["front"], ["behind"], ["front", "left"], ["behind", "right"]])
        )
        return CVT_QUESTION.format(s=s, r=r), gold, {"subject": s, "reference": r, "candidates": [s, r]}, {}
    if form == "inconsistency":
        gold = rng.choice("ABCD")
        return "Which letter marks the edited object?", gold, {"candidates": list("ABCD")}, {"images": 2}
    if form == "mcq":
        gold = rng.randint(1, 4)
        return MCQ_QUESTION, gold, {"options": OPTIONS, "candidates": [1, 2, 3, 4]}, {}
    if form == "yesno":
        s, r = rng.sample(LABELS[:3], 2)
        gold = rng.random() < 0.5
        ctx = {"subject": s, "reference": r, "phrase": "to the left of", "candidates": [s, r]}
        return f"Is object {s} to the left of object {r}?", gold, ctx, {}
    if form == "count":
        gold = rng.randint(2, 6)
        return "How many objects are there?", gold, {"candidates": []}, {}
    if form == "object":
        gold = rng.choice(LABELS[:3])
        ctx = {"superlative": "leftmost", "candidates": LABELS[:3]}
        return "Which object is the leftmost?", gold, ctx, {}
    raise ValueError(form)


def _images(options: dict[str, Any]) -> Any:
    return [IMAGE, IMAGE_2] if options.pop("images", 1) == 2 else IMAGE


def _matches(value: Any, gold: Any) -> bool:
    return value == gold and type(value) is type(gold)


# --------------------------------------------------------------------------- direct and cot_rank


async def _one_call_graph(graph: str, forms: tuple[str, ...], seed: int) -> Tally:
    rng = random.Random(seed)
    tally, refusals = Tally(graph), []
    replies = Replies()
    with LocalServer(default=replies) as srv:
        for form in forms:
            for style in STYLES:
                for _ in range(2):
                    question, gold, ctx, options = _form_cases(form, rng)
                    replies.now = {"answer": reply(form, gold, style, rng, **ctx)}
                    ans = await _ask(srv, _images(options), question, graph)
                    ok = ans.error is None and _matches(ans.value, gold)
                    tally.add(
                        style,
                        ok,
                        f"{form} gold={gold!r} got={ans.value!r} {ans.error or ''} <- {replies.now['answer']!r}",
                    )
            for _ in range(3):
                question, _gold, ctx, options = _form_cases(form, rng)
                replies.now = {"answer": refusal(form, rng, **ctx)}
                refusals.append((replies.now["answer"], await _ask(srv, _images(options), question, graph)))
    _check_refusals(refusals)
    return tally


async def _cot_rank(seed: int) -> Tally:
    rng = random.Random(seed)
    tally, refusals = Tally("cot_rank"), []
    replies = Replies()
    with LocalServer(default=replies) as srv:
        for style in STYLES:
            for _ in range(4):
                ranking = rng.sample(LABELS, 4)
                template, _axis, asks, _phrase = rng.choice(PAIRWISE)
                a, b = rng.sample(LABELS, 2)
                first = a if ranking.index(a) < ranking.index(b) else b
                second = b if first == a else a
                # The prompt asks for the ranking first to last along the axis (left -> right,
                # top -> bottom, near -> far): the pairwise answer is read from it.
                gold = first if asks in ("left", "above", "closer") else second
                replies.now = {"answer": reply("ranking", ranking, style, rng, candidates=LABELS)}
                ans = await _ask(srv, IMAGE, template.format(a=a, b=b), "cot_rank", labels=LABELS)
                ok = ans.error is None and ans.value == gold
                tally.add(
                    style,
                    ok,
                    f"ranking {ranking} gold={gold!r} got={ans.value!r} {ans.error or ''} <- {replies.now['answer']!r}",
                )
        for _ in range(4):
            a, b = rng.sample(LABELS, 2)
            replies.now = {"answer": refusal("ranking", rng, candidates=[a, b])}
            question = PAIRWISE[0][0].format(a=a, b=b)
            refusals.append(
                (replies.now["answer"], await _ask(srv, IMAGE, question, "cot_rank", labels=LABELS))
            )
    _check_refusals(refusals)
    return tally


def _check_refusals(refusals: list[tuple[str, Any]]) -> None:
    assert refusals
    for text, ans in refusals:
        assert ans.error is None, f"{text!r} -> error {ans.error}"
        assert ans.value is None and ans.no_answer, (
            f"{text!r} -> value {ans.value!r}, no_answer {ans.no_answer!r}"
        )


async def test_direct_graph_reads_real_reply_styles() -> None:
    tally = await _one_call_graph("direct", ("pairwise", "cvt", "inconsistency", "mcq"), seed=1)
    print(tally.report())
    assert tally.rate >= MIN_RATE and tally.answer_rate >= MIN_RATE, tally.report()


async def test_cot_rank_graph_reads_real_reply_styles() -> None:
    tally = await _cot_rank(seed=2)
    print(tally.report())
    assert tally.rate >= MIN_RATE and tally.answer_rate >= MIN_RATE, tally.report()


# --------------------------------------------------------------------------- agentic

PERCEPTION_AGENTS = ("segmentation", "attributes", "relations", "symmetry", "transformation")
FLAGGED = "2"  # the object the transformation reply names as breaking the common motion


def _perception_golds() -> dict[str, Any]:
    """The chain's perception replies (as data): segmentation without colours (so the
    attributes agent is asked), attributes, relations, a group, and the cross-view matches."""
    seg = {
        "objects": [
            {"id": f"Obj{k}", "label": label, "color": None, "shape": None, "bbox": box}
            for k, (label, _c, _s, box) in enumerate(SCENE, start=1)
        ]
    }
    attrs = {
        "objects": [
            {"id": f"o{k}", "color": colour, "shape": shape, "size": "small", "material": "rubber"}
            for k, (_l, colour, shape, _b) in enumerate(SCENE, start=1)
        ]
    }
    triples = []
    for i, (la, _c1, _s1, ba) in enumerate(SCENE):
        for lb, _c2, _s2, bb in SCENE[i + 1 :]:
            left = ba[0] + ba[2] < bb[0] + bb[2]
            above = ba[1] + ba[3] < bb[1] + bb[3]
            closer = ba[3] > bb[3]
            triples += [
                {"subject": la, "predicate": "left_of" if left else "right_of", "object": lb, "axis": "H"},
                {"subject": la, "predicate": "above" if above else "below", "object": lb, "axis": "V"},
                {"subject": la, "predicate": "closer_than" if closer else "further_than", "object": lb, "axis": "D"},
            ]  # fmt: skip
    symmetry = {"groups": [{"kind": "cluster", "members": ["o1", "o2", "o3"]}], "symmetries": []}
    motion = {
        "matches": [{"object": label, "match": label} for label, *_ in SCENE],
        "motion": "the camera orbits to the left",
        "inconsistent": FLAGGED,
    }
    return {"segmentation": seg, "attributes": attrs, "relations": {"relations": triples},
            "symmetry": symmetry, "transformation": motion}  # fmt: skip


def _perception_ok(graph: Any, golds: dict[str, Any]) -> dict[str, bool]:
    """Per agent: whether the scene graph holds what its reply said."""
    if graph is None:
        return dict.fromkeys(PERCEPTION_AGENTS, False)
    objects = [o for o in graph.objects if o.frame == 0]
    labels = {o.id: str(o.label) for o in objects}
    seg_ok = sorted(labels.values()) == [s[0] for s in SCENE]
    colours = {str(o.label): (o.attributes.color, o.attributes.shape) for o in objects}
    model_rels = {
        (labels.get(r.subject), r.predicate, labels.get(r.object))
        for r in graph.relations
        if r.source == "llm" and r.subject in labels and r.object in labels
    }
    gold_rels = {(t["subject"], t["predicate"], t["object"]) for t in golds["relations"]["relations"]}
    groups = [sorted(labels.get(m, m) for m in g.members) for g in graph.groups if g.kind == "cluster"]
    flagged = [labels.get(t.object) for t in graph.transformations if t.inconsistent]
    return {
        "segmentation": seg_ok,
        "attributes": seg_ok and all(colours.get(label) == (c, s) for label, c, s, _b in SCENE),
        "relations": seg_ok and gold_rels <= model_rels,
        "symmetry": seg_ok and [s[0] for s in SCENE] in groups,
        "transformation": seg_ok and flagged == [FLAGGED],
    }


async def test_agentic_graph_reads_real_reply_styles() -> None:
    rng = random.Random(3)
    tally, refusals = Tally("agentic"), []
    replies = Replies()
    forms = ("pairwise", "cvt", "inconsistency", "mcq", "yesno", "count", "object")
    golds = _perception_golds()
    plain = {agent: json_reply(data, "json", rng) for agent, data in golds.items()}
    k = 0
    with LocalServer(default=replies) as srv:
        for form in forms:
            for style in STYLES:
                question, gold, ctx, options = _form_cases(form, rng)
                styles = {
                    agent: PERCEPTION_STYLES[(k + j) % len(PERCEPTION_STYLES)]
                    for j, agent in enumerate(PERCEPTION_AGENTS)
                }
                k += 1
                replies.now = {
                    agent: json_reply(golds[agent], styles[agent], rng) for agent in PERCEPTION_AGENTS
                }
                replies.now["reasoning"] = reply(form, gold, style, rng, **ctx)
                images = _images(options)
                before = len(srv.requests)
                ans = await _ask(srv, images, question, "agentic")
                graph = ans.scene_graph
                asked = [r["text"] for r in srv.requests[before:]]
                if ans.error and any(t.startswith(AGENT_PROMPTS["reasoning"]) for t in asked):
                    # Perception went through and the reasoning reply failed: read the scene graph alone.
                    graph = await abuild_scene_graph(
                        images, model="openai/local-model", client=_client(srv), cache=False
                    )
                for agent, ok in _perception_ok(graph, golds).items():
                    if agent == "transformation" and not isinstance(images, list):
                        continue  # one view: no transformation step
                    tally.add(
                        f"{agent}:{styles[agent]}", ok, f"{agent} {ans.error or ''} <- {replies.now[agent]!r}"
                    )
                ok = ans.error is None and _matches(ans.value, gold)
                note = f"{form} gold={gold!r} got={ans.value!r} {ans.error or ''} <- {replies.now['reasoning']!r}"
                tally.add(style, ok, note)
            for _ in range(2):
                question, _gold, ctx, options = _form_cases(form, rng)
                replies.now = {**plain, "reasoning": refusal(form, rng, **ctx)}
                answer = await _ask(srv, _images(options), question, "agentic")
                refusals.append((replies.now["reasoning"], answer))
        # A perception agent that refuses to give its JSON: the question has no answer either.
        for agent in PERCEPTION_AGENTS:
            declined = rng.choice(
                ["I'm sorry, but I can't help with that request.", "I cannot identify the objects."]
            )
            replies.now = {**plain, "reasoning": "Yes", agent: declined}
            images = [IMAGE, IMAGE_2] if agent == "transformation" else IMAGE
            refusals.append((declined, await _ask(srv, images, "Is object 1 left of object 2?", "agentic")))
    print(tally.report())
    _check_refusals(refusals)
    assert tally.rate >= MIN_RATE and tally.answer_rate >= MIN_RATE, tally.report()


# --------------------------------------------------------------------------- eval rows


def test_eval_rows_type_refusals_as_no_answer(tmp_path, monkeypatch) -> None:
    """Through the CLI eval: refusals and hedges are rows with ``no_answer``, not errors."""
    from spatioxolver.evals.results import read_rows

    from spatioxolver.cli import main as cli_main
    from spatioxolver.testing.releases import write_spatial_incon

    rng = random.Random(4)
    repo, run = write_spatial_incon(tmp_path / "repo", n=6), tmp_path / "run"
    answers = [reply("inconsistency", letter, style, rng, candidates=list("ABCD"))
               for letter, style in (("C", "think"), ("B", "json"), ("A", "markdown"))]  # fmt: skip
    declined = [refusal("inconsistency", rng, candidates=["A", "B"]) for _ in range(3)]
    queue = [x for pair in zip(answers, declined, strict=True) for x in pair]
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local-test-000000")
    with LocalServer(queue=queue, default="unused") as srv:
        code = cli_main(
            ["eval", str(repo), "--model", "openai/local-model", "--api-base", srv.url, "--graph", "direct",
             "--run-dir", str(run), "--no-progress", "--no-cache", "--concurrency", "1"]
        )  # fmt: skip
    assert code == 0
    rows = read_rows(run / "results.jsonl")
    assert len(rows) == 6
    by_text = {row["text"]: row for row in rows}
    for text in declined:
        row = by_text[text.strip()]
        assert row["status"] == "ok" and "error" not in row, row
        assert row["value"] is None and row["no_answer"] and row["correct"] is False
    answered = [row for row in rows if row["value"] is not None]
    assert sorted(row["value"] for row in answered) == ["A", "B", "C"]
    assert all("no_answer" not in row for row in answered)
