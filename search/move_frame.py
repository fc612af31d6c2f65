"""A move of home told by its parts: boxes, the van, the keys, the new flat.

«переезд» or "the move" between two dates: the user's turns of those weeks
tell the move by what it is made of ("Galya and I packed the last boxes",
«Katja brought 20 boxes», «Umzugswagen в 8», «Зоран отдал ключи», "first
night at Weserstraße", «Подписали с Мананой договор», "Looked at a flat in
Vake"), and only a few say the word itself, so the text leg finds those few
and the window's other turns pad the answer. Any life that moves home tells
it so: looking at flats, the lease, packing, boxes, the van or the movers,
the keys handed over, the first night and morning in the new place. Within
a window asked about the move, a user's turn that names one of these parts
is one of the move's turns (search/window_doing.py lifts them); outside
such a question a box or a key tells no move.
"""

from __future__ import annotations

import re

from .settling_in import settles_in

# The question names the move: "the move", "moving", «переезд», «переехали».
_ASKS_MOVE = re.compile(
    r"\b(?:mov(?:e|ed|ing)|relocat\w*)\b|(?<!\w)пере(?:езд|езжа|ех)\w*", re.I
)

# A part of a move said in a turn, in English and Russian (and the German
# word a Berlin life uses for the van, «Umzug»: one's everyday borrowing).
_PART = re.compile(
    r"(?<!\w)(?:"
    # the move's own word
    r"mov(?:e|ed|es|ing)|relocat\w*|пере(?:езд|езжа|ех)\w*|перевез\w*|umzug\w*"
    # moving out: «съезжаю из общаги», «съехали»
    r"|съе(?:зжа|хал|дем|ду)\w*"
    # packing and boxes
    r"|box(?:es)?|(?:un)?pack(?:ed|ing)|коробк\w*|коробок|(?:у|за|рас)?паков\w*"
    r"|собира\w* вещи|разбира\w* вещи"
    # the van, the movers
    r"|vans?|movers|moving truck|removal (?:van|men|firm)|микроавтобус\w*"
    r"|газел\w*|грузчик\w*|фургон\w*"
    # the keys, the lease, the deposit, the landlord
    r"|keys|ключи|ключей|lease|tenancy|mietvertrag|договор(?:а|ом|у|ы)?|deposit|депозит\w*"
    r"|landlord|landlady|хозя(?:ин|йка|йкой|ину|йке) квартир\w*"
    # the new home, and looking for one
    r"|new (?:flat|apartment|place|home|house|address)"
    r"|new \w+ (?:flat|apartment|address)"  # "my new Žižkov address"
    r"|нов(?:ая|ую|ой|ое|ом) (?:квартир\w*|адрес\w*|дом\w*)"
    r"|(?:look(?:ed|ing)? at|see|saw|view(?:ed|ing)?)(?: \w+){0,3}"
    r" (?:flats?|apartments?)"
    r"|(?:иска\w*|ищ\w*|посмотре\w*|смотре\w*) (?:\w+ ){0,2}квартир\w*"
    r")(?!\w)",
    re.I,
)


def asks_the_move(question: str) -> bool:
    """The question names a move of home ("the move", «переезд»)."""
    return bool(_ASKS_MOVE.search(question))


def tells_the_move(text: str) -> bool:
    """The turn names a part of a move: packing, boxes, the van, the keys,
    the lease, the new flat, or the first night or morning in a place."""
    return bool(_PART.search(text)) or settles_in(text)
