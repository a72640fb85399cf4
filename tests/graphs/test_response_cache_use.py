"""What the response cache keeps: only replies that parsed; `--no-cache` bypasses it for `ask`."""

from __future__ import annotations

import pytest

from spatioxolver.testing import LocalServer

QUESTION = "Which object is to the left of the other: 1 or 2?"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SPATIOXOLVER_CACHE", str(tmp_path / "responses.sqlite"))


def _ask_cli(image: str, url: str, *extra: str) -> int:
    from spatioxolver.cli._app import main

    return main(
        [
            "ask",
            image,
            QUESTION,
            "--model",
            "openai/local-model",
            "--api-base",
            url,
            "--graph",
            "direct",
            *extra,
        ]
    )


def test_ask_reads_the_cache_unless_told_not_to(tmp_path, boxes_view, capsys) -> None:
    from PIL import Image

    image = str(tmp_path / "scene.png")
    Image.fromarray(boxes_view.rgb).save(image)
    with LocalServer(default="Object 2.") as srv:
        assert _ask_cli(image, srv.url) == 0 and _ask_cli(image, srv.url) == 0
        assert len(srv.requests) == 1  # the second answer came from the cache
        assert _ask_cli(image, srv.url, "--no-cache") == 0
        assert len(srv.requests) == 2
    assert capsys.readouterr().out.count("2") >= 3
