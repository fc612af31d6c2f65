"""What is true now, asked in a new person's words, on a real database:
a goal one trains for ("What race am I training for?", «К какому забегу я
готовлюсь?») is named by the race, never by the verb; an e-bike is a bike
(«электровелосипед» too); "Where do I stay?" in Scots asks the home."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import SearchHit
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.spoken_words import spoken_plain
from agent_memory.search.word_notes import notes_a_word
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 2, 2, tzinfo=dt.UTC).timestamp()
SMALL_TALK = (
    "Made a big pot of soup for the week.",
    "Rainy again, the umbrella broke on the way home.",
    "Watched two episodes of the baking show with my sister.",
    "Booked the dentist for a check-up.",
)


def _days(turns: list[str]) -> list[str]:
    """`turns` spread between a dozen days of small talk."""
    talk = [SMALL_TALK[i % len(SMALL_TALK)] for i in range(12)]
    return [*talk[:6], *turns, *talk[6:]]


async def _top(retriever: Retriever, question: str) -> list[SearchHit]:
    return await retriever.search(question, SearchFilters(limit=5), reinforce=False)


GOAL = [
    "Took the train to Leeds for the conference.",
    "Cycled to work, my legs are dead.",
    "Signed up for the York marathon in October, twelve weeks to go.",
    "Записалась на полумарафон в Казани, страшно.",
    "Training session at the gym with my sister, legs day.",
]


@pytest.mark.parametrize(
    "question",
    [
        "What race am I training for now?",
        "Which race am I preparing for these days?",
        "К какому забегу я сейчас готовлюсь?",
    ],
)
async def test_a_goal_is_named_by_the_race_not_by_the_training(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, _days(GOAL), T0)
    hits = await _top(retriever, question)
    # the newest race first (the half marathon in Kazan), then the older;
    # the train to Leeds, the commute by bike, the gym session are no race
    assert hits and "полумарафон" in hits[0].node.content
    assert "marathon" in hits[1].node.content


def test_the_verb_of_a_goal_is_no_word_searched() -> None:
    assert analyse("What race am I training for?").terms == ("race",)
    assert "готовлюсь" not in analyse("К какому забегу я готовлюсь?").terms
    # a workout asked keeps its words
    assert "training" in analyse("When is my training session?").terms


BIKES = [
    "The old road bike got a flat again.",
    "Мой электровелосипед заряжается за три часа.",
    "Слово дня: велосипед = bike.",
]


@pytest.mark.parametrize(
    "question", ["What bike do I ride now?", "Какой у меня сейчас велосипед?"]
)
async def test_an_electric_bike_is_a_bike_and_a_word_note_no_bike(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await linked_days(storage, _days(BIKES), T0)
    hits = await _top(retriever, question)
    # the newest bike first; the learner's note on the word last
    assert hits and "электровелосипед" in hits[0].node.content
    assert "Слово дня" not in " ".join(hit.node.content for hit in hits[:2])


def test_a_note_on_a_word_is_no_part_of_the_life() -> None:
    assert notes_a_word("Word of the day: смена = shift")
    assert notes_a_word("new word: зонт = umbrella")
    assert notes_a_word("Как сказать 'night shift' по-русски?")
    assert not notes_a_word("Мой новый велосипед, очень быстрый!")
    assert not notes_a_word("The score was 2 = 2 at half time")


def test_stay_of_a_home_is_live() -> None:
    assert spoken_plain("Where do I stay now?") == "Where do I live now?"
    assert spoken_plain("where does your gran stay?") == "where does your gran live?"
    # a trip's night is no home
    for question in ("Where do we stay in Rome?", "Where did we stay?"):
        assert spoken_plain(question) == question


HOME = [
    "Moving day! All my boxes are in the new flat in Leith now.",
    "Stayed in bed till noon, bliss.",
    "Stayed late at work to finish the rota.",
    "We live in Leith now, ten minutes from the shore.",
]


async def test_where_i_stay_is_where_i_live(storage: MemoryStorage) -> None:
    retriever = await linked_days(storage, _days(HOME), T0)
    hits = await _top(retriever, "Where do I stay now?")
    assert hits and "Leith" in hits[0].node.content
