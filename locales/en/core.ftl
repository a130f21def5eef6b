# Seghan: English.

## Computer levels (a game's name and its words are in its own file)
level-easy = Easy
level-normal = Normal
level-hard = Hard

## Lobby
lobby-title = 🃏 New game: { $game }
lobby-no-game = choose the game
lobby-seated = Seated { $count } of { $size } players: { $names }
lobby-sizes-or = { $sizes } or { $last }
lobby-teams = Teams: { $teams }
lobby-option-target = 🎯 To { $value }
lobby-option-tables = 🪙 { $value } tables
lobby-option-match_games = 🎮 { $value } { $value ->
        [one] game
       *[other] games
    }
lobby-option-coach = 💡 { $value ->
        [1] Hints: on
       *[other] Hints: off
    }
lobby-join = Join
lobby-leave = Leave
lobby-fill = 🤖×{ $count } { $level }
lobby-computer = 🤖 +1
lobby-start = ▶ Start
lobby-open-bot = 💬 Open the bot
lobby-open-bot-first = First open the bot and press Start; your cards come there. Press the "Open the bot" button.
lobby-already-joined = You are already at this table
lobby-full = All seats are taken
lobby-not-full = There are free seats; add a computer
lobby-choose-game = Choose the game first
lobby-table-exists = This chat already has a table: /stop closes it
lobby-unknown-game = No such game. Games: { $games }
lobby-joined-private = You are seated. Your cards will appear here when the game starts.

## Errors and alerts (at most 200 characters)
error-no-table = No table here. New game: /new
error-creator-only = Only the table's creator or an admin can do this
error-bad-button = Unknown button
error-seated-elsewhere = You are already seated at another table
error-not-seated = You are not at this table
error-stale = This button no longer works
error-busy = Busy for a moment: please try again
error-not-member = You are not a member of that group
error-table-over = This game is over
error-choose-cards = Choose the cards first
error-too-many-cards = { $count } cards chosen and no more fit: unchoose one first
error-group-only = This command works in a group
illegal-not-your-turn = It is not your turn
illegal-game-over = The game is over
illegal-bad-action = That move is not possible now
illegal-not-in-hand = That card is not in your hand
illegal-must-follow-suit = You must follow the led suit
illegal-illegal = The rules do not allow that move
kick-not-found = That player is not at the table
kick-usage = Reply to the player's message with /kick, or write /kick @name
kick-done = The player was removed; a computer took the seat
seat-away = 💤 { $name } is away: a computer plays for them until they press a button
seat-back = 👋 { $name } is back at the table
table-abandoned = 💤 Everyone at the table has been away for a long while: the table is closed, and the match is not counted
## The table (group) and the hand (private)
table-stopped = The { $game } table was closed
table-trick = On the table: { $cards }
table-last-trick = Last trick: { $name } ({ $cards })
hand-you-lead = You lead
hand-leads = { $name } leads
table-my-hand = 👀 My hand
table-sheet = 📋 Sheet
table-sheet-sent = 📋 The score sheet is in your private chat with the bot
table-sheet-title = 📋 { $game }: the score sheet
hand-your-turn = your turn
hand-your-turn-line = Your turn
hand-wait = wait for your turn
hand-empty = No cards in hand
hand-back = Back
hand-play-chosen = ▶ Play ({ $count })
deal-over = { WORD($game, "deal.title") } { $number } is over
deal-totals = Totals: { $scores }
deal-last-trick = The last trick: { $name } ({ $cards })
match-over = 🏆 { $game }: the match is over
match-again = 🔁 Again
match-place = { $place }. { $name } { $score }

## Commands and information
start-welcome = Hello! I am Seghan: card games in group chats. Add me to a group and write /new. Your cards will come here.
help =
    Seghan: card games in a group.
    /new — a new table ({ $games })
    /join — join the table
    /stop — close the table (its creator or an admin)
    /kick — remove a player (a computer takes the seat)
    /score — the score, /top [game] — the best players
    /stats — your numbers, /history — the last matches
    /table — the table message, down here
    /rules game — the rules (e.g. /rules king)
    /lang hy, en, ru — the language
    /timer — seconds for a turn (an admin)
    /season [game] [last] — the month's season, /timezone — the group's time zone
    /tournament game [HH:MM] — a tournament (an admin)
    { $ephemeral ->
        [yes] Your cards come here in the group, seen by you alone (/hand), or in the bot's chat if you choose (/settings).
       *[no] Cards come in a private chat with the bot: press Start there first.
    }
rules-missing = The rules of this game are not ready yet
rules-which = The rules of which game? { $games }
# The values a rule option may take, in /rules without a table: "50 or 100", "1, 3 or 5"
rules-choices = { $some } or { $last }
lang-usage = Language: /lang { $languages }
lang-set = Language: English
top-empty = No finished matches yet
top-title = 🏆 Leaderboard
timer-usage = Time for a turn: { $seconds } seconds. To change it: /timer { $low }–{ $high }
timer-set = A turn now has { $seconds } seconds
error-admin-only = Only a group admin can do this
score-line = Score: { $scores }
command-new = New table
command-join = Join the table
command-stop = Close the table
command-kick = Remove a player
command-score = The score
command-hand = My hand (only I see it)
command-top = Leaderboard
command-timer = Time for a turn
command-rules = Rules
command-lang = Language
command-help = Help
command-start = Start

## Scores, ratings and history (issue 18)
match-ratings = 📈 Rating: { $ratings }
match-computer-ratings = 🤖 Computers: { $levels } (each level's shared rating, for comparison)
chart-title = { $game }: the score race
chart-deal = { WORD($game, "deal.title") }
chart-points = Points
chart-tables = Tables
chart-low-wins = { $unit } (lower is better)
top-game = { $game }
top-rated-line = { $place }. { $name } — { $rating } · { $won ->
    [one] { $won } win
   *[other] { $won } wins
}, { $played ->
    [one] { $played } match
   *[other] { $played } matches
}
top-computers = 🤖 Computers (for comparison): { $levels }
stats-empty = You have no finished matches yet
stats-title = 📊 { $name }, your numbers
stats-line = { $game }: rating { $rating } · { $won ->
    [one] { $won } win
   *[other] { $won } wins
}, { $played ->
    [one] { $played } match
   *[other] { $played } matches
} ({ $chats ->
    [one] { $chats } group
   *[other] { $chats } groups
})
history-empty = No matches in this group yet
history-title = 📜 The last matches (📋: the score sheet)
history-line = { $number }. { $game }: 🏆 { $names } · { $deals ->
    [one] { $deals } { WORD($code, "deal") }
   *[other] { $deals } { WORD($code, "deal.many") }
}
history-line-stopped = { $number }. { $game }: closed after { $deals ->
    [one] { $deals } { WORD($code, "deal") }
   *[other] { $deals } { WORD($code, "deal.many") }
}
history-stopped = The match was closed before its end
table-moved = ⬇️ The table moved down
hand-moved = ⬇️ Your hand moved down
table-over = 🏁 { $game }: the match is over
table-winner = 🥇 { $count ->
    [one] Winner
   *[other] Winners
}: { $names }
command-stats = My numbers
command-history = The last matches
command-table = The table, down here

## the page (bot/web): its own few words, the rest is the messages'
web-spectator = 👀 Watching
web-you = You
web-trick = On the table
web-last-trick = Last trick
web-deal-last-trick = The last trick
web-to-beat = To beat
web-seconds = s
web-connecting = Connecting…
web-standings = Score
web-open = 🃏 Open the table
web-timed = ⏱ Time ran out, the computer played for you:
web-lower = ⬇ Fewer points win
web-dealer = Dealer
web-pace = Pace
web-home = 🏠 Tables
web-more = Continue
web-status-lobby = waiting for players
web-status-playing = in play
web-status-finished = finished
web-status-stopped = stopped
web-result = The deal's result
web-card = { $rank } of { $suit }
web-rank-A = Ace
web-rank-K = King
web-rank-Q = Queen
web-rank-J = Jack
web-suit-S = spades
web-suit-H = hearts
web-suit-D = diamonds
web-suit-C = clubs
web-four = Four-colour deck
web-your-turn = 🃏 Your turn: back to the table
web-fair-kept = 🔓 ✅ The secret opens 🔒 { $short }, shown before the first card. The deals were fixed before anyone played.
web-fair-broken = 🔓 ❌ The secret does not open 🔒 { $short }, shown before the first card. These deals cannot be trusted.

## Seasons (issue 27): a season is the group's calendar month
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December
season-name = { $month } { $year }
season-title = 🗓 Season: { $season } ({ $zone })
season-line = { $place }. { $name } — { $won ->
    [one] { $won } win
   *[other] { $won } wins
} · { $played ->
    [one] { $played } match
   *[other] { $played } matches
} · { $gained }
season-empty = No rated matches in the season { $season } yet
season-usage = Unknown: «{ $word }». For example: /season, /season hearts, /season last
season-over = 🏁 { $game }: the season { $season } is over
season-podium = { $medal } { $name } — { $won ->
    [one] { $won } win
   *[other] { $won } wins
}, { $gained }
season-most = 🎲 Most matches: { $name } ({ $played })
season-climb = 📈 Biggest climb: { $name } ({ $gained })
season-chart-title = { $game }: the season { $season }
season-chart-matches = Matches
season-chart-gained = Rating gained in the season
timezone-now = The group's time zone: { $zone } (now { $time }). Its seasons are its calendar months. To change it (an admin): /timezone Europe/Moscow
timezone-set = The group's time zone is now { $zone } (now { $time })
timezone-bad = Unknown time zone «{ $zone }». For example: /timezone Asia/Yerevan
command-season = The month's season
command-timezone = Time zone

## Tournaments (issue 27)
tournament-title = 🏆 Tournament: { $game }
tournament-when = { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
} · starts at { $time } ({ $zone })
tournament-entrants = Signed up ({ $count }): { $names }
tournament-nobody = Nobody has signed up yet
tournament-join = ✅ Sign up
tournament-leave = 🚪 Leave
tournament-rounds-button = 🔢 { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-start-now = ▶ Start now
tournament-cancel = ✖ Cancel
tournament-round = Round { $round } of { $rounds }
tournament-board = Table { $board }: { $names }
tournament-standings = The table after { $played ->
    [one] { $played } round
   *[other] { $played } rounds
}:
tournament-over = 🏁 The tournament is over
tournament-cancelled = ✖ The tournament was cancelled
tournament-too-few = ✖ The tournament did not take place: too few signed up
tournament-final = 🏁 { $game }: the tournament is over
tournament-winners = 🥇 { $names } won
tournament-table-head = 🏆 Tournament · round { $round } · table { $board }
tournament-exists = This group has a tournament open already
tournament-who = A tournament is opened by a group admin or by whoever opened the group's table
tournament-bad-time = Write the time as HH:MM, e.g. /tournament hearts 21:30
tournament-past = { $time } has passed today: give a later time
tournament-chart-title = { $game }: the tournament's race
tournament-chart-round = Round
command-tournament = Tournament
history-in-tournament = round { $round }, table { $board }
history-tournament = 🏆 Tournament #{ $id }
# fair deals (issue 41)
fair-commitment = 🔒 { $short }… the cards are fixed before the first move
fair-button = 🔒 Check
fair-commitment-alert = 🔒 The cards are fixed: { $commitment }. The secret is shown when the match ends.
fair-secret-alert = 🔓 The secret: { $secret }
fair-reveal = 🔓 The deals' secret: { $secret }
fair-check = To check every deal (Python, with Seghan's code):
tournament-duplicate = 🃏 Duplicate: { $on ->
    [1] on
   *[0] off
    }
tournament-duplicate-mark = 🃏 duplicate
tournament-duplicate-round = 🃏 Round { $round } is over: every table held the same cards. Who did best with each hand:
tournament-duplicate-best = Deal { $deal }: { $names }
tournament-duplicate-wait = 🃏 The other tables of this round hold the same cards: its deals are shown once every table has finished
tournament-fair-reveal = 🔓 The tournament's secret: { $secret }
tournament-fair-check = It opens the sign-up's 🔒, and every table's cards come from it. To check a table, give its round and table after --label (round:R/board:B; a duplicate round's: round:R):

# issue 43: where a hand is shown
hand-to-group = 👥 My hand in the group
hand-to-private = 💬 My hand in the bot's chat
hand-moved-away = ↪️ Your hand is elsewhere now
hand-place-open-bot = Open the bot and press Start first, then press 💬 again
hand-place-ask = Where should your hand be: here in the group (only you see it), or in the bot's chat?
hand-place-group = ✅ Your hand will be in the group, seen by you alone. Change it with 💬 on the hand or /settings
hand-place-private = ✅ Your hand will be in the bot's chat. Change it with /settings
command-settings = Settings: where your hand is
settings-hand-group = Your hand is shown in the group (seen by you alone). Where should it be?
settings-hand-private = Your hand is shown here, in the bot's chat. Where should it be?
settings-private-only = Your hand is always in the bot's chat.
lobby-joined-group = ✅ You're in. Your cards will come here, for your eyes only
