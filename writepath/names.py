"""Word lists the offline entity extractor reads names against.

Without an LLM the extractor only sees capitalisation, so it needs to know which
capitalised words are ordinary words (sentence openers, interjections, shouted
words), which are common given names (so "Caroline" is a person, not a
concept), and which words state a relation ("my wife Sarah", "мой брат Андрей").
The lists are short on purpose: they cover the frequent cases, the nightly LLM
pass fixes the rest.
"""

from __future__ import annotations

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
    mr mrs ms dr prof sir madam
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
    я ты он она мы вы они это как что кто где когда почему зачем да нет привет
    спасибо пожалуйста ну вот так там тут но и или если уже ещё еще очень""".split()
)

# Words that may sit inside a multi-word name ("Lord of the Rings",
# "Vila Nova de Gaia"), never at either end.
NAME_CONNECTORS = frozenset("of the de da dos das del la le van von der".split())

# Words before a name that address or greet a person ("Woohoo Melanie!").
VOCATIVE = frozenset(
    """hey hi hello thanks thank woohoo woah whoa yo congrats congratulations
    wow bye cheers dear remember anytime sorry love привет спасибо пока""".split()
)

# Common given names: a first word found here makes the name a person.
GIVEN_NAMES = frozenset(
    """aaron adam alex alexander alice amanda amy andrew angela anna anne anthony
    ashley barbara ben benjamin beth betty bill bob brandon brian caroline carol
    catherine charles charlie chris christina christopher cindy claire daniel
    david deborah dennis diana donald donna dorothy ed edward elizabeth ella
    emily emma eric evan frank gary george gina grace greg hannah harry heather
    helen henry jack jacob james jane janet jason jean jeff jennifer jessica jim
    jo joanna joe john jon jonathan joseph joshua julia julie justin karen kate
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
    александр алексей андрей анна антон борис вадим валентин валерий василий
    виктор виталий витя владимир галина дарья дима дмитрий евгений екатерина
    елена иван игорь ирина катя константин лена максим маргарита мария марина
    миша михаил наталья наташа никита ольга оля павел паша сергей света
    светлана саша таня татьяна юлия юрий яна""".split()
)

# Kinship words written as a name ("dinner with Mom") stand for a person.
KIN_NAMES = frozenset("mom mum dad grandma grandpa granny nana papa мама папа".split())
