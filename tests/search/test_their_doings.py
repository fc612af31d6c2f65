"""What someone close does in their own time, and the user's own doing now
beside one named once before (search/their_doings.py,
search/member_things.py): the turns that answer name the doing and the
person, rarely a word of the question ("after school", «после школы»)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()

BALLET = [
    "Took Sonya to ballet at the dance school, she says it is boring.",
    "Picked Sonya up from ballet, her teacher praised her posture.",
    "Ballet recital: Sonya was a snowflake and did not trip once.",
]
CLIMBING = [
    "Sonya quit ballet, we signed her up for climbing at Vertigo on Tuesdays.",
    "Sonya's climbing at Vertigo, she wants her own climbing shoes.",
    "Lev drove Sonya to climbing, I had a quiet dinner alone.",
]
YOGA = [
    "Yoga at Casa Prana before work, my hips are stiff.",
    "Yoga again at Casa Prana, held the crow pose for three seconds.",
    "Morning yoga at Casa Prana, four people in the room.",
    "Yoga at Casa Prana at 7:30, then chicory on the balcony.",
    "Yoga now every morning at Casa Prana, the teacher says I improve.",
    "Yoga after school run: Casa Prana, a new teacher, slow flow.",
]
SONYA_NEWS = [
    "Sonya drew a cat on the wall of her new room after school.",
    "Sonya lost her first tooth after school and wants a coin for it now.",
]
NOISE = (
    "Meetings all afternoon, too many of them.",
    "Cooked soup for the whole week.",
)

BALLET_RU = [
    "Отвела Соню на балет, Соня говорит, что балет — это скучно.",
    "Забрала Соню с балета, преподавательница хвалит осанку.",
    "Отчётный концерт по балету: Соня была снежинкой.",
]
CLIMBING_RU = [
    "Соня бросила балет, записали её на скалолазание по вторникам.",
    "Соня на скалолазании сорвалась, повисла на страховке и смеялась.",
    "Лёва отвёз Соню на скалолазание, а я поужинала одна.",
]
YOGA_RU = [
    "Утренняя йога в Casa Prana, в зале четыре человека.",
    "Йога в Casa Prana, впервые дотянулась до пальцев ног.",
    "Снова йога в Casa Prana, спина благодарит.",
    "Йога в Casa Prana, потом цикорий на балконе.",
]
SONYA_NEWS_RU = [
    "Соня нарисовала кота на стене после школы.",
    "Соня сейчас после школы потеряла первый зуб и ждёт монетку.",
]


async def _top(storage: MemoryStorage, turns: list[str], question: str) -> list[str]:
    noise = [NOISE[i % 2] for i in range(6)]
    retriever = await linked_days(storage, [*noise, *turns, *noise[:2]], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits[:3]]


@pytest.mark.parametrize(
    ("question", "old", "new", "mine", "news"),
    [
        ("What does Sonya do after school now?", BALLET, CLIMBING, YOGA, SONYA_NEWS),
        (
            "Чем Соня сейчас занимается после школы?",
            BALLET_RU,
            CLIMBING_RU,
            YOGA_RU,
            SONYA_NEWS_RU,
        ),
    ],
)
async def test_a_childs_doing_now_is_her_newest_not_the_users_own(
    storage: MemoryStorage,
    question: str,
    old: list[str],
    new: list[str],
    mine: list[str],
    news: list[str],
) -> None:
    # the user's yoga names a doing too, named most and last; her other
    # news says her name and the question's words: neither answers
    turns = [*old, *mine[:2], *news, *new, *mine[2:]]
    top = await _top(storage, turns, question)
    assert set(top) == set(new), top


POTTERY = [
    "Pottery night at Amal's, I glazed my crooked bowl turquoise.",
    "Pottery night: Amal let me try the big wheel, my first vase.",
    "Wednesday pottery at Amal's, I made a cup with a big handle.",
    "Pottery again, the kiln cracked one of my plates.",
]
EVENINGS = [
    "Katya plays tennis in the evenings these days, for fun, she says.",
    "Jess asked if we want to see a hockey game in Toronto for fun.",
    "Yossi does yoga in the evenings now, his back likes it.",
]


async def test_a_doing_named_after_another_named_once_is_the_present(
    storage: MemoryStorage,
) -> None:
    # the choir named once, at its end, then pottery night after night: the
    # pottery turns answer, above turns that say "evenings" and "fun"
    turns = [
        "The choir ended today, the conductor moved to another city.",
        *EVENINGS,
        *POTTERY,
    ]
    top = await _top(storage, turns, "What do I do in the evenings for fun these days?")
    assert set(top) <= set(POTTERY), top
