"""The turns that told of a person before their name join them only on the
evidence of the turn that names them (search/unnamed.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()


async def _said(storage: MemoryStorage, *texts: str) -> dict[str, int]:
    linker = EntityLinker(storage)
    ids = {}
    for i, text in enumerate(texts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
        ids[text] = node
    return ids


async def test_the_description_a_naming_turn_gives_joins_the_older_turns(
    storage: MemoryStorage,
) -> None:
    before = "Walked next to a man from the walking group, a retired surveyor."
    naming = "The man from the walking group is called Geoff. He asked about next week."
    later = "Another man from the walking group moved to York."
    ids = await _said(
        storage,
        before,
        "Walked next to a woman from the choir, a retired teacher.",
        naming,
        "Coffee with Geoff after the walk at the café in Ilkley.",
        "Geoff is officially my partner now.",
        later,
    )
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("who's Geoff?", "my partner"):
        found = {h.node.id for h in await r.search(question, reinforce=False)}
        assert {ids[before], ids[naming]} <= found, question
        # said after he had his name: another man of the group may be meant
        assert ids[later] not in found, question
        assert ids["Walked next to a woman from the choir, a retired teacher."] not in (
            found
        ), question


async def test_a_short_description_joins_nothing(storage: MemoryStorage) -> None:
    """ "the new guy" may be anyone new: too little to join a turn by."""
    ids = await _said(
        storage,
        "The new guy at work spilled coffee on my desk.",
        "The new guy is called Tom. He seems nice.",
    )
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    found = {h.node.id for h in await r.search("who's Tom?", reinforce=False)}
    assert ids["The new guy at work spilled coffee on my desk."] not in found


async def test_a_naming_by_pronoun_joins_the_unnamed_turns_of_the_weeks_before(
    storage: MemoryStorage,
) -> None:
    """«её зовут Дина» gives no description: the turns of the weeks before
    that speak of an unnamed woman met where the naming turn says (the
    choir) are hers; not a woman met elsewhere, nor one of long before."""
    met = "на хоре одна женщина из хора, альт, угостила пирогом с капустой"
    again = "та женщина из хора тоже из Харькова оказывается! мир тесен"
    elsewhere = "в аптеке одна женщина из очереди ругалась на цены"
    ids = await _said(
        storage,
        "в хоре одна женщина из Одессы поёт лучше всех",  # day 0: long before
        *["хор по вторникам, разучиваем «Журавли»"] * 30,
        met,
        elsewhere,
        again,
        "её зовут Дина, Дина Ефимовна, вдова, бывший библиотекарь. в хоре альт",
        *[f"с Диной гуляли, день {i}" for i in range(12)],
    )
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    found = {h.node.id for h in await r.search("кто такая Дина?", reinforce=False)}
    assert {ids[met], ids[again]} <= found
    assert ids[elsewhere] not in found
    assert ids["в хоре одна женщина из Одессы поёт лучше всех"] not in found


async def test_the_unnamed_turn_in_the_other_language_joins_too(
    storage: MemoryStorage,
) -> None:
    """«Тот мужчина из группы» is the man from the walking group of the
    English naming: "group" is «группа»."""
    russian = "Тот мужчина из группы, с которым шла, тоже живёт в Rodley."
    ids = await _said(
        storage,
        "Walked next to a man from the walking group, a retired surveyor.",
        russian,
        "The man from the walking group is called Geoff. He asked about next week.",
        *[f"Coffee with Geoff after walk {i}." for i in range(12)],
    )
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    found = {h.node.id for h in await r.search("who's Geoff?", reinforce=False)}
    assert ids[russian] in found


async def test_asked_of_now_the_turns_before_the_name_lead_nothing(
    storage: MemoryStorage,
) -> None:
    """«а с Диной у нас что сейчас?» asks of now: the first meeting, from
    before her name, says who she is, not how things stand."""
    met = "на хоре одна женщина из хора, альт, угостила пирогом с капустой"
    ids = await _said(
        storage,
        met,
        "её зовут Дина, Дина Ефимовна, вдова, бывший библиотекарь. в хоре альт",
        *[f"с Диной гуляли по набережной, день {i}" for i in range(12)],
    )
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    who = [h.node.id for h in await r.search("кто такая Дина?", reinforce=False)]
    assert ids[met] in who[:3]
    now = [h.node.id for h in await r.search("а с Диной что сейчас?", reinforce=False)]
    assert ids[met] not in now[:3]
