"""The transformation agent's model step: objects matched across two frames, the common
motion in words, and the one object that breaks it, read from one model reply.

Example:
    >>> reply = MotionReply.model_validate({"matches": [{"object": "A", "match": 2}], "inconsistent": None})
    >>> reply.matches[0].match
    '2'
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from spatioxolver.schema import SpatialObject, Transformation

__all__ = ["MotionReply", "object_listing", "transformations_from_reply", "ask_motion"]


class _Loose(BaseModel):
    model_config = ConfigDict(extra="ignore", coerce_numbers_to_str=True)


class MotionMatch(_Loose):
    """One object of the first frame and its name in the later frame (``None``: gone)."""

    object: str
    match: str | None = None


class MotionReply(_Loose):
    """Reply schema of the transformation prompt."""

    matches: list[MotionMatch] = Field(default_factory=list)
    motion: str | None = None
    inconsistent: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _says_something(cls, data: Any) -> Any:
        # {"answer": ...} is unreadable, not "no matches" (an explicit [] or "inconsistent" is an answer).
        if isinstance(data, dict) and "matches" not in data and "inconsistent" not in data:
            raise ValueError(
                f"neither 'matches' nor 'inconsistent' in the reply (keys: {sorted(map(str, data))})"
            )
        return data


def object_listing(objects: list[SpatialObject]) -> str:
    """One line per object: name, attributes, box (the transformation prompt's lists)."""
    lines = []
    for o in objects:
        attrs = " ".join(v for v in (o.attributes.size, o.attributes.color, o.attributes.material,
                                     o.attributes.shape) if v)  # fmt: skip
        box = f" bbox={[round(v) for v in o.bbox]}" if o.bbox else ""
        lines.append(f"- {o.label or o.id}" + (f" ({attrs})" if attrs else "") + box)
    return "\n".join(lines) or "(none found)"


def transformations_from_reply(
    reply: MotionReply, first: list[SpatialObject], later: list[SpatialObject], *, to_frame: int, source: str
) -> list[Transformation]:
    """Transformations of a reply: one per first-frame object the reply matched (``kind``
    ``"match"``; ``extras["match"]`` the later object's id) or lost (``"disappeared"``),
    the flagged one ``inconsistent=True``, and the global motion (``object=None``,
    ``extras["motion"]``). Names the frames do not have are ignored; a flag naming no object
    flags nothing (and says so in the global entry's ``extras``)."""
    by_name = {(o.label or o.id): o for o in first} | {o.id: o for o in first}
    later_by_name = {(o.label or o.id): o for o in later} | {o.id: o for o in later}
    flagged = by_name.get(str(reply.inconsistent).strip()) if reply.inconsistent else None
    out = []
    seen: set[str] = set()
    for m in reply.matches:
        obj = by_name.get(m.object.strip())
        if obj is None or obj.id in seen:
            continue
        seen.add(obj.id)
        target = later_by_name.get(m.match.strip()) if m.match else None
        extras: dict[str, Any] = {"source": source}
        if target is not None:
            extras["match"] = target.id
        out.append(
            Transformation(
                object=obj.id,
                from_frame=0,
                to_frame=to_frame,
                kind="match" if target is not None else "disappeared",
                inconsistent=flagged is not None and flagged.id == obj.id,
                extras=extras,
            )
        )
    if flagged is not None and flagged.id not in seen:
        out.append(Transformation(object=flagged.id, from_frame=0, to_frame=to_frame, kind="match",
                                  inconsistent=True, extras={"source": source}))  # fmt: skip
    extras = {"source": source, "motion": (reply.motion or "").strip() or None}
    if reply.inconsistent and flagged is None:
        extras["unknown_flag"] = str(reply.inconsistent)
    out.append(Transformation(object=None, from_frame=0, to_frame=to_frame, kind="model", extras=extras))
    return out


async def ask_motion(ctx: Any, objects: list[SpatialObject]) -> list[dict[str, Any]]:
    """One ``transformation`` call per later frame ``k`` (images 1 and ``k``, both object
    lists); the transformations as dicts."""
    import asyncio

    from .llm import reply_as

    first = [o for o in objects if o.frame == 0]

    async def one(k: int) -> list[Transformation]:
        later = [o for o in objects if o.frame == k]
        fields = {
            "frame_number": k + 1,
            "objects_first": object_listing(first),
            "objects_later": object_listing(later),
        }
        task = {"kind": "transformation", "frames": [0, k], "objects": [o.label or o.id for o in first]}
        reply = await ctx.call(
            "transformation", fields, task=task, schema=MotionReply, images=[0, k], agent="transformation"
        )
        return transformations_from_reply(
            reply_as(MotionReply, reply), first, later, to_frame=k, source=ctx.backend
        )

    found = await asyncio.gather(*(one(k) for k in range(1, len(ctx.frames))))
    return [t.model_dump(mode="json") for ts in found for t in ts]
