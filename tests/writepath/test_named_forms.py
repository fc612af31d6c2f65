"""Names a user recognises as one: a Russian name with its patronymic in any
case ("Галине Петровне" is "Галина Петровна"), a name explained in
parentheses ("Misha (well, Mikhail on paper)"), a pet named with its kind
("Kiwi, our green budgie") — on real memories linked by the real extractor."""

from __future__ import annotations

import time

from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from agent_memory.writepath.asides import named_asides
from agent_memory.writepath.entities import EntityLinker
from filed import filed_apart


async def said(storage: MemoryStorage, *texts: str) -> list[int]:
    """Turns through the slow path's batch linker, one batch each."""
    ids = []
    for text in texts:
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", time.time())
        )
        nodes = await storage.nodes.get_nodes([node])
        await EntityLinker(storage).on_episodes(list(nodes.values()))
        ids.append(node)
    return ids


async def names(storage: MemoryStorage) -> dict[str, tuple[str, ...]]:
    return {e.name: e.aliases for e in await storage.entities.list_entities()}


async def test_a_name_with_a_patronymic_is_one_entity_in_every_case(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Купили Галине Петровне билет к нам на Новый год.",  # dative first
        "Тёща, Галина Петровна, приезжает к нам на две недели.",
        "Встретили Галину Петровну на вокзале.",
        "Анне Ивановне позвонил вечером.",  # somebody else
    )

    galina = await storage.entities.find_entity("Галине Петровне")
    assert galina is not None and galina.name == "Галина Петровна"
    assert galina.mention_count == 3 and galina.type == "person"
    found = await storage.entities.find_entity("Галину Петровну")
    assert found is not None and found.id == galina.id
    other = await storage.entities.find_entity("Анне Ивановне")
    assert other is not None and other.id != galina.id


async def test_reindex_joins_the_cases_of_a_two_word_name_filed_apart(
    storage: MemoryStorage,
) -> None:
    await filed_apart(storage, "Галина Петровна", "Галине Петровне", "Ивану Петрову")
    await filed_apart(storage, "Иван Петров")

    await reindex(storage, None)

    found = await names(storage)
    assert found["Галина Петровна"] == ("Галине Петровне",)
    assert found["Иван Петров"] == ("Ивану Петрову",)


def test_an_aside_names_an_alias_only_when_it_says_how_one_is_called() -> None:
    assert named_asides("My brother Misha (well, Mikhail on paper) lives in Leeds") == [
        ("Misha", "Mikhail")
    ]
    assert named_asides("Tom from IT (Tomasz, but everyone calls him Tom) is here") == [
        ("Tom", "Tomasz")
    ]
    assert named_asides("Женя (по паспорту Евгений) приехал") == [("Женя", "Евгений")]
    assert named_asides("Tom (Anya's colleague) came over") == []
    assert named_asides("Lunch with Tom (and Anya) at noon") == []
    assert named_asides("Mark (call him after 5, Lena has the number)") == []
    assert named_asides("Tom (called Anna yesterday) is fine") == []


async def test_a_name_quoted_in_an_aside_is_what_the_person_is_called(
    storage: MemoryStorage,
) -> None:
    """«Ксюша (Ксения, для канадцев просто "Ksyu")»: the quoted name is hers;
    a quote beside somebody else's name, or in a film's aside, is not."""
    await said(
        storage,
        'Моя соседка Ксюша (Ксения, для канадцев просто "Ksyu") из Казани.',
        "Ksyu played cello in the living room.",
        'Tom (Anya called it "Mayhem") came over.',
        'We watched Dune (the "Director" cut) with Tom.',
        "Mayhem is a board game; the Director is a role in it.",
    )

    ksyu = await storage.entities.find_entity("Ksyu")
    assert ksyu is not None and ksyu == await storage.entities.find_entity("Ксюша")
    for name in ("Mayhem", "Director"):
        found = await storage.entities.find_entity(name)
        assert found is None or found.name == name, found


async def test_a_lone_name_in_brackets_after_a_person_is_what_they_are_called(
    storage: MemoryStorage,
) -> None:
    """«Тимур (Тимыч)»: the name in brackets is his; a place's or a film's
    brackets ("Lisbon (Portugal)", "Dune (2021)") name no one."""
    await said(
        storage,
        "Тимур (Тимыч), мой одноклассник из Новосибирска, живёт в Монреале.",
        "My cousin Alexandra (Sasha) moved to Leeds.",
        "Flew to Lisbon (Portugal) with Tom.",
        "We watched Dune (2021) and Apple (the company) ads.",
        "Тимыч весь вечер учил попугая говорить.",
    )

    # said in one batch, the nickname opening a later turn is his as well
    node = await storage.nodes.add_episode(
        EpisodeDraft("Мой друг Костя (Костян) из Казани.", "t", "user", time.time())
    )
    later = await storage.nodes.add_episode(
        EpisodeDraft("Костян весь вечер пел.", "t", "user", time.time())
    )
    nodes = await storage.nodes.get_nodes([node, later])
    await EntityLinker(storage).on_episodes(list(nodes.values()))
    linked = (await storage.entities.entities_of_nodes([later]))[later]
    assert [e.name for e in linked] == ["Костя"]

    timur = await storage.entities.find_entity("Тимыч")
    assert timur is not None and timur.name == "Тимур"
    sasha = await storage.entities.find_entity("Sasha")
    assert sasha is not None and sasha.name == "Alexandra"
    portugal = await storage.entities.find_entity("Portugal")
    assert portugal is None or portugal.name == "Portugal"
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await r.search("Тимур", reinforce=False)
    assert "Тимыч весь вечер учил попугая говорить." in {h.node.content for h in hits}


async def test_the_name_an_aside_explains_finds_the_person(
    storage: MemoryStorage,
) -> None:
    first, *_ = await said(
        storage,
        "My older brother Misha (well, Mikhail on paper) lives in Leeds.",
        "Misha called about the motorbike again.",
        "Misha fixed my bike on Saturday.",
        "Tom (Anya's colleague) came over for dinner.",
    )

    misha = await storage.entities.find_entity("Mikhail")
    assert misha is not None and misha.name == "Misha" and misha.mention_count == 3
    assert await storage.entities.find_entity(
        "Anya"
    ) != await storage.entities.find_entity("Tom")
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await r.search("Mikhail", reinforce=False)
    assert {h.node.content for h in hits} >= {
        "Misha called about the motorbike again.",
        "Misha fixed my bike on Saturday.",
    }

    # the user's split holds when the aside is said again
    await edit_entity(storage, "split", "Misha", "Mikhail")
    await said(storage, "Misha (Mikhail officially) renewed his passport.")
    mikhail = await storage.entities.find_entity("Mikhail")
    assert mikhail is not None and mikhail.name == "Mikhail"
    assert "Mikhail" not in (await names(storage))["Misha"]
    assert first


KIWI = "Kiwi, our green budgie, has learned to whistle the Tetris theme."
KIWI_RU = "Наш волнистый попугай Киви научился говорить «привет»."


async def test_a_pet_named_with_its_kind_answers_the_kind(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        KIWI,
        *(f"Kiwi got new seeds, bag number {i}." for i in range(3)),
        KIWI_RU,
    )

    kiwi = await storage.entities.find_entity("Kiwi")
    assert kiwi is not None and kiwi.type == "pet"
    assert kiwi.attributes.get("relation") == "budgie" and "my budgie" in kiwi.aliases
    # «Киви» is Kiwi (writepath/twins.py): the Russian kind is kept as a name
    kiwi_ru = await storage.entities.find_entity("Киви")
    assert kiwi_ru is not None and kiwi_ru.id == kiwi.id
    assert "мой попугай" in kiwi_ru.aliases
    r = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    for question in ("our budgie", "my parrot"):
        top = [h.node.content for h in await r.search(question, reinforce=False)]
        # the turns that say what Kiwi is come first, in both languages
        assert set(top[:2]) == {KIWI, KIWI_RU}, question


async def test_a_place_said_only_in_another_case_takes_its_nominative(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My brother lives in Leeds, near the station.",
        "Брат живёт в Лидсе уже пять лет.",
        "Тёща прилетела из Самары.",  # the Latin name comes after
        "Galina flew back to Samara today.",
        "We moved to Vienna in March.",
        "Переезжаем в Вену весной.",
        "Сколько стоит виза в Великобританию?",  # no evidence: left as said
    )

    # a place with a Latin twin is that place (writepath/twins.py), said
    # before or after; one without is named in its nominative
    for said_as, named in (
        ("Лидсе", "Leeds"),
        ("Самары", "Samara"),
        ("Вену", "Вена"),
    ):
        entity = await storage.entities.find_entity(said_as)
        assert entity is not None and entity.name == named, said_as
    found = await names(storage)
    assert "Великобританию" in found and "Vienna" in found
    assert not {"Лидсе", "Лидс", "Самары", "Самара"} & set(found)


async def test_reindex_names_an_old_oblique_place_but_not_a_split_one(
    storage: MemoryStorage,
) -> None:
    await filed_apart(storage, "Самары", "Вену", type="concept")
    await filed_apart(storage, "Samara", "Vienna", type="place")
    await edit_entity(storage, "rename", "Вену", "Вена")
    await edit_entity(storage, "split", "Вена", "Вену")  # the user's word

    await reindex(storage, None)

    found = await names(storage)
    # named in its nominative, and its Latin twin joined it
    assert found["Самара"] == ("Samara", "Самары") and "Samara" not in found
    assert found["Вену"] == ()  # split out: stays as the user left it


async def test_a_thing_called_by_its_last_word_after_its_full_name_is_one(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Picked up our new car today: a white Toyota Corolla hybrid.",
        "Misha says the Corolla is a boring car.",
        "Drove Tom to Stockport in the Corolla.",
        "Bought a Canon Focus and a Nikon Focus lens.",  # two full names
        "Cleaned the Focus lens today.",
        "Got a letter from Toyota about a recall.",  # the first word is the maker
    )

    corolla = await storage.entities.find_entity("Corolla")
    assert corolla is not None and corolla.name == "Toyota Corolla"
    assert corolla.mention_count == 3
    focus = await storage.entities.find_entity("Focus")
    assert focus is not None and focus.name == "Focus"
    toyota = await storage.entities.find_entity("Toyota")
    assert toyota is not None and toyota.id != corolla.id

    # the user's split holds when the short name is said again
    await edit_entity(storage, "split", "Toyota Corolla", "Corolla")
    await said(storage, "Washed the Corolla.")
    corolla = await storage.entities.find_entity("Corolla")
    assert corolla is not None and corolla.name == "Corolla"


async def test_a_fact_remembered_names_the_thing_as_a_turn_does(
    storage: MemoryStorage,
) -> None:
    """remember_fact links a text by itself (link_text), not in a batch: the
    same joins apply (an oblique place, a thing's short name)."""
    linker = EntityLinker(storage)
    for text in ("I drive a white Toyota Corolla hybrid.", "I sold the old Corolla."):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, "t", "user", time.time())
        )
        await linker.link_text(node, text)

    corolla = await storage.entities.find_entity("Corolla")
    assert corolla is not None and corolla.name == "Toyota Corolla"


async def test_reindex_joins_a_short_thing_filed_after_its_full_name(
    storage: MemoryStorage,
) -> None:
    await filed_apart(storage, "Ford Focus", "Focus", "Toyota", type="concept")
    await filed_apart(storage, "Corolla", "Toyota Corolla", type="concept")  # before

    report = await reindex(storage, None)

    found = await names(storage)
    assert found["Ford Focus"] == ("Focus",) and "Toyota" in found
    assert "Corolla" in found and found["Toyota Corolla"] == ()
    assert report.joined == 1


async def test_a_things_name_opening_a_sentence_in_the_other_script_is_known(
    storage: MemoryStorage,
) -> None:
    """ "Kalyna sang…" opens its sentence, where any word is capitalised; the
    choir «Калина» filed before (or in the same batch) vouches for it, sound
    for sound. A short word is no such evidence ("Went" and «Вене»)."""
    await said(storage, "Сходили с Людой на репетицию хора «Калина».")
    await said(storage, "Kalyna sang at the autumn fair, I did my solo line.")
    await said(storage, "Были в Вене у друзей.", "Went to the shop for milk.")

    kalyna = await storage.entities.find_entity("Kalyna")
    assert kalyna is not None and kalyna.name == "Калина"
    assert kalyna.mention_count == 2
    assert await storage.entities.find_entity("Went") is None


async def test_a_things_name_in_both_scripts_in_one_batch_is_one(
    storage: MemoryStorage,
) -> None:
    """The same, when both turns are indexed together."""
    first = "Сходили с Людой на репетицию хора «Калина»."
    nodes = [
        await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", time.time()))
        for text in (first, "Kalyna rehearsal: carols for Christmas.")
    ]
    found = await storage.nodes.get_nodes(nodes)
    await EntityLinker(storage).on_episodes(list(found.values()))

    kalyna = await storage.entities.find_entity("Kalyna")
    assert kalyna is not None and kalyna.name == "Калина"


async def test_a_name_joined_to_its_full_form_in_the_same_turn_stays_linkable(
    storage: MemoryStorage,
) -> None:
    """«Дима» is filed, then «Дмитрий» of the same sentence takes it in (one
    name's forms): the aside after it («все зовут его Димон») joins the
    survivor, not the merged id (the write failed: "no entity")."""
    text = (
        "Футбол с Димой. Дима (Дмитрий, но все зовут его Димон) — мой друг"
        " с университета."
    )
    node = await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", time.time()))
    linked = await EntityLinker(storage).link_text(node, text)

    people = {e.id for e in linked if e.type == "person"}
    assert len(people) == 1
    dima = await storage.entities.find_entity("Димон")
    assert dima is not None and dima.id in people
    assert await storage.entities.find_entity("Дима") == dima


def test_a_full_name_spelled_in_the_other_script_is_one() -> None:
    """ "Rinat Cohen (Ринат)": the first name written for the other language's
    turns; a place in brackets or another name is not."""
    from agent_memory.writepath.asides import spelled_asides

    assert spelled_asides("The new manager is Rinat Cohen (Ринат), 44.") == [
        ("Rinat Cohen", "Ринат")
    ]
    assert spelled_asides("Пришла Марина Гольд (Marina) из клиники.") == [
        ("Марина Гольд", "Marina")
    ]
    assert spelled_asides("Lunch with Tom Hanks (Анна) today") == []
    assert spelled_asides("Tom Hanks (Tom) came") == []


async def test_the_spelled_first_name_finds_the_full_name(
    storage: MemoryStorage,
) -> None:
    await said(storage, "Lilya says the new manager is Rinat Cohen (Ринат), 44.")
    await said(storage, "Ринат прислала мне график на месяц.")
    await said(storage, "Rinat called me herself from the branch.")

    rinat = await storage.entities.find_entity("Ринат")
    assert rinat is not None and rinat.name == "Rinat Cohen"
    assert rinat.mention_count == 3
