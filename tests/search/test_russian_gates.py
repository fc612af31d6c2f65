"""Russian in every gate, prompt for prompt the English one: small talk asks
nothing, a question with a greeting is still searched, the intent keywords and
the complexity markers route the Russian twin of each English prompt alike."""

from __future__ import annotations

import pytest
from agent_memory.search.intent import (
    KeywordIntentClassifier,
    classify_query_complexity,
)
from agent_memory.search.small_talk import asks_nothing

# (English, its Russian twin)
SMALL_TALK = [
    ("hi", "хай"), ("hey there, how are you?", "привет, как у тебя дела?"),
    ("Thank you so much", "Спасибо тебе большое"), ("thanks again", "спасибо ещё раз"),
    ("see you tomorrow", "до завтра"), ("take care", "всего доброго"),
    ("ok, sounds good", "ок, звучит хорошо"), ("got it, thanks", "понял, спасибо"),
    ("welcome back", "с возвращением"), ("and you?", "а ты?"),
    ("no problem", "без проблем"), ("haha wow", "хаха ого"),
    ("how's it going?", "как жизнь?"), ("what's up", "чё как"),
]  # fmt: skip
QUESTIONS = [
    ("Hi, who is Anna?", "Привет, кто такая Анна?"),
    ("thanks, when is the vet?", "спасибо, когда ветеринар?"),
    ("good morning, what do I have today", "доброе утро, что у меня сегодня"),
    ("bye for now: where are the keys?", "пока не забыл: где ключи?"),
    ("how are things with Anna at work", "как дела у Анны на работе"),
]
INTENTS = [
    ("Why did we move the meeting?", "Почему мы перенесли встречу?", "why"),
    ("What was the reason for the delay?", "Какая была причина задержки?", "why"),
    ("When is the dentist?", "Когда стоматолог?", "when"),
    ("What time is the call?", "Во сколько созвон?", "when"),
    ("Since when do I run?", "С каких пор я бегаю?", "when"),
    ("Who is Oleg?", "Кто такой Олег?", "who"),
    ("With whom did I talk?", "С кем я говорил?", "who"),
    ("Tell me about the trip", "Расскажи про поездку", "what"),
    ("Which bank holds the mortgage?", "Какой банк выдал ипотеку?", "what"),
    ("My sister's new flat", "Новая квартира сестры", "general"),
]
COMPLEX = [
    (
        "Compare what Anna and Sam said about the move last year",
        "Сравни, что Анна и Саша говорили о переезде в прошлом году",
    ),
    (
        "How did my plans for the summer trip change over time?",
        "Как менялись мои планы на летнюю поездку со временем?",
    ),
    (
        "What is the relationship between Oleg and the Berlin team?",
        "Какие отношения у Олега с берлинской командой сейчас?",
    ),
]


@pytest.mark.parametrize(("english", "russian"), SMALL_TALK)
def test_small_talk_asks_nothing_in_both_languages(english: str, russian: str) -> None:
    assert asks_nothing(english) and asks_nothing(russian)


@pytest.mark.parametrize(("english", "russian"), QUESTIONS)
def test_a_greeting_does_not_hide_a_question(english: str, russian: str) -> None:
    assert not asks_nothing(english) and not asks_nothing(russian)


@pytest.mark.parametrize(("english", "russian", "intent"), INTENTS)
def test_intent_keywords_route_both_languages_alike(
    english: str, russian: str, intent: str
) -> None:
    classifier = KeywordIntentClassifier()
    assert classifier.classify(english) == classifier.classify(russian) == intent


@pytest.mark.parametrize(("english", "russian"), COMPLEX)
def test_complex_questions_are_complex_in_both_languages(
    english: str, russian: str
) -> None:
    assert classify_query_complexity(english) == "complex"
    assert classify_query_complexity(russian) == "complex"
