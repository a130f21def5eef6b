# Seghan: Armenian (default). Card words from shared/seeds/003 and the Hearts glossary (§13).

## Computer levels (a game's name and its words are in its own file)
level-easy = Հեշտ
level-normal = Միջին
level-hard = Բարդ

## Lobby
lobby-title = 🃏 Նոր խաղ՝ { $game }
lobby-no-game = ընտրեք խաղը
lobby-seated = Նստած { $count ->
        [one] է
       *[other] են
    } { $count } հոգի (խաղում են { $size } հոգով)՝ { $names }
lobby-sizes-or = { $sizes } կամ { $last }
lobby-teams = Թիմեր՝ { $teams }
lobby-option-target = 🎯 Մինչև { $value }
lobby-option-tables = 🪙 { $value } սեղան
lobby-option-match_games = 🎮 { $value } խաղ
lobby-option-coach = 💡 { $value ->
        [1] Հուշումներ՝ այո
       *[other] Հուշումներ՝ ոչ
    }
lobby-join = Միանալ
lobby-leave = Դուրս գալ
lobby-fill = 🤖×{ $count } { $level }
lobby-computer = 🤖 +1
lobby-start = ▶ Սկսել
lobby-open-bot = 💬 Բացել բոտը
lobby-open-bot-first = Նախ բացեք բոտը և սեղմեք Start․ այնտեղ կստանաք ձեր քարտերը։ Սեղմեք «Բացել բոտը» կոճակը։
lobby-already-joined = Դուք արդեն նստած եք այս սեղանի շուրջ
lobby-full = Բոլոր տեղերը զբաղված են
lobby-not-full = Տեղեր դեռ կան․ ավելացրեք համակարգիչ
lobby-choose-game = Նախ ընտրեք խաղը
lobby-table-exists = Այստեղ արդեն սեղան կա․ փակելու համար՝ /stop
lobby-unknown-game = Այդպիսի խաղ չկա։ Խաղեր՝ { $games }
lobby-joined-private = Դուք նստեցիք սեղանի շուրջ։ Ձեր քարտերը կհայտնվեն այստեղ, երբ խաղը սկսվի։

## Errors and alerts (at most 200 characters)
error-no-table = Այստեղ սեղան չկա։ Նոր խաղ՝ /new
error-creator-only = Սա կարող է անել միայն սեղանը բացողը կամ ադմինը
error-bad-button = Այս կոճակը չի ճանաչվում
error-seated-elsewhere = Դուք արդեն նստած եք մեկ այլ սեղանի շուրջ
error-not-seated = Դուք այս սեղանի շուրջ չեք
error-stale = Այս կոճակն այլևս չի գործում
error-busy = Մի պահ զբաղված եմ, խնդրում եմ փորձեք նորից
error-not-member = Դուք այդ խմբի անդամ չեք
error-table-over = Այս խաղն արդեն ավարտվել է
error-choose-cards = Նախ ընտրեք քարտերը
error-too-many-cards = Արդեն ընտրված է { $count } քարտ, ավելին չի կարելի․ նախ հանեք մեկը
error-group-only = Այս հրամանը գործում է միայն խմբում
illegal-not-your-turn = Հիմա ձեր հերթը չէ
illegal-game-over = Խաղն ավարտվել է
illegal-bad-action = Հիմա այդ քայլն անել չի կարելի
illegal-not-in-hand = Այդ քարտը ձեր ձեռքում չկա
illegal-must-follow-suit = Պետք է գալ նույն մաստով
illegal-illegal = Կանոններով այդ քայլը չի թույլատրվում
kick-not-found = Այդ խաղացողը սեղանի շուրջ չէ
kick-usage = Պատասխանեք խաղացողի հաղորդագրությանը /kick-ով կամ գրեք /kick @անուն
kick-done = Խաղացողը հեռացվեց․ նրա տեղը զբաղեցրեց համակարգիչը
seat-away = 💤 { $name }․ բացակայում է, մինչև վերադառնալը նրա փոխարեն խաղում է համակարգիչը
seat-back = 👋 { $name }․ վերադարձավ սեղանի շուրջ
table-abandoned = 💤 Սեղանի շուրջ բոլորը երկար ժամանակ բացակայում են․ սեղանը փակվեց, խաղը չի հաշվվում

## The table (group) and the hand (private)
table-stopped = «{ $game }» սեղանը փակվեց
table-trick = Սեղանին՝ { $cards }
table-last-trick = Նախորդ առքը՝ { $name } ({ $cards })
hand-you-lead = Դուք եք գալիս
hand-leads = Գալիս է՝ { $name }
table-my-hand = 👀 Իմ ձեռքը
table-sheet = 📋 Հաշիվ
table-sheet-sent = 📋 Հաշվի թերթիկը բոտի հետ ձեր անձնական զրույցում է
table-sheet-title = 📋 { $game }․ հաշվի թերթիկ
# after «·» in a hand's first line; -line: a line of its own (a capital)
hand-your-turn = ձեր հերթն է
hand-your-turn-line = Ձեր հերթն է
hand-wait = սպասեք ձեր հերթին
hand-empty = Ձեռքում քարտ չկա
hand-back = Հետ
hand-play-chosen = ▶ Խաղալ ({ $count })
deal-over = { $number ->
        [1] 1-ին
       *[other] { $number }-րդ
    } { WORD($game, "deal.the") } ավարտվեց
deal-totals = Ընդհանուր՝ { $scores }
deal-last-trick = Վերջին առքը՝ { $name } ({ $cards })
match-over = 🏆 { $game }․ խաղն ավարտվեց
match-again = 🔁 Կրկին
match-place = { $place }. { $name } { $score }

## Commands and information
start-welcome = Բարև։ Ես Սեղանն եմ՝ թղթախաղեր խմբերում։ Ավելացրեք ինձ խումբ և գրեք /new։ Ձեր քարտերը կգան այստեղ։
help =
    Սեղան՝ թղթախաղեր խմբում։
    /new — նոր սեղան ({ $games })
    /join — միանալ սեղանին
    /stop — փակել սեղանը (բացողը կամ ադմինը)
    /kick — հեռացնել խաղացողին (նրա տեղը կզբաղեցնի համակարգիչը)
    /score — հաշիվը, /top [խաղը] — լավագույնները
    /stats — ձեր արդյունքները, /history — վերջին խաղերը
    /table — սեղանը ներքև
    /rules խաղը — կանոնները (օր.՝ /rules king)
    /lang hy, en, ru — լեզուն
    /timer — մեկ քայլի ժամանակը (ադմինը)
    /season [խաղը] [last] — ամսվա սեզոնը, /timezone — խմբի ժամային գոտին
    /tournament խաղը [ԺԺ:ՐՐ] — մրցաշար (ադմինը)
    { $ephemeral ->
        [yes] Ձեր քարտերը գալիս են այստեղ՝ խմբում, միայն ձեզ (/hand), կամ, եթե ընտրեք, բոտի չատում (/settings)։
       *[no] Քարտերը գալիս են բոտի հետ անձնական զրույցում․ նախ այնտեղ սեղմեք Start։
    }
rules-missing = Այս խաղի կանոնները դեռ պատրաստ չեն
rules-which = Ո՞ր խաղի կանոնները։ { $games }
# The values a rule option may take, in /rules without a table: «50 կամ 100», «1, 3 կամ 5»
rules-choices = { $some } կամ { $last }
lang-usage = Լեզուն՝ /lang { $languages }
lang-set = Լեզուն՝ հայերեն
top-empty = Դեռ ավարտված խաղեր չկան
top-title = 🏆 Լավագույնները
timer-usage = Մեկ քայլի ժամանակը՝ { $seconds } վայրկյան։ Փոխելու համար՝ /timer { $low }–{ $high }
timer-set = Մեկ քայլի ժամանակն այժմ { $seconds } վայրկյան է
error-admin-only = Սա կարող է անել միայն խմբի ադմինը
score-line = Հաշիվը՝ { $scores }
command-new = Նոր սեղան
command-join = Միանալ սեղանին
command-stop = Փակել սեղանը
command-kick = Հեռացնել խաղացողին
command-score = Հաշիվը
command-hand = Իմ ձեռքը (միայն ինձ)
command-top = Լավագույնները
command-timer = Քայլի ժամանակը
command-rules = Կանոնները
command-lang = Լեզուն
command-help = Օգնություն
command-start = Սկսել

## Scores, ratings and history (issue 18)
match-ratings = 📈 Վարկանիշ՝ { $ratings }
match-computer-ratings = 🤖 Համակարգիչներ՝ { $levels } (մակարդակի ընդհանուր վարկանիշ, համեմատության համար)
chart-title = { $game }․ հաշվի ընթացքը
chart-deal = { WORD($game, "deal.title") }
chart-points = Միավոր
chart-tables = Սեղան
chart-low-wins = { $unit } (քիչը լավ է)
top-game = { $game }
top-rated-line = { $place }. { $name } — { $rating } · { $won } հաղթանակ, { $played } խաղ
top-computers = 🤖 Համակարգիչներ (համեմատության համար)՝ { $levels }
stats-empty = Դուք դեռ ավարտված խաղեր չունեք
stats-title = 📊 { $name }, ձեր արդյունքները
stats-line = { $game }՝ վարկանիշ { $rating } · { $won } հաղթանակ, { $played } խաղ ({ $chats } խմբում)
history-empty = Այս խմբում դեռ խաղեր չեն եղել
history-title = 📜 Վերջին խաղերը (📋՝ հաշվի թերթիկը)
history-line = { $number }. { $game }՝ 🏆 { $names } · { $deals } { WORD($code, "deal") }
history-line-stopped = { $number }. { $game }՝ փակվեց { $deals } { WORD($code, "deal.from") } հետո
history-stopped = Խաղը փակվեց մինչև ավարտը
table-moved = ⬇️ Սեղանն իջավ ներքև
hand-moved = ⬇️ Ձեր ձեռքը իջավ ներքև
table-over = 🏁 { $game }․ խաղն ավարտվեց
table-winner = 🥇 { $count ->
    [one] Հաղթող
   *[other] Հաղթողներ
}՝ { $names }
command-stats = Իմ արդյունքները
command-history = Վերջին խաղերը
command-table = Սեղանը ներքև

## the page (bot/web): its own few words, the rest is the messages'
web-spectator = 👀 Դիտում եք
web-you = Դուք
web-trick = Սեղանին
web-last-trick = Նախորդ առքը
web-deal-last-trick = Վերջին առքը
web-to-beat = Ծածկել
web-seconds = վ
web-connecting = Միացում…
web-standings = Հաշիվ
web-open = 🃏 Բացել սեղանը
web-timed = ⏱ Ժամանակը սպառվեց, ձեր փոխարեն խաղաց համակարգիչը՝
web-lower = ⬇ Քիչ միավորը լավ է
web-dealer = Բաժանող
web-pace = Արագություն
web-home = 🏠 Սեղաններ
web-more = Շարունակել
web-status-lobby = սպասում է խաղացողների
web-status-playing = խաղն ընթանում է
web-status-finished = ավարտված
web-status-stopped = դադարեցված
web-result = Բաժանման արդյունքը
web-card = { $suit } { $rank }
web-rank-A = տուզ
web-rank-K = թագավոր
web-rank-Q = դամա
web-rank-J = վալետ
web-suit-S = պիկի
web-suit-H = սրտի
web-suit-D = ագուռի
web-suit-C = խաչի
web-four = Չորս գույնի կապուկ
web-your-turn = 🃏 Ձեր հերթն է․ վերադառնալ սեղան
web-fair-kept = 🔓 ✅ Գաղտնիքը համապատասխանում է առաջին քայլից առաջ ցույց տրված 🔒 { $short } կնիքին․ բաժանումները որոշված էին խաղից առաջ։
web-fair-broken = 🔓 ❌ Գաղտնիքը չի համապատասխանում առաջին քայլից առաջ ցույց տրված 🔒 { $short } կնիքին․ այս բաժանումներին վստահել չի կարելի։

## Seasons (issue 27): a season is the group's calendar month
month-1 = հունվար
month-2 = փետրվար
month-3 = մարտ
month-4 = ապրիլ
month-5 = մայիս
month-6 = հունիս
month-7 = հուլիս
month-8 = օգոստոս
month-9 = սեպտեմբեր
month-10 = հոկտեմբեր
month-11 = նոյեմբեր
month-12 = դեկտեմբեր
season-name = { $month } { $year }
season-title = 🗓 Սեզոնը՝ { $season } ({ $zone })
season-line = { $place }. { $name } — { $won } հաղթանակ · { $played } խաղ · { $gained }
season-empty = { $season } սեզոնում դեռ վարկանիշային խաղեր չկան
season-usage = Անհայտ է՝ «{ $word }»։ Օրինակ՝ /season, /season hearts, /season last
season-over = 🏁 { $game }․ { $season } սեզոնն ավարտվեց
season-podium = { $medal } { $name } — { $won } հաղթանակ, { $gained }
season-most = 🎲 Ամենաշատ խաղերը՝ { $name } ({ $played })
season-climb = 📈 Ամենամեծ վերելքը՝ { $name } ({ $gained })
season-chart-title = { $game }․ { $season } սեզոն
season-chart-matches = Խաղեր
season-chart-gained = Վարկանիշի փոփոխություն
timezone-now = Խմբի ժամային գոտին՝ { $zone } (այժմ՝ { $time })։ Սեզոնները նրա օրացուցային ամիսներն են։ Փոխելու համար (ադմինը)՝ /timezone Europe/Moscow
timezone-set = Խմբի ժամային գոտին այժմ { $zone } է (այժմ՝ { $time })
timezone-bad = Անհայտ ժամային գոտի՝ «{ $zone }»։ Օրինակ՝ /timezone Asia/Yerevan
command-season = Ամսվա սեզոնը
command-timezone = Ժամային գոտին

## Tournaments (issue 27)
tournament-title = 🏆 Մրցաշար՝ { $game }
tournament-when = { $rounds } փուլ · սկիզբը՝ { $time } ({ $zone })
tournament-entrants = Գրանցված են ({ $count })՝ { $names }
tournament-nobody = Դեռ ոչ ոք չի գրանցվել
tournament-join = ✅ Մասնակցել
tournament-leave = 🚪 Դուրս գալ
tournament-rounds-button = 🔢 { $rounds } փուլ
tournament-start-now = ▶ Սկսել հիմա
tournament-cancel = ✖ Չեղարկել
tournament-round = Փուլ { $round }/{ $rounds }
tournament-board = Սեղան { $board }՝ { $names }
tournament-standings = Աղյուսակը { $played } փուլից հետո՝
tournament-over = 🏁 Մրցաշարն ավարտվեց
tournament-cancelled = ✖ Մրցաշարը չեղարկվեց
tournament-too-few = ✖ Մրցաշարը չկայացավ՝ գրանցվածները քիչ էին
tournament-final = 🏁 { $game }․ մրցաշարն ավարտվեց
tournament-winners = 🥇 Հաղթող՝ { $names }
tournament-table-head = 🏆 Մրցաշար · փուլ { $round } · սեղան { $board }
tournament-exists = Այս խմբում մրցաշարն արդեն բացված է
tournament-who = Մրցաշար կարող է բացել խմբի ադմինը կամ խմբի սեղանը բացողը
tournament-bad-time = Ժամը գրեք ԺԺ:ՐՐ ձևով, օր.՝ /tournament hearts 21:30
tournament-past = { $time }-ն այսօր արդեն անցել է․ նշեք ավելի ուշ ժամ
tournament-chart-title = { $game }․ մրցաշարի ընթացքը
tournament-chart-round = Փուլ
command-tournament = Մրցաշար
history-in-tournament = փուլ { $round }, սեղան { $board }
history-tournament = 🏆 Մրցաշար #{ $id }
# արդար բաժանում (issue 41)
fair-commitment = 🔒 { $short }… քարտերը որոշված են նախքան առաջին քայլը
fair-button = 🔒 Ստուգել
fair-commitment-alert = 🔒 Քարտերը որոշված են՝ { $commitment }։ Գաղտնիքը կբացվի խաղի վերջում։
fair-secret-alert = 🔓 Գաղտնիքը՝ { $secret }
fair-reveal = 🔓 Բաժանումների գաղտնիքը՝ { $secret }
fair-check = Ամեն բաժանում ստուգելու համար (Python, Սեղանի կոդով)՝
tournament-duplicate = 🃏 Նույն քարտերով՝ { $on ->
    [1] այո
   *[0] ոչ
    }
tournament-duplicate-mark = 🃏 նույն քարտերով
tournament-duplicate-round = 🃏 { $round }-րդ փուլն ավարտվեց. բոլոր սեղաններում նույն քարտերն էին։ Ամեն ձեռքով լավագույնը՝
tournament-duplicate-best = { $deal }-րդ խաղափուլ՝ { $names }
tournament-duplicate-wait = 🃏 Այս փուլի մյուս սեղաններում նույն քարտերն են. խաղափուլերը կցուցադրվեն, երբ բոլոր սեղաններն ավարտեն
tournament-fair-reveal = 🔓 Մրցաշարի գաղտնիքը՝ { $secret }
tournament-fair-check = Այն բացում է գրանցման 🔒-ը, և դրանից են ամեն սեղանի քարտերը։ Սեղանը ստուգելու համար --label-ից հետո նշեք դրա փուլը և սեղանը (round:R/board:B, նույն քարտերով փուլում՝ round:R)՝

# issue 43: where a hand is shown
hand-to-group = 👥 Ձեռքը՝ խմբում
hand-to-private = 💬 Ձեռքը՝ բոտի չատում
hand-moved-away = ↪️ Ձեր ձեռքն այլ տեղ է
hand-place-open-bot = Նախ բացեք բոտը և սեղմեք Start, հետո նորից սեղմեք 💬
hand-place-ask = Որտե՞ղ ցույց տալ ձեր ձեռքը․ այստեղ՝ խմբում (միայն դուք կտեսնեք), թե՞ բոտի չատում
hand-place-group = ✅ Ձեր ձեռքը կլինի խմբում, միայն դուք կտեսնեք։ Փոխել՝ ձեռքի 💬 կոճակով կամ /settings
hand-place-private = ✅ Ձեր ձեռքը կլինի բոտի չատում։ Փոխել՝ /settings
command-settings = Կարգավորումներ․ որտեղ է ձեռքը
settings-hand-group = Ձեր ձեռքը ցույց է տրվում խմբում (միայն դուք եք տեսնում)։ Որտե՞ղ լինի։
settings-hand-private = Ձեր ձեռքը ցույց է տրվում այստեղ՝ բոտի չատում։ Որտե՞ղ լինի։
settings-private-only = Ձեռքը միշտ բոտի չատում է։
lobby-joined-group = ✅ Նստած եք։ Ձեր քարտերը կգան այստեղ՝ միայն ձեզ
