"""Fusion properties and the token-budgeted context block (pure parts)."""

from __future__ import annotations

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import Node, SearchHit
from agent_memory.core.tokens import count_tokens, truncate_to_tokens, within
from agent_memory.search.context_block import HEADER, TITLES, fit_sections
from agent_memory.search.fusion import (
    fuse,
    linear_fuse,
    normalise_scores,
    rrf_fuse,
    with_leg,
)
from agent_memory.search.legs import (
    RelevanceGate,
    admit_relevant,
    brevity,
    focus_on_threads,
    spread_over_threads,
)
from hypothesis import given, settings
from hypothesis import strategies as st

ranked_lists = st.lists(
    st.tuples(st.integers(1, 30), st.floats(0.0, 50.0)), max_size=20
)


@settings(max_examples=200, deadline=None)
@given(ranked_lists, ranked_lists, ranked_lists, st.sampled_from(["linear", "rrf"]))
def test_a_leg_added_to_a_fusion_is_the_fusion_of_all(
    a: list[tuple[int, float]],
    b: list[tuple[int, float]],
    graph: list[tuple[int, float]],
    fusion: str,
) -> None:
    # the graph leg joins the fusion its seeds came from: the same floats
    config = MemoryConfig(fusion=fusion)
    legs = {"fts": a, "vector": b}
    added = with_leg(fuse(legs, config), "graph", graph, config)
    assert added == fuse({**legs, "graph": graph}, config)


@settings(max_examples=200, deadline=None)
@given(ranked_lists, ranked_lists, st.floats(0.0, 1.0))
def test_every_id_once_and_sorted(
    a: list[tuple[int, float]], b: list[tuple[int, float]], w: float
) -> None:
    for fused in (
        linear_fuse({"fts": a, "vector": b}, {"fts": 1 - w, "vector": w}),
        rrf_fuse({"fts": a, "vector": b}, {"fts": 1.0, "vector": w}),
    ):
        ids = [i for i, _ in fused]
        assert len(ids) == len(set(ids))
        assert set(ids) == {i for i, _ in a} | {i for i, _ in b}
        scores = [s for _, s in fused]
        assert scores == sorted(scores, reverse=True)


def test_weights_decide_between_legs() -> None:
    fts = [(1, 10.0), (2, 5.0)]
    vector = [(2, 0.9), (1, 0.1)]
    legs = {"fts": fts, "vector": vector}
    assert linear_fuse(legs, {"fts": 0.7, "vector": 0.3})[0][0] == 1
    assert linear_fuse(legs, {"fts": 0.3, "vector": 0.7})[0][0] == 2
    assert rrf_fuse(legs, {"fts": 2.0, "vector": 1.0})[0][0] == 1
    assert rrf_fuse(legs, {"fts": 1.0, "vector": 2.0})[0][0] == 2
    assert rrf_fuse(legs, {"fts": 0.0, "vector": 0.0})[0][1] == 0.0


def test_linear_keeps_score_gaps_rrf_does_not() -> None:
    legs = {"fts": [(1, 10.0), (2, 1.0)], "vector": [(2, 0.9), (1, 0.85)]}
    assert linear_fuse(legs, {"fts": 0.5, "vector": 0.5})[0][0] == 1
    rrf = rrf_fuse(legs, {"fts": 1.0, "vector": 1.0}, k=60)
    assert rrf[0][1] == rrf[1][1]  # a tie: the gap is lost


def test_normalised_scores() -> None:
    assert normalise_scores([(3, 4.0), (4, 2.0), (3, 1.0)]) == {3: 1.0, 4: 0.5}
    assert normalise_scores([(1, 0.0)]) == {1: 0.0}


def test_truncate_never_exceeds() -> None:
    text = "memory " * 500
    for limit in (1, 5, 37, 200):
        cut = truncate_to_tokens(text, limit)
        assert count_tokens(cut) <= limit
    assert truncate_to_tokens("short", 10) == "short"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400), st.integers(0, 500))
def test_within_agrees_with_counting(text: str, limit: int) -> None:
    assert within(text, limit) == (count_tokens(text) <= limit)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(20, 600),
    st.lists(st.text(min_size=1, max_size=300), min_size=1, max_size=40),
)
def test_block_never_exceeds_budget(budget: int, texts: list[str]) -> None:
    sections = {
        "facts": [(f"- [fact] {t}", i) for i, t in enumerate(texts)],
        "entities": [(f"- **E** {t}", None) for t in texts[:5]],
        "timeline": [(f"- [said] {t}", 100 + i) for i, t in enumerate(texts)],
        "evidence": [],
    }
    block, ids = fit_sections(sections, budget)
    if block is None:
        # Only when not even one section's first line fits with the headings.
        assert ids == []
        for key, lines in sections.items():
            if lines:
                heads = count_tokens(HEADER) + count_tokens(TITLES[key])
                assert heads + count_tokens(lines[0][0]) + 4 > budget
    else:
        assert count_tokens(block) <= budget
        assert block.startswith(HEADER)
        assert all(isinstance(i, int) for i in ids)


def test_unused_share_flows_to_other_sections() -> None:
    lines = [(f"- [fact] fact number {i} about tea and ginger", i) for i in range(60)]
    only_facts, ids = fit_sections(
        {"facts": lines, "entities": [], "timeline": [], "evidence": []}, 500
    )
    assert only_facts is not None
    # Facts' own share is 40 %; with nothing else to show they fill the block.
    assert count_tokens(only_facts) > 0.8 * 500
    assert len(ids) > 30


def _hit(
    node_id: int,
    thread: str | None,
    score: float,
    *,
    content: str = "",
    type: str = "episodic",
) -> SearchHit:
    node = Node(
        node_id,
        type,  # type: ignore[arg-type]
        content or f"turn {node_id}",
        None,
        0.0,
        0.0,
        None,
        1.0,
        1.0,
        0,
        None,
        0.0,
        "conversation",
        "user",
        thread,
        {},
    )
    return SearchHit(node, score)


def test_spreading_over_threads_lets_a_second_thread_in() -> None:
    hits = [
        _hit(1, "a", 1.0),
        _hit(2, "a", 0.95),
        _hit(3, "a", 0.9),
        _hit(4, "b", 0.85),
    ]

    spread = spread_over_threads(hits)

    assert [h.node.id for h in spread] == [1, 4, 2, 3]
    assert sorted(h.node.id for h in spread) == [1, 2, 3, 4]


def test_facts_without_a_thread_are_not_spread() -> None:
    facts = [_hit(1, None, 1.0), _hit(2, None, 0.9), _hit(3, "a", 0.85)]

    assert [h.score for h in spread_over_threads(facts)] == [1.0, 0.9, 0.85]


def test_a_turn_of_the_best_matching_thread_beats_a_stray_match() -> None:
    hits = [
        _hit(1, "trip", 1.0),
        _hit(2, "smalltalk", 0.6),
        _hit(3, "trip", 0.55),
        _hit(4, None, 0.5),
    ]

    focused = focus_on_threads(hits)

    assert [h.node.id for h in focused] == [1, 3, 2, 4]
    # the best hit of each thread gains in proportion to its own score
    assert [round(h.score, 3) for h in focused] == [1.5, 0.825, 0.78, 0.625]


# Subnormal scores (5e-324) round to 0 when reranking scales them, so two
# different scores become a tie; real fused scores are never that small.
SCORES = st.floats(0, 1, allow_subnormal=False)


@given(st.lists(st.tuples(st.sampled_from(["a", "b", None]), SCORES), max_size=30))
@pytest.mark.needs_vectors
def test_thread_rankings_keep_every_hit_and_each_threads_order(
    items: list[tuple[str | None, float]],
) -> None:
    hits = sorted(
        (_hit(i, t, s) for i, (t, s) in enumerate(items)),
        key=lambda h: (-h.score, h.node.id),
    )
    score = {h.node.id: h.score for h in hits}

    for rerank in (spread_over_threads, focus_on_threads):
        out = rerank(hits)

        assert sorted(h.node.id for h in out) == sorted(score)
        for thread in ("a", "b"):
            before = [h.node.id for h in hits if h.node.session_id == thread]
            after = [h.node.id for h in out if h.node.session_id == thread]
            assert after == before
    # focusing only ever adds
    assert all(h.score >= score[h.node.id] for h in focus_on_threads(hits))


def test_brief_turns_weigh_less_and_facts_never_do() -> None:
    brief = _hit(1, "t", 1.0, content="Tim: Yeah, sounds great!").node
    full = _hit(2, "t", 1.0, content=" ".join(["word"] * 20)).node
    fact = _hit(3, None, 1.0, content="Anna is my sister", type="semantic").node

    assert 0.4 < brevity(brief) < 0.7
    assert brevity(full) == 1.0
    assert brevity(fact) == 1.0


def test_relevance_gate_keeps_named_worded_and_similar_hits() -> None:
    gate = RelevanceGate(vector=0.4, words=0.15)
    low, high = 0.1, 0.5
    ranked = {
        "fts": [(1, 9.0), (2, 8.0), (3, 7.0)],
        "entity": [(4, 1.0)],
        "vector": [(1, high), (2, low), (4, 0.0), (5, high), (6, 0.3)],
    }
    gated = admit_relevant(ranked, gate)
    # 1: words and meaning; 3: words, no vector yet; 4: a named entity;
    # 5: meaning alone above the floor. 2: words by chance; 6: too far.
    assert [i for i, _ in gated["fts"]] == [1, 3]
    assert [i for i, _ in gated["entity"]] == [4]
    assert [i for i, _ in gated["vector"]] == [1, 4, 5]
    assert admit_relevant({"vector": [(7, 0.3)]}, gate) == {"vector": []}
