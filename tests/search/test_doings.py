"""Which of the user's turns tell what they did (search/doings.py)."""

from __future__ import annotations

from agent_memory.core.records import EpisodeDraft
from agent_memory.search.doings import telling
from agent_memory.storage import MemoryStorage

WHEN = 1_800_000_000.0
OWN_DOING, WITH_SOMEONE, STATEMENT, ASKS = 3, 2, 1, 0


async def told(storage: MemoryStorage, text: str) -> int:
    node_id = await storage.nodes.add_episode(EpisodeDraft(text, "s", "user", WHEN))
    return telling((await storage.nodes.get_nodes([node_id]))[node_id])


async def test_a_story_that_closes_on_a_question_still_tells(
    storage: MemoryStorage,
) -> None:
    story = (
        "Был у терапевта с выпиской. Читал долго, вздыхал. Сказал, что уходит "
        "на пенсию. Кого мне теперь дадут?"
    )
    assert await told(storage, story) == OWN_DOING
    # a question that opens the turn, or is most of it, still asks
    assert await told(storage, "How do I reverse a list? I tried sorted()") == ASKS
    assert await told(storage, "Tried restarting the router. How do I fix it?") == ASKS


async def test_a_day_named_first_does_not_hide_the_doing(
    storage: MemoryStorage,
) -> None:
    for line in (
        "Wednesday, walked the dog to the park and back",
        "Sunday evening: went to the cinema with the kids",
        "Среда, отвёл сына в садик, шли медленно",
        "Суббота утром — ездили на рынок за овощами",
    ):
        assert await told(storage, line) == OWN_DOING, line


async def test_the_doing_may_follow_the_occasions_name(storage: MemoryStorage) -> None:
    line = "Pottery night at the studio. I glazed my crooked bowl turquoise."
    assert await told(storage, line) == WITH_SOMEONE
    # a name opening the turn is someone else's news, not the speaker's doing
    assert await told(storage, "Galya hid the salt again, I laughed") == STATEMENT


async def test_someone_taking_the_speaker_along_is_a_doing_with_them(
    storage: MemoryStorage,
) -> None:
    for line in (
        "Kostya picked me up from the station in his new car",
        "Костя забрал меня из больницы на такси, вёз медленно",
    ):
        assert await told(storage, line) == WITH_SOMEONE, line


async def test_chat_words_and_a_named_doing_still_tell_the_doing(
    storage: MemoryStorage,
) -> None:
    for line in (
        "btw Fitted a new cylinder in Malahide, heavy as hell",
        "right, Fixed underfloor heating manifold in Santry",
        "Короче, налепил вареников с вишней, полкастрюли съели",
        "Reception shift at St Gemma's, quiet morning",  # the doing's noun
        "Morning walk with Biscuit round Woodhouse Moor.",
        "Волонтёрская смена в хосписе, заполняла журнал",
        "На акварели училась «мокрым по мокрому»",  # where first, then the verb
        "St Gemma's reception, answered the phone all morning",
        "Керамика. Вынули из печи мою вазу, глазурь потекла.",  # a title first
    ):
        assert await told(storage, line) == OWN_DOING, line
    line = "My partner and I skipped the group and did the park instead."
    assert await told(storage, line) == WITH_SOMEONE


async def test_requests_and_others_news_tell_no_doing_of_the_speaker(
    storage: MemoryStorage,
) -> None:
    for line in (  # requests to the assistant, their "?" left off
        "how many steps is 5 miles roughly",
        "Какие витамины пить после 60, только честно",
        "переведи на английский: «мне нужно продлить рецепт»",
    ):
        assert await told(storage, line) == ASKS, line
    for line in (
        "У Лены опять сдвинули смену на утро.",  # Lena's news, not a place
        "В Каньоне Офер сказал, что график новый.",  # a name before the verb
        "Айгуль звонила, просила рецепт курта.",
    ):
        assert await told(storage, line) == STATEMENT, line


async def test_what_happened_at_a_doing_today_tells_the_speaker_was_there(
    storage: MemoryStorage,
) -> None:
    for line in (
        "Marina Lvovna praised the basses at choir today.",
        "The coach was late again at training tonight, we ran laps",
        "Сегодня на хоре Марина Львовна хвалила басов",
        "Тренер на тренировке сегодня ругался, бегали круги",
    ):
        assert await told(storage, line) == WITH_SOMEONE, line
    # others' news without the speaker's day stays news
    assert await told(storage, "Marina Lvovna moved the concert") == STATEMENT


async def test_what_is_still_to_do_tells_no_doing(storage: MemoryStorage) -> None:
    # a day's "need to buy bread" was its answer beside its barbecue
    for line in ("утро серое, надо купить хлеба", "grey morning, have to buy bread"):
        assert await told(storage, line) < STATEMENT, line
    # a doing told before what is left to do still tells the doing
    line = "Went to the bank, need to go back on Tuesday"
    assert await told(storage, line) == OWN_DOING


async def test_a_day_typed_without_a_stop_or_a_days_title_tells_its_doing(
    storage: MemoryStorage,
) -> None:
    for line in (  # the day word run into the doing, a day of nothing done too
        "суббота ничего не делала, спала до 12",
        "суббота утром пили кофе с подругой на балконе",
        "выходные: поход в музей, вечером пицца",
        "sunday brunch with two friends in the old town",
    ):
        assert await told(storage, line) == OWN_DOING, line
    for line in (  # the day's doing named by a word or two after the day
        "четверг, керамика. Преподавательница уезжает в другой город",
        "friday, pool. 2 km in 52 minutes",
    ):
        assert await told(storage, line) == WITH_SOMEONE, line
    # a name and its verb after the day is that person's news
    line = "вторник, Прия подтвердила: после запуска будет новый проект"
    assert await told(storage, line) == STATEMENT


async def test_someone_helping_or_asking_the_speaker_along_is_a_doing_with_them(
    storage: MemoryStorage,
) -> None:
    for line in (
        "Дина помогала паковать книги, ругала что их много",
        "Мойше позвал в нарды, проиграл ему",
        "Moshe helped pack the books into boxes",
        "мой парень сегодня учил меня готовить рыбу",
        "с Ларисой сходили вместе в магазин за продуктами",
    ):
        assert await told(storage, line) == WITH_SOMEONE, line


async def test_a_piece_of_work_asked_of_the_assistant_tells_no_doing(
    storage: MemoryStorage,
) -> None:
    for line in (
        "Write a short note to the plumber asking when he can come back",
        "Prepare a reply to the school about the trip permission form",
        "Draft an email to my manager about moving the review to Friday",
        "подготовь ответ в управляющую компанию про протечку на кухне",
        "перепиши это письмо вежливее, пожалуйста, для начальника",
    ):
        assert await told(storage, line) == ASKS, line
    # a piece of work the user did is told
    assert await told(storage, "Wrote a short note to the plumber, no reply") == 3
    assert await told(storage, "подготовил отчёт для начальника к пятнице") == 3
