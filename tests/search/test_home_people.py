"""The people of the user's life are no value of home (search/changes.py
current_value, search/home_people.py): the son who drove the boxes and the
grandson who came to see the new flat, named before the move too, are not
where the user lives now; the landlady first named after it is of the new
home and stays. A question about work keeps them all (its people come with
the job)."""

from __future__ import annotations

from agent_memory.core.records import Entity, Node, SearchHit
from agent_memory.search.changes import asked_keys, current_value, thing_keys
from agent_memory.search.morphology import stem

DAY = 86_400.0


def _hit(day: int, text: str, *names: tuple[str, str]) -> SearchHit:
    node = Node(
        day, "episodic", text, day * DAY, day * DAY, day * DAY, None,
        1.0, 1.0, 0, None, 0.0, "conversation", "user", f"day-{day}", {},
    )  # fmt: skip
    entities = [
        Entity(day * 10 + i, name, kind, (), None, 1, 0.0, 0.0)
        for i, (name, kind) in enumerate(names)
    ]
    return SearchHit(node, 1.0, entities)


KOSTYA, SANDRO = ("Kostya", "person"), ("Sandro", "person")
VAKE, MANANA = ("Vake", "place"), ("Manana", "person")
HITS = [
    _hit(1, "Took Sandro to kindergarten, Kostya picked him up.", SANDRO, KOSTYA),
    _hit(5, "Moving to a flat in Vake! Kostya brings the boxes.", VAKE, KOSTYA),
    _hit(
        6,
        "We moved into the new flat in Vake, Sandro and Manana came.",
        VAKE,
        SANDRO,
        MANANA,
    ),
    _hit(7, "We live in Vake now, Sandro and Manana like it.", VAKE, SANDRO, MANANA),
]
ABOUT = {2, 3, 4} | {5, 6, 7}


def _value(question: str, words: list[str]) -> set[str]:
    return current_value(HITS, ABOUT, asked_keys(question, words))


def test_the_family_named_before_the_move_is_no_home() -> None:
    for question, words in (
        ("Where do I live now?", ["live"]),
        ("Где я сейчас живу?", ["живу"]),
    ):
        value = _value(question, words)
        family = thing_keys("Kostya") | thing_keys("Sandro")
        assert stem("Vake") in value and not value & family, (question, value)
        assert stem("Manana") in value  # first named at the new home


def test_a_question_about_work_keeps_the_people() -> None:
    assert stem("Sandro") in _value("Where do I work now?", ["work"])
