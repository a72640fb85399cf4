"""The conftest guard: loopback connections work, anything else fails before a packet leaves."""

from __future__ import annotations

import socket
import threading

import pytest


def test_non_loopback_connection_is_refused_by_the_guard() -> None:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        with pytest.raises(AssertionError, match="non-loopback"):
            sock.connect(("192.0.2.1", 80))  # TEST-NET-1: never routed; the guard raises first
        with pytest.raises(AssertionError, match="non-loopback"):
            sock.connect_ex(("example.invalid", 443))
    finally:
        sock.close()


def test_loopback_connection_is_allowed() -> None:
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    accepted: list[socket.socket] = []
    thread = threading.Thread(target=lambda: accepted.append(server.accept()[0]))
    thread.start()
    client = socket.create_connection(server.getsockname(), timeout=5)
    thread.join(timeout=5)
    try:
        assert accepted, "loopback connection was not accepted"
    finally:
        client.close()
        for conn in accepted:
            conn.close()
        server.close()
