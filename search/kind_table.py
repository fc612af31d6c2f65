"""The everyday categories and their members, a block per category.

Read by search/kinds.py, which explains how a block is used: the
category's words, "=", its members in both languages (most common first;
capitalised: also a common word, counted only as a name).
"""

# Blocks separated by a blank line: the category's words, "=", its members
# (most common first; capitalised: also a common word, counted as a name).
# The ball and racket games are games too: what one plays ("What do I
# play?"), as chess is.
# A diet a doctor orders is said by what it cuts ("zero salt", «без соли»,
# "no sugar"), not by its name.
# A provider's members include what only it sells: savings, gigabytes (not an
# "account", «счёт», "calls": a bill, a login, anyone's call).
# The makes of the Russian market («Хавейл», «Джили») close the car's
# members: a question searches only the first MAX_KIND_TERMS (search/kinds.py)
# and «На чём я езжу?» asks the commute's members too, which must stay in.
TABLE = """
phone phones smartphone cellphone телефон смартфон мобильник
= iphone Pixel samsung xiaomi huawei oneplus nokia motorola android Galaxy
  айфон Пиксель самсунг сяоми хуавей андроид нокиа

laptop laptops computer computers pc ноутбук ноут компьютер комп
= macbook thinkpad dell lenovo asus acer chromebook imac Mac Surface xps razer
  макбук аймак леново асус

tablet tablets ipad планшет
= ipad kindle Galaxy айпад киндл

car cars automobile машина автомобиль тачка
= toyota corolla prius camry honda ford volkswagen vw bmw audi mercedes tesla skoda
  octavia passat fabia yaris hyundai kia nissan mazda volvo renault peugeot
  subaru opel fiat Focus Golf Polo Civic micra corsa clio qashqai
  тойота королла форд фольксваген бмв ауди мерседес тесла шкода хендай киа
  ниссан мазда вольво рено пежо лада микра корса клио октавия ярис
  lease leasing petrol diesel
  лизинг бензин дизель
  хавейл джили

bike bikes bicycle велосипед велик
= brompton trek cannondale ebike bmx fixie Giant Canyon Cube Specialized
  электровелосипед электровелик брамптон

race races забег забеги
= marathon half-marathon ultramarathon 10k 5k parkrun triathlon ironman
  марафон полумарафон ультрамарафон триатлон

motorbike motorcycle motorbikes мотоцикл байк
= yamaha kawasaki ducati suzuki harley vespa Triumph ямаха кавасаки дукати
  сузуки харлей веспа

sport sports workout workouts exercise exercises exercising fitness training
  спорт тренировка тренировки тренируюсь тренироваться фитнес зарядка
= yoga swimming swim swam climbing bouldering running tennis football soccer
  basketball volleyball cycling boxing pilates crossfit skiing hockey badminton
  karate judo gym futsal padel squash rugby triathlon marathon surfing rowing
  hiking йога плавание плавала плавал бассейн бег скалолазание теннис футбол
  футзал баскетбол волейбол бокс пилатес лыжи хоккей карате дзюдо спортзал
  падел сквош регби триатлон марафон серфинг велоспорт

school schools школа школы школе школу
= lyceum gymnasium academy kindergarten nursery preschool college лицей лицее
  лицея гимназия гимназии гимназию садик детсад колледж

diet meat diets диета мясо
= vegetarian vegetarians vegan veggie pescatarian keto вегетарианец
  вегетарианка вегетарианцы вегетарианство веган веганы пескетарианец
  пескетарианка salt соль соли сахар sugar

drink drinks beverage напиток напитки
= coffee tea matcha espresso latte cappuccino beer wine juice kombucha cocoa chicory
  rooibos kafa cortado oolong sencha chacha lemonade кофе чай матча эспрессо латте
  капучино пиво вино сок какао цикорий ройбуш кафа кортадо улун сенча чача лимонад

instrument instruments инструмент инструменты
= guitar piano violin cello drums ukulele flute saxophone trumpet clarinet harp
  accordion synth гитара пианино фортепиано скрипка виолончель барабаны укулеле
  флейта саксофон кларнет арфа аккордеон синтезатор

hobby hobbies pastime хобби увлечение увлекаюсь увлекаешься
= knitting pottery ceramics painting drawing gardening photography crochet sewing
  embroidery woodworking chess baking gaming playstation ps5 3d-printer
  3d-printing fishing вязание вяжу гончарка гончарное керамика рисование рисую
  садоводство фотография шахматы вышивка шитьё приставка 3d-принтер рыбалка
  theatre theater театр театральный choir singing хор пение

series show shows tv сериал сериалы
= season seasons episode episodes сезон сезона серия серию серии

music музыка
= jazz techno hip-hop rap punk indie classical opera blues reggae джаз техно
  рэп панк инди классика опера блюз

commute commuting добираться добираюсь добираешься
= bike cycle cycling bicycle tram bus train metro subway u-bahn s-bahn tube
  scooter велосипед велик трамвай автобус метро электричка поезд самокат
  пешком

bank banks банк банки
= revolut monzo n26 chase barclays hsbc santander paypal sparkasse commerzbank
  сбер сбербанк тинькофф втб savings overdraft mortgage
  сберегательный вклад ипотека ипотеку кредитка

carrier carriers operator operators оператор оператора оператором
= sim e-sim tariff prepaid симка симку сим-карта сим-карту тариф roaming роуминг
  signal sms смс vodafone o2 ee t-mobile verizon at&t rogers telus koodo fido
  orange movistar tele2 мтс билайн мегафон теле2 йота gigabytes гигабайт
  гигабайта звонки

dairy молочка молочное молочные молочку
= milk cheese yogurt yoghurt butter cream kefir молоко сыр йогурт кефир творог
  сметана сливки

pet pets питомец питомцы животное
= """

# The categories that follow the pets' members (their block ends TABLE).
MORE = """
language languages язык языки
= english german french spanish italian portuguese chinese mandarin japanese
  korean dutch polish turkish arabic английский немецкий французский испанский
  итальянский португальский китайский японский корейский

doctor doctors врач врача врачу доктор
= clinic hospital checkup check-up dr gp клиника поликлиника больница осмотр
  dentist optician ophthalmologist dermatologist pediatrician paediatrician
  physio physiotherapist gynaecologist gynecologist cardiologist orthodontist
  стоматолог дантист окулист офтальмолог терапевт педиатр дерматолог гинеколог
  кардиолог физиотерапевт невролог

supermarket supermarkets grocery groceries супермаркет магазин продукты
= lidl aldi rewe edeka tesco sainsbury's waitrose asda kaufland carrefour
  лидл альди пятёрочка перекрёсток ашан

streaming стриминг подписка
= netflix spotify disney hulu hbo youtube нетфликс кинопоиск окко

social соцсеть соцсети
= instagram facebook twitter tiktok linkedin reddit mastodon bluesky вконтакте
  инстаграм фейсбук тикток

messenger messengers мессенджер
= whatsapp telegram viber imessage Signal ватсап телеграм вайбер

game games игра игры
= chess tennis football soccer basketball volleyball hockey badminton squash
  padel rugby futsal poker minecraft fortnite zelda catan scrabble sudoku
  шахматы теннис футбол баскетбол волейбол хоккей бадминтон сквош падел регби
  футзал покер

console consoles приставка
= playstation ps5 xbox nintendo Switch плейстейшн иксбокс

camera cameras фотоаппарат камера
= canon nikon fujifilm leica gopro olympus кэнон никон

headphones earbuds наушники
= airpods bose sennheiser jabra Beats эйрподс

dance dancing танцы танцую
= salsa tango bachata waltz ballet zumba сальса танго бачата вальс балет

plant plants растение растения
= monstera ficus orchid cactus basil fern succulent монстера фикус орхидея
  кактус базилик

allergy allergies allergic аллергия аллергии
= peanuts nuts gluten lactose pollen penicillin shellfish арахис орехи глютен
  лактоза пыльца пенициллин

internet broadband isp интернет провайдер провайдера провайдером
= fibre fiber broadband router modem wifi wi-fi dsl adsl оптоволокно оптика
  роутер роутера модем вайфай вай-фай

energy electricity электричество электроэнергия энергия
= meter kwh solar heating счётчик счетчик квт отопление

телевидение телевидения телевидением
= channels cable satellite Sky Virgin comcast xfinity directv HOT cellcom
  каналы каналов кабельное спутниковое триколор ростелеком

airline airlines авиакомпания
= lufthansa ryanair easyjet klm wizz аэрофлот

hairdresser hairdressers barber barbers hairstylist парикмахер парикмахерша
  парикмахершу парикмахерская барбер стригусь стригся стриглась стричься
  подстригусь подстригся подстриглась
= haircut haircuts trim fringe bangs salon стрижка стрижку стрижки чёлку
  покраска покраску покрасила корни салон

statin statins статин статины статинов статинах
= atorvastatin rosuvastatin simvastatin pravastatin lipitor crestor аторвастатин
  розувастатин симвастатин правастатин липитор крестор

vet vets veterinarian veterinary ветеринар ветеринара ветеринару ветврач
  ветклиника ветклинику
= vaccination vaccinations deworming прививка прививки прививку
"""
