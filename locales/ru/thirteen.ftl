# Тринадцать (Thirteen, Tiến lên): стол, рука, итоги, подсказки и правила.
# Keys: thirteen-*, rules-thirteen; a reason the engine gives (IllegalAction.key) reads
# thirteen-illegal-<key> before illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-thirteen = Тринадцать
thirteen-deal = игра
    .many = игр
    .title = Игра

## Header
thirteen-header = 🃏 Тринадцать
thirteen-header-game = 🃏 Тринадцать · игра { $number }/{ $total }
thirteen-header-tiebreak = 🃏 Тринадцать · дополнительная игра ({ $number }-я)

## A seat on the table
thirteen-seat-cards = { $count } { $count ->
    [one] карта
    [few] карты
   *[many] карт
}
thirteen-seat-passed = пас
thirteen-seat-out = 🏁 { $place }-й

## Combinations: with their cards (the table), and by their ranks (the chosen cards)
thirteen-play-single = { $cards }
thirteen-play-pair = пара { $cards }
thirteen-play-triple = тройка { $cards }
thirteen-play-quad = бомба: каре { $cards }
thirteen-play-seq = стрит { $cards }
thirteen-play-dseq = бомба: двойной стрит { $cards }
thirteen-name-single = { $high }
thirteen-name-pair = пара { $rank }
thirteen-name-triple = тройка { $rank }
thirteen-name-quad = бомба: каре { $rank }
thirteen-name-seq = стрит { $low }–{ $high }
thirteen-name-dseq = бомба: пары { $low }–{ $high }

## The table (group)
thirteen-table = На столе: { $name }, { $combo }
thirteen-table-empty = Стол пуст
thirteen-table-cleared = Стол очищен; последним: { $name }, { $combo }
thirteen-last-play = Последний ход: { $name }, { $combo }
thirteen-web-deal-last-trick = Последний ход
thirteen-first-play = Первый ход должен содержать младшую карту
thirteen-finished = Вышли: { $names }

## The hand (private)
thirteen-your-turn = Ваш ход
thirteen-wait = Ждите своего хода
thirteen-to-beat = Побить: { $name }, { $combo }
thirteen-lead = Стол пуст: ходите любой комбинацией
thirteen-first-card = Первый ход должен содержать { $card }
thirteen-choose = Выберите карты и нажмите «Сыграть»
thirteen-chosen = Выбрано: { $combo }
thirteen-chosen-invalid = Выбрано: { $cards } (не комбинация)
thirteen-chosen-weak = Выбрано: { $combo } (не бьёт стол)
thirteen-chosen-lowest = Выбрано: { $combo } (нужна { $card })
thirteen-cannot-beat = Вам нечем побить стол: нажмите «Пас»
thirteen-locked = Вы спасовали: ждите, пока стол очистится
thirteen-out = Вы вышли { $place }-м
thirteen-left = Карты: { $counts }
thirteen-play = ▶ Сыграть
thirteen-pass = Пас

## Results (group)
thirteen-game-over = Игра { $number } окончена
thirteen-tiebreak-over = Дополнительная игра { $number } окончена
thirteen-tiebreak-next = { $names } делят первое место: играем дополнительную игру
thirteen-match-tiebreaks = Дополнительных игр: { $count }

## Alerts: why a play is refused
thirteen-illegal-locked-out = Вы спасовали: ждите, пока стол очистится
thirteen-illegal-not-in-hand = У вас нет этих карт
thirteen-illegal-not-a-combination = Эти карты не составляют комбинацию
thirteen-illegal-must-include-lowest = Первый ход должен содержать младшую розданную карту
thirteen-illegal-must-play = Стол пуст: пасовать нельзя, сыграйте комбинацию
thirteen-illegal-must-match-type = Нужна комбинация того же вида и размера
thirteen-illegal-too-low = Ваша старшая карта должна быть выше старшей карты на столе
thirteen-illegal-bomb-too-weak = Эта бомба недостаточно сильна

rules-thirteen =
    Тринадцать (Tiến lên): 2–4 игрока, 52 карты, по 13 каждому.
    Цель: первым избавиться от всех карт.
    Старшинство: 3 4 5 6 7 8 9 10 J Q K A 2 (двойка старше всех); масти ♠ ♣ ♦ ♥ от младшей к старшей. Масть важна только между картами одного достоинства.
    Комбинации: одна карта, пара, тройка, каре, стрит (от 3 карт подряд, без двоек), двойной стрит (от 3 пар подряд, без двоек).
    Первую игру начинает владелец младшей карты (при 4 игроках 3♠), и его первый ход должен её содержать.
    Стол бьют комбинацией того же вида и размера, чья старшая карта выше.
    Спасовавший не ходит, пока стол не очистится. Когда все остальные спасовали, последний сыгравший ходит чем угодно.
    Бомбы: каре или двойной стрит из 3 пар бьёт одну двойку, из 4 пар — две двойки, из 5 пар — три. Более сильная бомба бьёт более слабую.
    Игра идёт, пока карты не останутся у одного игрока. Очки за места при 4 игроках: 3, 2, 1, 0. Игр в партии: { $match_games }; побеждает набравший больше очков, при равенстве на первом месте играют дополнительную игру.
