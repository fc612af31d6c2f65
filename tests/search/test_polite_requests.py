"""A request said politely or as a check is still a request to the assistant
(search/doings.py `opens_with_request`): "Please check my German: …",
"Is this correct German: …?", «Подскажите, как по-немецки …», «Что значит
по-немецки …?». Asked "Who is my German teacher at the Volkshochschule these
days?", ten such turns outranked the one naming the teacher (life 28); the
told turn leads them (search/told_first.py). A request stays the answer when
no told turn of the head says what is asked: the pension's one turn was a
letter to check."""

from __future__ import annotations

import pytest
from agent_memory.core.records import SearchHit
from agent_memory.search.doings import opens_with_request
from agent_memory.search.morphology import stem
from agent_memory.search.told_first import told_above_asked
from day_hits import day_hit

TEACHER = (
    "Первое занятие A2 в Volkshochschule. Новый преподаватель — Herr Albrecht, "
    "строгий, но объясняет хорошо."
)
REQUESTS = (
    "Please check my German: 'Ich habe eine Frage zu meiner Rechnung.'",
    "Please check both, English and German: 'I need a receipt' / 'Ich brauche "
    "eine Quittung.'",
    "Is this correct German: 'Ich möchte einen Termin für Montag machen.'?",
    "Подскажите, как по-немецки «гречка»? В магазине не нашла.",
    "Что значит по-немецки «Nebenkostenabrechnung»? Пришло письмо.",
)


@pytest.mark.parametrize("text", REQUESTS)
def test_a_polite_request_is_a_request(text: str) -> None:
    assert opens_with_request(day_hit(1, 1, text).node)


@pytest.mark.parametrize(
    "text", [TEACHER, "Checked my blood pressure, 130/85.", "Please, no more rain."]
)
def test_a_told_turn_is_none(text: str) -> None:
    assert not opens_with_request(day_hit(1, 1, text).node)


def test_the_teacher_leads_the_requests() -> None:
    texts = [*REQUESTS, TEACHER]  # the teacher's turn last, as found
    hits = [_scored(i, text, 5.0 - i * 0.1) for i, text in enumerate(texts, 1)]
    question = "Who is my German teacher at the Volkshochschule these days?"
    ranked = told_above_asked(hits, question, {stem("german"), stem("teacher")})
    assert ranked[0].node.content == TEACHER


def test_a_request_alone_on_the_asked_thing_stays() -> None:
    letter = "Please check my letter to the pension fund: 'transfer my pension'"
    hits = [_scored(1, letter, 2.0), _scored(2, "Сварила холодец, Кевин рад.", 1.0)]
    question = "How do I receive my pension these days?"
    ranked = told_above_asked(hits, question, {stem("pension")})
    assert ranked[0].node.content == letter


def _scored(node_id: int, text: str, score: float) -> SearchHit:
    return SearchHit(day_hit(node_id, node_id, text).node, score, [])
