"""Which of the user's turns tell what they did, for "What did I do …".

A day holds a few user turns: one tells a doing ("Went to a jazz concert",
"Сварил борщ"), the rest ask, plan or pass on others' news. A window longer
than the answer's limit gets the most telling turns spread over its days —
the best of each day first — not the first turns in time order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.records import Node
from .morphology import is_russian

DAY = 86400.0
TOLD_WORDS = 4
WITH_SOMEONE = 2  # telling(): at least this tells the speaker's doing

# A turn opening on a verb in the past, its subject the speaker left out:
# "Went …", "Took Pepper …", "Back from …", "Сварил …", "Ходили …".
_EN_PAST = re.compile(
    r"^(?:back\s+from|\w+ed|went|took|did|spent|had|made|swam|ran|saw|met|got"
    r"|came|ate|drank|bought|found|read|wrote|rode|flew|gave|left|won|built"
    r"|caught|brought|sang|slept)\b",
    re.I,
)
# «ничего не делала, спала до 12»: a day of nothing done is told too
_RU_PAST = re.compile(
    r"^(?:утром\s+|вечером\s+|долго\s+)?(?:ничего\s+)?(?:не\s+)?"
    r"\w{2,}(?:л|ла|ли|лся|лась|лись)\b",
    re.I,
)
# "I went …", "Lena and I watched …", "My partner and I skipped …",
# "Мы с Леной смотрели …", «с Ларисой сходили в Lidl», «с Даником
# знакомились с хозяйкой» (the plural verb: the speaker was one of them)
_WITH_ME = re.compile(
    r"^(?:i|we|(?:\w+\s+){1,2}and\s+i)\s+(?:\w+ed|went|took|did|spent|had|made|saw|met)\b"
    r"|^(?:я|мы)\s+(?:с\s+\w+\s+)?\w{2,}(?:л|ла|ли)\b"
    r"|^(?:с|со)\s+(?-i:[А-ЯЁ])\w+\s+(?:вместе\s+)?\w{2,}(?:ли|лись)(?!\w)",
    re.I,
)
_ASKS = re.compile(r"^(?:remind|need|напомни|надо|нужно|important)\b", re.I)
# A request to the assistant, often typed without its "?": "how many steps
# is 5 miles roughly", "translate …", «Какие витамины пить после 60»,
# «переведи на английский: …». It tells nothing the speaker did.
_REQUEST = re.compile(
    r"^(?:(?:how|what|which|where|when|why|who)\s+(?:do|does|did|is|are|can"
    r"|could|should|would|will|many|much|long|to)\b|(?:can|could|would)\s+you\b"
    r"|(?:how|what|where|who|when)['’]s\b"
    r"|(?:translate|explain|suggest|recommend|tell\s+me|give\s+me|help\s+me"
    r"|write\s+(?:me|a|an|to)|make\s+(?:me|a|an)|create|calculate|convert"
    r"|draft|prepare|compose|rewrite|rephrase|proofread"
    r"|summari[sz]e|check(?:\s+(?:my|this|these|both|if|whether)\b|\s*:)"
    r"|is\s+(?:it|this|that)\s+(?:ok|okay|correct|right|fine|normal|safe))\b)"
    r"|^(?:как(?:ой|ая|ое|ие|их|ую)|сколько|почему|зачем|что\s+(?:значит|означает)"
    r"|переведи|подскажи|посоветуй|объясни|проверь|расскажи|напиши|придумай"
    r"|составь|подготовь|сделай|посчитай|перепиши|сократи|помоги)"
    # the polite plural asks as well: «подскажите», «переведите»
    r"(?:те)?(?!\w)"
    # «как написать резюме», «где купить …», «что подарить маме»: a question
    # word before an infinitive asks how to, of the assistant
    r"|^(?:как|где|что|куда|чем|когда)\s+(?:(?:мне|лучше|правильно|можно"
    r"|быстрее|дешевле)\s+)?(?!(?:опять|мать|часть|путь|гость|есть)(?!\w))"
    r"\w{2,}(?:ть|ти|чь)(?:ся|сь)?(?!\w)",
    re.I,
)
# Words of chat that open a line before what it says: "btw Fitted a new
# cylinder", "right, Fixed the manifold", «Короче, налепил вареников»; a
# call for attention or a "please" before a request: "hey write me …",
# "Please check my German: …", «слушай, переведи …», «ещё вопрос: посоветуй …».
_FILLER = re.compile(
    r"^(?:btw|ugh|right|so|ok|okay|well|anyway|oh|hey|please|pls|пожалуйста|короче|блин|ну(?:\s+вот)?"
    r"|кстати|в\s+общем|так\s+вот|слушай|ещё\s+вопрос|еще\s+вопрос)(?!\w)"
    r"[\s,.!:—–-]*",
    re.I,
)
# A doing named by its noun, no verb: "Reception shift at St Gemma's",
# "Morning walk with Biscuit", "Annual boiler service x3", «Субботняя
# прогулка», «Волонтёрская смена в …», «Последняя смена в Каньоне».
_DOING_NOUN = re.compile(
    r"^(?:[\w'’]+\s+){0,2}(?:shift|walk|class|lesson|session|training|practice"
    r"|service|workout|ride|swim|hike|rehearsal|picnic|brunch|смена|прогулка"
    r"|занятие|урок|тренировка|репетиция|поездка|поход|пикник)(?!\w)",
    re.I,
)
# A Russian doing told after where or with whom, its subject left out:
# «На акварели училась …», «В сарае доделал …», «После смены успела …»;
# a name just before the verb is its subject («В Каньоне Офер сказал»), and
# «У Лены сдвинули смену» is Lena's news (no «у» here).
_RU_PLACE_FIRST = re.compile(
    r"^(?:на|в|во|с|со|к|после|до|из|за|по)\s+(?:\S+\s+){0,3}?"
    r"(?-i:[^А-ЯЁA-Z\s]\S*)\s+\w{2,}(?:л|ла|ли|лся|лась|лись)(?!\w)",
    re.I,
)
# A doing named by its noun and the person it was done with, the line going
# on after a stop: "lunch with Pablo, he has …", «Футбол с Димой. Мы …»,
# «скалодром с Диогу, он снимал …», "climbing at Vertigo with Diogo, …". A
# name that a verb follows did it without the speaker («Марк с Эоином
# ездили на турнир»); «Златка с температурой» names no one.
_NOUN_WITH_SOMEONE = re.compile(
    r"^[\w'’]+(?:\s+(?:at|in|в|на)\s+\S+)?\s+(?:with|с|со)\s+"
    r"(?-i:[A-ZА-ЯЁ])\w+\s*(?:[,.:;!—–-]|$)",
    re.I,
)
# "St Gemma's reception, answered the phone": a short opening naming where,
# then what was done.
_NAMED_THEN_DONE = re.compile(
    r"^(?:[\w'’]+\s+){0,2}[\w'’]+,\s+(?:\w+ed|went|took|did|spent|had|made"
    r"|met|got|bought)\b",
    re.I,
)
# A day or a time of day opening a diary line before what was done:
# "Wednesday, walked Sandro …", "Sunday evening: back at …", «Среда, отвёл …»,
# «Среда. Утром гуляла …», «выходные: поход в …»; typed fast, with no stop
# at all: «суббота ничего не делала», «суббота утром пили кофе с Мицей».
_WHEN_FIRST = re.compile(
    r"^(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today"
    r"|yesterday|weekend)(?:\s+(?:morning|afternoon|evening|night))?|tonight"
    r"|this\s+(?:morning|afternoon|evening)"
    r"|(?:понедельник|вторник|среда|четверг|пятница|суббота|воскресенье|сегодня"
    r"|вчера|выходные)(?:\s+(?:утром|днём|днем|вечером|ночью))?)"
    r"(?:\s*[,.:—–-]\s*|\s+)",
    re.I,
)
# What follows a day first in a word or two, then a stop, names the day's
# doing: «четверг, керамика. Юле уезжает …», «пятница, скалодром, Тоби …»,
# "friday, pool. 2 km"; not a name and its verb («вторник, Прия
# подтвердила: …» is Priya's news).
_DAY_TITLE = re.compile(
    r"^(?!(?-i:[A-ZА-ЯЁ])\w+\s+\w)(?:[\w'’-]+\s+)?[\w'’-]+[,.:;!]", re.I
)
# Someone did a thing with the speaker as its object: "Kostya picked me up",
# «Костя забрал меня …», «Лиля позвала нас …», «мой парень сегодня учил
# меня …»; or helped the speaker or asked them along, the speaker left
# unsaid: «Дина помогала паковать книги», «Мойше позвал в нарды», "Moshe
# helped pack the books".
_SOMEONE = r"^(?:[A-ZА-ЯЁ]\w+|(?i:my|мой|моя)\s+\w+)\s+(?:(?i:today|сегодня|вчера)\s+)?"
_TOOK_ME = re.compile(
    _SOMEONE + r"(?:\w+ed|took|drove|brought|taught)\s+(?:me|us)\b"
    r"|" + _SOMEONE + r"\w{2,}(?:л|ла|ли)\s+(?:меня|нас)(?!\w)"
    r"|" + _SOMEONE + r"(?:helped|invited|помогал\w*|помогл\w*|помог|позвал\w*"
    r"|пригласил\w*)(?!\w)"
)
# The speaker was at a doing that day, told by what happened there: "Marina
# Lvovna praised the basses at choir today", «Сегодня на хоре Марина Львовна
# хвалила басов».
_THERE_TODAY = re.compile(
    r"\bat\s+(?:the\s+)?\w+\s+(?:today|tonight|this\s+(?:morning|afternoon|evening))\b"
    r"|(?<!\w)(?:на|в)\s+\w+\s+сегодня(?!\w)|(?<!\w)сегодня\s+(?:на|в)\s+\w+(?!\w)",
    re.I,
)
# A clause of what is still to do: "grey morning, need to buy bread", «утро
# серое, надо купить хлеба» tell no doing.
_TO_DO = re.compile(r"[,;:]\s*(?:надо|нужно|need\s+to|have\s+to)(?!\w)", re.I)
# A line opening so tells the speaker's own doing.
_OWN_DOING = (_EN_PAST, _RU_PAST, _DOING_NOUN, _RU_PLACE_FIRST, _NAMED_THEN_DONE)
# A line ends when a sentence does: a full stop, "!" or "?" and a space.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
# The sentences a turn is judged by: a story is told in its first few.
TOLD_SENTENCES = 3
TITLE_WORDS = 2
# a Russian name longer than this declines by its last letter («Алюша», «Алюшу»)
NAME_STEM = 3


def telling(node: Node) -> int:
    """3: tells the speaker's own doing; 2: with someone; 1: a statement; 0: asks."""
    text = _FILLER.sub("", " ".join(node.content.split()), count=1)
    # «Среда. Утром гуляла с Бубликом»: the day is no sentence of its own
    dated = text
    text = _WHEN_FIRST.sub("", text, count=1)
    day_title = text != dated and _DAY_TITLE.match(text) is not None
    if len(text.split()) < TOLD_WORDS or _ASKS.match(text) or _asks_me(text):
        return 0
    first, *rest = _SENTENCE_END.split(text)[:TOLD_SENTENCES]
    # «Керамика. Вынули из печи мою вазу»: a title of a word or two, then
    # what was done
    opening = [first, *rest[:1]] if len(first.split()) <= TITLE_WORDS else [first]
    if any(told.match(line) for told in _OWN_DOING for line in opening):
        return 3
    # "Pottery night at Amal's. I glazed my bowl": the doing may follow a
    # sentence that names the occasion.
    if any(_WITH_ME.match(line) for line in [first, *rest]) or _TOOK_ME.match(first):
        return 2
    # «Сегодня на хоре …»: the day word belongs to the place
    there_today = _THERE_TODAY.search(first) or _THERE_TODAY.match(dated)
    if there_today or _NOUN_WITH_SOMEONE.match(first) or day_title:
        return 2
    return 0 if _TO_DO.search(text) else 1


def asks_assistant(node: Node) -> bool:
    """The turn asks the assistant a question or for a piece of work ("Why
    do my knees ache after running?", "Write a note to the landlord …",
    «напиши письмо …»): it names a topic and tells nothing that happened."""
    return _asks_me(_opening(node))


def opens_with_request(node: Node) -> bool:
    """The turn opens on a request to the assistant ("how to write an email
    to …", «как сказать …», "translate …"): not a question closing a told
    story ("Millennium charged me again. What for?") nor one asked in a
    telling ("Metformin 500 twice a day, can I take it with coffee?"), nor a
    message quoted ("Dasha: «так ты не приедешь??»")."""
    return _REQUEST.match(_opening(node)) is not None


def _opening(node: Node) -> str:
    """The turn's text, its spaces single, without a word of chat before it."""
    return _FILLER.sub("", " ".join(node.content.split()), count=1)


def _asks_me(text: str) -> bool:
    return _asks(text) or _REQUEST.match(text) is not None


def _asks(text: str) -> bool:
    """A turn asks when its question opens it or is most of it; a diary line
    that closes a told story on a question ("Who will I get now?") tells."""
    sentences = _SENTENCE_END.split(text)
    if sentences[0].endswith("?"):
        return True
    return text.endswith("?") and len(sentences) < TOLD_SENTENCES


def _spread(count: int) -> list[int]:
    """0..count-1 in an order whose every prefix is spread over the range."""

    def reversed_bits(i: int) -> float:
        value, part = 0.0, 0.5
        while i:
            value, i, part = value + part * (i & 1), i >> 1, part / 2
        return value

    return sorted(range(count), key=reversed_bits)


def most_telling(nodes: Sequence[Node], limit: int) -> list[Node]:
    """Up to `limit` of `nodes` (the user's turns of a window, oldest first):
    each day's most telling turn, then the other doings, each day's best
    first, a text said before after a new one; then the rest the same way.
    Returned doings first, each part in time order."""
    days: dict[int, list[Node]] = {}
    for node in nodes:
        days.setdefault(int(node.when // DAY), []).append(node)
    ranked_days = [
        sorted(day, key=lambda n: -telling(n)) for _, day in sorted(days.items())
    ]
    # A day's doings go before another day's news: "What was I doing then?"
    # over four days had Zarina's voice note in, the watercolour class out.
    doings = [[n for n in day if telling(n) >= WITH_SOMEONE] for day in ranked_days]
    rest = [[n for n in day if telling(n) < WITH_SOMEONE] for day in ranked_days]
    said: set[str] = set()
    # each day once (a week asked is a week told), then the other doings,
    # then the rest
    chosen = _each_day_in_turn([day[:1] for day in ranked_days], limit, said)
    first = {node.id for node in chosen}
    doings = [[n for n in day if n.id not in first] for day in doings]
    rest = [[n for n in day if n.id not in first] for day in rest]
    chosen += _each_day_in_turn(doings, limit - len(chosen), said)
    chosen += _each_day_in_turn(rest, limit - len(chosen), said)
    # The doings lead, in time order; the rest (others' news, small talk)
    # follow in time order: the window's «Какие витамины пить после 60» was
    # read before its hospice shift, for being said first.
    return sorted(chosen, key=lambda n: (telling(n) < WITH_SOMEONE, n.when, n.id))


def _each_day_in_turn(
    ranked_days: list[list[Node]], limit: int, said: set[str]
) -> list[Node]:
    """Up to `limit` of the days' turns (each day's best first): each day's
    first, its days spread over the window, then each day's next; a text
    already `said` after a new one (`said` gains the chosen)."""
    order = _spread(len(ranked_days))
    chosen: list[Node] = []
    depth = 0
    while len(chosen) < limit and any(len(d) > depth for d in ranked_days):
        level = [ranked_days[i][depth] for i in order if len(ranked_days[i]) > depth]
        level.sort(key=lambda n: (-telling(n), n.content in said))
        for node in level[: limit - len(chosen)]:
            chosen.append(node)
            said.add(node.content)
        depth += 1
    return chosen


# Someone else does the doing the turn tells: a person taken to it ("Dani
# took Aliya", "take Aliya to swimming", «Даник отвёз Алюшу») or its doer
# ("Aliya practised diving", «Алюша нырнула»). `{name}` is a person's name,
# its Russian endings free («Алюшу» of «Алюша»).
_TAKEN = (
    r"\b(?:took|take|takes|taking|drove|drive|drives|dropped|drop)\s+{name}"
    r"|(?<!\w)(?:отв[её]з\w*|отвезл\w*|отв[её]л\w*|отвел\w*|повез\w*|пов[её]з"
    r"|возил\w*|водил\w*)\s+{name}"
)
# (not what they say or show the user: "Tobi asked if I want", «Тоби
# поставил нам маршрут» tell the user's doing)
_TOLD = (
    r"(?:asked|said|told|texted|called|taught|showed|sent|gave|set|put"
    r"|сказал\w*|спросил\w*|поставил\w*|показал\w*|дал\w*|написал\w*"
    r"|позвонил\w*|посоветовал\w*|подарил\w*)(?!\w)"
)
_THEIR_VERB = (
    rf"{{name}}\s+(?!{_TOLD})(?:\w+ed|swam|ran|did|got|went|won|rode|dove|dived)\b"
    # "Arman's basketball practice": the session is his
    rf"|{{name}}['’]s\s+(?:\w+\s+){{{{0,2}}}}(?:practice|game|match|class|lesson"
    rf"|training|session|tournament|race|meet)\b"
    rf"|{{name}}\s+(?!{_TOLD})\w{{{{2,}}}}(?:л|ла|ли|лся|лась)(?!\w)"
)
# The user doing it too: "my first bouldering session", "I swam 20 lengths",
# "we lost 7-4", «я проплыла», "the coach let me hit"; watching or cheering
# another is no doing of the user's.
_SPECTATOR = (
    r"watch\w*|cheer\w*|scream\w*|yell\w*|shout\w*|wait\w*|came"
    r"|смотрел\w*|болел\w*|ждал\w*|снимал\w*"
)
_MINE = re.compile(
    rf"\bmy\s+(?:\w+\s+){{0,2}}(?:session|class|lesson|training|practice|workout"
    rf"|route|climb|swim|run|game|match)\b"
    rf"|\b(?:i|we)\s+(?!(?:{_SPECTATOR})\b)(?:\w+ed|swam|ran|did|went|won|lost"
    rf"|rode|climbed|played)\b"
    rf"|(?<!\w)я\s+(?!(?:{_SPECTATOR})(?!\w))\w{{2,}}(?:л|ла)(?!\w)"
    # the user done to: "the coach let me hit", «Кристапс взял меня на рыбалку»
    rf"|\b(?:me|us)\b|(?<!\w)(?:меня|нас|мы)(?!\w)",
    re.I,
)


# A clause's opening: "played a full game", «Вернулся на теннис» open one
# on the user's own verb, its subject left out.
_CLAUSE = re.compile(r"(?:^|[.!?,;:]\s+)(\w[^.!?,;:]*)")
_TAKING = re.compile(
    r"^(?:took|drove|dropped|отв[её]з|отвезла|отв[её]л|отвела)\b", re.I
)


# Done with someone: "bouldering w Katya", «скалодром с Динкой»
_WITH_NAME = re.compile(r"(?<!\w)(?:with|w/?|с|со)\s+(?-i:[A-ZА-ЯЁ])", re.I)


def _told_by_me(text: str) -> bool:
    """A clause opens on a verb in the past, its subject (the user) left
    out: "played a full game against Guram", «Играл двадцать минут»; not
    on taking someone ("took Aliya to …")."""
    return any(
        (_EN_PAST.match(clause) or _RU_PAST.match(clause)) and not _TAKING.match(clause)
        for clause in _CLAUSE.findall(text)
    )


def done_by_other(text: str, names: Sequence[str]) -> bool:
    """The turn tells another's doing (a person among `names` taken to it or
    doing it) and no doing of the user's own beside it."""
    if _MINE.search(text) or _WITH_NAME.search(text) or _told_by_me(text):
        return False
    for name in names:
        # a Russian name declines: «Алюша», «Алюшу»; an English one is as written
        russian = is_russian(name) and len(name) > NAME_STEM
        form = rf"{re.escape(name[:-1])}\w*" if russian else re.escape(name)
        told = re.compile(
            rf"(?:{_TAKEN.format(name=form)})|(?:{_THEIR_VERB.format(name=form)})",
            re.I,
        )
        if told.search(text):
            return True
    return False
