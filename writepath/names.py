"""Word lists the offline entity extractor reads names against.

Without an LLM the extractor only sees capitalisation, so it needs to know which
capitalised words are ordinary words (sentence openers, interjections, shouted
words), which are common given names (so "Caroline" is a person, not a
concept), and which words state a relation ("my wife Sarah", "мой брат Андрей").
The lists are short on purpose: they cover the frequent cases, the nightly LLM
pass fixes the rest.
"""

from __future__ import annotations

from ..core.name_forms import russian_forms
from ..core.relations import (
    CAT_BREEDS,
    DOG_BREEDS,
    LOCAL_ROLE_WORDS,
    PARROT_KINDS,
    SMALL_PETS,
)
from ..search.query_text import STOP_WORDS

# Capitalised words that are not names, in the two languages we serve.
COMMON_CAPITALISED = frozenset(
    """i i'm i've i'll i'd im ive a an the this that these those it its it's he she
    we they you your my our his her their me us them hey hi hello thanks thank yes
    no ok okay oh wow well so but and or if then when what why who how where which
    maybe sure great good nice cool sorry please also just really actually anyway
    monday tuesday wednesday thursday friday saturday sunday today tomorrow
    yesterday tonight there here let let's can could would should will do does did
    not all any some every each both many much more most such very too again
    later after before last next since while because though still now soon once
    mr mrs ms dr dra prof sir madam
    january february march april may june july august september october november
    december ai lol omg btw fyi ps yeah yep yup nope congrats congratulations
    awesome definitely absolutely totally exactly glad cheers bye haha aww
    woohoo woah whoa yo yay hooray ooh ah uh um hmm wait look listen remember
    see even go come get got going doing done are is was were be been am has
    have had adding learning during anytime fri tues tue wed thu thurs sat sun mon
    time name game dance chef chess wheel tv that keep sounds appreciate
    take talk love must family life looks on gonna stay books tell excited
    setbacks tough exciting took impressive mental meeting strength out
    basketball shadow dragons in at on for from with to by about into
    honestly seriously basically frankly luckily unfortunately fortunately
    hopefully personally obviously apparently important god gosh jeez
    я ты он она мы вы они это как что кто где когда почему зачем да нет привет
    спасибо пожалуйста ну вот так там тут но и или если уже ещё еще очень
    мой моя моё мое мои моего моей моему моим моими моих мою
    твой твоя твоё твое твои твоего твоей твоему твоим твоих твою
    наш наша наше наши нашего нашей нашему нашим нашими наших нашу
    ваш ваша ваше ваши вашего вашей вашему вашим вашими ваших вашу
    его её ее их свой своя своё свое свои своего своей своему своим своих свою
    этот эта эти этого этой этому этим этих эту тот та те того той тому тем
    тех ту весь вся все всё всего всей всем всех всю
    понедельник вторник среда четверг пятница суббота воскресенье
    январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь
    декабрь""".split()
)
# A Russian line opens on its function words and its words of the moment as
# often as on a name («Не поверила», «Можно, мам, …», «Конечно, встречу»);
# the English function words are left out, since some are names ("Will").
# «Новый» stays: «Новый год» is a holiday's name.
COMMON_CAPITALISED |= frozenset(w for w in STOP_WORDS if not w.isascii())
COMMON_CAPITALISED |= frozenset(
    """конечно сегодня вчера завтра утром вечером
    днём днем ночью потом наконец кстати короче ладно хорошо отлично блин опять
    снова сначала сразу вообще кажется наверное просто типа""".split()
)
# The local role words an expat says («моя Vermieterin Ирина»: German writes
# every noun capitalised) are the relation before the name, no part of it.
COMMON_CAPITALISED |= LOCAL_ROLE_WORDS

# Words that may sit inside a multi-word name ("Lord of the Rings",
# "Vila Nova de Gaia"), never at either end.
NAME_CONNECTORS = frozenset("of the de da dos das del la le van von der".split())

# Words before a name that address or greet a person ("Woohoo Melanie!").
VOCATIVE = frozenset(
    """hey hi hello thanks thank woohoo woah whoa yo congrats congratulations
    wow bye cheers dear remember anytime sorry love привет спасибо пока""".split()
)

# Common given names: a first word found here makes the name a person.
GIVEN_NAMES = (
    frozenset(
        """aaron adam alex alexander alice amanda amy andrew angela anna anne anthony
    ashley barbara ben benjamin beth betty bill bob brandon brian caroline caro carol
    catherine charles charlie chris christina christopher cindy claire daniel
    david deborah dennis diana donald donna dorothy ed edward elizabeth ella
    emily emma eric evan frank gary george gina grace greg hannah harry heather
    helen henry jack jacob james jane janet jason jean jeff jennifer jessica jim
    jo joanna joe john josephine jon jonathan joseph joshua julia julie justin
    karen kate
    katie kevin kim kyle larry laura lauren linda lisa liz lucy maria mark martha
    mary matt matthew max megan mel melanie melissa michael michelle mike mina
    nancy nate natalie nathan nick nicole oliver olivia pam patricia patrick paul
    peter rachel rebecca richard rob robert ryan sam samantha samuel sara sarah
    scott sean sophia stephanie steve steven susan tim timothy tom tony victoria
    william zoe abby abigail adrian alan albert alicia allison amber andrea andy
    angel anita annie arthur audrey austin bella bernard beverly billy blake
    bonnie brad brenda bruce bryan caleb cameron carl carlos carmen cathy chad
    chloe christian claudia colin connor craig crystal dale dan dana danny derek
    diane dominic doug dylan eddie elaine eleanor eli elijah ellen elliot emma
    erin ethan eva evelyn felix fiona francis fred gabriel gavin gordon hailey
    harold holly hugo ian isaac isabel isabella ivan jacqueline jake jamie jasmine
    jay jenny jerry jesse jill joan joel jordan jose josh joyce juan judy julian
    keith kelly ken kenneth kirk kristen kurt lana lebron leo leon leonard liam
    lily logan louis luca lucas luis luke maggie marco marcus marie mario martin
    mason maya mia miguel molly monica morgan nadia neil noah nora olga
    owen paula paulo pedro penny phil philip rachael ralph ray rebecca rick rita
    roger ron rose roy ruby russell ruth sally sandra shane shannon sharon shia
    simon sofia stella stuart sue sylvia ted teresa terry theo thomas tina todd
    tracy travis tyler vanessa vera vincent walter wayne wendy
    doreen maureen pauline sheila beryl gwen gladys irene marjorie mavis muriel
    norma shirley valerie yvonne hilda edna elsie ethel enid winifred doris
    eileen kathleen lorraine janice gillian jackie tracey debbie barry clive
    geoff graham trevor nigel malcolm stan stanley norman wilf gareth glyn dave
    pete kev alf wally howard gerald cyril dougie
    александр алексей андрей анна антон борис вадим валентин валерий василий
    виктор виталий витя владимир галина дарья дима дмитрий евгений екатерина
    елена иван игорь ирина катя константин лена максим маргарита мария марина
    миша михаил наталья наташа никита ольга оля павел паша сергей света
    светлана саша таня татьяна юлия юрий яна""".split()
    )
    | russian_forms()
)  # «Шура», "Sasha", "Dima": core/name_forms.py

# Kinship words written as a name ("dinner with Mom") stand for a person.
KIN_NAMES = frozenset("mom mum dad grandma grandpa granny nana papa мама папа".split())
# A kin title said before a name ("Grandma Rose", "Aunt May", «бабушка Зина»,
# «с тётей Мананой»), in any case, and the relation it states. Russian "тётя"
# and "дядя" are said of any older neighbour too: a person, no relation.
KIN_TITLES = {
    **dict.fromkeys("grandma granny nana gran".split(), "grandma"),
    **dict.fromkeys("grandpa grandad granddad".split(), "grandpa"),
    "aunt": "aunt",
    "auntie": "aunt",
    "uncle": "uncle",
    **dict.fromkeys("бабушка бабушки бабушке бабушку бабушкой".split(), "бабушка"),
    **dict.fromkeys("дедушка дедушки дедушке дедушку дедушкой".split(), "дедушка"),
    **dict.fromkeys(
        "тётя тёти тёте тётю тётей тетя тети тете тетю тетей дядя дяди дяде дядю"
        " дядей".split(),
        "",
    ),
}

# Words that open a text as "Word: ..." without naming a speaker ("Note:",
# "Important:"), in the two languages.
LABELS = frozenset(
    """note notes update updated reminder step summary answer question warning tip
    todo edit booked noted fixed added changed plan agenda result status important
    attention caution disclaimer spoiler tldr nb psa hint example conclusion
    recap goal idea context background problem solution reason deadline topic
    subject title source priority urgent feedback review fact bonus
    заметка напоминание итог итого вопрос ответ шаг обновление важно внимание
    примечание совет идея задача цель причина решение проблема срок""".split()
)

# Sayings that open with a given name; the name in them is nobody.
IDIOMS = (
    "mark my words",
    "bob's your uncle",
    "bob’s your uncle",
    "jack of all trades",
    "sue me",
    "pat on the back",
    "dear john",
    "peeping tom",
    "doubting thomas",
    "every tom, dick and harry",
    "smart alec",
    "nosy parker",
)

# "my dog Pepper", "Pepper the dog", "мой кот Барсик": the name is a pet's.
PET_WORDS = frozenset(
    """dog dogs doggy doggo puppy pup cat cats kitty kitten hamster parrot rabbit
    bunny horse pony bird turtle tortoise guinea ferret lizard snake goldfish
    budgie budgerigar canary попугайчик черепаха канарейка
    собака собаку собакой пёс пес псу кот кота котом кошка кошку кошкой щенок
    щенка котёнок котенок попугай хомяк кролик лошадь""".split()
) | frozenset((*DOG_BREEDS, *CAT_BREEDS))  # "our beagle Bublik"
# "our cockatiel Kesha", "our chinchilla Zefir"
PET_WORDS |= frozenset((*PARROT_KINDS, *" ".join(SMALL_PETS).split()))
# After "a dog named Pepper": words between the pet word and the name.
PET_NAMING = frozenset("named called по кличке".split())

# Words around a title that make it a work, not a person: "reading Harry
# Potter", "a Harry Potter fan", "the Jane Eyre movie".
TITLE_BEFORE = frozenset(
    """read reading reread book books novel novels film films movie movies series
    show shows album song musical читал читала читаю прочитал прочитала книгу
    книга фильм сериал""".split()
)
TITLE_AFTER = frozenset(
    """book books movie movies film films series novel novels fan fans franchise
    saga trilogy universe soundtrack marathon album song musical""".split()
)

# Surname particles written in lower case ("van Gogh", "da Vinci").
PARTICLES = frozenset("van von da di du de del della der".split())

# Short forms that are not prefixes of the full name (a prefix, "Mel" of
# "Melanie", needs no list): short -> full, folded.
DIMINUTIVES = {
    "liz": "elizabeth",
    "beth": "elizabeth",
    "betty": "elizabeth",
    "bob": "robert",
    "bobby": "robert",
    "bill": "william",
    "billy": "william",
    "will": "william",
    "mike": "michael",
    "jim": "james",
    "jimmy": "james",
    "dick": "richard",
    "rick": "richard",
    "kate": "katherine",
    "katie": "katherine",
    "peggy": "margaret",
    "maggie": "margaret",
    "meg": "margaret",
    "jack": "john",
    "johnny": "john",
    "tony": "anthony",
    "sandy": "sandra",
    "becky": "rebecca",
    "саша": "александр",
    "шура": "александр",
    "лена": "елена",
    "дима": "дмитрий",
    "миша": "михаил",
    "таня": "татьяна",
    "катя": "екатерина",
    "наташа": "наталья",
    "оля": "ольга",
    "паша": "павел",
    "витя": "виктор",
    "женя": "евгений",
    "юля": "юлия",
    "света": "светлана",
    "маша": "мария",
    "серёжа": "сергей",
    "сережа": "сергей",
    "вова": "владимир",
    "володя": "владимир",
    "коля": "николай",
    "лёша": "алексей",
    "леша": "алексей",
    "ваня": "иван",
    "аня": "анна",
    "петя": "пётр",
    "лёва": "лев",
    "лева": "лев",
    "митя": "дмитрий",
    "костя": "константин",
    "гриша": "григорий",
    "гоша": "георгий",
    "боря": "борис",
    "вася": "василий",
    "федя": "фёдор",
    "стёпа": "степан",
    "тёма": "артём",
    "настя": "анастасия",
    "надя": "надежда",
    "галя": "галина",
}
