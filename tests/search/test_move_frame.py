"""A move of home asked within a time window is told there by its parts:
boxes, packing, the van, the keys, the lease, the new flat, the first night
(search/move_frame.py, search/window_doing.py)."""

from __future__ import annotations

from agent_memory.search.move_frame import asks_the_move, tells_the_move
from agent_memory.storage import MemoryStorage
from day_turns import window_answers

NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Мама звонила, спрашивала про отпуск.",
    "Договорились с Олей встретиться в субботу у фонтана.",
)
MOVE = [
    "Looked at a flat near the park, two rooms and a balcony.",
    "Подписали договор аренды, с первого числа.",
    "Начали паковаться, Сэм привёз коробки с работы.",
    "Sam came with a borrowed van, three trips across town.",
    "Отдал хозяину ключи от старой квартиры.",
    "First night at the new place. The cat slept on the windowsill.",
]
# before the window: boxes of another time are no answer
EARLIER_BOXES = "Carried the Christmas boxes down to the cellar."


async def _window_answers(storage: MemoryStorage, question: str) -> list[str]:
    """Days of noise with the move among them, asked within the window
    that opens on the first of them."""
    texts = [EARLIER_BOXES, *NOISE]
    for part in MOVE:
        texts += [*NOISE, part]
    return await window_answers(storage, texts, len(NOISE) + 1, question)


async def test_the_move_in_a_window_is_found_by_its_parts(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "переезд")

    assert found[: len(MOVE)] == MOVE, found
    assert EARLIER_BOXES not in found


async def test_a_question_not_about_the_move_lifts_no_boxes(
    storage: MemoryStorage,
) -> None:
    found = await _window_answers(storage, "ramen")

    assert found and all("ramen" in text for text in found), found


def test_the_move_is_asked_by_its_word_in_both_languages() -> None:
    assert asks_the_move("переезд")
    assert asks_the_move("What did we do for the move?")
    assert asks_the_move("Как мы переезжали?")
    assert not asks_the_move("What did I cook last week?")


def test_a_turn_tells_the_move_by_its_parts_not_by_a_like_word() -> None:
    assert tells_the_move("Katja brought 20 boxes from her office")
    assert tells_the_move("Деян упаковывал мне коробки после смены")
    assert tells_the_move("первое утро на Дорчоле, кот нашёл двор")
    assert tells_the_move("Съездили посмотреть квартиру в Дидубе")
    assert not tells_the_move("Договорились с Олей встретиться в субботу")
    assert not tells_the_move("Tried a new ramen place near the station.")


def test_moving_out_and_a_new_named_address_are_parts_of_the_move() -> None:
    assert tells_the_move("Сказал соседу, что съезжаю из общежития в мае.")
    assert tells_the_move("Мы съехали в пятницу, в комнате пусто.")
    assert tells_the_move("Registered my new Lindenau address at the town hall.")
    # a new place to eat is no home
    assert not tells_the_move("Tried a new Thai place on the corner.")
    assert not tells_the_move("Съел весь торт за вечер.")
