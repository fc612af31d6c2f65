"""A relation asked in other words than it was filed in: "my GP" of "my
family doctor", on a real memory linked by the real extractor."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.core.relations import same_relation
from agent_memory.retrieval import Retriever
from agent_memory.search.analysis import analyse
from agent_memory.search.asked_relation import (
    asks_relatives_name,
    bare_own_relation,
    names_former,
    same_relation_aliases,
)
from agent_memory.search.morphology import relation_base_forms
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.entities import EntityLinker
from day_turns import linked_days

DAY = 86_400.0
T0 = dt.datetime(2024, 1, 1, tzinfo=dt.UTC).timestamp()


async def _top(storage: MemoryStorage, texts: list[str], question: str) -> list[str]:
    """The top 5 answers to `question` over `texts`, a day apart."""
    linker = EntityLinker(storage)
    for i, text in enumerate(texts):
        node = await storage.nodes.add_episode(
            EpisodeDraft(text, f"t{i % 3}", "user", T0 + i * DAY)
        )
        await linker.link_text(node, text)
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    hits = await retriever.search(question, reinforce=False)
    return [h.node.content for h in hits][:5]


async def test_the_gp_is_the_family_doctor(storage: MemoryStorage) -> None:
    """ "Who's my GP?" of "my family doctor, Dra. Teresa Lopes": the family
    doctor, not the dog's vet."""
    top = await _top(
        storage,
        [
            "Saw my family doctor, Dra. Teresa Lopes, at the health centre.",
            "Took Pepper to the vet, Dr. Rocha, about her paw.",
            "Dr. Rocha says Pepper should lose some weight.",
        ],
        "Who's my GP?",
    )
    assert top and "Teresa Lopes" in top[0]


async def test_a_name_asked_of_a_bare_relation_is_my_own(
    storage: MemoryStorage,
) -> None:
    """«Как зовут соседку из Граси?» asks the name of my neighbour without
    «мою»: the person filed as "our neighbour" answers it."""
    top = await _top(
        storage,
        [
            "Dona Fernanda, our neighbour on the second floor, feeds the dog.",
            "Живём в Граси, на четвёртом этаже без лифта.",
            "Гуляли по Граси, смотрели на реку.",
        ],
        "Как зовут соседку из Граси?",
    )
    assert top and "Fernanda" in top[0]


def test_a_relative_of_someone_named_is_not_my_own() -> None:
    """ "What's Oscar's father called?", «Как зовут отца Оськи?» ask about
    Oscar's father, not mine, and «Полиного учителя» (a name made a
    possessive) Polina's teacher; «соседку из Граси» is mine (a place
    follows)."""
    asked = [
        bare_own_relation(analyse(q))
        for q in (
            "What's Oscar's father called?",
            "Как зовут отца Оськи?",
            "Как зовут Полиного учителя математики?",
            "Как зовут Светиного мужа?",
            "Как зовут соседку из Граси?",
        )
    ]
    assert asked == ["", "", "", "", "соседка"]


async def test_a_relation_no_one_holds_is_read_from_the_turns_saying_it(
    storage: MemoryStorage,
) -> None:
    """ "What's my son called?" with no person filed as the son: the turn
    saying «мой сын» in the other language, and his name, answers, first
    (one naming no one gives no name: search/asked_name.py)."""
    top = await _top(
        storage,
        [
            "Вчера мой сын Тимур опять забыл ключи дома.",
            "Лёва приготовил ужин.",
            "Катин сын пошёл в первый класс.",
        ],
        "What's my son called?",
    )
    assert top and "мой сын" in top[0]


async def test_someone_elses_relation_answers_no_question_of_mine(
    storage: MemoryStorage,
) -> None:
    """ "What's my daughter's name?" is never said: «у него дочка заболела»
    is Dima's daughter."""
    top = await _top(
        storage,
        ["Дима пропустил тренировку, у него дочка заболела.", "Лёва приготовил ужин."],
        "What's my daughter's name?",
    )
    assert top == []


async def test_a_fiance_is_asked_with_or_without_the_accent_and_in_russian(
    storage: MemoryStorage,
) -> None:
    """ "My fiancé Owen Mercer" answers "Who's my fiance?" and «Как зовут
    моего жениха?»: the accent is no other word, «жених» the same relation."""
    texts = [
        "My fiancé Owen Mercer teaches chemistry in Etobicoke.",
        "Ходили с Юлей в кино, потом пили чай.",
        "Took the streetcar downtown for a dentist appointment.",
    ]
    for question in (
        "Who's my fiancé?",
        "Who is my fiance?",
        "Как зовут моего жениха?",
    ):
        top = await _top(storage, texts, question)
        assert top and "Owen Mercer" in top[0], question


def test_the_pets_name_asked_with_the_is_the_households_pet() -> None:
    """ "What's the dog's name?" asks the user's own dog, as "our dog's" does;
    "Oscar's father" stays someone else's."""
    assert bare_own_relation(analyse("What's the dog's name?")) == "dog"
    assert bare_own_relation(analyse("What's Oscar's father called?")) == ""


def test_a_relative_of_a_titled_name_is_theirs() -> None:
    """«внука кирии Андрулы» is Androula's grandson, past her title, as
    «внука Андрулы» is: no grandson of the user's."""
    for question in (
        "Как зовут внука кирии Андрулы?",
        "Как зовут сына пани Ковальской?",
    ):
        assert bare_own_relation(analyse(question)) == "", question
        assert asks_relatives_name(analyse(question)), question


def test_a_name_that_declines_like_a_relation_word_is_the_owner() -> None:
    """«Жени» (Женя's genitive) reads as «жена» once lower-cased: written
    with a capital inside the question it is the name owning the relative,
    whose name the user asks, not the user's wife."""
    question = analyse("Как зовут девушку Жени?")
    assert bare_own_relation(question) == ""
    assert asks_relatives_name(question)
    assert bare_own_relation(analyse("What is Dad called?")) == "dad"


def test_a_russian_diminutive_is_its_relation() -> None:
    """«Братишка Ильдар» is the brother, «сестрёнка» the sister, «сынок» the
    son, in either language."""
    assert same_relation("брат") >= {"братишка", "brother"}
    assert same_relation("sister") >= {"сестрёнка", "сестричка"}
    assert "сынок" in same_relation("son")


def test_the_landlord_and_the_boss_in_both_languages() -> None:
    """ "Who's our landlord?" is «хозяйка» / «хозяин квартиры»; «шеф» is the boss."""
    assert {"хозяйка", "хозяин"} <= same_relation("landlord")
    assert {"шеф", "руководитель", "supervisor"} <= same_relation("boss")


def test_a_relation_word_searched_alone_is_my_own() -> None:
    """ "дочка", "the cat" typed alone look up the user's own; a name or a
    longer search does not."""
    assert bare_own_relation(analyse("дочка")) == "дочка"
    assert bare_own_relation(analyse("the cat")) == "cat"
    assert bare_own_relation(analyse("my ex")) == ""  # owned: by_relation's
    assert bare_own_relation(analyse("Sasha")) == ""
    assert bare_own_relation(analyse("cat food prices")) == ""


def test_a_former_relation_asked_is_no_ex() -> None:
    """«моего бывшего начальника» is the former boss in either language, not
    «моя бывшая» (the ex) and a boss; «моя бывшая» alone is the ex."""
    former = analyse("Как звали моего бывшего начальника?")
    aliases = same_relation_aliases(former)
    assert {"мой бывший начальник", "my former boss"} <= set(aliases)
    assert "моя бывшая" not in aliases and names_former(former)
    assert "моя бывшая" in same_relation_aliases(analyse("моя бывшая"))
    assert not names_former(analyse("my boss"))


async def test_the_former_boss_is_the_one_a_new_boss_replaced(
    storage: MemoryStorage,
) -> None:
    texts = [
        "Мой шеф Костас опять орал на совещании.",
        "Kostas wants the report by Friday.",
        "Eleni, my new boss, walked me through the files.",
        "Eleni let me run the planning meeting.",
    ]
    retriever = await linked_days(storage, texts, T0)
    for question in ("Как звали моего бывшего начальника?", "Who was my former boss?"):
        hits = await retriever.search(question, reinforce=False)
        assert hits and "Eleni" not in hits[0].node.content, (question, hits)
    hits = await retriever.search("Кто мой шеф?", reinforce=False)
    assert hits and "Eleni" in hits[0].node.content


def test_a_past_spouse_is_one_relation_whatever_says_it_past() -> None:
    """ "my late husband" is the one filed as «первый муж» or "former
    husband"; "my best friend" keeps its own qualifier."""
    from agent_memory.core.relations import same_qualified

    late = same_qualified("late", "husband")
    assert {"first husband", "первый муж", "покойный муж", "former husband"} <= set(
        late
    )
    assert set(same_qualified("первая", "жена")) >= {"late wife", "покойная жена"}
    # "best mate", "best pal" are the best friend too (core/relations.py)
    assert same_qualified("best", "friend") == [
        "best buddy",
        "best friend",
        "best mate",
        "best pal",
        "лучший друг",
        "лучшая подруга",
    ]


async def test_an_apprentice_is_asked_as_a_pupil_in_russian(
    storage: MemoryStorage,
) -> None:
    """«кто был моим учеником?» of "Ciarán is my apprentice at Byrne's": an
    apprentice is «ученик» of a trade, across the languages."""
    top = await _top(
        storage,
        [
            "Ciarán is my apprentice at Byrne's, 19, good lad.",
            "Declan put me on the Glasnevin job for the whole week.",
            "Мой начальник Деклан опять злой.",
        ],
        "Кто был моим учеником у Деклана?",
    )
    assert top and "apprentice" in top[0]
    assert {"ученик", "стажёр", "trainee"} <= same_relation("apprentice")


async def test_a_flatmate_is_asked_by_the_russian_loanword(
    storage: MemoryStorage,
) -> None:
    # «флэтмейт», the word a Russian speaker abroad says, is the flatmate
    top = await _top(
        storage,
        [
            "My flatmate Larissa bought me a pastel de nata for no reason.",
            "Larissa's friends sang until one in the morning.",
            "Went to the market, bought cheese and clams.",
        ],
        "кто моя флэтмейт?",
    )
    assert top and "Larissa" in top[0]


@pytest.mark.parametrize("question", ["кто был моим тимлидом?", "кто мой лид?"])
async def test_the_team_lead_is_asked_by_the_loanword_and_its_clipping(
    storage: MemoryStorage, question: str
) -> None:
    top = await _top(
        storage,
        [
            "My team lead is Rui (Rui Saraiva, 38, very calm).",
            "Лида позвонила, зовёт на дачу в субботу.",
            "Went to the market, bought cheese and clams.",
        ],
        question,
    )
    assert top and "Rui" in top[0], top


def test_the_clipped_lead_is_no_form_of_lida() -> None:
    # «Лиду», «Лиде» are Лида's cases: only «лид», «лидом» are the lead
    assert relation_base_forms(["лиду", "лиде", "лидом"]) == [
        "лиду",
        "лиде",
        "начальник",
    ]
