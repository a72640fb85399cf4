"""``get_model``: one function turning a model string into a client.

Names:
    * ``"geometric"`` -> :class:`GeometricClient` (no language model);
    * ``"sim/<profile>"`` -> :class:`SimulatedClient` (see :mod:`._sim_profiles`);
    * ``"<provider>/<model>"`` -> :class:`LiteLLMClient` (litellm is imported only then).
"""

from __future__ import annotations

from typing import Any

from spatioxolver.errors import ConfigError
from spatioxolver.models._types import ModelClient

__all__ = ["get_model"]


def get_model(name: str, **options: Any) -> ModelClient:
    """Return the client for model string ``name``.

    Args:
        name: ``"geometric"``, ``"sim/<profile>"`` or a litellm ``"provider/model"``.
        **options: backend options (e.g. ``api_base``, ``cache``, ``timeout``,
            ``max_retries``, ``concurrency``, ``rpm`` for litellm; ``seed``, ``sigma_h``,
            ``sigma_v``, ``sigma_d``, ``bias`` for ``sim/custom``).

    Raises:
        ConfigError: empty or unknown name, unknown provider prefix (the message lists the
            known ones), unknown sim profile, missing API key (names the variable).

    Example:
        >>> get_model("sim/gpt-4o").simulated
        True
    """
    if not isinstance(name, str) or not name.strip():
        raise ConfigError("model name is empty; use 'geometric', 'sim/<profile>' or 'provider/model'")
    name = name.strip()
    if name == "geometric":
        from spatioxolver.models._geometric import GeometricClient

        return GeometricClient(**options)
    if name.startswith("sim/") or name == "sim":
        from spatioxolver.models._sim import SimulatedClient

        return SimulatedClient(name, **options)
    if "/" not in name:
        raise ConfigError(
            f"unknown model {name!r}: use 'geometric', 'sim/<profile>' or a litellm "
            "'provider/model' string such as 'openai/gpt-4o'"
        )
    from spatioxolver.models._litellm import LiteLLMClient

    return LiteLLMClient(name, **options)
