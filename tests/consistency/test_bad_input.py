"""Edge cases of the builders that earlier slipped through as untyped errors."""

from __future__ import annotations

import pytest

from spatioxolver.consistency import Tournament
from spatioxolver.errors import InputError


def test_empty_order_is_refused_like_zero_items() -> None:
    with pytest.raises(InputError, match="positive integer"):
        Tournament.from_order([])
