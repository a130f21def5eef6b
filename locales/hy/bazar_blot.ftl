# Bazar Blot («Բազար բլոտ»): the table, the auction picker, the hand, the results, the alerts and
# the rules, in the words of seed 004 (Կոզր, Բազար, Քուանշ, Կապուտ, Տերզ, Բլոտ …). Keys:
# bazar_blot-*, rules-bazar_blot; an engine reason reads bazar_blot-illegal-<key> first.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-bazar_blot = Բազար բլոտ
bazar_blot-deal = բաժանում
    .the = բաժանումն
    .from = բաժանումից
    .title = Բաժանում

bazar_blot-header = 🃏 Բազար բլոտ · բաժանում { $deal } · մինչև { $target }
bazar_blot-team = { $names } — { $score }
bazar_blot-tricks = { $count } առք
bazar_blot-calls = Բազար՝ { $calls }
bazar_blot-declaring = խոսող թիմ
bazar_blot-turn = Հերթը՝ { $name }
bazar_blot-boy = Բոյ
bazar_blot-capot = Կապուտ
bazar_blot-capot-bid = Կապուտ { $bid }
bazar_blot-pass = Պաս
bazar_blot-pass-said = պաս
bazar_blot-quansh = Քուանշ
bazar_blot-sur = Սուր
bazar_blot-times-2 = ×2 Քուանշ
bazar_blot-times-4 = ×4 Սուր
bazar_blot-contract = Խոսքը՝ { $contract }
bazar_blot-announced = { $name }՝ { $combos }
bazar_blot-counting = Հաշվվում են՝ { $team } — { $combos }
bazar_blot-none-count = Կոմբինացիաները հավասար են՝ ոչ մեկին չեն հաշվվում
bazar_blot-blot-said = { $name }՝ Բլոտ
bazar_blot-combo-terz = Տերզ
bazar_blot-combo-fifty = Հիսուն
bazar_blot-combo-hundred = Հարյուր
bazar_blot-combo-four-jacks = Չորս վալետ
bazar_blot-combo-four-nines = Չորս ինն
bazar_blot-combo-four-aces = Չորս տուզ
bazar_blot-combo-four-tens = Չորս տասը
bazar_blot-combo-four-queens = Չորս դամա
bazar_blot-combo-four-kings = Չորս կարոլ
bazar_blot-my-combos = Ձեր կոմբինացիաները՝ { $combos }
bazar_blot-your-call = Ձեր խոսքն է
bazar_blot-more = Ավելին ›
bazar_blot-choose-level = Ընտրեք խոսքը
bazar_blot-choose-capot = Կապուտ․ ընտրեք խոսքը
bazar_blot-choose-strain = { $bid } — ընտրեք մաստը
bazar_blot-sur-prompt = Քուանշ՝ { $name }։ Սուր, թե՞ պաս
bazar_blot-deal-over = { $number ->
    [1] 1-ին
   *[other] { $number }-րդ
  } բաժանումն ավարտվեց
bazar_blot-thrown-in = Բոլորը պաս ասացին՝ նոր բաժանում
bazar_blot-made = ✅ Խոսքը հավաքեցին
bazar_blot-failed = ❌ Խոսքը չհավաքեցին
bazar_blot-capot-taken = Կապուտ՝ { $team } (բոլոր 8 առքը)
bazar_blot-card-points = Քարտեր՝ { $points }
bazar_blot-combos-counted = Կոմբինացիաներ՝ { $team } — { $combos } ({ $points })
bazar_blot-blot-counted = Բլոտ՝ { $name } ({ $points })
bazar_blot-winner = Հաղթեց՝ { $team }
bazar_blot-illegal-bid-too-low = Խոսքը պետք է մեծ լինի նախորդից
bazar_blot-illegal-bid-too-high = Ամենամեծ խոսքը 50 է
bazar_blot-illegal-capot-below-25 = Կապուտ կարելի է խոսել 25-ից սկսած
bazar_blot-illegal-nothing-to-quansh = Քուանշ ասելու համար նախ խոսք պետք է լինի
bazar_blot-illegal-quansh-own-team = Քուանշ ասում են միայն մրցակիցների խոսքին
bazar_blot-illegal-bidding-closed = Քուանշից հետո կարելի է ասել միայն Սուր կամ պաս
bazar_blot-illegal-no-quansh = Սուր ասում են միայն Քուանշից հետո
bazar_blot-illegal-must-follow-suit = Պետք է գալ նույն մաստով
bazar_blot-illegal-must-overtrump = Պետք է դնել ավելի բարձր կոզր
bazar_blot-illegal-must-trump = Մաստը չկա․ պետք է կտրել կոզրով
rules-bazar_blot =
    Բազար բլոտ (4 խաղացող՝ երկու թիմ, զուգընկերները դիմաց, 32 քարտ՝ յոթից տուզ, 8-ական)
    Կոզրում՝ վալետ 20, ինն 14, տուզ 11, տասը 10, կարոլ 4, դամա 3։ Մյուս մաստերում՝ տուզ 11, տասը 10, կարոլ 4, դամա 3, վալետ 2։ Բոյում (առանց կոզրի) տուզն արժե 19։ Վերջին առքը՝ ևս 10, ընդամենը 162։
    Բազար՝ հերթով խոսում են։ Ամենափոքր խոսքը 8 է (80 միավոր), ամեն նոր խոսք՝ նախորդից մեծ, կոզրի մաստով կամ Բոյ։ Չորս պաս՝ նոր բաժանում։ Կապուտ (բոլոր 8 առքը) կարելի է խոսել 25-ից։
    Քուանշ՝ մրցակիցների խոսքին, ×2․ խոսող թիմը կարող է պատասխանել Սուր՝ ×4։
    Պետք է գալ նույն մաստով։ Կոզրով եկել են՝ դնել ավելի բարձր կոզր, եթե կա։ Մաստը չկա, և վերցնողը զուգընկերը չէ՝ կտրել կոզրով, ավելի բարձր, եթե կա։ Այլապես՝ ցանկացած քարտ։
    Կոմբինացիաներ՝ Տերզ 20, Հիսուն 50, Հարյուր 100, չորս վալետ 200, չորս ինն 140, չորս տուզ 110, չորս տասը, դամա կամ կարոլ 100։ Հաշվվում են միայն ամենաուժեղ կոմբինացիա ունեցող թիմի կոմբինացիաները։ Բլոտը (կոզրի կարոլ և դամա)՝ 20, միշտ հաշվվում է։
    Խոսող թիմը պետք է հավաքի իր խոսքը քարտերով և կոմբինացիաներով, այլապես բաժանման բոլոր միավորները գնում են մրցակիցներին։ Կապուտն արժե 250։
    Հաշիվը տասնյակներով է․ խաղը մինչև { $target ->
        [151] 151 է
        [301] 301 է (պալատական սենյակ)
       *[other] { $target } է (պալատական սենյակում՝ 301)
    }։
