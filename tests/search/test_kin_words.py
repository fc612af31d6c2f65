"""A general verb in the question ("Что я готовил?") meets the specific words
its answers use ("Сварил борщ", "Пёк хлеб"), on a real database."""

from __future__ import annotations

from agent_memory.retrieval import SearchFilters
from agent_memory.search.kin_words import kin_terms
from agent_memory.storage import MemoryStorage
from day_turns import retriever_of, turn

DAY = 86_400.0
NOW = 1_790_000_000.0


def test_the_general_verb_brings_its_family() -> None:
    cooked = kin_terms("Что я готовил на прошлой неделе?")
    assert {"сварил", "пёк", "пек"} <= set(cooked)  # with ё and as typed without
    # both languages: a bilingual user tells it in either
    assert "bake" in cooked and "испёк" in kin_terms("What did I cook?")
    assert "swam" in kin_terms("Did I work out this week?")
    assert "бегал" in kin_terms("Я занимался спортом?")
    assert kin_terms("Я готовился к экзамену") == ()  # preparing, not cooking
    assert kin_terms("What did Lena say?") == ()


async def test_a_window_question_with_a_general_verb_finds_what_was_done(
    storage: MemoryStorage,
) -> None:
    start = NOW - 40 * DAY
    cooked = [
        await turn(storage, "Сварил большую кастрюлю борща.", start + 3 * DAY),
        await turn(
            storage, "Пёк хлеб на закваске, корочка получилась.", start + 9 * DAY
        ),
    ]
    for i in range(30):  # the window's newest turns: small talk after them
        await turn(
            storage, "Ой, неприятно.", start + (20 + i / 2) * DAY, "orchestrator"
        )
        await turn(
            storage, f"Какая погода будет на выходных, {i}?", start + (20 + i / 2) * DAY
        )
    hits = await retriever_of(storage).search(
        "Что я готовил?", SearchFilters(after=start, before=NOW), reinforce=False
    )
    assert set(cooked) <= {h.node.id for h in hits[:5]}


async def test_the_family_crosses_languages(storage: MemoryStorage) -> None:
    # "What sport did I use to do?" is answered by «Утренняя йога»
    yoga = await turn(storage, "Утренняя йога в студии, растяжка.", NOW - 30 * DAY)
    for i in range(20):
        await turn(storage, f"Booked a table for Friday, {i}.", NOW - (20 - i) * DAY)
    hits = await retriever_of(storage).search(
        "What sport did I do?", SearchFilters(), reinforce=False
    )
    assert yoga in {h.node.id for h in hits[:3]}


def test_who_one_lives_with_asks_for_the_people_of_the_home() -> None:
    from agent_memory.search.slots import slot_terms

    for question in ("Who do I live with now?", "С кем я сейчас живу?"):
        assert "flatmate" in kin_terms(question)
        assert "apartment" not in slot_terms(question)  # not where the home is
    assert "apartment" in slot_terms("Where do I live now?")


async def test_who_one_lives_with_is_answered_by_the_flatmate(
    storage: MemoryStorage,
) -> None:
    flatmate = await turn(
        storage, "Giorgi, my new flatmate, makes coffee at six.", NOW - 9 * DAY
    )
    await turn(storage, "Moved into the flat on Rustaveli, top floor.", NOW - 60 * DAY)
    await turn(storage, "Урок у Лали: левая рука живёт своей жизнью.", NOW - 2 * DAY)
    for i in range(20):
        await turn(storage, f"Booked a table for Friday, {i}.", NOW - (30 - i) * DAY)
    retriever = retriever_of(storage)
    for question in ("Who do I live with now?", "С кем я сейчас живу?"):
        hits = await retriever.search(question, SearchFilters(), reinforce=False)
        assert hits and hits[0].node.id == flatmate, question


def test_who_one_trains_with_asks_for_the_coach() -> None:
    for question in ("Who does Leo train with now?", "С кем Лёва теперь тренируется?"):
        assert {"coach", "тренер"} <= set(kin_terms(question)), question
    # a tutor, not a coach
    assert "тренер" not in kin_terms("С кем я сейчас занимаюсь английским?")


async def test_who_a_child_trains_with_is_answered_by_the_coach(
    storage: MemoryStorage,
) -> None:
    coach = await turn(
        storage, "Записал Лёву на хоккей. Тренер Степан, строгий.", NOW - 40 * DAY
    )
    for i in range(12):  # the child named often, the coach once
        await turn(storage, f"Лёва съел {i} блинов, рекорд.", NOW - (30 - i) * DAY)
    retriever = retriever_of(storage)
    hits = await retriever.search(
        "С кем Лёва теперь тренируется?", SearchFilters(), reinforce=False
    )
    assert coach in {h.node.id for h in hits[:3]}


def test_a_language_asked_with_a_time_word_asks_its_class() -> None:
    for question in (
        "which days is my spanish now",
        "В какие дни у меня теперь испанский?",
        "how do I take my German lessons now",
    ):
        assert {"class", "курсы", "занятия"} <= set(kin_terms(question)), question
    # who teaches it is a tutor; without a time word, the language itself
    assert "class" not in kin_terms("С кем я сейчас занимаюсь английским?")
    assert "class" not in kin_terms("who's teaching me English now")
    assert "class" not in kin_terms("How do you say it in Spanish?")
    # a question naming its options is answered by their words
    assert "class" not in kin_terms("немецкий у меня сейчас онлайн или в VHS?")


async def test_the_class_told_without_the_language_answers_it(
    storage: MemoryStorage,
) -> None:
    # the move to Saturdays says the course, not the language
    moved = await turn(
        storage,
        "Курсы теперь по субботам с десяти, группу объединили.",
        NOW - 10 * DAY,
    )
    for i in range(12):
        await turn(
            storage, f"Spanish word of the day number {i}.", NOW - (40 - i) * DAY
        )
    retriever = retriever_of(storage)
    hits = await retriever.search(
        "В какие дни у меня теперь испанский?", SearchFilters(), reinforce=False
    )
    assert moved in {h.node.id for h in hits[:3]}
