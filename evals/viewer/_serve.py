"""Serve a written viewer on 127.0.0.1 (the site also works from file:// without it)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

__all__ = ["viewer_server"]


def viewer_server(root: str | Path, port: int = 0) -> Any:
    """A ``ThreadingHTTPServer`` on 127.0.0.1 serving ``root`` (not started; call
    ``serve_forever``). Port 0 picks a free port; ``server.server_address`` tells which.

    Raises:
        OSError: the port cannot be bound.
    """
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class _Quiet(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            return

    handler = functools.partial(_Quiet, directory=str(root))
    return ThreadingHTTPServer(("127.0.0.1", port), handler)
