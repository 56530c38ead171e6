"""Words of board-situation questions -> concepts -> simulator queries (data, not answers).

``CONCEPTS`` maps a concept to word patterns. A pattern is one or more space-separated
items matched on consecutive words of the question; an item is
``stem*`` (the folded word starts with ``stem``), ``=lemma`` (``bot.morph.lemma`` of the word
equals it) or a plain word (the folded word equals it).

``SITUATIONS`` is the routing table: the first situation whose every group of concepts
is present (each group: any one concept of it), and none of whose ``forbid`` concepts is
present, names the simulator query (``bot.sim.queries.QUERIES``) that answers the question.
Order matters: more specific situations come first.

``STOP_WORDS`` (function words) and ``FILLER_LEMMAS`` (generic words) come from the one question
lexicon, ``grammar/lexicon.yaml`` (``bot.vocab``): they are never reported as not understood.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.vocab import words

# Nouns naming a piece of equipment (lemmas).
EQUIPMENT_ITEMS = ("=меч", "=щит", "=шлем", "=кольчуга", "=топор", "=копье", "=лук", "=посох", "=амулет", "=кинжал", "=секира", "=булава", "=молот", "=арбалет", "=лата", "=плащ", "=кольцо")

CONCEPTS: dict[str, tuple[str, ...]] = {
    # cards and traits
    "symbiote": ("симбиот*", "симб*", "сим", "сима", "симу", "симом", "симе", "симы", "симов", "симам", "симами", "симах"),
    "parasite": ("паразит*",),
    "equipment": ("экипиров*", "снаряжени*", "шмот*", "оружи*", "брон*", "доспех*", *EQUIPMENT_ITEMS),
    # a named piece of equipment (its class is not known from the name: «меч и щит»)
    "equipment_item": ("оружи*", "брон*", "доспех*", *EQUIPMENT_ITEMS),
    "artifact": ("артефакт*", "арт", "арта", "арту", "арты", "артом", "артов"),
    "terrain": ("местност*",),
    "creature": ("чел", "чела", "челу", "челом", "=тварь", "=боец", "=воин", "=маг", "=орк", "=тролль", "=эльф", "=гном", "=рыцарь", "существ*", "сущиств*"),
    "card": ("карт*",),
    "host": ("хозя*", "носител*"),
    "flying": ("летающ*", "летун*", "=летать", "полет*", "полёт*", "летает", "взлет*", "=взлететь", "=взлетать"),
    "incorporeal": ("бестелес*",),
    "no_class": ("без клас*", "нет класс*", "не имеет класс*", "бесклассов*", "не имеющ* класс*"),
    "class": ("класс*",),
    "same_class": ("одного класс*", "одинаков* класс*", "того же класс*", "тот же класс*", "одного и того же класс*"),
    "kind_of": ("разновидност*", "частн* случа*", "подвид*", "вид* перемещени*", "вид* движени*"),
    "different": ("разн*", "различ*"),
    "enemy": ("противник*", "чуж*", "вражеск*", "соперник*"),
    "own": ("сво* отряд*", "мо* отряд*", "сво*", "мо*", "собствен*"),
    "no_host": ("ничего не сказано", "не сказано", "не указано", "без указани*", "без хозя*", "нет хозя*", "не имеет хозя*", "не имеющ* хозя*", "лишн*", "не назначен*", "не назначил*", "некуда"),
    # events
    "dies": ("погиб*", "умер*", "умира*", "убит*", "убил*", "=убить", "гибел*", "умрет", "умрёт", "помр*", "помер*", "помира*",
             "сдох*", "подох*", "скончал*", "=скончаться"),
    "destroyed": ("уничтож*",),
    "leaves": ("покину* игров* зон*", "покида* игров* зон*", "покину*", "покида*", "ушел с пол*", "ушёл с пол*", "уходит с пол*", "вернул* в колод*", "сбросил*"),
    # gaining a trait: «стал летать», «получил полёт / бестелесность», «взлетел»
    "become": ("стал*", "сделал*", "станов*", "станет", "превращ*", "превратил*", "получил*", "получает", "получит", "обрел*",
               "обрёл", "приобрел*", "приобрёл", "взлет*", "=взлететь", "=взлетать", "начал* =летать"),
    "stop_being_creature": ("перестал* быть существ*", "перестает быть существ*", "перестаёт быть существ*"),
    "lose": ("потерял*", "теря*", "лишил*", "утратил*"),
    "change": ("смена", "смену", "смены", "сменой", "сменил*", "смени*", "меня*", "изменил*", "другой класс*", "друго* класс*", "смен* класс*", "изменени* класс*"),
    "phase_named": ("начальн* фаз*", "фаз* открыти*", "главн* фаз*", "заключительн* фаз*", "подфаз* движени*",
                    "подфаз* действи*", "четыре фаз*", "все фаз*", "все четыре фаз*", "каждая фаз*", "подфаз* выбора"),
    "skip": ("пропущ*", "пропуск*", "пропуст*", "отсутств*", "без подфаз*", "без фаз*", "не быть", "обязательн*", "может не быть",
             "не проход*", "не наступ*"),
    "part": ("входит ли", "входят ли", "частью", "часть", "части", "входит в", "в состав*", "в составе"),
    "in_turn": ("по очереди", "поочередно", "чередуя*", "чередуют*", "попеременно"),
    "summon": ("вызва*", "вызыва*", "вызов*", "возрожд*", "возроди*", "инкарн*", "призва*", "призыв*"),
    # placing and moving
    "place": ("=помещать", "=ставить", "=ставиться", "=поставить", "положить", "=положить", "поместить", "помещать", "=поместить", "помещен*", "помещён*", "надет*", "надева*",
              "повес*", "посад*", "назнач*", "вешать", "=вешать", "нацеп*", "цепля*", "=класть", "кладут", "перелож*", "переклад*", "прикреп*", "одет*", "одева*", "носить", "сажа*", "положен*", "размест*", "размещ*",
              "=кинуть", "=кидать", "=закинуть", "=подкинуть", "=подсадить"),
    # a card already on its host (state, not placing): «существо носит экипировку», «на нём висела»
    "wears": ("носит", "носят", "носящ*", "висит", "висят", "висела", "висел", "сидит", "сидел", "сидела"),
    "placement_word": ("помещается", "переносится", "располагается", "помещаются", "переносятся", "располагаются"),
    "move": ("=пройти", "прошл*", "прошел", "прошёл", "двига*", "двинут*", "передвига*", "передвиж*", "передвину*", "ходит*", "=ходить", "движени*", "пойти", "сходить", "подвинут*", "пройти", "пройдет", "пройдёт",
             "походит*", "=походить", "походил*", "сходил*", "=сходить", "подвига*"),
    "relocate": ("уход* в", "перемещ*", "перемест*"),
    "alone": ("отдельно", "сам", "сама", "само", "самостоятельно", "независимо", "без хозяина перемещ*"),
    "gone": ("пропад*", "исчеза*", "исчезн*", "слета*", "слетит", "отвалива*", "отвалит*", "спада*", "сгора*", "сгорит", "сбрасыва*"),
    "stays": ("оста*", "выжив*", "выживет", "сохраня*", "сохранит*", "сохранится", "=жить", "живет", "живёт", "жить"),
    "empty_stack": ("стек* пуст*", "пуст* стек*"),
    "before_after": ("до или после", "раньше или позже", "перед или после", "после или до"),
    "another": ("подряд", "ещё одно", "еще одно", "ещё и", "еще и", "сразу объявить", "второе игродейств*", "другое игродейств*", "два игродейств*", "несколько игродейств*"),
    "shown": ("отобража*", "отмеча*", "обознача*", "наклады*", "показыва*", "учитыва*"),
    "after": ("после",),
    "before_word": ("до", "перед", "прежде", "раньше"),
    "bottom_word": ("нижн*",),
    "start_phase": ("начальн* фаз*",),
    "later_phase": ("фаз* открыти*", "главн* фаз*", "заключительн* фаз*"),
    "together": ("вместе", "следом", "за хозяин*", "с хозяин*"),
    "cell": ("друг* клетк*", "клетк*", "клеток", "соседн* клетк*", "соседн*"),
    "occupied": ("занят*",),
    "diagonal": ("диагонал*", "наискос*"),
    "jump": ("прыж*", "телепорт*", "=прыгать", "прыга*", "прыгну*"),
    "instead": ("вместо движени*",),
    "spend": ("трат*", "потрат*", "расход*", "тратит*"),
    "already": ("уже", "после того", "после движени*", "подвигавш*", "двигавш*", "потратил*", "подвигал*", "сдвинул*", "походил*"),
    "zero_movement": ("нулев* запас*", "запас* движени* 0", "без запаса движени*", "запас* движени* равен 0",
                      "нет запаса движени*", "запас* движени* равен нулю", "нулев* движени*"),
    "movement_points": ("запас* движени*", "единиц* движени*", "очк* движени*"),
    "what_next": ("что теперь", "что дальше", "что потом", "что происходит", "что произойдет", "что произойдёт", "что будет"),
    "more": ("ещё", "еще", "дальше", "снова", "опять", "продолж*", "оставш*", "остал*"),
    "restore": ("восстанавл*", "восстанов*"),
    # attacks
    "attack": ("атак*", "атаков*", "удар*", "бить", "=бить", "напада*", "напасть", "бьет", "бьёт", "ударить"),
    "simple_strike": ("прост* удар*",),
    "redirect": ("перенаправ*",),
    "target": ("цел*",),
    "wound": ("=рана", "=ранить", "ранен*", "ранят", "ранить", "раны", "ран"),
    "defend": ("прикры*", "защит*", "защищ*", "отраж*", "отраз*"),
    "by_target": ("по артефакт*",),
    "closed": ("закрыт*", "закрыл*"),
    "open": ("открыт*", "открыва*", "открыл*", "открылось", "открылся", "откроется"),
    # stack and priority
    "stack": ("стек*",),
    "nonempty": ("не пуст*", "непуст*", "в стек* есть", "в стек* лежит", "в стек* что-то", "в ответ", "ответ* на",
                 "она в стек*", "он в стек*", "оно в стек*", "уже в стек*", "лежит в стек*", "находит* в стек*",
                 "в стек* находит*", "в стек* уже", "ответит*", "в стек* движени*", "в стек* атак*", "в стек* кубик*",
                 "в стек* бросок*", "в стек* действи*", "в стек* особенност*", "в стек* срабатыва*", "в стек* перемещени*",
                 "в стек* игродейств*", "в стек* чт*",
                 "противник* объявил*", "соперник* объявил*", "оппонент* объявил*"),
    "respond": ("в ответ", "ответит*", "ответ* на", "противник* объявил*", "соперник* объявил*", "оппонент* объявил*"),
    "uses_stack": ("использ* стек*", "использ* ли стек*", "через стек*", "в стек* заносит*", "заносит* в стек*", "заносится в стек*", "идет в стек*", "идёт в стек*", "кладется в стек*"),
    "priority": ("приоритет*",),
    "game_action": ("игродейств*",),
    "before_reveal": ("до вскрыти*", "до своего вскрыти*", "перед вскрыти*", "до подфаз* вскрыти*"),
    "forbidden": ("запрещ*", "запрет*", "не может перемещаться на", "нельзя перемещаться на"),
    "consists": ("состоит", "из чего", "этап*", "включает", "из каких част*"),
    "divide": ("делятся", "подразделя*", "вид* игродейств*", "бывают", "какие бывают", "группы", "типы"),
    "enters_stack": ("легл* в стек*", "лег в стек*", "ложится в стек*", "ложатся в стек*", "класть в стек*", "класть их в стек*", "их класть в стек*", "занос* в стек*", "попада* в стек*", "в стек* занос*", "помеща* в стек*", "кладется в стек*", "кладётся в стек*",
                     "клад* в стек*", "клад* сво* особенност* в стек*", "клад* сво* сработк* в стек*", "полож* в стек*",
                     "выкладыва* в стек*"),
    "pay": ("оплат*", "оплачива*"),
    "no_stack": ("сразу", "не использ* стек*", "без стек*", "выполня* сразу", "сразу выполня*", "сразу без стек*", "не идет в стек*", "не идёт в стек*", "не заносится в стек*"),
    "lives": ("жизн*",),
    "lives_max": ("максимум жизн*", "максимальн* жизн*", "начальн* жизн*", "начальн* количеств* жизн*"),
    "appears": ("появля*", "появил*", "входит в игр*", "вход* в игр*", "в игровой зон*", "вышл*", "разыгран*"),
    "grow_shrink": ("увелич*", "уменьш*", "измен*", "повыш*", "пониж*", "расти", "раст*т"),
    "lives_change": ("изменени* жизн*", "измен* жизн*", "меня* жизн*", "теря* жизн*", "уменьша* жизн*", "увелич* жизн*"),
    "turn_phases": ("начинается ход", "ход начинается", "начинается каждый ход", "начало хода", "фаз* хода", "порядок фаз*",
                    "какие фазы", "из каких фаз"),
    "between_phases": ("меж фаз*", "между фаз*", "между ход*", "между подфаз*", "между шаг*"),
    "phase_end": ("заканчива* фаз*", "завершае* фаз*", "конец фаз*", "фаз* заканчива*", "фаз* завершае*", "заканчивается",
                  "завершается", "закончить фаз*", "закончится фаз*", "фаз* закончит*"),
    "no_points": ("закончил* единиц*", "закончил* движени*", "закончил* запас*", "не осталось", "нет единиц*", "истратил*",
                  "потратил* все", "потратило все", "0 единиц*", "ноль единиц*", "кончил*"),
    "top_word": ("верхн*",),
    "top": ("верхн*", "нижн*", "последн*", "последним", "раньше", "первым"),
    "battlefield": ("пол* бо*", "на поле"),
    "additional_zone": ("вспомогательн* зон*", "дополнительн* зон*"),
    "independent": ("самостоятельн* существ*", "самостоятельным", "самостоятельное"),
    "recruit": ("=набрать", "набира*", "взять в отряд", "брать в отряд", "берет в отряд", "берёт в отряд", "набор* отряд*", "в отряд*", "=взять", "=брать"),
    "declare": ("объяв*", "заявк*", "заяв*"),
    "transfer": ("переходит", "переходят", "переда*", "передач*", "переходит к противник*", "отда*"),
    "new_phase": ("начал* нов* фаз*", "начал* нов* подфаз*", "нов* фаз*", "нов* подфаз*", "нов* шаг*", "кажд* фаз*", "начал* фаз*", "начал* подфаз*", "переход* к* фаз*"),
    "when": ("как долго", "до какого момента", "когда", "в какой момент", "в каких случаях"),
    "other_subphase": ("подфаз* действи*", "подфаз* движени*", "заключительн* фаз*", "начальн* фаз*", "фаз* открыти*",
                       "в ход противник*", "чужой ход"),
    "nearby": ("рядом", "клетк* хозя*", "клетк* сво* хозя*", "клетк* его хозя*", "клетк* её хозя*", "клетк* ее хозя*",
               "на той же", "в той же", "ту же", "той же", "там же", "на одной клетк*", "стоящ* рядом", "на той же клетк*", "ту же клетк*", "той же клетк*", "одну клетку", "одной клетк*",
               "какую клетку", "какой клетк*", "занимает"),
    # a cell of its own, not the host's: «на отдельной клетке», «свою клетку»
    "where_at": ("где",),
    "separate_cell": ("отдельн* клетк*", "отдельн* от хозя*", "свою клетку", "своей клетк*", "собственн* клетк*", "друг* клетк*"),
    "once": ("сколько раз", "один раз", "дважды", "повторно", "второй раз", "ещё раз", "еще раз", "два раза", "2 раза",
             "несколько раз", "много раз", "каждый ход", "каждом ходу", "снова использ*"),
    "both": ("подряд", "оба", "обоих", "обоюдн*", "последовательно"),
    "pass": ("=пас", "пасу*", "пасов*", "спасов*", "пасан*", "спасан*", "пасну*", "спасу*"),
    "which": ("какие", "каких", "перечисл*", "список", "что относится", "что относят"),
    "slow": ("медлен*",),
    "fast": ("быстр*",),
    "dice": ("бросок кубик*", "броск* кубик*", "брос* кубик*", "кубик*"),
    "sudden": ("внезапн* действи*", "внезапн* атак*", "внезапн*"),
    "trigger": ("сработ*", "срабатыва*"),
    "played": ("играем*",),
    "simultaneous": ("одновремен*",),
    # abilities as such: «одновременно» is about triggers only next to them (305.1)
    "ability": ("особенност*", "способност*", "абилк*", "абилит*"),
    "order": ("выбира* порядок", "выбира* порядк*", "порядк*", "=порядок", "очеред*", "сначала", "первыми", "раньше"),
    "resolve": ("выполня*", "выполнит*", "выполнят*", "выполнен*", "выполнил*", "разреша*", "срабатывает в стек*"),
    "rule_effect": ("эффект* правил* игр*", "эффект* правил*", "базов* эффект*", "обусловлен* правил*", "заявк* правил*",
                    "заявк* по правил*", "требуем* правил*", "требу* правил*"),
    # said aloud: «нужно ли объявлять вслух …» (301.1)
    "aloud": ("говорить вслух", "говорит* вслух", "сказать вслух", "вслух", "озвуч*", "проговар*", "произнос*", "произнест*", "громко"),
    "phase_transition": ("переход* к* фаз*", "переход* к* подфаз*", "переход* к* следующ* фаз*", "переход* к* следующ* подфаз*",
                         "переход* к* нов* фаз*", "смен* фаз*", "переход* фаз*",
                         "переход* из* фаз*", "переход* из* предварительн*", "переход* в* основн*", "переход* в* главн*",
                         "переход* в* следующ*"),
    "card_action": ("действи* карт*",),
    # phases
    "reveal": ("вскры*", "вскрыт*", "вскрыв*"),
    "seating": ("рассадк*", "рассажива*", "рассадить", "рассадят"),
    "first": ("перв*",),
    "second": ("втор*",),
    "player": ("игрок*",),
    "second_row": ("втор* ряд*", "2-го ряд*", "2 ряд*", "2-м ряд*"),
    "third_row": ("трет* ряд*", "3-го ряд*", "3 ряд*", "3-м ряд*", "задн* ряд*"),
    "front_row": ("перв* ряд*", "передн* ряд*", "1-го ряд*", "1 ряд*"),
    "hidden": ("скрыт*", "не вскрыва*", "не вскрыт*", "рубашк*", "не открывать", "не раскрыва*", "держать закрыт*",
               "держать карт* закрыт*", "держать их закрыт*", "оставить закрыт*", "оставить карт* закрыт*", "оставлять закрыт*",
               "оставлять карт* закрыт*"),
    "battle_start": ("начал* бо*", "начала бо*"),
    "vanguard": ("авангард*",),
    "decline": ("отказ*", "пропуст*", "пропуск*", "не использовал*", "не сыграл*", "не воспользовал*", "не применил*",
                "не стал* использ*", "не стал* игра*", "не стал* сыгр*", "не захотел*", "не захоч*",
                "упустил*"),
    "later": ("позже", "потом", "позднее", "=поздний", "впоследствии"),
    "active": ("активн*",),
    "inactive": ("неактивн*", "в ход противник*", "чужой ход", "не в свой ход", "ход противник*", "ход соперник*"),
    "who": ("кто", "кому", "кого", "чья", "чей", "чьи", "чьих"),
    "where": ("куда", "где можно", "где может", "на кого", "на каких", "на чьих", "на чьи", "каким существ*", "на какое", "на какие", "на какую"),
    "count": ("сколько", "скольк*", "скока", "скоко", "максимум", "больше одн*", "несколько"),
    # one more of a kind the player already has: «уже есть местность, можно ещё одну?»
    "one_more": ("ещё одн*", "еще одн*"),
    "two": ("=два", "двух", "две", "второ* симбиот*", "втор* экипиров*", "втор* местност*"),
    "main_phase": ("в основную", "основн* фаз*", "после предварительн* фаз*", "конц* предварительн* фаз*", "завершени* предварительн* фаз*"),
    "act": ("действ*", "подейств*", "=действовать"),
    "choice_subphase": ("подфаз* выбора",),
    "turn_start": ("начал* ход*", "новом ходу", "новый ход", "следующ* ход*"),
    "control": ("контрол*",),
    # «является игродействием?»
    "is_action_q": ("является игродейств*", "являются игродейств*", "это игродейств*", "считается игродейств*",
                    "считаются игродейств*", "игродейств* ли"),
    "is_verb": ("является", "являются", "считается", "считаются"),
    # how long: a limit the question supposes, checked against the rule's own limit
    "forever": ("всю игру", "весь бой", "всего боя", "всей игры", "до конца боя", "до конца игры", "навсегда",
                "сколько угодно", "все время", "всё время", "постоянно", "бессрочно", "до самого конца"),
    "allows": ("позволя*", "позволил*", "разреша*", "разрешил*", "дает право", "даёт право", "можно взять"),
    "icon": ("значок*", "значк*", "символ*", "цифр*", "числ*"),
    "text_field": ("текстов* пол*", "в тексте карт*", "в текстовом"),
    "properties": ("свойств* карт*", "в свойствах", "рядом со значк*", "рядом с движени*"),
    "former": ("стар*", "прежн*", "бывш*"),
    "requires": ("требу*", "нужн* ли", "необходим*"),
    "calculation": ("расчет*", "расчёт*", "рассчит*", "модификатор*"),
    "initial": ("начальн*", "изначальн*",),
    "not_incorporeal": ("небестелес*",),
    "old_cell": ("стар* клетк*", "прежн* клетк*", "на месте", "на прежнем месте", "на старом месте",),
    "current": ("текущ*",),
    "occupy": ("занима*", "займет", "займёт"),
    "movement_q": ("движение ли", "считается движени*", "является движени*", "это движение"),
}

STOP_WORDS: frozenset[str] = words("stop_words")

# Lemmas of generic words that never change the situation (not reported as not understood).
FILLER_LEMMAS: frozenset[str] = words("filler")

# Concepts of generic nouns: always counted as used by the situation.
GENERIC_CONCEPTS: tuple[str, ...] = ("creature", "card", "player", "cell", "game_action")

# Interrogative words: a question without any of them (and with «ли» or none) is a yes/no question.
WH_WORDS: frozenset[str] = frozenset("""что кто как когда где куда откуда сколько какой какая какое какие каком каким какую каких какими
какого какому чей чья чьё чье чьи чьих скока скоко почему зачем кого кому чем чему чё че чо шо чего кем каков какова каковы откуда""".split())

QUESTION_MARKERS = ("что такое", "что значит", "что означает", "что означают", "как работает", "определение", "что называется")


@dataclass(frozen=True)
class Situation:
    """A row of the routing table: all ``groups`` present (any concept of each),
    no concept of ``forbid`` present -> ``query`` (a key of ``queries.QUERIES``)."""

    query: str
    groups: tuple[tuple[str, ...], ...]
    forbid: tuple[str, ...] = ()


SUBJECTS = ("symbiote", "parasite", "equipment")

_STACK_ACTIONS = ("independent", "additional_zone", "dice", "move", "card_action", "trigger", "sudden", "relocate", "rule_effect",
                  "phase_transition", "jump", "battle_start", "vanguard", "played", "pass")

SITUATIONS: tuple[Situation, ...] = (
    # «нужно ли объявлять вслух заявки, обусловленные правилами игры?» (301.1)
    Situation("declare_aloud", (("aloud",), ("declare", "game_action", "rule_effect"))),
    # «переход в основную фазу надо объявлять?» — the game passes by itself (408.1, 302.5)
    Situation("transition_declared", (("phase_transition",), ("declare",)), forbid=("aloud", "uses_stack", "priority", "stack")),
    # an explicit «использует ли стек» about a named action wins over the board words around it
    Situation("uses_stack", (("uses_stack",), _STACK_ACTIONS + ("attack",), ("no_stack",)), forbid=("simultaneous",)),
    Situation("uses_stack", (("uses_stack",), _STACK_ACTIONS), forbid=("resolve", "simultaneous")),
    # «X является игродействием?»
    Situation("is_game_action", (("is_action_q",),), forbid=("slow", "fast", "top")),
    Situation("is_game_action", (("is_verb",), ("game_action",), _STACK_ACTIONS + ("attack", "pay")),
              forbid=("slow", "fast", "top", "uses_stack")),
    # «входит ли оплата в состав игродействия?» / «оплата — часть игродействия?» (301.1)
    Situation("is_game_action", (("part",), ("game_action",), ("pay",)), forbid=("slow", "fast", "top", "uses_stack", "stack")),
    # symbiotes, parasites, equipment
    Situation("new_host", (SUBJECTS, ("who", "stays"), ("host",), ("place",))),
    Situation("seating_order", (("symbiote", "parasite", "equipment", "seating"), ("who", "order"), ("first", "order")),
              forbid=("count",)),
    Situation("seating_order", (SUBJECTS, ("before_after", "when"), ("place", "seating")), forbid=("summon", "reveal")),
    # «паразитов рассаживают после экипировки?» — two kinds compared (405.2)
    Situation("seating_order", (("parasite",), ("symbiote", "equipment"), ("after", "before_word", "later"), ("place", "seating")),
              forbid=("summon", "reveal", "count")),
    Situation("parasite_hosts", (("parasite",), ("who", "where"))),
    Situation("parasite_hosts", (("parasite",), ("alternative",), ("own", "enemy"))),
    Situation("count_attached", (("count",), SUBJECTS, ("place", "creature", "host")), forbid=("dies", "become", "leaves")),
    Situation("attached_attack_host", (("symbiote", "parasite"), ("host", "creature", "own"), ("attack", "wound"))),
    Situation("summoned", (SUBJECTS, ("summon",))),
    Situation("unhosted", (SUBJECTS, ("no_host",))),
    Situation("attached_ban", (SUBJECTS, ("forbidden",), ("move", "relocate", "host", "cell"))),
    Situation("host_event", (SUBJECTS, ("host", "creature"), ("dies", "leaves", "become", "lose", "change", "stop_being_creature", "move", "relocate", "destroyed", "closed", "open")), forbid=("place", "alone", "uses_stack", "forbidden")),
    Situation("before_reveal", (("before_reveal",), SUBJECTS + ("terrain",))),
    Situation("attached_moves", (SUBJECTS, ("move", "relocate"))),
    Situation("attached_nearby", (SUBJECTS, ("nearby", "separate_cell"))),
    # «где стоит симбиот?» — on its host's cell (209.9, 212.7)
    Situation("attached_nearby", (SUBJECTS, ("where_at",)), forbid=("place", "summon", "move", "relocate", "dies", "leaves", "destroyed",
                                                               "reveal", "seating", "no_host", "gone", "stays")),
    Situation("place_on_host", (SUBJECTS, ("place", "creature", "host", "flying", "incorporeal", "no_class"))),
    # artifacts and terrains
    Situation("cells_occupied", (("count", "occupy", "occupied"), ("cell", "occupy"), ("artifact", "terrain", "creature")),
              forbid=("move", "relocate", "jump") + SUBJECTS),
    Situation("count_terrain", (("terrain",), ("count", "two", "control", "one_more"))),
    Situation("redirect", (("redirect",), ("terrain", "equipment"))),
    Situation("artifact_struck", (("artifact",), ("attack", "simple_strike"), ("by_target", "closed", "open"))),
    Situation("artifact_defends", (("artifact",), ("defend",))),
    Situation("attack_target", (("terrain", "equipment", "artifact"), ("attack", "target"))),
    Situation("wound_target", (("terrain", "equipment"), ("wound",))),
    Situation("cell_with_artifact", (("cell",), ("artifact",), ("move", "relocate", "jump"))),
    Situation("noncreature_moves", (("artifact", "terrain"), ("move", "relocate", "jump"))),
    # «артефакты располагаются на поле боя или во вспомогательной зоне?» (210.1, 211.1)
    Situation("kind_zone", (("artifact", "terrain"), ("battlefield", "additional_zone")),
              forbid=("before_reveal", "attack", "defend", "wound", "count", "reveal") + SUBJECTS),
    # movement and relocation
    Situation("placement_word", (("placement_word",), ("relocate", "move"))),
    Situation("relocation_spends", (("relocate",), ("spend", "movement_points")), forbid=("act",)),
    # «движение — это разновидность перемещения?» — movement is a particular case of relocation (507.1)
    Situation("movement_kind_of_relocation", (("kind_of",), ("move",), ("relocate",)), forbid=("jump", "instead") + SUBJECTS),
    Situation("relocation_is_movement", (("relocate",), ("movement_q",)), forbid=("jump", "instead")),
    Situation("occupied_cell", (("occupied",), ("move", "relocate", "cell", "jump"))),
    Situation("diagonal", (("diagonal",),)),
    # «походил на одну клетку, запас движения был 2 — могу ещё?»: the told steps against the told points
    Situation("move_remaining", (("move", "already"), ("cell",), ("movement_points",)),
              forbid=("jump", "instead", "relocate", "attack", "act", "artifact", "closed") + SUBJECTS),
    Situation("move_repeat", (("count",), ("cell",), ("move",)), forbid=("spend", "jump", "instead", "relocate")),
    Situation("move_cost", (("count",), ("movement_points", "spend")), forbid=("jump", "instead")),
    Situation("no_points_move", (("no_points",), ("move", "jump", "instead"))),
    Situation("jump_zero", (("jump", "instead"), ("zero_movement",))),
    Situation("jump_after_move", (("jump", "instead"), ("already",))),
    Situation("jump_spends", (("jump", "instead"), ("spend",))),
    Situation("jump_is_movement", (("jump", "instead"), ("move", "movement_q", "slow", "fast"))),
    Situation("closed_moves", (("closed",), ("move", "jump"))),
    Situation("phase_mandatory", (("phase_named", "turn_phases"), ("skip", "once", "count"))),
    Situation("move_repeat", (("move",), ("once", "two")), forbid=("jump", "instead", "relocate", "symbiote", "equipment", "parasite", "artifact")),
    Situation("move_outside_choice", (("other_subphase",), ("move",)), forbid=("inactive",)),
    Situation("open_restores", (("open", "restore", "turn_start"), ("move", "movement_points"))),
    Situation("act_then_move", (("act",), ("move", "movement_points")), forbid=("card_action", "slow", "fast", "stack")),
    Situation("act_then_move", (("attack",), ("move", "movement_points"), ("already", "later", "after")), forbid=("slow", "fast", "stack")),
    # «может ли существо двигаться, если оно атаковало?»: the order is told by the tense (the query checks)
    Situation("act_then_move", (("attack",), ("move", "movement_points")),
              forbid=("slow", "fast", "stack", "artifact", "terrain", "who", "inactive", "jump", "instead") + SUBJECTS),
    # stack, priority, speed
    # «после паса кто ходит?»: «ходит» is whose priority it is, not who may declare movement
    Situation("after_pass", (("pass",), ("who", "what_next")), forbid=("both", "empty_stack", "top", "top_word", "game_action", "resolve")),
    # «пас передаёт приоритет противнику?» / «после паса приоритет остаётся у спасовавшего?»
    Situation("after_pass", (("pass",), ("priority",), ("transfer", "stays")),
              forbid=("both", "empty_stack", "top", "top_word", "game_action", "resolve")),
    Situation("slow_nonempty_stack", (("stack",), ("nonempty",))),
    # «медленные игродействия можно только при пустом стеке?» — a speed, no action named (304.1)
    Situation("when_speed", (("slow", "fast"), ("empty_stack",)), forbid=("nonempty", "pass") + _STACK_ACTIONS + ("attack", "act")),
    Situation("slow_nonempty_stack", (("empty_stack",), _STACK_ACTIONS + ("attack", "act")), forbid=("pass",)),
    Situation("slow_nonempty_stack", (("respond",), _STACK_ACTIONS + ("attack", "act"))),
    Situation("action_parts", (("game_action",), ("consists",))),
    Situation("action_divide", (("game_action",), ("divide",)), forbid=("uses_stack", "slow", "fast")),
    Situation("when_on_stack", (("enters_stack",), ("when",)), forbid=("simultaneous", "trigger", "order")),
    Situation("payment", (("pay",), ("when", "order", "uses_stack", "stack", "after", "before_word")), forbid=("consists",)),
    Situation("priority_count", (("priority",), ("count", "who", "player")), forbid=("resolve", "declare", "new_phase", "pass", "rule_effect")),
    Situation("trigger_order", (("trigger", "ability"), ("active", "inactive"), ("stack",), ("top", "first", "order")),
              forbid=("battle_start", "vanguard", "fast", "sudden", "dice") + SUBJECTS),
    # «кто получает приоритет после выполнения верхнего в стеке?» is about priority (303.4), not the top
    Situation("stack_top", (("stack",), ("top",), ("resolve", "first", "order")), forbid=("trigger", "priority", "fast")),
    Situation("stack_top", (("stack",), ("top_word",)), forbid=("priority",)),
    # «кто выбирает порядок своих особенностей в стеке?» — each player his own (305.1)
    Situation("trigger_order", (("trigger", "ability"), ("order",), ("who", "active", "inactive")),
              forbid=("battle_start", "vanguard", "fast", "sudden", "dice") + SUBJECTS),
    # triggers that went off together, or one side's abilities going onto the stack: the order of 305.1
    Situation("trigger_order", (("trigger",), ("simultaneous",)), forbid=("battle_start", "vanguard")),
    Situation("trigger_order", (("trigger", "ability"), ("active", "inactive"), ("enters_stack", "order", "first")),
              forbid=("battle_start", "vanguard", "fast", "sudden", "dice") + SUBJECTS),
    Situation("inactive_fast", (("inactive",), ("fast", "sudden", "dice", "trigger"))),
    Situation("when_speed", (("when",), ("slow", "fast")), forbid=("nonempty",)),
    Situation("pass_is_action", (("pass",), ("act", "declare", "game_action")), forbid=("both",)),
    Situation("priority_after_declare", (("priority",), ("declare", "no_stack")), forbid=("resolve", "pass")),
    Situation("priority_after_declare", (("declare",), ("another",)), forbid=("resolve", "pass")),
    Situation("priority_new_phase", (("priority",), ("new_phase",))),
    # simultaneous triggers (305.1): «сработали / срабатывают», or «одновременно» about abilities —
    # «носить меч и щит одновременно» is not about triggers
    Situation("trigger_order", (("trigger",), ("order", "simultaneous", "who")), forbid=("battle_start", "vanguard")),
    Situation("trigger_order", (("simultaneous",), ("ability",), ("order", "who", "first", "resolve")),
              forbid=("battle_start", "vanguard") + SUBJECTS),
    Situation("which_speed", (("slow", "fast"), ("which",))),
    Situation("fast_after_resolve", (("fast",), ("resolve",), ("top", "top_word"))),
    Situation("speed", (("slow", "fast"),)),
    Situation("uses_stack", (("uses_stack", "stack"), _STACK_ACTIONS + ("attack",)), forbid=("resolve",)),
    Situation("which_use_stack", (("uses_stack",),), forbid=("resolve",)),
    Situation("stack_resolves", (("stack", "priority"), ("resolve",))),
    Situation("stack_resolves", (("declare",), ("resolve",), ("when",))),
    Situation("phase_end", (("pass",), ("empty_stack",))),
    Situation("stack_resolves", (("pass",), ("both",))),
    Situation("stack_resolves", (("pass",), ("top", "top_word"))),
    Situation("rule_effects_first", (("rule_effect",),)),
    # phases
    # «что раньше: в начале боя или авангард?» — two parts of the preliminary phase named
    Situation("preliminary_sequence", (("battle_start", "vanguard"), ("battle_start", "vanguard", "main_phase"),
                                       ("order", "first", "before_after", "alternative", "top", "later", "after", "when")),
              forbid=("decline", "once")),
    Situation("decline_later", (("battle_start", "vanguard"), ("decline",))),
    Situation("decline_later", (("battle_start", "vanguard"), ("pass",), ("later",))),
    Situation("once_per_battle", (("battle_start", "vanguard"), ("once", "count"))),
    Situation("preliminary_order", (("battle_start", "vanguard"), ("who", "order", "first", "in_turn", "simultaneous"))),
    Situation("reveal_hidden", (("second", "first"), ("hidden", "third_row")), forbid=("who",)),
    Situation("reveal_zones", (("reveal",), ("flying", "terrain"))),
    Situation("reveal_order", (("reveal",), ("who", "order", "first"))),
    Situation("between_phases", (("between_phases",),)),
    Situation("lives_icon", (("lives",), ("icon",))),
    Situation("lives_on_entry", (("lives", "lives_max"), ("appears", "summon"))),
    # «может ли текущий максимум жизней меняться по ходу игры?» (508.1)
    Situation("lives_max_change", (("lives_max",), ("change", "lives_change", "grow_shrink")), forbid=("appears", "summon", "icon")),
    Situation("lives_change", (("lives_change",),)),
    Situation("lives_change", (("wound", "lives"), ("shown",))),
    Situation("phase_end", (("phase_end",),), forbid=("symbiote", "equipment", "parasite")),
    Situation("turn_phases", (("turn_phases",),)),
    Situation("main_phase_active", (("main_phase",), ("active", "inactive", "who", "first", "second"))),
    Situation("who_moves", (("who",), ("move",))),
    Situation("trigger_order", (("inactive", "active"), ("order", "first", "resolve"))),
    Situation("inactive_moves", (("inactive",), ("move",))),
    Situation("symbiote_no_declare", (("move",), ("symbiote", "parasite"))),
    # «паразита можно на своего?» — no placing verb, only whose creature
    Situation("place_on_host", (SUBJECTS, ("own", "enemy")), forbid=("attack", "redirect", "wound", "target", "move", "relocate", "defend")),
)
