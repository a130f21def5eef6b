# King («Քինգ»): the table, the hand, the score sheet, the alerts and the rules. Keys: king-*,
# rules-king; a reason the engine gives (IllegalAction.key) reads king-illegal-<key> first.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-king = King
king-deal = deal
    .many = deals
    .title = Deal

king-contract-nt = No tricks
king-contract-jk = No Jacks and Kings
king-contract-qn = No Queens
king-contract-ht = No hearts
king-contract-l2 = No last two tricks
king-contract-kh = No King of hearts
king-contract-tn = Take nothing
king-contract-tr = Trumps
king-contract-te = Take everything
king-reminder-nt = −50 a trick
king-reminder-jk = −60 each Jack or King
king-reminder-qn = −100 each Queen
king-reminder-ht = −30 each heart
king-reminder-l2 = trick 12 −120, trick 13 −240
king-reminder-kh = the King of hearts −320
king-reminder-tn = everything costs: trick −15, J and K −20, Q −30, heart −10, last two tricks −40 and −60, King of hearts −95
king-reminder-tr = +50 a trick
king-reminder-te = everything pays: trick +15, J and K +20, Q +30, heart +10, last two tricks +40 and +60, King of hearts +95
king-short-nt = Tricks
king-short-jk = J and K
king-short-qn = Queens
king-short-ht = Hearts
king-short-l2 = Last 2
king-short-kh = King ♥
king-short-tn = Nothing
king-short-tr = Trumps
king-short-te = All
king-header = 🃏 King · deal { $deal }/{ $deals } · { $contract }
king-declarer = Declarer: { $name }
king-trump = Trumps: { $suit } · chosen by { $name }
king-trump-choosing = { $name } is choosing the trump
king-choose-trump = Choose the trump suit
king-suit-s = ♠ Spades
king-suit-h = ♥︎ Hearts
king-suit-d = ♦︎ Diamonds
king-suit-c = ♣ Clubs
king-deal-points = this deal { $points }
king-your-score = Your points: { $total } · this deal { $points }
king-deal-over = Deal { $deal }/{ $deals } “{ $contract }” is over
king-deal-line = { $place }. { $name } { $total } ({ $points })
king-sheet-title = 📋 Score sheet
king-sheet-button = 📋 Score sheet
king-sheet-total = Total
king-illegal-hearts-not-broken = Hearts are not broken yet: you cannot lead a heart
king-illegal-trumps-not-broken = Trumps are not broken yet: you cannot lead a trump
king-illegal-must-play-under = You must drop your Jack, Queen or King under the higher card
king-illegal-must-play-king-of-hearts = You must play the King of hearts
king-illegal-must-discard-penalty = You cannot follow suit, so you must throw a penalty card
king-illegal-must-trump = You cannot follow suit, so you must play a trump
king-illegal-must-overtrump = You must play a higher trump
rules-king =
    King (4 players, 52 cards, each for themselves)
    12 deals, each with its own contract. No tricks (−50 a trick), no Jacks and Kings (−60 each), no Queens (−100 each), no hearts (−30 each), no last two tricks (−120 and −240), no King of hearts (−320), Take nothing (all the penalties at once), Trumps four times (+50 a trick), Take everything (+800 in all).
    The dealer's left neighbour is the declarer: they lead first and, in Trumps, name the trump.
    Follow suit. If you cannot, throw a penalty card (in Trumps: play a trump).
    A Jack, Queen or King the deal counts must drop under a higher card of its suit (the King of hearts under the ace).
    No leading hearts (trumps) until one has been played, unless you hold nothing else.
    When trumps are led, play a higher trump if you have one.
    After 12 deals the highest total wins.
