"""The same question in other words: "my boy" is the son, «моё начальство»
and "who do I report to?" the boss, "did I stop / give up / stay off ..."
the end of a habit, «мой зубной врач» and "my dental cleaning" the
dentist's, on a real memory linked by the real extractor."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from day_turns import top_three


async def test_my_boy_is_the_son(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My son Tobias started judo on Mondays, he loves the throws."],
        "what's my boy called?",
    )
    assert top and "Tobias" in top[0]


async def test_the_bosses_as_one_are_the_boss(storage: MemoryStorage) -> None:
    """«Моё начальство» is my boss, told of as «моя начальница»."""
    top = await top_three(
        storage,
        ["Моя начальница Ирина опять перенесла планёрку на среду."],
        "кто моё начальство?",
    )
    assert top and "Ирина" in top[0]


async def test_who_i_report_to_is_the_boss(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My manager Priya signed off the leave for August."],
        "who do I report to?",
    )
    assert top and "Priya" in top[0]


async def test_whom_i_answer_to_is_asked_in_russian(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["My boss Gustavo moved the team sync to Fridays."],
        "кому я сейчас подчиняюсь?",
    )
    assert top and "Gustavo" in top[0]


async def test_stopping_is_told_by_the_end_words(storage: MemoryStorage) -> None:
    """ "Did I stop smoking?" is answered by «Всё, бросаю курить» and by a
    count without cigarettes, which never say "stop"."""
    top = await top_three(
        storage,
        [
            "Всё, бросаю курить, с понедельника ни одной.",
            "Day four without cigarettes, chewing gum all day.",
        ],
        "did I stop smoking?",
    )
    assert top and any("курить" in t or "cigarettes" in t for t in top[:2])


async def test_giving_up_is_asked_as_quitting(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["Quit sweets for Lent, two weeks now and no chocolate at all."],
        "have I given up sweets?",
    )
    assert top and "sweets" in top[0]


async def test_a_dental_doctor_is_the_dentist(storage: MemoryStorage) -> None:
    """«Мой зубной врач» asks the doctor, told of as «стоматолог»."""
    top = await top_three(
        storage,
        ["Была у стоматолога, доктор Котова поставила пломбу, 4000 рублей."],
        "кто мой зубной врач?",
    )
    assert top and "Котова" in top[0]


async def test_my_dental_cleaning_is_the_cleaning(storage: MemoryStorage) -> None:
    top = await top_three(
        storage,
        ["Booked the check-up and cleaning with Dr Okafor for 3 June at 10."],
        "when is my dental cleaning?",
    )
    assert top and "Okafor" in top[0]
