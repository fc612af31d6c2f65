"""The noun a "which" question asks about (search/compound_head.py): Russian
puts the owner and the time between «какой» and its noun («Какой у меня
сейчас шкафчик?»), and a compound's noun said with its number ("space 9")
names the one the user has, though the turn drops the compound's other noun."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.compound_head import asked_head, names_numbered
from agent_memory.search.morphology import stem
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 2, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, the quarterly report is finally out.",
    "Made a big pot of lentil soup for the week.",
    "Watched a documentary about octopuses, fascinating.",
    "Called the plumber about the dripping tap.",
)


def test_russian_which_skips_the_owner_and_the_time() -> None:
    assert asked_head("Какой у меня сейчас шкафчик в бассейне?") == {stem("шкафчик")}
    assert asked_head("Какая теперь у нас парковка?") == {stem("парковка")}
    assert asked_head("В каком хоре я пою?") == {stem("хоре")}
    # a measure names its thing after it: «номер» alone is no passport's
    assert asked_head("Какой у меня сейчас номер паспорта?") == set()


def test_a_noun_with_its_number_names_one() -> None:
    nouns = {stem("parking"), stem("space")}
    assert names_numbered(nouns, "The office gave me space 9 by the lift.")
    assert not names_numbered(nouns, "There are 9 spaces left in the car park.")
    assert not names_numbered(nouns, "Moved to desk 14 on the third floor.")


async def test_a_numbered_space_answers_which_parking_space(
    storage: MemoryStorage,
) -> None:
    told = "Facilities moved me to space 9 downstairs, right by the lift."
    texts = [*NOISE, "Parking at the office is a nightmare lately.", told, *NOISE]
    found = await top_answers(storage, texts, T0, "Which parking space do I have now?")

    assert told in found, found


async def test_russian_which_with_the_owner_between(storage: MemoryStorage) -> None:
    told = "Мой шкафчик теперь номер 112, у самого входа в раздевалку."
    texts = [*NOISE, "Записалась в бассейн на абонемент, три раза в неделю.", told]
    found = await top_answers(
        storage, texts, T0, "Какой у меня сейчас шкафчик в бассейне?"
    )

    assert told in found, found
