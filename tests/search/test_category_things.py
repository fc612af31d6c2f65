"""A question about now or before names a category ("Which bike do I ride
now?"), the user's turns name the thing (search/category_things.py): the
things named in the turns carrying the question's words are the category's,
their other turns join the candidates (even sharing no word with the
question), the thing mentioned last answers "now" and the older one
"before"."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.category_things import place_keys
from agent_memory.search.cross_script import loose_key
from agent_memory.search.ended import marked_past
from agent_memory.search.thing_groups import Things
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OLD = [
    "My commute is on the Brompton, the old bike folds into the train.",
    "The hinge of the Brompton creaks, this bike is fifteen years old.",
    "Oiled the Brompton chain after the rain.",  # no word of the question
    "Rode the Brompton along the canal to the office.",
]
NEW = [
    "Bought a new bike today: a blue Cannondale with gravel tyres.",
    "The Cannondale is the lightest bike I have ever owned.",
    "Took the Cannondale up the hill behind the reservoir.",  # no word
    "Cleaned the Cannondale after a muddy ride.",  # no word
]
NOISE = (
    "The bike lane on the high street is blocked again.",
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Bike week posters are up in the office.",
)
LATER = (
    "Long day at work, too many meetings.",
    "Bike week is over, the posters are down.",
)


async def _life(
    storage: MemoryStorage, old: list[str] = OLD, new: list[str] = NEW
) -> Retriever:
    """`old`, weeks of other days, `new`, a few more days: a change of thing."""
    noise = [NOISE[i % 4] for i in range(24)]
    later = [LATER[i % 2] for i in range(6)]
    return await linked_days(storage, [*old, *noise, *new, *later], T0)


async def _top(retriever: Retriever, question: str, count: int) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits[:count]]


@pytest.mark.parametrize(
    "question", ["Which bike do I have now?", "What bike do I own now?"]
)
async def test_now_finds_the_newest_things_turns(
    storage: MemoryStorage, question: str
) -> None:
    top = await _top(await _life(storage), question, 4)
    assert set(top) == set(NEW), top


async def test_before_finds_the_older_things_turns(storage: MemoryStorage) -> None:
    top = await _top(await _life(storage), "Which bike did I have before?", 4)
    assert set(top) == set(OLD), top


async def test_a_question_without_a_stance_is_left_alone(
    storage: MemoryStorage,
) -> None:
    """A question about bikes in general joins no thing's other turns (a
    bare "bike" is the user looking through their own life: its members
    join as names, search/kinds.py)."""
    retriever = await _life(storage)
    question = "Is a bike worth buying?"
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    contents = [hit.node.content for hit in hits]
    assert OLD[2] not in contents and NEW[2] not in contents, contents


async def test_now_reaches_a_things_name_in_the_other_script(
    storage: MemoryStorage,
) -> None:
    """The thing is "Cannondale Synapse", later "the Synapse" (one entity),
    and «Синапс» in a Russian turn that shares no word with the question."""
    new = [
        "Bought a new bike today: a blue Cannondale Synapse with gravel tyres.",
        "Honestly, the Synapse is the lightest bike I have ever owned.",
        "«Синапс» легко едет в горку, не нарадуюсь.",
        "Cleaned the Synapse after a muddy ride.",
    ]
    retriever = await _life(storage, new=new)

    top = await _top(retriever, "Which bike do I have now?", 4)

    assert set(top) == set(new), top


async def test_a_shared_word_alone_does_not_make_one_thing(
    storage: MemoryStorage,
) -> None:
    """ "Corolla" and «Королла» are within "Toyota Corolla": one thing; "Oxford
    Road" and "Abbey Road" share only a generic word: two."""
    things = Things()
    names = ["Toyota Corolla", "Corolla", "Королла", "Oxford Road", "Abbey Road"]
    found = [
        things.of(await storage.entities.upsert_entity(name, type="concept"))
        for name in names
    ]

    assert found[0] == found[1] == found[2]
    assert len({found[0], found[3], found[4]}) == 3


@pytest.mark.parametrize(
    ("question", "answer"),
    [("Which road do I live on now?", 1), ("Which road did I live on before?", 0)],
)
async def test_two_things_sharing_a_generic_word_have_a_now_and_a_before(
    storage: MemoryStorage, question: str, answer: int
) -> None:
    roads = (
        [
            "We live on Oxford Road, the flat is small.",
            "Oxford Road is so noisy at night, the buses never stop.",
            "The bins on Oxford Road were not collected again.",
        ],
        [
            "We moved today, we live on Abbey Road now, a bigger flat.",
            "Our street, Abbey Road, is so quiet at night.",
            "Planted tomatoes in the garden at Abbey Road.",
        ],
    )
    retriever = await _life(storage, *roads)

    top = await _top(retriever, question, 2)

    assert set(top) <= set(roads[answer]), top


# -- a thing called over (search/ended.py): "my old team at Zalando" never
# makes it the current one


@pytest.mark.parametrize(
    ("text", "name", "over"),
    [
        ("Write a thank-you note to my old team at Zalando.", "Zalando", True),
        ("Handed in my notice at Zalando today.", "Zalando", True),
        ("Смотрели старые фотографии из Friedrichshain.", "Friedrichshain", True),
        ("Вместо Лиссабона поедем в Эдинбург.", "Лиссабон", True),  # any case
        ("Вместо Лиссабона поедем в Эдинбург.", "Эдинбург", False),
        ("Продал старый «Форд», две недели без машины.", "Форд", True),
        ("Bought a Pixel to replace the dead iPhone.", "iPhone", True),
        ("Bought a Pixel to replace the dead iPhone.", "Pixel", False),
        # the marker ends the thing of its own clause, not the next one
        ("Cancelled PureGym and joined the Depot instead.", "PureGym", True),
        ("Cancelled PureGym and joined the Depot instead.", "Depot", False),
        ("Отменила абонемент в Yogaloft, из Панкова ехать час.", "Панков", False),
        # "old" after the name says its age, not that it is gone
        ("The Ford Focus is making that noise, it's eleven years old.", "Ford", False),
        # leaving ends the thing left, not the one gone to
        ("Всё, ухожу из Millennium, открыла счёт в ActivoBank.", "Millennium", True),
        ("Всё, ухожу из Millennium, открыла счёт в ActivoBank.", "ActivoBank", False),
        ("Switched from Vodafone to Digi last week.", "Vodafone", True),
        ("Switched from Vodafone to Digi last week.", "Digi", False),
        ("Перешла из Millennium в ActivoBank.", "Millennium", True),
        ("Перешла из Millennium в ActivoBank.", "ActivoBank", False),
        ("I'm leaving PureGym, the Depot is closer.", "PureGym", True),
        ("We're leaving for Berlin on the 23rd.", "Berlin", False),
        ("Ушла в Casa Prana, там тише.", "Casa", False),
        # a contract ended ends its provider; the end of a month ends nothing
        ("Ended the Brightnet contract and sent the modem back.", "Brightnet", True),
        ("Called to end our Netfast contract.", "Netfast", True),
        ("Расторгла договор с Билайном.", "Билайн", True),
        ("At the end of August we drove to Breda.", "August", False),
        # «старший» is the senior one, not the former one
        ("Меня поставили старшим смены на две недели.", "смена", False),
        ("Скучаю по старой смене, там было веселее.", "смена", True),
        # no more of it
        ("Больше не хожу в Fitness Hut.", "Fitness", True),
        ("I no longer go to PureGym.", "PureGym", True),
    ],
)
def test_a_thing_called_over(text: str, name: str, over: bool) -> None:
    assert marked_past(text, [name]) is over


# The old bike is named last, in a turn that calls it old: nostalgia, not a
# return to it. Before, the last mention made the Brompton the current bike.
NOSTALGIA = ["Found a photo of my old Brompton in the loft, what a bike that was."]


async def test_the_last_mention_of_an_old_thing_does_not_make_it_current(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage, OLD, [*NEW, *NOSTALGIA])
    top = await _top(retriever, "Which bike do I have now?", 4)
    assert set(top) == set(NEW), top


async def test_it_still_answers_before(storage: MemoryStorage) -> None:
    retriever = await _life(storage, OLD, [*NEW, *NOSTALGIA])
    top = await _top(retriever, "Which bike did I have before?", 4)
    assert set(top) <= {*OLD, *NOSTALGIA} and len(set(top) & set(OLD)) >= 3, top


# The old bank is named once beside the question's word, in the turn that
# leaves it, against four turns of the new one: named so rarely, it was no
# thing of the category, and its other turns (one opening with its name)
# never joined the answer to "before".
LEFT = [
    "Paid the print shop, the Millennium app logged me out four times.",
    "Millennium charged me eight euros again for keeping an account.",
]
JOINED = [
    "That's it, I'm leaving Millennium: opened a bank account at ActivoBank.",
    "First invoice paid into my ActivoBank bank account, no fees.",
    "Paid the rent with the ActivoBank bank app from the post office queue.",
    "My new ActivoBank bank card came with Apple Pay already working.",
    "Transferred my savings to the ActivoBank bank account.",
]


async def test_a_thing_left_counts_for_before_though_named_once(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage, LEFT, JOINED)
    top = await _top(retriever, "What bank was I with before?", 3)
    assert set(top) == {*LEFT, JOINED[0]}, top


async def test_the_category_filed_as_a_thing_is_not_one_of_its_things(
    storage: MemoryStorage,
) -> None:
    # "Christmas" is an entity of every turn about the plan: were it a thing,
    # the plans' places would be too rare beside it to count (the third
    # life's "Where are we going for Christmas?" put Riga first: its
    # «Рождество» outnumbered Kazan; this smaller life guards the answer)
    old = [
        "We want to spend Christmas in Riga this year, just the three of us.",
        "Booked a flat in Riga for Christmas, 23 to 28 December.",
    ]
    new = [
        "For Christmas we go to Kazan to see Mum, she is delighted.",
        "A premiere on 26 December, so we cancelled Riga; Christmas is sorted.",
    ]
    retriever = await _life(storage, old, new)
    top = await _top(retriever, "Where are we going for Christmas?", 1)
    assert top == [new[0]], top


async def test_a_pet_named_beside_the_asked_word_is_no_thing_of_it(
    storage: MemoryStorage,
) -> None:
    # the cat sat by the piano: her turns say nothing of the instrument
    piano = [
        "Sold my old guitar: I'm learning the piano now.",
        "Piano practice every evening, thirty minutes of scales.",
    ]
    cat = [
        "My cat Tykva sleeps on the keyboard all day.",
        "Played the piano tonight, Tykva sat beside me and watched the keys.",
        "Tykva climbed the tree within an hour.",
        "Tykva ate a piece of the cactus, she's fine.",
        "Took Tykva to the vet: healthy, 5 kg.",
    ]
    noise = [NOISE[i % 4] for i in range(12)]
    retriever = await linked_days(storage, [cat[0], *piano, *noise, *cat[1:]], T0)
    top = await _top(retriever, "What instrument am I learning now?", 3)
    assert all("piano" in text.lower() for text in top), top


CHOIR = [
    "Choir tonight: the conductor moved me to the back row.",
    "Сходили с Людой на репетицию хора «Калина».",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Which choir do I sing in now?", CHOIR[0]),
        ("В каком хоре я сейчас пою?", CHOIR[1]),
    ],
)
async def test_the_noun_a_which_question_asks_answers_without_its_verb(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    # "sing" / «пою» is said by no turn on the choir: the choir alone answers
    noise = [NOISE[i % 4] for i in range(12)]
    retriever = await linked_days(storage, [*noise, *CHOIR], T0)
    assert answer in await _top(retriever, question, 2)


CHOIRS = [
    "Choir night with Chorlton Voices, pop songs again.",
    "Chorlton Voices rehearsal ran late, the choir sang Abba.",
    "Quit Chorlton Voices and joined the Kalyna choir at the Ukrainian centre.",
    "Kalyna rehearsal tonight: carols for the concert.",
    "Kalyna sang at the autumn fair, the choir was wonderful.",
]


async def test_a_place_sharing_a_things_first_word_is_not_the_thing(
    storage: MemoryStorage,
) -> None:
    """ "Chorlton Voices" is the choir; "puddle jumping in Chorlton", said
    after the new choir's turns, names the place and makes the old choir no
    newer: the choir sung in now is still Kalyna."""
    noise = [NOISE[i % 4] for i in range(12)]
    place = [
        "Took Oscar puddle jumping in Chorlton, then hot chocolate.",
        "Walked the dog around Chorlton Water Park.",
    ]
    retriever = await linked_days(storage, [*CHOIRS, *noise, *place], T0)
    top = await _top(retriever, "Which choir do I sing in now?", 3)
    assert not any("puddle" in text or "Water Park" in text for text in top)
    assert "Kalyna" in top[0]


def test_a_place_is_said_after_a_preposition_of_place() -> None:
    """What "Where do we live now?" may be answered by: the names said as
    where ("in Haarlem", «в Харлеме»), not a car driven home."""
    keys = place_keys(
        [
            "Got the keys to the house in Haarlem!",
            "Подписали всё у нотариуса в Харлеме.",
            "Picked up the Kia Niro and drove it home.",
            "Суббота: от дома двадцать минут на Ниро.",
        ]
    )
    assert loose_key("Haarlem") in keys and loose_key("Харлеме") in keys
    assert loose_key("Niro") not in keys and loose_key("Kia") not in keys


async def test_the_company_named_beside_a_ride_is_no_way_of_getting_about(
    storage: MemoryStorage,
) -> None:
    # the dog walked along («с Бубликом»), filed as a thing, is no way to work
    ride = [
        "Продала машину. На работу теперь на автобусе до Кармелита.",
        "Автобус сломался, пешком до Кармелита, опоздала на смену.",
    ]
    walks = [
        "Весь город на велосипедах, гуляли с Бубликом посреди шоссе.",
        "Гуляли с Бубликом по набережной, мимо звенел трамвай.",
        "Гуляли с Бубликом вечером у моря, обгоняли самокаты.",
    ]
    noise = [NOISE[i % 4] for i in range(12)]
    retriever = await linked_days(storage, [*ride, *noise, *walks], T0)
    top = await _top(retriever, "Как я теперь езжу на работу?", 2)
    assert set(top) == set(ride), top


CLASS = [
    "Thursday spanish class, a role play at the doctor's.",
    "Last thursday class! From February our group is on Saturday mornings.",
    "Saturday spanish class, three hours. We did job interviews in pairs.",
    "Saturday spanish class: a debate about the Fallas, I hate the firecrackers.",
    "Spanish class, only five came: we talked about the Fallas all morning.",
]
FESTIVAL = [
    "Half the streets are closed for the Fallas already.",
    "The city smells of gunpowder, Fallas week.",
    "Everybody at work is hungover after the Fallas.",
]


async def test_what_was_talked_about_is_no_thing_of_the_asked_category(
    storage: MemoryStorage,
) -> None:
    """The festival the class debated is the talk's subject: its own turns,
    newer than the class's, say nothing of when the class is now."""
    noise = [NOISE[i % 4] for i in range(12)]
    retriever = await linked_days(storage, [*CLASS, *noise, *FESTIVAL], T0)
    top = await _top(retriever, "When is my spanish class now?", 3)
    assert not set(top) & set(FESTIVAL), top
