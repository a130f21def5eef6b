# Hearts («Սրտեր»): the table, the hand, the alerts and the rules. Keys: hearts-*, rules-hearts;
# a reason the engine gives (IllegalAction.key) reads hearts-illegal-<key> before illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-hearts = Червы
hearts-deal = раздача
    .many = раздач
    .title = Раздача

hearts-illegal-must-lead-two-clubs = Первая взятка начинается с двойки треф
hearts-illegal-no-points-first-trick = На первой взятке нельзя сбрасывать червы и даму пик
hearts-illegal-hearts-not-broken = Червы ещё не открыты: заходить с черв нельзя
hearts-illegal-pass-too-few = { $chosen ->
        [0] Сначала выберите 3 карты
       *[other] { $missing ->
            [one] Выберите ещё { $missing } карту
            [few] Выберите ещё { $missing } карты
           *[other] Выберите ещё { $missing } карт
        }
    }
hearts-illegal-pass-too-many = Передаются ровно 3 карты: лишних { $extra }
hearts-header = 🃏 Червы · раздача { $round } · { $direction }
hearts-pass-left = передача налево
hearts-pass-right = передача направо
hearts-pass-across = передача напротив
hearts-pass-none = без передачи
hearts-to-left = налево
hearts-to-right = направо
hearts-to-across = напротив
hearts-to-none = никому
hearts-passing = Передача: выбрали { $done }/4
hearts-broken = ♥ червы открыты
hearts-pass-choose = Выберите 3 карты, чтобы передать { $direction }
hearts-pass-confirm = Передать ({ $count }/3)
hearts-passed = Вы передали { $cards }. Ждём остальных.
hearts-received = Вы получили { $cards }
rules-hearts =
    Червы (4 игрока, 52 карты, без козырей)
    Цель: набрать как можно меньше очков.
    Перед каждой раздачей передайте 3 карты: налево, направо, напротив, затем без передачи.
    Первую взятку начинает владелец двойки треф. Ходить нужно в масть, если она есть.
    На первой взятке нельзя сбрасывать червы и даму пик, если есть другие карты.
    Заходить с черв нельзя, пока червы не открыты (пока кто-то их не сбросил), если на руке не только червы.
    Взятку берёт старшая карта масти хода.
    Каждая черва — 1 очко, дама пик — 13. Взявший все 26 «стреляет в луну»: остальные получают по 26.
    Партия кончается, когда кто-то набирает { $target } очков: побеждает тот, у кого меньше очков (при равенстве — ещё раздача).
hearts-moon = 🌙 { $name } снял луну: остальным по 26 очков
