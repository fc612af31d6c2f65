"""Someone else's "now" is no answer about the user's present (search/
others_now.py): "Our cat ... He now has a job: watching crows" and «Томек
теперь ездит в офис» do not rise for "Where do I work now?", while a turn
where the user is in the sentence («Дима теперь зовёт меня в бокс») or the
question asks of that one stays the user's or theirs."""

from __future__ import annotations

from agent_memory.core.records import Entity, Node, SearchHit
from agent_memory.search.others_now import tells_others_now
from agent_memory.search.standing import by_stance

DAY = 86_400.0
WORK = {"work", "job", "offic", "работ", "офис"}


def _turn(text: str, *people: Entity) -> SearchHit:
    node = Node(
        1, "episodic", text, None, 0.0, 0.0, None, 1.0, 1.0, 0, None, 0.0,
        "conversation", "user", "t1", {},
    )  # fmt: skip
    return SearchHit(node, 1.0, list(people))


CAT = Entity(1, "Шпрот", "pet", ("мой кот", "Shprot", "Шпрота"), None, 3, 0.0, 0.0)
HUSBAND = Entity(
    2, "Tomasz", "person", ("my husband", "Томек", "Tomek"), None, 9, 0.0, 0.0
)
FRIEND = Entity(3, "Дима", "person", ("мой друг", "Dima"), None, 5, 0.0, 0.0)


def test_a_now_told_of_a_pet_or_a_person_is_theirs() -> None:
    cat = _turn(
        "Shprot found the windowsill in the new flat. He now has a job: crows.", CAT
    )
    assert tells_others_now(cat, "Where do I work now?", WORK)
    tomek = _turn("Томек теперь ездит в офис на поезде.", HUSBAND)
    assert tells_others_now(tomek, "Где я сейчас работаю?", WORK)


def test_the_sentence_holding_what_is_asked_decides() -> None:
    # the cat's sentence about the flat holds no "now": the user's home
    cat = _turn(
        "Shprot found the windowsill in the new flat. He now has a job: crows.", CAT
    )
    assert not tells_others_now(cat, "Where do I live now?", {"flat", "liv", "hom"})


def test_the_user_in_the_sentence_or_asked_of_another_is_not_someone_elses() -> None:
    dima = _turn("Дима теперь зовёт меня в бокс по вечерам после работы.", FRIEND)
    assert not tells_others_now(dima, "Где я сейчас работаю?", WORK)
    both = _turn("Tomek and I now work from the same office.", HUSBAND)
    assert not tells_others_now(both, "Where do I work now?", WORK)
    tomek = _turn("Томек теперь ездит в офис на поезде.", HUSBAND)
    assert not tells_others_now(tomek, "Где теперь работает Томек?", WORK)
    assert not tells_others_now(tomek, "Where does my husband work?", WORK)
    own = _turn("Теперь хожу на работу пешком.")
    assert not tells_others_now(own, "Где я сейчас работаю?", WORK)


def _said(node_id: int, day: int, text: str, score: float = 1.0) -> SearchHit:
    node = Node(
        node_id, "episodic", text, day * DAY, day * DAY, day * DAY, None, 1.0,
        1.0, 0, None, 0.0, "conversation", "user", f"day-{day}", {},
    )  # fmt: skip
    firm = Entity(node_id * 10, "Kestrel Labs", "organization", (), None, 1, 0.0, 0.0)
    return SearchHit(node, score, [firm] if "Kestrel" in text else [])


def test_a_pets_now_does_not_outrank_the_users_work() -> None:
    hits = [
        _said(1, 1, "Started my new job at Kestrel Labs as a tester.", 1.1),
        _said(2, 5, "Work at Kestrel Labs is calm now, I like the job."),
        _said(3, 9, "Our cat found the windowsill. He now has a job: watching crows."),
    ]
    ranked = by_stance(hits, "Where do I work now?", ["work", "job"])
    # the newest, but its "now" is the cat's: below the user's own turns
    assert [hit.node.id for hit in ranked] == [2, 1, 3], ranked
