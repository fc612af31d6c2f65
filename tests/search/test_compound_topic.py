"""A two-word topic ranks by its head noun: "table tennis" is answered by
«Теннис у Левана», not by "the fish from the table" (search/compound_topic.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.compound_topic import compound_topic
from agent_memory.search.morphology import stem
from day_turns import retriever_over


@pytest.mark.parametrize(
    ("topic", "modifier", "head"),
    [
        ("table tennis", "table", "tennis"),
        ("Swimming pool", "swimming", "pool"),
        ("настольный теннис", "настольный", "теннис"),
    ],
)
def test_the_last_word_of_a_topic_is_its_head(
    topic: str, modifier: str, head: str
) -> None:
    found = compound_topic(topic)
    assert found is not None
    assert stem(modifier) in found.modifier
    assert stem(head) in found.head


def test_the_head_brings_its_twin() -> None:
    found = compound_topic("table tennis")
    assert found is not None and stem("теннис") in found.head


@pytest.mark.parametrize(
    "text",
    [
        "my wife",  # one word asked
        "с Леной",
        "Baba Zoya",  # names
        "Галина Петровна",
        "соседка снизу",  # a Russian noun comes first, its genitive after
        "уроки музыки",
        "What is Caroline's identity?",  # a question, not a topic
        "tennis",
        "night shifts",  # a head holding an activity: "a run of nights"
        "piano lessons",
        "ночные смены",
    ],
)
def test_no_compound_topic(text: str) -> None:
    assert compound_topic(text) is None


TURNS = [
    (1, "Kuzya stole the fish from the table again."),
    (2, "Теннис у Левана, второе занятие, играл против Гурама."),
    (3, "Вернулся на теннис к Левану, играл двадцать минут."),
    (4, "Tennis tonight, lost two games."),
    (5, "Tennis again, my backhand is better."),
    (6, "Настольный теннис с утра, играли парой."),
    (7, "Bought a new cap for the garden."),
]


@pytest.mark.parametrize("topic", ["table tennis", "настольный теннис"])
async def test_turns_saying_the_head_rank_above_the_modifier_alone(
    tmp_path: Path, topic: str
) -> None:
    async with retriever_over(tmp_path, TURNS) as retriever:
        found = await retriever.search(topic, reinforce=False)
    texts = [hit.node.content for hit in found]
    heads = [i for i, text in enumerate(texts) if "ennis" in text or "еннис" in text]
    table = [i for i, text in enumerate(texts) if "table" in text]
    assert len(heads) == 5
    assert all(i < j for i in heads for j in table)
