"""The simulated client rejects options it does not know (QA2 P1 #8)."""

from __future__ import annotations

import pytest

from spatioxolver.errors import ConfigError
from spatioxolver.models import get_model


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"sigma_x": 1.0}, ("sigma_x", "known: seed, latency, sigma, sigma_h")),
        ({"temperature": 0.2, "sigmad": 1}, ("sigmad, temperature",)),
        ({"sigma": "wide"}, ("sigma='wide'", "not a number")),
        ({"sigma": -1}, ("must be >= 0",)),
        ({"seed": "x"}, ("seed='x'",)),
    ],
)
def test_sim_rejects_bad_options(options, words):
    with pytest.raises(ConfigError) as info:
        get_model("sim/custom", **options)
    message = str(info.value)
    assert "\n" not in message and all(w in message for w in words)


def test_sim_accepts_known_options():
    client = get_model("sim/custom", sigma=0.5, sigma_d=0.1, bias=0.2, seed=3, attribute_error=0.1)
    assert (client.profile.sigma_h, client.profile.sigma_d, client.profile.bias) == (0.5, 0.1, 0.2)
    assert client.seed == 3
    # transport options generic callers pass to every client are accepted and ignored
    assert get_model("sim/gpt-4o", api_base="http://127.0.0.1:1", cache=False).simulated
