"""Relations said beside a name in the ways relations.relation_after did not
read, filed on the person and found by the relation asked
(writepath/apposed_roles.py)."""

from __future__ import annotations

import datetime as dt

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from agent_memory.writepath.mentions import extract_mentions

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()


def _relations(text: str) -> dict[str, str]:
    return {m.name: m.relation for m in extract_mentions(text) if m.relation}


def test_a_serving_role_apposed_with_the_is_filed() -> None:
    """ "Nadia, the pharmacist at …": the pharmacist one goes to; a role
    one does not go to stays unfiled ("Tom, the plumber")."""
    assert _relations("Nadia, the pharmacist at the Well pharmacy, knows me.") == {
        "Nadia": "pharmacist"
    }
    assert _relations("Tom, the plumber from Leeds, came at nine.") == {}


def test_a_grandchild_told_by_birth_order_is_the_grandchild() -> None:
    """ "Alma, my first grandchild": the order says which, the relation stays
    "grandchild" (where "my first wife" is a relation of its own)."""
    assert _relations("And their baby Alma, my first grandchild, is 8 months.") == {
        "Alma": "grandchild"
    }
    assert _relations("Tom, my first wife's brother, came.") == {}


def test_the_relation_past_one_adverb() -> None:
    """ "Geoff is officially my partner now": the adverb leaves the relation."""
    assert _relations("Geoff is officially my partner now.") == {"Geoff": "partner"}


def test_the_relation_closing_the_aside_after_the_other_form() -> None:
    """ "Lena (Лена, жена)": the bracket closes right after the relation."""
    assert _relations("Lena (Лена, жена) came.")["Лена"] == "жена"


def test_a_neighbour_placed_by_the_door() -> None:
    """«Сосед в квартире напротив Войтек», "our neighbour across the hall,
    Wojtek": the neighbour past the place said; of other relations the
    words after may open a clause of their own («Сын в школе, Миша дома»)."""
    assert _relations("Сосед в квартире напротив Войтек помог.") == {"Войтек": "сосед"}
    assert _relations("Our neighbour across the hall, Wojtek, helped.") == {
        "Wojtek": "neighbour"
    }
    assert _relations("Сын в школе, Миша дома.") == {}


SAID = [
    "And their baby Alma, my first grandchild, she's 8 months, born in August.",
    "Nadia, the pharmacist at the Well pharmacy on Town Street, knows me.",
    "Geoff is officially my partner now. We said it out loud.",
    "Walked to the shop, bought bread and milk.",
    "Rain all day, stayed in with a book.",
]


async def _top(storage: MemoryStorage, question: str, k: int) -> list[str]:
    linker = EntityLinker(storage)
    for i, text in enumerate(SAID):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, reinforce=False)
    return [h.node.content for h in hits][:k]


async def test_a_grandchild_answers_a_granddaughter_question(
    storage: MemoryStorage,
) -> None:
    """A grandchild of unsaid sex is the one a granddaughter question asks
    for, in either language."""
    assert await _top(storage, "whats my granddaughter called", 1) == [SAID[0]]


async def test_a_grandchild_answers_a_bare_russian_question(
    storage: MemoryStorage,
) -> None:
    assert await _top(storage, "как зовут внучку?", 1) == [SAID[0]]


async def test_the_pharmacist_and_the_partner_by_their_relation(
    storage: MemoryStorage,
) -> None:
    assert await _top(storage, "как зовут фармацевта в аптеке?", 1) == [SAID[1]]


async def test_the_partner_by_the_relation(storage: MemoryStorage) -> None:
    assert await _top(storage, "my partner", 1) == [SAID[2]]
