# 56: стол, рука и торговля, итоги, подсказки и правила. Ключи: fifty_six-*, rules-fifty_six.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-fifty_six = 56
fifty_six-deal = раздача
    .many = раздач
    .title = Раздача

fifty_six-illegal-bid-too-low = Заявка должна быть выше предыдущей
fifty_six-illegal-bad-bid-form = Эта форма не подходит к заявке
fifty_six-illegal-cannot-double = Контрить можно только заявку соперников, которая ещё не законтрена
fifty_six-illegal-cannot-redouble = Реконтра возможна только на законтренную заявку вашей команды
fifty_six-illegal-must-follow-suit = Нужно ходить в масть
fifty_six-illegal-not-in-hand = Этой карты нет у вас на руке

fifty_six-header = 🃏 56 · раздача { $number } · сдаёт { $dealer }
fifty_six-team-line = { $team } — { $tables } { $tables ->
        [one] стол
        [few] стола
       *[other] столов
    }
fifty_six-team-left = { $team } — выбыли после раздачи { $number }
fifty_six-order = За столом: { $seats }
fifty_six-auction = Торговля: { $calls }
fifty_six-auction-start = Торговля: заявок пока нет
fifty_six-contract = Контракт: { $contract } · { $mark } { $name }
fifty_six-points = Очки: { $points }
fifty_six-winner = 🏆 Победили: { $team }
fifty_six-last-trick = Прошлая взятка: { $name } ({ $cards }) +{ $points }
fifty_six-deal-last-trick = Последняя взятка: { $name } ({ $cards }) +{ $points }
fifty_six-nt = без козыря
fifty_six-all-passed = (все спасовали)
fifty_six-said-pass = пас
fifty_six-said-double = контра ×2
fifty_six-said-redouble = реконтра ×4
fifty_six-form-nt = { $value } без козыря
fifty_six-form-noes = { $value } Пусто
fifty_six-form-plus = Плюс { $plus } { $denom }
fifty_six-form-plus-noes = Плюс { $plus } Пусто

fifty_six-over = игра окончена
fifty_six-you = Ваша команда: { $mark }, партнёр { $partner } · столы: { $tables }
fifty_six-you-left = У вашей команды кончились столы в раздаче { $number }, и вы выбыли из игры.
fifty_six-you-left-watch = Игра идёт без вас, игроков: { $players }. Следите за ней в группе.
fifty_six-you-left-short = Ваша команда выбыла: у неё кончились столы
fifty_six-pass = Пас
fifty_six-double = Контра ×2
fifty_six-redouble = Реконтра ×4
fifty_six-more = Ещё
fifty_six-choose-call = Ваше слово: выберите число заявки или пас
fifty_six-choose-no-bid = Ваше слово
fifty_six-choose-value = Выберите число заявки
fifty_six-choose-denom = { $value }: выберите козырь или без козыря
fifty_six-forms-hint = 28♦: у меня валет · ♦ 28: валета нет, но есть старшие карты · Пусто: нет масти прошлой заявки
fifty_six-forms-hint-plus = Плюс 2 ♦: ровно 2 старшие карты этой масти и больше ни одной

fifty_six-deal-over = Раздача { $number } окончена
fifty_six-made = ✅ Контракт сыгран: { $contract } · { $team }: { $points } { $points ->
        [one] очко
        [few] очка
       *[other] очков
    } (нужно { $value })
fifty_six-lost = ❌ Контракт не сыгран: { $contract } · { $team }: { $points } { $points ->
        [one] очко
        [few] очка
       *[other] очков
    } (нужно { $value })
fifty_six-card-points = Очки: { $points }
fifty_six-table-changes = Столы: { $changes }
fifty_six-team-out = { $team }: столы кончились, команда выбывает
fifty_six-reformed = Стол собирается заново: { $players } { $players ->
        [one] игрок
        [few] игрока
       *[other] игроков
    }, по { $cards } карт
fifty_six-place-in = { $place }. { $team } — { $tables } { $tables ->
        [one] стол
        [few] стола
       *[other] столов
    }
fifty_six-place-out = { $place }. { $team } — выбыли после раздачи { $number }

rules-fifty_six =
    56 (4, 6 или 8 игроков, команды по двое, партнёры сидят напротив)
    Две колоды J 9 A 10 K Q (при 8 игроках ещё 8 и 7), каждая карта дважды. Старшинство: J, 9, A, 10, K, Q, 8, 7.
    Очки: валет 3, девятка 2, туз 1, десятка 1; всего 56.
    Столов у каждой команды в начале: { $tables }. Команда без столов выбывает; побеждает последняя команда со столами.
    Торговля: от 28 до 56 в масть или без козыря, каждая заявка выше прошлой. Заявку соперников можно законтрить, законтренную заявку своей команды — реконтрить (торговля заканчивается). Если все спасовали: 28 без козыря играет команда игрока справа от сдающего.
    Формы заявки (только подсказка партнёру): «28♦» у меня валет, «♦ 28» валета нет, «28 Пусто» нет масти прошлой заявки, «Плюс 2 ♦» только 2 старшие карты этой масти.
    Первым ходит игрок справа от сдающего. Ходите в масть, если можете; иначе любой картой. Из двух одинаковых карт берёт первая.
    Команда выполняет контракт, если набрала не меньше заявленного. Сыграла: получает от каждой другой команды 1 (28–39), 2 (40–47), 3 (48–55) или 4 (56) стола; не сыграла: платит каждой 2, 3, 4 или 5. Контра ×2, реконтра ×4.
