# Bazar Blot («Բազար բլոտ»): the table, the auction picker, the hand, the results, the alerts and
# the rules. Keys: bazar_blot-*, rules-bazar_blot; an engine reason reads bazar_blot-illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-bazar_blot = Базар-блот
bazar_blot-deal = раздача
    .many = раздач
    .title = Раздача

bazar_blot-header = 🃏 Базар-блот · раздача { $deal } · до { $target }
bazar_blot-team = { $names } — { $score }
bazar_blot-tricks = { $count ->
    [one] { $count } взятка
    [few] { $count } взятки
   *[other] { $count } взяток
  }
bazar_blot-calls = Базар: { $calls }
bazar_blot-declaring = заказчики
bazar_blot-turn = Ход: { $name }
bazar_blot-boy = Бой
bazar_blot-capot = Капут
bazar_blot-capot-bid = Капут { $bid }
bazar_blot-pass = Пас
bazar_blot-pass-said = пас
bazar_blot-quansh = Куанш
bazar_blot-sur = Сур
bazar_blot-times-2 = ×2 Куанш
bazar_blot-times-4 = ×4 Сур
bazar_blot-contract = Заказ: { $contract }
bazar_blot-announced = { $name }: { $combos }
bazar_blot-counting = Засчитаны: { $team } — { $combos }
bazar_blot-none-count = Комбинации равны: не засчитываются никому
bazar_blot-blot-said = { $name }: Блот
bazar_blot-combo-terz = Терц
bazar_blot-combo-fifty = Полтинник
bazar_blot-combo-hundred = Сотня
bazar_blot-combo-four-jacks = Четыре валета
bazar_blot-combo-four-nines = Четыре девятки
bazar_blot-combo-four-aces = Четыре туза
bazar_blot-combo-four-tens = Четыре десятки
bazar_blot-combo-four-queens = Четыре дамы
bazar_blot-combo-four-kings = Четыре короля
bazar_blot-my-combos = Ваши комбинации: { $combos }
bazar_blot-your-call = Ваше слово
bazar_blot-more = Ещё ›
bazar_blot-choose-level = Выберите заказ
bazar_blot-choose-capot = Капут: выберите заказ
bazar_blot-choose-strain = { $bid } — выберите масть
bazar_blot-sur-prompt = Куанш от { $name }. Сур или пас?
bazar_blot-deal-over = Раздача { $number } окончена
bazar_blot-thrown-in = Все спасовали: карты раздают заново
bazar_blot-made = ✅ Заказ сыгран
bazar_blot-failed = ❌ Заказ не сыгран
bazar_blot-capot-taken = Капут: { $team } взяли все 8 взяток
bazar_blot-card-points = Карты: { $points }
bazar_blot-combos-counted = Комбинации: { $team } — { $combos } ({ $points })
bazar_blot-blot-counted = Блот: { $name } ({ $points })
bazar_blot-winner = Победили: { $team }
bazar_blot-illegal-bid-too-low = Заказ должен быть выше предыдущего
bazar_blot-illegal-bid-too-high = Самый высокий заказ — 50
bazar_blot-illegal-capot-below-25 = Капут можно заказать от 25
bazar_blot-illegal-nothing-to-quansh = Куанш говорят только на чей-то заказ
bazar_blot-illegal-quansh-own-team = Куанш говорят только на заказ соперников
bazar_blot-illegal-bidding-closed = После куанша можно сказать только сур или пас
bazar_blot-illegal-no-quansh = Сур отвечает на куанш, а его не было
bazar_blot-illegal-must-follow-suit = Нужно ходить в масть
bazar_blot-illegal-must-overtrump = Нужно положить козырь старше
bazar_blot-illegal-must-trump = Масти нет: нужно бить козырем
rules-bazar_blot =
    Базар-блот (4 игрока в двух командах, партнёры напротив; 32 карты от семёрки до туза, по 8)
    Козыри: валет 20, девятка 14, туз 11, десятка 10, король 4, дама 3. Остальные масти: туз 11, десятка 10, король 4, дама 3, валет 2. В бое (без козыря) туз стоит 19. Последняя взятка даёт ещё 10: всего 162.
    Базар (торговля): говорят по очереди. Самый малый заказ — 8 (80 очков); каждый следующий выше прежнего, в козырной масти или бой. Четыре паса — карты раздают заново. Капут (все 8 взяток) можно заказать от 25.
    Куанш: соперники удваивают заказ, ×2; заказавшая команда может ответить «Сур», ×4.
    Ходите в масть. Если зашли с козыря, кладите козырь старше, если он есть. Если масти нет и взятку берёт соперник, бейте козырем, старшим, если можете. Иначе — любая карта.
    Комбинации: терц 20, полтинник 50, сотня 100, четыре валета 200, четыре девятки 140, четыре туза 110, четыре десятки, дамы или короля 100. Засчитываются комбинации только той команды, у которой самая сильная комбинация. Блот (король и дама козырей), 20, засчитывается всегда.
    Заказавшая команда должна набрать заказ картами и комбинациями, иначе все очки раздачи уходят соперникам. Капут стоит 250.
    Счёт ведётся в десятках; игра идёт до { $target ->
        [151] 151
        [301] 301 («дворцовая комната»)
       *[other] { $target } (в «дворцовой комнате» — до 301)
    }.
