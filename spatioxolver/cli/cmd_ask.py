"""``spatioxolver ask`` and ``spatioxolver scene``.

``ask IMAGE [IMAGE ...] "QUESTION" [--model M] [--api-base URL] [--graph G] [--clean-image PATH ...]
[--marks JSON|FILE] [--json] [--trace] [--progress]`` answers a question (``ask --example
MANIFEST:ID`` takes the images, question, marks, clean images and ground truth of a generated
example, exactly as ``spatioxolver eval`` does); ``scene IMAGE [--out scene.json] [--viz overlay.png] [--graphml out.graphml]``
writes the scene graph, an overlay (masks, ids, labels, relation arrows) and GraphML.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spatioxolver.errors import InputError

__all__ = ["add_parser", "draw_overlay", "graphml_graph"]


def add_parser(subparsers: Any) -> None:
    ask = subparsers.add_parser(
        "ask",
        help="answer a spatial question about an image (or several views)",
        usage="spatioxolver ask [options] IMAGE [IMAGE ...] QUESTION\n"
        "       spatioxolver ask [options] --example MANIFEST:ID [QUESTION]",
    )
    ask.add_argument(
        "inputs",
        nargs="*",
        metavar="IMAGE/QUESTION",
        help="one or more image paths (several views: the first is the reference) followed by one "
        "question; with --example only an optional QUESTION that replaces the example's",
    )
    ask.add_argument(
        "--model",
        default="geometric",
        help="geometric (default, offline), sim/<profile>, or a litellm provider/model",
    )
    ask.add_argument("--api-base", default=None, help="base URL of an OpenAI-compatible server")
    ask.add_argument("--graph", default="agentic", help="agentic (default), direct or cot-rank")
    ask.add_argument(
        "--marks",
        default=None,
        help="JSON {label: [x, y]} anchors of labels drawn on the image (set-of-marks)",
    )
    ask.add_argument(
        "--clean-image",
        action="append",
        default=None,
        metavar="PATH",
        help="overlay-free render of an image for the geometric pipeline (repeat, same order as the images)",
    )
    ask.add_argument(
        "--example",
        default=None,
        metavar="MANIFEST[:ID]",
        help="a `spatioxolver generate` example (directory or manifest.jsonl, then ':' and the id, or "
        "--id): its images, question, marks, clean images and ground truth (needed by sim/ models)",
    )
    ask.add_argument("--id", default=None, help="the example id for --example")
    ask.add_argument(
        "--repair",
        default="auto",
        choices=("auto", "score", "local", "exact"),
        help="consistency repair method (agentic graph)",
    )
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument("--trace", action="store_true", help="also print the per-node trace")
    ask.add_argument("--progress", action="store_true", help="show live per-node events on stderr")
    ask.set_defaults(handler=_ask)

    scene = subparsers.add_parser("scene", help="build the scene graph of an image")
    scene.add_argument("image", help="image path")
    scene.add_argument("--model", default="geometric", help="geometric (default) or a model string")
    scene.add_argument("--api-base", default=None, help="base URL of an OpenAI-compatible server")
    scene.add_argument("--out", default=None, help="write the scene graph JSON here (default: stdout)")
    scene.add_argument("--viz", default=None, help="write an overlay PNG (masks, ids, labels, arrows)")
    scene.add_argument("--graphml", default=None, help="write the scene graph as GraphML")
    scene.set_defaults(handler=_scene)


def _marks(text: str | None) -> dict[str, Any] | None:
    if not text:
        return None
    path = Path(text)
    if path.is_file():
        try:
            value = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"--marks {text}: not a JSON file ({exc})") from None
    else:
        try:
            value = json.loads(text)
        except ValueError as exc:
            if not text.lstrip().startswith("{"):
                raise InputError(f"--marks {text}: no such file (nor inline JSON)") from None
            raise InputError(f"--marks is not valid JSON: {exc}") from None
    if not isinstance(value, dict):
        raise InputError("--marks must be a JSON object {label: [x, y]}")
    return value


def _example_call(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """``aask`` keyword arguments of ``--example`` (the evals runner's own builder)."""
    from spatioxolver.evals.evaluate import find_example
    from spatioxolver.evals.runner import example_call

    spec, example_id = str(args.example), args.id
    if example_id is None:
        head, sep, tail = spec.rpartition(":")
        if not sep or not head or not tail:
            raise InputError("--example needs an id: --example MANIFEST:ID or --example MANIFEST --id ID")
        spec, example_id = head, tail
    if not Path(spec).exists():
        raise InputError(f"--example {spec}: no such file or directory")
    example = find_example(spec, example_id)
    call = example_call(example, model=args.model, graph=args.graph, options=options)
    if len(args.inputs) > 1:
        raise InputError("with --example give at most a QUESTION; the images come from the example")
    if args.inputs:
        if args.model.strip().startswith("sim/"):
            raise InputError(
                "a simulated model answers the example's own question (from its ground truth); drop QUESTION"
            )
        call["question"] = args.inputs[0]
    return call


def _ask(args: argparse.Namespace) -> int:
    from spatioxolver.api import ask

    options: dict[str, Any] = {"repair_method": args.repair}
    if args.api_base:
        options["api_base"] = args.api_base
    if args.example:
        call = _example_call(args, options)
    else:
        if args.id is not None:
            raise InputError("--id goes with --example MANIFEST")
        if len(args.inputs) < 2:
            raise InputError('give an image and a question: spatioxolver ask IMAGE [IMAGE ...] "QUESTION"')
        if args.model.strip().startswith("sim/"):
            raise InputError(
                f"{args.model.strip()} is a simulated model: it answers from a generated scene's ground "
                "truth; use --example MANIFEST:ID (a `spatioxolver generate` example)"
            )
        *images, question = args.inputs
        call = {"images": images, "question": question, "model": args.model, "graph": args.graph, **options}
    images = call.pop("images")
    question = call.pop("question")
    if args.clean_image:
        if len(args.clean_image) != len(images):
            raise InputError(
                f"{len(args.clean_image)} --clean-image path(s) for {len(images)} image(s); give one per image"
            )
        call["clean_images"] = list(args.clean_image)
    marks = _marks(args.marks)
    if marks:
        call["marks"] = marks
    if args.progress:
        call["on_event"] = _print_event
    answer = ask(images if len(images) != 1 else images[0], question, **call)
    if args.json:
        out = {
            "answer": answer.text,
            "value": answer.value,
            "choice": answer.choice,
            "graph": answer.graph,
            "model": answer.model,
            "simulated": answer.simulated,
            "usage": answer.usage.model_dump(),
            "repairs": answer.repairs,
            "prompt_hashes": answer.prompt_hashes,
            "error": answer.error,
        }
        if args.trace:
            out["trace"] = answer.trace
        print(json.dumps(out, default=str))
        return 0
    print(answer.text)
    if args.trace:
        for entry in answer.trace:
            extra = {
                k: v for k, v in entry.items() if k not in ("node", "agent", "backend", "seconds", "usage")
            }
            print(
                f"  {entry['node']:<16} {entry['backend']:<12} {entry['seconds'] * 1000:8.1f} ms  {extra}",
                file=sys.stdout,
            )
    return 0


def _print_event(event: dict[str, Any]) -> None:
    """One stderr line per node start / end (the graph's live custom stream)."""
    if event.get("event") == "start":
        print(f"... {event.get('node')} ({event.get('backend')})", file=sys.stderr, flush=True)
    elif event.get("event") == "end":
        print(
            f"ok  {event.get('node')} {float(event.get('seconds', 0.0)) * 1000:.1f} ms",
            file=sys.stderr,
            flush=True,
        )
    elif event.get("event") == "error":
        print(f"err {event.get('node')}: {event.get('error')}", file=sys.stderr, flush=True)


def _scene(args: argparse.Namespace) -> int:
    from spatioxolver.api import build_scene_graph
    from spatioxolver.images import load_image

    rgb = load_image(args.image)
    options: dict[str, Any] = {"api_base": args.api_base} if args.api_base else {}
    graph = build_scene_graph(rgb, model=args.model, **options)
    text = graph.to_json(indent=2)
    if args.out:
        _write(Path(args.out), text.encode())
    elif not args.viz and not args.graphml:
        print(text)
    if args.viz:
        import cv2

        overlay = draw_overlay(rgb, graph)
        ok, buf = cv2.imencode(".png", cv2.cvtColor(overlay, cv2.COLOR_RGB2BGR))
        _write(Path(args.viz), buf.tobytes())
    if args.graphml:
        import networkx as nx

        try:
            nx.write_graphml(graphml_graph(graph), args.graphml)
        except OSError as exc:
            raise InputError(f"cannot write {args.graphml}: {exc.strerror or exc}") from None
    if args.out or args.viz or args.graphml:
        print(f"{len(graph.objects)} objects, {len(graph.relations)} relations")
    return 0


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None


_PALETTE = [
    (230, 25, 75),
    (60, 180, 75),
    (255, 225, 25),
    (0, 130, 200),
    (245, 130, 48),
    (145, 30, 180),
    (70, 240, 240),
    (240, 50, 230),
    (210, 245, 60),
    (250, 190, 212),
]
_AXIS_COLOURS = {"H": (255, 255, 255), "D": (255, 215, 0)}


def draw_overlay(rgb: Any, graph: Any) -> Any:
    """The image with masks (tinted), ids and labels, and arrows along the H (white) and D (gold) orders."""
    import cv2
    import numpy as np

    from spatioxolver.rle import decode_mask

    out = rgb.astype(np.float32).copy()
    objects = [o for o in graph.objects if o.frame == 0]
    for k, obj in enumerate(objects):
        colour = np.array(_PALETTE[k % len(_PALETTE)], np.float32)
        if obj.mask:
            mask = decode_mask(obj.mask).astype(bool)
            if mask.shape == out.shape[:2]:
                out[mask] = 0.55 * out[mask] + 0.45 * colour
    img = np.clip(out, 0, 255).astype(np.uint8)
    centre = {o.id: (int(o.centroid[0]), int(o.centroid[1])) for o in objects if o.centroid}
    for axis, arrow_colour in _AXIS_COLOURS.items():
        order = _order(graph, axis, objects)
        for a, b in zip(order, order[1:], strict=False):
            if a in centre and b in centre:
                cv2.arrowedLine(img, centre[a], centre[b], arrow_colour, 1, cv2.LINE_AA, tipLength=0.08)
    for k, obj in enumerate(objects):
        if obj.bbox is not None:
            x0, y0, x1, y1 = (int(v) for v in obj.bbox)
            cv2.rectangle(img, (x0, y0), (x1, y1), _PALETTE[k % len(_PALETTE)], 1)
            text = obj.id + (f" [{obj.label}]" if obj.label else "")
            cv2.putText(
                img, text, (x0, max(y0 - 3, 10)), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 2, cv2.LINE_AA
            )
            cv2.putText(
                img,
                text,
                (x0, max(y0 - 3, 10)),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.4,
                (255, 255, 255),
                1,
                cv2.LINE_AA,
            )
    return img


def _order(graph: Any, axis: str, objects: list[Any]) -> list[str]:
    from spatioxolver.agents._reasoning._symbolic import _axis_order

    return [o.id for o in _axis_order(graph, axis, objects)]


def graphml_graph(graph: Any) -> Any:
    """A GraphML-safe networkx graph: scalar node/edge attributes only."""
    import networkx as nx

    g = nx.MultiDiGraph()
    for obj in graph.objects:
        a = obj.attributes
        attrs = {
            "label": obj.label,
            "frame": obj.frame,
            "color": a.color,
            "shape": a.shape,
            "size": a.size,
            "material": a.material,
            "depth": obj.depth,
            "area": obj.area,
            "bbox": json.dumps(list(obj.bbox)) if obj.bbox else None,
        }
        g.add_node(obj.id, **{k: v for k, v in attrs.items() if v is not None})
    for rel in graph.relations:
        g.add_edge(
            rel.subject,
            rel.object,
            key=rel.predicate,
            predicate=rel.predicate,
            axis=rel.axis or "",
            confidence=rel.confidence,
            source=rel.source,
        )
    return g
