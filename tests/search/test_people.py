"""Questions about a person, on a real memory linked by the real extractor.

The user's wife is in a third of the turns: the frequent name FTS and the
entity leg leave out, which made her the one person search could not find.
"""

from __future__ import annotations

import datetime as dt

from agent_memory.core.records import EpisodeDraft, NodeDraft
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.names_asked import named_entities
from agent_memory.search.people import asked_about, with_other_forms
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from day_turns import retriever_of

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()
CHORES = "fixed the bike chain", "paid the power bill", "read a chapter", "ran 5k"
EN_LENA = (
    "Lena and I cooked risotto tonight, she wants to try the saffron one next",
    "Lena got a new shift at the hospital, nights until the end of the month",
    "Lena's sister is visiting us in spring from Kazan, Lena is excited about it",
    "bought tickets for Lena and me to see the jazz trio on Friday",
)
RU_LENA = (
    "Вчера ходили с Леной в парк, она кормила уток и смеялась",
    "Подарил Лене шарф на день рождения, ей очень понравился",
    "Сегодня Лена испекла пирог с вишней по рецепту бабушки",
    "У Лены новая работа в библиотеке, она очень довольна",
)


async def _life(storage: MemoryStorage, first: str, lines: tuple[str, ...]) -> dict:
    """Four months of turns: the wife in every other one, chores between."""
    linker = EntityLinker(storage)
    ids: dict[str, list[int]] = {"lena": [], "other": []}
    for i in range(140):
        when = T0 + i * DAY
        text = first if i == 0 else (lines if i % 2 else CHORES)[i // 2 % 4]
        text = text if i < 2 else f"{text} (day {i})"
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i // 10}", "user", when)
        )
        await linker.link_text(node, text)
        ids["lena" if i == 0 or i % 2 else "other"].append(node)
    fact = await storage.nodes.add_node(
        NodeDraft("semantic", first, event_time=T0 + 200 * DAY)
    )
    await linker.link_text(fact, first)
    ids["lena"].append(fact)
    ids["fact"] = [fact]
    return ids


async def test_a_frequent_name_alone_finds_the_person(storage: MemoryStorage) -> None:
    ids = await _life(storage, "My wife Lena is a nurse.", EN_LENA)
    r = retriever_of(storage)
    for question in (
        "Lena",
        "Tell me about Lena",
        "What do you know about Lena?",
        "Who is Lena?",
        "my wife",
    ):
        hits = await r.search(question, reinforce=False)
        assert len(hits) == 10, question
        assert {h.node.id for h in hits} <= set(ids["lena"]), question
        # what the memory knows as a fact leads; turns spread over threads
        assert hits[0].node.id == ids["fact"][0], question
        assert len({h.node.session_id for h in hits[1:]}) >= 5, question


async def test_a_name_with_other_words_is_an_ordinary_search(
    storage: MemoryStorage,
) -> None:
    ids = await _life(storage, "My wife Lena is a nurse.", EN_LENA)
    for question in ("What risotto did Lena cook?", "When was Lena in Kazan?"):
        query = analyse(question)
        assert asked_about(query, await named_entities(storage, query)) == []
    hits = await retriever_of(storage).search("What risotto did Lena cook?")
    assert hits[0].node.id in ids["lena"] and "risotto" in hits[0].node.content


async def test_filters_combine_with_a_name(storage: MemoryStorage) -> None:
    ids = await _life(storage, "My wife Lena is a nurse.", EN_LENA)
    r = retriever_of(storage)
    facts = await r.search("Lena", SearchFilters(types=("semantic",)))
    assert [h.node.id for h in facts] == ids["fact"]
    window = SearchFilters(after=T0 + 20 * DAY, before=T0 + 30 * DAY)
    hits = await r.search("Lena", window)
    assert sorted(h.node.id for h in hits) == [
        i for i in ids["lena"] if 20 <= i - ids["lena"][0] < 30
    ]


async def test_russian_names_in_any_case_and_relations(storage: MemoryStorage) -> None:
    ids = await _life(storage, "Моя жена Лена работает медсестрой.", RU_LENA)
    r = retriever_of(storage)
    for question in (
        "Лена",
        "Расскажи про Лену",
        "Что ты знаешь о Лене?",
        "Кто такая Лена?",
        "моя жена",
        "Расскажи о моей жене",
        "с Леной",
    ):
        hits = await r.search(question, reinforce=False)
        assert len(hits) == 10, question
        assert {h.node.id for h in hits} <= set(ids["lena"]), question
    # "с Леной", "Лене", "Лены" are filed as entities of their own: found too
    shown = {h.node.content for h in await r.search("Лена", SearchFilters(limit=40))}
    assert {line[:20] for line in RU_LENA} <= {text[:20] for text in shown}


async def test_a_pet_form_never_written_names_the_person(
    storage: MemoryStorage,
) -> None:
    """«Леночка», «Ленуся», «Про Леночку»: a diminutive the user never wrote
    asks about Лена; one of a name no one has («Олечка») finds nothing."""
    ids = await _life(storage, "Моя жена Лена работает медсестрой.", RU_LENA)
    r = retriever_of(storage)
    for question in ("Леночка", "Ленуся", "Расскажи про Леночку"):
        hits = await r.search(question, reinforce=False)
        assert hits and {h.node.id for h in hits} <= set(ids["lena"]), question
    assert await r.search("Олечка", reinforce=False) == []


async def test_a_short_pet_form_never_written_names_the_person(
    storage: MemoryStorage,
) -> None:
    """«Что с Ленкой?» when only «Лена» was said: a pet form in «-ка» as short
    as an ordinary noun names a known person whose first name is its stem;
    «Пенка», «Дочка» and «Юлька» (no Юля) name no one."""
    ids = await _life(storage, "Моя жена Лена работает медсестрой.", RU_LENA)
    r = retriever_of(storage)
    for question in ("Что с Ленкой?", "Ленка", "Расскажи про Ленку"):
        hits = await r.search(question, reinforce=False)
        assert hits and {h.node.id for h in hits} <= set(ids["lena"]), question
    for question in ("Что с Пенкой?", "Что с Юлькой?", "Дочка"):
        query = analyse(question)
        assert await named_entities(storage, query) == [], question


RU_TIMUR = (
    "Вчера созванивались с Тимуром, он показал аквариум",
    "Купил Тимуру футбольный мяч, пусть гоняет во дворе",
    "Сегодня Тимур выиграл шахматный турнир в школе",
    "У Тимура новая учительница, строгая, но добрая",
)


async def test_a_pet_form_in_chik_names_the_person(storage: MemoryStorage) -> None:
    """«Тимурчик», «Арманчик»: the suffix «-чик» makes a pet form of a name."""
    ids = await _life(storage, "Мой сын Тимур живёт в Ростове.", RU_TIMUR)
    r = retriever_of(storage)
    for question in ("Тимурчик", "Расскажи про Тимурчика"):
        hits = await r.search(question, reinforce=False)
        assert hits and {h.node.id for h in hits} <= set(ids["lena"]), question


async def test_a_familiar_form_in_ych_names_the_person(storage: MemoryStorage) -> None:
    """«Тёмыч», «Тимыч»: the familiar «-ыч» a brother or a mate is called by
    asks about the person of the name it is made of («Тима»)."""
    ids = await _life(storage, "Мой брат Тима живёт в Ростове.", RU_TIMA)
    r = retriever_of(storage)
    for question in ("Тимыч", "Расскажи про Тимыча"):
        hits = await r.search(question, reinforce=False)
        assert hits and {h.node.id for h in hits} <= set(ids["lena"]), question


RU_TIMA = (
    "Вчера созванивались с Тимой, он показал аквариум",
    "Купил Тиме футбольный мяч, пусть гоняет во дворе",
    "Сегодня Тима выиграл шахматный турнир в школе",
    "У Тимы новая учительница, строгая, но добрая",
)


async def test_a_pet_form_filed_apart_asks_the_whole_person(
    storage: MemoryStorage,
) -> None:
    """«Кирюша» and «Катюха» said a few times, «Киря», "Kirill" and «Катя»
    most: the pet form asks about the one person, not only its own turns."""
    linker = EntityLinker(storage)
    said = {
        "kirill": ["Кирюша сдал сессию досрочно.", "Кирюша прислал фото с Невского.",
                   "Киря поступил на стажировку.", "Kirill called about the summer.",
                   "Kirill got the internship confirmed."],
        "katya": ["Скалодром с Катюхой с утра.", "Катя едет в отпуск на Мадейру.",
                  "Katya came for dinner.", "Зашла к Кате на скалодром."],
        "other": ["Купила гречку в русском магазине.", "Полила монстеру."],
    }  # fmt: skip
    ids: dict[str, set[int]] = {}
    for i, (who, texts) in enumerate((k, t) for k, ts in said.items() for t in ts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(texts, "t", "user", T0 + i * DAY)
        )
        await linker.link_text(node, texts)
        ids.setdefault(who, set()).add(node)
    r = retriever_of(storage)
    for question, who in (("Кирюша", "kirill"), ("Катюха", "katya")):
        found = {h.node.id for h in await r.search(question, reinforce=False)}
        assert found <= ids[who] and len(found) >= 3, question


async def test_the_context_block_leads_with_the_person(storage: MemoryStorage) -> None:
    await _life(storage, "My wife Lena is a nurse.", EN_LENA)
    block = await retriever_of(storage).get_context("Tell me about Lena")
    assert block is not None
    sections = [line for line in block.splitlines() if line.startswith("### ")]
    assert sections[0] == "### People and things"
    first = block.split("### People and things\n", 1)[1].splitlines()[0]
    assert first.startswith("- **Lena** (person, the user's wife")
    assert "risotto" in block or "hospital" in block or "jazz" in block


async def test_a_person_in_both_scripts_is_one_person(storage: MemoryStorage) -> None:
    """ "Sam" in English turns and "Сэм" in Russian ones: a question in either
    language finds what both say, the turns saying who he is first."""
    linker = EntityLinker(storage)
    said = [
        "Sam is my oldest friend from university, he lives in Hamburg.",
        "Сэм — мой старый друг по университету, инженер на верфи.",
        *(
            f"Sam sent me a photo of a ship number {i}."
            if i % 2
            else f"Созвонился с Сэмом, он рассказал про верфь, раз {i}."
            for i in range(60)
        ),
    ]
    for i, text in enumerate(said):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 7}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    r = retriever_of(storage)
    for question in ("Tell me about Sam", "Кто такой Сэм?", "Расскажи о Сэме"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert said[0] in top[:3] and said[1] in top[:3], question
        assert any("Сэмом" in t for t in top) and any("ship" in t for t in top)


async def test_a_thing_asked_by_name_finds_its_turns_in_the_other_language(
    storage: MemoryStorage,
) -> None:
    """ "pottery" is answered by the turns filed under «Гончарка» too: one
    pastime, a word each language says its own way; a person is never
    joined by a word's twin."""
    linker = EntityLinker(storage)
    texts = [
        "Pottery: my first go at glazing, a blue called Atlantic.",
        "Pottery night: the spout of my teapot fell off twice.",
        "Гончарка: сделала две чашки и блюдце.",
        "Гончарка: забрала из печи синие чашки.",
        "Paid the power bill and read a chapter.",
    ]
    for day, text in enumerate(texts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", T0 + day * DAY)
        )
        await linker.link_text(node, text)

    hits = await retriever_of(storage).search(
        "pottery", SearchFilters(limit=10), reinforce=False
    )

    assert {hit.node.content for hit in hits} == set(texts[:4])


async def test_a_full_name_said_once_is_the_persons(storage: MemoryStorage) -> None:
    """ "my physio, Gavin Doyle" once, "Gavin" / «Гэвин» since: the question
    by the first name finds the turn with the full name (filed apart); a first
    name two known full names begin with is neither's."""
    linker = EntityLinker(storage)
    said = [
        "First appointment with my physio, Gavin Doyle, at the clinic on "
        "Roncesvalles. Knee pain, he says: no running for at least six weeks.",
        "Met Anna Smith and Anna Jones at the conference.",
        *(
            f"Gavin said the knee is better, session {i}."
            if i % 2
            else f"Второй визит к Гэвину, колено лучше, раз {i}."
            for i in range(20)
        ),
        *(f"Anna sent me the slides, part {i}." for i in range(20)),
    ]
    for i, text in enumerate(said):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 7}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    r = retriever_of(storage)
    for question in ("Gavin", "Гэвин", "Who is Gavin?"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        assert said[0] in top, question
    top = [h.node.content for h in await r.search("Anna", reinforce=False)]
    assert said[1] not in top


async def test_a_relation_asked_with_a_word_a_thing_is_named_by(
    storage: MemoryStorage,
) -> None:
    """ "my friend from nursing college": "college" is no question about the
    street "College" the user had dinner on, but words to search by."""
    linker = EntityLinker(storage)
    said = [
        "Yulia and I went to nursing college together in Novosibirsk.",
        "My fingers and I are no longer friends.",
        *(f"Paid the power bill, month {i}." for i in range(20)),
        *(f"Dinner at the Persian place on College, visit {i}." for i in range(6)),
        *(f"Yulia texted about the weekend, message {i}." for i in range(6)),
    ]
    for i, text in enumerate(said):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 7}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    r = retriever_of(storage)
    top = [
        h.node.content
        for h in await r.search("my friend from nursing college", reinforce=False)
    ]
    assert said[0] in top[:3], top


async def test_a_name_filed_with_another_brings_in_no_other_person(
    storage: MemoryStorage,
) -> None:
    """ "Купили с Ниной Маше куртку" files one concept «Ниной Маше»: another
    case of Маша's name, but its «Ниной» is her mother, and the mother's turns
    are no answer about the daughter."""
    masha = await storage.entities.upsert_entity("Маша", type="person")
    both = await storage.entities.upsert_entity("Ниной Маше", type="concept")
    nina = await storage.entities.upsert_entity("Нина", type="person")
    forms = {e.id for e in await with_other_forms(storage, [masha])}
    assert both.id in forms and nina.id not in forms
    assert nina.id in {e.id for e in await with_other_forms(storage, [nina])}
