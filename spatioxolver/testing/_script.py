"""Scripted replies of the local test server: reply specs, rules on the prompt, a queue.

A reply spec is a string (the assistant content), a dict, a :class:`Reply`, or a callable
taking the logged request (dict) and returning one of those. Dict / ``Reply`` fields:

* ``content``: assistant text (default ``"OK"``).
* ``status``: HTTP status to answer with instead (e.g. 429, 500, 503).
* ``retry_after``: seconds, sent as a ``Retry-After`` header (with 429 / 503).
* ``fault``: ``"hang"`` (sleep ``hang_s`` seconds before answering - past a client's
  timeout), ``"malformed_json"`` (content that is broken JSON), ``"bad_body"`` (an HTTP
  body that is not JSON at all), ``"empty"`` (empty content), ``"refusal"`` (a refusal
  sentence), ``"500"`` / ``"429"`` (shorthands for the statuses).
* ``delay``: extra latency in seconds for this reply.
"""

from __future__ import annotations

import re
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from spatioxolver.errors import InputError

__all__ = ["Reply", "Rule", "Script", "FAULTS", "REFUSAL_TEXT", "MALFORMED_JSON_TEXT"]

FAULTS = ("hang", "malformed_json", "bad_body", "empty", "refusal", "500", "429")
REFUSAL_TEXT = "I'm sorry, but I can't help with that request."
MALFORMED_JSON_TEXT = '{"answer": "A", "confidence": 0.9,,'


@dataclass
class Reply:
    """One scripted reply (see the module docstring)."""

    content: str = "OK"
    status: int = 200
    retry_after: float | None = None
    fault: str | None = None
    delay: float = 0.0
    hang_s: float = 30.0

    @classmethod
    def coerce(cls, spec: Any) -> Reply:
        """Turn a string / dict / Reply into a :class:`Reply`."""
        if isinstance(spec, Reply):
            reply = spec
        elif isinstance(spec, str):
            reply = cls(content=spec)
        elif isinstance(spec, dict):
            unknown = set(spec) - {"content", "status", "retry_after", "fault", "delay", "hang_s"}
            if unknown:
                raise ValueError(f"unknown reply fields {sorted(unknown)}")
            reply = cls(**spec)
        else:
            raise TypeError(f"a reply spec is a str, dict or Reply, not {type(spec).__name__}")
        if reply.fault is not None and reply.fault not in FAULTS:
            raise ValueError(f"unknown fault {reply.fault!r}; known: {', '.join(FAULTS)}")
        if reply.fault == "500":
            reply = Reply(**{**reply.__dict__, "status": 500, "fault": None})
        if reply.fault == "429":
            reply = Reply(**{**reply.__dict__, "status": 429, "fault": None})
        return reply


@dataclass
class Rule:
    """Answer ``reply`` when the regex ``match`` occurs in the request's text.

    ``times`` limits how often the rule fires (``None``: always). The regex, ``times`` and a
    non-callable ``reply`` are checked when the rule is made.

    Raises:
        InputError: ``match`` is not a string or not a valid regex, ``times`` is not a
            non-negative integer, or ``reply`` is not a valid reply spec.
    """

    match: str
    reply: Any
    times: int | None = None
    used: int = 0
    _pattern: re.Pattern[str] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.match, str):
            raise InputError(f"'match' must be a regex string, not {type(self.match).__name__}")
        try:
            self._pattern = re.compile(self.match, re.IGNORECASE | re.DOTALL)
        except re.error as exc:
            raise InputError(f"bad regex {self.match!r} ({exc})") from None
        if self.times is not None and (
            isinstance(self.times, bool) or not isinstance(self.times, int) or self.times < 0
        ):
            raise InputError(f"'times' must be a non-negative integer or null, not {self.times!r}")
        _check_spec(self.reply)

    def matches(self, text: str) -> bool:
        if self.times is not None and self.used >= self.times:
            return False
        assert self._pattern is not None
        return bool(self._pattern.search(text))


def _check_spec(spec: Any) -> None:
    """Validate a reply spec now (callables are only checked when they answer)."""
    if callable(spec):
        return
    try:
        Reply.coerce(spec)
    except (TypeError, ValueError) as exc:
        raise InputError(f"bad reply: {exc}") from None


class Script:
    """Thread-safe source of replies: the queue first, then the rules, then the default.

    Every rule (regex, ``times``, reply), queued reply and the default are validated here,
    so a bad script fails when it is loaded, not on the first request.

    Raises:
        InputError: ``rule K: ...`` / ``queue item K: ...`` / ``default: ...`` (1-based K).
    """

    def __init__(
        self, rules: list[Any] | None = None, queue: list[Any] | None = None, default: Any = "OK"
    ) -> None:
        self._lock = threading.Lock()
        if rules is not None and not isinstance(rules, (list, tuple)):
            raise InputError(f"'rules' must be a list, not {type(rules).__name__}")
        if queue is not None and not isinstance(queue, (list, tuple)):
            raise InputError(f"'queue' must be a list, not {type(queue).__name__}")
        self.rules: list[Rule] = []
        for k, rule in enumerate(rules or [], start=1):
            try:
                self.rules.append(self._rule(rule))
            except InputError as exc:
                raise InputError(f"rule {k}: {exc}") from None
        for k, spec in enumerate(queue or [], start=1):
            try:
                _check_spec(spec)
            except InputError as exc:
                raise InputError(f"queue item {k}: {exc}") from None
        try:
            _check_spec(default)
        except InputError as exc:
            raise InputError(f"default: {exc}") from None
        self.queue: deque[Any] = deque(queue or [])
        self.default = default

    @staticmethod
    def _rule(rule: Any) -> Rule:
        if isinstance(rule, Rule):
            return rule
        if isinstance(rule, dict):
            missing = [key for key in ("match", "reply") if key not in rule]
            if missing:
                raise InputError(f"missing {' and '.join(repr(k) for k in missing)}")
            unknown = set(rule) - {"match", "reply", "times"}
            if unknown:
                raise InputError(f"unknown rule fields {sorted(unknown)}")
            return Rule(match=rule["match"], reply=rule["reply"], times=rule.get("times"))
        if isinstance(rule, (tuple, list)) and len(rule) == 2:
            return Rule(match=rule[0], reply=rule[1])
        raise InputError(f"a rule is a Rule, a dict with match/reply or a (match, reply) pair, not {rule!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Script:
        """Build from ``{"rules": [...], "queue": [...], "default": ...}`` (a ``--script`` file).

        Raises:
            InputError: unknown keys, or a bad rule / queued reply / default (see the class).
        """
        if not isinstance(data, dict):
            raise InputError("a script is a JSON object with rules / queue / default")
        unknown = set(data) - {"rules", "queue", "default"}
        if unknown:
            raise InputError(f"unknown key(s) {sorted(unknown)}; expected rules / queue / default")
        return cls(rules=data.get("rules"), queue=data.get("queue"), default=data.get("default", "OK"))

    def add_rule(self, match: str, reply: Any, times: int | None = None) -> None:
        with self._lock:
            self.rules.append(Rule(match=match, reply=reply, times=times))

    def enqueue(self, *replies: Any) -> None:
        for spec in replies:
            _check_spec(spec)
        with self._lock:
            self.queue.extend(replies)

    def next_reply(self, text: str, request: dict[str, Any]) -> Reply:
        with self._lock:
            if self.queue:
                spec = self.queue.popleft()
            else:
                spec = self.default
                for rule in self.rules:
                    if rule.matches(text):
                        rule.used += 1
                        spec = rule.reply
                        break
        if isinstance(spec, Callable):  # type: ignore[arg-type]
            spec = spec(request)
        return Reply.coerce(spec)
