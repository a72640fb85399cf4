"""The CVT angle / context noise knobs of the sim (an assumption, default off)."""

from __future__ import annotations

import json

from spatioxolver.models._sim import answer_probe
from spatioxolver.models._sim_profiles import resolve_profile
from spatioxolver.scenes import generate


def _error_rates(lines, root, profile, *, position=None):  # noqa: ANN001, ANN202
    rates = {}
    for view in ("0", "180"):
        wrong = total = 0
        for line in lines:
            if line["meta"]["view"] != view:
                continue
            scene = json.loads((root / line["scenes"][0]).read_text())
            meta = dict(line["meta"], batch_position=position) if position else line["meta"]
            for rep in range(20):
                example = {
                    "id": f"{line['id']}-{rep}",
                    "query": line["query"],
                    "answer": line["answer"],
                    "meta": meta,
                }
                pred = answer_probe(profile, {"kind": "cvt", "scenes": [scene], "example": example})[1]
                wrong += pred != line["answer"]
                total += 1
        rates[view] = wrong / total
    return rates


def test_angle_and_context_knobs_raise_the_error_where_they_should(tmp_path):
    manifest = generate("cvt", tmp_path, scenes=4, seed=11, workers=1, progress=False, width=160, height=120)
    lines = [json.loads(x) for x in manifest.read_text().splitlines()]
    base = resolve_profile("custom", {"sigma_h": 0.3, "sigma_d": 0.3})
    plain = _error_rates(lines, tmp_path, base)
    tilted = _error_rates(
        lines, tmp_path, resolve_profile("custom", {"sigma_h": 0.3, "sigma_d": 0.3, "cvt_angle_gain": 3.0})
    )
    assert tilted["0"] == plain["0"]  # |sin(0)| = 0: same draws, same answers
    assert tilted["180"] > plain["180"] + 0.05
    late = _error_rates(
        lines,
        tmp_path,
        resolve_profile("custom", {"sigma_h": 0.3, "sigma_d": 0.3, "cvt_context_gain": 0.5}),
        position=9,
    )
    first = _error_rates(
        lines,
        tmp_path,
        resolve_profile("custom", {"sigma_h": 0.3, "sigma_d": 0.3, "cvt_context_gain": 0.5}),
        position=1,
    )
    assert first == _error_rates(lines, tmp_path, base, position=1)
    assert late["0"] > first["0"] + 0.05
