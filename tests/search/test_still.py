"""A yes/no question whether a state still holds ("Am I still going to
Climbzone?", «Я всё ещё пью колу?"; search/still.py): the turn that ends
the thing ranks first, the new state's turns after it, and the thing's
turns before its end below them; without an end the ranking is left."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.still import (
    asks_still,
    ends_state,
    new_state_words,
    question_people,
    retells_end,
    thing_terms,
)
from agent_memory.storage import MemoryStorage
from day_turns import among_noise, linked_days, top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Mum called about her garden and the new fence.",
)
OLD_GYM = [
    "Climbzone after work: bouldering for an hour, my fingers hurt.",
    "Climbzone again tonight, finally topped the orange route.",
    "Went to Climbzone on Sunday, it was packed.",
]
GYM_END = "Cancelled Climbzone for good and went to the Riverside rowing club instead."
NEW_GYM = [
    "Riverside at dawn: two hours on the water, my back is sore.",
    "Riverside regatta practice, our boat came second.",
]
OLD_COLA = [
    "Третья банка колы за день, без неё не могу работать.",
    "Купила упаковку колы на неделю.",
]
COLA_END = "Всё, завязала с колой. Зато теперь по утрам Боржоми."
NEW_COLA = ["Боржоми с утра, бодрит не хуже."]


@pytest.mark.parametrize(
    "question",
    [
        "Am I still going to Climbzone?",
        "Is Mia still doing judo?",
        "Do I still drink coffee?",
        "Я всё ещё пью кофе?",
        "Поля ещё ходит в театральную студию?",
        "Я до сих пор курю?",
        "Я еще хожу на шахматы?",  # typed without «ё»
        "Я сейчас пью вино?",
        "Do I eat meat now?",
        "Climbzone still?",  # typed short, the verb left out
        "still going to Climbzone?",
    ],
)
def test_a_still_question_is_read(question: str) -> None:
    assert asks_still(question)


@pytest.mark.parametrize(
    "question",
    [
        "Что ещё я купила?",
        "Что еще я купила?",
        "Where do I live now?",
        "Who is still here?",
        "С кем я сейчас живу?",
        "На чём я сейчас учусь играть?",
        "What do I still owe?",
    ],
)
def test_other_questions_are_not(question: str) -> None:
    assert not asks_still(question)


def test_an_end_and_the_new_state_it_names() -> None:
    gym = frozenset({"climbzon"})
    assert ends_state(GYM_END, gym)
    assert not ends_state(OLD_GYM[0], gym)
    assert "riversid" in new_state_words(GYM_END, gym)
    # only names: "went", "rowing", "club" are any turn's words
    assert "club" not in new_state_words(GYM_END, gym)
    assert ends_state("Отказался от плавания: холодно.", frozenset({"плаван"}))


async def test_the_end_and_the_new_state_rank_above_the_old(
    storage: MemoryStorage,
) -> None:
    texts = among_noise(NOISE, OLD_GYM, [GYM_END], NEW_GYM)
    found = await top_answers(storage, texts, T0, "Am I still going to Climbzone?")

    assert found[0] == GYM_END, found
    assert set(NEW_GYM) <= set(found[:3]), found
    assert found.index(NEW_GYM[0]) < min(
        (found.index(t) for t in OLD_GYM if t in found), default=9
    ), found


async def test_a_short_still_question_finds_the_end(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, OLD_GYM, [GYM_END], NEW_GYM)
    found = await top_answers(storage, texts, T0, "Climbzone still?")

    assert found[0] == GYM_END, found
    assert NEW_GYM[0] in found[:3], found


async def test_the_russian_end_ranks_first(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, OLD_COLA, [COLA_END], NEW_COLA)
    found = await top_answers(storage, texts, T0, "Я всё ещё пью колу?")

    assert found[0] == COLA_END, found
    assert NEW_COLA[0] in found[:3], found


async def test_without_an_end_the_thing_still_holds(storage: MemoryStorage) -> None:
    texts = among_noise(NOISE, OLD_GYM, NEW_GYM)
    found = await top_answers(storage, texts, T0, "Am I still going to Climbzone?")

    assert found[0] in OLD_GYM, found
    assert not set(NEW_GYM) & set(found), found


SMOKE = [
    "Two cigarettes on the balcony before work, again.",
    "Bought another pack of cigarettes at the kiosk.",
]
SMOKE_END = "Threw away my last cigarette this morning, the lighter too."


def test_the_last_one_ends_it() -> None:
    assert ends_state(SMOKE_END, frozenset({"cigarett"}))
    assert ends_state("Вчера была последняя сигарета.", frozenset({"сигарет"}))
    # a pause on the way ends nothing
    assert not ends_state("Stopped for coffee on the way.", frozenset({"coffe"}))


async def test_a_lone_word_finds_its_things_end(storage: MemoryStorage) -> None:
    """ "Do I still smoke?" names the state by a lone verb: the turns say
    "cigarettes", the state's own words."""
    texts = among_noise(NOISE, SMOKE, [SMOKE_END], NOISE[:1])
    found = await top_answers(storage, texts, T0, "Do I still smoke?")

    assert found[0] == SMOKE_END, found


SMOKE_RETOLD = "Told Lilya I quit smoking. She bet me a dinner I won't last."


def test_an_end_told_to_someone_is_retold() -> None:
    assert retells_end(SMOKE_RETOLD)
    assert retells_end("Тёща спрашивала, правда ли я бросил курить.")
    assert retells_end("Рассказал Славке, что бросил пить.")
    assert not retells_end(SMOKE_END)
    assert not retells_end("Всё. Бросила курить. Соня плакала.")


async def test_the_end_ranks_above_its_retelling(storage: MemoryStorage) -> None:
    """ "Told Lilya I quit smoking" a week after the last cigarette says the
    end again: the end itself is the answer, the retelling goes on with it."""
    texts = among_noise(NOISE, SMOKE, [SMOKE_END], NOISE[:1], [SMOKE_RETOLD])
    found = await top_answers(storage, texts, T0, "Do I still smoke?")

    assert found[0] == SMOKE_END, found
    assert SMOKE_RETOLD in found[:3], found


CHOIR = ["Хор в четверг, пели «Рябинушку» для стариков.", "Репетиция хора до девяти."]
CHOIR_END = "Всё, бросила хор: руководительница уехала к дочери."
CHOIR_COUNT = "Неделя без хора, по четвергам пою на кухне одна."
FINE = [
    "Погода хорошая, гуляли с собакой у моря.",
    "Всё прошло хорошо, врач доволен анализами.",
]


async def test_a_word_that_starts_alike_is_not_the_thing(
    storage: MemoryStorage,
) -> None:
    """«хорошо» starts like «хор» and is no choir: it does not go on with
    the choir's end; «кофемашину» is about coffee all the same."""
    texts = among_noise(NOISE, CHOIR, [CHOIR_END], FINE, [CHOIR_COUNT])
    found = await top_answers(storage, texts, T0, "Я ещё хожу на хор?")

    assert found[:2] == [CHOIR_END, CHOIR_COUNT], found


async def test_a_compound_is_about_its_first_word(storage: MemoryStorage) -> None:
    texts = among_noise(
        NOISE, OLD_COLA, ["Всё, завязала с кофе. Отдала кофемашину соседке."]
    )
    found = await top_answers(storage, texts, T0, "Я всё ещё пью кофе?")

    assert found[0].endswith("Отдала кофемашину соседке."), found


async def test_a_longer_stems_word_is_the_things(storage: MemoryStorage) -> None:
    """«в шахматном клубе» is about «шахматы»: its last time ends them."""
    texts = among_noise(
        NOISE,
        ["Шахматы в четверг, две партии выиграл."],
        ["Последний раз в шахматном клубе: далеко ездить."],
    )
    found = await top_answers(storage, texts, T0, "Я ещё хожу на шахматы?")

    assert found[0].startswith("Последний раз в шахматном"), found


async def test_a_search_about_one_person_lifts_only_their_turns(
    storage: MemoryStorage,
) -> None:
    """Asked within a person's turns (`entity_name`), the end and the new
    state are read among them only: no turn without Tom comes back."""
    with_tom = [
        "Climbzone with Tom after work, he topped the orange route.",
        "Tom and I went to Climbzone again, packed as usual.",
    ]
    texts = among_noise(NOISE, with_tom, [GYM_END], NEW_GYM)
    retriever = await linked_days(storage, texts, T0)
    filters = SearchFilters(limit=10, entity_name="Tom")
    hits = await retriever.search(
        "Am I still going to Climbzone?", filters, reinforce=False
    )
    assert hits and all("Tom" in hit.node.content for hit in hits), hits


NIGHTS = [
    "Ночная смена, три вызова после полуночи, спина отваливается.",
    "Опять ночная смена, сплю до обеда.",
]
NIGHTS_END = "Всё, больше не работаю ночами: перевели на дневной график."
DAYS = ["Дневная смена, обед в двенадцать, вечером дома."]


async def test_a_lone_word_after_a_frame_verb_finds_its_slot(
    storage: MemoryStorage,
) -> None:
    """«Я всё ещё работаю по ночам?» asks about the nights alone once
    «работаю» is set aside: the new state's turns say «смена», the slot's
    word, and rank above the night shifts."""
    texts = among_noise(NOISE, NIGHTS, [NIGHTS_END], DAYS)
    found = await top_answers(storage, texts, T0, "Я всё ещё работаю по ночам?")

    assert found.index(DAYS[0]) < min(found.index(t) for t in NIGHTS), found


DAIRY = ["Сырники на завтрак, полкило творога.", "Купила молоко и кефир."]
DAIRY_END = "С сегодняшнего дня никакого молока и творога, перехожу на овсяное."


async def test_no_more_of_it_ends_it(storage: MemoryStorage) -> None:
    """«никакого молока» ends the dairy like "no more milk" does; the
    question names it by a category word ("dairy") and a frame verb."""
    assert ends_state("No more milk for me.", frozenset({"milk"}))
    texts = among_noise(NOISE, DAIRY, [DAIRY_END], NOISE[:1])
    found = await top_answers(storage, texts, T0, "Do I still eat dairy?")

    assert found[0] == DAIRY_END, found


def test_a_lower_case_word_is_no_person() -> None:
    """ "Дзюдо:" opening a turn may be taken for a person's name; "judo" in
    the question is the thing asked about all the same, "Misha" is not."""
    stems = frozenset({"миш", "misha", "дзюд"})
    assert question_people("Is Misha still doing дзюдо?", stems) == {"misha"}


def test_a_habit_said_no_more_ends_it() -> None:
    """ "I don't drink anymore", «С сегодняшнего дня не пью» end the habit
    when the negated verb is the thing's own; "I don't want it anymore"
    ends nothing asked, and the told one is retold."""
    drink = frozenset({"drink", "пью"})
    assert ends_state("Всё. С сегодняшнего дня не пью. Ни вина, ни пива.", drink)
    assert ends_state("Я больше не пью, даже по праздникам.", drink)
    assert ends_state("I don't drink anymore, not even beer.", drink)
    assert not ends_state("No problem, I don't want it anymore.", drink)
    assert not ends_state("I don't drink coffee after six.", drink)
    assert retells_end("Told Zurab I don't drink anymore.", drink)
    assert not retells_end("С сегодняшнего дня не пью.", drink)


def test_the_last_one_at_a_place_ends_the_place_not_the_thing() -> None:
    """ "Last shift at Riverside" ends the work at Riverside; the shifts go
    on elsewhere, so it is no end of the shifts asked about."""
    shift = frozenset({"shift", "смен"})
    assert not ends_state("Last shift at Riverside depot, cake in the office.", shift)
    assert not ends_state("Последняя смена в Меге, девочки подарили цветы.", shift)
    assert ends_state("My last shift ever, tomorrow I retire.", shift)
    assert ends_state("Последняя смена в жизни, завтра на пенсию.", shift)


def test_an_offer_turned_down_ends_nothing() -> None:
    """A bare «отказался» turns down what was offered («Соседка принесла
    пирог на всю смену. Я отказался»): the shifts go on; «отказался от»
    gives the thing up."""
    shift = frozenset({"смен"})
    turned_down = "Соседка принесла пирог на всю смену. Я отказался, я на диете."
    assert not ends_state(turned_down, shift)
    assert ends_state("Отказался от ночных смен, хватит.", shift)


OLD_VEGGIE = [
    "Vegetarian for five years now, the canteen has one sad salad for me.",
    "Cooked a vegetarian lasagne for the whole family.",
]
VEGGIE_END = "Всё, я больше не вегетарианка. Железо низкое. Буду есть мясо и рыбу."
NEW_MEAT = ["Told mum I eat meat again, she sent me her recipe for cutlets."]


async def test_the_kinds_word_after_an_end_names_the_new_state(
    storage: MemoryStorage,
) -> None:
    # "мясо" is lower case, no name: read as the diet's word, its twin "meat"
    texts = among_noise(NOISE, OLD_VEGGIE, [VEGGIE_END], NEW_MEAT)
    found = await top_answers(storage, texts, T0, "Am I still vegetarian?")

    assert found[0] == VEGGIE_END, found
    assert NEW_MEAT[0] in found[:2], found


@pytest.mark.parametrize(
    "question",
    ["Do I still cycle to work?", "Am I still cycling to work?"],
)
def test_a_way_to_work_is_asked_by_the_way(question: str) -> None:
    # not every way of the commute nor the words of work: "Eoin moved
    # hurling training" ends no cycling
    thing = set(thing_terms(analyse(question), set()))
    assert thing & {"cycle", "cycling"}
    assert thing.isdisjoint({"bus", "train", "office", "company", "автобус"})
