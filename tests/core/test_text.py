"""core/text: the one place text is cleaned for storage and folded for comparison."""

from __future__ import annotations

from agent_memory.core.text import clean_text, fold, strip_accents
from hypothesis import given
from hypothesis import strategies as st

# Any code point, lone surrogates and C0 controls included.
ANY_TEXT = st.text(alphabet=st.characters(codec=None, categories=None))


@given(ANY_TEXT)
def test_clean_text_is_storable_and_idempotent(text: str) -> None:
    cleaned = clean_text(text)
    cleaned.encode("utf-8")  # no lone surrogate left
    assert "\x00" not in cleaned
    assert not any(ord(c) < 32 and c not in "\t\n\r" for c in cleaned)
    assert "\x7f" not in cleaned
    assert clean_text(cleaned) == cleaned


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc"))))
def test_clean_text_keeps_ordinary_text(text: str) -> None:
    assert clean_text(text) == text


def test_clean_text_examples() -> None:
    assert clean_text("a\x00b\x1bc\td\ne\r") == "abc\td\ne\r"
    assert clean_text("x\ud800y") == "x?y"


@given(ANY_TEXT)
def test_fold_is_idempotent_and_collapses_space(text: str) -> None:
    folded = fold(text)
    assert fold(folded) == folded
    assert folded == folded.strip()
    assert "  " not in folded


def test_fold_examples() -> None:
    assert fold("  Anna\tSMITH \n") == "anna smith"
    assert fold("Straße") == fold("STRASSE")
    assert fold("ｆｏｏ  Bar", compat=True) == "foo bar"
    assert fold("ｆｏｏ") != "foo"


def test_strip_accents_drops_latin_accents_and_keeps_cyrillic_letters() -> None:
    assert strip_accents("Fiancé, café, Zīļuks") == "Fiance, cafe, Ziluks"
    assert strip_accents("мой ёжик") == "мой ёжик"


def test_strip_accents_spells_out_the_letters_with_no_accent_to_drop() -> None:
    """ł, ø, ß and æ decompose into nothing: they are spelled as the FTS
    index and a reader without the letter would ("Wrocław" is "Wroclaw")."""
    assert (
        strip_accents("Wrocław, Søren, Straße, Æsir")
        == "Wroclaw, Soren, Strasse, Aesir"
    )
