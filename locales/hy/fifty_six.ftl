# 56 («56»): the table, the hand and auction, the results, the alerts and the rules. Keys:
# fifty_six-*, rules-fifty_six. Words from shared/seeds/001 and the glossary of rules/56.md §13:
# սեղան (the stake), թիմ, բաժանում, աճուրդ, հայտ, պայմանագիր, կոզր, առանց կոզրի, Ոչեր, Պլյուս,
# կրկնապատկել, վերակրկնապատկել (a coinage to confirm with a native speaker), մաստ, վալետ, առք.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-fifty_six = 56
fifty_six-deal = բաժանում
    .the = բաժանումն
    .from = բաժանումից
    .title = Բաժանում

fifty_six-illegal-bid-too-low = Հայտը պետք է բարձր լինի նախորդ հայտից
fifty_six-illegal-bad-bid-form = Հայտի այդ ձևը չի համապատասխանում հայտին
fifty_six-illegal-cannot-double = Կրկնապատկել կարելի է միայն մրցակից թիմի դեռ չկրկնապատկված հայտը
fifty_six-illegal-cannot-redouble = Վերակրկնապատկել կարելի է միայն ձեր թիմի կրկնապատկված հայտը
fifty_six-illegal-must-follow-suit = Պետք է գալ նույն մաստով
fifty_six-illegal-not-in-hand = Այդ քարտը ձեր ձեռքում չկա

fifty_six-header = 🃏 56 · բաժանում { $number } · բաժանող՝ { $dealer }
fifty_six-team-line = { $team } — { $tables } սեղան
fifty_six-team-left = { $team } — դուրս են եկել { $number ->
        [1] 1-ին
       *[other] { $number }-րդ
    } բաժանումից հետո
fifty_six-order = Սեղանի շուրջ՝ { $seats }
fifty_six-auction = Աճուրդ՝ { $calls }
fifty_six-auction-start = Աճուրդ՝ դեռ հայտ չկա
fifty_six-contract = Պայմանագիր՝ { $contract } · { $mark } { $name }
fifty_six-points = Միավորներ՝ { $points }
fifty_six-winner = 🏆 Հաղթեց՝ { $team }
fifty_six-last-trick = Նախորդ առքը՝ { $name } ({ $cards }) +{ $points }
fifty_six-deal-last-trick = Վերջին առքը՝ { $name } ({ $cards }) +{ $points }
fifty_six-nt = առանց կոզրի
fifty_six-all-passed = (բոլորը պաս ասացին)
fifty_six-said-pass = պաս
fifty_six-said-double = կրկնապատկեց ×2
fifty_six-said-redouble = վերակրկնապատկեց ×4
fifty_six-form-nt = { $value } առանց կոզրի
fifty_six-form-noes = { $value } Ոչեր
fifty_six-form-plus = Պլյուս { $plus } { $denom }
fifty_six-form-plus-noes = Պլյուս { $plus } Ոչեր

fifty_six-over = խաղն ավարտվեց
fifty_six-you = Ձեր թիմը՝ { $mark }, զուգընկերը՝ { $partner } · սեղաններ՝ { $tables }
fifty_six-you-left = Ձեր թիմի սեղանները վերջացան { $number ->
        [1] 1-ին
       *[other] { $number }-րդ
    } բաժանումում, և դուք դուրս եկաք խաղից։
fifty_six-you-left-watch = Խաղը շարունակվում է առանց ձեզ՝ { $players } խաղացողով։ Հետևեք խմբում։
fifty_six-you-left-short = Ձեր թիմը դուրս է եկել խաղից՝ սեղանները վերջացան
fifty_six-pass = Պաս
fifty_six-double = Կրկնապատկել ×2
fifty_six-redouble = Վերակրկնապատկել ×4
fifty_six-more = Ավելին
fifty_six-choose-call = Ձեր խոսքն է․ ընտրեք հայտի թիվը կամ ասեք պաս
fifty_six-choose-no-bid = Ձեր խոսքն է
fifty_six-choose-value = Ընտրեք հայտի թիվը
fifty_six-choose-denom = { $value }՝ ընտրեք մաստը կամ առանց կոզրի
fifty_six-forms-hint = 28♦՝ ունեմ վալետը · ♦ 28՝ վալետ չունեմ, բայց բարձր քարտեր ունեմ · Ոչեր՝ նախորդ հայտի մաստից քարտ չունեմ
fifty_six-forms-hint-plus = Պլյուս 2 ♦՝ այդ մաստից ունեմ միայն 2 բարձր քարտ

fifty_six-deal-over = { $number ->
        [1] 1-ին
       *[other] { $number }-րդ
    } բաժանումն ավարտվեց
fifty_six-made = ✅ Պայմանագիրը կատարվեց՝ { $contract } · { $team }՝ { $points } միավոր (պետք էր { $value })
fifty_six-lost = ❌ Պայմանագիրը չկատարվեց՝ { $contract } · { $team }՝ { $points } միավոր (պետք էր { $value })
fifty_six-card-points = Միավորներ՝ { $points }
fifty_six-table-changes = Սեղաններ՝ { $changes }
fifty_six-team-out = { $team }՝ սեղանները վերջացան, թիմը դուրս է գալիս խաղից
fifty_six-reformed = Սեղանը վերակազմվում է՝ { $players } խաղացող, յուրաքանչյուրին { $cards } քարտ
fifty_six-place-in = { $place }. { $team } — { $tables } սեղան
fifty_six-place-out = { $place }. { $team } — դուրս եկան { $number ->
        [1] 1-ին
       *[other] { $number }-րդ
    } բաժանումից հետո

rules-fifty_six =
    56 (4, 6 կամ 8 խաղացող, 2-ական հոգանոց թիմեր, զուգընկերները նստում են դիմաց)
    Երկու կապուկ՝ J 9 A 10 K Q (8 խաղացողի դեպքում նաև 8 և 7), ամեն քարտ երկու անգամ։ Ուժը՝ J, 9, A, 10, K, Q, 8, 7։
    Միավորներ՝ վալետ 3, ինը 2, տուզ 1, տասը 1․ ընդամենը 56։
    Ամեն թիմ ստանում է { $tables } սեղան։ Սեղանները վերջացրած թիմը դուրս է գալիս․ հաղթում է սեղաններով մնացած վերջին թիմը։
    Աճուրդ՝ 28-ից 56, մաստով կամ առանց կոզրի, ամեն հայտը՝ նախորդից բարձր։ Մրցակիցների հայտը կարելի է կրկնապատկել, ձեր թիմի կրկնապատկված հայտը՝ վերակրկնապատկել (աճուրդն ավարտվում է)։ Եթե բոլորը պաս ասեն՝ 28 առանց կոզրի բաժանողի աջ կողմի խաղացողի թիմի համար։
    Հայտի ձևերը (միայն տեղեկություն զուգընկերոջը)՝ «28♦» ունեմ վալետը, «♦ 28» վալետ չունեմ, «28 Ոչեր» նախորդ մաստից քարտ չունեմ, «Պլյուս 2 ♦» այդ մաստից միայն 2 բարձր քարտ։
    Առաջին առքը սկսում է բաժանողի աջ կողմի խաղացողը։ Պետք է գալ նույն մաստով, եթե ունեք․ եթե չունեք՝ ցանկացած քարտ։ Երկու նույն քարտից առաջինն է վերցնում։
    Հայտատու թիմը կատարում է պայմանագիրը, եթե հավաքում է առնվազն հայտի չափով միավոր։ Կատարելու դեպքում ամեն մյուս թիմից ստանում է 1 (28–39), 2 (40–47), 3 (48–55) կամ 4 (56) սեղան, չկատարելու դեպքում ամեն թիմին վճարում է 2, 3, 4 կամ 5։ Կրկնապատկված՝ ×2, վերակրկնապատկված՝ ×4։
