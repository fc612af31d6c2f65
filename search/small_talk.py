"""Prompts that ask the memory nothing: greetings, thanks, small talk.

The retriever always finds something (the vector leg has nearest neighbours
for any text), so "hi" or "спасибо" used to inject a block of the turns
nearest to a greeting. A prompt made only of such phrases, in English or
Russian, or of no word at all ("." or "?!"), gets no block. An explicit search
for such words (`search hello`) still finds the turns that say them: only a
wordless search finds nothing.
A phrase list, not a classifier: it must never swallow a real question, and
a question always has a word outside it.
"""

from __future__ import annotations

import re

from ..core.text_caches import text_cache

_PHRASES = (
    # greetings and goodbyes
    r"hi|hello|hey|hiya|howdy|yo|greetings|good (?:morning|afternoon|evening|night|day)"
    r"|morning|evening|bye|goodbye|see (?:you|ya)(?: later| soon| tomorrow)?"
    r"|good ?night|take care|welcome(?: back)?"
    # thanks and acknowledgements
    r"|thanks?(?: you)?(?: (?:so|very) much| a lot| again)?|thx|ty|cheers"
    r"|much appreciated|appreciate it|no problem|you ?re welcome"
    r"|ok(?:ay)?|k|sure|cool|nice|great|awesome|perfect|got it|sounds good"
    r"|noted|understood|will do|good to know|makes sense|i see|done"
    # an assistant's fillers ("Happy to help. Anything else?")
    r"|(?:happy|glad) to help|glad i could help|my pleasure|no worries|of course"
    r"|you got it|any ?time|anything else(?: i can (?:do|help with))?(?: for you)?"
    r"|let me know(?: if you need anything(?: else)?)?"
    r"|thanks? for (?:telling|letting) me(?: know)?"
    r"|yes|yeah|yep|no|nope|lol|haha|wow"
    # how are you
    r"|how are (?:you|things)(?: doing)?(?: today)?|how ?s it going|how do you do"
    r"|what ?s up|sup|how have you been|and you|you"
    # addressees
    r"|there|all|everyone|friend|buddy|guys|again|too|please"
    # Russian, phrase for phrase the English above
    r"|привет(?:ик|ики|ствую)?|здравствуй(?:те)?|здрасте|здорово|хай|салют"
    r"|добр(?:ое|ый|ой) (?:утро|день|вечер|ночи)"
    r"|спокойной ночи|пока|до свидания|до встречи|до связи|до скорого|до завтра"
    r"|увидимся(?: позже| завтра)?|береги себя|всего (?:доброго|хорошего)"
    r"|хорошего (?:дня|вечера)|с возвращением"
    r"|спасибо(?: тебе| вам)?(?: большое| огромное| ещё раз)?|спс"
    r"|благодарю(?: тебя| вас)?|пожалуйста|не за что|без проблем"
    r"|ок|окей|хорошо|ладно|понятно|ясно|понял[аи]?|договорились|звучит хорошо"
    r"|принято|запомню|запомнил[аи]?|учту|учтём|учтем|записал[аи]?|буду знать"
    r"|отлично|супер|круто|класс|да|нет|ага|угу|лол|хаха|ого|вау|ну"
    r"|как (?:у (?:тебя|вас) )?дела|как (?:ты|вы)(?: там)?|как сам|как поживаешь"
    r"|как поживаете|как жизнь|ч[её] как|что нового|а у тебя|а у вас|а ты|а вы"
    r"|тебе|вам|всем|всё|все|ещё раз|и тебе|и вам"
    r"|рад[аы]? помочь|обращайся|обращайтесь|конечно|что-нибудь ещё|что-то ещё"
    r"|что нибудь ещё|что то ещё|чем ещё (?:могу )?помочь"
)
_SMALL_TALK = re.compile(rf"(?:(?:{_PHRASES}) )+")
_NOT_WORD = re.compile(r"[\W_]+")


def _words(text: str) -> list[str]:
    return _NOT_WORD.sub(" ", text.casefold()).split()


def wordless(text: str) -> bool:
    """True for a text with no word at all ("." or "?!")."""
    return not _words(text)


def asks_nothing(prompt: str) -> bool:
    """True for a prompt of greetings, thanks or small talk only, or no word
    (and for a turn that says nothing: "Okay, got it.", "Хорошо, запомню.")."""
    words = _words(prompt)
    if not words:
        return True
    if len(words) > 8:
        return False
    return _SMALL_TALK.fullmatch(" ".join(words) + " ") is not None


@text_cache(4096)  # asked of every turn a search ranks
def says_nothing(turn: str) -> bool:
    """`asks_nothing` of a stored turn ("Okay, got it."), remembered: the
    same turns are ranked again and again (prompts are not kept)."""
    return asks_nothing(turn)
