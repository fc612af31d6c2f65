"""Words that state a relation to the user ("my wife Sarah", "моя жена Света").

The offline extractor (writepath/entities.py) keeps the relation on the entity
and files "my wife" / "жена" as aliases; the query analysis (search/) maps a
question's inflected Russian forms ("с моей женой") back to these base forms,
so both sides speak the same words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Kinds of pet a user names their own ("our budgie Kiwi", "наш попугай
# Киви"): a relation like "my dog", whatever word describes it ("Kiwi, our
# green budgie" is our budgie, where "my climbing partner" is no partner).
PET_KINDS = frozenset(
    """dog cat puppy kitten hamster parrot budgie budgerigar rabbit bunny
    horse pony turtle tortoise ferret lizard snake goldfish canary
    собака пёс пес кот кошка щенок котёнок котенок попугай попугайчик хомяк
    кролик лошадь черепаха хорёк хорек ящерица змея канарейка""".split()
)
# Breeds a pet is named by ("our beagle Bublik", «наш бигль Бублик»): a dog
# or a cat, asked about as "our dog" / «наша кошка».
DOG_BREEDS = """beagle labrador retriever poodle spaniel terrier husky corgi dachshund
    collie pug bulldog greyhound whippet schnauzer chihuahua dalmatian sheepdog
    бигль лабрадор ретривер пудель спаниель терьер хаски корги такса колли мопс
    бульдог борзая грейхаунд шнауцер чихуахуа далматинец овчарка""".split()
CAT_BREEDS = """siamese persian ragdoll sphynx сиамская сиамский персидская персидский
    сфинкс мейн-кун""".split()
# Kinds of bird and small pet ("our cockatiel Kesha", «наша корелла Кеша»):
# each asked by its general word ("our parrot", «наш попугай»), as a breed is
# asked as "our dog".
PARROT_KINDS = """cockatiel budgie budgerigar parakeet cockatoo macaw lovebird
    корелла какаду ара неразлучник волнистик""".split()
SMALL_PETS = [
    "pig свинка",  # "our guinea pig Pushok", «наша морская свинка»
    "chinchilla шиншилла",
    "gerbil песчанка",
    "rat крыса",
    "mouse мышь мышка",
]
PET_KINDS |= frozenset(DOG_BREEDS + CAT_BREEDS + PARROT_KINDS)
PET_KINDS |= frozenset(" ".join(SMALL_PETS).split())
# Relation words of "my wife Sarah" / "моя жена Света": the relation kept on
# the entity and filed as an alias, so "my wife" and "жена" find Sarah.
RELATIONS = (
    frozenset(
        """wife husband partner girlfriend boyfriend fiance fiancee son daughter mom
    mother dad father brother sister grandma grandmother grandpa grandfather aunt
    uncle cousin niece nephew friend pal buddy mate boss manager supervisor
    colleague coworker
    neighbor
    neighbour roommate teacher doctor gp physician therapist coach mentor
    mum mummy mommy mama daddy papa granny gran grandad granddad
    grandson granddaughter grandchild pharmacist flatmate housemate tutor classmate
    stepmother
    stepfather stepson stepdaughter landlord landlady apprentice trainee intern
    mother-in-law father-in-law brother-in-law sister-in-law son-in-law
    daughter-in-law child
    жена муж сын дочь дочка мама мать папа отец брат сестра бабушка дедушка тётя
    тетя дядя друг подруга начальник начальница босс шеф руководитель
    руководительница заведующий заведующая коллега сосед соседка врач
    хозяин хозяйка арендодатель арендодательница
    бабуля дедуля мамочка папочка мамуля папуля братишка братик сестрёнка
    сестренка сестричка сынок сынишка дочурка внук внучка племянник племянница тренер
    фармацевт аптекарь аптекарша
    репетитор учитель учительница преподаватель преподавательница
    однокурсник однокурсница одноклассник ученик ученица подмастерье стажёр
    стажер стажёрка стажерка практикант практикантка
    одноклассница отчим мачеха жених невеста парень девушка
    ex ex-wife ex-husband ex-girlfriend ex-boyfriend ex-partner бывшая бывший
    тёща теща свекровь тесть свёкор свекор зять невестка терапевт
    флэтмейт флетмейт
    boy lad
    hubby wifey bf супруг супруга муженёк муженек благоверный благоверная
    dog cat собака пёс пес кот кошка""".split()
    )
    | PET_KINDS
)
# An expat's life is told with the local word for its people, inside English
# or Russian lines («у нашего Hausarzt», "my casera Lola", "la patronne"):
# the common German, Portuguese, Spanish, French and Italian words for the
# roles a life has, each a form of our own relation. Only words no English
# or Russian word starts with, stem and all ("chefe" is "chef"*, "jefe" "jef"*,
# "patron", "maestro" a word of their own: left out).
FOREIGN_ROLES = {
    "gp": "hausarzt hausärztin hausarztin",
    "landlord": """vermieter vermieterin senhorio senhoria casero casera
        arrendador arrendadora propriétaire proprietaire padrone""",
    "boss": "chefin vorgesetzter vorgesetzte jefa patronne",
    "colleague": "kollege kollegin kollegen colega colegas collègue collegue",
    "neighbour": """nachbar nachbarin nachbarn vizinho vizinha vecino vecina
        voisin voisine vicino vicina""",
    "teacher": "lehrer lehrerin lehrerinnen profesora professeure insegnante",
}
LOCAL_ROLE_WORDS = frozenset(" ".join(FOREIGN_ROLES.values()).split())
RELATIONS |= LOCAL_ROLE_WORDS
# A loanword for the boss, asked in its cases: «кто был моим тимлидом?». Its
# base form stays a title (boss_titles.py reads «наш тимлид Олег» as the boss,
# whom a relation word there would hide). Its clipped «лид» only in the forms
# no name shares: «лида», «лиду», «лиде» are Лида's too, and the clipped stem
# is Лидс's (Leeds).
LOANED_RELATIONS = dict.fromkeys(
    "тимлида тимлиду тимлидом тимлиде лид лидом".split(), "начальник"
)
# «моё начальство», «у начальства»: the bosses as one, said of one's own
# boss; asked as «начальник» (no entity is filed under the collective)
LOANED_RELATIONS |= dict.fromkeys(
    "начальство начальства начальству начальством начальстве".split(), "начальник"
)
RELATION_OWNERS = frozenset("my our мой моя мои наш наша".split())
# Relations one usually has once, so the bare word ("wife", "жена") is an alias.
UNIQUE_RELATIONS = frozenset(
    """wife husband partner girlfriend boyfriend fiance fiancee mom mother dad
    father boss manager landlord landlady grandma grandpa mum mummy mommy mama
    daddy papa
    stepmother stepfather жена муж мама мать папа отец начальник мамочка
    папочка отчим мачеха начальница босс шеф заведующий заведующая
    mother-in-law father-in-law тёща теща свекровь тесть свёкор свекор жених
    невеста парень девушка hubby wifey супруг супруга муженёк муженек
    благоверный благоверная""".split()
) | frozenset(f"{FOREIGN_ROLES['boss']} {FOREIGN_ROLES['landlord']}".split())
# Russian relations spoken of with the feminine "моя" (the rest take "мой").
RU_FEMININE = frozenset(
    """заведующая жена мама мать сестра бабушка тётя тетя подруга соседка дочь дочка
    бабуля мамочка мамуля сестрёнка сестренка сестричка дочурка внучка племянница
    учительница преподавательница
    однокурсница одноклассница хозяйка арендодательница ученица стажёрка аптекарша
    стажерка практикантка
    мачеха невеста бывшая девушка супруга благоверная
    начальница собака кошка тёща теща свекровь невестка лошадь черепаха
    ящерица змея канарейка борзая овчарка такса сиамская персидская
    корелла свинка шиншилла песчанка крыса мышь мышка""".split()
)


# "mother-in-law" is one relation word, though a query's words split it.
_IN_LAW = re.compile(r"(?<![\w-])(?:(my|our)\s+)?(\w+)(?:-|\s+)in(?:-|\s+)law\b", re.I)


def in_law_names(text: str) -> tuple[list[str], set[str]]:
    """The in-law relations `text` names, as entity names ("my mother-in-law",
    "mother-in-law"), and the words they hold that are no relation of their
    own ("mother": "my mother-in-law" is not my mother)."""
    names: list[str] = []
    heads: set[str] = set()
    for match in _IN_LAW.finditer(text):
        relation = f"{match[2].lower()}-in-law"
        if relation in RELATIONS:
            names += [f"my {relation}", relation]
            heads.add(match[2].lower())
    return names, heads


def owner_word(relation: str) -> str:
    """The possessive an alias of `relation` is filed with: "my", "моя", "мой"."""
    if relation.isascii():
        return "my"
    return "моя" if relation in RU_FEMININE else "мой"


# "my new boss Ingrid" is my boss; "my climbing partner Priya" is not my
# partner and "my former boss" not my boss: any other word between the owner
# and the relation makes a relation of its own ("climbing partner").
# An age says which brother, not another relation: "my older brother Misha"
# is my brother ("мой старший брат Миша" too).
SAME_RELATION_WORDS = frozenset(
    """new current now нынешний нынешняя новый новая новой older younger elder
    big little baby старший старшая младший младшая""".split()
)

# The same relation in the other language (and its other words): a newer
# "my boss" replaces every older one, "my wife" also finds "моя жена".
_SAME = [
    # the everyday and the formal words for the spouse: "hubby", «супруга»,
    # «благоверный» (said of one's own, half in jest)
    "wife wifey жена супруга благоверная",
    "husband hubby муж муженёк муженек супруг благоверный",
    # «мой парень», «моя девушка»: one's partner, not just a guy or a girl;
    # "my bf" as typed in a chat ("gf" is left out: gluten-free)
    "boyfriend bf парень",
    "girlfriend девушка",
    # one engagement: "fiancé" is often written for a woman too
    "fiance fiancee жених невеста",
    "mom mother mum mummy mommy mama мама мать мамочка мамуля",
    "dad father daddy papa папа отец папочка папуля",
    "brother брат братишка братик",
    "sister сестра сестрёнка сестренка сестричка",
    # "my boy", "my lad": a parent's word for the son
    "son boy lad сын сынок сынишка",
    "daughter дочь дочка дочурка",
    # "Zlata, our youngest": a child whose son or daughter was not said
    "child",
    "mother-in-law тёща теща свекровь",
    "father-in-law тесть свёкор свекор",
    "son-in-law зять",
    # the ex: «бывшая» alone (a «бывший начальник» is a former boss instead)
    "ex ex-wife ex-husband ex-girlfriend ex-boyfriend ex-partner бывшая бывший",
    "daughter-in-law невестка",
    "brother-in-law",
    "sister-in-law",
    "boss manager supervisor начальник начальница босс шеф руководитель"
    " руководительница заведующий заведующая",
    # who the home is rented from: «Хозяйка — кирия Андрула»
    "landlord landlady хозяин хозяйка арендодатель арендодательница",
    # "my mate", "ksenia's pal": the everyday British and American words
    "friend pal buddy mate друг подруга",
    "colleague coworker коллега",
    "neighbor neighbour сосед соседка",
    # the loanwords a Russian speaker abroad says: «моя флэтмейт Лариса»
    "roommate flatmate housemate флэтмейт флетмейт",
    "grandma grandmother granny gran бабушка бабуля",
    "grandpa grandfather grandad granddad дедушка дедуля",
    "grandson внук",
    "granddaughter внучка",
    # "my first grandchild": a grandchild whose sex was not said
    "grandchild",
    "pharmacist фармацевт аптекарь аптекарша",
    "nephew племянник",
    "niece племянница",
    "stepmother мачеха",
    "stepfather отчим",
    "coach тренер",
    "tutor репетитор",
    "teacher учитель учительница преподаватель преподавательница",
    # who learns a trade under the user: «ученик» is the apprentice of a
    # craft as much as a pupil, «стажёр» the trainee of an office
    "apprentice trainee intern ученик ученица подмастерье стажёр стажер"
    " стажёрка стажерка практикант практикантка",
    "classmate однокурсник однокурсница одноклассник одноклассница",
    "aunt тётя тетя",
    "uncle дядя",
    "doctor gp physician врач терапевт",
    " ".join(["dog собака пёс пес", *DOG_BREEDS]),
    " ".join(["cat кот кошка", *CAT_BREEDS]),
    "puppy щенок",
    "kitten котёнок котенок",
    " ".join(["parrot попугай попугайчик", *PARROT_KINDS]),
    *SMALL_PETS,
    "hamster хомяк",
    "rabbit bunny кролик",
    "horse лошадь",
    "turtle tortoise черепаха",
    "canary канарейка",
]


def _with_local_words(group: str) -> str:
    """A group of one relation's words with the local words for it."""
    words = group.split()
    return " ".join([group, *(FOREIGN_ROLES[k] for k in FOREIGN_ROLES if k in words)])


_SAME = [_with_local_words(group) for group in _SAME]
_SAME_AS = {word: frozenset(group.split()) for group in _SAME for word in group.split()}


# Words that state a relation without its name: "Lena and I have been
# married since 2019" says she is the wife.
_SIGNS = {
    "wife": "married wedding женаты свадьба",
    "husband": "married wedding женаты свадьба",
}
_SIGNS_OF = {
    word: frozenset(_SIGNS[key].split())
    for group in _SAME
    for key in group.split()
    if key in _SIGNS
    for word in group.split()
}


# A qualifier in the other language: "my best friend" is «моя лучшая
# подруга»; the Russian form agrees with the relation word's gender.
_QUALIFIER_TWINS: dict[str, tuple[str, ...]] = {
    "best": ("лучший", "лучшая"),
    "close": ("близкий", "близкая"),
    "closest": ("ближайший", "ближайшая"),
    "old": ("старый", "старая"),
    "former": ("бывший", "бывшая"),
    "first": ("первый", "первая"),
    "late": ("покойный", "покойная"),
    "previous": ("прежний", "прежняя"),
    "school": ("школьный", "школьная"),
}
# A spouse one had before the present one, said in any of these ways: "my
# late husband" is the one filed as «первый муж» (and "my first wife" the
# former one).
_PAST_SPOUSE = ("first", "late", "former", "previous")
_SPOUSES = frozenset("husband wife".split())
# A friend of long standing, said in any of these ways: "my oldest friend,
# we went to school together" is the one asked as «моя школьная подруга» or
# "my old friend" (each a friend the years made, not a new one).
_LONG_STANDING = ("old", "oldest", "school", "childhood")
_QUALIFIER_TWINS |= {
    ru: (en,) for en, forms in _QUALIFIER_TWINS.items() for ru in forms
}


def same_qualified(qualifier: str, word: str) -> list[str]:
    """The qualified relation in each of its words and languages: "best
    friend" is also "лучший друг" and "лучшая подруга"; a qualifier without
    a twin stays in its own language ("climbing partner")."""
    english = (
        qualifier if qualifier.isascii() else _QUALIFIER_TWINS.get(qualifier, ("",))[0]
    )
    if english in _PAST_SPOUSE and same_relation(word) & _SPOUSES:
        return [q for past in _PAST_SPOUSE for q in _same_qualified(past, word)]
    if english in _LONG_STANDING and "friend" in same_relation(word):
        return [q for old in _LONG_STANDING for q in _same_qualified(old, word)]
    return _same_qualified(english or qualifier, word)


def _same_qualified(qualifier: str, word: str) -> list[str]:
    english = (
        qualifier if qualifier.isascii() else _QUALIFIER_TWINS.get(qualifier, ("",))[0]
    )
    out = []
    for same in sorted(same_relation(word)):
        if same.isascii():
            form = english
        elif english in _QUALIFIER_TWINS:
            feminine = owner_word(same) == "моя"
            forms = _QUALIFIER_TWINS[english]
            form = next((f for f in forms if f.endswith("ая") == feminine), "")
        else:
            form = "" if qualifier.isascii() else qualifier
        if form:
            out.append(f"{form} {same}")
    return out


# A relation said in one word and in two: the GP is "my family doctor",
# «мой семейный врач» (a human doctor: the dog's vet is no relation word).
_SAID_IN_TWO = {"gp": ("family doctor", "family physician", "семейный врач")}


# A son or a daughter may be filed as the child the user said ("our
# youngest"): "my daughter" asks for that child too.
_CHILDREN = frozenset(("son", "daughter"))


_GRANDCHILDREN = frozenset(("grandson", "granddaughter"))


def wider_relations(relation: str) -> tuple[str, ...]:
    """The relation that also holds a `relation` said more narrowly: "child"
    for a son or a daughter in any of their words («дочка»: "child"),
    "grandchild" for a grandson or a granddaughter («внучка»)."""
    same = same_relation(relation)
    if same & _CHILDREN:
        return ("child",)
    return ("grandchild",) if same & _GRANDCHILDREN else ()


def said_in_two(relation: str) -> tuple[str, ...]:
    """The two-word relations that are `relation` or one of its same words
    ("my GP" is "my family doctor")."""
    return tuple(
        two
        for same in sorted(same_relation(relation))
        for two in _SAID_IN_TWO.get(same, ())
    )


def relation_signs(relation: str) -> frozenset[str]:
    """The relation word, its other words and the words that state it."""
    return same_relation(relation) | _SIGNS_OF.get(relation, frozenset())


def same_relation(relation: str) -> frozenset[str]:
    """The relation word with its translations and synonyms ("wife" → "жена")."""
    return _SAME_AS.get(relation, frozenset((relation,)))


# The first word of each group: the one a relative of someone else's is
# filed under (`kin_alias`), whatever word said the relation.
_HEAD_OF = {word: group.split()[0] for group in _SAME for word in group.split()}


def kin_alias(owner: str, kin: str) -> str:
    """The alias naming the `kin` of the person named `owner` ("Matěj's mom"
    for "Matěj", "mum" or «мама»): one form for every word of the relation,
    so the relative filed from «мама Матея» is found by "Matěj's mother"
    (writepath/kin_of.py files it, search/kin_asked.py looks it up)."""
    return f"{owner}'s {_HEAD_OF.get(kin, kin)}"


_HEADS = frozenset(_HEAD_OF.values())


def is_kin_alias(alias: str) -> bool:
    """The alias is a `kin_alias` ("Катя's husband"): whose relative the
    entity is, no name of hers (Oren is not called «Катя»)."""
    owner, said, head = alias.rpartition("'s ")
    return bool(owner and said) and head in _HEADS


def own_names(names: Iterable[str]) -> list[str]:
    """The names of `names` that call the entity itself: no `kin_alias`,
    whose owner's name would read as hers."""
    return [name for name in names if not is_kin_alias(name)]


def relation_of(owner: str, qualifier: str, word: str) -> str:
    """The relation "my <qualifier> <word>" states ("" for none): the bare
    word, or the word with its qualifier ("climbing partner")."""
    if owner.casefold() not in RELATION_OWNERS or word not in RELATIONS:
        return ""
    if not qualifier or qualifier in SAME_RELATION_WORDS or word in PET_KINDS:
        return word
    return f"{qualifier} {word}" if qualifier.isalpha() else ""


def relation_aliases(relation: str) -> list[str]:
    """Aliases a relation gives: "my wife" and "wife" (the bare word only for
    relations one usually has once: "friend" would name a different person
    each time), "my climbing partner" alone for a qualified one."""
    if not relation:
        return []
    word = relation.split()[-1]
    aliases = [f"{owner_word(word)} {relation}"]
    if relation in UNIQUE_RELATIONS:
        aliases.append(relation)
    return aliases


# Relations one holds one at a time and changes (a job's boss, a home's
# landlord): a new holder ends the older one, who stays the former holder.
ONE_AT_A_TIME = same_relation("boss") | same_relation("landlord")
# The people who serve one (the family doctor, the tutor): changed by going
# to someone else ("first visit to the new family doctor, Keti", "lesson with
# Sophie"), seldom by calling the new one by the relation again, so the one
# filed under the relation may well be the old one.
PROVIDERS = same_relation("gp") | same_relation("tutor") | same_relation("teacher")
# People who serve the user by a trade filed as no relation ("my dentist",
# «мой невролог», «массажистка»): a name beside the word is theirs, as beside
# "my wife" («у невролога Ларисы Ивановны» is no neurologist of Larisa's).
TRADE_PEOPLE = frozenset(
    """nanny babysitter physio physiotherapist osteopath chiropractor dentist
    optician hygienist neurologist masseuse masseur nurse
    няня воспитатель воспитательница физиотерапевт остеопат стоматолог невролог
    массажист массажистка медсестра медбрат carer caregiver сиделка""".split()
)
# The people one goes to where one lives (the doctor, the school's teacher,
# the landlord): "our doctor in Haarlem" is the one of that town, found by
# what is said of them there, never by the town's own turns; a friend "in
# Montreal" is no service of the town: the town's turns tell of them.
CHOSEN_BY_PLACE = (
    PROVIDERS
    | same_relation("doctor")
    | same_relation("landlord")
    | same_relation("pharmacist")
    | same_relation("coach")
    | frozenset(("therapist",))
)


def told_apart(one: str, other: str) -> bool:
    """Two people's filed relations say they are two ("colleague" and «брат»);
    a former one, a qualified one ("climbing partner") and a translation
    ("wife", «жена») are the same relation."""
    if not one or not other:
        return False
    return not _relation_words(one) & _relation_words(other)


def _relation_words(relation: str) -> frozenset[str]:
    bare = relation.removeprefix("former ")
    return same_relation(bare) | same_relation(bare.split()[-1] if bare else "")
