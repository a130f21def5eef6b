# Hearts («Սրտեր»): the table, the hand, the alerts and the rules. Keys: hearts-*, rules-hearts;
# a reason the engine gives (IllegalAction.key) reads hearts-illegal-<key> before illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-hearts = Hearts
hearts-deal = deal
    .many = deals
    .title = Deal

hearts-illegal-must-lead-two-clubs = The first trick starts with the 2 of clubs
hearts-illegal-no-points-first-trick = No hearts or queen of spades on the first trick
hearts-illegal-hearts-not-broken = Hearts are not broken yet; you cannot lead a heart
hearts-illegal-pass-too-few = { $chosen ->
        [0] Choose 3 cards first
       *[other] { $missing ->
            [one] Choose { $missing } more card
           *[other] Choose { $missing } more cards
        }
    }
hearts-illegal-pass-too-many = Pass exactly 3 cards: { $extra } too many
hearts-header = 🃏 Hearts · deal { $round } · { $direction }
hearts-pass-left = pass left
hearts-pass-right = pass right
hearts-pass-across = pass across
hearts-pass-none = no passing
hearts-to-left = to the left
hearts-to-right = to the right
hearts-to-across = across
hearts-to-none = to nobody
hearts-passing = Passing: { $done }/4 have chosen
hearts-broken = ♥ hearts are broken
hearts-pass-choose = Choose 3 cards to pass { $direction }
hearts-pass-confirm = Pass ({ $count }/3)
hearts-passed = You passed { $cards }. Waiting for the others.
hearts-received = You received { $cards }
rules-hearts =
    Hearts (4 players, 52 cards, no trumps)
    Take as few points as you can.
    Before each deal pass 3 cards: left, right, across, then no passing.
    The holder of the 2 of clubs leads the first trick. Follow the led suit if you can.
    No hearts or queen of spades on the first trick unless you have nothing else.
    You may not lead a heart until hearts are broken (someone discarded one), unless you hold only hearts.
    The highest card of the led suit wins the trick.
    Each heart is 1 point, the queen of spades 13. Taking all 26 shoots the moon: the others get 26 each.
    The match ends when someone reaches { $target } points; the lowest score wins (a tie for the lowest: one more deal).
hearts-moon = 🌙 { $name } shot the moon: 26 points to each of the others
