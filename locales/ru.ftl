# Seghan: Russian.

## Games and computer levels
game-hearts = Червы
game-king = Кинг
game-bazar_blot = Базар-блот
game-fifty_six = 56
game-thirteen = Тринадцать
level-easy = Лёгкий
level-normal = Средний
level-hard = Сложный

## Lobby
lobby-title = 🃏 Новая игра: { $game }
lobby-no-game = выберите игру
lobby-seated = За столом ({ $count }/{ $size }): { $names }
lobby-join = Сесть
lobby-leave = Выйти
lobby-computer = 🤖 Компьютер
lobby-start = ▶ Начать
lobby-open-bot = 🤖 Открыть бота
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
error-bad-button = Эта кнопка не наша
error-seated-elsewhere = Вы уже сидите за другим столом
error-not-seated = Вы не за этим столом
error-stale = Эта кнопка больше не действует
error-table-over = Эта игра уже окончена
error-choose-cards = Сначала выберите карты
error-group-only = Эта команда работает в группе
illegal-not-your-turn = Сейчас не ваш ход
illegal-game-over = Игра окончена
illegal-bad-action = Сейчас так ходить нельзя
illegal-not-in-hand = Этой карты нет у вас на руке
illegal-must-lead-two-clubs = Первая взятка начинается с двойки треф
illegal-must-follow-suit = Нужно ходить в масть
illegal-no-points-first-trick = На первой взятке нельзя червы и даму пик
illegal-hearts-not-broken = Червы ещё не открыты: с червы ходить нельзя
illegal-illegal = Правила не разрешают этот ход
kick-not-found = Этого игрока нет за столом
kick-usage = Ответьте на сообщение игрока командой /kick или напишите /kick @имя
kick-done = Игрок удалён: его место занял компьютер

## The table (group) and the hand (private)
table-stopped = Стол «{ $game }» закрыт
table-trick = На столе: { $cards }
table-last-trick = Прошлая взятка: { $name } ({ $cards })
table-my-hand = 👀 Мои карты
hand-your-turn = ваш ход
hand-wait = ждите своего хода
hand-empty = На руке нет карт
deal-over = Раздача { $number } окончена
deal-totals = Всего: { $scores }
match-over = 🏆 { $game }: партия окончена
match-again = 🔁 Ещё раз
match-place = { $place }. { $name } — { $score }

## Hearts
hearts-header = 🃏 <b>Червы</b> · раздача { $round } · { $direction }
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

## Commands and information
start-welcome = Привет! Я Сеган: карточные игры в группах. Добавьте меня в группу и напишите /new. Ваши карты придут сюда.
help =
    Сеган: карточные игры в группе.
    /new — новый стол ({ $games })
    /join — сесть за стол
    /stop — закрыть стол (создатель или админ)
    /kick — удалить игрока (его место займёт компьютер)
    /score — счёт, /top — лучшие игроки
    /rules hearts — правила
    /lang hy, en, ru — язык
    /timer — время на ход (админ)
    Карты приходят в личный чат с ботом: сначала нажмите там Start.
rules-hearts =
    Червы (4 игрока, 52 карты, без козырей)
    Цель: набрать как можно меньше очков.
    Перед каждой раздачей передайте 3 карты: налево, направо, напротив, затем без передачи.
    Первую взятку начинает владелец двойки треф. Ходить нужно в масть, если она есть.
    На первой взятке нельзя червы и даму пик, если есть другие карты.
    С червы нельзя ходить, пока червы не открыты (пока кто-то их не сбросил).
    Взятку берёт старшая карта масти хода.
    Каждая черва — 1 очко, дама пик — 13. Взявший все 26 «стреляет в луну»: остальные получают по 26.
    Партия кончается, когда кто-то набирает 100: побеждает меньший счёт.
rules-missing = Правила этой игры ещё не переведены
lang-usage = Язык: /lang { $languages }
lang-set = Язык: русский
top-empty = Законченных партий пока нет
top-title = 🏆 Лучшие игроки
top-line = { $place }. { $name } — { $won ->
    [one] { $won } победа
    [few] { $won } победы
   *[many] { $won } побед
}, { $played ->
    [one] { $played } партия
    [few] { $played } партии
   *[many] { $played } партий
}
timer-usage = Время на ход: { $seconds } с. Изменить: /timer { $low }–{ $high }
timer-set = Теперь на ход { $seconds } с
error-admin-only = Это может сделать только админ группы
score-line = Счёт: { $scores }
command-new = Новый стол
command-join = Сесть за стол
command-stop = Закрыть стол
command-kick = Удалить игрока
command-score = Счёт
command-top = Лучшие игроки
command-timer = Время на ход
command-rules = Правила
command-lang = Язык
command-help = Помощь
command-start = Начать
