# Տասներեք (Thirteen, Tiến lên): the table, the hand, the results, the alerts and the rules.
# Keys: thirteen-*, rules-thirteen; a reason the engine gives (IllegalAction.key) reads
# thirteen-illegal-<key> before illegal-<key>. Words: shared/seeds/002 and the glossary of
# shared/rules/thirteen.md §14 (զույգ, եռյակ, քառյակ, հաջորդականություն, ռումբ, պաս).

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-thirteen = Տասներեք
thirteen-deal = խաղ
    .the = խաղն
    .from = խաղից
    .title = Խաղ

## Header
thirteen-header = 🃏 Տասներեք
thirteen-header-game = 🃏 Տասներեք · խաղ { $number }/{ $total }
thirteen-header-tiebreak = 🃏 Տասներեք · լրացուցիչ խաղ ({ $number }-րդ)

## A seat on the table
thirteen-seat-cards = { $count } քարտ
thirteen-seat-passed = պաս
thirteen-seat-out = 🏁 { $place ->
    [1] 1-ին
   *[other] { $place }-րդ
}

## Combinations: with their cards (the table), and by their ranks (the chosen cards)
thirteen-play-single = { $cards }
thirteen-play-pair = զույգ { $cards }
thirteen-play-triple = եռյակ { $cards }
thirteen-play-quad = ռումբ՝ քառյակ { $cards }
thirteen-play-seq = հաջորդականություն { $cards }
thirteen-play-dseq = ռումբ՝ կրկնակի հաջորդականություն { $cards }
thirteen-name-single = { $high }
thirteen-name-pair = զույգ { $rank }
thirteen-name-triple = եռյակ { $rank }
thirteen-name-quad = ռումբ՝ չորս { $rank }
thirteen-name-seq = հաջորդականություն { $low }–{ $high }
thirteen-name-dseq = ռումբ՝ զույգեր { $low }–{ $high }

## The table (group)
thirteen-table = Սեղանին՝ { $name }՝ { $combo }
thirteen-table-empty = Սեղանը դատարկ է
thirteen-table-cleared = Սեղանը մաքրվեց․ վերջինը՝ { $name }՝ { $combo }
thirteen-last-play = Վերջին քայլը՝ { $name }, { $combo }
thirteen-web-deal-last-trick = Վերջին քայլը
thirteen-first-play = Առաջին քայլը պետք է պարունակի ամենացածր քարտը
thirteen-finished = Դուրս են եկել՝ { $names }

## The hand (private)
thirteen-your-turn = Ձեր հերթն է
thirteen-wait = Սպասեք ձեր հերթին
thirteen-to-beat = Պետք է ծածկել՝ { $name }՝ { $combo }
thirteen-lead = Սեղանը դատարկ է․ խաղացեք ցանկացած կոմբինացիա
thirteen-first-card = Առաջին քայլը պետք է պարունակի { $card }
thirteen-choose = Ընտրեք քարտերը, ապա՝ «Խաղալ»
thirteen-chosen = Ընտրված՝ { $combo }
thirteen-chosen-invalid = Ընտրված՝ { $cards } — կոմբինացիա չէ
thirteen-chosen-weak = Ընտրված՝ { $combo } — չի ծածկում
thirteen-chosen-lowest = Ընտրված՝ { $combo } — պետք է պարունակի { $card }
thirteen-cannot-beat = Ծածկելու քարտ չունեք․ սեղմեք «Պաս»
thirteen-locked = Դուք պաս ասացիք․ սպասեք, մինչև սեղանը մաքրվի
thirteen-out = Դուք դուրս եկաք { $place ->
    [1] 1-ին
   *[other] { $place }-րդ
} տեղով
thirteen-left = Քարտեր՝ { $counts }
thirteen-play = ▶ Խաղալ
thirteen-pass = Պաս

## Results (group)
thirteen-game-over = { $number ->
    [1] 1-ին
   *[other] { $number }-րդ
} խաղն ավարտվեց
thirteen-tiebreak-over = Լրացուցիչ խաղն ({ $number }-րդ) ավարտվեց
thirteen-tiebreak-next = Առաջին տեղը կիսում են { $names }․ կխաղանք լրացուցիչ խաղ
thirteen-match-tiebreaks = Լրացուցիչ խաղեր՝ { $count }

## Alerts: why a play is refused
thirteen-illegal-locked-out = Դուք պաս ասացիք․ սպասեք, մինչև սեղանը մաքրվի
thirteen-illegal-not-in-hand = Այդ քարտերը ձեր ձեռքում չկան
thirteen-illegal-not-a-combination = Այս քարտերը կոմբինացիա չեն կազմում
thirteen-illegal-must-include-lowest = Առաջին քայլը պետք է պարունակի ամենացածր բաժանված քարտը
thirteen-illegal-must-play = Սեղանը դատարկ է․ պաս ասել չի կարելի, խաղացեք որևէ կոմբինացիա
thirteen-illegal-must-match-type = Պետք է խաղալ նույն տեսակի և նույն չափի կոմբինացիա
thirteen-illegal-too-low = Ձեր ամենաբարձր քարտը պետք է բարձր լինի սեղանի ամենաբարձր քարտից
thirteen-illegal-bomb-too-weak = Այս ռումբը բավական ուժեղ չէ

rules-thirteen =
    Տասներեք (Tiến lên)՝ 2–4 խաղացող, 52 քարտ, ամեն մեկին 13 քարտ։
    Նպատակը՝ առաջինն ազատվել բոլոր քարտերից։
    Վարկանիշը՝ 3 4 5 6 7 8 9 10 J Q K A 2 (2-ը ամենաբարձրն է), մաստերը՝ ♠ ♣ ♦ ♥ (ցածրից բարձր)։ Մաստը որոշում է միայն նույն արժեքի քարտերի միջև։
    Կոմբինացիաներ՝ մեկ քարտ, զույգ, եռյակ, քառյակ, հաջորդականություն (առնվազն 3 իրար հաջորդող արժեք, առանց 2-ի), կրկնակի հաջորդականություն (առնվազն 3 իրար հաջորդող զույգ, առանց 2-ի)։
    Առաջին խաղը սկսում է ամենացածր քարտն ունեցողը (4 խաղացողով՝ 3♠), և այդ քարտը պետք է լինի նրա առաջին կոմբինացիայում։
    Սեղանին եղածը ծածկում են նույն տեսակի և չափի կոմբինացիայով, որի ամենաբարձր քարտն ավելի բարձր է։
    Ով պաս է ասում, չի խաղում, մինչև սեղանը մաքրվի։ Երբ բոլորը պաս են ասել, վերջին կոմբինացիան դրածը սկսում է նորից՝ ցանկացած կոմբինացիայով։
    Ռումբեր՝ քառյակը կամ 3 զույգի կրկնակի հաջորդականությունը ծածկում է մեկ 2, 4 զույգինը՝ երկու 2, 5 զույգինը՝ երեք 2։ Ռումբը ծածկում է նաև ավելի թույլ ռումբ։
    Խաղը շարունակվում է, մինչև մեկ խաղացող մնա քարտերով։ Միավորներ՝ 4 խաղացողով 3, 2, 1, 0 ըստ տեղի։ Խաղերի թիվը՝ { $match_games }․ հաղթում է ամենաշատ միավոր հավաքողը, հավասարության դեպքում՝ լրացուցիչ խաղ։
