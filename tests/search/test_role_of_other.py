"""A role held for someone else (search/role_of_other.py): "Who's Kolya's
coach now?" over a diary in Russian is answered by the turns naming Kolya
(«у Коли», «Коле») beside a coach, the newest holder first, not by the
user's own coach at the user's gym."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
MINE = [
    "зал «Титан», тренер Гоша гонял меня на становой до упора",
    "тренер Гоша в «Титане» сказал спину держать ровнее",
    "«Титан» вечером, плечи и пресс",
    "продлил абонемент в «Титан» ещё на месяц",
    "«Титан», ноги, еле дошёл до машины",
]
KOLYA_OLD = [
    "у Коли завтра плавание, тренер у него Ирина Викторовна в бассейне «Волна»",
    "отвёз Колю в «Волну», Ирина Викторовна хвалила его кроль",
]
KOLYA_NEW = [
    "Коля бросил плавание и пошёл на борьбу, тренер Руслан Маратович, бывший чемпион",
    "Руслан Маратович говорит Коле надо работать над бросками",
    "Руслан Маратович прислал расписание соревнований для Коли",
]
NOISE = (
    "длинный день на работе, совещания одно за другим",
    "попробовали новую шаурмичную у вокзала",
    "гуляли вдоль реки после ужина, тепло",
)


def _texts() -> list[str]:
    noise = [NOISE[i % 3] for i in range(6)]
    return [
        MINE[0],
        *noise[:2],
        *KOLYA_OLD,
        MINE[1],
        *noise[2:4],
        *KOLYA_NEW,
        MINE[2],
        *noise[4:],
        *MINE[3:],
    ]


QUESTION = "Who's Kolya's coach now?"


async def test_the_new_coach_of_the_one_asked_leads(storage: MemoryStorage) -> None:
    """Kolya's swimming coach is the old one: the wrestling coach's turns lead."""
    found = await top_answers(storage, _texts(), T0, QUESTION)

    assert set(found[:3]) == set(KOLYA_NEW), found
