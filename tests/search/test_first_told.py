"""An "at first" question about one thing (search/first_told.py): its
earliest turns answer, above the later ones, which say its word as often
and tell the state as it became."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import among_noise, top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "The printer at the office jammed twice today.",
    "Walked the dog along the river, nice weather.",
    "Paid the electricity bill, cheaper than last month.",
)
BEGAN = [
    "The GP prescribed amlodipine, 5 mg in the morning.",
    "Second day on amlodipine, ankles a bit puffy.",
]
LATER = [
    "Amlodipine dose raised to 10 mg, amlodipine 10 from Monday.",
    "Is amlodipine 10 mg ok with grapefruit? Asking about the amlodipine dose.",
    "Amlodipine 10 every morning, the amlodipine dose seems right now.",
]
RU_BEGAN = [
    "Невролог назначила магний, по одной таблетке вечером.",
    "Третий день на магнии, судороги в ногах реже.",
]
RU_LATER = [
    "Дозу магния подняли: магний теперь по две таблетки, магний утром и вечером.",
    "Магний по две, доза магния нормальная, магний в аптеке подорожал.",
    "Магний две таблетки в день, про дозу магния спросить на приёме.",
]


async def test_the_first_turns_answer_at_first(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, BEGAN, LATER)
    found = await top_answers(
        storage, texts, T0, "What was my amlodipine dose at first?"
    )

    assert found[:2] == BEGAN, found


async def test_the_russian_first_turns(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, RU_BEGAN, RU_LATER)
    found = await top_answers(storage, texts, T0, "Какую дозу магния я пил сначала?")

    assert found[:2] == RU_BEGAN, found


# A pet named in English, asked of in Russian: its first turns are in the
# other language, and a learner's notes about the word come long before.
PET_NOTES = [
    "Словарь на сегодня: кошка = cat, котёнок = kitten.",
    "How do you say 'curiosity killed the cat' in Russian?",
]
PET_BEGAN = [
    "We adopted a cat from the shelter today, a grey tabby, three years old.",
    "We're calling the cat Biscuit for now, Anna liked it.",
]
PET_LATER = [
    "Наша кошка Печенька опять уронила вазу.",
    "Кошка переименована: теперь Печенька, на Бисквит не откликалась.",
    "Печенька спит на диване, кошка довольна.",
]


async def test_a_pets_first_name_told_in_the_other_language(
    storage: MemoryStorage,
) -> None:
    # «назвали» frames the question as "called" does; the dog's first turns
    # in English answer, not the word notes nor the Russian renaming.
    texts = among_noise(NOISE, [*PET_NOTES, *PET_BEGAN], PET_LATER)
    found = await top_answers(storage, texts, T0, "Как мы сначала назвали кошку?")

    assert found[:2] == PET_BEGAN, found
