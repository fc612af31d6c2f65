"""Now versus before from raw turns (search/changes.py, search/standing.py) and
the never-said gate's word coverage (search/support.py), in English and
Russian: a turn that tells a change ranks first for "now", the old state's
turns first for "before"; a question sharing one stray word with the memory,
or naming a thing only inside a title, gets nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search import changes
from agent_memory.search.changes import tells_change, tells_present
from agent_memory.search.morphology import russian_stem
from agent_memory.search.standing import stance
from day_turns import retriever_over

# An old state told three times in the question's words, the change told
# once in other words, then everyday noise.
TURNS = [
    (1, "Our place in Lyon is small but we love living in Lyon."),
    (8, "Living in Lyon means croissants every morning."),
    (15, "We live near the river in Lyon, the view is lovely."),
    (20, "Мы живём в Лионе, рядом с рекой."),
    (30, "Big news: we're moving from Lyon to Porto next month!"),
    (31, "Переезжаем из Лиона в Порту в следующем месяце."),
    (45, "Unpacked the last boxes in Porto today."),
    (50, "Sam is like a brother to me, we met at school."),
    (52, "The data team at work shipped the new dashboard."),
    (55, "Lena and I watched Slow Horses last night."),
    (58, "Booked the dentist for next Tuesday."),
    (60, "Сэм мне как брат, дружим со школы."),
    (62, "Стоит ли учить Rust в этом году?"),
    (63, "Моя жена Лена — детский врач."),
    (64, "Cooked a big pot of chili for the week."),
    (66, "Мы планируем поездку в Японию в октябре."),
]


@pytest.fixture
async def retriever(tmp_path: Path) -> AsyncIterator[Retriever]:
    async with retriever_over(tmp_path, TURNS) as found:
        yield found


async def top(retriever: Retriever, question: str, k: int = 1) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5))
    return [hit.node.content for hit in hits[:k]]


@pytest.mark.parametrize(
    "text",
    [
        "We're moving from Lyon to Porto next month!",
        "I've switched from tea to coffee.",
        "Handed in my notice, joining Acme in May.",
        "First day at the new job, nice team.",
        "Переезжаем из Лиона в Порту.",
        "Бросил курить в марте.",
        "Поездку отменили, сейчас не до того.",
        # a plan or an appointment that moved
        "The vet called and moved Pepper's appointment to Monday at 9.",
        "The dentist got rescheduled again.",
        "We pushed the meeting back a week.",
        "Приём у ветеринара перенесли на понедельник.",
        "Отложили поездку на весну.",
        # a home changing hands: the day of the move, the keys
        "Moving day. A rented van and forty boxes.",
        "Handed back the keys to the old flat, the landlord found one scratch.",
        "Signed at the notary and got the keys!",
        "Вернула ключи от старой квартиры хозяину.",
        "Подписали договор и получили ключи!",
        # a new job agreed on, a move within the same employer
        "Accepted their offer this morning!",
        "Получила оффер от Skelo, соглашаюсь.",
        "Asked for a transfer to the Hadar branch.",
        "Написал заявление на перевод на другую подстанцию.",
        # a plan called off in plain words
        "Told Mum that Berlin is off.",
        "Perm in February is not happening.",
        "Owen is relieved we're not going to Siberia in January.",
        "Раз мы не едем в Берлин, Костя прилетает к нам.",
        "Позвонил маме: на юбилей не прилетим.",
        # one thing swapped for another
        "Сменила тему диплома, теперь железные дороги.",
        "Поменял тариф у оператора.",
    ],
)
def test_a_change_told(text: str) -> None:
    assert tells_change(text)


@pytest.mark.parametrize(
    "text",
    [
        "Lena made soup tonight.",
        "We live near the river.",
        "Мы живём у реки.",
        "Lost my keys again, found them in the fridge.",
        "Made a transfer to my savings account.",  # money, no job
        "Сделал перевод на карту маме.",
        "Забыла ключи на работе.",
        "He's off to work early today.",
        "I'm not going to lie, the cake was great.",
        "Мне не лень готовить.",
    ],
)
def test_no_change_told(text: str) -> None:
    assert not tells_change(text)
    assert not tells_present(text)


def test_before_a_name_is_the_past() -> None:
    assert stance("Where did I live before Porto?") == "past"
    assert stance("Где я жил до Порту?") == "past"
    # a name in the other script, or with a letter beyond Latin-1
    assert stance("Где я работала до Skelo?") == "past"
    assert stance("Where did I work before Škoda?") == "past"
    assert stance("What did I drink before I switched to coffee?") == "past"
    assert stance("What did Caroline do before the parade?") is None  # a date


def test_where_a_plan_ended_up_is_the_present() -> None:
    assert stance("So where did we end up going?") == "now"
    assert stance("What did we do in the end?") == "now"
    assert stance("Куда мы в итоге поехали?") == "now"
    assert stance("Куда мы в конце концов переехали?") == "now"


def test_how_a_plan_ended_up_in_a_time_gone_asks_within_it() -> None:
    # the trip itself is the answer, not the newest turn of that month
    assert stance("So where did we end up going in August?") is None
    assert stance("Where did I end up working in the summer?") is None
    assert stance("Куда мы в итоге поехали летом?") is None
    assert stance("Где мы в итоге отмечали в декабре?") is None
    # a plan still ahead asks its latest word
    assert stance("Куда в итоге едем летом?") == "now"
    assert stance("Where are we going in the end in December?") == "now"


def test_a_present_verb_after_we_and_a_companion_asks_now() -> None:
    # «мы с Мишей едем»: the companion between the pronoun and its verb
    assert stance("Куда мы с Мишей едем в ноябре?") == "now"
    assert stance("Где мы со Светой живём?") == "now"
    assert stance("Куда мы с Грэмом поедем?") == "now"


def test_an_agent_noun_and_its_feminine_share_a_stem() -> None:
    assert russian_stem("начальница") == russian_stem("начальник")
    assert russian_stem("начальником") == russian_stem("начальник")


@pytest.mark.parametrize("question", ["Where do I live now?", "Где я сейчас живу?"])
async def test_now_ranks_the_change_above_the_old_state(
    retriever: Retriever, question: str
) -> None:
    assert "Port" in (await top(retriever, question))[0]


async def test_before_ranks_the_old_state_first(retriever: Retriever) -> None:
    # the old state's turns, or the change that names it; not the new one's
    for text in await top(retriever, "Where did I live before Porto?", k=3):
        assert "Lyon" in text or "Лион" in text


@pytest.mark.parametrize(
    "question",
    [
        "Which football team do I support?",  # "team" alone: a team at work
        "What's the name of my horse?",  # "Horses" only inside a title
        "What did my brother say about the house?",  # "like a brother"
        "Что сказал мой брат про дачу?",
        "Где я учился на врача?",  # learning Rust; a doctor, but the wife
    ],
)
async def test_a_stray_word_is_not_an_answer(
    retriever: Retriever, question: str
) -> None:
    assert await retriever.get_context(question) is None
    assert await retriever.search(question) == []


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("When is my dentist appointment?", "dentist"),
        ("What did we watch with Lena?", "Slow Horses"),
        ("Who is like a brother to me?", "Sam"),
        ("What did I bake or cook?", "chili"),  # either word answers
        ("Куда мы изначально планировали поездку?", "Япон"),  # планиру-, -ова-
    ],
)
async def test_what_was_said_still_answers(
    retriever: Retriever, question: str, word: str
) -> None:
    block = await retriever.get_context(question)
    assert block is not None and word in block


@pytest.mark.parametrize(
    "question",
    [
        "When is Pepper's vet appointment?",
        "Когда будет приём у врача?",
        "When and where is the wedding?",
        "Где будет свадьба?",
        "Когда мне к стоматологу?",
        "Когда у меня приём у врача?",
    ],
)
def test_when_a_plan_is_asks_about_now(question: str) -> None:
    assert stance(question) == "now"
    assert stance("When was Pepper's vet appointment?") is None
    assert stance("Когда у меня был отпуск?") is None


async def test_a_moved_visit_leads_a_russian_question_without_a_verb(
    tmp_path: Path,
) -> None:
    # «Когда мне к стоматологу?» has no verb to say it asks about now; the
    # old booking, told in the question's words, led the move.
    turns = [
        (10, "Записалась к стоматологу на 20 ноября, на 9 утра."),
        (12, "Стоматолог сказал, пломбу надо менять, запись на 20-е."),
        (14, "Купила новую зубную щётку, электрическую."),
        (18, "So the dentist is 26 Nov at 4:30pm now, not the 20th."),
        (19, "Lena says the dentist on Dorset Street is the best."),
    ]
    question = "Когда мне к стоматологу?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert "26 Nov" in (await top(retriever, question))[0]


async def test_a_moved_appointment_is_read_as_moved(tmp_path: Path) -> None:
    turns = [
        (10, "Pepper's vet appointment is on Thursday at 10."),
        (12, "Bought a new leash for Pepper, the red one."),
        (18, "The vet called and moved Pepper's appointment to Monday at 9."),
        (19, "Lena says Pepper needs a bath before the vet."),
    ]
    question = "When is Pepper's vet appointment?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert "Monday" in (await top(retriever, question))[0]
        block = await retriever.get_context(question)
    assert block is not None
    lines = block.splitlines()
    assert [line for line in lines if "Monday" in line and "(earlier)" not in line]
    assert all(line.endswith("(earlier)") for line in lines if "Thursday" in line)


@pytest.mark.parametrize(
    "text",
    [
        "We MOVED FROM Berlin to Vienna",
        "ſtopped going to the gym",  # long s: IGNORECASE matches it to "s"
        "İnstead of tea I drink coffee",  # dotted capital I
        "Мы ᲂтложили поездку",  # the old Cyrillic "о"
        "ПЕРЕЕХАЛИ в Вену",
        "I live in Vienna NOW",
        "Я ТЕПЕРЬ работаю в Kestrel Labs",
        "We talked about the weather",
        "Погода была хорошая",
        "The trip’s off",
        "Мы НЕ ЕДЕМ в Берлин",
    ],
)
def test_the_quick_check_agrees_with_the_patterns(text: str) -> None:
    # The literal check in front of the patterns (a speed-up) changes no answer.
    assert tells_change.__wrapped__(text) == bool(changes._CHANGE.search(text))
    assert tells_present.__wrapped__(text) == bool(changes._PRESENT.search(text))
