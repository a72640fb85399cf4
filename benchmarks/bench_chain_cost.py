"""Calls and tokens per question, per graph, at N = 5, 10, 20 objects (issue 12).

A model double answers every prompt of the chain as a diligent model would (every object
listed, every pair or every ordering given), so the figures are the prompts' and replies'
own sizes, not a model's verbosity. Tokens are counted with litellm's ``token_counter``
(the gpt-4o tokenizer) on the rendered prompt text and the reply; images are counted as
calls that carry them, not as tokens (their cost depends on the provider's tiling).

Relations are measured both ways: ``pairs`` (one triple per pair and axis: quadratic in N)
and ``orderings`` (one list per axis: linear), the default for a real model above 6 objects.

Run: ``python benchmarks/bench_chain_cost.py``.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
from collections import defaultdict

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # offline: litellm's bundled cost map

SIZES = (5, 10, 20)


def _tokens(text: str) -> int:
    import litellm

    return int(litellm.token_counter(model="gpt-4o", text=text))


def _objects(n: int) -> list[dict]:
    cols = math.ceil(math.sqrt(n))
    return [
        {"label": str(k + 1), "color": "red", "shape": "cube", "size": "small",
         "bbox": [20 + 60 * (k % cols), 20 + 60 * (k // cols), 60 + 60 * (k % cols), 60 + 60 * (k // cols)]}
        for k in range(n)
    ]  # fmt: skip


class DiligentModel:
    """Answers each chain prompt completely for a scene of ``n`` objects on a grid."""

    kind = "llm"
    simulated = False
    name = "bench/diligent"

    def __init__(self, n: int) -> None:
        self.objects = _objects(n)
        self.calls: dict[str, list[tuple[int, int, int]]] = defaultdict(list)

    def _reply(self, request) -> str:
        labels = [o["label"] for o in self.objects]
        t = request.template
        if t == "segmentation":
            return json.dumps({"objects": self.objects})
        if t == "relations":
            rels = []
            for axis, pred in (("H", "left_of"), ("V", "above"), ("D", "closer_than")):
                for i in range(len(labels)):
                    for j in range(i + 1, len(labels)):
                        rels.append(
                            {"subject": labels[i], "predicate": pred, "object": labels[j], "axis": axis}
                        )
            return json.dumps({"relations": rels})
        if t == "relation_orderings":
            return json.dumps({"H": labels, "V": labels, "D": labels})
        if t == "symmetry":
            return json.dumps({"groups": [{"kind": "grid", "members": labels}], "symmetries": []})
        if t in ("cot_rank",):
            return ", ".join(labels)
        return "1"

    async def complete(self, request):
        from spatioxolver.models import ModelReply, Usage

        text = self._reply(request)
        usage = Usage(prompt_tokens=_tokens(request.prompt), completion_tokens=_tokens(text))
        self.calls[request.template].append(
            (usage.prompt_tokens, usage.completion_tokens, len(request.images))
        )
        return ModelReply(text=text, usage=usage, model=self.name)


async def _one(n: int, graph: str, elicitation: str | None) -> DiligentModel:
    import numpy as np

    from spatioxolver.api import aask

    model = DiligentModel(n)
    side = 60 * math.ceil(math.sqrt(n)) + 40
    image = np.full((side, side, 3), 128, np.uint8)
    options: dict = {"labels": [o["label"] for o in model.objects], "cache": False}
    if elicitation:
        options["relations_options"] = {"elicitation": elicitation}
    await aask(image, "Which object is more to the left: 1 or 2?", model="bench/diligent", graph=graph,
               client=model, **options)  # fmt: skip
    return model


def main() -> int:
    from spatioxolver.graphs._cache import cache_clear

    rows = []
    arms = [
        ("direct", None),
        ("cot_rank", None),
        ("agentic", "pairs"),
        ("agentic", "orderings"),
        ("agentic", None),
    ]
    print(f"{'graph':<22}{'N':>4}{'calls':>7}{'prompt tok':>12}{'reply tok':>11}{'relations tok':>15}")
    for graph, elicitation in arms:
        for n in SIZES:
            cache_clear()
            model = asyncio.run(_one(n, graph, elicitation))
            calls = sum(len(v) for v in model.calls.values())
            prompt = sum(p for v in model.calls.values() for p, _, _ in v)
            reply = sum(c for v in model.calls.values() for _, c, _ in v)
            rel = sum(
                p + c for t in ("relations", "relation_orderings") for p, c, _ in model.calls.get(t, [])
            )
            name = graph if elicitation is None else f"{graph} ({elicitation})"
            if graph == "agentic" and elicitation is None:
                name = "agentic (default)"
            rows.append((name, n, calls, prompt, reply, rel))
            print(f"{name:<22}{n:>4}{calls:>7}{prompt:>12}{reply:>11}{rel:>15}")
    nlogn = 20 * math.log(20) / (5 * math.log(5))
    print(f"\ntokens, N=20 vs N=5 (N log N would be x{nlogn:.1f}, N^2 x16):")
    for name in ("agentic (pairs)", "agentic (orderings)", "agentic (default)"):
        rel = {n: r for nm, n, _, _, _, r in rows if nm == name}
        total = {n: p + c for nm, n, _, p, c, _ in rows if nm == name}
        print(f"  {name:<22} relations x{rel[20] / rel[5]:.1f}   whole question x{total[20] / total[5]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
