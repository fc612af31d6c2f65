"""The forms of one given name: «Александр», «Саша», «Шура», "Alexander",
"Alex", "Sasha" are what one person is called, and no sound match joins them.

A bilingual user calls a friend by a diminutive in Russian turns, by its
transliteration or an English form in English ones ("Саша", "Sasha", "Alex"),
and asks about any of them. Each line of the table is one name: its Russian
forms (the full name and its common diminutives), the Latin spellings of
those (transliterations, which only a Russian name has), then its English
forms. A form may belong to several names ("Alex": Александр and Алексей,
"Саша": Александр and Александра), so a form maps to the names it may be.

The English forms alone say little ("Mary" and "Maria" are often two
people): a join needs a Russian form on one side (`russian_form`).
"""

from __future__ import annotations

from functools import cache

from .text import fold

# russian forms | their Latin spellings | English forms
_TABLE = """
александр саша шура саня | alexandr aleksandr sasha sanya shura | alexander alex
александра саша шура саня | aleksandra sasha sanya | alexandra alex sandra
алексей лёша лёха алёша | alexey aleksey alexei aleksei lyosha lesha alyosha | alex
михаил миша | mikhail misha | michael mike mick
дмитрий дима митя | dmitry dmitri dmitriy dima mitya | dimitri
екатерина катя катюша | ekaterina katya katyusha | katherine catherine kate katie
елена лена леночка | yelena lena | helen elena
мария маша машенька | mariya masha | mary maria marie
анна аня анечка нюра | anya anechka | anna ann anne annie
евгений женя | evgeny evgeniy yevgeny zhenya | eugene gene
евгения женя | evgeniya yevgenia zhenya | eugenia
николай коля | nikolai nikolay kolya | nicholas nick
павел паша | pavel pasha | paul
пётр петя | pyotr petr petya | peter pete
андрей андрюша | andrei andrey andriy andryusha | andrew andy
георгий гоша жора гиорги гоги | georgiy georgy georgii gosha zhora giorgi gogi | george
лев лёва | lev lyova leva | leo
иван ваня | vanya | ivan
сергей серёжа серёга | sergei sergey seryozha | serge
владимир вова володя | vladimir vova volodya | vlad
ольга оля | olya | olga
татьяна таня | tatiana tatyana tanya | tania
наталья наталия наташа | natalya nataliya natasha | natalie natalia
юлия юля | yuliya yulia yulya | julia julie
светлана света | svetlana sveta |
ирина ира | irina ira | irene
константин костя | konstantin kostya | constantine
григорий гриша | grigory grigoriy grisha | gregory greg
борис боря | borya | boris
василий вася | vasily vasiliy vasya |
фёдор федя | fyodor fedor fedya | theodore
степан стёпа | stepan styopa | stephen steven steve
артём тёма | artyom artem tyoma |
анастасия настя | anastasiya nastya | anastasia
надежда надя | nadezhda nadya | nadia
галина галя | galina galya |
виктор витя | vitya | victor vic
юрий юра | yury yuriy yuri yura |
яков яша | yakov yasha | jacob jack
илья илюша | ilya ilyusha | elijah
максим макс | maksim maxim | max
антон антоша | antosha | anthony tony
роман рома | roma | roman
денис дэн | denis | dennis
кирилл киря | kirill | cyril
тимофей тима | timofey tima | timothy tim
матвей мотя | matvey matvei | matthew matt
даниил данила даня | daniil danila danya | daniel dan danny
вадим вадик | vadik | vadim
валентина валя | valentina valya | valentine
ксения ксюша | kseniya ksenia ksyusha | xenia
софия софья соня | sofiya sofya sonya | sophia sophie sofia
елизавета лиза | elizaveta yelizaveta liza | elizabeth liz beth
дарья даша | darya dasha | daria
людмила люда мила | lyudmila lyuda mila | ludmila
"""


def _spellings(form: str) -> set[str]:
    """A form and, for «ё», its everyday spelling with «е»."""
    return {form, form.replace("ё", "е")}


@cache
def _names() -> tuple[dict[str, frozenset[int]], frozenset[str]]:
    """Which names (table lines) each form may be, and the Russian forms."""
    names: dict[str, set[int]] = {}
    russian: set[str] = set()
    for number, line in enumerate(filter(None, _TABLE.strip().splitlines())):
        own, latin, english = (part.split() for part in line.split("|"))
        for form in own + latin:
            russian |= _spellings(fold(form))
        for form in own + latin + english:
            for spelling in _spellings(fold(form)):
                names.setdefault(spelling, set()).add(number)
    return {f: frozenset(n) for f, n in names.items()}, frozenset(russian)


def names_of(form: str) -> frozenset[int]:
    """The names (opaque ids) the folded one-word `form` may be."""
    return _names()[0].get(form, frozenset())


def russian_form(form: str) -> bool:
    """`form` (folded) is a Russian form of a name or its Latin spelling."""
    return form in _names()[1]


def russian_forms() -> frozenset[str]:
    """Every Russian form and Latin spelling of one: given names all."""
    return _names()[1]


def forms_of(form: str) -> frozenset[str]:
    """Every form of every name the folded `form` may be, itself included."""
    wanted = names_of(form)
    if not wanted:
        return frozenset()
    return frozenset(f for f, names in _names()[0].items() if names & wanted)


def same_name(one: str, other: str) -> bool:
    """The folded forms `one` and `other` may be the same person's name."""
    return bool(names_of(one) & names_of(other))
