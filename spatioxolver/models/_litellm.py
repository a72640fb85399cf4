"""The litellm backend: any ``provider/model`` string (OpenAI, Gemini, Anthropic, vLLM, ...).

* Vision messages: every image becomes a PNG / JPEG data URI, downscaled to ``max_image_side``.
* Structured output: with an ``output_schema`` the JSON schema is sent as
  ``response_format`` when the model supports it (or ``json_schema=True``); otherwise the
  schema is described in the prompt and the reply parsed robustly (:mod:`._parse`).
* The only retry loop of the project: at most ``1 + max_retries`` (default 5) attempts per
  call, with exponential backoff and jitter on 408 / 409 / 429 / 5xx / timeouts / connection
  errors, honouring ``Retry-After``; other 4xx are not retried; one extra try (within the
  same budget) for an unparseable or empty reply, none for a refusal. After
  ``unreachable_after`` calls in a row fail to connect, further calls fail at once with
  :class:`~spatioxolver.errors.ModelUnavailableError` (the runner stops the run).
* A request's ``parser`` decides whether a reply is usable: only usable replies are cached.
* A concurrency cap and optional requests-per-minute pace per ``(model, api_base)``.
* Token and cost accounting from litellm (``response._hidden_params["response_cost"]``).
* The response cache (:mod:`._cache`), on by default at temperature 0.
* Secrets are masked in raw responses, cached records and error messages.

litellm is imported only when a client is created, with ``LITELLM_LOCAL_MODEL_COST_MAP=True``
set first (no network at import) and its debug output off.
"""

from __future__ import annotations

import asyncio
import email.utils
import json
import os
import random
import time
from typing import Any

from spatioxolver.errors import ConfigError, ModelError, ModelUnavailableError, NoAnswerError, ParseError
from spatioxolver.models._parse import looks_like_refusal, parse_model
from spatioxolver.models._secrets import collect_secrets, scrub, scrub_text
from spatioxolver.models._types import ModelReply, ModelRequest, Usage, run_sync

__all__ = ["LiteLLMClient", "ReplyParseError", "import_litellm", "OPENAI_COMPATIBLE"]

#: Providers that talk to an OpenAI-compatible server given ``api_base`` (a key is optional there).
OPENAI_COMPATIBLE = (
    "openai",
    "hosted_vllm",
    "openai_like",
    "custom_openai",
    "ollama",
    "ollama_chat",
    "lm_studio",
    "llamafile",
)
_PLACEHOLDER_KEY = "sk-no-key-required"
_MAX_RETRIES = 4  # at most 5 attempts per call, whatever the caller asks
#: 4xx statuses worth another attempt (timeout, conflict, rate limit); any other 4xx is final.
_RETRYABLE_4XX = (408, 409, 429)
_RAW_LIMIT = 2000


class ReplyParseError(ParseError, ModelError):
    """A reply that stayed unparseable (or empty) after retries; ``raw`` keeps its text."""


def import_litellm() -> Any:
    """Import litellm quietly and offline (sets ``LITELLM_LOCAL_MODEL_COST_MAP`` first)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    import litellm

    litellm.suppress_debug_info = True
    return litellm


class LiteLLMClient:
    """Client for a litellm model string.

    Args:
        name: ``provider/model``, e.g. ``"openai/gpt-4o"`` or ``"hosted_vllm/Qwen2-VL"``.
        api_key: key to use instead of the provider's environment variable.
        api_base: server URL (``http://host:port/v1`` for OpenAI-compatible servers).
        timeout: per-attempt timeout in seconds (a request's ``timeout`` overrides it).
        max_retries: retries after the first attempt (408 / 409 / 429 / 5xx / timeouts /
            connection errors, or one unparseable reply); capped at 4 (5 attempts a call).
        unreachable_after: consecutive calls that fail to connect before the client stops
            sending requests (``ModelUnavailableError``); ``0`` never stops.
        backoff_base: first backoff in seconds (doubled each retry, full jitter).
        backoff_max: cap of one backoff (and of an honoured ``Retry-After``).
        concurrency: calls in flight at once for this model.
        rpm: requests-per-minute limit (``None``: none).
        max_image_side: longest image side sent (downscaled above it; ``None``: never).
        image_format: ``"png"`` or ``"jpeg"``.
        image_detail: OpenAI's vision ``detail`` (``"low"``, ``"high"``, ``"auto"``) sent
            with every image; ``None`` (default) sends none (the provider's default).
        cache: ``True`` / ``False``; ``None`` (default) caches temperature-0 requests.
        cache_path: SQLite file of the response cache.
        json_schema: send the schema as ``response_format`` (``None``: when litellm says
            the model supports it).
        parse_retries: extra attempts when a reply is empty or does not parse.
        vision: declare the model vision-capable when litellm does not know it (for the
            ``register_model`` call made for unknown OpenAI-compatible models).
        extra_params: more keyword arguments passed to ``litellm.acompletion``.

    Raises:
        ConfigError: unknown provider prefix (lists the known ones), missing API key
            (names the environment variable), invalid option.
    """

    kind = "llm"
    simulated = False

    def __init__(
        self,
        name: str,
        *,
        api_key: str | None = None,
        api_base: str | None = None,
        timeout: float = 60.0,
        max_retries: int = 4,
        backoff_base: float = 0.5,
        backoff_max: float = 30.0,
        concurrency: int = 16,
        rpm: float | None = None,
        max_image_side: int | None = 1024,
        image_format: str = "png",
        image_detail: str | None = None,
        cache: bool | None = None,
        cache_path: str | os.PathLike[str] | None = None,
        json_schema: bool | None = None,
        parse_retries: int = 1,
        unreachable_after: int = 2,
        extra_params: dict[str, Any] | None = None,
        **unknown: Any,
    ) -> None:
        if unknown:
            raise ConfigError(f"unknown option(s) for LLM model {name!r}: {', '.join(sorted(unknown))}")
        litellm = import_litellm()
        provider = name.split("/", 1)[0]
        known = sorted({getattr(p, "value", str(p)) for p in litellm.provider_list})
        if provider not in known:
            raise ConfigError(
                f"unknown model provider {provider!r} in {name!r}; use 'geometric', 'sim/<profile>' or one of "
                f"the litellm providers: {', '.join(known)}"
            )
        if timeout is None or float(timeout) <= 0:
            raise ConfigError(f"timeout must be a positive number of seconds, got {timeout!r}")
        self.name = name
        self.provider = provider
        self.api_base = api_base
        self.timeout = float(timeout)
        self.max_retries = min(max(0, int(max_retries)), _MAX_RETRIES)
        self.unreachable_after = max(0, int(unreachable_after))
        self._unreachable_calls = 0
        self.backoff_base = float(backoff_base)
        self.backoff_max = float(backoff_max)
        self.max_image_side = max_image_side
        self.image_format = image_format
        if image_detail is not None and image_detail not in ("low", "high", "auto"):
            raise ConfigError(f"image_detail={image_detail!r}: use low, high or auto")
        self.image_detail = image_detail
        self.cache_mode = cache
        self.parse_retries = max(0, int(parse_retries))
        self.extra_params = dict(extra_params or {})
        self._api_key = self._resolve_key(litellm, api_key)
        self._secrets = collect_secrets([self._api_key if self._api_key != _PLACEHOLDER_KEY else None])
        self.json_schema = self._supports_schema(litellm) if json_schema is None else bool(json_schema)
        from spatioxolver.models._limits import get_limiter

        self._limiter = get_limiter((name, api_base), concurrency, rpm)
        self._cache_path = cache_path
        self._cache: Any = None

    # ------------------------------------------------------------------ setup
    def _resolve_key(self, litellm: Any, api_key: str | None) -> str | None:
        if api_key:
            return api_key
        try:
            env = litellm.validate_environment(model=self.name, api_base=self.api_base)
        except Exception:  # noqa: BLE001 - litellm cannot tell: let the call report it
            return None
        missing = [k for k in env.get("missing_keys") or [] if k.upper().endswith(("_KEY", "_TOKEN"))]
        if env.get("keys_in_environment") or not missing:
            return None
        if self.api_base and self.provider in OPENAI_COMPATIBLE:
            return _PLACEHOLDER_KEY  # local OpenAI-compatible servers rarely check keys
        names = " or ".join(missing)
        raise ConfigError(
            f"missing API key for {self.name}: set {names} in the environment (or pass api_key=...)"
        )

    def _supports_schema(self, litellm: Any) -> bool:
        try:
            return bool(litellm.supports_response_schema(model=self.name))
        except Exception:  # noqa: BLE001 - unknown model: describe the schema in the prompt
            return False

    def _response_cache(self) -> Any:
        if self._cache is None:
            from spatioxolver.models._cache import ResponseCache

            self._cache = ResponseCache(self._cache_path)
        return self._cache

    def _use_cache(self, request: ModelRequest) -> bool:
        if self.cache_mode is None:
            return request.temperature == 0
        return bool(self.cache_mode)

    # ------------------------------------------------------------------ messages
    def _schema_json(self, request: ModelRequest) -> dict[str, Any] | None:
        return request.output_schema.model_json_schema() if request.output_schema is not None else None

    def _prompt_text(self, request: ModelRequest) -> str:
        schema = self._schema_json(request)
        if schema is None or self.json_schema:
            return request.prompt
        return (
            f"{request.prompt}\n\nReply with only a JSON value that matches this JSON schema "
            f"(no prose, no code fences):\n{json.dumps(schema, sort_keys=True)}"
        )

    def _messages(
        self, request: ModelRequest, images: list[Any], encoded: list[str] | None
    ) -> list[dict[str, Any]]:
        """Chat messages; with ``encoded=None`` images are named by content hash (cache key)."""
        content: list[dict[str, Any]] = [{"type": "text", "text": self._prompt_text(request)}]
        for k, image in enumerate(images):
            url = encoded[k] if encoded is not None else f"sha256:{image.sha256}"
            part: dict[str, Any] = {"url": url}
            if self.image_detail:
                part["detail"] = self.image_detail
            content.append({"type": "image_url", "image_url": part})
        messages: list[dict[str, Any]] = []
        if request.system:
            messages.append({"role": "system", "content": request.system})
        messages.append({"role": "user", "content": content if images else self._prompt_text(request)})
        return messages

    def _params(self, request: ModelRequest) -> dict[str, Any]:
        params: dict[str, Any] = {"temperature": request.temperature}
        if request.max_tokens is not None:
            params["max_tokens"] = int(request.max_tokens)
        params.update(self.extra_params)
        return params

    def _cache_key(self, request: ModelRequest, images: list[Any]) -> str:
        from spatioxolver.models._cache import cache_key

        return cache_key(
            {
                "model": self.name,
                "api_base": self.api_base,
                "messages": self._messages(request, images, None),
                "image_encoding": [self.max_image_side, self.image_format],
                "params": self._params(request),
                "schema": self._schema_json(request),
                "schema_mode": self.json_schema,
                "template": [request.template, request.template_hash],
            }
        )

    # ------------------------------------------------------------------ calling
    async def complete(self, request: ModelRequest) -> ModelReply:
        """Send ``request``; see the class docstring for retries, cache and parsing.

        Raises:
            InputError: an image cannot be loaded.
            ModelError: the call failed after retries (timeout, rate limit, server error,
                server down, refusal); :class:`ReplyParseError` (also a ``ParseError``)
                when the reply stayed unparseable, with the raw text.
            ConfigError: the provider rejected the API key.
        """
        from spatioxolver.models._encode import encode_image, prepare_image

        start = time.perf_counter()
        images = [prepare_image(img) for img in request.images]
        use_cache = self._use_cache(request)
        key = self._cache_key(request, images) if use_cache else None
        if key is not None:
            hit = self._response_cache().get(key)
            if hit is not None and self._usable(request, str(hit.get("text", ""))):
                return self._reply_from_cache(request, hit, start)
        encoded: list[str] = []
        if images:  # PNG encoding takes milliseconds: keep it off the event loop
            encoded = await asyncio.to_thread(
                lambda: [
                    encode_image(im, max_side=self.max_image_side, fmt=self.image_format) for im in images
                ]
            )
        messages = self._messages(request, images, encoded)
        text, value, usage, raw = await self._call_with_retries(request, messages)
        if key is not None:  # only replies that parsed reach the cache
            record = {"text": text, "usage": usage.model_dump(), "raw": raw, "model": self.name}
            self._response_cache().put(key, record, model=self.name)
        return self._reply(text, value, usage, raw, start, cached=False)

    def complete_sync(self, request: ModelRequest) -> ModelReply:
        """Blocking :meth:`complete`."""
        return run_sync(self.complete(request))

    def _reply_from_cache(self, request: ModelRequest, hit: dict[str, Any], start: float) -> ModelReply:
        text = str(hit.get("text", ""))
        value = parse_model(text, request.output_schema) if request.output_schema is not None else None
        stored = hit.get("usage") or {}
        usage = Usage(
            prompt_tokens=int(stored.get("prompt_tokens") or 0),
            completion_tokens=int(stored.get("completion_tokens") or 0),
            cost_usd=0.0,
        )
        return self._reply(text, value, usage, hit.get("raw"), start, cached=True)

    def _reply(
        self, text: str, value: Any, usage: Usage, raw: dict[str, Any] | None, start: float, *, cached: bool
    ) -> ModelReply:
        """The reply to a call that began at ``start`` (a ``time.perf_counter()`` reading)."""
        return ModelReply(
            text=text,
            value=value,
            usage=usage,
            latency_s=time.perf_counter() - start,
            cached=cached,
            raw=raw,
            model=self.name,
            simulated=False,
        )

    async def _call_with_retries(
        self, request: ModelRequest, messages: list[dict[str, Any]]
    ) -> tuple[str, Any, Usage, dict[str, Any] | None]:
        litellm = import_litellm()
        timeout = float(request.timeout or self.timeout)
        kwargs: dict[str, Any] = {
            "model": self.name,
            "messages": messages,
            "timeout": timeout,
            "max_retries": 0,  # our loop retries (and honours Retry-After)
            "drop_params": True,
            **self._params(request),
        }
        if self.api_base:
            kwargs["api_base"] = self.api_base
        if self._api_key:
            kwargs["api_key"] = self._api_key
        if request.output_schema is not None and self.json_schema:
            kwargs["response_format"] = request.output_schema
        usage = Usage()
        if self.unreachable_after and self._unreachable_calls >= self.unreachable_after:
            raise ModelUnavailableError(
                f"{self.name}: stopped sending requests after {self._unreachable_calls} calls in a row "
                f"could not reach the server{' at ' + self.api_base if self.api_base else ''}; "
                "start the server or fix --api-base, then resume"
            )
        parse_left = self.parse_retries
        attempt = 0
        while True:
            attempt += 1
            last = attempt > self.max_retries
            try:
                async with self._limiter.slot():
                    response = await asyncio.wait_for(litellm.acompletion(**kwargs), timeout=timeout + 5.0)
            except Exception as exc:  # noqa: BLE001 - classified below, re-raised typed
                retry, wait, error = self._classify(exc, attempt)
                if getattr(error, "unreachable", False):
                    if not retry or last:
                        self._unreachable_calls += 1
                if not retry or last:
                    error.usage = usage  # type: ignore[attr-defined]
                    raise error from None
                await asyncio.sleep(wait)
                continue
            self._unreachable_calls = 0
            usage = usage + self._usage(response)
            text = self._text(response)
            try:
                value = self._parse(request, text)
            except NoAnswerError as exc:  # a refusal: asking again at the same settings won't help
                exc.usage = usage  # type: ignore[attr-defined]
                exc.raw = scrub_text(text or "", self._secrets)[:2000]
                raise
            except ParseError as exc:
                if parse_left > 0 and not last:
                    parse_left -= 1
                    continue
                raw_text = scrub_text(text or "", self._secrets)
                error = ReplyParseError(
                    f"{self.name}: {scrub_text(str(exc), self._secrets)} (after {attempt} attempt(s))",
                    raw=raw_text,
                )
                error.usage = usage  # type: ignore[attr-defined]
                raise error from None
            return text, value, usage, self._raw(response)

    def _parse(self, request: ModelRequest, text: str) -> Any:
        if not text.strip():
            raise ParseError("model returned an empty reply", raw=text)
        if request.parser is not None:
            request.parser(text)  # raises ParseError / NoAnswerError when unusable
        if request.output_schema is None:
            return None
        return parse_model(text, request.output_schema)

    def _usable(self, request: ModelRequest, text: str) -> bool:
        """Whether a cached text still parses (entries written before parsers were kept out)."""
        try:
            self._parse(request, text)
        except ParseError:
            return False
        return True

    @staticmethod
    def _text(response: Any) -> str:
        try:
            content = response.choices[0].message.content
        except (AttributeError, IndexError, KeyError, TypeError):
            return ""
        return content if isinstance(content, str) else ""

    @staticmethod
    def _usage(response: Any) -> Usage:
        used = getattr(response, "usage", None)
        hidden = getattr(response, "_hidden_params", None) or {}
        cost = hidden.get("response_cost")
        return Usage(
            prompt_tokens=int(getattr(used, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(used, "completion_tokens", 0) or 0),
            cost_usd=float(cost) if isinstance(cost, (int, float)) else None,
        )

    def _raw(self, response: Any) -> dict[str, Any] | None:
        try:
            data = response.model_dump()
        except Exception:  # noqa: BLE001 - the raw copy is best effort
            return None
        return scrub(json.loads(json.dumps(data, default=str)), self._secrets)

    # ------------------------------------------------------------------ errors
    def _classify(self, exc: BaseException, attempt: int) -> tuple[bool, float, Exception]:
        """``(retryable, seconds to wait, typed error to raise if not retried)``."""
        litellm = import_litellm()
        message = scrub_text(" ".join(str(exc).split())[:300], self._secrets) or type(exc).__name__
        status = getattr(exc, "status_code", None)
        if isinstance(exc, (asyncio.TimeoutError, litellm.Timeout)):
            error = ModelError(
                f"{self.name}: no reply within the timeout after {attempt} attempt(s); raise the request timeout (--timeout / --request-timeout, or timeout= in the API) or check the server"
            )
            error.unreachable = True  # type: ignore[attr-defined]
            return True, self._backoff(attempt, None), error
        if isinstance(exc, litellm.AuthenticationError) or status in (401, 403):
            return (
                False,
                0.0,
                ConfigError(
                    f"{self.name}: the provider rejected the API key ({message}); check the key in the provider's "
                    "environment variable (e.g. OPENAI_API_KEY) or --api-base"
                ),
            )
        if isinstance(exc, litellm.RateLimitError) or status == 429:
            return (
                True,
                self._backoff(attempt, _retry_after(exc)),
                ModelError(
                    f"{self.name}: rate limited (429) after {attempt} attempt(s); lower concurrency/rpm ({message})"
                ),
            )
        if isinstance(exc, litellm.APIConnectionError) or "connection error" in message.lower():
            error = ModelError(
                f"{self.name}: cannot reach the server{' at ' + self.api_base if self.api_base else ''} "
                f"after {attempt} attempt(s) ({message})"
            )
            error.unreachable = True  # type: ignore[attr-defined]
            return True, self._backoff(attempt, None), error
        if status in _RETRYABLE_4XX[:2]:
            return (
                True,
                self._backoff(attempt, _retry_after(exc)),
                ModelError(f"{self.name}: HTTP {status} after {attempt} attempt(s) ({message})"),
            )
        if (
            isinstance(status, int)
            and status >= 500
            or isinstance(
                exc, (litellm.InternalServerError, litellm.ServiceUnavailableError, litellm.BadGatewayError)
            )
        ):
            return (
                True,
                self._backoff(attempt, _retry_after(exc)),
                ModelError(
                    f"{self.name}: server error {status or ''} after {attempt} attempt(s) ({message})"
                ),
            )
        if isinstance(exc, litellm.ContentPolicyViolationError) or looks_like_refusal(message):
            return False, 0.0, ModelError(f"{self.name}: the provider refused the request ({message})")
        return False, 0.0, ModelError(f"{self.name}: request failed ({type(exc).__name__}: {message})")

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.backoff_max)
        cap = min(self.backoff_max, self.backoff_base * (2 ** (attempt - 1)))
        return random.uniform(cap / 2, cap)  # "equal jitter": never zero, never over the cap

    def __repr__(self) -> str:
        return f"LiteLLMClient({self.name!r}, api_base={self.api_base!r})"


def _retry_after(exc: BaseException) -> float | None:
    """Seconds from a ``Retry-After`` header on the exception, if any."""
    for source in (
        getattr(exc, "litellm_response_headers", None),
        getattr(getattr(exc, "response", None), "headers", None),
    ):
        if not source:
            continue
        try:
            value = source.get("retry-after") or source.get("Retry-After")
        except AttributeError:
            continue
        if value is None:
            continue
        try:
            return float(value)
        except (TypeError, ValueError):
            try:
                when = email.utils.parsedate_to_datetime(str(value))
            except (TypeError, ValueError):
                continue
            return max(0.0, when.timestamp() - time.time())
    return None
