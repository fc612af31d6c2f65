"""Russian inflections and CJK words reach the turns that hold them.

The sets in tests/data/lang_ru.json and lang_cjk.json (LoCoMo format, also
read by bench/recall.py --data) are searched through the product's own
FTS path, without an embedder.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from agent_memory.core.config import MemoryConfig
from agent_memory.core.records import EpisodeDraft
from agent_memory.retrieval import Retriever
from agent_memory.search.morphology import (
    action_stems,
    action_verb,
    cjk_needles,
    relation_base_forms,
    russian_stem,
    short_stem_forms,
    stem,
)
from agent_memory.search.plan import SearchFilters
from agent_memory.search.query_text import build_fts_query, fts_match
from agent_memory.storage import MemoryStorage

DATA = Path(__file__).parent.parent / "data"


@pytest.mark.parametrize(
    ("words", "stem"),
    [
        ("сервер сервера серверу сервером серверами", "сервер"),
        ("кошка кошки кошку кошкой", "кошк"),
        ("жена жены жене женой", "жен"),
        ("живёт живет живём живем", "жив"),  # "ё" is often written "е"
        ("балет балета балете балетом", "балет"),  # a noun in -ет is no verb
        ("билет билеты билетом", "билет"),
        ("самолет самолета самолетом", "самолет"),
        # a follower and hers are one word; "банк" is too short to be one
        ("вегетарианец вегетарианка вегетарианкой вегетарианцы", "вегетариан"),
        ("американец американку американцев", "американ"),
        ("банк банка банке", "банк"),
    ],
)
def test_inflected_forms_share_a_stem(words: str, stem: str) -> None:
    assert {russian_stem(word) for word in words.split()} == {stem}


def test_query_keeps_english_terms_and_prefixes_russian_ones() -> None:
    assert build_fts_query("restart the server") == '"restart" OR "server"'
    assert build_fts_query("упал сервера") == '"упа"* OR "сервер"*'
    assert build_fts_query("小白") == '"小白"'  # and by substring (fts_leg)
    # a verb less its theme vowel, as its nouns are ("работу", "работы")
    assert build_fts_query("работает") == '"работ"*'


def test_long_cjk_runs_become_two_character_needles() -> None:
    assert cjk_needles(["小白", "hello"]) == ["小白"]
    assert cjk_needles(["小白几岁"]) == ["小白", "白几", "几岁"]


async def _recall_at_10(storage: MemoryStorage, name: str) -> float:
    (sample,) = json.loads((DATA / name).read_text(encoding="utf-8"))
    ids: dict[int, str] = {}
    conversation = sample["conversation"]
    for key, turns in conversation.items():
        if key.startswith("session_") and isinstance(turns, list):
            for turn in turns:
                text = f"{turn['speaker']}: {turn['text']}"
                draft = EpisodeDraft(text, "t", "user", time.time())
                ids[await storage.nodes.add_episode(draft)] = turn["dia_id"]
    retriever = Retriever(storage, None, MemoryConfig(embedding_dimensions=8))
    total = 0.0
    for qa in sample["qa"]:
        hits = await retriever.search(
            qa["question"], SearchFilters(limit=10), reinforce=False
        )
        found = {ids[hit.node.id] for hit in hits}
        total += len(found & set(qa["evidence"])) / len(qa["evidence"])
    return total / len(sample["qa"])


async def test_russian_set_recall(storage: MemoryStorage) -> None:
    assert await _recall_at_10(storage, "lang_ru.json") >= 0.95


async def test_cjk_set_recall(storage: MemoryStorage) -> None:
    assert await _recall_at_10(storage, "lang_cjk.json") >= 0.85


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        ("с моей женой", "с моя жена"),
        ("к моему начальнику", "к мой начальник"),
        ("от моей начальницы", "от моя начальница"),
        ("подарок моему брату", "подарок мой брат"),
        ("у дочери", "у дочь"),
        ("звонок от отца", "звонок от отец"),
        ("with my wife", "with my wife"),
        ("сервер упал", "сервер упал"),
        ("my fiancé owen", "my fiance owen"),
        ("my fiancée", "my fiancee"),
        ("моего жениха", "мой жених"),
        ("с моей невестой", "с моя невеста"),
        ("a café", "a café"),
        ("нашего попугая", "мой попугай"),
        ("нашу кореллу", "моя корелла"),
        ("до теста", "до теста"),
    ],
)
def test_relation_words_come_back_to_their_base_form(words: str, expected: str) -> None:
    assert " ".join(relation_base_forms(words.split())) == expected


@pytest.mark.parametrize(
    ("noun", "verb"),
    [
        ("вязание", "вязать"),
        ("рисованием", "рисовать"),
        ("плавания", "плавать"),
        ("катанию", "катать"),
        ("лечение", None),  # -ение: its verb ends otherwise ("лечить")
        ("здание", None),  # too short a root for a verb
        ("knitting", None),
    ],
)
def test_an_action_noun_gives_its_verb(noun: str, verb: str | None) -> None:
    assert action_verb(noun) == verb


async def _retriever_over(storage: MemoryStorage, texts: list[str]) -> Retriever:
    """A retriever without an embedder over `texts`, each filed as a turn."""
    for text in texts:
        await storage.nodes.add_episode(EpisodeDraft(text, "t", "user", time.time()))
    return Retriever(storage, None, MemoryConfig(embedding_dimensions=64))


async def _found(retriever: Retriever, query: str) -> list[str]:
    """The contents of the turns a search finds, best first."""
    hits = await retriever.search(query, SearchFilters(limit=5), reinforce=False)
    return [hit.node.content for hit in hits]


async def test_an_activity_asked_by_its_noun_finds_the_turns_that_say_the_verb(
    storage: MemoryStorage,
) -> None:
    """«вязание» asks for «вязала»: the user tells what they did."""
    texts = [
        "Весь вечер вязала под сериал.",
        "Связала Оське шапку с помпоном.",
        "Купила новый утюг, старый сгорел.",
    ]
    retriever = await _retriever_over(storage, texts)
    assert (await _found(retriever, "вязание"))[:1] == [texts[0]]


def test_an_action_noun_gives_the_stems_its_turns_say() -> None:
    # a finished action takes a prefix («довязала»); a noun in -жка says «г»
    # in its verb («стриглась»); a two-letter root is a thing («ложка»: «лог»)
    assert "довязать" in action_stems("вязание")
    assert {"стриг", "подстриг"} <= set(action_stems("стрижку"))
    assert action_stems("пробежка")[0] == "пробег"
    assert action_stems("ложка") == ()
    assert not any(s.startswith(("с", "за")) for s in action_stems("вязание"))


def test_a_noun_of_moving_gives_its_verbs_and_a_thing_none() -> None:
    assert action_stems("переезд") == ("переехать", "переезжать")
    assert action_stems("переезда") == ("переехать", "переезжать")
    assert action_stems("приезде")[0] == "приехать"
    assert action_stems("подъезд") == ()
    assert action_stems("съезд") == ()


def test_an_imperfective_in_yva_gives_its_perfectives_stems() -> None:
    assert action_stems("созваниваюсь") == ("созван", "созвон")
    assert action_stems("опаздываешь") == ("опазд", "опозд")
    assert action_stems("выигрываю") == ("выигр",)
    assert action_stems("крапива") == ()  # a noun in -ива keeps its «ив»
    assert action_stems("перспективы") == ()


async def test_a_habit_asked_in_the_imperfective_finds_the_turns_of_the_act(
    storage: MemoryStorage,
) -> None:
    """«созваниваюсь» asks for «созвонились» and «созвон»: the perfective
    drops -ива- and says «о» where the imperfective says «а»."""
    texts = [
        "Снова созвонились с Тимуром в воскресенье в 10.",
        "Купила новый утюг, старый сгорел.",
    ]
    retriever = await _retriever_over(storage, texts)
    assert (await _found(retriever, "когда я созваниваюсь"))[:1] == [texts[0]]


async def test_a_move_asked_by_its_noun_finds_the_turn_that_says_the_verb(
    storage: MemoryStorage,
) -> None:
    """«переезд» asks for «Переехала»: the verb never shares the noun's stem."""
    texts = [
        "Всё. Переехала к Тёме в Бенимаклет, второй этаж.",
        "Купила новый утюг, старый сгорел.",
    ]
    retriever = await _retriever_over(storage, texts)
    assert (await _found(retriever, "переезд"))[:1] == [texts[0]]


async def test_a_finished_action_is_found_by_its_noun(
    storage: MemoryStorage,
) -> None:
    """«стрижка» asks for «стриглась» and «подстриглась», «вязание» for
    «довязала»: the turn never shares the noun's stem."""
    texts = [
        "Стриглась у Марты в новом салоне.",
        "Подстриглась коротко, непривычно.",
        "Довязала перед свитера для внука.",
        "Купила новый утюг, старый сгорел.",
    ]
    retriever = await _retriever_over(storage, texts)
    assert set(await _found(retriever, "стрижка")) >= set(texts[:2])
    assert (await _found(retriever, "вязание"))[:1] == [texts[2]]


def test_a_short_stem_is_searched_by_its_forms_in_a_window() -> None:
    # as a prefix «хор» is «хорошо» and «кот» «котлета»: a window's topic
    # word is its noun forms; elsewhere the prefix stays (its ranking)
    forms = short_stem_forms("хор")
    assert forms is not None and {"хор", "хора", "хором", "хоре"} <= set(forms)
    assert "хорошо" not in forms
    assert set(short_stem_forms("хоре") or ()) == set(forms)
    assert short_stem_forms("стрижка") is None  # a long stem stays a prefix
    assert short_stem_forms("лет") == ("лет",)  # years, not the summer's
    assert fts_match(["кот"], short_forms=True).startswith('("кот" OR "кота"')
    assert fts_match(["кот"]) == '"кот"*'
    assert fts_match(["новый год"], short_forms=True) == '"нов"* + "год"*'


def test_a_feminine_in_soft_sign_keeps_its_stem_in_the_instrumental() -> None:
    assert russian_stem("осенью") == russian_stem("осень") == russian_stem("осени")
    assert russian_stem("ночью") == russian_stem("ночь")


def test_the_summer_is_no_count_of_years() -> None:
    # «лет» is "years" as it stands: the summer has its own stem and forms
    assert {stem(w) for w in "лето летом лета летний летнего".split()} == {"лето"}
    assert stem("лет") != stem("летом")
    match = fts_match(["летом"])
    assert match is not None and '"летом"' in match and '"лет"*' not in match
    assert '"летн"*' in match  # «летний отпуск» is the summer too
