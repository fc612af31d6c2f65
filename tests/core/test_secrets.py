"""The scrubber's rules, checks and configuration (the corpus test is in
tests/main/test_secrets_on_disk.py)."""

from __future__ import annotations

import pytest
from agent_memory.core.config import ConfigError, MemoryConfig, load_config
from agent_memory.core.secrets import DEFAULT, iban_valid, luhn_valid
from agent_memory.storage import MemoryStorage
from agent_memory.writepath.ingest import ingest_turn
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my password is hunter2!", "my password is [redacted: password]"),
        ("пароль: Qw3rty!9", "пароль: [redacted: password]"),
        (
            "db at postgres://bob:S3cr3t@db:5432/x",
            "db at postgres://bob:[redacted: password]@db:5432/x",
        ),
        ("card 4111 1111 1111 1111 please", "card [redacted: card number] please"),
        ("IBAN DE89 3704 0044 0532 0130 00.", "IBAN [redacted: iban]."),
        ("PIN is 4821", "PIN is [redacted: password]"),
        ("my bank pin 9921", "my bank pin [redacted: password]"),
        ("the door code is 1234#", "the door code is [redacted: password]"),
        ("код от домофона 4512", "код от домофона [redacted: password]"),
        ("cvv 123, exp 12/27", "cvv [redacted: card code], exp 12/27"),
        ("SSN: 078-05-1120", "SSN: [redacted: id number]"),
        ("my password is the same as always", "my password is the same as always"),
        ("boarding pass: seat 12A", "boarding pass: seat 12A"),
        ("I pinned 3 messages", "I pinned 3 messages"),
    ],
)
def test_secrets_become_typed_placeholders(text: str, expected: str) -> None:
    assert DEFAULT(text) == expected


def test_scrubbing_twice_changes_nothing_more() -> None:
    once = DEFAULT("password: hunter2, key sk-proj-abcdefghijklmnopqrstuvwxyz0123")
    assert DEFAULT(once) == once
    assert once == "password: [redacted: password], key [redacted: api key]"


def test_check_digits_decide_for_numbers() -> None:
    assert luhn_valid("4111 1111 1111 1111")
    assert not luhn_valid("4111 1111 1111 1112")
    assert not luhn_valid("0000 0000 0000 0000")
    assert iban_valid("GB82 WEST 1234 5698 7654 32")
    assert not iban_valid("GB83 WEST 1234 5698 7654 32")


def test_an_unterminated_private_key_is_redacted_to_the_end() -> None:
    text = "key:\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA"
    assert DEFAULT(text) == "key:\n[redacted: private key]"


def test_config_switches_scrubbing_off_and_adds_patterns() -> None:
    assert MemoryConfig(redact_secrets=False).redactor()("pwd=hunter2") == "pwd=hunter2"
    extra = MemoryConfig(redact_patterns=[r"EMP-\d{6}", r"badge (?P<secret>\d+)"])
    assert extra.redactor()("EMP-123456, badge 77") == (
        "[redacted: secret], badge [redacted: secret]"
    )


def test_a_pattern_that_does_not_compile_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="redact_patterns"):
        load_config({"redact_patterns": ["(unclosed"]})


async def test_a_secret_across_the_length_limit_is_not_stored_in_part(
    storage: MemoryStorage,
) -> None:
    text = "x" * 90 + " key sk-proj-abcdefghijklmnopqrstuvwxyz0123"
    node_id = await ingest_turn(
        storage, None, text, thread_id="t", role="user", limit=100
    )
    node = await storage.nodes.get_node(node_id)
    assert node is not None
    assert "sk-proj" not in node.content
    assert node.content == "x" * 90 + " key [reda"


TEMPLATES = [
    "my password is {}",
    "the wifi password: {} (for guests)",
    "пароль от почты {}",
    "мой пароль — {}",
    "login admin, password {}",
    "ssh in with password '{}' please",
    "the wifi pass: {}",
]
# Printable password characters a person would type, with at least one
# letter and one digit (what a "stated password" looks like).
PASSWORDS = st.text(
    alphabet=st.sampled_from(
        "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!@#$%^&*_-+="
    ),
    min_size=8,
    max_size=20,
).filter(lambda p: any(c.isdigit() for c in p) and any(c.isalpha() for c in p))


@settings(max_examples=300, deadline=None)
@given(template=st.sampled_from(TEMPLATES), password=PASSWORDS)
def test_a_stated_password_never_survives(template: str, password: str) -> None:
    scrubbed = DEFAULT(template.format(password))
    assert password not in scrubbed, scrubbed
    assert "[redacted: password]" in scrubbed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_scrubs_once_for_all(text: str) -> None:
    once = DEFAULT(text)
    assert DEFAULT(once) == once


def _with_check_digit(body: str) -> str:
    """`body` plus the Luhn check digit that makes it a valid card number."""
    for digit in "0123456789":
        if luhn_valid(body + digit):
            return body + digit
    raise AssertionError("no check digit")  # one of ten always fits


@settings(max_examples=300, deadline=None)
@given(
    body=st.text(alphabet="0123456789", min_size=15, max_size=15).filter(
        lambda b: b[0] in "3456" and len(set(b)) > 2
    ),
    separator=st.sampled_from(["", " ", "-"]),
    template=st.sampled_from(["card {}", "my visa is {} exp 12/27", "оплати {} ок"]),
)
def test_a_card_number_never_survives(body: str, separator: str, template: str) -> None:
    number = _with_check_digit(body)
    written = separator.join(number[i : i + 4] for i in range(0, 16, 4))
    scrubbed = DEFAULT(template.format(written))
    assert number not in scrubbed.replace(" ", "").replace("-", ""), scrubbed
    assert "[redacted: card number]" in scrubbed, scrubbed
