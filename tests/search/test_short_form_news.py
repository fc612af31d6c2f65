"""A turn about someone else, opened by any real name of theirs, is their
news (search/person_names.py): the son filed as «Кирилл» and written "Kir"
in English turns got a job, the user did not; a turn opening with a relation
alias ("My landlord ...") stays the user's own."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.name_forms import same_name
from agent_memory.core.records import SearchHit
from agent_memory.retrieval import SearchFilters
from agent_memory.search.standing import told_of_other
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 4, 1, tzinfo=dt.UTC).timestamp()
BROTHER = "Мой брат Саша переехал в Ригу, пишет бэкенд."
SHORT = "Sasha got an offer from the bank on Friday, he's thrilled."
OWN = "I signed my contract at the museum café today."


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
    hit = await hit_of(storage, [BROTHER, OWN, SHORT], "Sasha offer bank", SHORT)
    assert any("Sasha" in e.aliases or e.name == "Sasha" for e in hit.entities)
    # "where do I work now?" is not answered by it
    assert told_of_other(hit, "Where do I work now?")
    # asked of him by any of his names, it is his own state
    assert not told_of_other(hit, "Where does Саша work now?")
    assert not told_of_other(hit, "Where does Sasha work now?")


async def test_an_inflected_russian_form_opening_the_turn_is_theirs(
    storage: MemoryStorage,
) -> None:
    told = "Саше наконец дали визу, улетает в марте."
    hit = await hit_of(
        storage, [BROTHER, "Sasha called, all good.", told], "Саше визу", told
    )
    assert told_of_other(hit, "Где я сейчас работаю?")


async def test_a_relation_alias_never_makes_a_turn_someone_elses(
    storage: MemoryStorage,
) -> None:
    own = "My landlord raised the rent by fifty pounds from May."
    texts = [BROTHER, "My landlord Peter is kind but slow with repairs.", SHORT, own]
    hit = await hit_of(storage, texts, "landlord rent", own)
    assert not told_of_other(hit, "How much is my rent now?")
    sasha = await hit_of(storage, texts, "Sasha offer bank", SHORT)
    assert told_of_other(sasha, "How much is my rent now?")


def test_kir_and_kiryusha_are_forms_of_kirill() -> None:
    assert same_name("kir", "кирилл") and same_name("кирюша", "kirill")
    assert same_name("kirya", "киря") and not same_name("kir", "кира")
