"""A trip asked within a time window brings the days between leaving and
coming back, which do not name it (search/window_trip.py)."""

from __future__ import annotations

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.window_trip import comes_back, leaves
from agent_memory.storage import MemoryStorage
from day_turns import DAY, START, answers, linked_days

BEFORE = [
    "Tom and I had lunch at Nando's, he's moving teams.",
    "We booked Madeira for May, a week in Funchal.",
]
LEFT = "Packed for Madeira, the suitcase barely shuts."
HOME_NEWS = "Tom rang about the quarterly report, again."
SWAM = "Swam at Porto Moniz in the lava pools, freezing."
ATE = "Ate espada with banana in Funchal old town, weird but good."
BACK = "Back from Madeira, tanned and tired."
AFTER = [
    "Tom and I had lunch at Nando's again.",
    "Pottery night, glazed my bowl.",
    "Cleaned the oven, finally.",
]


async def _answers(storage: MemoryStorage, question: str) -> list[str]:
    """The top answers to `question` within the window opening on the
    leaving day."""
    texts = [*BEFORE, LEFT, HOME_NEWS, SWAM, ATE, BACK, *AFTER]
    retriever = await linked_days(storage, texts, START)
    after = START + len(BEFORE) * DAY
    filters = SearchFilters(after=after, before=after + 30 * DAY, limit=10)
    return await answers(retriever, question, filters)


@pytest.mark.parametrize("question", ["Madeira", "the Madeira trip"])
async def test_a_trip_in_a_window_brings_its_days(
    storage: MemoryStorage, question: str
) -> None:
    found = await _answers(storage, question)

    assert LEFT in found and BACK in found, found
    # the days told by what was done there, its places named there first
    # or only with the trip before
    assert SWAM in found and ATE in found, found
    assert found.index(SWAM) < found.index(HOME_NEWS) if HOME_NEWS in found else True
    assert not any(text in found for text in AFTER), found


async def test_a_topic_without_leaving_and_return_brings_no_days(
    storage: MemoryStorage,
) -> None:
    found = await _answers(storage, "pottery")

    assert found and all("Pottery" in text for text in found), found


def test_leaving_and_coming_back_are_told_in_both_languages() -> None:
    assert leaves("Packed for Tenerife, Geoff packed days ago")
    assert leaves("Выехали в Керри! 5 часов с остановками")
    assert leaves("Прилетели в Стамбул ночью")
    assert not leaves("Back from Tenerife. Aigul had Biscuit all week")
    assert comes_back("Back from Tenerife. Aigul had Biscuit all week")
    assert comes_back("Вернулись из Керри домой в Лукан")
    assert comes_back("Приехали домой из Сочи, все спят")
    assert not comes_back("Pottery night, glazed my bowl.")
    assert not leaves("Pottery night, glazed my bowl.")


# The return told as coming home, not from the place: the trip ends at the
# first such turn after the place was last named.
UNNAMED_TRIPS = {
    "en": (
        "Flying to Crete at dawn, the kids are too excited to sleep.",
        [
            "Knossos in the heat, Ben wanted to see the labyrinth.",
            "Boat to Balos lagoon, water like glass.",
            "Last night on Crete, grilled octopus by the harbour.",
        ],
        "Got home at 2am, the cat is sulking.",
        "Crete",
    ),
    "ru": (
        "Летим в Грузию! Казань — Москва — Тбилиси, малая не спала.",
        [
            "Серные бани в Абанотубани, потом хинкали.",
            "Поднялись к Гергети пешком, туман на полгоры.",
            "Последний вечер в Грузии, сидели на балконе до ночи.",
        ],
        "Вернулись в Казань ночью, дома пусто и холодно.",
        "Грузия",
    ),
}
HOME_BEFORE = ["Cleaned the oven, finally.", "Почистил духовку наконец."]
HOME_AFTER = [
    "Pottery night, glazed my bowl.",
    "Гончарка вечером, покрыл миску глазурью.",
]


@pytest.mark.parametrize("lang", sorted(UNNAMED_TRIPS))
async def test_a_trip_back_home_unnamed_brings_its_days(
    storage: MemoryStorage, lang: str
) -> None:
    left, days, back, asked = UNNAMED_TRIPS[lang]
    texts = [*HOME_BEFORE, left, *days, back, *HOME_AFTER]
    retriever = await linked_days(storage, texts, START)
    after = START + len(HOME_BEFORE) * DAY
    filters = SearchFilters(after=after, before=after + 30 * DAY, limit=10)

    found = await answers(retriever, asked, filters)

    # the days between, which name no place of the trip the user named before
    assert all(day in found for day in days[:2]), found
    assert not any(text in found for text in HOME_AFTER), found


async def test_a_leaving_without_a_return_brings_no_days(
    storage: MemoryStorage,
) -> None:
    left, days, _, asked = UNNAMED_TRIPS["en"]
    texts = [*HOME_BEFORE, left, *days[:2]]
    retriever = await linked_days(storage, texts, START)
    after = START + len(HOME_BEFORE) * DAY
    filters = SearchFilters(after=after, before=after + 30 * DAY, limit=10)

    found = await answers(retriever, asked, filters)

    assert days[0] not in found, found
