# Thirteen (Tiến lên): the table, the hand, the results, the alerts and the rules.
# Keys: thirteen-*, rules-thirteen; a reason the engine gives (IllegalAction.key) reads
# thirteen-illegal-<key> before illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-thirteen = Thirteen
thirteen-deal = game
    .many = games
    .title = Game

## Header
thirteen-header = 🃏 Thirteen
thirteen-header-game = 🃏 Thirteen · game { $number }/{ $total }
thirteen-header-tiebreak = 🃏 Thirteen · tie-break game ({ $number })

## A seat on the table
thirteen-seat-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
thirteen-seat-passed = passed
thirteen-seat-out = 🏁 { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}

## Combinations: with their cards (the table), and by their ranks (the chosen cards)
thirteen-play-single = { $cards }
thirteen-play-pair = pair { $cards }
thirteen-play-triple = triple { $cards }
thirteen-play-quad = bomb: four { $cards }
thirteen-play-seq = run { $cards }
thirteen-play-dseq = bomb: double run { $cards }
thirteen-name-single = { $high }
thirteen-name-pair = pair of { $rank }s
thirteen-name-triple = three { $rank }s
thirteen-name-quad = bomb: four { $rank }s
thirteen-name-seq = run { $low }–{ $high }
thirteen-name-dseq = bomb: pairs { $low }–{ $high }

## The table (group)
thirteen-table = On the table: { $name }, { $combo }
thirteen-table-empty = The table is empty
thirteen-table-cleared = The table was cleared; last: { $name }, { $combo }
thirteen-last-play = Last play: { $name }, { $combo }
thirteen-web-deal-last-trick = Last play
thirteen-first-play = The first play must contain the lowest card
thirteen-finished = Out: { $names }

## The hand (private)
thirteen-your-turn = Your turn
thirteen-wait = Wait for your turn
thirteen-to-beat = To beat: { $name }, { $combo }
thirteen-lead = The table is empty: play any combination
thirteen-first-card = The first play must contain { $card }
thirteen-choose = Choose cards, then Play
thirteen-chosen = Chosen: { $combo }
thirteen-chosen-invalid = Chosen: { $cards } (not a combination)
thirteen-chosen-weak = Chosen: { $combo } (does not beat the table)
thirteen-chosen-lowest = Chosen: { $combo } (must contain { $card })
thirteen-cannot-beat = Nothing in your hand beats the table: press Pass
thirteen-locked = You passed; wait until the table is cleared
thirteen-out = You went out { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
thirteen-left = Cards: { $counts }
thirteen-play = ▶ Play
thirteen-pass = Pass

## Results (group)
thirteen-game-over = Game { $number } is over
thirteen-tiebreak-over = Tie-break game { $number } is over
thirteen-tiebreak-next = { $names } share the lead: a tie-break game follows
thirteen-match-tiebreaks = Tie-break games: { $count }

## Alerts: why a play is refused
thirteen-illegal-locked-out = You passed: wait until the table is cleared
thirteen-illegal-not-in-hand = You do not hold those cards
thirteen-illegal-not-a-combination = These cards do not form a combination
thirteen-illegal-must-include-lowest = The first play must contain the lowest card dealt
thirteen-illegal-must-play = The table is empty: you cannot pass, play a combination
thirteen-illegal-must-match-type = Play a combination of the same kind and size
thirteen-illegal-too-low = Your highest card must be higher than the table's
thirteen-illegal-bomb-too-weak = This bomb is not strong enough

rules-thirteen =
    Thirteen (Tiến lên): 2–4 players, 52 cards, 13 each.
    Be the first to get rid of all your cards.
    Ranks: 3 4 5 6 7 8 9 10 J Q K A 2 (the 2 is highest); suits ♠ ♣ ♦ ♥ from low to high. The suit counts only between cards of the same rank.
    Combinations: single, pair, triple, four of a kind, run (3 or more consecutive ranks, no 2), double run (3 or more consecutive pairs, no 2).
    The holder of the lowest card (3♠ with 4 players) starts the first game, and their first play must contain it.
    Beat the table with a combination of the same kind and size whose highest card is higher.
    Once you pass, you are out until the table is cleared. When everyone else has passed, the last player to play leads anything.
    Bombs: four of a kind or a double run of 3 pairs beats one 2, of 4 pairs two 2s, of 5 pairs three 2s. A stronger bomb beats a weaker one.
    The game goes on until one player still holds cards. Place points with 4 players: 3, 2, 1, 0. Games in a match: { $match_games }; the most place points wins, and a tie on top is settled by a tie-break game.
