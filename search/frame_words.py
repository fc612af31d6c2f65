"""The frame words of a question: what kind of answer it wants ("name",
"favourite", "now", «зовут»), not what it is about. No hit must share them
to answer (search/support.py), and no category or state is named by them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from .morphology import stem
from .stem_sets import term_stems
from .twin_words import twin_stems

# Words that say what kind of answer is wanted, not what it is about; in
# Russian too («план», «пользовался»: "Каким банком я пользовался?" is
# answered by "paid in the TBC app"). «Приходит» frames where a thing goes
# as "go" does ("Куда мне приходит зарплата?" is answered by «зарплата
# будет на ActivoBank», «пенсия теперь на карту Мир»), not what is asked.
_GENERIC = """
name names called call favourite favorite kind kinds time times day days thing
know remember tell think like likes get got go going goes went live lives living
lived work works working worked job now currently today usually place use used
before previously earlier new old last first moment still main actually really
exactly right these those days nowadays lately recently currently originally
previous former
usual plan plans planned want wanted say says said tell told eat eats eating ate
instead вместо
take takes taking took everywhere anywhere везде всюду повсюду сих пор
see sees seeing saw seen
manage manages managed managing
план планы плана планом планах планирую планируем планировал планировала
планировали пользуюсь пользуемся пользовался пользовалась пользовались
пользоваться
зовут звать звали назвали назвал назвала назвать назовём назовем называли
называем называется имя имени любимый любимая любимое любимые живу живёт живет
живем живём жил жила жили работаю работает работал работала работа работу
сейчас теперь раньше прежде сначала изначально где сколько делаю делал делала
прежний прежняя прежнее прежние прежнего прежней прежнему прежним прежнем прежнюю
прежних
люблю любил любила обычно нынче последнее время этого сказал сказала сказали
говорил говорила говорили был была было были будет ем ешь ест едим едят ел ела ели
мой моя моё мое мои моего моей моему моим моём моем мою моих моими
наш наша наше наши нашего нашей нашему нашим нашем нашу наших нашими
хожу ходим ходил ходила ходили ходишь езжу ездим ездил ездила ездили
занимаюсь занимаешься занимается занимаемся занимался занималась занимались
увлекаюсь увлекаешься увлекается увлекаемся увлекался увлекалась увлекались
кто кого кому кем ком что чего чему чем какой какая какое какие каким каком
какую какого когда куда откуда почему зачем как чей чья чьё чьи
приходит приходят приходила приходил приходили пришла пришёл пришел пришло
пришли придёт придет придут
"""

GENERIC_STEMS = frozenset(stem(w) for w in _GENERIC.split())

# The user asking the assistant what it holds of something: "tell me about
# X", "what do you know about X", «расскажи про X», «что ты знаешь о X»
ASKING_ABOUT = (
    r"tell\s+me\s+about|what\s+do\s+you\s+know\s+about"
    r"|расскажи(?:те)?\s+(?:мне\s+)?(?:про|о|об)|что\s+ты\s+знаешь\s+(?:про|о|об)"
)
_ASKED_ABOUT = re.compile(rf"^\W*(?:{ASKING_ABOUT})(?!\w)", re.I)


def asks_what_is_held(text: str) -> bool:
    """The question asks the assistant what it holds of a thing ("what do you
    know about work?"): asked of the user's own memory, the thing is of the
    user's life as much as when the frame says "me" ("tell me about work")."""
    return bool(_ASKED_ABOUT.search(text))


# Taking a medicine or keeping a habit frames a question about a thing as
# "take" does, in Russian by the verbs of drinking, taking and being «на» a
# thing: «Я пью магний?», «Что я принимаю от давления?», «Я сижу на
# метформине?» ask about the thing, which a turn says by any verb («Выпил
# магний»). Only beside the thing: "Do I still drink?" asks about the
# drinking itself, which is then searched and ranked as its own word.
_TAKING = """
пью пьёшь пьешь пьёт пьет пьём пьем пьют пил пила пили пить
принимаю принимаешь принимает принимаем принимают принимал принимала принимали
принимать сижу сидишь сидит сидим сидят сидел сидела сидели
"""
TAKING_STEMS = frozenset(stem(w) for w in _TAKING.split())


def without_taking(own: AbstractSet[str]) -> set[str]:
    """The question's own word stems `own` with the verbs of taking set
    aside when a thing taken is said beside them."""
    rest = set(own) - TAKING_STEMS
    return rest or set(own)


def frame_twins(terms: Iterable[str]) -> set[str]:
    """The stems of the twins of the frame words among `terms`, in the other
    language: «куда я езжу на рыбалку?» frames by «езжу» as "Where do I go
    fishing?" by "go", and its twin "drive" ("driving her mad") is no more
    what it asks about than «езжу» is (unless the question says it too)."""
    said = {stem(t) for t in terms}
    frame = said & GENERIC_STEMS
    return set().union(*(twin_stems(word) for word in frame)) - said


def wanted_words(terms: Sequence[str], state_terms: Sequence[str]) -> set[str]:
    """A hit must share one: the question's words but the generic ones ("Which
    university did I go to?" is not "go vegetarian") and their twins («езжу»:
    "drive"), with the slot and kin words standing for them; else all."""
    twins = frame_twins(terms)
    frame = {stem(t) for t in terms} & GENERIC_STEMS | twins
    every = term_stems(state_terms)
    slot_words = term_stems(t for t in state_terms if t not in terms) - twins
    return (every - frame) | slot_words or every
