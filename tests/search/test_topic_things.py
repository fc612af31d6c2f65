"""A topic word without a stance ("climbing", "How is my climbing going?")
reaches the turns of the thing the user's turns name beside it ("the Depot
climbing gym"; search/topic_things.py): below the turns that say the word,
above the turns that share nothing; and a window search whose words found
turns is not padded with the window's other turns (search/windowed.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.storage import MemoryStorage
from day_turns import DAY, answers, linked_days

T0 = dt.datetime(2026, 3, 1, tzinfo=dt.UTC).timestamp()
SAYS = "Cancelled PureGym and joined the Depot climbing gym in Ancoats instead."
DEPOT = [  # the thing's turns, none says "climbing"
    "First proper session at the Depot, my forearms are dead.",
    "Sent a purple V3 at the Depot this morning before work.",
    "Sent my first V4 at the Depot tonight!",
]
OTHER = [  # PureGym and Ancoats are named in the turn too, not beside the word
    "PureGym sent another email about my membership.",
    "Found a good bakery in Ancoats near the canal.",
]
HOSPICE_SAYS = "First shift at St Gemma's hospice, Bev showed me round the wards."
HOSPICE = [
    "Reception shift at St Gemma's, quiet morning, Bev brought biscuits.",
    "St Gemma's reception, answered the phone all morning, bit emotional.",
    "Волонтёрская смена в St Gemma's, заполняла журнал посетителей.",
]
NOISE = (
    "Give me a packing list for three days in Edinburgh.",
    "Long day at work, too many meetings, but the project is going fine.",
    "Tried a new ramen place near the station.",
)


async def _life(storage: MemoryStorage) -> Retriever:
    """Noise, the turn naming the Depot beside "climbing", then the Depot's
    turns among more noise, a day each."""
    noise = [NOISE[i % 3] for i in range(20)]
    texts = [*noise[:8], *OTHER, SAYS, *noise[8:10], DEPOT[0]]
    texts += [*noise[10:14], DEPOT[1], *noise[14:17], DEPOT[2], *noise[17:]]
    return await linked_days(storage, texts, T0)


TEN = SearchFilters(limit=10)


@pytest.mark.parametrize("query", ["climbing", "How is my climbing going?"])
async def test_a_topic_word_reaches_the_thing_named_beside_it(
    storage: MemoryStorage, query: str
) -> None:
    found = await answers(await _life(storage), query, TEN)

    assert found[0] == SAYS, found
    # above the turns sharing only "going", or nothing
    assert set(found[1:4]) == set(DEPOT), found
    assert not set(OTHER) & set(found), found


async def test_a_windowed_topic_word_finds_the_things_turns_and_no_padding(
    storage: MemoryStorage,
) -> None:
    """The window holds the Depot's turns and noise; before, the noise filled
    the results under the one turn saying "climbing"."""
    retriever = await _life(storage)
    window = SearchFilters(limit=10, after=T0 + 9 * DAY, before=T0 + 40 * DAY)

    found = await answers(retriever, "climbing", window)

    assert found[0] == SAYS, found
    assert sorted(found[1:]) == sorted(DEPOT), found


async def test_a_window_whose_words_find_nothing_still_answers(
    storage: MemoryStorage,
) -> None:
    """The window's newest turns stay the answer when the words find none."""
    retriever = await _life(storage)
    window = SearchFilters(limit=5, after=T0 + 20 * DAY, before=T0 + 40 * DAY)

    assert await answers(retriever, "skiing", window)


async def test_a_window_search_is_not_padded_with_turns_sharing_nothing(
    storage: MemoryStorage,
) -> None:
    retriever = await _life(storage)
    window = SearchFilters(limit=10, after=T0, before=T0 + 40 * DAY)

    found = await answers(retriever, "ramen", window)

    assert found and all("ramen" in text for text in found), found


async def test_an_inflected_russian_topic_word_reaches_the_thing(
    storage: MemoryStorage,
) -> None:
    """«скалодромом» asked, «скалодром Depot» said: the Depot's turns join."""
    says = "Теперь хожу на скалодром Depot три раза в неделю."
    noise = [NOISE[i % 3] for i in range(6)]
    retriever = await linked_days(storage, [*noise, says, *DEPOT, *noise], T0)

    found = await answers(retriever, "Как дела со скалодромом?", TEN)

    assert found[0] == says and set(found[1:]) == set(DEPOT), found


CHOIR_SAYS = "Сходила на репетицию хора «Калина» в Украинском центре."
CHOIR = [  # the choir's turns, none says «хор»
    "Репетиция «Калины»: дали мне сольную строчку.",
    "Спели с «Калиной» на осенней ярмарке.",
    "Генеральная репетиция «Калины», пели дважды.",
]


@pytest.mark.parametrize(
    ("query", "says", "turns"),
    [
        ("climbing", SAYS, DEPOT),
        ("хор", CHOIR_SAYS, CHOIR),
        # the owner's "'s" stands between the name and the word
        ("hospice", HOSPICE_SAYS, HOSPICE),
    ],
)
async def test_a_window_reaches_the_thing_named_beside_the_word_before_it(
    storage: MemoryStorage, query: str, says: str, turns: list[str]
) -> None:
    """The turn naming the thing beside the word is older than the window,
    and no turn of the window says the word: the thing's turns of the window
    lead, above its other newest turns; the older turn stays outside."""
    noise = [NOISE[i % 3] for i in range(20)]
    texts = [*noise[:8], *OTHER, says, *noise[8:10], turns[0]]
    texts += [*noise[10:14], turns[1], *noise[14:17], turns[2], *noise[17:]]
    retriever = await linked_days(storage, texts, T0)
    window = SearchFilters(limit=10, after=T0 + 11 * DAY, before=T0 + 40 * DAY)

    found = await answers(retriever, query, window)

    assert set(found[:3]) == set(turns), found
    assert says not in found, found


async def test_a_window_finds_no_thing_for_a_word_never_said(
    storage: MemoryStorage,
) -> None:
    """A word no turn says names no thing: the window's newest turns, as before."""
    retriever = await _life(storage)
    window = SearchFilters(limit=3, after=T0 + 11 * DAY, before=T0 + 40 * DAY)

    found = await answers(retriever, "kayaking", window)

    assert not set(DEPOT) & set(found), found


HOSPICE_RU = (  # the word's loan spelling, said far more often than the word
    "Смена в хосписе на ресепшн, Бев хвалила.",
    "Джефф гулял с Бисквитом, пока я была в хосписе.",
    "В хосписе сегодня тяжёлый день, одна семья прощалась.",
)


async def test_a_loan_spelling_neither_hides_nor_outranks_the_things_turns(
    storage: MemoryStorage,
) -> None:
    """ "hospice" is said in English once beside St Gemma's, then «в хосписе»
    in most turns (search/loanwords.py adds the spelling): the St Gemma's
    turns of the window still join, below the turn saying the word and
    above the turns saying only its Russian spelling. Before, the newest
    «хосписе» turns crowded the naming turn out of the things' read."""
    says_word = "Hospice garden shift, planted bulbs with two other volunteers."
    loans = [HOSPICE_RU[i % 3] for i in range(45)]
    texts = [*NOISE, HOSPICE_SAYS, *NOISE, *loans[:40], says_word]
    texts += [HOSPICE[0], loans[40], HOSPICE[1], loans[41], HOSPICE[2], *loans[42:]]
    retriever = await linked_days(storage, texts, T0)
    start = T0 + (len(texts) - 10) * DAY
    window = SearchFilters(limit=10, after=start, before=T0 + len(texts) * DAY)

    found = await answers(retriever, "hospice", window)

    assert found[0] == says_word, found
    assert set(found[1:4]) == set(HOSPICE), found


async def test_a_loan_spelling_is_the_word_when_its_own_is_never_said(
    storage: MemoryStorage,
) -> None:
    """No turn says "hospice" in English: «в хосписе» is how the word is
    said, and its turns lead, the St Gemma's turns below them."""
    says = "Заходила в хоспис St Gemma's, берут меня на ресепшн."
    texts = [*NOISE, says, *NOISE, HOSPICE_RU[0], HOSPICE[0], HOSPICE_RU[2]]
    retriever = await linked_days(storage, texts, T0)
    start = T0 + (len(texts) - 3) * DAY
    window = SearchFilters(limit=10, after=start, before=T0 + len(texts) * DAY)

    found = await answers(retriever, "hospice", window)

    assert set(found[:2]) == {HOSPICE_RU[0], HOSPICE_RU[2]}, found
    assert found[2] == HOSPICE[0], found
