"""Decay: the pure curve under hypothesis, and DecayService on a real database.

Time is passed explicitly (`now=`, `at=`): ninety simulated days take no time.
"""

from __future__ import annotations

import math
import time

import pytest
from agent_memory import decay
from agent_memory.core.records import NodeDraft
from agent_memory.decay import DAY
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.decay_job import DecayService
from hypothesis import example, given, settings
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
@given(confidences, rates, days, st.integers(0, 10_000))
@example(base=1.0, rate=3.0, elapsed=987.0, count=0)  # decays to 0.0: was 1/0
def test_an_access_adds_at_most_the_bonus_to_the_current_value(
    base: float, rate: float, elapsed: float, count: int
) -> None:
    now = decay.decayed(base, rate, elapsed)
    bonus = decay.REINFORCE_SCALE * math.log1p(count / decay.REINFORCE_COUNT_SCALE)
    step = decay.on_access(base, rate, elapsed, count)
    after = decay.decayed(step.base_confidence, rate, step.days_on_curve)

    assert now - 1e-9 <= after <= min(now + bonus, 1.0) + 1e-9


@pure
@given(confidences, rates, days, days, st.integers(1, 10_000))
def test_a_used_fact_never_fades_faster_than_an_unused_one(
    base: float, rate: float, elapsed: float, later: float, count: int
) -> None:
    step = decay.on_access(base, rate, elapsed, count)
    used = decay.decayed(step.base_confidence, rate, step.days_on_curve + later)
    unused = decay.decayed(base, rate, elapsed + later)

    assert used >= unused - 1e-9


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
    return await storage.nodes.add_node(
        NodeDraft("semantic", text, confidence=c, decay_rate=rate)
    )


async def test_threshold_prunes_and_others_are_updated(storage: MemoryStorage) -> None:
    weak = await _fact(storage, "barely remembered", c=0.06)
    strong = await _fact(storage, "well remembered", c=1.0)
    protected = await _fact(storage, "confirmed", rate=0.0, c=0.5)
    node = await storage.nodes.get_node(strong)
    assert node is not None
    now = node.created_at + 5 * DAY

    report = await DecayService(storage, threshold=0.05).run(now=now)

    assert report.counts() == {"checked": 2, "updated": 1, "pruned": 1}
    assert await storage.nodes.get_node(weak) is None
    kept = await storage.nodes.get_node(strong)
    assert kept is not None
    assert kept.confidence == pytest.approx(decay.decayed(1.0, 0.1, 5.0))
    assert kept.base_confidence == 1.0
    still = await storage.nodes.get_node(protected)
    assert still is not None and still.confidence == 0.5


async def test_running_twice_or_skipping_nights_gives_the_same_result(
    storage: MemoryStorage,
) -> None:
    nightly = await _fact(storage, "decayed every night")
    skipped = await _fact(storage, "decayed once")
    node = await storage.nodes.get_node(nightly)
    assert node is not None
    service = DecayService(storage, threshold=0.05)

    for day in range(1, 11):
        await service.run(now=node.created_at + day * DAY)
    await service.run(now=node.created_at + 10 * DAY)

    after = (await storage.nodes.get_nodes([nightly, skipped])).values()
    expected = decay.decayed(1.0, 0.1, 10.0)
    assert [n.confidence for n in after] == pytest.approx(
        [expected, expected], rel=1e-3
    )


async def test_an_access_reinforces_the_current_confidence(
    storage: MemoryStorage,
) -> None:
    faded = await _fact(storage, "the user once mentioned a parking fine")
    node = await storage.nodes.get_node(faded)
    assert node is not None
    days = 30.0  # decayed(1.0, 0.1, 30) = 0.219
    await storage.nodes.record_access([faded], at=node.created_at + days * DAY)

    used = await storage.nodes.get_node(faded)
    assert used is not None
    current = decay.decayed(1.0, 0.1, days)
    assert current == pytest.approx(0.219, abs=1e-3)
    # was 1.0: the boost went to the stored anchor
    boosted = current + decay.REINFORCE_SCALE * math.log1p(1 / 20)
    assert used.confidence == pytest.approx(boosted)
    assert used.base_confidence == 1.0  # same curve, a little earlier on it
    assert used.last_accessed is not None
    assert node.created_at < used.last_accessed < node.created_at + days * DAY
    # ten days on, it reads what the curve says from its new anchor, and more
    # than it would have without the access
    ten_days_on = node.created_at + (days + 10) * DAY
    assert decay.confidence_at(
        1.0, 0.1, used.last_accessed, ten_days_on
    ) > decay.decayed(1.0, 0.1, days + 10)


async def test_ninety_days_unused_are_pruned_protected_stay(
    storage: MemoryStorage,
) -> None:
    used = await _fact(storage, "the user's daughter is called Mila")
    unused = await _fact(storage, "the user once mentioned a parking fine")
    protected = await _fact(storage, "the user's name is Dana", rate=0.0)
    start = time.time()
    service = DecayService(storage, threshold=0.05)
    pruned_on: dict[int, int] = {}

    for day in range(1, 91):
        now = start + day * DAY
        if day % 7 == 0 and used not in pruned_on:  # used about once a week
            await storage.nodes.record_access([used, protected], at=now)
        await service.run(now=now)
        for node_id in (used, unused):
            if node_id not in pruned_on and not await storage.nodes.get_node(node_id):
                pruned_on[node_id] = day

    expected = decay.days_until_below(1.0, 0.1, 0.05)
    assert expected is not None
    assert pruned_on[unused] == pytest.approx(expected, abs=1.01)
    # Used weekly, a fact outlives an unused one (restarting the clock at the
    # steep start of the curve, days^0.8, once made it fade faster).
    assert pruned_on.get(used, 91) > pruned_on[unused]
    confirmed = await storage.nodes.get_node(protected)
    assert confirmed is not None and confirmed.confidence == 1.0
    assert confirmed.access_count == 12
    history = await storage.nodes.get_node(unused, history=True)
    assert history is not None and history.valid_until is not None
