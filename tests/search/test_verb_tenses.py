"""A Russian verb asked in the past reaches the turn told in the present,
while it was true (search/verb_forms.py): «учила» finds «учу», «курил»
finds «курю»; the pairs the stripper already joins (работала / работаю)
and the present's own search are left alone."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.query_text import fts_match
from agent_memory.search.verb_forms import present_of_past
from agent_memory.storage import MemoryStorage
from day_turns import answers, linked_days

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Дождь весь день, сидела дома с книжкой.",
    "Сосед снизу опять сверлит стену.",
    "Walked along the river after dinner.",
)


@pytest.mark.parametrize(
    ("word", "present"),
    [
        ("учила", "учу"),  # 2nd conjugation: the first person
        ("курили", "курят"),  # ... and the third plural
        ("ходил", "хожу"),  # д alternates with ж
        ("любила", "люблю"),  # a labial takes л
        ("платил", "плачу"),  # т alternates with ч
        ("видела", "вижу"),  # a verb in -еть
        ("тренировалась", "трениру"),  # -овать: the present in -у-
        ("танцевала", "танцу"),
    ],
)
def test_a_past_form_searches_its_present(word: str, present: str) -> None:
    assert present in present_of_past(word)


def test_the_present_is_an_or_of_prefixes_beside_the_past() -> None:
    match = fts_match(["курил"])
    assert match is not None
    assert match.startswith("(") and '"курю"*' in match and '"курят"*' in match
    # a 1st-conjugation verb's tenses already share a prefix; a present asks
    # what holds now, an infinitive names a doing; «Джили» is a car; a twin
    # table's word keeps the table's forms («бросил»: «брошу» is a future);
    # a wish's present is the newer plan («хотели поехать»: «хочу»)
    others = "работала курю курить джили бросил хотели smoked".split()
    assert [fts_match([word]) for word in others] == [
        '"работ"*',
        '"кур"*',
        '"кури"*',
        '"джи"*',
        '"брос"*',
        '"хоте"*',
        '"smoked"',
    ]


async def _top(storage: MemoryStorage, told: str, question: str) -> list[str]:
    noise = [NOISE[i % len(NOISE)] for i in range(18)]
    retriever = await linked_days(storage, [*noise[:9], told, *noise[9:]], T0)
    return await answers(retriever, question, SearchFilters(limit=3))


@pytest.mark.parametrize(
    ("told", "question"),
    [
        ("Учу итальянский по приложению, по полчаса перед сном.", "Что я учила?"),
        ("Тренируюсь в зале у дома три раза в неделю.", "Где я тренировалась?"),
        ("По субботам хожу на керамику в студию у парка.", "Куда я ходила?"),
        ("Люблю рисовать акварелью по выходным.", "Что я любила?"),
    ],
)
async def test_a_past_question_finds_the_present_telling(
    storage: MemoryStorage, told: str, question: str
) -> None:
    assert told in await _top(storage, told, question)
