"""A turn opened by another form of a person's name than the one they are
filed under is their news (search/person_names.py): the son filed as
«Кирилл» and written "Kir" or «Кирюше» got a job, the user did not. Asked
of him by any name or by his relation, it is his own state; someone moving
in moves into the user's home."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.name_forms import same_name
from agent_memory.core.records import SearchHit
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import told_of_other
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 4, 1, tzinfo=dt.UTC).timestamp()
SON = "Мой сын Кирилл переехал в Лидс, работает монтажёром на студии."


async def hit_of(
    storage: MemoryStorage, texts: list[str], query: str, text: str
) -> SearchHit:
    retriever = await linked_days(storage, texts, T0)
    hits = await retriever.search(query, SearchFilters(limit=10), reinforce=False)
    found = [hit for hit in hits if hit.node.content == text]
    assert found, [hit.node.content for hit in hits]
    return found[0]


async def test_a_short_form_opening_the_turn_makes_it_their_news(
    storage: MemoryStorage,
) -> None:
    told = "Kir landed an offer from a radio station in Manchester, starts in May."
    hit = await hit_of(storage, [SON, "Dentist at nine.", told], "offer radio", told)
    assert told_of_other(hit, "Where do I work now?")
    # a caller reading every opener as news says its question apart
    assert told_of_other(hit, asked="Where do I work now?")
    # asked of him by any of his names or by his relation, it is his own
    assert not told_of_other(hit, asked="Where does Kirill work now?")
    assert not told_of_other(hit, "Где сейчас работает Кирилл?")
    assert not told_of_other(hit, "Где теперь работает сын?")
    # "Kir and I" is the user's too
    both = "Kir and I drove the van to the new flat on Sunday."
    hit = await hit_of(storage, [SON, both], "van flat", both)
    assert not told_of_other(hit, "Where do I live now?")


async def test_an_inflected_form_opening_the_turn_is_theirs(
    storage: MemoryStorage,
) -> None:
    brother = "Мой брат Саша переехал в Ригу, пишет бэкенд."
    told = "Саше наконец дали визу, улетает в марте."
    texts = [brother, "Sasha called, all good.", told]
    hit = await hit_of(storage, texts, "Саше визу", told)
    assert told_of_other(hit, "Куда я лечу в марте?")
    assert not told_of_other(hit, "Куда летит брат?")


async def test_someone_moving_in_stays_the_users_news(
    storage: MemoryStorage,
) -> None:
    texts = [
        "Мой брат Георгий прилетел из Тбилиси.",
        "Giorgi got a job at the port, night shifts.",
        "Giorgi moved in with us until he finds a flat.",
    ]
    job = await hit_of(storage, texts, "port job", texts[1])
    assert told_of_other(job, "Where do I work now?")
    moved = await hit_of(storage, texts, "flat", texts[2])
    assert not told_of_other(moved, "Who do I live with now?")


def test_kir_and_kiryusha_are_forms_of_kirill() -> None:
    assert same_name("kir", "кирилл") and same_name("кирюша", "kirill")
    assert same_name("kirya", "киря") and not same_name("kir", "кира")
    assert same_name("valera", "валерий")
