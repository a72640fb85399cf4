"""A perception made in one process can answer questions in another: :func:`recording` collects
what the perception cache stores while a question is answered (in that task and the tasks it
starts, not in tasks beside it), and :func:`cache_seed` stores such entries elsewhere, where a
question about the same image is then answered from them, with the same answer, without
perceiving again."""

from __future__ import annotations

import asyncio
import pickle

from spatioxolver.graphs._cache import cache_clear, cache_info, cache_put, cache_seed, recording

from spatioxolver.api import aask


async def test_recording_sees_its_own_tasks_stores_not_its_neighbours() -> None:
    started = asyncio.Event()

    async def mine() -> dict:
        with recording() as found:
            await asyncio.gather(asyncio.create_task(_put_later("child", started)))
            cache_put("own", {"v": 1})
        return found

    async def neighbour() -> dict:
        with recording() as found:
            started.set()
            cache_put("theirs", {"v": 2})
            await asyncio.sleep(0)
        return found

    got_mine, got_theirs = await asyncio.gather(mine(), neighbour())
    assert set(got_mine) == {"child", "own"} and set(got_theirs) == {"theirs"}
    cache_put("outside", {"v": 3})  # no recording open: nothing noted anywhere
    assert "outside" not in got_mine and "outside" not in got_theirs


async def _put_later(key: str, started: asyncio.Event) -> None:
    await started.wait()
    cache_put(key, {"v": 0})


def _marks(view) -> dict:
    return {
        str(o["label"]): o["pixel_coords"][:2] for o in view.scene["objects"] if o.get("label") is not None
    }


async def test_a_seeded_perception_answers_without_perceiving_again(boxes_view) -> None:
    marks = _marks(boxes_view)
    labels = list(marks)
    first_q = f"Which is further left: {labels[0]} or {labels[1]}?"
    second_q = f"Which is further left: {labels[2]} or {labels[3]}?"
    kw = {"marks": marks, "clean_images": [boxes_view.clean_rgb]}
    with recording() as found:
        await aask(boxes_view.rgb, first_q, **kw)
    assert len(found) == 1  # the repaired perception of this image and settings
    here = await aask(boxes_view.rgb, second_q, **kw)  # answered where it was perceived

    shipped = pickle.loads(pickle.dumps(found))  # as it travels to a worker process
    cache_clear()
    cache_seed(shipped)
    misses = cache_info()["misses"]
    with recording() as again:
        there = await aask(boxes_view.rgb, second_q, **kw)
    assert not again  # nothing perceived (nothing new stored)
    assert cache_info()["misses"] == misses
    segmentation = [e for e in there.trace if e.get("node") == "segmentation"]
    assert segmentation and all(e.get("from_cache") for e in segmentation)
    assert (there.value, there.text, there.repairs) == (here.value, here.text, here.repairs)
