"""Test-wide guards: no connection may leave the machine, no real key may be used."""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


class NonLoopbackConnection(AssertionError):
    """A test tried to reach an address outside 127.0.0.0/8 / ::1."""


def _is_loopback(address: object) -> bool:
    if isinstance(address, tuple) and address:
        host = address[0]
    elif isinstance(address, (str, bytes)):
        return True  # AF_UNIX socket path
    else:
        return False
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False  # a host name other than localhost would need DNS: refuse


def _guarded_connect(self: socket.socket, address: object) -> None:
    if not _is_loopback(address):
        raise NonLoopbackConnection(f"test tried to connect to non-loopback address {address!r}")
    return _real_connect(self, address)


def _guarded_connect_ex(self: socket.socket, address: object) -> int:
    if not _is_loopback(address):
        raise NonLoopbackConnection(f"test tried to connect to non-loopback address {address!r}")
    return _real_connect_ex(self, address)


@pytest.fixture(autouse=True)
def _private_response_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test gets its own response cache: no test sees replies cached by another run."""
    monkeypatch.setenv("SPATIOXOLVER_CACHE", str(tmp_path / "responses.sqlite"))


@pytest.fixture(autouse=True)
def _no_network(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.node.get_closest_marker("network"):
        return
    monkeypatch.setattr(socket.socket, "connect", _guarded_connect)
    monkeypatch.setattr(socket.socket, "connect_ex", _guarded_connect_ex)


@pytest.fixture(scope="session")
def test_plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``tests/test_package`` (the ``echo_counter`` agent) installed with pip into a folder.

    Put the returned folder on ``PYTHONPATH`` of a subprocess to have the plug-in installed.
    It is built from a copy, so no build/ or *.egg-info is left in the working tree.
    """
    root = tmp_path_factory.mktemp("plugin")
    package = root / "test_package"
    source = Path(__file__).resolve().parent / "test_package"
    shutil.copytree(source, package, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    target = root / "site"
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--target",
            str(target),
            str(package),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr
    return target


@pytest.fixture(scope="session")
def previous():
    """``benchmarks/_previous.py``: the implementations issue 16 replaced, the references the
    equivalence tests compare the new code with (one copy, shared with the benchmarks)."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "_previous.py"
    spec = importlib.util.spec_from_file_location("spatioxolver_bench_previous", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
