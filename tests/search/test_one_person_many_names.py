"""One person under the names a bilingual user gives them: a Czech woman's
name and its Russian spelling ("Jarmila" / «Ярмила»), a man's name that the
suffix stripper cuts to a relation's stem («Матей» is no «мать»), and a
relative of a named man («мама Андрея») who is not the user's own."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.retrieval import SearchFilters
from agent_memory.search.analysis import analyse
from agent_memory.search.cross_script import loose_keys, same_key
from agent_memory.search.morphology import relation_base_forms
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.mentions import extract_mentions
from day_turns import linked_days, names_among_noise

T0 = dt.datetime(2026, 2, 1, tzinfo=dt.UTC).timestamp()
NOISE = (
    "the washing machine is leaking again, called the landlord",
    "Купила новый чайник, старый совсем заржавел.",
    "rainy all day, stayed in and read",
    "Посмотрели сериал, ничего особенного.",
)


def _meet(one: str, other: str) -> bool:
    return any(same_key(a, b) for a in loose_keys(one) for b in loose_keys(other))


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [("Jarmila", "Ярмила"), ("Jarmila", "Ярмилы"), ("Julia", "Юлия"),
     ("Jolana", "Йолана")],
)  # fmt: skip
def test_an_opening_j_of_a_womans_name_is_a_russian_y(
    latin: str, cyrillic: str
) -> None:
    assert _meet(latin, cyrillic)


@pytest.mark.parametrize(
    ("latin", "cyrillic"), [("July", "Юля"), ("Jane", "Яна"), ("Jack", "Як")]
)
def test_an_english_j_stays_english(latin: str, cyrillic: str) -> None:
    """A month, "Jane", "Jack" are said the English way: no «й»."""
    assert not _meet(latin, cyrillic)


ENGLISH = (
    "my colleague Jarmila showed me how to calibrate the scale",
    "lunch with Jarmila, she is training for a half marathon",
)
RUSSIAN = (
    "сегодня Ярмила принесла на работу домашний штрудель",
    "с Ярмилой ходили на выставку в субботу",
    "коллеге Ярмиле подарили щенка на день рождения",
)


@pytest.mark.parametrize("question", ["Jarmila", "Ярмила", "tell me about Jarmila"])
async def test_a_czech_name_finds_her_turns_in_both_scripts(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await names_among_noise(storage, ENGLISH, NOISE, RUSSIAN, T0)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert {*ENGLISH, *RUSSIAN} <= set(top), top


@pytest.mark.parametrize("name", ["Матей", "Матя", "Дочи"])
def test_a_name_sharing_a_short_stem_is_no_relation(name: str) -> None:
    """«мать», «дочь» decline on «матер-», «дочер-»: «Матей» is a name."""
    assert relation_base_forms([name]) == [name]
    assert "мать" not in analyse(name).names


def test_the_forms_of_mother_and_daughter_stay_relations() -> None:
    words = ["мать", "матери", "матерью", "дочь", "дочери", "маму", "отцу"]
    assert relation_base_forms(words) == [
        "мать", "мать", "мать", "дочь", "дочь", "мама", "отец"
    ]  # fmt: skip


BOYFRIEND = (
    "мой парень Матей работает поваром в ресторане на набережной",
    "с Матеем катались на велосипедах вдоль реки",
    "Матей испёк хлеб по рецепту своей бабушки",
)
MOTHER = (
    "моя мама Ольга работает медсестрой в Самаре",
    "мама звонила, спрашивала когда я приеду домой",
    "мама опять передала мне банку варенья через знакомых",
)


async def test_a_man_named_alone_brings_his_turns_not_the_mothers(
    storage: MemoryStorage,
) -> None:
    retriever = await linked_days(storage, [*BOYFRIEND, *NOISE, *MOTHER], T0)
    hits = await retriever.search("Матей", SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(top[:3]) == set(BOYFRIEND), top
    assert not set(MOTHER) & set(top), top


@pytest.mark.parametrize(
    "text",
    ["мама Андрея позвала нас на ужин", "брат Сергея помог с переездом",
     "мама Ивана работает в школе"],
)  # fmt: skip
def test_a_kin_word_before_a_mans_genitive_is_his_relative(text: str) -> None:
    """«мама Андрея» is Andrey's mother: Andrey is no mother of the user's."""
    assert all(not m.relation for m in extract_mentions(text))


@pytest.mark.parametrize(
    ("text", "relation"),
    [("мама Ольга работает в школе", "мама"), ("сестра Александра приехала", "сестра"),
     ("папа Ерлан звонил вечером", "папа")],
)  # fmt: skip
def test_a_kin_word_before_a_nominative_name_is_the_users(
    text: str, relation: str
) -> None:
    assert [m.relation for m in extract_mentions(text) if m.type == "person"] == [
        relation
    ]


async def test_the_mother_of_a_named_man_leaves_the_users_mother_hers(
    storage: MemoryStorage,
) -> None:
    texts = [
        "моя мама Ольга живёт в Самаре",
        "мой парень Андрей водит автобус",
        "мама Андрея позвала нас на дачу в выходные",
    ]
    await linked_days(storage, texts, T0)
    andrey = await storage.entities.find_entity("Андрей")
    olga = await storage.entities.find_entity("Ольга")
    assert andrey is not None and olga is not None
    assert andrey.attributes.get("relation") != "мама"
    assert olga.attributes.get("relation") == "мама"
