"""How a cost is written for people: an unknown cost is "unknown", never ``$0.0000``.

``Usage.cost_usd`` is ``None`` when no call had a known price (local servers, models litellm
has no price for); summaries count the examples whose cost is unknown.

Example:
    >>> format_cost(None), format_cost(0.01234), format_cost(0.5, unknown=3)
    ('cost unknown', '$0.0123', '$0.5000 + unknown for 3')
"""

from __future__ import annotations

__all__ = ["format_cost"]


def format_cost(cost_usd: float | None, *, unknown: int = 0, what: str = "") -> str:
    """``$0.0123``; ``cost unknown`` when nothing is known; ``$X + unknown for N[ what]``
    when ``N`` calls or examples (``what``) had no known cost besides a known part."""
    if cost_usd is None:
        return "cost unknown"
    text = f"${float(cost_usd):.4f}"
    if not unknown:
        return text
    return f"{text} + unknown for {unknown}" + (f" {what}" if what else "")
