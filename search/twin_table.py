"""The English and Russian words of a personal life, a line per meaning.

Read by search/twin_words.py, which explains how a line is used. A Russian
word is searched by its stem as an FTS prefix of at least three letters: a
word whose short stem starts common words is left out ("приём" is "при"*,
"горы" is "гор"*, "вес" is "весна"*), unless the word is its stem: "хор"
is searched as "хор", "хора", "хором", never "хорошо" (twin_words.py
formed_twins). A language is its Russian adjective, whose stem ("сербск")
starts no other word.
"""

# english words | russian words; the words of a side are forms or near
# synonyms of one meaning. Grouped by the part of life they belong to.
TABLE = """
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
shed | сарай
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
condo condominium | кондо
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
quit quitting stop stopped stopping | бросить бросил бросила бросаю завязал завязала
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
neurologist | невролог
masseuse masseur | массажист массажистка
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
bar | бар
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
captain skipper | капитан
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
hurling | херлинг
golf | гольф
fishing | рыбалка рыбачил
stretching | растяжка
pilates | пилатес
membership | абонемент членство
trip journey travel travelling | поездка путешествие
tickets ticket | билеты
cancel cancelled canceled cancelling | отменили отменить отменила отменил отмена
hotel | отель гостиница
visa | виза
permit | внж
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
teacher | учитель учительница преподаватель преподавательница
supervisor | научрук научник
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
cat cats kitten | кошка котик котёнок кот
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
choir choirs | хор
sing singing | петь пою поём
group groups | группа
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
croatia | хорватия хорватию
spain | испания испанию
italy | италия италию
portugal | португалия португалию
greece | греция грецию
france | франция францию
germany | германия германию
turkey | турция турцию
poland | польша польшу
montenegro | черногория черногорию
cyprus | кипр
country | страна
village | деревня
dacha cottage | дача
church | церковь
park | парк
lake | озеро
train trains | поезд поезда электричка
coriander cilantro | кинза кинзу кинзы
dill | укроп
parsley | петрушка
garlic | чеснок
fasting | голодание голодать голодаю
subject subjects | предмет предметы
movers | грузчики
wallet | кошелёк кошелек
umbrella | зонт зонтик
backpack rucksack | рюкзак
jacket coat | куртка пальто
sneakers boots | обувь кроссовки ботинки
dress | платье
gift gifts | подарок подарки
pressure | давление
heart | сердце
cardiologist | кардиолог
stomach | желудок живот
zoo | зоопарк
playground | площадка площадке
toy toys | игрушка игрушки
stroller pram pushchair | коляска
nappies nappy diapers diaper | подгузники памперсы
tutor | репетитор
english | английский английского английским
german | немецкий немецкого немецким
spanish | испанский испанского испанским
french | французский французского
italian | итальянский итальянского
portuguese | португальский португальского
serbian | сербский сербского сербским
hebrew | иврит иврита ивритом
latvian | латышский латышского латышским
dutch | голландский голландского нидерландский
greek | греческий греческого греческим
turkish | турецкий турецкого турецким
polish | польский польского польским
czech | чешский чешского чешским
kazakh | казахский казахского казахским
ukrainian | украинский украинского украинским
armenian | армянский армянского армянским
russian | русский русского русским
arabic | арабский арабского арабским
chinese mandarin | китайский китайского китайским
japanese | японский японского японским
korean | корейский корейского корейским
finnish | финский финского финским
swedish | шведский шведского шведским
"""
