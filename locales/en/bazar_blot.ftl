# Bazar Blot («Բազար բլոտ»): the table, the auction picker, the hand, the results, the alerts and
# the rules. Keys: bazar_blot-*, rules-bazar_blot; an engine reason reads bazar_blot-illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-bazar_blot = Bazar Blot
bazar_blot-deal = deal
    .many = deals
    .title = Deal

bazar_blot-header = 🃏 Bazar Blot · deal { $deal } · to { $target }
bazar_blot-team = { $names } — { $score }
bazar_blot-tricks = { $count ->
    [one] { $count } trick
   *[other] { $count } tricks
  }
bazar_blot-calls = Bazar: { $calls }
bazar_blot-declaring = declarers
bazar_blot-turn = To play: { $name }
bazar_blot-boy = Boy
bazar_blot-capot = Capot
bazar_blot-capot-bid = Capot { $bid }
bazar_blot-pass = Pass
bazar_blot-pass-said = pass
bazar_blot-quansh = Quansh
bazar_blot-sur = Sur
bazar_blot-times-2 = ×2 Quansh
bazar_blot-times-4 = ×4 Sur
bazar_blot-contract = Contract: { $contract }
bazar_blot-announced = { $name }: { $combos }
bazar_blot-counting = Counted: { $team } — { $combos }
bazar_blot-none-count = The combinations tie: nobody scores them
bazar_blot-blot-said = { $name }: Blot
bazar_blot-combo-terz = Terz
bazar_blot-combo-fifty = Fifty
bazar_blot-combo-hundred = Hundred
bazar_blot-combo-four-jacks = Four jacks
bazar_blot-combo-four-nines = Four nines
bazar_blot-combo-four-aces = Four aces
bazar_blot-combo-four-tens = Four tens
bazar_blot-combo-four-queens = Four queens
bazar_blot-combo-four-kings = Four kings
bazar_blot-my-combos = Your combinations: { $combos }
bazar_blot-your-call = Your call
bazar_blot-more = More ›
bazar_blot-choose-level = Choose the level
bazar_blot-choose-capot = Capot: choose the level
bazar_blot-choose-strain = { $bid } — choose the suit
bazar_blot-sur-prompt = Quansh by { $name }. Sur or pass?
bazar_blot-deal-over = Deal { $number } is over
bazar_blot-thrown-in = All four passed: the cards are dealt again
bazar_blot-made = ✅ Contract made
bazar_blot-failed = ❌ Contract failed
bazar_blot-capot-taken = Capot: { $team } took all 8 tricks
bazar_blot-card-points = Cards: { $points }
bazar_blot-combos-counted = Combinations: { $team } — { $combos } ({ $points })
bazar_blot-blot-counted = Blot: { $name } ({ $points })
bazar_blot-winner = Winners: { $team }
bazar_blot-illegal-bid-too-low = A bid must be higher than the last one
bazar_blot-illegal-bid-too-high = The highest bid is 50
bazar_blot-illegal-capot-below-25 = Capot may be bid from 25
bazar_blot-illegal-nothing-to-quansh = Quansh needs a bid to double
bazar_blot-illegal-quansh-own-team = Quansh is said only on the opponents' bid
bazar_blot-illegal-bidding-closed = After a Quansh only Sur or pass may be said
bazar_blot-illegal-no-quansh = Sur answers a Quansh; nobody has said Quansh
bazar_blot-illegal-must-follow-suit = Follow the led suit
bazar_blot-illegal-must-overtrump = Play a higher trump
bazar_blot-illegal-must-trump = You lack the suit: ruff with a trump
rules-bazar_blot =
    Bazar Blot (4 players in two teams, partners opposite; 32 cards, seven to ace, 8 each)
    Trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3. Other suits: A 11, 10 10, K 4, Q 3, J 2. In Boy (no trumps) the ace is worth 19. The last trick adds 10: 162 in all.
    Bazar (auction): players speak in turn. The lowest bid is 8 (80 points); each bid must be higher than the last, in a trump suit or Boy. Four passes: the cards are dealt again. Capot (all 8 tricks) may be bid from 25.
    Quansh: the opponents double the bid, ×2; the bidding team may answer Sur, ×4.
    Follow suit. On a trump lead play a higher trump if you can. Lacking the suit while an opponent is taking the trick, ruff, higher if you can. Otherwise any card.
    Combinations: Terz 20, Fifty 50, Hundred 100, four jacks 200, four nines 140, four aces 110, four tens, queens or kings 100. Only the team with the strongest combination scores its combinations. The Blot (king and queen of trumps), 20, always counts.
    The bidding team must make its bid with its cards and combinations, or all the deal's points go to the opponents. Capot is worth 250.
    Scores are kept in tens; the match is played to { $target ->
        [151] 151
        [301] 301 (the palace room)
       *[other] { $target } (301 in the palace room)
    }.
