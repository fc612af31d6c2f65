"""What a person's turns are read for, read once: a turn without a naming
word names no one as such (search/unnamed_before.py may_name), and a turn
read for who the person is, asked about again, is the cache's
(search/introductions.py says_who)."""

from __future__ import annotations

from agent_memory.core.records import EpisodeDraft
from agent_memory.search import introductions
from agent_memory.search.introductions import says_who
from agent_memory.search.unnamed import descriptions
from agent_memory.search.unnamed_before import may_name, naming_sex
from agent_memory.storage import MemoryStorage

T0 = 1_700_000_000.0
NAMINGS = [
    "The guy from the chess club is called Tomas",
    "that lady at the pharmacy, her name is Irma",
    "Её зовут Зоя, она из бассейна",
    "HE'S CALLED BORIS",
]
NONE_NAMED = ["Played chess with Tomas", "Зоя звонила вечером", "Irma, 41, is back"]


def test_a_turn_without_a_naming_word_names_no_one() -> None:
    assert all(may_name(text) for text in NAMINGS)
    assert not any(may_name(text) for text in NONE_NAMED)
    names = {"tomas", "irma", "зоя", "boris"}
    assert [naming_sex(t, names) for t in NAMINGS] == ["m", "f", "f", "m"]
    assert descriptions(NAMINGS[0], names) == ["guy from the chess club"]
    assert all(naming_sex(t, names) is None for t in NONE_NAMED)


async def test_a_turn_asked_about_again_is_read_once(storage: MemoryStorage) -> None:
    said = "My cousin Tomas, 34, fixes bikes"
    node_id = await storage.nodes.add_episode(EpisodeDraft(said, "t1", "user", T0))
    await storage.drain()
    node = (await storage.nodes.get_nodes([node_id]))[node_id]
    names = frozenset({"tomas"})
    introductions._said_who.cache_clear()
    assert says_who(node, frozenset({"cousin"}), names, 2.0) == 2.0
    assert says_who(node, frozenset({"cousin"}), names, 2.0) == 2.0
    assert introductions._said_who.cache_info().hits == 1
    assert says_who(node, frozenset(), {"tomas"}, 2.0) == 2.0  # introduced: ", 34"
    assert says_who(node, frozenset(), {"mira"}, 2.0) == 1.0
