"""``spatioxolver view``: write the static per-example viewer of run directories, and serve it.

Example::

    spatioxolver eval data/ctr --model sim/gpt-4o --graph agentic --traces --run-dir runs/a
    spatioxolver view runs/a runs/d --out runs/viewer --serve --port 8020
"""

from __future__ import annotations

import argparse
from typing import Any

from spatioxolver.errors import ConfigError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "view",
        help="write a static per-example viewer of run directories (and serve it on 127.0.0.1)",
        description="Write a static site (opens from file://, offline) listing every example of the runs "
        "with filters, and one page per example: images with the scene-graph overlay, question, gold, "
        "each run's answer, the agent trace step by step and the repaired cycles. Keep traces with "
        "'spatioxolver eval --traces'.",
    )
    parser.add_argument("run_dirs", nargs="+", metavar="RUN_DIR", help="run directories written by 'eval'")
    parser.add_argument("--out", default="viewer", help="output folder (default ./viewer)")
    parser.add_argument("--serve", action="store_true", help="serve the site on 127.0.0.1 after writing it")
    parser.add_argument(
        "--port", type=int, default=8020, help="port for --serve (default 8020, 0 = any free)"
    )
    parser.add_argument("--duration", type=float, default=None, help=argparse.SUPPRESS)  # tests
    parser.set_defaults(handler=_handle)


def _handle(args: argparse.Namespace) -> int:
    import threading
    from pathlib import Path

    from spatioxolver.evals.viewer import viewer_server, write_viewer

    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port {args.port} is not a valid TCP port")
    result = write_viewer(args.run_dirs, args.out)
    for warning in result["warnings"]:
        print(f"warning: {warning}")
    index = Path(result["index"]).resolve()
    print(
        f"viewer: {index} ({result['examples']} examples from {result['runs']} runs, "
        f"{result['images']} images, index {result['index_bytes'] / 1024:.0f} KiB, {result['seconds']:.1f} s)"
    )
    if not args.serve:
        return 0
    try:
        server = viewer_server(index.parent, args.port)
    except OSError as exc:
        raise ConfigError(
            f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}; pick another --port"
        ) from None
    host, port = server.server_address[:2]
    print(f"serving the viewer at http://{host}:{port}/index.html; Ctrl-C to stop", flush=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        threading.Event().wait(args.duration)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        server.server_close()
    return 0
