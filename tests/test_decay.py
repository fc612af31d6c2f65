"""Decay: the pure curve under hypothesis, and DecayService on a real database.

Time is passed explicitly (`now=`, `at=`): ninety simulated days take no time.
"""

from __future__ import annotations

import time

import pytest
from agent_memory import decay
from agent_memory.decay import DAY, DecayService
from agent_memory.records import NodeDraft
from agent_memory.storage import MemoryStorage
from hypothesis import given, settings
from hypothesis import strategies as st

confidences = st.floats(0.0, 1.0)
rates = st.floats(0.0, 5.0)
days = st.floats(0.0, 3650.0)
# No example database: its directory scan leaks an iterator that pytest's
# warnings-as-errors catches at exit now and then.
pure = settings(database=None)


@pure
@given(confidences, rates, days, days)
def test_decay_never_rises_with_time(
    base: float, rate: float, a: float, b: float
) -> None:
    early, late = sorted((a, b))

    assert decay.decayed(base, rate, late) <= decay.decayed(base, rate, early) + 1e-12
    assert 0.0 <= decay.decayed(base, rate, late) <= base


@pure
@given(confidences, days)
def test_protected_facts_never_change(base: float, elapsed: float) -> None:
    assert decay.decayed(base, 0.0, elapsed) == base


@pure
@given(confidences, st.integers(0, 10_000))
def test_an_access_never_lowers_the_anchor(base: float, count: int) -> None:
    assert base <= decay.on_access(base, count) <= max(base, 1.0)


@pure
@given(st.floats(0.06, 1.0), st.floats(0.01, 2.0))
def test_days_until_below_matches_the_curve(base: float, rate: float) -> None:
    threshold = 0.05
    limit = decay.days_until_below(base, rate, threshold)

    assert limit is not None
    assert decay.decayed(base, rate, limit * 0.99) >= threshold
    assert decay.decayed(base, rate, limit * 1.01 + 1e-9) < threshold


def test_days_until_below_edges() -> None:
    assert decay.days_until_below(1.0, 0.0, 0.05) is None
    assert decay.days_until_below(0.01, 0.1, 0.05) == 0.0


async def _fact(
    storage: MemoryStorage, text: str, rate: float = 0.1, c: float = 1.0
) -> int:
    return await storage.add_node(
        NodeDraft("semantic", text, confidence=c, decay_rate=rate)
    )


async def test_threshold_prunes_and_others_are_updated(storage: MemoryStorage) -> None:
    weak = await _fact(storage, "barely remembered", c=0.06)
    strong = await _fact(storage, "well remembered", c=1.0)
    protected = await _fact(storage, "confirmed", rate=0.0, c=0.5)
    node = await storage.get_node(strong)
    assert node is not None
    now = node.created_at + 5 * DAY

    report = await DecayService(storage, threshold=0.05).run(now=now)

    assert report.counts() == {"checked": 2, "updated": 1, "pruned": 1}
    assert await storage.get_node(weak) is None
    kept = await storage.get_node(strong)
    assert kept is not None
    assert kept.confidence == pytest.approx(decay.decayed(1.0, 0.1, 5.0))
    assert kept.base_confidence == 1.0
    still = await storage.get_node(protected)
    assert still is not None and still.confidence == 0.5


async def test_running_twice_or_skipping_nights_gives_the_same_result(
    storage: MemoryStorage,
) -> None:
    nightly = await _fact(storage, "decayed every night")
    skipped = await _fact(storage, "decayed once")
    node = await storage.get_node(nightly)
    assert node is not None
    service = DecayService(storage, threshold=0.05)

    for day in range(1, 11):
        await service.run(now=node.created_at + day * DAY)
    await service.run(now=node.created_at + 10 * DAY)

    after = (await storage.get_nodes([nightly, skipped])).values()
    expected = decay.decayed(1.0, 0.1, 10.0)
    assert [n.confidence for n in after] == pytest.approx(
        [expected, expected], rel=1e-3
    )


async def test_ninety_days_reinforced_facts_survive_unused_are_pruned(
    storage: MemoryStorage,
) -> None:
    used = await _fact(storage, "the user's daughter is called Mila")
    unused = await _fact(storage, "the user once mentioned a parking fine")
    protected = await _fact(storage, "the user's name is Dana", rate=0.0)
    start = time.time()
    service = DecayService(storage, threshold=0.05)
    pruned_on = None

    for day in range(1, 91):
        now = start + day * DAY
        if day % 7 == 0:  # the agent uses this fact about once a week
            await storage.record_access([used], at=now)
        await service.run(now=now)
        if pruned_on is None and await storage.get_node(unused) is None:
            pruned_on = day

    expected = decay.days_until_below(1.0, 0.1, 0.05)
    assert expected is not None and pruned_on == pytest.approx(expected, abs=1.01)
    survivor = await storage.get_node(used)
    assert survivor is not None and survivor.confidence > 0.5
    assert survivor.access_count == 12
    confirmed = await storage.get_node(protected)
    assert confirmed is not None and confirmed.confidence == 1.0
    history = await storage.get_node(unused, history=True)
    assert history is not None and history.valid_until is not None
