"""A role held for one of the user's family (search/relative_role.py): "Who is
my mum's nurse?", «как зовут медсестру отца?» are answered by the
turns naming the relative by the relation word («к отцу», "mum") beside the
role, the newest holder first with the turns naming them alone, not by the
user's own doctor or the old holder."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "long day at the office, two meetings back to back",
    "tried the new ramen place near the station",
    "walked along the canal after dinner, warm evening",
)


def _diary(mine: list[str], old: list[str], new: list[str]) -> list[str]:
    noise = [NOISE[i % 3] for i in range(6)]
    return [mine[0], *noise[:2], *old, mine[1], *noise[2:4], *new, *noise[4:]]


FATHER_OLD = [
    "к отцу ходит медсестра Оксана, ставит капельницы по вторникам",
    "Оксана сказала что у отца давление скачет",
]
FATHER_NEW = [
    "у отца теперь новая медсестра Галина, приходит каждое утро",
    "Галина привезла отцу тонометр получше",
    "Галина записала в тетрадку сахар и давление",
]
MY_DOCTOR = [
    "был у своего терапевта, медсестра Алла взяла кровь из вены",
    "медсестра Алла позвонила, анализы у меня в норме",
]


async def test_the_relatives_new_nurse_leads_in_russian(
    storage: MemoryStorage,
) -> None:
    """Father's nurse now is Galina: her turns lead, the one saying only
    her name too; not Oksana, not the user's own nurse Alla."""
    texts = _diary(MY_DOCTOR, FATHER_OLD, FATHER_NEW)

    found = await top_answers(storage, texts, T0, "как зовут медсестру отца?")

    assert set(found[:3]) == set(FATHER_NEW), found


MUM_OLD = [
    "mum's nurse is Brenda, she comes in three mornings a week",
    "Brenda took mum to the chemist",
]
MUM_NEW = [
    "mum has a new nurse, Precious, every day except sunday",
    "Precious rang, the chemist has mum's tablets ready",
    "Precious made a proper stew and did the ironing",
]
MINE = [
    "my old boss rang about the reference, all fine",
    "my landlord Derek says the boiler man comes monday",
]


async def test_the_relatives_new_carer_leads_in_english(
    storage: MemoryStorage,
) -> None:
    """Asked without "now", mum's nurse is the one she has today."""
    texts = _diary(MINE, MUM_OLD, MUM_NEW)

    found = await top_answers(storage, texts, T0, "who is my mum's nurse?")

    assert set(found[:3]) == set(MUM_NEW), found


GRAN_OLD = [
    "к бабушке ходит сиделка Людмила, готовит и убирает",
    "Людмила сводила бабушку в поликлинику",
]
GRAN_NEW = [
    "у бабушки теперь новая сиделка Ирина, с проживанием",
    "Ирина испекла бабушке пирог с капустой",
    "Ирина прислала фото, гуляют во дворе",
]


async def test_a_carer_is_a_role_held_for_a_relative(storage: MemoryStorage) -> None:
    """A carer («сиделка») serves the relative as a nurse does: grandma's
    carer now is Irina, her turns lead."""
    texts = _diary(MY_DOCTOR, GRAN_OLD, GRAN_NEW)

    found = await top_answers(storage, texts, T0, "кто сейчас сиделка у бабушки?")

    assert set(found[:3]) == set(GRAN_NEW), found
