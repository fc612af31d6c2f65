"""A place named in one script and asked about in the other (search/cross_script.py):
"Are we still going to Lisbon?" finds "Поездку в Лиссабон отменили" too,
"Мы ещё едем в Лиссабон?" finds "We cancelled the Lisbon trip"; an exonym is
not a letter-by-letter transliteration, so the question's words are matched
with the names the memory holds, loosely but never to a different name."""

from __future__ import annotations

import datetime as dt

import pytest
from agent_memory.core.records import Entity
from agent_memory.retrieval import Retriever, SearchFilters
from agent_memory.search.cross_script import (
    OtherScriptNames,
    loose_key,
    loose_keys,
    romance_readings,
    same_key,
    sound_key,
)
from agent_memory.storage import MemoryStorage
from day_turns import linked_days

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC).timestamp()
CANCELLED = (
    "We cancelled the Lisbon trip, too much going on.",
    "Поездку в Лиссабон отменили, сейчас не до того.",
)
NOISE = (
    "What's the weather like this weekend?",
    "Are we still on for dinner with Sam on Friday?",
    "Пеппер опять утащил носок.",
    "Мы ещё не решили, что делать в выходные.",
)


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Lisbon", "Лиссабон"),
        ("Vienna", "Вене"),
        ("Berlin", "Берлина"),
        ("Hamburg", "Гамбурге"),
        ("coffee", "кофе"),
    ],
)
def test_one_name_in_two_scripts(one: str, other: str) -> None:
    assert same_key(loose_key(one), loose_key(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [("Leslieville", "Лесливилл"), ("Leslieville", "Лесливилле"), ("Kieran", "Киран")],
)
def test_an_english_ie_before_a_syllable_is_one_i(one: str, other: str) -> None:
    """The keys are equal, not only one letter apart: the value of a question
    about now is compared by key (search/changes.py)."""
    assert loose_key(one) == loose_key(other)


def test_an_ie_before_two_consonants_stays() -> None:
    assert same_key(loose_key("Vienna"), loose_key("Вена"))
    assert loose_key("Vienna") != loose_key("Вена")


@pytest.mark.parametrize(
    ("one", "other"), [("Henrique", "Энрике"), ("Helena", "Елена"), ("Henry", "Генри")]
)
def test_an_opening_h_may_be_silent_or_said(one: str, other: str) -> None:
    assert any(same_key(a, b) for a in loose_keys(one) for b in loose_keys(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [("Henrique", "Энрике"), ("Rocha", "Роша"), ("Lopes", "Лопеш"), ("Sousa", "Соуза")],
)
def test_a_name_is_also_heard_the_portuguese_way(one: str, other: str) -> None:
    """ "qu" before e/i is «к», "ch" «ш», a final "s" «ш», an "s" between
    vowels «з»: the whole sound matches, not only the loose key."""
    assert sound_key(other) in {sound_key(s) for s in romance_readings(one)}
    assert not romance_readings("Энрике")


@pytest.mark.parametrize(
    ("one", "other"),
    [("Jordi", "Хорди"), ("Martínez", "Мартинес"), ("Lucía", "Люсия"),
     ("Vicente", "Висенте"), ("Zaragoza", "Сарагоса")],
)  # fmt: skip
def test_a_name_is_also_heard_the_spanish_way(one: str, other: str) -> None:
    """A "j" is «х», a "z" and a "c" before e/i are «с», the accents aside."""
    assert any(same_key(a, b) for a in loose_keys(one) for b in loose_keys(other))
    assert not any(
        same_key(a, b) for a in loose_keys("Lena") for b in loose_keys("Лина")
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [("Dejan", "Деян"), ("Nemanja", "Неманья"), ("Ljiljana", "Лиляна"),
     ("Nikolić", "Николич"), ("Snežana", "Снежана"), ("Jovanović", "Йованович")],
)  # fmt: skip
def test_a_name_is_also_heard_the_serbian_way(one: str, other: str) -> None:
    """A "j" is «й», "č"/"ć" «ч», a "c" «ц»: the whole sound matches."""
    assert sound_key(other) in {sound_key(s) for s in romance_readings(one)}
    assert sound_key("Лина") not in {sound_key(s) for s in romance_readings("Lena")}


def test_a_person_s_honorific_is_not_their_name_in_the_other_script() -> None:
    # "Dona Fernanda" in English turns is «Фернанда» (донна in lower case)
    names = OtherScriptNames()
    names.add([_person("Dona Fernanda"), _person("Dr. Lopes")])
    assert [e.name for e in names.named_in_other_script(["Фернанда"])] == [
        "Dona Fernanda"
    ]
    assert [e.name for e in names.named_in_other_script(["Лопеш"])] == ["Dr. Lopes"]
    assert names.named_in_other_script(["Дона"]) == []


@pytest.mark.parametrize(
    ("one", "other"), [("Lena", "Лина"), ("Ivan", "Вена"), ("Mark", "Марта")]
)
def test_a_different_name_is_not_matched(one: str, other: str) -> None:
    assert not same_key(loose_key(one), loose_key(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [("John", "Джон"), ("Jennifer", "Дженнифер"), ("James", "Джеймс")],
)
def test_russian_dzh_is_the_english_j(one: str, other: str) -> None:
    assert loose_key(one) == loose_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("John", "Джон"), ("Sarah", "Сара"), ("Hannah", "Ханну"), ("Lehmann", "Леман")],
)
def test_an_h_after_a_vowel_and_before_none_is_silent(one: str, other: str) -> None:
    assert loose_key(one) == loose_key(other)
    assert "agmed" in loose_keys("Ahmed")  # the h still said, as «Ахмед»


@pytest.mark.parametrize(
    ("one", "other"),
    [("Hale", "Хейл"), ("Hale", "Хейлу"), ("Kate", "Кейт"), ("Jane", "Джейн"),
     ("Dave", "Дейв"), ("James", "Джеймс"), ("Jake", "Джейк")],
)  # fmt: skip
def test_an_english_a_before_a_silent_e_is_ei(one: str, other: str) -> None:
    assert loose_key(one) == loose_key(other)


def test_the_a_before_a_silent_e_is_also_read_as_spelled() -> None:
    """A «Катя» may be Kate in English; a longer word is as often German
    ("Renate" «Рената»), and "Clare" is «Клэр», no «ей»."""
    assert loose_key("Катя") in loose_keys("Kate")
    assert loose_key("Renate") == loose_key("Рената")
    assert loose_key("Clare") == "klar"


@pytest.mark.parametrize(
    ("one", "other"),
    [("Pavel", "Павел"), ("Pavel", "Павлу"), ("Mikhail", "Михаил"),
     ("Mikhail", "Михаила"), ("Daniel", "Даниэл"), ("serial", "сериал")],
)  # fmt: skip
def test_a_final_l_is_no_past_tense(one: str, other: str) -> None:
    """«Павел», «Хейл» end in «л» like a verb's past («сказал»), but are said
    in cases like any noun."""
    assert same_key(loose_key(one), loose_key(other))


@pytest.mark.parametrize(
    ("one", "other"),
    [("Jane", "Джин"), ("Dane", "Дина"), ("Kate", "Кит"), ("Hale", "Гил"),
     ("Jan", "Ян"), ("Jack", "Жак"), ("Dana", "Дина"), ("Lena", "Лина")],
)  # fmt: skip
def test_a_name_said_another_way_stays_another_name(one: str, other: str) -> None:
    """«ей» is neither «е» nor «и»: no letter of it is left out to match."""
    assert not any(same_key(a, b) for a in loose_keys(one) for b in loose_keys(other))


async def _memory(storage: MemoryStorage) -> Retriever:
    texts = [
        "Lena and I are planning a trip to Lisbon in October.",
        "Планируем с Леной поездку в Лиссабон в октябре.",
        *(NOISE[i % len(NOISE)] for i in range(40)),
        *CANCELLED,
    ]
    return await linked_days(storage, texts, T0)


@pytest.mark.parametrize(
    "question", ["Are we still going to Lisbon?", "Мы ещё едем в Лиссабон?"]
)
async def test_the_change_told_in_either_script_is_found(
    storage: MemoryStorage, question: str
) -> None:
    retriever = await _memory(storage)
    hits = await retriever.search(question, SearchFilters(limit=5), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(CANCELLED) <= set(top), top


PARROT = (
    "Took Kiwi to the vet for a claw trim.",
    "Kiwi, our green budgie, has learned to whistle a tune.",
    "Наш попугай Киви научился говорить «привет».",
    "Сделал Киви новую жёрдочку из ветки яблони.",
)
MOTHER_IN_LAW = (
    "Тёща, Галина Петровна, приезжает к нам из Самары.",
    "Галина Петровна опять переставила всю посуду.",
    "My mother-in-law Galina is a retired chemistry teacher.",
    "Galina flew back to Samara today.",
)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Kiwi", PARROT),
        ("Киви", PARROT),
        ("Galina", MOTHER_IN_LAW),
        ("Галина Петровна", MOTHER_IN_LAW),
        ("Кто такая Галина Петровна?", MOTHER_IN_LAW),
    ],
)
async def test_a_name_alone_finds_its_turns_in_both_scripts(
    storage: MemoryStorage, question: str, answer: tuple[str, ...]
) -> None:
    """A question about a person (or pet) named in one script is answered from
    both spellings: "Киви" from Kiwi's turns too, and a given name from the
    person's full name in the other script ("Galina" / "Галина Петровна")."""
    noise = [NOISE[i % len(NOISE)] for i in range(40)]
    retriever = await linked_days(storage, [*PARROT, *noise, *MOTHER_IN_LAW], T0)
    hits = await retriever.search(question, SearchFilters(limit=10), reinforce=False)
    top = [hit.node.content for hit in hits]
    assert set(answer) <= set(top), top


def test_a_name_whose_loose_key_is_too_short_matches_by_its_whole_sound() -> None:
    # "Priya" and «Прия» both lose all but "pr" to the loose key
    names = OtherScriptNames()
    names.add([_person("Priya"), _person("Maya")])
    assert [e.name for e in names.named_in_other_script(["Прия"])] == ["Priya"]
    assert [e.name for e in names.named_in_other_script(["Майя"])] == ["Maya"]
    assert names.named_in_other_script(["Прис"]) == []  # another sound


def test_a_short_name_s_whole_sound_is_as_english_says_it() -> None:
    # "Noah" keeps only "n" of its loose key; its whole sound is «Ноа»
    names = OtherScriptNames()
    names.add([_person("Noah")])
    assert [e.name for e in names.named_in_other_script(["Ноа"])] == ["Noah"]
    assert names.named_in_other_script(["Нора"]) == []


def _person(name: str) -> Entity:
    return Entity(1 + abs(hash(name)) % 1000, name, "person", (), None, 1, 0.0, 0.0)


HOLIDAY = (
    "Рождество в Берлине отменяется: Костю сократили, ему не до гостей.",
    "Костя прилетает к нам в Лиссабон на Рождество, 22–29 декабря.",
)


@pytest.mark.parametrize(
    "question", ["Where are we spending Christmas?", "Где мы встречаем Рождество?"]
)
async def test_a_holiday_named_by_its_twin_word_is_the_same_entity(
    storage: MemoryStorage, question: str
) -> None:
    """ "Christmas" is «Рождество» (search/twin_words.py): the turns linked to
    the other language's entity answer, though none says "spending"."""
    texts = [*HOLIDAY, *(NOISE[i % len(NOISE)] for i in range(12))]
    retriever = await linked_days(storage, texts, T0)
    block = await retriever.get_context(question)
    assert block is not None and "Костя прилетает" in block
    assert await retriever.get_context("Where are we spending Easter?") is None


@pytest.mark.parametrize(
    ("one", "other"),
    [("Kraków", "Краков"), ("Kraków", "Кракове"), ("Artūrs", "Артур"),
     ("Müller", "Мюллер"), ("Bērziņš", "Берзиньш")],
)  # fmt: skip
def test_a_latin_name_with_accents_is_heard_without_them(one: str, other: str) -> None:
    """Polish, Latvian and German names keep their accents in the
    turns ("Kraków", "Artūrs"); the other script's spelling has none."""
    assert any(same_key(key, loose_key(other)) for key in loose_keys(one))


@pytest.mark.parametrize(
    ("one", "other"),
    [("Краков", "Кракова"), ("Иванов", "Ивановым"), ("Krakow", "Краков")],
)
def test_a_final_ov_is_the_name_s_own(one: str, other: str) -> None:
    """«Краков» is no plural of «Крак»: its cases («Кракова») keep the «-ов»."""
    assert loose_key(one) == loose_key(other)


@pytest.mark.parametrize(
    ("one", "other"),
    [("Maura", "Мора"), ("Laura", "Лоры"), ("Lauren", "Лорен"), ("Mauro", "Мауро")],
)
def test_an_english_aur_is_also_an_or(one: str, other: str) -> None:
    """ "Maura" is «Мора» and "Laura" «Лора», the English way; "Mauro" is
    still «Мауро», as spelled."""
    assert any(same_key(key, loose_key(other)) for key in loose_keys(one))


def test_an_au_is_no_o_of_a_different_name() -> None:
    assert not any(same_key(key, loose_key("Мира")) for key in loose_keys("Maura"))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Geoff", "Джефф"),
        ("Gemma", "Джемма"),
        ("Gina", "Джине"),
        ("Gerhard", "Герхард"),
    ],
)
def test_an_opening_soft_g_is_also_dzh(one: str, other: str) -> None:
    # "Geoff" is «Джефф», and "Gerhard" still «Герхард» as spelled
    assert any(
        same_key(key, other_key)
        for key in loose_keys(one)
        for other_key in loose_keys(other)
    )


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [("Gav", "Гэв"), ("Sam", "Сэм"), ("Jack", "Джек"), ("Jamie", "Джейми"),
     ("Amy", "Эйми"), ("Eddie", "Эдди")],
)  # fmt: skip
def test_an_english_name_is_found_as_russian_hears_it(
    latin: str, cyrillic: str
) -> None:
    """A short "a" closed by one consonant is «э», an open one «ей», a final
    "-ie" one «и»: both ways, from the question and from the memory's name."""
    names = OtherScriptNames()
    names.add([_person(cyrillic)])
    assert [e.name for e in names.named_in_other_script([latin])] == [cyrillic]
    names = OtherScriptNames()
    names.add([_person(latin)])
    assert [e.name for e in names.named_in_other_script([cyrillic])] == [latin]


@pytest.mark.parametrize(
    ("latin", "cyrillic"),
    [("Bart", "Берт"), ("Walt", "Вэлт"), ("Ed", "Эдди"), ("Dasha", "Дана"),
     ("Lana", "Лена"), ("Sasha", "Сейша")],
)  # fmt: skip
def test_another_name_stays_another(latin: str, cyrillic: str) -> None:
    """The heard vowel is read only where English says it so: "Gav" finds
    «Гэв», "Bart" no «Берт» ("ar" is «ар»), "Dasha" no «Дана»."""
    names = OtherScriptNames()
    names.add([_person(cyrillic), _person("Гэв")])
    assert [e.name for e in names.named_in_other_script(["Gav"])] == ["Гэв"]
    assert names.named_in_other_script([latin]) == []
