# The coach (issue 26): 💡 a hint, 🔍 the review of a deal, ⏯ a deal replayed.
coach-hint-button = 💡 Հուշում
coach-review-button = 🔍 { $deal }
coach-thinking = 💡 Մտածում եմ…
coach-busy = 💡 Հուշումը հիմա չստացվեց, փորձեք մի քիչ հետո։
coach-hint-title = 💡 Բարդ համակարգիչը կխաղար՝ { $choice }
coach-hint-line = { $rank }. { $action } — { $estimate }
coach-hint-unrated = Հուշում օգտագործողի վարկանիշն այս խաղից չի փոխվի։
coach-pass = պաս
coach-unit-taken = ≈{ $value } միավոր կվերցնեք
coach-unit-points = ≈{ $value } միավոր
coach-unit-margin = ≈{ $value } միավոր տարբերություն
coach-unit-tables = ≈{ $value } սեղան
coach-unit-place = ≈{ $value ->
        [1] 1-ին
       *[other] { $value }-րդ
    } տեղ
coach-king-risk = Այս պայմանագրում սպասվող տուգանքը՝ ≈{ $amount } միավոր
coach-king-gain = Այս պայմանագրում սպասվող շահը՝ ≈{ $amount } միավոր
coach-king-trump = Լավագույն կոզրով սպասվող միավորները՝ ≈{ $amount }
coach-blot-bid = Ձեր թիմն այդ գույնով կվերցնի ≈{ $amount } միավոր
coach-match-hinted = 💡 Հուշումներ օգտագործեցին՝ { $names } (վարկանիշը չփոխվեց)
coach-history-hinted = 💡
coach-review-title = 🔍 { $deal ->
        [1] 1-ին
       *[other] { $deal }-րդ
    } { WORD($game, "deal") }, ձեր ընտրությունները
coach-review-none = Ափսոսալու բան չկա՝ ձեր ընտրությունները Բարդի գնահատմամբ ամենալավերից էին։
coach-review-item = { $rank }. { $when }՝ խաղացիք { $chosen } ({ $chosen_estimate }), Բարդը կխաղար { $best } ({ $best_estimate })․ տարբերությունը՝ { $cost }
coach-review-hand = { "   " }ձեռքում՝ { $cards }
coach-review-trick = { "   " }սեղանին՝ { $cards }
coach-review-when = քայլ { $move }
coach-review-busy = 🔍 Վերլուծությունը հիմա չստացվեց, փորձեք մի քիչ հետո։
coach-replay-button = ⏯ { $deal }
coach-replay-title = ⏯ { $game } · { $deal ->
        [1] 1-ին
       *[other] { $deal }-րդ
    } { WORD($code, "deal") } · քայլ { $step }/{ $steps }
coach-replay-dealt = Բաժանված ձեռքերը
coach-replay-move = { $name }՝ { $action }
coach-replay-hidden = 🂠 փակ
coach-replay-hand = { $name }՝ { $cards }
coach-replay-sent = ⏯ Կրկնությունը ուղարկվեց ձեզ անձնական նամակով
coach-replay-page = 🃏 Տեսնել սեղանին
coach-replay-none = ⏯ Այդպիսի կրկնություն չկա
# խաղափուլը մեկ տեքստով (issue 41)
coach-paste-button = 📄 Խաղափուլը տեքստով
coach-paste-title = 📄 { $game } · { $deal }-րդ { WORD($code, "deal") }
coach-paste-share = Կիսվել (կբացեն զրույցի անդամները)՝ { $link }
coach-paste-after-match = Ամբողջ խաղափուլը կարելի է պատճենել խաղի ավարտից հետո։
coach-paste-sent = 📄 Խաղափուլը ձեր անձնական զրույցում է
coach-paste-bad = 📄 Սեղանը չի կարող վերարտադրել այս խաղափուլը՝ { $error }
