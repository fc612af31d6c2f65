"""A boss introduced by a work title is found as "my boss"; a body part, or
someone else's title, is not."""

from __future__ import annotations

import pytest
from agent_memory.storage import MemoryStorage
from filed import said_in_turn


async def _boss(storage: MemoryStorage) -> str | None:
    entity = await storage.entities.find_entity("my boss")
    return entity.name if entity is not None else None


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Interview went well. Maria Lund, head of science there, smiled.", "Maria"),
        ("Our head of science Peter Block wants the plans by Friday.", "Peter"),
        ("The headmistress, Mrs Okoye, came to watch my lesson.", "Okoye"),
        ("My line manager Dominik signed off my leave.", "Dominik"),
        ("Talked to team lead Anika about the release.", "Anika"),
        ("Наш тимлид Степан опять перенёс созвон.", "Степан"),
        ("Сегодня наш завуч Ольга Викторовна проверила журналы.", "Ольга"),
        # the senior one of the user's own trade
        ("Long shift. Our senior doctor, Dr Berzins, signed off the rota.", "Berzins"),
        ("Our ward sister, Brenda, moved me to nights.", "Brenda"),
        ("Asked the store manager, Kevin, to swap my shifts.", "Kevin"),
        ("Наш старший врач Ольга Викторовна подписала график.", "Ольга"),
        ("На смене спокойно. Старший врач тут — Ольга Викторовна.", "Ольга"),
        ("Заведующий отделением Пётр Ильич подписал мне отпуск на работе.", "Пётр"),
        # the head of the place the user applies to, the post said as a title
        ("A school needs a teacher. Director Tamaz Beridze. I sent my CV.", "Tamaz"),
        ("Отправил резюме в школу. Директор Тамаз Беридзе обещал ответить.", "Тамаз"),
        # the title as the subject of "is", the news from the personnel office
        ("Heard from HR: the new head of IT is Priya Nair, starts Monday.", "Priya"),
        ("Our new team lead is Anika, she starts next week.", "Anika"),
        # a new title ends the sentence and the next one names the holder
        (
            "Понедельник, первый день новой начальницы. Прия Наир (41, из Пуны).",
            "Прия",
        ),
        ("My first day with the new line manager. Tomasz Wolny, ex-Zalando.", "Tomasz"),
    ],
)
async def test_a_title_makes_the_boss(
    storage: MemoryStorage, text: str, name: str
) -> None:
    await said_in_turn(storage, text)
    boss = await _boss(storage)
    assert boss is not None and name in boss


@pytest.mark.parametrize(
    "text",
    [
        "My head hurts, so Peter drove me home.",
        "Sam's headteacher Mrs Okoye called about the trip.",
        "Его начальник Пётр уехал в отпуск.",
        # a parent's dealings with the child's school
        "The headteacher, Mrs Okoye, called about the school trip.",
        "Сегодня директор школы Иван Петрович собрал родителей.",
        # a patient's family meets the ward's senior staff too
        "The senior doctor, Dr Patel, said Mum can go home on Friday.",
        "Mum's ward sister, Brenda, was kind to her.",
        # a charge nurse leads the shift, no line manager of the user's
        "First day on the ward. The charge nurse, Tomek, showed me round.",
        "Моя старшая сестра Аня позвонила из Казани.",
        # a pastime's leader, said with a boss's word
        "Наша руководительница хора — Фаина Исааковна, ей 79 лет.",
        "Мой руководитель кружка Олег Петрович хвалит мои работы.",
        # a director of no workplace of the user's
        "Watched a new film by director Greta Gerwig.",
        "Директор Тамаз Беридзе собрал родителей в школе.",
        # the title ends a sentence: the capital after it opens the next one
        "Костя сказал, что его повысили, он теперь тимлид. Спросил, как это.",
        "Kostya got promoted, he's a team lead now. Asked me how to say it.",
        # a new title alone ending the sentence: no name opens the next one
        "Костя теперь наш новый тимлид. Спросил, как это сказать по-английски.",
        "Kostya is our new team lead. Asked me how to say it in German.",
        # a title of no newness ending the sentence, a full name after it
        "Костя теперь тимлид. Олег Петрович его поздравил на работе.",
        # "is" makes no work of a parent's dealings, nor "hr" an office
        "The headteacher is Mrs Okoye, Sam says she is strict.",
        "A 2 hr walk. The headteacher is Mrs Okoye, Sam says.",
    ],
)
async def test_no_title_of_mine_makes_no_boss(
    storage: MemoryStorage, text: str
) -> None:
    await said_in_turn(storage, text)
    assert await _boss(storage) is None


async def test_the_new_jobs_head_replaces_the_old_boss(storage: MemoryStorage) -> None:
    await said_in_turn(
        storage,
        "My boss Mark lives in Potsdam.",
        "First day at the new school. Maria Lund, head of science, showed us round.",
    )
    assert await _boss(storage) == "Maria Lund"


async def test_the_title_said_as_the_subject_replaces_the_old_boss(
    storage: MemoryStorage,
) -> None:
    await said_in_turn(
        storage,
        "My boss Markus signed off the rollout plan.",
        "Leyla heard from HR: the new head of IT is Priya Nair, from Zalando.",
    )
    assert await _boss(storage) == "Priya Nair"


async def test_a_new_head_met_at_the_staff_meeting_replaces_the_old_boss(
    storage: MemoryStorage,
) -> None:
    """«планёрка» is the staff's meeting at the user's own workplace: the
    head of a unit named at it is the user's boss, and the older one ends."""
    await said_in_turn(
        storage,
        "Мой начальник Олег Петрович опять задержал зарплату.",
        "Новый директор цеха Сергей Ильич Панов, с Камаза. На планёрке молчал.",
    )
    assert await _boss(storage) == "Сергей Ильич Панов"
