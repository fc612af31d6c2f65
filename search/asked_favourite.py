"""A question asking the user's favourite thing is answered only by a liking.

"What's my favourite football team?", "Which film do I like best?", «Какой у
меня любимый фильм?», «Какая еда мне больше всего нравится?»: a turn that
names the thing ("Played five-a-side with the data team", «Ходили в кино, он
весь фильм комментировал») tells of it, not of the user's liking, and is no
answer. A turn answers by saying, in the sentence that names the thing (in
either language, or by a member of its category: "I love sushi" for
"food"), a word of liking: favourite, love, like, adore, enjoy, prefer, a
fan, support (a team), «люблю», «обожаю», «нравится», «болею за»…
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import SearchHit
from .asked_name import sentences
from .kinds import NO_KINDS, AskedKinds
from .morphology import stem
from .twin_words import twin_stems

_FAVOURITE_EN = r"fav(?:ou?rite)?|favorite|best[- ]loved"
# "my favourite X", "the X I like best", "which X do I love most"
_ASKED_EN = re.compile(
    r"\b(?:my|our)\s+(?:very\s+)?(?:all[- ]time\s+)?(?:" + _FAVOURITE_EN + r")"
    r"\s+(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)\s*(?:[?.!,]|$|\b(?:is|was|at|in|"
    r"on|to|of|for|with|from|that|who|which|and|called|named|now|these|right|"
    r"again)\b)"
    r"|\b(?:what|which)\s+(?:kind\s+of\s+)?(?P<which>[\w-]+(?:\s+[\w-]+)?)\s+"
    r"(?:do|did)\s+(?:I|we)\s+(?:like|love|enjoy|prefer)\s+(?:the\s+)?"
    r"(?:best|most)\b"
    r"|\b(?P<object>[\w-]+)\s+(?:that\s+)?I\s+(?:like|love|enjoy)\s+(?:the\s+)?"
    r"(?:best|most)\b",
    re.I,
)
_RU_ENDING = r"(?:ый|ая|ое|ые|ого|ой|ую|ом|ых|ым|ыми|ую)"
# «мой любимый X», «у меня любимый X», «какой X мне больше всего нравится»
_ASKED_RU = re.compile(
    r"(?<!\w)(?:мо[йяеи]|мо[её]|моего|моей|мою|наш\w*|у\s+(?:меня|нас))"
    r"(?:\s+сам\w*)?\s+любим" + _RU_ENDING + r"\s+(?P<thing>\w+)"
    r"|(?<!\w)как\w*\s+(?P<which>\w+)\s+(?:мне|нам)\s+(?:больше|сильнее)\s+"
    r"всего\s+нрав\w*",
    re.I,
)
_LIKING = re.compile(
    r"\b(?:fav(?:ou?rite)?s?|favorites?|lov(?:e|es|ed|ing)|lik(?:e|es|ed|ing)|"
    r"adore\w*|enjoy\w*|prefer\w*|fans?|support\w*|obsessed|best)\b"
    r"|(?<!\w)(?:любим\w*|люб(?:лю|ит|им|ят|ил\w*)|полюбил\w*|обожа\w*|нрав\w*|"
    r"понрав\w*|предпочита\w*|фанат\w*|боле\w*\s+за|лучш\w*)(?!\w)",
    re.I,
)
_WORD = re.compile(r"\w+", re.UNICODE)
# words of the asked phrase that are no part of the thing ("my favourite
# one", "team of all")
_FRAME = frozenset({"one", "thing", "ever", "all", "time", "the", "a"})


def with_likings(
    question: str, hits: Sequence[SearchHit], kinds: AskedKinds = NO_KINDS
) -> Sequence[SearchHit]:
    """The hits that may answer: all, unless the question asks the user's
    favourite thing, then those saying a liking of it (`says_liking`)."""
    thing = favourite_asked(question)
    if not thing:
        return hits
    return [hit for hit in hits if says_liking(hit.node.content, thing, kinds)]


def favourite_asked(text: str) -> frozenset[str]:
    """The stems of the thing a question asks as the user's favourite
    ("What's my favourite football team?" → football, team), or none."""
    found = _ASKED_EN.search(text) or _ASKED_RU.search(text)
    if found is None:
        return frozenset()
    phrase = next(group for group in found.groups() if group)
    words = (w for w in _WORD.findall(phrase.lower()) if w not in _FRAME)
    return frozenset(map(stem, words))


def says_liking(text: str, thing: frozenset[str], kinds: AskedKinds = NO_KINDS) -> bool:
    """Some sentence of the text says a liking and the thing: one of its
    stems, in either language, or a member of the category it names."""
    return any(
        _LIKING.search(sentence) and _says(sentence, thing, kinds)
        for sentence in sentences(text)
    )


def _says(sentence: str, thing: frozenset[str], kinds: AskedKinds) -> bool:
    said = {stem(word) for word in _WORD.findall(sentence)}
    if any(s in thing or not twin_stems(s).isdisjoint(thing) for s in said):
        return True
    return bool(kinds.said(said, sentence) & thing)
