"""Who holds a trade's role now and who held it before (search/role_holders.py):
the dentist whose turns saying the trade are newest is the current one, the
one named with a new one ("found a new dentist") is the old one; a question
about now raises the new one's turns (which name him, not the trade), a
question about before the old one's."""

from __future__ import annotations

import datetime as dt

from agent_memory.storage import MemoryStorage
from day_turns import top_answers

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "Cleaning at the dentist, Dr Patel says my gums are fine but I floss badly.",
    "Dentist again: Dr Patel fixed the chipped tooth, the whole thing took an hour.",
]
CHANGE = (
    "The drive to Dr Patel takes forever now, so I found a new dentist near "
    "the office, Dr Moreau."
)
NEW = [
    "Dr Moreau put in a new filling, it didn't hurt at all.",
    "Reminder from Dr Moreau's clinic: next cleaning in May.",
]
NOISE = (
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
    "Walked along the river after dinner, it was warm for once.",
)


def _texts() -> list[str]:
    noise = [NOISE[i % 3] for i in range(9)]
    return [*noise[:2], *OLD, *noise[2:5], CHANGE, *noise[5:7], *NEW, *noise[7:]]


async def test_now_the_newest_dentist_leads(storage: MemoryStorage) -> None:
    found = await top_answers(storage, _texts(), T0, "Who's my dentist now?")

    assert set(found[:3]) == {*NEW, CHANGE}, found


async def test_before_the_old_dentist_leads(storage: MemoryStorage) -> None:
    found = await top_answers(storage, _texts(), T0, "Who was my dentist before?")

    assert set(found[:2]) == set(OLD), found


VET_OLD = [
    "Took Biscuit to the vet, Dr. Alves, for his jabs.",
    "Dr. Alves' clinic texted: Biscuit is due for deworming.",
]
VET_NEW = [
    "Biscuit limped, so I took him to the vet clinic next door. Dra. Ines "
    "Costa saw him right away.",
    "Dra. Costa called to check on Biscuit's paw.",
    "Biscuit's check-up with Dra. Costa went fine.",
]
GP = "Check-up with Dr. Novak, my blood pressure is fine now."


async def test_a_vet_is_known_by_the_title_beside_the_trade(
    storage: MemoryStorage,
) -> None:
    """ "Dra. Ines Costa" stands in the sentence saying "vet": the title's dot
    ends no sentence, and the title names the vet her later turns call so."""
    noise = [NOISE[i % 3] for i in range(6)]
    texts = [*noise[:2], *VET_OLD, *noise[2:4], *VET_NEW, *noise[4:]]
    found = await top_answers(storage, texts, T0, "Which vet does Biscuit go to now?")

    assert set(found[:3]) == set(VET_NEW), found


async def test_a_title_names_no_dentist(storage: MemoryStorage) -> None:
    """The family doctor seen last is no dentist: a title counts only for a
    question naming the trade's own word (a doctor, a vet)."""
    texts = [*_texts(), GP]
    found = await top_answers(storage, texts, T0, "Who's my dentist now?")

    assert set(found[:3]) == {*NEW, CHANGE}, found


async def test_before_the_change_turn_is_not_lowered(storage: MemoryStorage) -> None:
    """ "Found a new dentist" tells the old one ended: asked about before, it
    keeps its place among the old dentist's turns."""
    found = await top_answers(storage, _texts(), T0, "Who was my dentist before?")

    assert CHANGE in found[:3], found


async def test_who_is_my_dentist_asks_the_one_now(storage: MemoryStorage) -> None:
    """ "Who's my dentist?" says no "now", but asks who holds the trade today:
    the new one's turns lead, not the old one's."""
    found = await top_answers(storage, _texts(), T0, "Who's my dentist?")

    assert set(found[:3]) == {*NEW, CHANGE}, found


GP_OLD = [
    "Our GP is Dr Brennan, booked Leo in with him, his ear again.",
    "Dr Brennan says my blood pressure is a bit high.",
]
GP_CHANGE = "Registered all of us with a new GP near the new flat, Dr Anita Okafor."
GP_NEW = [
    "First visit at Dr Okafor's, quick and no queue.",
    "Took my son Leo to Dr Okafor, chest infection, an inhaler for a week.",
]
SON = "My son Leo scored his first goal at football today."


def _gp_texts() -> list[str]:
    noise = [NOISE[i % 3] for i in range(8)]
    return [SON, *noise[:2], *GP_OLD, *noise[2:5], GP_CHANGE, *noise[5:7], *GP_NEW]


async def test_the_son_taken_to_the_doctor_holds_no_role(
    storage: MemoryStorage,
) -> None:
    """ "Took my son Leo to Dr Okafor": Leo, filed as the user's son, is the
    patient named beside the title, not a doctor last named with her."""
    found = await top_answers(storage, _gp_texts(), T0, "Which doctor do we go to now?")

    assert set(found[:3]) == {*GP_NEW, GP_CHANGE}, found


async def test_our_gp_in_capitals_is_the_relation(storage: MemoryStorage) -> None:
    """ "Who's our GP?": "GP" is the relation asked, not the name of a
    holder; the doctor registered with as the new GP and her turns answer."""
    found = await top_answers(storage, _gp_texts(), T0, "Who's our GP?")

    assert set(found[:3]) == {*GP_NEW, GP_CHANGE}, found


LANDLORD_OLD = [
    "Paid the rent to my landlord, Mr Grant, the tap is still dripping.",
    "Mr Grant's landlord letter says the rent goes up in spring.",
]
LANDLADY_CHANGE = (
    "Moved into the flat upstairs; my landlady now is Mrs Ortega, she lives "
    "on the ground floor."
)
LANDLADY_NEW = [
    "Mrs Ortega brought us a lemon cake as a welcome.",
    "Mrs Ortega says she will replace the boiler in April, at her own cost.",
]


async def test_the_new_landlady_is_named_without_the_word(
    storage: MemoryStorage,
) -> None:
    """After the change the new landlady's turns name her only ("Mrs Ortega
    brought us a lemon cake"): the question's words never find them, her
    being the holder named last beside the role's word does."""
    noise = [NOISE[i % 3] for i in range(9)]
    texts = [
        *noise[:2],
        *LANDLORD_OLD,
        *noise[2:5],
        LANDLADY_CHANGE,
        *noise[5:7],
        *LANDLADY_NEW,
        *noise[7:],
    ]
    found = await top_answers(
        storage, texts, T0, "Who is the landlady of our flat now?"
    )

    assert set(LANDLADY_NEW) <= set(found[:3]), found


LANDLADY_RU = [
    "Хозяин квартиры Виктор опять не починил кран на кухне.",
    "Переехали этажом выше, хозяйка квартиры теперь Эльвира, живёт внизу.",
    "Эльвира принесла нам пирог с вишней на новоселье.",
    "Эльвира сказала, что в апреле поменяет бойлер за свой счёт.",
]


async def test_the_new_landlady_is_named_without_the_word_ru(
    storage: MemoryStorage,
) -> None:
    """«Эльвира принесла нам пирог»: the new landlady, named alone, answers
    «Кто сейчас хозяйка квартиры?»."""
    noise = [NOISE[i % 3] for i in range(6)]
    texts = [*noise[:2], LANDLADY_RU[0], *noise[2:4], LANDLADY_RU[1], *noise[4:]]
    texts += LANDLADY_RU[2:]
    found = await top_answers(storage, texts, T0, "Кто сейчас хозяйка квартиры?")

    assert set(LANDLADY_RU[2:]) <= set(found[:3]), found
