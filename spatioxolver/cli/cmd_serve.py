"""``spatioxolver serve``: run the local OpenAI-compatible server for dry runs.

Example::

    spatioxolver serve --port 8011 --latency 0.2 --script replies.json
    spatioxolver ask scene.png "..." --model openai/local-model --api-base http://127.0.0.1:8011/v1
"""

from __future__ import annotations

import argparse
from typing import Any

from spatioxolver.errors import ConfigError, InputError


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run a local OpenAI-compatible server with scripted replies (dry runs, tests)",
        description="Serve /v1/chat/completions and /v1/models on 127.0.0.1 with scripted replies. "
        "Use it as api_base=http://127.0.0.1:PORT/v1 with model 'openai/<any-name>'.",
    )
    parser.add_argument("--port", type=int, default=8011, help="TCP port on 127.0.0.1 (0 = any free port)")
    parser.add_argument("--latency", type=float, default=0.0, help="seconds to wait before each reply")
    parser.add_argument(
        "--script",
        default=None,
        help='JSON file {"rules": [{"match": REGEX, "reply": ...}], "queue": [...], "default": ...}',
    )
    parser.add_argument(
        "--default", dest="default_reply", default=None, help="reply when nothing else applies"
    )
    parser.add_argument(
        "--duration", type=float, default=None, help=argparse.SUPPRESS
    )  # tests: stop after N s
    parser.set_defaults(handler=_handle)


def _load_script(path: str) -> Any:
    import json
    from pathlib import Path

    from spatioxolver.testing import Script

    file = Path(path)
    if not file.is_file():
        raise InputError(f"script file not found: {file}")
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"script file {file} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InputError(f"script file {file} must hold a JSON object with rules / queue / default")
    try:
        return Script.from_dict(data)
    except InputError as exc:  # names the rule / queue item: "rule 1: bad regex '(' (...)"
        raise InputError(f"{file}: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(f"script file {file} is malformed: {exc}") from None


def _handle(args: argparse.Namespace) -> int:
    import threading

    from spatioxolver.testing import LocalServer, Script

    if args.latency < 0:
        raise ConfigError("--latency must be >= 0")
    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port {args.port} is not a valid TCP port")
    script = _load_script(args.script) if args.script else Script()
    if args.default_reply is not None:
        script.default = args.default_reply
    server = LocalServer(port=args.port, latency=args.latency, script=script)
    try:
        server.start()
    except OSError as exc:
        raise ConfigError(
            f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}; pick another --port"
        ) from None
    print(
        f"serving OpenAI-compatible API at {server.url} (model: openai/<any-name>); Ctrl-C to stop",
        flush=True,
    )
    try:
        threading.Event().wait(args.duration)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0
