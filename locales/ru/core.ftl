# Seghan: Russian.

## Computer levels (a game's name and its words are in its own file)
level-easy = Лёгкий
level-normal = Средний
level-hard = Сложный

## Lobby
lobby-title = 🃏 Новая игра: { $game }
lobby-no-game = выберите игру
lobby-seated = За столом { $count } из { $size } игроков: { $names }
lobby-sizes-or = { $sizes } или { $last }
lobby-teams = Команды: { $teams }
lobby-option-target = 🎯 До { $value }
lobby-option-tables = 🪙 Столов: { $value }
lobby-option-match_games = 🎮 Игр: { $value }
lobby-option-coach = 💡 { $value ->
        [1] Подсказки: да
       *[other] Подсказки: нет
    }
lobby-join = Сесть
lobby-leave = Выйти
lobby-fill = 🤖×{ $count } { $level }
lobby-computer = 🤖 +1
lobby-start = ▶ Начать
lobby-open-bot = 💬 Открыть бота
lobby-open-bot-first = Сначала откройте бота и нажмите Start: туда придут ваши карты. Нажмите кнопку «Открыть бота».
lobby-already-joined = Вы уже за этим столом
lobby-full = Все места заняты
lobby-not-full = Есть свободные места: добавьте компьютер
lobby-choose-game = Сначала выберите игру
lobby-table-exists = В этом чате уже есть стол: /stop закрывает его
lobby-unknown-game = Такой игры нет. Игры: { $games }
lobby-joined-private = Вы за столом. Ваши карты появятся здесь, когда игра начнётся.

## Errors and alerts (at most 200 characters)
error-no-table = Здесь нет стола. Новая игра: /new
error-creator-only = Это может сделать только создатель стола или админ
error-bad-button = Неизвестная кнопка
error-seated-elsewhere = Вы уже сидите за другим столом
error-not-seated = Вы не за этим столом
error-stale = Эта кнопка больше не действует
error-busy = Секунду, я занят: попробуйте ещё раз
error-not-member = Вы не состоите в этой группе
error-table-over = Эта игра уже окончена
error-choose-cards = Сначала выберите карты
error-too-many-cards = Уже выбрано карт: { $count }, больше нельзя: сначала снимите одну
error-group-only = Эта команда работает в группе
illegal-not-your-turn = Сейчас не ваш ход
illegal-game-over = Игра окончена
illegal-bad-action = Сейчас так ходить нельзя
illegal-not-in-hand = Этой карты нет у вас на руке
illegal-must-follow-suit = Нужно ходить в масть
illegal-illegal = Правила не разрешают этот ход
kick-not-found = Этого игрока нет за столом
kick-usage = Ответьте на сообщение игрока командой /kick или напишите /kick @имя
kick-done = Игрок удалён: его место занял компьютер
seat-away = 💤 { $name }: нет на месте, пока не вернётся, за этого игрока играет компьютер
seat-back = 👋 { $name } снова за столом
table-abandoned = 💤 Все за столом давно отошли: стол закрыт, партия не засчитывается

## The table (group) and the hand (private)
table-stopped = Стол «{ $game }» закрыт
table-trick = На столе: { $cards }
table-last-trick = Прошлая взятка: { $name } ({ $cards })
hand-you-lead = Вы заходите
hand-leads = Заходит { $name }
table-my-hand = 👀 Мои карты
table-sheet = 📋 Счёт
table-sheet-sent = 📋 Запись счёта — в вашем личном чате с ботом
table-sheet-title = 📋 { $game }: запись счёта
hand-your-turn = ваш ход
hand-your-turn-line = Ваш ход
hand-wait = ждите своего хода
hand-empty = На руке нет карт
hand-back = Назад
hand-play-chosen = ▶ Сыграть ({ $count })
deal-over = { WORD($game, "deal.title") } { $number } окончена
deal-totals = Итого: { $scores }
deal-last-trick = Последняя взятка: { $name } ({ $cards })
match-over = 🏆 { $game }: партия окончена
match-again = 🔁 Ещё раз
match-place = { $place }. { $name } { $score }

## Commands and information
start-welcome = Привет! Я Сеган: карточные игры в группах. Добавьте меня в группу и напишите /new. Ваши карты придут сюда.
help =
    Сеган: карточные игры в группе.
    /new — новый стол ({ $games })
    /join — сесть за стол
    /stop — закрыть стол (создатель или админ)
    /kick — удалить игрока (его место займёт компьютер)
    /score — счёт, /top [игра] — лучшие игроки
    /stats — ваши результаты, /history — последние партии
    /table — стол вниз
    /rules игра — правила (например, /rules king)
    /lang hy, en, ru — язык
    /timer — время на ход (админ)
    /season [игра] [last] — сезон месяца, /timezone — часовой пояс группы
    /tournament игра [ЧЧ:ММ] — турнир (админ)
    { $ephemeral ->
        [yes] Ваши карты приходят сюда, в группу, их видите только вы (/hand), или, если выберете, в чат с ботом (/settings).
       *[no] Карты приходят в личный чат с ботом: сначала нажмите там Start.
    }
rules-missing = Правила этой игры ещё не готовы
rules-which = Правила какой игры? { $games }
# The values a rule option may take, in /rules without a table: «50 или 100», «1, 3 или 5»
rules-choices = { $some } или { $last }
lang-usage = Язык: /lang { $languages }
lang-set = Язык: русский
top-empty = Законченных партий пока нет
top-title = 🏆 Лучшие игроки
timer-usage = Время на ход: { $seconds } с. Изменить: /timer { $low }–{ $high }
timer-set = Теперь на ход { $seconds } с
error-admin-only = Это может сделать только админ группы
score-line = Счёт: { $scores }
command-new = Новый стол
command-join = Сесть за стол
command-stop = Закрыть стол
command-kick = Удалить игрока
command-score = Счёт
command-hand = Мои карты (вижу только я)
command-top = Лучшие игроки
command-timer = Время на ход
command-rules = Правила
command-lang = Язык
command-help = Помощь
command-start = Начать

## Scores, ratings and history (issue 18)
match-ratings = 📈 Рейтинг: { $ratings }
match-computer-ratings = 🤖 Компьютеры: { $levels } (общий рейтинг уровня, для сравнения)
chart-title = { $game }: ход партии
chart-deal = { WORD($game, "deal.title") }
chart-points = Очки
chart-tables = Столы
chart-low-wins = { $unit } (меньше — лучше)
top-game = { $game }
top-rated-line = { $place }. { $name } — { $rating } · { $won ->
    [one] { $won } победа
    [few] { $won } победы
   *[many] { $won } побед
}, { $played ->
    [one] { $played } партия
    [few] { $played } партии
   *[many] { $played } партий
}
top-computers = 🤖 Компьютеры (для сравнения): { $levels }
stats-empty = У вас ещё нет законченных партий
stats-title = 📊 { $name }, ваши результаты
stats-line = { $game }: рейтинг { $rating } · { $won ->
    [one] { $won } победа
    [few] { $won } победы
   *[many] { $won } побед
}, { $played ->
    [one] { $played } партия
    [few] { $played } партии
   *[many] { $played } партий
} (групп: { $chats })
history-empty = В этой группе ещё не играли
history-title = 📜 Последние партии (📋 — лист счёта)
history-line = { $number }. { $game }: 🏆 { $names } · { WORD($code, "deal.many") }: { $deals }
history-line-stopped = { $number }. { $game }: закрыта, { WORD($code, "deal.many") }: { $deals }
history-stopped = Партия закрыта до конца
table-moved = ⬇️ Стол переехал вниз
hand-moved = ⬇️ Ваши карты переехали вниз
table-over = 🏁 { $game }: партия окончена
table-winner = 🥇 { $count ->
    [one] Победитель
   *[other] Победители
}: { $names }
command-stats = Мои результаты
command-history = Последние партии
command-table = Стол — вниз

## the page (bot/web): its own few words, the rest is the messages'
web-spectator = 👀 Вы смотрите
web-you = Вы
web-trick = На столе
web-last-trick = Прошлая взятка
web-deal-last-trick = Последняя взятка
web-to-beat = Побить
web-seconds = с
web-connecting = Соединение…
web-standings = Счёт
web-open = 🃏 Открыть стол
web-timed = ⏱ Время вышло, за вас сыграл компьютер:
web-lower = ⬇ Меньше очков — лучше
web-dealer = Сдающий
web-pace = Темп
web-home = 🏠 Столы
web-more = Дальше
web-status-lobby = ждёт игроков
web-status-playing = идёт игра
web-status-finished = окончена
web-status-stopped = остановлена
web-result = Итог раздачи
web-card = { $rank } { $suit }
web-rank-A = Туз
web-rank-K = Король
web-rank-Q = Дама
web-rank-J = Валет
web-suit-S = пик
web-suit-H = червей
web-suit-D = бубен
web-suit-C = треф
web-four = Четырёхцветная колода
web-your-turn = 🃏 Ваш ход: вернуться к столу
web-fair-kept = 🔓 ✅ Секрет открывает 🔒 { $short }, показанный до первого хода: раздачи были определены до начала игры.
web-fair-broken = 🔓 ❌ Секрет не открывает 🔒 { $short }, показанный до первого хода: этим раздачам нельзя доверять.

## Seasons (issue 27): a season is the group's calendar month
month-1 = январь
month-2 = февраль
month-3 = март
month-4 = апрель
month-5 = май
month-6 = июнь
month-7 = июль
month-8 = август
month-9 = сентябрь
month-10 = октябрь
month-11 = ноябрь
month-12 = декабрь
season-name = { $month } { $year }
season-title = 🗓 Сезон: { $season } ({ $zone })
season-line = { $place }. { $name } — { $won ->
    [one] { $won } победа
    [few] { $won } победы
   *[many] { $won } побед
} · { $played ->
    [one] { $played } партия
    [few] { $played } партии
   *[many] { $played } партий
} · { $gained }
season-empty = В сезоне «{ $season }» ещё нет рейтинговых партий
season-usage = Непонятно: «{ $word }». Например: /season, /season hearts, /season last
season-over = 🏁 { $game }: сезон «{ $season }» завершён
season-podium = { $medal } { $name } — { $won ->
    [one] { $won } победа
    [few] { $won } победы
   *[many] { $won } побед
}, { $gained }
season-most = 🎲 Больше всех партий: { $name } ({ $played })
season-climb = 📈 Самый большой рост: { $name } ({ $gained })
season-chart-title = { $game }: сезон «{ $season }»
season-chart-matches = Партии
season-chart-gained = Рейтинг, набранный за сезон
timezone-now = Часовой пояс группы: { $zone } (сейчас { $time }). Сезоны группы — его календарные месяцы. Изменить (админ): /timezone Europe/Moscow
timezone-set = Часовой пояс группы теперь { $zone } (сейчас { $time })
timezone-bad = Неизвестный часовой пояс «{ $zone }». Например: /timezone Asia/Yerevan
command-season = Сезон месяца
command-timezone = Часовой пояс

## Tournaments (issue 27)
tournament-title = 🏆 Турнир: { $game }
tournament-when = { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
   *[many] { $rounds } туров
} · начало в { $time } ({ $zone })
tournament-entrants = Записались ({ $count }): { $names }
tournament-nobody = Пока никто не записался
tournament-join = ✅ Записаться
tournament-leave = 🚪 Выйти
tournament-rounds-button = 🔢 { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
   *[many] { $rounds } туров
}
tournament-start-now = ▶ Начать сейчас
tournament-cancel = ✖ Отменить
tournament-round = Тур { $round } из { $rounds }
tournament-board = Стол { $board }: { $names }
tournament-standings = Таблица после { $played ->
    [one] { $played } тура
   *[other] { $played } туров
}:
tournament-over = 🏁 Турнир завершён
tournament-cancelled = ✖ Турнир отменён
tournament-too-few = ✖ Турнир не состоялся: записалось слишком мало игроков
tournament-final = 🏁 { $game }: турнир завершён
tournament-winners = 🥇 Победитель: { $names }
tournament-table-head = 🏆 Турнир · тур { $round } · стол { $board }
tournament-exists = В этой группе турнир уже открыт
tournament-who = Турнир открывает админ группы или тот, кто открыл стол группы
tournament-bad-time = Время в виде ЧЧ:ММ, например: /tournament hearts 21:30
tournament-past = { $time } сегодня уже прошло: укажите время позже
tournament-chart-title = { $game }: ход турнира
tournament-chart-round = Тур
command-tournament = Турнир
history-in-tournament = тур { $round }, стол { $board }
history-tournament = 🏆 Турнир #{ $id }
# честная раздача (issue 41)
fair-commitment = 🔒 { $short }… карты определены до первого хода
fair-button = 🔒 Проверить
fair-commitment-alert = 🔒 Карты определены: { $commitment }. Секрет откроется в конце партии.
fair-secret-alert = 🔓 Секрет: { $secret }
fair-reveal = 🔓 Секрет раздач: { $secret }
fair-check = Проверить каждую раздачу (Python, с кодом Seghan):
tournament-duplicate = 🃏 Дубликат: { $on ->
    [1] да
   *[0] нет
    }
tournament-duplicate-mark = 🃏 дубликат
tournament-duplicate-round = 🃏 Тур { $round } окончен: за всеми столами были одни и те же карты. Лучше всех каждой рукой сыграли:
tournament-duplicate-best = Раздача { $deal }: { $names }
tournament-duplicate-wait = 🃏 За другими столами этого тура те же карты: раздачи покажем, когда доиграют все столы
tournament-fair-reveal = 🔓 Секрет турнира: { $secret }
tournament-fair-check = Он открывает 🔒 записи, и из него — карты каждого стола. Чтобы проверить стол, укажите его тур и стол после --label (round:R/board:B; в дубликатном туре: round:R):

# issue 43: where a hand is shown
hand-to-group = 👥 Карты в группе
hand-to-private = 💬 Карты в чате с ботом
hand-moved-away = ↪️ Ваши карты теперь в другом месте
hand-place-open-bot = Сначала откройте бота и нажмите Start, затем снова нажмите 💬
hand-place-ask = Где показывать ваши карты: здесь, в группе (видите только вы), или в чате с ботом?
hand-place-group = ✅ Карты будут в группе, видите их только вы. Изменить: 💬 под картами или /settings
hand-place-private = ✅ Карты будут в чате с ботом. Изменить: /settings
command-settings = Настройки: где ваши карты
settings-hand-group = Ваши карты показываются в группе (видите только вы). Где их показывать?
settings-hand-private = Ваши карты показываются здесь, в чате с ботом. Где их показывать?
settings-private-only = Ваши карты всегда в чате с ботом.
lobby-joined-group = ✅ Вы за столом. Карты придут сюда, их увидите только вы
