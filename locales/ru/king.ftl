# King («Քինգ»): the table, the hand, the score sheet, the alerts and the rules. Keys: king-*,
# rules-king; a reason the engine gives (IllegalAction.key) reads king-illegal-<key> first.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-king = Кинг
king-deal = партия
    .many = партий
    .title = Партия

king-contract-nt = Не брать взяток
king-contract-jk = Не брать валетов и королей
king-contract-qn = Не брать дам
king-contract-ht = Не брать черв
king-contract-l2 = Не брать две последние
king-contract-kh = Не брать Кинга
king-contract-tn = Не брать ничего
king-contract-tr = Козырь
king-contract-te = Брать всё
king-reminder-nt = каждая взятка −50
king-reminder-jk = каждый валет и король −60
king-reminder-qn = каждая дама −100
king-reminder-ht = каждая черва −30
king-reminder-l2 = предпоследняя взятка −120, последняя −240
king-reminder-kh = король червей (Кинг) −320
king-reminder-tn = штраф за всё: взятка −15, В и К −20, Д −30, черва −10, две последние −40 и −60, Кинг −95
king-reminder-tr = каждая взятка +50
king-reminder-te = очки за всё: взятка +15, В и К +20, Д +30, черва +10, две последние +40 и +60, Кинг +95
king-short-nt = Взятки
king-short-jk = В и К
king-short-qn = Дамы
king-short-ht = Червы
king-short-l2 = Посл. 2
king-short-kh = Кинг
king-short-tn = Ничего
king-short-tr = Козырь
king-short-te = Всё
king-header = 🃏 Кинг · раздача { $deal }/{ $deals } · { $contract }
king-declarer = Разыгрывает: { $name }
king-trump = Козырь: { $suit } · выбрал(а) { $name }
king-trump-choosing = { $name } выбирает козырь
king-choose-trump = Выберите козырь
king-suit-s = ♠ Пики
king-suit-h = ♥︎ Черви
king-suit-d = ♦︎ Бубны
king-suit-c = ♣ Трефы
king-deal-points = в раздаче { $points }
king-your-score = Ваши очки: { $total } · в раздаче { $points }
king-deal-over = Раздача { $deal }/{ $deals } «{ $contract }» окончена
king-deal-line = { $place }. { $name } { $total } ({ $points })
king-sheet-title = 📋 Запись
king-sheet-button = 📋 Запись
king-sheet-total = Итого
king-illegal-hearts-not-broken = Червы ещё не открыты: заходить с черв нельзя
king-illegal-trumps-not-broken = Козыри ещё не открыты: заходить с козыря нельзя
king-illegal-must-play-under = Нужно сбросить валета, даму или короля под старшую карту
king-illegal-must-play-king-of-hearts = Нужно сбросить короля червей (Кинга)
king-illegal-must-discard-penalty = Масти нет: нужно сбросить штрафную карту
king-illegal-must-trump = Масти нет: нужно бить козырем
king-illegal-must-overtrump = Нужно положить козырь старше
rules-king =
    Кинг (4 игрока, 52 карты, каждый за себя)
    12 раздач, у каждой своё условие: не брать взяток (−50 за взятку), валетов и королей (−60), дам (−100), черв (−30), две последние взятки (−120 и −240), Кинга — короля червей (−320), не брать ничего (все штрафы сразу), четыре раза Козырь (+50 за взятку), брать всё (+800 в сумме).
    Разыгрывает сосед сдающего слева: он ходит первым, а в Козыре называет козырь.
    В масть ходить обязательно. Масти нет — сбросьте штрафную карту (в Козыре — бейте козырем).
    Валет, дама или король, которых считает раздача, сбрасываются под старшую карту той же масти (Кинг — под туза червей).
    Заходить с черв (с козыря) нельзя, пока их не сыграли, если на руке не только они.
    На заход козырем кладите козырь старше, если он есть.
    После 12 раздач побеждает тот, у кого больше очков.
