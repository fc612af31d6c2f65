"""English and Russian twins of everyday words: "car" is «машина».

A bilingual user tells their life in both languages ("Picked up our new car
today", "Продал старый «Форд», две недели без машины") and asks in either.
Without an embedder no word of "Какая у меня сейчас машина?" meets the
English turn, so half of what answers it never becomes a candidate, and a
question whose word was only ever said in the other language looks like
one about something never said. Names cross scripts by sound
(search/cross_script.py); words do not, so the nouns and verbs of a personal
life are listed here once, each line an English side and a Russian side.
A word is looked up by its light stem (search/morphology.py `stem`), so
inflected forms find their twin ("машину", "машины"; "cars", "drove").
Words of one side are not made synonyms of each other: only the other
language is added, the rest is the question's own wording.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

from ..core.relations import RELATION_OWNERS, RELATIONS, same_relation
from .morphology import is_russian, relation_base_forms, russian_stem, stem
from .query_text import STOP_WORDS
from .twin_phrases import phrase_twin_terms

# A Russian twin is searched by its stem as an FTS prefix (query_text.py):
# a shorter prefix matches unrelated words ("ко"* is "который", "кот"). The
# table leaves out words whose 3-letter prefix starts common words ("приём"
# is "при"*, "горы" is "гор"*, the prefix of "город").
MIN_SEARCH_PREFIX = 3
# A long prompt (a pasted page) would add a twin or three per word: the FTS
# leg counts each term's rows, so the twins searched are bounded.
MAX_TWIN_TERMS = 12

# english words | russian words; the words of a side are forms or near
# synonyms of one meaning. Grouped by the part of life they belong to.
_TABLE = """
car cars automobile | машина автомобиль тачка
drive drove driving | водить вожу езжу ездить
bike bicycle | велосипед велик
motorbike motorcycle | мотоцикл байк
bus | автобус
tram | трамвай
taxi cab | такси
plane flight flights fly flew | самолёт самолет рейс перелёт
airport | аэропорт
garage | гараж
petrol fuel | бензин заправка
parking | парковка
tyre tyres tire | шина шины
insurance insurer insured | страховка страховку застраховала застраховал
van | фургон
scooter | самокат
truck lorry | грузовик
boat | лодка
helmet | шлем
repair | ремонт
home house | дом квартира жильё
flat apartment | квартира
rent renting | аренда снимаем снимать
mortgage | ипотека
move moved moving relocate | переезд переехали переезжаем
neighbour neighbours neighbor | сосед соседи
kitchen | кухня
bedroom | спальня
balcony | балкон
garden gardening | огород сад
furniture | мебель
sofa couch | диван
boxes box | коробки коробка
renovation | ремонт
plumber | сантехник
electrician | электрик
cleaning | уборка
laundry | стирка
dishwasher | посудомойка
vacuum hoover | пылесос
oven | духовка
heating | отопление
window windows | окно окна
roof | крыша
lawn | газон
mower lawnmower | газонокосилка
bathroom | ванная
shower | душ
bed | кровать
wardrobe | шкаф
shelf shelves | полка стеллаж
carpet rug | ковёр
keys key | ключи ключ
job | работа
office | офис
boss manager | начальник руководитель менеджер
director headmaster headmistress principal | директор директриса
colleague colleagues coworker | коллега коллеги
salary | зарплата
meeting meetings | встреча совещание
interview | собеседование интервью
promotion | повышение
contract | контракт договор
project | проект
deadline | дедлайн срок
client clients | клиент клиенты
company employer | компания фирма
startup | стартап
shift shifts | смена смены
internship intern | стажировка стажёр
freelance freelancer | фриланс
cv resume | резюме
vacancy | вакансия
fired | уволили
conference | конференция
holiday holidays vacation | отпуск каникулы
doctor doctors gp | врач доктор терапевт
dentist | стоматолог зубной дантист
appointment appointments | записался записалась
hospital | больница госпиталь
clinic | клиника поликлиника
nurse | медсестра
pharmacy chemist | аптека
medicine medication pills | лекарство лекарства таблетки
prescription | рецепт
ill sick illness | болею заболел болезнь
fever temperature | температура
tooth teeth | зуб зубы
knee | колено
injury injured | травма
surgery operation | операция
vaccine vaccination jab | прививка вакцина
allergy allergic | аллергия
dermatologist | дерматолог
massage | массаж
physio physiotherapy physiotherapist | физиотерапия физиотерапевт физио
xray | рентген
mri | мрт
cough | кашель
covid | ковид
checkup | осмотр
optician | окулист
diabetes | диабет
blood | кровь
glasses | очки
therapy therapist | терапия психотерапевт психолог
food | еда
eat eating ate | ем ешь едим кушать
meat | мясо
beef | говядина
pork | свинина
chicken | курица
fish | рыба
vegetarian vegetarians veggie | вегетарианец вегетарианцы вегетарианский
vegan | веган
pescatarian pescatarians | пескетарианец пескетарианка пескетарианцы
diet | диета
breakfast | завтрак
lunch | обед
dinner supper | ужин
soup | суп
bread | хлеб
cheese | сыр
vegetables | овощи
fruit | фрукты
cake | торт пирог
pizza | пицца
pasta | паста макароны
eggs egg | яйца яйцо
milk | молоко
dairy | молочка молочное молочные
potatoes potato | картошка картофель
mushrooms | грибы
berries | ягоды
apple apples | яблоко яблоки
chocolate | шоколад
juice | сок
sushi | суши
burger burgers | бургер
steak | стейк
dumplings | пельмени вареники
porridge oatmeal | каша
borscht borsch | борщ
sandwich sandwiches | бутерброд
sugar | сахар
sweets sweet candy | сладкое сладости конфеты
coffee | кофе
tea | чай
chicory | цикорий
rooibos | ройбуш
wine | вино
beer | пиво
alcohol drinking | алкоголь
recipe | рецепт
restaurant | ресторан
cafe café | кафе кофейня
pub | паб
cook cooked cooking | готовить готовил приготовил
bake baked baking | пёк испёк выпечка
groceries grocery | продукты
gym | спортзал зал фитнес
sport sports | спорт
workout | тренировка
run running ran jog jogging | бег бегать бегал пробежка
swim swimming swam pool | плавание плавал бассейн
climbing bouldering | скалолазание скалодром
yoga | йога
football soccer | футбол
tennis | теннис
hike hiking | поход походы
ski skiing | лыжи
match game | матч игра
team | команда
coach trainer | тренер
marathon | марафон
boxing | бокс
judo | дзюдо
dance dancing | танцы
ballet | балет
haircut hairdresser barber | стрижка парикмахер парикмахерская барбер
hair | волосы
coworking | коворкинг
skating | коньки
surfing | сёрфинг
basketball | баскетбол
volleyball | волейбол
hockey | хоккей
golf | гольф
fishing | рыбалка
stretching | растяжка
pilates | пилатес
membership | абонемент членство
trip journey travel travelling | поездка путешествие
tickets ticket | билеты
hotel | отель гостиница
visa | виза
passport | паспорт
luggage suitcase | багаж чемодан
beach | пляж
weekend | выходные
summer | лето летом летний
winter | зима зимой зимний
autumn | осень осенью осенний
spring | весна весной весенний
abroad | заграница
camping tent | кемпинг палатка
cruise | круиз
border | граница
customs | таможня
station | вокзал станция
souvenir souvenirs | сувенир сувениры
tour excursion | экскурсия
school | школа
teacher | учитель учительница
homework | домашка уроки
class lesson lessons | урок занятие
kindergarten nursery | садик детсад
university college | университет институт универ
student | студент студентка
exam exams | экзамен экзамены
library | библиотека
shop store | магазин
shopping | покупки шопинг
buy bought | купить купил купила покупать
sell sold | продать продал продала продавать
order ordered | заказ заказал
delivery | доставка
price cost | стоимость
money | деньги
bank | банк
card | карта
loan | кредит
savings | сбережения накопления
bill bills | счёт счета
tax taxes | налог налоги
budget | бюджет
pension | пенсия
cash | наличные
refund | возврат
discount | скидка
sale | распродажа
deposit | залог депозит
investment investments invest | инвестиции
stocks shares | акции
crypto | крипта криптовалюта
pet pets | питомец
dog dogs puppy | собака пёс щенок
cat cats kitten | кошка котик котёнок
vet | ветеринар ветклиника
walk walked walking | прогулка гулять гулял
parrot | попугай
hamster | хомяк
horse | лошадь
cage | клетка
leash | поводок
bird birds | птица птицы
wedding married marry | свадьба расписываться
anniversary | годовщина
party | вечеринка праздник
christmas | рождество
january | январь января январе
february | февраль февраля феврале
march | март марта марте
april | апрель апреля апреле
june | июнь июня июне
july | июль июля июле
august | август августа августе
september | сентябрь сентября сентябре
october | октябрь октября октябре
november | ноябрь ноября ноябре
december | декабрь декабря декабре
easter | пасха
baby | малыш ребёнок младенец
pregnant pregnancy | беременна беременность
funeral | похороны
graduation prom | выпускной
divorce | развод
engagement engaged | помолвка
guitar | гитара
piano | пианино фортепиано
ukulele | укулеле
music | музыка
song | песня
concert | концерт
film movie cinema | фильм кино
series | сериал
flu | грипп простуда
headache | мигрень
licence license | водительские
diploma | диплом
grades marks | оценки
headteacher principal | директор
classmate classmates | одноклассник одноклассники
thesis dissertation | диссертация
scholarship | стипендия
lecture lectures | лекция лекции
semester | семестр
painting drawing | рисование рисунок
photo photos photography | фото фотография
flowers plants | цветы растения
knitting | вязание
chess | шахматы
reading | чтение
drums | барабаны
violin | скрипка
pottery ceramics | керамика гончарка гончарное гончарный
rehearsal | репетиция
ward | отделение отделении
sewing | шитьё
embroidery | вышивка
puzzle puzzles jigsaw | пазл пазлы
podcast | подкаст
blog | блог
poetry poems | стихи
exhibition | выставка
theatre theater | театр
opera | опера
phone | телефон
laptop computer | ноутбук компьютер
tablet | планшет
tv television | телевизор
internet wifi | интернет
app | приложение
camera | камера фотоаппарат
headphones | наушники
printer | принтер
charger | зарядка
battery | батарея аккумулятор
router | роутер
speaker | колонка
console playstation | приставка
keyboard | клавиатура
screen | экран
backup | бэкап
fridge | холодильник
password | пароль
email | почта письмо
message messages | сообщение
weather | погода
rain | дождь
snow | снег
city town | город
country | страна
village | деревня
dacha cottage | дача
church | церковь
park | парк
lake | озеро
"""


def _sides(line: str) -> tuple[list[str], list[str]]:
    english, russian = line.split("|")
    return english.split(), russian.split()


def _build() -> dict[str, frozenset[str]]:
    """Each word's stem → the words of the other side of its lines."""
    twins: dict[str, set[str]] = {}
    for line in filter(None, (raw.strip() for raw in _TABLE.splitlines())):
        english, russian = _sides(line)
        for mine, other in ((english, russian), (russian, english)):
            for word in mine:
                for key in _keys(word):
                    twins.setdefault(key, set()).update(other)
    return {key: frozenset(words) for key, words in twins.items()}


def _keys(word: str) -> set[str]:
    """The stems a word is found by. A Russian noun in -ла / -ля is cut like
    a past tense ("школа" → "шко") while its other cases keep the л ("школу"
    → "школ"): it is filed under the stems of those cases too."""
    keys = {stem(word)}
    if is_russian(word) and word.endswith(("а", "я")):
        keys |= {stem(word[:-1] + ending) for ending in ("у", "е")}
    return keys


_TWINS = _build()
_TWIN_STEMS = {
    key: frozenset(found for word in words for found in _keys(word))
    for key, words in _TWINS.items()
}


def twins(word: str) -> frozenset[str]:
    """The other language's words for `word` (any form); empty when unknown."""
    return _TWINS.get(stem(word), frozenset())


def twin_stems(word_stem: str) -> frozenset[str]:
    """The stems of the twins of a word given by its stem ("машин" → "car")."""
    return _TWIN_STEMS.get(word_stem, frozenset())


def with_twins(stems: frozenset[str]) -> frozenset[str]:
    """The stems and their twins in the other language."""
    return frozenset(stems.union(*(twin_stems(key) for key in stems)))


@functools.lru_cache(maxsize=1024)
def searchable(word: str) -> bool:
    if word in STOP_WORDS:
        return False  # "есть" is "eat", and "there is"
    return not is_russian(word) or len(russian_stem(word)) >= MIN_SEARCH_PREFIX


_WORD = re.compile(r"\w+", re.UNICODE)


def own_relation_twins(text: str) -> list[str]:
    """The other language's words of a relation the text says is the
    user's ("my son": «сын»; «моего сына»: "son"): when no person holds the
    relation, the turns saying it in either language answer ("Мише
    четырнадцать, он мой сын" for "What's my son called?")."""
    written = _WORD.findall(text)
    words = relation_base_forms([w.lower() for w in written])
    return [
        twin
        for at, (owner, word) in enumerate(zip(["", *words], words, strict=False))
        if word in RELATIONS and (owner in RELATION_OWNERS or _named_owner(written, at))
        for twin in sorted(same_relation(word))
        if twin.isascii() != word.isascii()
    ]


def _named_owner(written: list[str], at: int) -> bool:
    """A named person owns the relation word at `at`: "Owen's mom" (the name,
    then "s"), «мама Оуэна» (a name after it, in the genitive): the turns of
    the other language say it in their words («Мама Оуэна, Линда»)."""
    before = written[max(0, at - 2) : at]
    after = written[at + 1 : at + 2]
    english = len(before) == 2 and before[1] == "s" and before[0][:1].isupper()
    russian = is_russian(written[at]) and bool(after) and after[0][:1].isupper()
    return english or russian


def twin_terms(terms: Iterable[str], text: str = "") -> tuple[str, ...]:
    """The twins of the question's `terms` worth searching for, each once, in
    the order of the terms (none already among them), after the twins of the
    phrases its `text` says ("New Year": «новый год», twin_phrases.py)."""
    given = list(terms)
    seen = {stem(term) for term in given}  # "car" and "cars" are one search
    found = [t for t in phrase_twin_terms(text) if stem(t) not in seen]
    found += [t for t in own_relation_twins(text) if stem(t) not in seen]
    seen |= {stem(t) for t in found}
    for term in given:
        for twin in sorted(twins(term)):
            if stem(twin) not in seen and searchable(twin):
                seen.add(stem(twin))
                found.append(twin)
    return tuple(found[:MAX_TWIN_TERMS])
