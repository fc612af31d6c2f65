"""Credentials never reach the disk: every text is scrubbed before it is written.

People paste API keys, passwords and card numbers into a chat. Once stored they
spread to the neighbours' context column, the FTS index, the WAL, the export and
other threads' prompts, so the only safe place to remove them is before the
first write. Each secret is replaced by a typed placeholder (`[redacted: api
key]`) so the turn still reads naturally and the model knows something was there.

The patterns are compiled once at import; numbers that only look like a card or
an IBAN must also pass their check digits (Luhn, mod 97), so order numbers and
phone numbers survive. A pattern may name a group `secret`: then only that part
is replaced ("my password is [redacted: password]").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial

Check = Callable[[str], bool]


@dataclass(frozen=True)
class Rule:
    """One kind of secret: its placeholder word, pattern and optional check.

    `hints` are substrings one of which every match contains (lower-case when
    the pattern ignores case), `min_digits` the digits every match holds; a
    text without them skips the pattern: a plain `in` or `count` is far cheaper
    than a regex scan, and most turns hold no secret at all.
    """

    kind: str
    pattern: re.Pattern[str]
    check: Check | None = None
    hints: tuple[str, ...] = ()
    min_digits: int = 0
    folded: bool = False  # the pattern ignores case: look for hints in lowered text

    def may_match(self, text: str, lowered: str, digits: int) -> bool:
        # Runs ~25 times per turn on the hot path: no enum flag tests here.
        if digits < self.min_digits:
            return False
        if not self.hints:
            return True
        haystack = lowered if self.folded else text
        return any(hint in haystack for hint in self.hints)


def placeholder(kind: str) -> str:
    return f"[redacted: {kind}]"


def luhn_valid(text: str) -> bool:
    """A card number's check digit is right (and it has 13 to 19 digits)."""
    digits = [int(c) for c in text if c.isdigit()]
    if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    total = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def iban_valid(text: str) -> bool:
    """An IBAN's two check digits are right (ISO 13616, mod 97 == 1)."""
    compact = text.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1


def _has_letter_and_digit(text: str) -> bool:
    return any(c.isdigit() for c in text) and any(c.isalpha() for c in text)


def _not_a_call(text: str) -> bool:
    """`password = getpass()` names no password."""
    return not re.fullmatch(r"[A-Za-z_][\w.]*\(.*\)", text)


def _looks_like_password(text: str) -> bool:
    return _has_letter_and_digit(text) and _not_a_call(text)


def _rule(
    kind: str,
    pattern: str,
    check: Check | None = None,
    flags: int = 0,
    hints: tuple[str, ...] = (),
    min_digits: int = 0,
) -> Rule:
    folded = bool(flags & re.IGNORECASE)
    return Rule(kind, re.compile(pattern, flags), check, hints, min_digits, folded)


# Words that introduce a password, English and Russian; a connector ("is", ":",
# "=", "—", "это") must follow, maybe after "for gmail" / "от почты", so
# "I forgot my password" or "password reset" stay as they are.
_PASSWORD_WORDS = (
    r"password|passwd|passphrase|passcode|pwd|(?-i:PIN)|pin[ -]?code|"
    r"пароль|пароля|паролем|пин(?:-?код)?|код доступа"
)
_PASSWORD_HINTS = ("pass", "pwd", "pin", "парол", "пин", "код доступа")
_PASSWORD = (
    rf"(?<![^\W_])(?:{_PASSWORD_WORDS})[\"']?"
    r"(?:\s+(?:for|to|of|on|от|к|для|на)\s+[^\s:=]{1,30}(?:\s+[^\s:=]{1,30})?)?"
    r"(?:\s*(?:[:=]|—|–|-)\s*|\s+(?:is|was|это|будет)\s*[:—-]?\s*)"
    r"[\"'«`]?(?P<secret>[^\s\[\"'«»`&,;]{3,}[^\s\"'«»`&,;.]*)"
)

# Most specific first: a PEM block or a connection string contains text the
# later, looser patterns would cut in the wrong place.
RULES: tuple[Rule, ...] = (
    _rule(
        "private key",
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
        r"(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        hints=("-----BEGIN",),
    ),
    _rule(
        "password",
        r"\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@\[]*:(?P<secret>[^\s@/\[]+)@",
        flags=re.IGNORECASE,
        hints=("://",),
    ),
    _rule("token", r"\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}", hints=("eyJ",)),
    _rule("api key", r"\bsk-ant-[a-z]{3,6}\d{2}-[\w-]{20,}", hints=("sk-ant-",)),
    _rule("api key", r"\bsk-(?:proj-|svcacct-|admin-)?[\w-]{20,}", hints=("sk-",)),
    _rule(
        "token",
        r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{22,})",
        hints=("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ),
    _rule("token", r"\bglpat-[\w-]{20,}", hints=("glpat-",)),
    _rule("token", r"\bxox[abposre]-[A-Za-z0-9-]{10,}", hints=("xox",)),
    _rule(
        "token",
        r"https://hooks\.slack\.com/services/[\w/]+",
        hints=("hooks.slack.com",),
    ),
    _rule(
        "api key",
        r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b",
        hints=("AKIA", "ASIA", "ABIA", "ACCA"),
    ),
    _rule("api key", r"\bAIza[\w-]{35}", hints=("AIza",)),
    _rule(
        "api key",
        r"\b[rsp]k_(?:live|test)_[0-9A-Za-z]{16,}",
        hints=("k_live_", "k_test_"),
    ),
    _rule("api key", r"\bSK[0-9a-fA-F]{32}\b", hints=("SK",)),
    _rule("api key", r"\bSG\.[\w-]{16,}\.[\w-]{30,}", hints=("SG.",)),
    _rule("token", r"\bnpm_[A-Za-z0-9]{36}\b", hints=("npm_",)),
    _rule("token", r"\bpypi-AgE[\w-]{50,}", hints=("pypi-AgE",)),
    _rule("token", r"\bhf_[A-Za-z0-9]{30,}\b", hints=("hf_",)),
    _rule("token", r"\b\d{8,10}:AA[\w-]{33}\b", hints=(":AA",)),
    _rule(
        "token",
        r"\b(?:Bearer|Basic|token)\s+(?P<secret>[\w.~+/-]{20,}=*)",
        _has_letter_and_digit,
        hints=("Bearer", "Basic", "token"),
    ),
    _rule(
        "secret key",
        r"\b(?:aws_?secret_?(?:access_?)?key|secret(?:[_ ]?key)?|api[_ ]?key|"
        r"access[_ ]?key|auth[_ ]?token|client[_ ]?secret|api[_ ]?token|"
        r"access[_ ]?token|ключ(?: API)?|токен)\b"
        r"(?:\s*[:=]\s*|\s+(?:is|это)\s*:?\s*)[\"']?(?P<secret>[\w/+.=-]{16,})",
        _has_letter_and_digit,
        re.IGNORECASE,
        ("secret", "key", "token", "ключ", "токен"),
    ),
    _rule("password", _PASSWORD, _not_a_call, re.IGNORECASE, _PASSWORD_HINTS),
    # "login admin, password Xk81!pq": no connector, but it looks like one.
    _rule(
        "password",
        rf"(?<![^\W_])(?:{_PASSWORD_WORDS})\s+(?P<secret>[^\s\[\"'«»`&,;]{{6,}})",
        _looks_like_password,
        re.IGNORECASE,
        _PASSWORD_HINTS,
    ),
    # Not part of a longer grouped number (a tracking number's first 16 digits).
    _rule(
        "card number",
        r"(?<![\w.-])(?<!\d[ -])\d(?:[ -]?\d){12,18}(?![\w.-]|[ -]\d)",
        luhn_valid,
        min_digits=13,
    ),
    _rule(
        "iban",
        r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b",
        iban_valid,
        min_digits=10,
    ),
)


class Redactor:
    """Replaces every secret in a text with its typed placeholder."""

    def __init__(self, rules: Sequence[Rule], *, enabled: bool = True) -> None:
        self.rules = tuple(rules)
        self.enabled = enabled

    def __call__(self, text: str) -> str:
        return self.scrub(text)[0]

    def scrub(self, text: str) -> tuple[str, list[str]]:
        """The text without its secrets, and the secrets that were replaced."""
        found: list[str] = []
        if not self.enabled or not text:
            return text, found
        lowered, digits = text.lower(), _digits(text)
        for rule in self.rules:
            if not rule.may_match(text, lowered, digits):
                continue
            before = len(found)
            text = rule.pattern.sub(partial(_replace, rule=rule, found=found), text)
            if len(found) > before:
                lowered, digits = text.lower(), _digits(text)
        return text, found


def _digits(text: str) -> int:
    return sum(text.count(digit) for digit in "0123456789")


def _replace(match: re.Match[str], rule: Rule, found: list[str]) -> str:
    whole = match.group(0)
    has_group = "secret" in rule.pattern.groupindex
    secret = match.group("secret") if has_group else whole
    if secret is None or secret.startswith("[redacted"):
        return whole
    if rule.check is not None and not rule.check(secret):
        return whole
    found.append(secret)
    if not has_group:
        return placeholder(rule.kind)
    start, end = match.span("secret")
    offset = match.start()
    return whole[: start - offset] + placeholder(rule.kind) + whole[end - offset :]


def compile_extra(patterns: Sequence[str]) -> tuple[Rule, ...]:
    """The user's own patterns; raises re.error naming the pattern that fails."""
    rules = []
    for source in patterns:
        try:
            rules.append(Rule("secret", re.compile(source)))
        except re.error as exc:
            raise re.error(f"{source!r}: {exc.msg}") from exc
    return tuple(rules)


@lru_cache(maxsize=8)
def redactor_for(enabled: bool = True, extra: tuple[str, ...] = ()) -> Redactor:
    """The redactor of one configuration, built once and shared."""
    return Redactor(RULES + compile_extra(extra), enabled=enabled)


DEFAULT = redactor_for()
