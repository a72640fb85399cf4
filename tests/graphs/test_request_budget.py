"""How many HTTP requests a failing model costs: one retry loop (the client's), at most 5
attempts per call, 1 for a final 4xx, and a run that stops when the server is gone."""

from __future__ import annotations

import socket

import pytest

from spatioxolver.api import aask
from spatioxolver.errors import ModelError, ModelUnavailableError
from spatioxolver.testing import LocalServer

QUESTION = "Which object is to the left of the other: 1 or 2?"


def _options(url: str, **extra) -> dict:
    model_options = {"backoff_base": 0.001, "backoff_max": 0.01, "timeout": 5.0, "cache": False, **extra}
    return {"model": "openai/local-model", "api_base": url, "model_options": model_options}


@pytest.fixture
def image(boxes_view):
    return boxes_view.rgb


@pytest.mark.parametrize("graph", ["direct", "agentic", "cot_rank"])
async def test_a_persistent_server_error_costs_five_requests(image, graph) -> None:
    with LocalServer(default={"status": 500}) as srv:
        with pytest.raises(ModelError, match="server error"):
            await aask(
                image, QUESTION, graph=graph, marks={"1": (10, 10), "2": (50, 10)}, **_options(srv.url)
            )
        assert len(srv.requests) == 5  # the first call failed; nothing retried it again


@pytest.mark.parametrize("status", [400, 404, 422])
async def test_a_final_client_error_costs_one_request(image, status) -> None:
    with LocalServer(default={"status": status}) as srv:
        with pytest.raises(ModelError):
            await aask(image, QUESTION, graph="direct", **_options(srv.url))
        assert len(srv.requests) == 1


@pytest.mark.parametrize("status", [408, 409, 429, 503])
async def test_transient_statuses_are_retried_then_succeed(image, status) -> None:
    with LocalServer(queue=[{"status": status}, {"status": status}], default="Object 2.") as srv:
        answer = await aask(image, QUESTION, graph="direct", **_options(srv.url))
        assert answer.value == "2" and len(srv.requests) == 3


async def test_a_dead_server_stops_the_client_after_two_unreachable_calls(image) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    from spatioxolver.models import get_model

    client = get_model("openai/local-model", api_base=url, backoff_base=0.001, backoff_max=0.01, cache=False)
    for _ in range(2):
        with pytest.raises(ModelError, match="cannot reach the server"):
            await aask(image, QUESTION, graph="direct", client=client)
    with pytest.raises(ModelUnavailableError, match="stopped sending requests"):
        await aask(image, QUESTION, graph="direct", client=client)


def test_an_eval_against_a_dead_server_stops_with_one_line(tmp_path, capsys) -> None:
    from spatioxolver.cli._app import main
    from spatioxolver.scenes import generate

    generate("ctr", tmp_path / "data", scenes=2, seed=5, workers=1)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}/v1"
    code = main(
        [
            "eval",
            str(tmp_path / "data"),
            "--model",
            "openai/local-model",
            "--api-base",
            url,
            "--graph",
            "direct",
            "--run-dir",
            str(tmp_path / "run"),
            "--concurrency",
            "1",
            "--model-option",
            "backoff_base=0.001",
            "--model-option",
            "backoff_max=0.01",
        ]
    )
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and err[-1].startswith("error:") and "stopped sending requests" in err[-1]
    rows = (tmp_path / "run" / "results.jsonl").read_text().splitlines()
    assert len(rows) == 2  # two examples failed to connect, then the run stopped (resume later)
