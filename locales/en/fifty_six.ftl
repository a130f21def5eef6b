# 56: the table, the hand and auction, the results, the alerts and the rules. Keys: fifty_six-*,
# rules-fifty_six.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-fifty_six = 56
fifty_six-deal = deal
    .many = deals
    .title = Deal

fifty_six-illegal-bid-too-low = A bid must be higher than the last one
fifty_six-illegal-bad-bid-form = That form does not match the bid
fifty_six-illegal-cannot-double = You can double only an opposing team's bid that is not doubled yet
fifty_six-illegal-cannot-redouble = You can redouble only your own team's doubled bid
fifty_six-illegal-must-follow-suit = You must follow suit
fifty_six-illegal-not-in-hand = That card is not in your hand

fifty_six-header = 🃏 56 · deal { $number } · dealer { $dealer }
fifty_six-team-line = { $team } — { $tables } { $tables ->
        [one] table
       *[other] tables
    }
fifty_six-team-left = { $team } — out after deal { $number }
fifty_six-order = At the table: { $seats }
fifty_six-auction = Auction: { $calls }
fifty_six-auction-start = Auction: no calls yet
fifty_six-contract = Contract: { $contract } · { $mark } { $name }
fifty_six-points = Points: { $points }
fifty_six-winner = 🏆 Winners: { $team }
fifty_six-last-trick = Last trick: { $name } ({ $cards }) +{ $points }
fifty_six-deal-last-trick = The last trick: { $name } ({ $cards }) +{ $points }
fifty_six-nt = no trumps
fifty_six-all-passed = (all passed)
fifty_six-said-pass = pass
fifty_six-said-double = doubles ×2
fifty_six-said-redouble = redoubles ×4
fifty_six-form-nt = { $value } No trumps
fifty_six-form-noes = { $value } Noes
fifty_six-form-plus = Plus { $plus } { $denom }
fifty_six-form-plus-noes = Plus { $plus } Noes

fifty_six-over = the game is over
fifty_six-you = Your team: { $mark }, partner { $partner } · tables: { $tables }
fifty_six-you-left = Your team ran out of tables in deal { $number }, so you have left the game.
fifty_six-you-left-watch = The game goes on without you, with { $players } players. Follow it in the group.
fifty_six-you-left-short = Your team is out of the game: it ran out of tables
fifty_six-pass = Pass
fifty_six-double = Double ×2
fifty_six-redouble = Redouble ×4
fifty_six-more = More
fifty_six-choose-call = Your call: choose the number of your bid, or pass
fifty_six-choose-no-bid = Your call
fifty_six-choose-value = Choose the number of your bid
fifty_six-choose-denom = { $value }: choose the trump suit or no trumps
fifty_six-forms-hint = 28♦: I hold the jack · ♦ 28: no jack, but high cards · Noes: none of the last bid's suit
fifty_six-forms-hint-plus = Plus 2 ♦: exactly 2 high cards of that suit and no others

fifty_six-deal-over = Deal { $number } is over
fifty_six-made = ✅ Contract made: { $contract } · { $team }: { $points } points (needed { $value })
fifty_six-lost = ❌ Contract lost: { $contract } · { $team }: { $points } points (needed { $value })
fifty_six-card-points = Points: { $points }
fifty_six-table-changes = Tables: { $changes }
fifty_six-team-out = { $team }: out of tables, the team leaves the game
fifty_six-reformed = The table re-forms: { $players } players, { $cards } cards each
fifty_six-place-in = { $place }. { $team } — { $tables } { $tables ->
        [one] table
       *[other] tables
    }
fifty_six-place-out = { $place }. { $team } — out after deal { $number }

rules-fifty_six =
    56 (4, 6 or 8 players in teams of two; partners sit opposite)
    Two decks of J 9 A 10 K Q (with 8 players also 8 and 7), every card twice. Order: J, 9, A, 10, K, Q, 8, 7.
    Points: jack 3, nine 2, ace 1, ten 1; 56 in all.
    Each team starts with { $tables } tables. A team that runs out of tables leaves; the last team with tables wins.
    Auction: 28 to 56 in a suit or no trumps, each bid higher than the last. You may double an opponent's bid and redouble your team's doubled bid (that ends the auction). If all pass: 28 no trumps for the team on the dealer's right.
    Bid forms (information for your partner only): "28♦" I hold the jack, "♦ 28" no jack, "28 Noes" none of the last suit, "Plus 2 ♦" only 2 high cards of that suit.
    The player on the dealer's right leads first. Follow suit if you can; otherwise play any card. Of two identical cards the first one wins.
    The bidding team makes its contract with at least as many points as it bid. Made: it receives 1 (28–39), 2 (40–47), 3 (48–55) or 4 (56) tables from each other team; lost: it pays each other team 2, 3, 4 or 5. Doubled ×2, redoubled ×4.
