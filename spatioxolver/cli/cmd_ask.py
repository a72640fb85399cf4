"""``spatioxolver ask`` and ``spatioxolver scene``.

``ask IMAGE [IMAGE ...] "QUESTION" [--model M] [--api-base URL] [--graph G] [--clean-image PATH ...]
[--marks JSON|FILE] [--json] [--trace] [--progress]`` answers a question (``ask --example
MANIFEST:ID`` takes the images, question, marks, clean images and ground truth of a generated
example, exactly as ``spatioxolver eval`` does); ``scene IMAGE [IMAGE ...] [--marks ...]
[--clean-image ...] [--example MANIFEST:ID] [--out scene.json] [--viz overlay.png]
[--graphml out.graphml]`` writes the scene graph, an overlay (outlines, ids, bound labels,
H/D order ranks; see :mod:`spatioxolver.cli._viz`) and GraphML. Both commands share the
input options (:func:`_add_input_options`, :func:`_apply_input_options`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spatioxolver.cli._controls import (
    add_agent_model_flags,
    add_chain_flags,
    add_decoding_flags,
    add_reasoner_flag,
    add_segmentation_flags,
    control_options,
)
from spatioxolver.cli._viz import draw_overlay
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
    _add_input_options(ask)
    ask.add_argument(
        "--repair",
        default="auto",
        choices=("auto", "score", "local", "exact"),
        help="consistency repair method (agentic graph)",
    )
    ask.add_argument(
        "--no-cache",
        action="store_true",
        help="do not read or write the model response cache nor reuse a cached perception",
    )
    add_reasoner_flag(ask)
    add_chain_flags(ask)
    add_decoding_flags(ask, timeout_flags=("--timeout", "--request-timeout"))
    ask.add_argument("--json", action="store_true", help="print one JSON object")
    ask.add_argument("--trace", action="store_true", help="also print the per-node trace")
    ask.add_argument("--progress", action="store_true", help="show live per-node events on stderr")
    ask.set_defaults(handler=_ask)

    scene = subparsers.add_parser(
        "scene",
        help="build the scene graph of an image (or several views)",
        usage="spatioxolver scene [options] IMAGE [IMAGE ...]\n"
        "       spatioxolver scene [options] --example MANIFEST:ID",
    )
    scene.add_argument(
        "images",
        nargs="*",
        metavar="IMAGE",
        help="one or more image paths (several views: the first is the reference); none with --example",
    )
    scene.add_argument("--model", default="geometric", help="geometric (default) or a model string")
    scene.add_argument("--api-base", default=None, help="base URL of an OpenAI-compatible server")
    _add_input_options(scene)
    scene.add_argument("--out", default=None, help="write the scene graph JSON here (default: stdout)")
    scene.add_argument(
        "--viz",
        default=None,
        help="write an overlay PNG of the first image: outlines, ids, bound labels, H/D order ranks",
    )
    scene.add_argument("--graphml", default=None, help="write the scene graph as GraphML")
    scene.set_defaults(handler=_scene)


def _add_input_options(parser: Any) -> None:
    """``--marks``, ``--clean-image``, ``--example`` and ``--id``: the same for ``ask`` and ``scene``."""
    parser.add_argument(
        "--marks",
        default=None,
        help="JSON {label: [x, y]} (inline or a file) anchors of labels drawn on the image (set-of-marks)",
    )
    parser.add_argument(
        "--clean-image",
        action="append",
        default=None,
        metavar="PATH",
        help="overlay-free render of an image for the geometric pipeline (repeat, same order as the images)",
    )
    parser.add_argument(
        "--example",
        default=None,
        metavar="MANIFEST[:ID]",
        help="a `spatioxolver generate` example (directory or manifest.jsonl, then ':' and the id, or "
        "--id): its images, question, marks, clean images and ground truth (needed by sim/ models)",
    )
    parser.add_argument("--id", default=None, help="the example id for --example")
    parser.add_argument(
        "--world-prior",
        default=None,
        metavar="clevr|FILE",
        help="assume this world (lens, camera elevation and distance, object sizes): 'clevr' or a JSON "
        "file (WorldPrior fields); default: none for an image, the example's own for --example",
    )
    parser.add_argument(
        "--labels",
        default=None,
        metavar="A,B,C",
        help="every object label of the image, comma-separated: cot_rank ranks them all (without it, the "
        "marks' labels, else only the objects the question names)",
    )
    parser.add_argument(
        "--agent",
        action="append",
        default=None,
        metavar="NODE=NAME",
        help="run the spatioxolver.agents plug-in NAME instead of the agentic graph's built-in NODE "
        "(segmentation, attributes, relations, symmetry, transformation, consistency, reasoning); repeatable",
    )
    parser.add_argument(
        "--runner",
        default="local",
        choices=("local", "langgraph"),
        help="run the graph in-process (default: the same nodes and edges, starts without importing "
        "LangGraph) or as its compiled LangGraph state machine (what the API and `eval` use)",
    )
    add_agent_model_flags(parser)
    add_segmentation_flags(parser)


def _apply_input_options(args: argparse.Namespace, call: dict[str, Any], n_images: int) -> None:
    """Put ``--clean-image`` / ``--marks`` into ``call`` (they override the example's)."""
    if args.clean_image:
        if len(args.clean_image) != n_images:
            raise InputError(
                f"{len(args.clean_image)} --clean-image path(s) for {n_images} image(s); give one per image"
            )
        call["clean_images"] = list(args.clean_image)
    marks = _marks(args.marks)
    if marks:
        call["marks"] = marks
    if getattr(args, "labels", None) is not None:
        labels = [x.strip() for x in str(args.labels).split(",") if x.strip()]
        if len(labels) < 2 or len(set(labels)) != len(labels):
            raise InputError(
                f"--labels {args.labels!r}: give two or more distinct labels, e.g. --labels 1,2,3"
            )
        call["labels"] = labels
    agents = _agents(getattr(args, "agent", None))
    if agents:
        call["agents"] = agents
    call["runner"] = args.runner
    if getattr(args, "world_prior", None):
        from spatioxolver.world import coerce_world_prior

        call["world_prior"] = coerce_world_prior(args.world_prior).to_dict()


def _agents(specs: list[str] | None) -> dict[str, str]:
    """``--agent NODE=NAME`` (repeatable) as the ``agents`` option."""
    out: dict[str, str] = {}
    for spec in specs or []:
        node, sep, name = str(spec).partition("=")
        if not sep or not node.strip() or not name.strip():
            raise InputError(f"--agent {spec}: use NODE=NAME, e.g. --agent segmentation=my_agent")
        if node.strip() in out:
            raise InputError(f"--agent: node {node.strip()!r} given twice")
        out[node.strip()] = name.strip()
    return out


def _refuse_sim_without_example(args: argparse.Namespace) -> None:
    if args.model.strip().startswith("sim/"):
        raise InputError(
            f"{args.model.strip()} is a simulated model: it answers from a generated scene's ground "
            "truth; use --example MANIFEST:ID (a `spatioxolver generate` example)"
        )


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


def _example_kwargs(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
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
    return example_call(example, model=args.model, graph=getattr(args, "graph", "agentic"), options=options)


def _example_call(args: argparse.Namespace, options: dict[str, Any]) -> dict[str, Any]:
    """``ask --example``: the example's call, with an optional QUESTION override."""
    call = _example_kwargs(args, options)
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
    from spatioxolver.cli._warm import warming_up

    # The images are decoded on another core while the graph's libraries import.
    with warming_up(args.inputs[:-1] if not args.example and len(args.inputs) >= 2 else []):
        return _answer(args)


def _answer(args: argparse.Namespace) -> int:
    from spatioxolver.api import ask

    options: dict[str, Any] = {"repair_method": args.repair, **control_options(args)}
    if args.api_base:
        options["api_base"] = args.api_base
    if args.no_cache:
        options["cache"] = False  # perception cache
        options["model_options"] = {"cache": False}  # response cache (LLM models)
    if args.example:
        call = _example_call(args, options)
    else:
        if args.id is not None:
            raise InputError("--id goes with --example MANIFEST")
        if len(args.inputs) < 2:
            raise InputError('give an image and a question: spatioxolver ask IMAGE [IMAGE ...] "QUESTION"')
        _refuse_sim_without_example(args)
        *images, question = args.inputs
        call = {"images": images, "question": question, "model": args.model, "graph": args.graph, **options}
    images = call.pop("images")
    question = call.pop("question")
    _apply_input_options(args, call, len(images))
    if args.progress:
        call["on_event"] = _print_event
    answer = ask(images if len(images) != 1 else images[0], question, **call)
    if args.json:
        out = {
            "answer": answer.text,
            "value": answer.value,
            "choice": answer.choice,
            "no_answer": answer.no_answer,
            "abstained": answer.abstained,
            "confidence": answer.confidence,
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
        print(_no_secrets(json.dumps(out, default=str)))
        return 0
    print(_no_secrets(answer.text))
    if args.repair == "exact":
        _print_exact_bounds(answer.repairs)
    if args.trace:
        # One short line per node; prompts and replies (model_calls) only under --json --trace.
        hidden = ("node", "agent", "backend", "seconds", "usage", "model_calls", "templates")
        for entry in answer.trace:
            extra = {k: v for k, v in entry.items() if k not in hidden}
            tokens = sum(
                int((entry.get("usage") or {}).get(k) or 0) for k in ("prompt_tokens", "completion_tokens")
            )
            line = f"  {entry['node']:<16} {entry['backend']:<12} {entry['seconds'] * 1000:8.1f} ms  {tokens:6d} tok  {extra}"
            print(_no_secrets(line[:400]), file=sys.stdout)
        print(f"  usage: {_usage_line(answer)}")
    return 0


def _usage_line(answer: Any) -> str:
    """``1200+34 tokens, $0.0012`` (``cost unknown`` when no call had a known price)."""
    from spatioxolver.costs import format_cost
    from spatioxolver.evals.metrics.summary import free_model

    u = answer.usage
    cost = 0.0 if u.cost_usd is None and free_model(answer.model) else u.cost_usd
    return f"{u.prompt_tokens}+{u.completion_tokens} tokens, {format_cost(cost)}"


def _print_exact_bounds(records: list[dict[str, Any]]) -> None:
    """One stderr line per repaired axis: proven optimal, or the gap the time limit left."""
    for r in records:
        agreement, bound = r.get("agreement"), r.get("bound")
        if r.get("optimal"):
            print(f"repair {r.get('axis')}: proven optimal ({r.get('method')})", file=sys.stderr)
        elif agreement is not None and bound is not None:
            print(
                f"repair {r.get('axis')}: not proven optimal within the time limit ({r.get('method')}): "
                f"agreement {agreement:.4f}, upper bound {bound:.4f}, gap {bound - agreement:.4f}",
                file=sys.stderr,
            )


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


def _no_secrets(text: str) -> str:
    """What ``ask`` prints, without any key-like environment value a reply may echo."""
    from spatioxolver.models._secrets import collect_secrets, scrub_text

    return scrub_text(text, collect_secrets())


_IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tif", ".tiff")


def _image_suffix(path: str) -> str:
    """The image format ``--viz PATH`` asks for (by its suffix), checked before any work."""
    suffix = Path(path).suffix.lower()
    if suffix not in _IMAGE_SUFFIXES:
        raise InputError(f"--viz {path}: give an image path ending in {', '.join(_IMAGE_SUFFIXES)}")
    return suffix


def _without_timings(graph: Any) -> Any:
    """The graph with its trace's timings left out, so the same image gives the same file."""
    trace = graph.provenance.get("trace")
    if not trace:
        return graph
    kept = [{k: v for k, v in e.items() if k != "seconds"} for e in trace]
    return graph.model_copy(update={"provenance": {**graph.provenance, "trace": kept}})


def _scene(args: argparse.Namespace) -> int:
    from spatioxolver.api import build_scene_graph
    from spatioxolver.images import load_image

    options: dict[str, Any] = {"api_base": args.api_base} if args.api_base else {}
    options.update(control_options(args))  # --agent-model (scene has no decoding flags)
    if args.example:
        if args.images:
            raise InputError("with --example give no IMAGE; the images come from the example")
        call = _example_kwargs(args, options)
        images = list(call.pop("images"))
        if not images:
            raise InputError(
                f"--example {args.example}: this example has no images (a text or scene-graph one)"
            )
        keep = ("ground_truth", "marks", "clean_images", "api_base", "agent_models", "segmentation_backend",
                "segmentation_options")  # fmt: skip
        call = {k: call[k] for k in keep if call.get(k)}
    else:
        if args.id is not None:
            raise InputError("--id goes with --example MANIFEST")
        if not args.images:
            raise InputError("give an image: spatioxolver scene IMAGE [IMAGE ...] (or --example MANIFEST:ID)")
        _refuse_sim_without_example(args)
        images, call = list(args.images), dict(options)
    _apply_input_options(args, call, len(images))
    viz_format = _image_suffix(args.viz) if args.viz else None
    # The overlay goes on what was segmented: the clean render when there is one.
    shown = load_image((call.get("clean_images") or images)[0])
    graph = build_scene_graph(images if len(images) != 1 else images[0], model=args.model, **call)
    text = _without_timings(graph).to_json(indent=2)
    if args.out:
        _write(Path(args.out), text.encode())
    elif not args.viz and not args.graphml:
        print(text)
    if args.viz:
        import cv2

        overlay = draw_overlay(shown, graph)
        ok, buf = cv2.imencode(viz_format, cv2.cvtColor(overlay, cv2.COLOR_RGB2BGR))
        _write(Path(args.viz), buf.tobytes())
    if args.graphml:
        import networkx as nx

        try:
            nx.write_graphml(graphml_graph(graph), args.graphml)
        except OSError as exc:
            raise InputError(f"cannot write {args.graphml}: {exc.strerror or exc}") from None
    if args.out or args.viz or args.graphml:
        labelled = sum(1 for o in graph.objects if o.label)
        tail = f", {labelled} labelled" if labelled else ""
        print(f"{len(graph.objects)} objects{tail}, {len(graph.relations)} relations")
    return 0


def _write(path: Path, data: bytes) -> None:
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror or exc}") from None


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
