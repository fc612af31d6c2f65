"""A change told without an end word is the newest state of a still-question."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.morphology import stem
from agent_memory.search.told_change import kind_of, new_state, same_root
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
VEGAN = frozenset({stem("vegan")})
POTTERY = frozenset({stem("pottery")})


def test_a_state_now_of_the_same_kind() -> None:
    kind = kind_of(VEGAN)
    assert new_state("So I'm now a pescatarian, fish is fine.", VEGAN, kind)
    assert new_state("Решила: я теперь вегетарианка, сыр можно.", VEGAN, kind)
    # the asked state itself now, no now-word beside, another kind
    assert not new_state("Ten years vegan now and still happy.", VEGAN, kind)
    assert not new_state(
        "A pescatarian friend came over. We now cook a lot.", VEGAN, kind
    )
    assert not new_state("Now I drink tea in the mornings.", VEGAN, kind)


def test_a_return_to_another_doing() -> None:
    kind = kind_of(POTTERY)
    assert new_state("Back at the climbing gym, the wall is new.", POTTERY, kind)
    assert new_state("Вернулась на йогу, спина сказала спасибо.", POTTERY, kind)
    assert not new_state("Back at the office after the holidays.", POTTERY, kind)
    assert not new_state("Back at pottery, glazed two bowls.", POTTERY, kind)


def test_a_return_only_wished_is_no_change() -> None:
    kind = kind_of(POTTERY)
    assert not new_state("Mia says she wants to go back to yoga.", POTTERY, kind)
    assert not new_state("Поля хочет обратно в бассейн, к тренерше.", POTTERY, kind)
    assert new_state("Поля вернулась в бассейн, тренер взяла её.", POTTERY, kind)


async def test_a_return_ranks_above_the_old_doing(storage: MemoryStorage) -> None:
    """No turn ends the pottery class; going back to yoga tells it."""
    old = [
        "Pottery class on Tuesday: my first bowl came out lopsided.",
        "Pottery again, the teacher says my walls are too thick.",
    ]
    back = [
        "Went back to yoga on Monday, the old studio near the park.",
        "Yoga at seven, my back feels better already.",
    ]
    texts: list[str] = []
    for text in [*old, *back]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Do I still go to pottery?")

    assert found[:2] == back, found


async def test_a_new_diet_said_with_now_ranks_first(storage: MemoryStorage) -> None:
    old = "Two years vegan now, the oat milk shelf is my second home."
    now = "Ate grilled salmon at Anna's. Decided: I'm a pescatarian now."
    texts = [*NOISE, old, *NOISE, now, *NOISE]
    found = await top_answers(storage, texts, T0, "Am I still vegan?")

    assert found[0] == now, found


async def test_an_end_of_the_thing_itself_still_leads(storage: MemoryStorage) -> None:
    """The end names the thing in another form («шахматный» of «шахматы»):
    a later return to another doing does not take its place."""
    old = "Шахматы в клубе: опять проиграл инженеру на пенсии."
    end = "Всё, бросил шахматный клуб, далеко ездить."
    back = "Вернулся на плавание, бассейн у дома открыли."
    texts: list[str] = []
    for text in [old, end, back]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Я ещё хожу на шахматы?")

    assert found[0] == end, found


def test_a_root_shared() -> None:
    assert same_root(stem("театр"), frozenset({stem("театральную")}))
    assert not same_root(stem("бассейн"), frozenset({stem("театральную")}))


async def test_a_doing_dropped_for_a_new_one_started(storage: MemoryStorage) -> None:
    """No turn ends the fishing, none goes back: the user starts table tennis
    a few days after the last trip and never goes fishing again."""
    old = [
        "Monday fishing with Pavel on the river, caught two perch.",
        "Fishing again with Pavel, rain all day, one carp.",
    ]
    new = [
        "First table tennis session at the club, got destroyed 11-3.",
        "Table tennis after work, won one game this time.",
    ]
    texts: list[str] = []
    for text in [*old, *new]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Do I still go fishing?")

    assert found[:2] == new, found


async def test_a_doing_going_on_beside_a_new_one(storage: MemoryStorage) -> None:
    """The fishing is named again after the table tennis starts: both go on,
    and the fishing is what the question asks."""
    texts = [
        *NOISE,
        "Monday fishing with Pavel on the river, caught two perch.",
        *NOISE,
        "First table tennis session at the club, got destroyed 11-3.",
        *NOISE,
        "Рыбалка с Павлом в понедельник, поймал леща.",
    ]
    found = await top_answers(storage, texts, T0, "Я ещё езжу на рыбалку?")

    assert "леща" in found[0], found
