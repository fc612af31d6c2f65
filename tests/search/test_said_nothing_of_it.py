"""Saying nothing of what is not held: the measure a compound asks for
(search/compound_head.py), an amount asked (search/asked_amount.py), the
place a named person went to (search/asked_of.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from agent_memory.search.asked_amount import asks_amount, gives_amount
from agent_memory.search.asked_of import asked_of_name
from agent_memory.search.support import subjects
from agent_memory.storage import MemoryStorage
from day_turns import DAY, START, linked_days, retriever_over


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("What's my blood type?", {"typ"}),  # the measure, not what it measures
        ("What is my shoe size?", {"siz"}),
        ("What's my phone number again?", {"number"}),
        # a compound of two things, a verb, a "'s", a Russian head first
        ("When is my dentist appointment?", {"dentist"}),
        ("Who is my climbing partner?", {"climb"}),
        ("Where does my son play?", {"son"}),
        ("What's my cat's name?", {"cat"}),
        ("Какой мой любимый фильм?", {"фильм"}),
    ],
)
def test_a_possessive_points_at_the_measure_asked(question: str, thing: set) -> None:
    assert subjects(question) == thing


async def test_a_compounds_modifier_alone_is_no_answer(tmp_path: Path) -> None:
    """Blood tests and blood pressure are no blood type; a turn saying the
    type is."""
    turns = [
        (0, "Blood test results came back: iron still low."),
        (1, "Check-up: blood pressure 125 over 80."),
        (2, "Bought milk"),
    ]
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search("What's my blood type?") == []
        assert await retriever.search("What did my blood test show?") != []
    typed = [*turns, (3, "The donor card says my blood type is A positive.")]
    async with retriever_over(tmp_path / "typed", typed) as retriever:
        assert await retriever.search("What's my blood type?") != []


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("How much is our rent?", True),
        ("How much did the car cost?", True),
        ("Сколько мы платим за новую квартиру?", True),
        ("How much coffee do I drink?", False),
        ("Сколько лет Шпроту?", False),
    ],
)
def test_a_question_asking_a_price(question: str, asks: bool) -> None:
    assert asks_amount(question) is asks


@pytest.mark.parametrize(
    ("text", "gives"),
    [
        ("We pay 1,150 a month for the flat.", True),
        ("Платим за квартиру тысячу двести евро.", True),
        ("The flat cost us 8k in repairs.", True),
        ("Mum looked round the new flat on video.", False),
        ("Saw the flat at 7:30, then yoga.", False),
        # the amount in another sentence than the flat
        ("Mum liked the flat. Swam 48 lengths.", False),
        # a day of a month in the genitive is a date, not a price («августа»)
        ("Ерлан купил билеты в квартиру: 10 августа, 14 марта.", False),
        # an age in the aside introducing a person is how old, not a price
        ("Прия (Priya, 41, из Пуны) сняла квартиру у парка.", False),
        ("Our new neighbour Tom (52, retired) bought the flat upstairs.", False),
        # years are how long, not a price
        ("Прия десять лет в Берлине, 10 лет снимает эту квартиру.", False),
        ("Bought the flat (€95, 000 down) last spring.", True),
        ("The flat (1,150 a month) is ours from May.", True),
    ],
)
def test_an_amount_said_of_the_thing(text: str, gives: bool) -> None:
    assert gives_amount(text, {"flat", "квартир"}) is gives


async def test_a_price_question_without_a_price_finds_nothing(tmp_path: Path) -> None:
    turns = [
        (0, "Мама по видео осматривала новую квартиру, одобрила кухню."),
        (1, "Bought milk"),
    ]
    question = "Сколько мы платим за новую квартиру?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search(question) == []
    priced = [*turns, (2, "За новую квартиру платим 1100 евро в месяц.")]
    async with retriever_over(tmp_path / "priced", priced) as retriever:
        assert await retriever.search(question) != []


async def test_an_owners_age_is_no_price_of_their_thing(tmp_path: Path) -> None:
    turns = [
        (0, "Ерлан (мой младший брат, 40, в Астане) купил маме телевизор."),
        (1, "Ерлан купил билеты: 10 августа Алматы—Берлин."),
    ]
    question = "Сколько стоили билеты Ерлана?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search(question) == []
    priced = [*turns, (2, "Ерлан сказал, билеты стоили 900 евро.")]
    async with retriever_over(tmp_path / "priced", priced) as retriever:
        assert await retriever.search(question) != []


async def test_a_price_of_a_groups_thing_is_said_of_that_group(tmp_path: Path) -> None:
    turns = [
        (0, "Посчитала — мои билеты подорожали вдвое, 780 евро."),
        (1, "Родители решили прилететь ко мне на Пасху, билеты ищет папа."),
    ]
    question = "Сколько стоили билеты родителей?"
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search(question) == []
    priced = [*turns, (2, "Родители взяли билеты за 420 евро на двоих.")]
    async with retriever_over(tmp_path / "priced", priced) as retriever:
        assert await retriever.search(question) != []


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Which university did Owen go to?", {"university"}),
        ("What workshop did Caroline attend recently?", {"workshop"}),
        ("В каком университете учился Оуэн?", {"университ"}),
        # a time, the frame of a kind, work (every turn's word): nothing asked
        ("What year did Tim go to the Smoky Mountains?", set()),
        ("What kind of pottery did Melanie make?", set()),
        ("Which company does Owen work at?", set()),
    ],
)
def test_the_place_a_named_person_went_to(question: str, asked: set) -> None:
    assert asked_of_name(question) == asked


async def test_a_named_persons_turns_must_say_where_they_went(
    storage: MemoryStorage,
) -> None:
    """Owen's turns on trains and trips say no university: "Which university
    did Owen go to?" finds nothing; once one says it, that answers."""
    texts = [
        "Owen is my husband, he works at a bank.",
        "GO train to Guelph with Owen, his mum walked us round.",
        "Owen is relieved we're not going to Siberia in January.",
    ]
    question = "Which university did Owen go to?"
    retriever = await linked_days(storage, texts, START)
    assert await retriever.search(question, reinforce=False) == []
    said = "Owen went to McGill University, he still has the hoodie."
    retriever = await linked_days(storage, [said], START + 10 * DAY)
    hits = await retriever.search(question, reinforce=False)
    assert said in [hit.node.content for hit in hits]


_PEOPLE_TURNS = [
    "Halina called from Kraków, she wants a photo of every meal.",
    "Took Halina to her orthopaedist on the 14th of October.",
    "The old man at the pool is called Kees.",
    "Братишка Ильдар звонил из Казани.",
    "Long day at work, too many meetings.",
]


async def test_an_age_is_not_said_by_the_persons_turns(
    storage: MemoryStorage,
) -> None:
    """ "How old is Halina?" is no question about Halina alone: her turns
    that say no age do not answer it; "the old man" says none either."""
    retriever = await linked_days(storage, _PEOPLE_TURNS, START)
    assert await retriever.search("How old is Halina?", reinforce=False) == []
    assert await retriever.search("Сколько лет Ильдару?", reinforce=False) == []
    assert await retriever.search("Who is Halina?", reinforce=False) != []


async def test_an_age_is_said_by_a_number(storage: MemoryStorage) -> None:
    """A turn on the person with a number of years answers, also without
    «лет» («Ильдару тридцать»)."""
    aged = [
        *_PEOPLE_TURNS,
        "Halina turned seventy today, the whole family called.",
        "Ильдару тридцать, а он всё ещё живёт с мамой.",
    ]
    retriever = await linked_days(storage, aged, START)
    found = await retriever.search("How old is Halina?", reinforce=False)
    assert any("seventy" in hit.node.content for hit in found[:3])
    found = await retriever.search("Сколько лет Ильдару?", reinforce=False)
    assert any("тридцать" in hit.node.content for hit in found[:3])


async def test_a_role_said_in_the_other_language_answers(
    storage: MemoryStorage,
) -> None:
    """ "Who's our landlord?" is answered by «Хозяин квартиры Стелиос»; a
    relative said bare in the other language stays someone else's («Катин
    сын» is no answer to "What's my son's name?")."""
    turns = [
        "Хозяин квартиры Стелиос позвонил: с февраля поднимает аренду.",
        "Катин сын Оська знает все марки экскаваторов.",
        *_PEOPLE_TURNS,
    ]
    retriever = await linked_days(storage, turns, START)
    found = await retriever.search("Who's our landlord?", reinforce=False)
    assert found and "Стелиос" in found[0].node.content
    assert await retriever.search("What's my son's name?", reinforce=False) == []


async def test_what_replaced_a_thing_is_answered_by_its_end(
    storage: MemoryStorage,
) -> None:
    """«Чем я занимаюсь вместо футзала?»: "instead of" frames the question, it
    is no word a turn must say; the turn that ends futsal answers."""
    turns = [
        *_PEOPLE_TURNS,
        "Футзал в Закаки, пропустил шесть голов.",
        "Всё, с футзалом я завязал: купили с Серёгой по шоссейнику.",
        "Первая поездка на шоссейнике, сорок два километра.",
    ]
    retriever = await linked_days(storage, turns, START)
    found = await retriever.search("Чем я занимаюсь вместо футзала?", reinforce=False)
    assert any("завязал" in hit.node.content for hit in found[:3])


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("Какой группы крови Марта?", {"групп", "кров"}),
        ("Как зовут Полиного учителя математики?", {"учител", "математик"}),
        ("Какая машина у Марты?", {"машин"}),
        # an age is asked_age's, an opinion is told, a person asked is whole
        ("Сколько лет Янису?", set()),
        ("Какие планы у Марты?", set()),
        ("Кто такая Марина?", set()),
        ("Где работает Марина?", set()),
    ],
)
def test_what_a_russian_question_asks_of_a_name(question: str, asked: set) -> None:
    """The Russian forms of "Marta's blood type": the attribute before the
    name («Какой группы крови Марта?») or after a possessive («Полиного»)."""
    assert asked_of_name(question) == asked


async def test_a_word_said_of_someone_else_is_no_answer_in_russian(
    storage: MemoryStorage,
) -> None:
    """«Сдал кровь» is the user's blood, not Marta's blood group; a category
    asked of a person («Какая диета у Грэма?») is said by its members."""
    texts = [
        "Моя девушка Марта работает в библиотеке, любит свой сад.",
        "Ездили с Мартой на море, Марта плавала до темноты.",
        "Сдал кровь на работе, глюкоза в норме.",
        "My husband Graham is a retired postman from Stockport.",
        "Graham's been low-carb for two weeks: eggs for breakfast.",
        "Сделала Грэму cauliflower rice вместо картошки, он доволен.",
    ]
    retriever = await linked_days(storage, texts, START)
    assert await retriever.search("Какой группы крови Марта?", reinforce=False) == []
    assert await retriever.search("Какая диета у Грэма?", reinforce=False) != []
    said = "У Марты вторая группа крови, узнали в больнице."
    retriever = await linked_days(storage, [said], START + 10 * DAY)
    assert await retriever.search("Какой группы крови Марта?", reinforce=False) != []


async def test_a_longer_word_starting_a_twin_is_no_answer(tmp_path: Path) -> None:
    """ "Which university did I go to?" is not answered by «универсал» (an
    estate car), which starts «универ», the twin of "university"; «в универе»
    answers it."""
    turns = [
        (0, "С Вовой ездили смотреть Шкоду Октавию универсал 2019 в Навань"),
        (1, "Had a pint with Vova after work"),
    ]
    async with retriever_over(tmp_path, turns) as retriever:
        assert await retriever.search("Which university did I go to?") == []
    studied = [*turns, (2, "Я пять лет отучился в универе в Полтаве")]
    async with retriever_over(tmp_path / "studied", studied) as retriever:
        assert await retriever.search("Which university did I go to?") != []


async def test_a_verb_opening_a_chat_line_is_no_name(storage: MemoryStorage) -> None:
    """ "btw Called the bank" opens on its verb after a filler: no entity
    "Called" is filed that "What's my dog called?" would name."""
    texts = [
        "ugh, Called the bank, 40 min on hold",
        "btw Called the bank, 40 min on hold",
        "Called the bank, 40 min on hold",
        "Our cat Pirozhok sleeps on the boiler pipe",
    ]
    retriever = await linked_days(storage, texts, START)
    assert await retriever.search("What's my dog called?") == []
    names = {e.name for e in await storage.entities.list_entities(limit=50)}
    assert "Called" not in names


async def test_playing_and_a_pipe_say_no_instrument(tmp_path: Path) -> None:
    """ "What instrument do I play?" of a life with no instrument: a knee
    "playing up" and a burst pipe («прорвало трубу», a «труба» is also a
    trumpet) answer nothing; a guitar lesson answers it."""
    turns = [
        (0, "Geoff's knee is playing up, told him to see a physio."),
        (1, "У соседа прорвало трубу, полвечера вычерпывали воду."),
        (2, "Kids were playing football in the yard all afternoon."),
    ]
    questions = ("What instrument do I play?", "На каком инструменте я играю?")
    async with retriever_over(tmp_path, turns) as retriever:
        for question in questions:
            assert await retriever.search(question) == [], question
    taught = [*turns, (3, "First guitar lesson today, my fingers hurt.")]
    async with retriever_over(tmp_path / "taught", taught) as retriever:
        for question in (*questions, "What do I play these days?"):
            assert await retriever.search(question) != [], question
