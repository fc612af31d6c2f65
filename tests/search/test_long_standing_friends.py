"""The user's children told only by age, and a friend of long standing asked
in other words than she was filed in ("my oldest friend" as «моя школьная
подруга»), found on a real memory linked by the real extractor."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.relations import same_qualified
from agent_memory.storage import MemoryStorage
from day_turns import answers, linked_days

T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()

FAMILY = (
    "суббота, завтракали все вместе. Даник (Данияр, муж, 46, химик) жарил"
    " баурсаки, Арман (15, гимназия, баскетбол) съел половину, Алюша (Алия, 6,"
    " в Kita) вторую половину"
)
OTHERS = [
    "Купила новый чайник, старый совсем сломался.",
    "Работа: опять созвон до восьми вечера.",
    "Погода мерзкая, весь день дождь.",
]


async def test_the_children_told_by_age_are_asked_as_son_and_daughter(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, [FAMILY, *OTHERS], T0)
    for question in ("What's my daughter's name?", "как зовут моего сына?"):
        found = await answers(retriever, question)
        assert any("Алюша" in text for text in found[:5]), (question, found)


def test_a_friend_of_long_standing_is_one_relation_in_its_words() -> None:
    """ "oldest friend", "old friend", «школьная подруга», "childhood
    friend": one friend the years made; "best friend" keeps its own."""
    said = set(same_qualified("школьная", "подруга"))
    assert {"oldest friend", "old friend", "childhood friend"} <= said
    assert "best friend" not in said
    assert "oldest boss" not in same_qualified("old", "boss")


async def test_the_oldest_friend_is_asked_as_the_school_friend(
    storage: MemoryStorage,
) -> None:
    texts = [
        "coffee with Dinara at Ostkreuz. Dinara (Динара, Dinka) is my oldest"
        " friend, now she's a nurse at the Charité.",
        "Саша (Александра, мы с ней за одной партой с первого класса) теперь"
        " стоматолог в Роттердаме.",
        *OTHERS,
    ]
    retriever = await linked_days(storage, texts, T0)
    found = await answers(retriever, "моя школьная подруга, медсестра, как её зовут")
    assert any("Dinara" in text for text in found[:5]), found
    found = await answers(retriever, "Who's my old friend, the dentist?")
    assert any("Саша" in text for text in found[:5]), found
