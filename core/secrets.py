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


# What follows "my password is" when it is no password at all.
_NOT_A_SECRET = frozenset(
    "the a an same not still too very my your our his her their in on at under"
    " saved stored written somewhere secret correct wrong weak strong long short"
    " changed expired required needed set ok fine there here also now what that"
    " this it one easy hard simple different new old blank empty"
    " тот такой же не тоже слишком очень мой твой наш записан сохранен сохранён"
    " где-то неверный правильный старый новый простой сложный другой пустой".split()
)


def _plausible_secret(text: str) -> bool:
    """Not a call (`password = getpass()`) nor a plain word ("is the same")."""
    return _not_a_call(text) and text.casefold() not in _NOT_A_SECRET


def _looks_like_password(text: str) -> bool:
    return _has_letter_and_digit(text) and _not_a_call(text)


def _looks_like_code(text: str) -> bool:
    """A value with no connector before it: letters and digits (6 or more
    characters), or a numeric code of 3 to 10 digits ("4512", "1234#")."""
    if re.fullmatch(r"\d{3,10}#?", text):
        return True
    return len(text) >= 6 and _looks_like_password(text)


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
    r"password|passwd|passphrase|passcode|pwd|pw|p/w|pword|(?-i:PIN)|pin[ -]?code|"
    r"(?:door|gate|alarm|entry|lock|safe|garage)[ -]code|"
    r"пароль|пароля|паролем|пин(?:-?код)?|код доступа|"
    r"код (?:от )?(?:двери|домофона|подъезда|сейфа|замка|сигнализации|калитки)"
)
_PASSWORD_HINTS = ("pass", "pwd", "pw", "p/w", "pin", "code", "парол", "пин", "код")
# "for gmail" / "от почты": what the password is for, before its value.
_FOR_WHAT = r"(?:\s+(?:for|to|of|on|от|к|для|на)\s+[^\s:=]{1,30}(?:\s+[^\s:=]{1,30})?)?"
# A password may hold "&" and "=": in a URL's query the value then runs on
# into the next parameter, and redacting too much is the safe side.
_SECRET_CHAR = r"[^\s\"'«»`,;]"
# A connector ("is", ":", "—", "это"), or a quote right after the word
# ("with password 'letmein'"), then the value.
_PASSWORD = (
    rf"(?<![^\W_])(?:{_PASSWORD_WORDS})[\"']?{_FOR_WHAT}"
    r"(?:\s*(?:[:=]|—|–|-)\s*|\s+(?:is|was|это|будет)\s*[:—-]?\s*|\s+(?=[\"'«`]))"
    rf"[\"'«`]?(?P<secret>(?!\[){_SECRET_CHAR}{{3,}}(?<![.]))"
)
# No connector: "login admin, password Xk81!pq", "пароль от почты qwerty123",
# "my bank pin 9921", "код от домофона 4512" (_looks_like_code decides).
_PASSWORD_BARE = (
    rf"(?<![^\W_])(?:{_PASSWORD_WORDS}|pin){_FOR_WHAT}\s+"
    rf"(?P<secret>(?!\[){_SECRET_CHAR}{{3,}}(?<![.]))"
)

# Two values after two words: "login / password: admin / Xk81!pq", "my PIN and
# password are 4512 and Tr0ub4dor3", "логин и пароль: ivan, qwerty123". The
# second value is a secret whatever the first word; the first one when its word
# is a password word too (_PAIR_FIRST, applied after the second is replaced).
_AND = r"\s*(?:/|,|&|\band\b|\bи\b)\s*"
_PAIR_CONNECTOR = r"(?:\s*(?:[:=]|—|–|-)\s*|\s+(?:are|were|is|это)\s*:?\s*)"
_LOGIN_WORDS = r"login|log-in|username|user ?name|user|e-?mail|логин|почта"
_PAIR_VALUE = rf"[\"'«`]?{_SECRET_CHAR}{{2,}}?[\"'»`]?"
_PAIR = (
    rf"(?<![^\W_])(?:{_LOGIN_WORDS}|{_PASSWORD_WORDS}){_AND}(?:{_PASSWORD_WORDS})"
    rf"{_PAIR_CONNECTOR}{_PAIR_VALUE}{_AND}[\"'«`]?"
    rf"(?P<secret>(?!\[){_SECRET_CHAR}{{3,}}(?<![.]))"
)
_PAIR_FIRST = (
    rf"(?<![^\W_])(?:{_PASSWORD_WORDS}){_AND}(?:{_PASSWORD_WORDS}){_PAIR_CONNECTOR}"
    rf"[\"'«`]?(?P<secret>(?!\[){_SECRET_CHAR}{{3,}}?)[\"'»`]?{_AND}\["
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
        r"(?:\s*[:=]\s*|\s+(?:is|это)\s*:?\s*|\s+(?=[\w/+=-]{30,}))"
        r"[\"']?(?P<secret>[\w/+.=-]{16,})",
        _has_letter_and_digit,
        re.IGNORECASE,
        ("secret", "key", "token", "ключ", "токен"),
    ),
    _rule("password", _PAIR, _plausible_secret, re.IGNORECASE, _PASSWORD_HINTS),
    _rule("password", _PAIR_FIRST, _plausible_secret, re.IGNORECASE, _PASSWORD_HINTS),
    _rule("password", _PASSWORD, _plausible_secret, re.IGNORECASE, _PASSWORD_HINTS),
    # "the wifi pass: Tr0ub4dor&3": a bare "pass" only before ":" or "=", and
    # only a value with letters and digits ("boarding pass: seat 12A" stays).
    _rule(
        "password",
        rf"(?<![^\W_])pass{_FOR_WHAT}\s*[:=]\s*[\"'«`]?"
        rf"(?P<secret>{_SECRET_CHAR}{{3,}}(?<![.]))",
        _looks_like_password,
        re.IGNORECASE,
        ("pass",),
    ),
    _rule("password", _PASSWORD_BARE, _looks_like_code, re.IGNORECASE, _PASSWORD_HINTS),
    _rule(
        "card code",
        r"\b(?:cvv2?|cvc2?|csc)\b\s*(?:[:=]|is)?\s*(?P<secret>\d{3,4})\b",
        None,
        re.IGNORECASE,
        ("cvv", "cvc", "csc"),
        min_digits=3,
    ),
    _rule(
        "id number",
        r"(?:\bSSN|\bsocial security(?: number)?|СНИЛС)\D{0,20}?"
        r"(?P<secret>\d{3}-\d{2}-\d{4}|\d{3}-\d{3}-\d{3}[ -]?\d{2})\b",
        None,
        re.IGNORECASE,
        ("ssn", "social security", "снилс"),
        min_digits=9,
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
    # A value that runs into a placeholder ("ivan/[redacted: password]") was
    # already handled by a more specific rule: cutting it again breaks the text.
    if secret is None or "[redacted" in secret:
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
