"""A life told in two languages and asked about in either (search/twin_words.py):
"машина" finds the English turns about the car, "dentist" the Russian one on
«стоматолог», on a real SQLite memory without an embedder; never-said
questions stay quiet."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.query_text import fts_match
from agent_memory.search.twin_words import (
    MAX_TWIN_TERMS,
    formed_twins,
    twin_terms,
    twins,
    typed_as_word,
)
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
OLD_CAR = [
    "Наша машина — старый «Форд», ему уже одиннадцать лет.",
    "The grey Ford Focus is making that rattling noise again.",
    "Took the Focus to the garage, the clutch is going.",
]
NEW_CAR = [
    "Picked up our new car today: a white Toyota Corolla hybrid.",
    "The Corolla is a comfortable car for long trips.",
    "Took the Corolla for its first service at the dealer.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Весь вечер читал книгу, хорошо отдохнул.",
    "Погода испортилась, весь день дождь.",
)


async def _life(storage: MemoryStorage, *parts: list[str]) -> Retriever:
    """The `parts`, in order, with weeks of other days between them."""
    texts: list[str] = []
    for part in parts:
        texts += part + [NOISE[i % len(NOISE)] for i in range(12)]
    return await linked_days(storage, texts, T0)


async def _top(retriever: Retriever, question: str, count: int = 5) -> list[str]:
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits[:count]]


@pytest.mark.parametrize(
    ("word", "twin"),
    [
        ("машину", "car"),
        ("машины", "car"),
        ("cars", "машина"),
        ("стоматологу", "dentist"),
        # a noun in -ла is cut like a past tense ("школа" → "шко"), its
        # other cases are not ("школу" → "школ"): both find "school"
        ("школу", "school"),
        ("школе", "school"),
        ("гончарке", "pottery"),
        ("pottery", "гончарка"),
        ("отделении", "ward"),
        # a post at work or school: "Director Tamaz", «директор школы»
        ("директора", "director"),
        ("Director", "директор"),
        # who treats the user, said of the person, not only of the treatment
        ("физиотерапевт", "physio"),
        ("physiotherapist", "физиотерапевт"),
        ("застраховала", "insurance"),
        # a plan is said in either language by its month: "tickets for
        # the first of August" is «билеты на первое августа»
        ("августа", "august"),
        ("December", "декабре"),
        # the seasons: «летом» is the summer, said by its own stem
        ("летом", "summer"),
        ("summer", "летом"),
        ("зимой", "winter"),
        ("осенью", "autumn"),
        ("весной", "spring"),
        # a language learnt, a herb, a habit, a school subject
        ("German", "немецкий"),
        ("немецкого", "german"),
        ("кинзу", "coriander"),
        ("fasting", "голодание"),
        ("предмет", "subject"),
        ("train", "поезд"),
        # where a hobby is done, a sport by its borrowed name, a doing by
        # its verb («рыбачили» is fishing as much as «рыбалка»)
        ("сарае", "shed"),
        ("shed", "сарай"),
        ("hurling", "херлинг"),
        ("херлинге", "hurling"),
        ("рыбачили", "fishing"),
    ],
)
def test_a_word_in_any_form_finds_its_twin(word: str, twin: str) -> None:
    assert twin in twins(word)


def test_twins_searched_are_no_stop_words_nor_the_words_themselves() -> None:
    # a short stem is no twin: «метро» is "метр"*, «салат» "сал"*, «музей» "муз"*
    assert not twins("metro") and not twins("salad") and not twins("museum")
    assert "есть" not in twin_terms(["eat"])  # "eat", and "there is"
    assert twin_terms(["car", "машина"]) == ("автомобиль", "тачка", "automobile")
    page = "car dentist meat gym school doctor dog cat bike flat phone tea".split()
    assert len(twin_terms(page)) == MAX_TWIN_TERMS  # a pasted page stays bounded


@pytest.mark.parametrize(
    "question", ["Какая у меня сейчас машина?", "What car do I drive now?"]
)
async def test_now_finds_the_car_told_in_the_other_language(
    storage: MemoryStorage, question: str
) -> None:
    top = await _top(await _life(storage, OLD_CAR, NEW_CAR), question, 2)
    assert set(top) <= set(NEW_CAR), top


@pytest.mark.parametrize(
    "question", ["What car did I have before?", "Какая машина у меня была раньше?"]
)
async def test_before_finds_the_old_car_by_its_name_in_both_scripts(
    storage: MemoryStorage, question: str
) -> None:
    """«Форд» beside "машина" is the old car; "Ford Focus" and "the Focus"
    are the same thing in English, and never say "car"."""
    top = await _top(await _life(storage, OLD_CAR, NEW_CAR), question, 3)
    assert set(top) == set(OLD_CAR), top


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("When is my dentist appointment?", "Стоматолог перенёс приём на 12 октября."),
        ("Когда мне к стоматологу?", "So the dentist is now on 12 October at 2:30pm."),
        ("Do I still eat meat?", "Мы теперь вегетарианцы, уже неделю без мяса."),
        ("Я сейчас ем мясо?", "Made a huge beef lasagne, no more meat after this."),
        ("В какую школу ходит сын?", "Started at the new school today, he loved it."),
        ("When was Sonya's ballet recital?", "Отвела Соню на балет, концерт в мае."),
        ("Когда у Сони балет?", "Ballet recital at the school hall, a snowflake."),
        ("Когда я была на стрижке?", "Haircut with Lena in her kitchen again."),
        # «вегетарианкой» is the feminine's instrumental: "vegetarian" still
        ("Я раньше была вегетарианкой?", "Six years vegetarian now, and counting."),
        # a wedding is said by its verb: "getting married", «расписываемся»
        ("Где будет свадьба?", "We're getting married at the old mill in June."),
        ("Where is the wedding?", "Решили: расписываемся в мэрии, без банкета."),
    ],
)
async def test_a_question_finds_the_answer_told_in_the_other_language(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    top = await _top(await _life(storage, [answer]), question)
    assert answer in top, top


async def test_a_season_asked_in_russian_is_no_count_of_years(
    storage: MemoryStorage,
) -> None:
    """«летом» is searched by the summer's forms: as the prefix «лет» it was
    "years" («двадцать лет»), and those turns came above the summer plan."""
    plan = "New summer plan: Saaremaa in August, the three of us."
    years = [
        "Двадцать лет на скорой, сказал Артур, хватит.",
        "Двенадцать лет в одной квартире, пора что-то менять.",
    ]
    top = await _top(await _life(storage, years, [plan]), "Куда в итоге едем летом?")
    assert top[:1] == [plan], top


@pytest.mark.parametrize(
    "question",
    ["What is my cat's name?", "Как зовут мою кошку?", "Какой у меня велосипед?"],
)
async def test_never_said_stays_quiet_in_both_languages(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _life(storage, OLD_CAR, NEW_CAR)
    assert await _top(retriever, question) == []


async def test_a_frame_verb_is_no_word_one_turn_must_share(
    storage: MemoryStorage,
) -> None:
    """ "занимаюсь" is the "do" of "Каким спортом я занимаюсь?", like "делаю":
    the answer says what, not "занимаюсь"."""
    swim = "Плавала в бассейне, проплыла два километра."
    top = await _top(await _life(storage, [swim]), "Каким спортом я сейчас занимаюсь?")
    assert swim in top, top


def test_habits_given_up_have_their_twins() -> None:
    # "Am I still eating sweets?" / «сладкое», "judo" / «дзюдо», "dairy" /
    # «молочка»: what people give up, asked in the other language
    assert "сладкое" in twin_terms(["sweets"])
    assert "дзюдо" in twin_terms(["judo"])
    assert "молочка" in twin_terms(["dairy"])


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a language learnt is said by its adjective, in any case
        ("When is my Serbian class?", "Четверг, сербский в 10, Снежана учила жалобы."),
        ("Когда у меня сербский?", "Serbian class moved to Thursdays at ten."),
        ("How is my Hebrew going?", "Иврит по вторникам, уже читаю вывески."),
        ("Как мой турецкий?", "Turkish lessons twice a week with Emre."),
    ],
)
async def test_a_language_asked_finds_it_told_in_the_other_language(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    top = await _top(await _life(storage, [answer]), question)
    assert answer in top, top


def test_a_twin_whose_stem_is_the_word_is_searched_by_its_forms() -> None:
    """«кот» as the prefix "кот"* is «который», «котлета»: a twin that is
    its own short stem is searched by its noun forms; a word whose stem is
    cut keeps its prefix («школа» is "шко"*, its forms would be misspelt)."""
    assert formed_twins(twin_terms(["cat"])) == {"кот"}
    assert formed_twins(["школа", "машина", "cat"]) == set()
    match = fts_match(["cat", "кот"], formed={"кот"}) or ""
    assert '"котом"' in match and '"кот"*' not in match
    assert fts_match(["кот"]) == '"кот"*'  # the question's own word: its prefix


async def test_a_short_twin_finds_its_word_and_not_the_words_it_starts(
    storage: MemoryStorage,
) -> None:
    """ "cat" finds «кот» in any case and never «который», «котлеты»."""
    cat = ["Кот опять спал на подоконнике весь день.", "Отвезла кота к ветеринару."]
    cutlets = ["Котлеты, которые я пожарила, вышли сухими."]
    top = await _top(await _life(storage, cutlets, cat), "How is my cat?")
    assert set(cat) <= set(top) and not set(cutlets) & set(top), top


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # a country is an exonym: no letter-by-letter key meets its twin
        ("Did we go to Croatia in the end?", "Решили: в июле едем на море в Хорватию."),
        ("Когда мы были в Греции?", "Back from Greece, the ferry to Naxos was late."),
    ],
)
async def test_a_country_asked_finds_it_told_in_the_other_language(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    top = await _top(await _life(storage, [answer]), question)
    assert answer in top, top


def test_a_name_typed_as_an_everyday_word_is_the_word() -> None:
    # "choir" of an entity filed as "Choir" asks about the choir, in both
    # languages; a name typed as a name, or no word of the table, stays one
    assert typed_as_word("Choir", "choir")
    assert typed_as_word("Choir", "when was choir last month")
    assert not typed_as_word("April", "Tell me about April")
    assert not typed_as_word("Marco", "marco")
    # its twin filed and asked beside it: the entities read both languages
    assert not typed_as_word("Pottery", "pottery", ["Pottery", "Гончарка"])
    assert typed_as_word("Choir", "choir", ["Choir", "Marina"])
