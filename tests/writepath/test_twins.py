"""One name in two scripts is one entity (writepath/twins.py): a bilingual
user's "Dima" and «Дима», "Bublik" and «Бублик», "Kazan" and «Казань» are
listed once, with the better-evidenced type; a user's split wins."""

from __future__ import annotations

from agent_memory.standalone.transfer import reindex
from agent_memory.storage import MemoryStorage
from agent_memory.toolkit.entity_edits import edit_entity
from filed import filed_apart, listed, said, said_together


async def test_a_person_in_both_scripts_is_one_entity(storage: MemoryStorage) -> None:
    await said(
        storage,
        "My husband Dima is a sound engineer.",
        "Dima and I assembled the new bookshelf.",
        "Дима нашёл грузчиков на переезд.",
        "Моя лучшая подруга Катя переехала в Гамбург.",
        "Katya sent me photos from the harbour.",
    )

    found = await listed(storage)
    assert found == {"Dima": "person", "Катя": "person", "Гамбург": "place"}
    dima = await storage.entities.find_entity("Дима")
    assert dima is not None and dima.name == "Dima" and dima.mention_count == 3


async def test_an_accented_name_joins_its_other_script(storage: MemoryStorage) -> None:
    """ "Inés" is «Инес», "Álex" «Алекс»: the accents are no other name."""
    await said(
        storage,
        "Lunch with Inés, she made coffee.",
        "Обедала с Инес, она сказала, что уходит.",
        "Инес сказала, что Álex придёт.",
        "Álex said my back is fine.",
        "Алекс сказал, что всё хорошо.",
    )
    found = await listed(storage)
    assert len(found) == 2 and set(found.values()) == {"person"}
    names = [{e.name, *e.aliases} for e in await storage.entities.list_entities()]
    assert any({"Inés", "Инес"} <= n for n in names), names
    assert any({"Álex", "Алекс"} <= n for n in names), names


async def test_a_serbian_name_joins_its_cyrillic_spelling(
    storage: MemoryStorage,
) -> None:
    """ "Dejan" is «Деян», "Nemanja" «Неманья»: a "j" is «й»."""
    await said(
        storage,
        "Saturday service with my sous-chef Dejan, 84 covers.",
        "Dejan burned his hand again.",
        "с Деяном делали заготовки на неделю.",
        "Fishing with Nemanja on the Tamiš.",
        "смотрели матч с Неманьей в кафане.",
    )
    names = [{e.name, *e.aliases} for e in await storage.entities.list_entities()]
    assert any({"Dejan", "Деяном"} <= n for n in names), names
    assert any({"Nemanja", "Неманьей"} <= n for n in names), names


async def test_a_pet_said_as_a_word_first_takes_the_pets_type(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "Наш бигль Бублик опять сгрыз мой кроссовок.",
        "Took Bublik to the vet for his vaccinations.",
        "Long walk with Bublik in the park.",
    )

    assert await listed(storage) == {"Бублик": "pet"}


async def test_a_diminutive_in_its_cases_joins_the_latin_name(
    storage: MemoryStorage,
) -> None:
    """«Лёву», «Лёвой», «Лёва» are Lev, and no "Лёв" is made up."""
    await said(
        storage,
        "My son Lev is six.",
        "Отвела Лёву в садик.",
        "Собирала с Лёвой листья.",
        "Вечером Лёва рисовал дракона.",
    )

    lev = await storage.entities.find_entity("Лёва")
    assert lev is not None and lev.name == "Lev" and lev.type == "person"
    assert lev.mention_count == 4 and "Лёв" not in lev.aliases
    assert list(await listed(storage)) == ["Lev"]


async def test_a_name_with_yo_joins_its_english_spelling(
    storage: MemoryStorage,
) -> None:
    """«Тёма», «Тёму» are "Tyoma": English writes «ё» as "yo"."""
    await said(
        storage,
        "Отвёл Тёму в садик.",
        "Вечером Тёма рисовал дракона.",
        "Took Tyoma to the park after lunch.",
    )

    tyoma = await storage.entities.find_entity("Тёма")
    assert tyoma is not None and tyoma.name == "Tyoma"
    assert tyoma.mention_count == 3
    assert list(await listed(storage)) == ["Tyoma"]


async def test_a_place_and_its_case_form_join_under_the_latin_name(
    storage: MemoryStorage,
) -> None:
    await said(
        storage,
        "We signed the lease for a small house in Pankow.",
        "Первая ночь в новом доме в Панкове.",
        "Из Панкова туда ехать час.",
        "Booked flights to Kazan for the three of us.",
        "На Рождество поедем к маме в Казань.",
    )

    found = await listed(storage)
    assert "Pankow" in found and "Kazan" in found and "Казань" not in found
    assert not any(name.startswith("Панков") for name in found)


async def test_different_names_that_sound_close_stay_apart(
    storage: MemoryStorage,
) -> None:
    await said(storage, "My friend Lena called.", "Моя подруга Лина звонила.")

    assert await listed(storage) == {"Lena": "person", "Лина": "person"}


async def test_a_split_twin_stays_apart_when_said_again_and_after_reindex(
    storage: MemoryStorage,
) -> None:
    await said(storage, "My husband Dima is home.", "Дима нашёл грузчиков.")
    await edit_entity(storage, "split", "Dima", "Дима")  # the user's word
    await said(storage, "Дима опять купил хлеб.", "Dima cooked borscht.")
    await reindex(storage, None)

    dima = await storage.entities.find_entity("Dima")
    ru = await storage.entities.find_entity("Дима")
    assert dima is not None and ru is not None and dima.id != ru.id


async def test_reindex_joins_twins_filed_apart_before(storage: MemoryStorage) -> None:
    await filed_apart(storage, "Dima", "Дима")
    await filed_apart(storage, "Riga", "Рига", "Риге", type="concept")

    await reindex(storage, None)

    assert len(await listed(storage)) == 2
    riga = await storage.entities.find_entity("Riga")
    ru = await storage.entities.find_entity("Риге")
    assert riga is not None and ru is not None and riga.id == ru.id
    assert riga.mention_count == 3


async def test_a_batch_naming_both_twins_of_a_short_thing_files_it_once(
    storage: MemoryStorage,
) -> None:
    """ "Corolla" and «Королла» in one batch are one thing, and that thing is
    the short name of the "Toyota Corolla" said before: it is joined once."""
    await said_together(
        storage,
        "Test-drove a white Toyota Corolla today.",
        "Insurance on the Corolla is cheap.",
        "Мне понравилась Королла, но дорого.",
    )

    corolla = await storage.entities.find_entity("Королла")
    assert corolla is not None and corolla.name == "Toyota Corolla"
    assert corolla.mention_count == 3


async def test_a_batch_naming_twins_in_both_scripts_links_each_turn(
    storage: MemoryStorage,
) -> None:
    await said_together(
        storage,
        "My husband Dima is a sound engineer.",
        "Дима нашёл грузчиков на переезд.",
        "Дима починил кран.",
        "Dima cooked borscht.",
    )

    assert await listed(storage) == {"Dima": "person"}
    dima = await storage.entities.find_entity("Дима")
    assert dima is not None and dima.mention_count == 4


async def test_a_short_name_in_another_case_joins_its_twin(
    storage: MemoryStorage,
) -> None:
    """«с Прией» after "Priya" and «Прия»: the instrumental is looked up by
    its nominative, whose whole sound is the Latin name's (a short name has
    no loose key), so the turn is Priya's, not a concept «Прией»."""
    await said(
        storage,
        "Priya is my climbing partner, we met at the bouldering gym.",
        "Прия — моя подруга, она дизайнер.",
        "Вернулся со скалодрома с Прией, руки отваливаются.",
    )

    assert await listed(storage) == {"Priya": "person"}
    priya = await storage.entities.find_entity("Priya")
    assert priya is not None and priya.mention_count == 3


async def test_names_filed_apart_as_concepts_join_once_one_is_a_person(
    storage: MemoryStorage,
) -> None:
    """ "Geoff" and «Джеффом» are concepts at first (a sentence's name, an
    oblique form), whose sounds differ ("geof", "jef"); a person's name is
    also heard as said ("Geoff" as «Джефф»), so once the partner makes
    Geoff a person, the two are one."""
    await said(
        storage,
        "Group walk round Golden Acre, Geoff showed me a nuthatch.",
        "Шли с Джеффом в паре весь маршрут до Ilkley, он рассказывал про птиц.",
    )
    assert len(await listed(storage)) >= 2  # apart while neither is a person
    await said(storage, "Geoff is officially my partner now.")
    geoff = await storage.entities.find_entity("Джеффом")
    assert geoff is not None and geoff.name == "Geoff", geoff
    assert geoff.type == "person" and "my partner" in geoff.aliases
