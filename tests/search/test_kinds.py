"""A question names a category ("What phone do I have now?"), the user's turns
only its members ("My iPhone battery died", "The Pixel lasts two days"):
the lexicon of search/kinds.py brings them together, on a real database,
and a category never said still finds nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import SearchHit
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.kinds import MAX_KIND_TERMS, asked_kinds
from agent_memory.search.query_text import query_terms
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
PHONES = [
    "My iPhone battery died again before lunch.",
    "Айфон опять выключился на морозе.",
    "Bought a Pixel 8 to replace the dead iPhone, the camera is great.",
    "The Pixel lasts two days on one charge.",
]
NOISE = (
    "Long day at work, too many meetings.",
    "Tried a new ramen place near the station.",
    "Sent the client a pixel-perfect mockup of the landing page.",
    "Walked the dog along the canal.",
)


def _kinds(question: str) -> tuple[str, ...]:
    return asked_kinds(question, tuple(query_terms(question))).terms


def test_a_category_word_brings_its_members_in_both_languages() -> None:
    assert {"iphone", "pixel", "айфон"} <= set(_kinds("What phone do I have now?"))
    assert {"iphone", "айфон"} <= set(_kinds("Какой у меня сейчас телефон?"))
    assert "thinkpad" in _kinds("Which laptop do I use?")
    assert "guitar" in _kinds("Какой инструмент у меня есть?")
    assert "tram" in _kinds("How do I get to work?")
    assert "piano" in _kinds("What do I play?") and "гитара" in _kinds(
        "На чём я играю?"
    )
    assert "vegetarian" in _kinds("Do I still eat meat?")
    assert len(_kinds("What car, bike or phone do I have?")) <= MAX_KIND_TERMS
    # someone else's things and questions naming no category bring none
    assert _kinds("What phone does Lena have?") == ()
    assert _kinds("What did I eat for lunch?") == ()


async def _top5(
    storage: MemoryStorage, turns: list[str], question: str
) -> list[SearchHit]:
    """The top 5 for `question` over `turns` and a dozen days of small talk."""
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*turns, *noise], T0)
    return await retriever.search(question, SearchFilters(limit=5), reinforce=False)


async def _memory(storage: MemoryStorage, phones: list[str]) -> Retriever:
    noise = [NOISE[i % len(NOISE)] for i in range(16)]
    return await linked_days(storage, [*phones[:2], *noise, *phones[2:]], T0)


@pytest.mark.parametrize(
    "question", ["What phone do I have now?", "Какой у меня сейчас телефон?"]
)
async def test_the_newest_member_answers_a_category_question(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage, PHONES)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits and "Pixel" in hits[0].node.content
    assert await retriever.get_context(question) is not None


@pytest.mark.parametrize(
    "question",
    [
        "What phone do I have?",
        "Какой у меня телефон?",
        "What do I ride to uni now?",
        "What laptop did I have before the Mac?",
        "What workout am I doing at the moment?",
        "Куда я сейчас хожу заниматься?",
    ],
)
async def test_a_category_never_said_finds_nothing(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage, [])
    assert await retriever.search(question, reinforce=False) == []
    assert await retriever.get_context(question) is None


async def test_a_pet_is_a_cat_but_a_cat_is_no_dog(storage: MemoryStorage) -> None:
    retriever = await linked_days(
        storage,
        [
            "The cat knocked a glass off the table again.",
            *[NOISE[i % 2] for i in range(10)],
        ],
        T0,
    )
    hits = await retriever.search("What pet do I have?", reinforce=False)
    assert hits and "cat" in hits[0].node.content
    assert await retriever.get_context("What's my dog called?") is None


async def test_a_member_word_inside_a_compound_is_no_member(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(
        storage,
        [
            "Sent the client a pixel-perfect mockup of the landing page.",
            "Pixel-perfect mockups take me forever.",
            *[NOISE[i % 2] for i in range(10)],
        ],
        T0,
    )
    assert await retriever.search("What phone do I have?", reinforce=False) == []
    assert await retriever.get_context("What phone do I have?") is None


FAMILY = [
    "Practised guitar for an hour, my fingers hurt.",
    "Took the tram, it was packed again.",
    "My ThinkPad keyboard is still the best.",
    "I've gone vegetarian this month.",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What do I play?", FAMILY[0]),
        ("How do I get to work?", FAMILY[1]),  # a phrase names the commute
        ("Какой у меня ноутбук?", FAMILY[2]),
        ("Do I still eat meat?", FAMILY[3]),
        # a member asked stands for its category ("the Mac" is a laptop),
        # and so do the words of a phrase naming one ("ride to uni")
        ("What laptop did I have before the Mac?", FAMILY[2]),
        ("What do I ride to uni now?", FAMILY[1]),
        ("На чём я сейчас учусь играть?", FAMILY[0]),
        ("На чём я езжу в универ?", FAMILY[1]),
    ],
)
async def test_each_category_finds_its_member(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    noise = [NOISE[i % 2] for i in range(16)]
    retriever = await linked_days(storage, [*FAMILY, *noise], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits and hits[0].node.content == answer
    assert await retriever.get_context(question) is not None


DOCTOR = [
    "Записался на контрольный приём к доктору Беридзе на 15 декабря.",
    "Knee is better, the swelling is gone.",
]


@pytest.mark.parametrize(
    "question", ["Когда у меня приём у врача?", "When is my doctor's appointment?"]
)
async def test_another_word_of_the_category_says_it(
    storage: MemoryStorage, question: str
) -> None:
    # «к доктору» says «врач»: the question's own two words are both there
    hits = await _top5(storage, DOCTOR, question)
    assert hits and hits[0].node.content == DOCTOR[0]


def test_a_member_of_two_words_is_said_with_a_hyphen_a_space_or_as_one() -> None:
    kinds = asked_kinds("Who is my doctor?", ("doctor",))
    for text in ("Dr. Lee's check-up moved.", "A check up on Friday.", "Checkup done."):
        assert kinds.said(set(), text) == {"doctor"}
    assert kinds.said(set(), "Check the updates.") == set()


def test_working_out_names_the_sport_category() -> None:
    for question in (
        "What workout am I doing at the moment?",
        "How do I exercise these days?",
        "Куда я сейчас хожу заниматься?",
        "Какие у меня тренировки?",
    ):
        assert {"yoga", "йога"} <= set(_kinds(question)), question
    # «заниматься» of a subject is no sport
    assert _kinds("Где я сейчас занимаюсь английским?") == ()


@pytest.mark.parametrize(
    "question",
    ["What workout am I doing at the moment?", "Куда я сейчас хожу заниматься?"],
)
async def test_a_workout_question_finds_the_yoga(
    storage: MemoryStorage, question: str
) -> None:
    yoga = "Yoga at Casa Prana before work, the teacher is strict."
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [yoga, *noise], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits and hits[0].node.content == yoga
    assert await retriever.get_context(question) is not None


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("What's my hobby these days?", "Pottery class: I centred the clay at last."),
        ("Чем я сейчас увлекаюсь?", "Первое занятие по гончарке, кружка кривая."),
        ("What series am I watching?", "Slow Horses season three, he fell asleep."),
        ("Какой сериал я сейчас смотрю?", "Досмотрели второй сезон, Лэмб хорош."),
    ],
)
async def test_a_hobby_and_a_series_are_found_by_their_kinds(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    hits = await _top5(storage, [answer], question)
    assert hits and hits[0].node.content == answer


CAR_SAID_NOT_WHICH = [
    "Aviva sent the new certificate for the car.",
    "Graham will drive me to the dentist on Friday.",
]


async def test_a_category_asked_is_answered_by_a_member_not_its_word(
    storage: MemoryStorage,
) -> None:
    # which car is never said: "the car" and "drive me" in two turns say nothing
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*CAR_SAID_NOT_WHICH, *noise], T0)
    assert await retriever.search("What car do I drive?", reinforce=False) == []
    assert await retriever.get_context("What car do I drive?") is None


async def test_a_member_answers_the_category_asked(storage: MemoryStorage) -> None:
    said = "Picked up the Corolla from the garage, it drives like new."
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*CAR_SAID_NOT_WHICH, said, *noise], T0)
    hits = await retriever.search("What car do I drive?", reinforce=False)
    assert hits and hits[0].node.content == said


CARRIER_AND_MILK = [
    "Всё, ухожу из Rogers. Перешла на Koodo: тот же номер, безлимитный интернет.",
    "Испекла блины на овсяном молоке, без лактозы.",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Which carrier am I with now?", CARRIER_AND_MILK[0]),
        ("Do I still eat dairy?", CARRIER_AND_MILK[1]),
        # the adjective of "mobile carrier" is said by no turn: the phrase
        # names the category, its member answers both words
        ("What's my mobile carrier now?", CARRIER_AND_MILK[0]),
        ("Какой у меня сейчас мобильный оператор?", CARRIER_AND_MILK[0]),
        ("Какая у меня сотовая связь?", CARRIER_AND_MILK[0]),
        # «оператор связи» is the carrier's full name: no turn says «связь»
        ("Какой у меня сейчас оператор связи?", CARRIER_AND_MILK[0]),
    ],
)
async def test_a_carrier_and_dairy_are_said_by_their_members(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    noise = [NOISE[i % 2] for i in range(16)]
    retriever = await linked_days(storage, [*CARRIER_AND_MILK, *noise], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert hits and hits[0].node.content == answer, hits


def test_a_state_question_about_a_family_member_names_its_category() -> None:
    """ "Which school is Nika at now?" asks about a life the user tells, as one
    with "my" does; without a stance a question about someone stays theirs."""
    assert "lyceum" in _kinds("Which school is Nika at now?")
    assert "лицей" in _kinds("В какой школе Ника училась раньше?")
    assert _kinds("Which school does Nika go to?") == ()


def test_a_question_about_an_own_child_names_its_category() -> None:
    """Of a child the memory files as the user's son or daughter, the plain
    present asks of the user's life too (search/own_child_asked.py)."""
    question = "Which school does Nika go to?"
    kinds = asked_kinds(question, tuple(query_terms(question)), own_child=True)
    assert "lyceum" in kinds.terms


def test_a_category_of_common_things_has_no_brands() -> None:
    """A drink is coffee or tea: no thing named beside "staff drinks" (a
    school) is one. A car, a sport (its gym) or a bank may be a name."""

    def common(question: str) -> bool:
        return asked_kinds(question, tuple(query_terms(question))).of_common_things

    assert common("Do I still drink coffee?")
    assert common("Какой язык я сейчас учу?")
    assert not common("What car do I drive now?")
    assert not common("What sport do I do these days?")
    assert not common("Which bank am I with now?")


def test_a_search_of_a_word_or_two_names_its_category() -> None:
    """ "врач" or "dentist" typed alone (with a time window) is the user
    looking through their own life: the doctor's name ("Dr Okafor") answers
    it as it answers "my doctor"; a question about someone else does not."""
    assert "dr" in _kinds("врач") and "dr" in _kinds("family doctor")
    assert "iphone" in _kinds("phone")
    assert _kinds("What doctor does Lena see?") == ()
    assert _kinds("Lena doctor appointment last week") == ()


def test_services_and_what_one_drives_name_their_categories() -> None:
    """A service is asked by its category ("internet", «провайдер», "phone
    company", "energy"), a car by what one drives or rides («На чём мы
    ездим?»: a car or a tram): the telltale words of each are searched."""
    assert {"fibre", "router"} <= set(_kinds("Who's our internet with?"))
    assert {"роутер", "router"} <= set(_kinds("Кто у нас провайдер?"))
    assert "sim" in _kinds("Which phone company am I with?")
    assert "симка" in _kinds("Какой у меня оператор?")
    assert "meter" in _kinds("Who's our energy supplier?")
    assert "lease" in _kinds("What do we drive now?")
    assert {"тойота", "трамвай"} <= set(_kinds("На чём мы сейчас ездим?"))


INTERNET = [
    "Our Brightnet connection died in the middle of a call, the modem blinks red.",
    "Again no Brightnet tonight, the router just gives up in the evening.",
    "A technician from Fastlink came and connected glass fibre, 500 Mbit now.",
    "Three video calls at once on the Fastlink fibre without a drop.",
    "Finally ended the Brightnet contract and posted their modem back.",
]


@pytest.mark.parametrize(
    "question", ["Who's our internet with now?", "Кто у нас сейчас провайдер?"]
)
async def test_the_provider_is_found_by_its_telltale_words(
    storage: MemoryStorage, question: str
) -> None:
    # no turn says "internet": the fibre, the router and the modem say it;
    # the newest turn ends the old provider, which never makes it the current
    hits = await _top5(storage, INTERNET, question)
    assert hits and "Fastlink" in hits[0].node.content, hits


async def test_what_we_drive_is_the_car_picked_up(storage: MemoryStorage) -> None:
    said = "Picked up the Kia Ceed from the lease company, it charges overnight."
    hits = await _top5(storage, [said], "What do we drive now?")
    assert hits and hits[0].node.content == said


def test_who_does_my_hair_names_the_hairdresser() -> None:
    """The hairdresser is asked by what they do ("does my hair", «стригусь»)
    and told by the trade's words ("haircut", «стрижка», "salon"); the vet
    by «ветеринар», told by its jabs."""
    assert {"haircut", "salon"} <= set(_kinds("Who does my hair now?"))
    assert "стрижка" in _kinds("Где я теперь стригусь?")
    assert "haircut" in _kinds("у кого я раньше стриглась")
    assert "прививка" in _kinds("Какой ветеринар был у кота раньше?")
    assert "haircut" not in _kinds("What colour is my hair?")


HAIR = [
    "Haircut with Dasha at her flat again, she cut the fringe too short.",
    "Dasha trimmed my fringe in her kitchen, fast and cheap.",
    "Found a salon near the new place: Ines at Corte Studio did my colour.",
    "Стрижка у Инес в Corte Studio, двадцать минут и идеально.",
]


async def test_the_hairdresser_is_told_by_the_trade(
    storage: MemoryStorage,
) -> None:
    """No turn says "hair": the haircut, the fringe, the salon and «стрижка»
    say who does it."""
    hits = await _top5(storage, HAIR, "Who does my hair now?")
    assert {hit.node.content for hit in hits} == set(HAIR), hits


def test_a_common_make_is_a_car() -> None:
    assert "passat" in _kinds("What car did I use to have?")


# A carrier unknown to the table, told by what carriers do: its roaming
# charges, its texts, its signal.
CARRIER_BY_ITS_TROUBLES = [
    "Zelto опять снял 12 евро за роуминг, я никуда не ездила!",
    "Zelto's signal in the office basement is zero bars.",
]


async def test_a_carrier_is_said_by_its_roaming_and_signal(
    storage: MemoryStorage,
) -> None:
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*CARRIER_BY_ITS_TROUBLES, *noise], T0)
    hits = await retriever.search(
        "Какой у меня был оператор раньше?", SearchFilters(limit=5), reinforce=False
    )
    found = {hit.node.content for hit in hits}
    assert set(CARRIER_BY_ITS_TROUBLES) <= found, hits


# A carrier unknown to the table, told by what it sells: gigabytes, calls.
CARRIER_BY_ITS_PLAN = [
    "Vexo дал в марте десять гигабайт бесплатно.",
    "С Vexo звонки в Канаду бесплатные, болтаю с братом по часу.",
]


async def test_a_carrier_is_said_by_its_gigabytes_and_calls(
    storage: MemoryStorage,
) -> None:
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*CARRIER_BY_ITS_PLAN, *noise], T0)
    hits = await retriever.search(
        "Какой у меня сейчас оператор?", SearchFilters(limit=5), reinforce=False
    )
    found = {hit.node.content for hit in hits}
    assert set(CARRIER_BY_ITS_PLAN) <= found, hits


# A bank unknown to the table, told by what a bank keeps: the savings, the
# salary paid into them.
BANK_BY_ITS_ACCOUNT = [
    "Opened a savings pot at Plumo in fifteen minutes, no fees.",
    "Зарплата впервые пришла на Plumo, и проценты на сберегательный счёт капают.",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Which bank do I use now?", BANK_BY_ITS_ACCOUNT[0]),
        ("В каком банке у меня теперь зарплата?", BANK_BY_ITS_ACCOUNT[1]),
    ],
)
async def test_a_bank_is_said_by_its_savings(
    storage: MemoryStorage, question: str, answer: str
) -> None:
    noise = [NOISE[i % 2] for i in range(12)]
    retriever = await linked_days(storage, [*BANK_BY_ITS_ACCOUNT, *noise], T0)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    assert answer in {hit.node.content for hit in hits}, hits


GAME = "Настольный теннис у Левана по средам, сегодня обыграл Гурама."


@pytest.mark.parametrize(
    "question", ["Во что я сейчас играю?", "Во что я играю теперь, когда Отар уехал?"]
)
async def test_what_one_plays_asked_in_russian_is_a_game(
    storage: MemoryStorage, question: str
) -> None:
    # «во что … играю» asks a game, which a turn names, not the verb
    assert "теннис" in _kinds(question)
    hits = await _top5(storage, [*FAMILY, GAME], question)
    assert hits and hits[0].node.content == GAME
