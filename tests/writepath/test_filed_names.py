"""What the offline linker files from a bilingual life's turns: who is called
what by whom ("Graham calls her Kit"), words glued to a name at a sentence's
start ("Knitting Oscar", «Внук Оскар»), an English name in Russian turns
(«Грэму»), a pet name («Оська»), a noun and its number ("Ward 4"), and the
type a word opening a text or sentence gets — on real memories linked by the
real extractor (writepath/mentions.py, asides.py, readings.py, nicknames.py)."""

from __future__ import annotations

from agent_memory.storage import MemoryStorage
from filed import entity_named, listed, said, said_together


async def test_who_calls_someone_a_name_is_not_called_so(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My husband Graham is a retired postman from Stockport.",
        "My daughter Ekaterina, Katya to all of us (Graham calls her Kit), "
        "is thirty-two.",
        "Моя сестра Ирина живёт в Одессе.",
        "Моя подруга Наталья, для всех Наташа (Ира зовёт её Тата), поёт в хоре.",
    )

    graham = await entity_named(storage, "Graham")
    assert graham.type == "person" and "Kit" not in graham.aliases
    kit = await entity_named(storage, "Kit")
    assert kit.name == "Ekaterina" and kit.type == "person"
    tata = await entity_named(storage, "Тата")
    assert tata.name == "Наталья" and tata.type == "person"
    assert "Тата" not in (await entity_named(storage, "Ирина")).aliases


async def test_a_caller_with_no_sure_person_gives_no_alias(
    storage: MemoryStorage,
) -> None:
    """ "he calls her Kit" after two people: who is called is unsure."""
    await said(storage, "My daughter Ekaterina met Graham (he calls her Kit).")

    kit = await storage.entities.find_entity("Kit")
    assert kit is None or kit.name == "Kit"


async def test_words_opening_a_sentence_are_no_part_of_the_name(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Knitting Oscar a jumper with a digger on the front.",
        "Rewatching Call the Midwife from series one.",
        "Внук Оскар, Оська, — Катин сын, ему три с половиной.",
        "Сестра Ира живёт в Одессе.",
    )

    found = await listed(storage)
    assert not {"Knitting Oscar", "Rewatching Call the Midwife", "Внук Оскар"} & set(
        found
    ), found
    assert "Call the Midwife" in found
    oscar = await entity_named(storage, "Oscar")
    assert oscar.type == "person" and "мой внук" in oscar.aliases
    ira = await entity_named(storage, "Ира")
    assert ira.type == "person" and ira.attributes.get("relation") == "сестра"


async def test_a_lower_case_line_opened_by_a_relation_files_it(
    storage: MemoryStorage,
) -> None:
    """ "сын Боря в Торонто": a chat line typed in lower case opens on the
    relation as «Сын Марк» does; «сын Бори» (Borya's son) names no son."""
    await said(
        storage,
        "сын Боря в Торонто, программист, уехал туда в 2012м",
        "сестра Алинка написала, она в Краснодаре",
        "сын Миши приехал на каникулы",
    )

    assert (await entity_named(storage, "Боря")).attributes.get("relation") == "сын"
    assert (await entity_named(storage, "Алинка")).attributes.get(
        "relation"
    ) == "сестра"
    misha = await storage.entities.find_entity("Миши")
    assert misha is None or not misha.attributes.get("relation"), misha


async def test_a_relation_opened_by_its_owner_is_not_the_users(
    storage: MemoryStorage,
) -> None:
    """«Мама Оуэна, Линда, …» is Owen's mum (Linda), not the user's."""
    await said(
        storage,
        "Мама Оуэна, Линда, живёт в Гелфе и печёт хлеб.",
        "Сын Кати, Петя, пошёл в первый класс.",
        "Брат Костя, Константин, живёт в Берлине.",
    )

    for owner in ("Оуэна", "Кати"):
        found = await entity_named(storage, owner)
        assert found.type == "person", owner
        assert not {"моя мама", "мой сын"} & set(found.aliases), found
    assert "мой брат" in (await entity_named(storage, "Костя")).aliases


async def test_a_pet_name_joins_its_one_person(storage: MemoryStorage) -> None:
    await said(
        storage,
        "Внук Оскар, Оська, — Катин сын.",
        "Довязала свитер для Оськи.",
        "Катя с Оськой заехали, Оська помогал мне.",
        "Oscar stayed over.",
    )

    oscar = await entity_named(storage, "Оська")
    assert oscar.name in ("Оскар", "Oscar") and oscar.type == "person"
    for form in ("Оськи", "Оськой", "Oscar", "Оскар"):
        assert (await entity_named(storage, form)).id == oscar.id, form


async def test_an_english_name_in_russian_turns_is_one_person(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "My husband Graham is a retired postman.",
        "Грэм сдавал кровь у врача.",
        "Сделала Грэму рис вместо картошки.",
        "Гуляли с Грэмом вдоль реки.",
        "Моя коллега Pam очень добрая.",
        "Пэм сказала, что придёт.",
        "My friend Kate came over.",
        "Кейт сказала, что придёт.",
    )

    graham = await entity_named(storage, "Graham")
    for form in ("Грэм", "Грэму", "Грэмом"):
        assert (await entity_named(storage, form)).id == graham.id, form
    assert (await entity_named(storage, "Пэм")).name == "Pam"
    assert (await entity_named(storage, "Кейт")).name == "Kate"
    assert graham.type == "person"


async def test_a_soft_g_is_said_dzh_in_russian_turns(storage: MemoryStorage) -> None:
    """ "Geoff" is «Джефф», "Gemma" «Джемма»: a "g" before "e" or "i" is said
    «дж», and of "geo" one vowel; a hard "g" stays ("Greg" is no «Джрег»)."""
    await said(
        storage,
        "My partner Geoff made a shepherd's pie.",
        "Джефф вдовец с 2019-го.",
        "Шли с Джеффом в паре весь маршрут.",
        "My friend Gemma came over.",
        "Джемма сказала, что придёт.",
    )

    geoff = await entity_named(storage, "Geoff")
    for form in ("Джефф", "Джеффом"):
        assert (await entity_named(storage, form)).id == geoff.id, form
    assert (await entity_named(storage, "Джемма")).name == "Gemma"


async def test_an_english_reading_joins_no_other_name(
    storage: MemoryStorage,
) -> None:
    """All of a name's "a" are read alike: "Lana" is no «Лена»."""
    await said(storage, "My friend Lana came over.", "Моя подруга Лена пришла.")

    assert (await entity_named(storage, "Lana")).id != (
        await entity_named(storage, "Лена")
    ).id


async def test_a_noun_and_its_number_are_one_name_an_age_is_not(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Precious says there's a post coming up on Ward 4, cardiology.",
        "Мне дали место на Ward 4, в кардиологию!",
        "Бабушке Зине 85! Поздравляли по видео.",
    )

    found = await listed(storage)
    assert "Ward" not in found and found.get("Ward 4") == "concept", found
    assert "Зине 85" not in found, found


async def test_a_topic_or_everyday_word_opening_a_text_is_no_person(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Pottery: my first go at glazing.",
        "Гончарка: сделала две чашки и блюдце.",
        "Ветеринар сказал — переживёт.",
        "We're learning it, not the Carol of the Bells version.",
        "Caroline: Hey Mel! How are you?",
        "Tomek asked me to mentor the new student nurse.",
        "Dr Mistry says Graham has type 2 diabetes.",
    )

    found = await listed(storage)
    assert found.get("Pottery") == "concept" and found.get("Гончарка") == "concept"
    assert found.get("Carol of the Bells") == "concept", found
    assert "Ветеринар" not in found, found
    for person in ("Caroline", "Tomek", "Mistry"):
        assert found.get(person) == "person", (person, found)


async def test_forms_of_one_name_in_one_batch_join_the_russian_one(
    storage: MemoryStorage,
) -> None:
    """ "Sasha" and "Alex" filed together beside «Александр»: "Alex" may be
    Алексей's too, "Sasha" only Александр's, who then takes "Alex"."""
    await said_together(
        storage,
        "Мой сосед Саша (вообще-то Александр, но так его называет только мама).",
        "Sasha and I made khinkali from scratch.",
        "Alex keeps leaving his bike in the hallway.",
    )

    sasha = await entity_named(storage, "Sasha")
    assert sasha.name in ("Александр", "Саша")
    assert (await entity_named(storage, "Alex")).id == sasha.id


async def test_a_numbered_thing_is_called_by_its_noun_after(
    storage: MemoryStorage,
) -> None:
    """ "a Pixel 8", then "The Pixel" opening a sentence: one phone."""
    await said(
        storage,
        "Bought a Pixel 8 to replace the dead iPhone.",
        "The Pixel lasts two days on one charge.",
        "Our Ford Focus failed its MOT.",
        "The Focus is back from the garage.",
    )

    assert (await entity_named(storage, "Pixel")).name == "Pixel 8"
    assert (await entity_named(storage, "Focus")).name == "Ford Focus"


async def test_a_person_in_a_list_after_a_pet_is_no_pet(
    storage: MemoryStorage,
) -> None:
    """«дома дети, кот, Даник» lists who is at home: the cat is not named
    Даник, and a husband is never retyped as a pet."""
    await said(
        storage,
        "Мой муж Даник жарил баурсаки.",
        "сказала, что дома дети, кот, Даник.",
    )

    assert (await entity_named(storage, "Даник")).type == "person"
