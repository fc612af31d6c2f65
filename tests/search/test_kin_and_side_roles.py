"""Relations told in a lower-case chat line, asked in either language.

- A sister filed from a Russian line («моя сестра Ифеома») is asked "what's
  my sister called?" or "who's my sister's husband?": the English line "my
  sister and her husband …", which names no one the linker files, answers
  too — kin one has several of join the person only when the question asks
  by that relation (search/own_relation.py `joined_by_relation`).
- "kofi's our captain" names the captain: a lower-case subject of "is our
  <role>" is a name (search/asked_name.py), and «как зовут капитана нашей
  команды?» asks the captain's name, which a turn naming him without the
  team's word gives (search/support.py); no coach is named by it.
- "flatmate" is «сосед по квартире» (search/twin_phrases.py): "who was my
  flatmate?" finds the Russian line naming him.
- "pal", "buddy", "mate" are friends (core/relations.py): "what's Olya's pal
  called?" finds «Зарина подруга Оли».
"""

from __future__ import annotations

import datetime as dt

from agent_memory.core.relations import same_relation
from agent_memory.retrieval import SearchFilters
from agent_memory.search.asked_name import asked_name_of, gives_name
from agent_memory.search.own_relation import joined_by_relation
from agent_memory.storage import MemoryStorage
from day_turns import SMALL_TALK, linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
SISTER_EN = "my sister and her husband obi bought a caravan near keswick, mad"
SISTER = [
    "Моя сестра Ифеома переехала в Лидс, работает стоматологом.",
    SISTER_EN,
    *SMALL_TALK,
    "Ифеома прислала фотки из отпуска.",
]
CAPTAIN = "sunday league again, kofi's our captain, shouts at everyone"
TEAM = [
    CAPTAIN,
    *SMALL_TALK,
    "won 4-2 on sunday, my legs are gone",
    "Вчера играли в футбол под дождём, проиграли.",
]


def test_kin_of_several_join_only_when_asked_by_relation() -> None:
    sister = {"sister", "сестра"}
    assert joined_by_relation(sister, sister) == sister
    assert joined_by_relation(sister, set()) == set()  # asked by her name
    assert joined_by_relation({"friend", "друг"}, {"friend", "друг"}) == set()
    assert joined_by_relation({"mom"}, set()) == {"mom"}  # lifelong, as before


async def test_the_unnamed_english_line_answers_the_sister_asked(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, SISTER, T0)
    for question in (
        "как зовут мою сестру?",
        "what's my sister called?",
        "who's my sister's husband?",
    ):
        hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
        assert SISTER_EN in [hit.node.content for hit in hits], question


def test_a_lower_case_subject_of_our_role_is_its_name() -> None:
    captain = asked_name_of("what's our captain called?")
    assert gives_name(CAPTAIN, captain, [], [])
    assert gives_name("dele is our captain this season", captain, [], [])
    for line in (
        "sunday league again, he's our captain, shouts at everyone",
        "sunday league again, that's our captain for you",
        "sunday league again, mum's our captain at home",
        "today is our captain's birthday",
    ):
        assert not gives_name(line, captain, [], []), line
    assert not gives_name(CAPTAIN, asked_name_of("what's our coach called?"), [], [])


async def test_the_captain_of_our_team_asked_in_either_language(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, TEAM, T0)
    for question in (
        "как зовут капитана нашей команды?",
        "what's our team's captain called?",
    ):
        hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
        assert CAPTAIN in [hit.node.content for hit in hits], question
    hits = await retriever.search(
        "как зовут тренера нашей команды?", SearchFilters(limit=5), reinforce=False
    )
    assert hits == []  # no coach is named


FLAT = [
    "Тунде мой сосед по квартире, он из Абердина.",
    *SMALL_TALK,
    "the boiler in the flat broke again, freezing",
    "our neighbour downstairs plays drums at night",
]


async def test_the_flatmate_told_in_russian_asked_in_english(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, FLAT, T0)
    hits = await retriever.search(
        "who was my flatmate?", SearchFilters(limit=10), reinforce=False
    )
    assert FLAT[0] in [hit.node.content for hit in hits]


PALS = [
    "Зарина подруга Оли, работает в музее на Арбате.",
    *SMALL_TALK,
    "Оля купила новый велосипед, синий.",
]


def test_pal_buddy_and_mate_are_friends() -> None:
    for word in ("pal", "buddy", "mate"):
        assert {"friend", "друг", "подруга"} <= same_relation(word), word


async def test_a_pal_asked_in_english_told_in_russian(storage: MemoryStorage) -> None:
    retriever = await linked_days(storage, PALS, T0)
    hits = await retriever.search(
        "what's Olya's pal called?", SearchFilters(limit=5), reinforce=False
    )
    assert PALS[0] in [hit.node.content for hit in hits]
