"""HTML of the viewer's pages. Every text that came from a run, a dataset or a model goes
through :func:`html.escape` (or, inside ``<script type="application/json">``, through
:func:`script_json`), so a reply such as ``</pre><script>...`` stays text."""

from __future__ import annotations

import html
import json
from typing import Any

from spatioxolver.evals.viewer._collect import Item, RunInfo

__all__ = ["script_json", "index_page", "example_page", "outcome_code"]

_STEP_FIELDS = ("node", "agent", "backend", "seconds", "usage", "calls", "from_cache")
#: Trace fields that hold the text of a model exchange, shown in full (collapsed) when present.
_TEXT_FIELDS = ("prompt", "messages", "system", "reply", "response", "raw", "raw_reply", "parsed", "error")


_RESULT = {"c": "correct", "w": "wrong", "e": "error", ".": "not answered"}


def esc(value: Any) -> str:
    if value is None:
        return ""
    if type(value) in (int, float, bool):  # the common case in traces: nothing to escape
        return str(value)
    return html.escape(str(value), quote=True)


def script_json(value: Any) -> str:
    """JSON safe inside ``<script type="application/json">``: no ``<`` can close the element."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=str)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def outcome_code(row: dict[str, Any] | None) -> str:
    """``c`` correct, ``w`` wrong, ``e`` error, ``.`` not in the run."""
    if row is None:
        return "."
    if row.get("status") != "ok":
        return "e"
    return "c" if row.get("correct") is True else "w"


def _head(title: str, prefix: str) -> str:
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'>"
        f"<title>{esc(title)}</title><link rel='stylesheet' href='{prefix}viewer.css'></head><body>"
    )


def index_page(runs: list[RunInfo], rows: list[list[Any]], warnings: list[str]) -> str:
    """The example list; rows are ``[page, id, dataset, category, subcategory, outcomes, flags]``."""
    data = {
        "runs": [{"label": r.label, "graph": r.graph, "dataset": r.dataset, "dir": r.dir} for r in runs],
        "items": rows,
    }
    notes = "".join(f"<p class='note'>{esc(w)}</p>" for w in warnings)
    return (
        _head("SpatioXolver run viewer", "")
        + "<h1>SpatioXolver run viewer</h1>"
        + f"<p>{len(runs)} runs, {len(rows)} examples. Simulated runs are labelled (simulated).</p>{notes}"
        + "<div class='filters'>"
        "<label>benchmark<select id='f-dataset'><option value=''>all</option></select></label>"
        "<label>category<select id='f-category'><option value=''>all</option></select></label>"
        "<label>run<select id='f-run'><option value=''>all runs</option></select></label>"
        "<label>result<select id='f-result'><option value=''>any</option>"
        "<option value='c'>correct</option><option value='w'>incorrect</option>"
        "<option value='e'>error</option></select></label>"
        "<label>agentic vs direct<select id='f-flag'><option value=''>any</option>"
        "<option value='d'>answers differ</option><option value='a'>agentic right, direct wrong</option>"
        "<option value='r'>direct right, agentic wrong</option></select></label>"
        "<label>id contains<input id='f-id' type='search'></label>"
        "<span id='count'></span></div>"
        "<table><thead><tr><th>example</th><th>benchmark</th><th>category</th><th>subcategory</th>"
        "<th>result</th><th>agentic vs direct</th></tr></thead><tbody id='rows'></tbody></table>"
        "<button id='more' type='button'>show more</button>"
        f"<script type='application/json' id='viewer-data'>{script_json(data)}</script>"
        "<script src='index.js'></script></body></html>"
    )


def _value(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)


def _overlay(item: Item, runs: list[RunInfo], images: list[str]) -> tuple[str, dict[str, list[Any]]]:
    """The image frames with the scene graph of the first run that recorded one (agentic first)."""
    order = sorted(item.answers, key=lambda k: (runs[k].graph != "agentic", k))
    source = next((k for k in order if isinstance(item.answers[k].get("scene_graph"), dict)), None)
    graph = item.answers[source]["scene_graph"] if source is not None else {"objects": [], "images": []}
    masks: dict[str, list[Any]] = {}
    frames = []
    for frame, src in enumerate(images):
        size = (graph.get("images") or [])[frame] if frame < len(graph.get("images") or []) else None
        objects = [o for o in graph.get("objects") or [] if int(o.get("frame") or 0) == frame]
        width = (size or {}).get("width") or next(
            (o["mask"]["size"][1] for o in objects if o.get("mask")), None
        )
        height = (size or {}).get("height") or next(
            (o["mask"]["size"][0] for o in objects if o.get("mask")), None
        )
        marks = []
        unit = max(float(width or 0), float(height or 0)) / 240 or 1.0
        if width and height:
            for k, obj in enumerate(objects):
                box = obj.get("bbox")
                colour = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442")[k % 7]
                if box and len(box) == 4:
                    x0, y0, x1, y1 = (float(v) for v in box)
                    marks.append(
                        f"<rect x='{x0:.1f}' y='{y0:.1f}' width='{x1 - x0:.1f}' height='{y1 - y0:.1f}' "
                        f"stroke='{colour}'/><text x='{x0 + 1:.1f}' y='{y0 - 1 if y0 > 10 * unit else y0 + 9 * unit:.1f}'>"
                        f"{esc(obj.get('id'))}{(' ' + esc(obj.get('label'))) if obj.get('label') else ''}</text>"
                    )
            masks[str(frame)] = [o["mask"] for o in objects if isinstance(o.get("mask"), dict)]
        # Sizes in image pixels, so labels keep their size relative to the image at any resolution.
        svg = (
            f"<svg viewBox='0 0 {width} {height}' preserveAspectRatio='none' font-size='{9 * unit:.1f}' "
            f"stroke-width='{0.8 * unit:.2f}'>{''.join(marks)}</svg>"
            if width and height
            else ""
        )
        canvas = f"<canvas data-frame='{frame}'></canvas>" if masks.get(str(frame)) else ""
        frames.append(
            f"<div class='frame'><img src='{esc(src)}' alt='image {frame + 1} of {esc(item.id)}'>{canvas}{svg}</div>"
        )
    if not images:
        return "<p>No image recorded for this example.</p>", masks
    caption = (
        f"Scene graph of {esc(runs[source].label)}: {len(graph.get('objects') or [])} objects (boxes, ids, labels, masks)."
        if source is not None
        else "No run recorded a scene graph for this example (run 'spatioxolver eval --traces' with a graph that builds one)."
    )
    toggle = (
        "<label><input type='checkbox' id='overlay-toggle' checked> overlay</label> "
        if source is not None
        else ""
    )
    return f"<p>{toggle}{caption}</p><div class='frames'>{''.join(frames)}</div>", masks


def _cost(cost: Any, row: dict[str, Any]) -> str:
    from spatioxolver.evals.metrics.summary import free_model

    if cost is None:
        return "0 (free backend)" if free_model(row.get("model")) else "unknown"
    return esc(cost)


def _answers_table(item: Item, runs: list[RunInfo]) -> str:
    head = "<tr><th>run</th><th>answer</th><th>value</th><th>result</th><th>latency s</th><th>tokens in/out</th><th>cost USD</th></tr>"
    body = []
    for k in sorted(item.answers):
        row = item.answers[k]
        code = outcome_code(row)
        result = {"c": "correct", "w": "wrong", "e": "error: " + str(row.get("error") or "")}[code]
        usage = row.get("usage") or {}
        cost = usage.get("cost_usd")
        body.append(
            f"<tr class='answer'><td>{esc(runs[k].label)}</td><td>{esc(row.get('text'))}</td>"
            f"<td>{esc(_value(row.get('value')))}</td><td class='{code}'>{esc(result)}</td>"
            f"<td>{esc(row.get('latency_s'))}</td>"
            f"<td>{esc(usage.get('prompt_tokens', '–'))}/{esc(usage.get('completion_tokens', '–'))}</td>"
            f"<td>{_cost(cost, row)}</td></tr>"
        )
    return f"<table>{head}{''.join(body)}</table>"


def _long(name: str, value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, indent=1, ensure_ascii=False, default=str)
    return f"<details class='exchange'><summary>{esc(name)}</summary><pre>{esc(text)}</pre></details>"


def _call_block(n: int, call: dict[str, Any]) -> str:
    """One model call of a step: prompt and reply (and any error) in full, collapsed; the rest inline."""
    parts = []
    for key, value in call.items():
        if key in _TEXT_FIELDS or key.endswith("_hash"):
            continue
        if key == "usage" and isinstance(value, dict):
            cost = value.get("cost_usd")
            value = f"{value.get('prompt_tokens', 0)}/{value.get('completion_tokens', 0)} tokens, " + (
                "cost unknown" if cost is None else f"${cost}"
            )
        parts.append(f"{key} {_value(value)}")
    head = f"<div class='call'>call {n}: {esc(', '.join(parts))}</div>"
    return head + "".join(
        _long(f"call {n}: {key}", call[key]) for key in _TEXT_FIELDS if call.get(key) is not None
    )


def _extras(entry: dict[str, Any]) -> str:
    """Every field of a trace step beyond the common ones: short ones inline, model text collapsed.

    The model calls of a step (``model_calls``, as the model seam records them, or a list in
    ``calls``) are shown one by one with their prompt and reply.
    """
    short, long = [], []
    for key, value in entry.items():
        if key in _STEP_FIELDS or key == "model_calls":
            continue
        if (
            key in _TEXT_FIELDS
            or isinstance(value, (dict, list))
            or (isinstance(value, str) and len(value) > 60)
        ):
            long.append(_long(key, value))
        else:
            short.append(f"{esc(key)}: {esc(value)}")
    calls = entry.get("model_calls")
    if not isinstance(calls, list):
        calls = entry.get("calls") if isinstance(entry.get("calls"), list) else []
    long += [_call_block(n, call) for n, call in enumerate(calls, 1) if isinstance(call, dict)]
    return "; ".join(short) + "".join(long)


def _trace(row: dict[str, Any]) -> str:
    steps = row.get("trace")
    if not isinstance(steps, list) or not steps:
        return "<p>No trace recorded (run 'spatioxolver eval --traces' to keep one).</p>"
    head = "<tr><th>#</th><th>agent</th><th>backend</th><th>seconds</th><th>calls</th><th>tokens in/out</th><th>cost USD</th><th>details</th></tr>"
    body = []
    for n, entry in enumerate(steps, 1):
        if not isinstance(entry, dict):
            continue
        usage = entry.get("usage") if isinstance(entry.get("usage"), dict) else {}
        calls = entry.get("calls")
        cost = usage.get("cost_usd")
        cached = " (cached)" if entry.get("from_cache") else ""
        body.append(
            f"<tr class='step'><td>{n}</td><td>{esc(entry.get('agent') or entry.get('node'))}</td>"
            f"<td>{esc(entry.get('backend'))}{cached}</td><td>{esc(entry.get('seconds'))}</td>"
            f"<td>{esc(len(calls) if isinstance(calls, list) else calls)}</td>"
            f"<td>{esc(usage.get('prompt_tokens', 0))}/{esc(usage.get('completion_tokens', 0))}</td>"
            f"<td>{'–' if cost is None else esc(cost)}</td><td>{_extras(entry)}</td></tr>"
        )
    return f"<table class='trace'>{head}{''.join(body)}</table>"


def _repairs(row: dict[str, Any]) -> str:
    repairs = [r for r in row.get("repairs") or [] if isinstance(r, dict)]
    if not repairs:
        return ""
    lines = []
    for r in repairs:
        flipped = r.get("flipped") or []
        pairs = ", ".join(
            f"{esc(p[0])}→{esc(p[1])}" if isinstance(p, (list, tuple)) and len(p) == 2 else esc(p)
            for p in flipped
        )
        lines.append(
            f"<tr class='repair'><td>{esc(r.get('axis'))}</td><td>{esc(r.get('ctr_before'))}</td><td>{esc(r.get('ctr_after'))}</td>"
            f"<td>{len(flipped)}</td><td>{pairs or '–'}</td><td>{esc(r.get('optimal'))}</td></tr>"
        )
    return (
        "<h3>Consistency repairs</h3><table><tr><th>axis</th><th>CTR before</th><th>CTR after</th>"
        f"<th>pairs flipped</th><th>flipped (was i before j → now j before i)</th><th>optimal</th></tr>{''.join(lines)}</table>"
    )


def example_page(
    item: Item, runs: list[RunInfo], images: list[str], prev_page: str | None, next_page: str | None
) -> str:
    """One example: question, gold, images with overlay, each run's answer, trace and repairs."""
    nav = "<nav><a href='../index.html'>all examples</a>"
    nav += f"<a href='{prev_page}.html' rel='prev'>← previous</a>" if prev_page else ""
    nav += f"<a href='{next_page}.html' rel='next'>next →</a>" if next_page else ""
    nav += "</nav>"
    where = " / ".join(esc(x) for x in (item.category, item.subcategory) if x)
    gold = esc(_value(item.gold))
    choices = (
        "<ol class='choices'>" + "".join(f"<li>{esc(c)}</li>" for c in item.choices) + "</ol>"
        if item.choices
        else ""
    )
    overlay, masks = _overlay(item, runs, images)
    traces = []
    for k in sorted(item.answers, key=lambda k: (runs[k].graph != "agentic", k)):
        row = item.answers[k]
        opened = " open" if not traces else ""
        traces.append(
            f"<details class='run'{opened}><summary>{esc(runs[k].label)} — {len(row.get('trace') or [])} steps, "
            f"{_RESULT[outcome_code(row)]}"
            f"</summary>{_trace(row)}{_repairs(row)}</details>"
        )
    note = f"<p class='note'>{esc(item.note)}</p>" if item.note else ""
    return (
        _head(item.id, "../")
        + nav
        + f"<h1>{esc(item.id)}</h1><p>{esc(item.dataset)} · {esc(item.benchmark)}{' · ' + where if where else ''}</p>"
        + note
        + f"<h2>Question</h2><p class='q' id='question'>{esc(item.question) if item.question else '–'}</p>{choices}"
        + f"<h2>Gold</h2><p id='gold'>{gold}</p>"
        + f"<h2>Image</h2>{overlay}"
        + f"<h2>Answers</h2>{_answers_table(item, runs)}"
        + f"<h2>Agent traces</h2>{''.join(traces)}"
        + f"<script type='application/json' id='masks'>{script_json(masks)}</script>"
        + "<script src='../example.js'></script></body></html>"
    )
