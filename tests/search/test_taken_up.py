"""A doing taken up right after another ended goes on with the end."""

from __future__ import annotations

import datetime as dt

from agent_memory.search.morphology import stem
from agent_memory.search.taken_up import is_doing, started_doings
from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)
OLD_CHESS = [
    "Chess club on Wednesday: lost two games to the retired engineer again.",
    "Chess night. Finally won a game with the black pieces.",
]
CHESS_END = "Last time at the chess club, I think: too far from the new flat."
CLIMBING = [
    "Joined a climbing gym near the new flat, the instructor is called Bas.",
    "Скалолазание: Бас поставил меня на синюю трассу, руки отваливаются.",
    "Climbing again, finally topped the blue route without falling.",
]
CHESS = frozenset({stem("chess")})


def test_a_start_of_another_doing() -> None:
    assert started_doings(CLIMBING[0], CHESS)
    assert started_doings("Записался на бокс, первая тренировка в среду.", CHESS)
    # no word of starting, or no doing started, or the ended doing again
    assert not started_doings(CLIMBING[2], CHESS)
    assert not started_doings("Signed up for a new phone plan.", CHESS)
    assert not started_doings("Joined a chess club in town.", CHESS)


def test_only_a_doing_ended_is_followed() -> None:
    assert is_doing(CHESS)
    assert is_doing(frozenset({"шахмат"}))
    assert not is_doing(frozenset({stem("phone")}))


async def test_the_new_doing_leads_the_end_that_names_nothing_new(
    storage: MemoryStorage,
) -> None:
    """The climbing turns never say "chess", yet tell it is over; the end
    names no new doing, it is the chess's last turn: the start leads."""
    texts: list[str] = []
    for text in [*OLD_CHESS, CHESS_END, *CLIMBING]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Do I still go to chess?")

    assert found[:2] == [CLIMBING[0], CHESS_END], found
    assert set(CLIMBING) <= set(found[:4]), found


async def test_a_sign_up_after_another_end_is_not_lifted(
    storage: MemoryStorage,
) -> None:
    """A new phone's end followed by a sign-up for climbing: no change of
    doing, the climbing is not the phone's new state."""
    phone_end = "Cancelled my old phone contract, the Nokia goes in a drawer."
    texts: list[str] = []
    for text in ["My Nokia phone still holds a charge for a week.", phone_end]:
        texts += [*NOISE, text]
    texts += [CLIMBING[0]]
    found = await top_answers(storage, texts, T0, "Do I still have my Nokia phone?")

    assert CLIMBING[0] not in found[:2], found


def test_a_doing_started_by_buying_its_gear() -> None:
    """«Купили по шоссейнику»: the gear bought starts cycling, unnamed."""
    assert started_doings("Купили с Серёгой по подержанному шоссейнику.", CHESS)
    assert started_doings("Bought a second-hand road bike, first ride tomorrow.", CHESS)
    assert not started_doings("Bought a new phone case.", CHESS)


def test_a_choir_is_a_doing() -> None:
    """One sings in a choir, «хор», in one's own time, as one plays chess."""
    assert is_doing(frozenset({stem("choir")}))
    assert is_doing(frozenset({stem("хор")}))


OLD_POTTERY = [
    "Pottery class on Thursday, Jule made a bowl, mine came out an ashtray.",
    "Thursday pottery again, my first cup on the wheel. It leans.",
]
BOULDERING = [
    "Friday: my first bouldering session with Dina, the coach is called Tobi.",
    "Second bouldering session, Tobi taught us to use the legs.",
]
POTTERY_END = "Jule's last pottery evening before she moves. I didn't go."
LATER_BOULDERING = "Bouldering on Tuesday, did my first blue route."


async def test_a_doing_begun_before_the_old_one_ends_is_its_new_state(
    storage: MemoryStorage,
) -> None:
    """The bouldering is begun days before the pottery's last evening: the
    new doing started around the end, not only after it, is the state now."""
    texts: list[str] = []
    for text in [*OLD_POTTERY, *BOULDERING, POTTERY_END, LATER_BOULDERING]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Am I still going to pottery?")

    assert BOULDERING[0] in found[:3], found
    assert {*BOULDERING, LATER_BOULDERING} <= set(found), found


async def test_a_doing_begun_before_a_drink_given_up_is_not_its_state(
    storage: MemoryStorage,
) -> None:
    """ "Signed up for table tennis" a week before «не пью»: a drink is no
    doing, the sport begun before its end is not what one drinks now."""
    tennis = "Signed up for table tennis at the sports school, first class Monday."
    texts: list[str] = []
    for text in ["Wine with Zurab after work.", tennis, "From today I don't drink."]:
        texts += [*NOISE, text]
    found = await top_answers(storage, texts, T0, "Do I still drink wine?")

    assert tennis not in found[:2], found
