# King («Քինգ»): the table, the hand, the score sheet, the alerts and the rules. Keys: king-*,
# rules-king; a reason the engine gives (IllegalAction.key) reads king-illegal-<key> first.
# Contract names in the seed's words (Պարտիայի նպատակն է՝ չվերցնել …).

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-king = Քինգ
king-deal = պարտիա
    .the = պարտիան
    .from = պարտիայից
    .title = Պարտիա

king-contract-nt = Չվերցնել առքեր
king-contract-jk = Չվերցնել վալետներ ու թագավորներ
king-contract-qn = Չվերցնել թագուհիներ
king-contract-ht = Չվերցնել սրտեր
king-contract-l2 = Չվերցնել վերջին 2 առքը
king-contract-kh = Չվերցնել Քինգը
king-contract-tn = Չվերցնել ոչինչ
king-contract-tr = Հաղթաթուղթ
king-contract-te = Վերցնել ամեն ինչ
king-reminder-nt = ամեն առքը՝ −50
king-reminder-jk = ամեն վալետն ու թագավորը՝ −60
king-reminder-qn = ամեն թագուհին՝ −100
king-reminder-ht = ամեն սիրտը՝ −30
king-reminder-l2 = նախավերջին առքը՝ −120, վերջինը՝ −240
king-reminder-kh = սրտի թագավորը (Քինգը)՝ −320
king-reminder-tn = ամեն ինչ տուգանք է՝ առք −15, Վ և Թ −20, Թգ −30, սիրտ −10, վերջին 2 առքը −40 և −60, Քինգ −95
king-reminder-tr = ամեն առքը՝ +50
king-reminder-te = ամեն ինչ միավոր է՝ առք +15, Վ և Թ +20, Թգ +30, սիրտ +10, վերջին 2 առքը +40 և +60, Քինգ +95
king-short-nt = Առքեր
king-short-jk = Վ և Թ
king-short-qn = Թագուհի
king-short-ht = Սրտեր
king-short-l2 = Վերջ. 2
king-short-kh = Քինգ
king-short-tn = Ոչինչ
king-short-tr = Հաղթ.
king-short-te = Ամեն ինչ
king-header = 🃏 Քինգ · պարտիա { $deal }/{ $deals } · { $contract }
king-declarer = Խաղարկում է՝ { $name }
king-trump = Հաղթաթուղթ՝ { $suit } · ընտրեց՝ { $name }
king-trump-choosing = Հաղթաթուղթն ընտրում է՝ { $name }
king-choose-trump = Ընտրեք հաղթաթուղթը
king-suit-s = ♠ Պիկ
king-suit-h = ♥︎ Սիրտ
king-suit-d = ♦︎ Ագուռ
king-suit-c = ♣ Խաչ
king-deal-points = այս պարտիայում՝ { $points }
king-your-score = Ձեր միավորները՝ { $total } · այս պարտիայում՝ { $points }
king-deal-over = Պարտիա { $deal }/{ $deals }՝ «{ $contract }»․ ավարտվեց
king-deal-line = { $place }. { $name } { $total } ({ $points })
king-sheet-title = 📋 Հաշվի թերթիկը
king-sheet-button = 📋 Հաշիվ
king-sheet-total = Ընդամենը
king-illegal-hearts-not-broken = Սրտերը դեռ բացված չեն․ սրտով գալ չի կարելի
king-illegal-trumps-not-broken = Հաղթաթղթերը դեռ բացված չեն․ հաղթաթղթով գալ չի կարելի
king-illegal-must-play-under = Պետք է նետել վալետը, թագուհին կամ թագավորը ավելի բարձր քարտի տակ
king-illegal-must-play-king-of-hearts = Պետք է նետել սրտի թագավորը (Քինգը)
king-illegal-must-discard-penalty = Նույն մաստը չունեք․ պետք է նետել տուգանային քարտ
king-illegal-must-trump = Նույն մաստը չունեք․ պետք է դնել հաղթաթուղթ
king-illegal-must-overtrump = Պետք է դնել ավելի բարձր հաղթաթուղթ
rules-king =
    Քինգ (4 խաղացող, 52 քարտ, ամեն մեկն իր համար)
    12 պարտիա՝ ամեն մեկն իր պայմանով․ Չվերցնել առքեր (−50 ամեն առքը), վալետներ ու թագավորներ (−60), թագուհիներ (−100), սրտեր (−30), վերջին 2 առքը (−120 և −240), Քինգը՝ սրտի թագավորը (−320), Չվերցնել ոչինչ (բոլոր տուգանքները միասին), 4 անգամ Հաղթաթուղթ (+50 ամեն առքը), Վերցնել ամեն ինչ (+800 ընդամենը)։
    Բաժանողից ձախ նստողը խաղարկում է․ նա է առաջինը գալիս, իսկ Հաղթաթղթում ընտրում է հաղթաթուղթը։
    Պետք է գալ նույն մաստով։ Չունենալու դեպքում պետք է նետել տուգանային քարտ (հաղթաթղթում՝ դնել հաղթաթուղթ)։
    Վալետը, թագուհին, թագավորը պետք է նետել նույն մաստի ավելի բարձր քարտի տակ, եթե պարտիան դրանք է հաշվում (Քինգը՝ սրտի տուզի տակ)։
    Սրտով (հաղթաթղթով) գալ չի կարելի, քանի դեռ սիրտ (հաղթաթուղթ) չի խաղացվել, եթե ձեռքում միայն դրանք չեն։
    Հաղթաթղթով գալու դեպքում պետք է դնել ավելի բարձր հաղթաթուղթ, եթե ունեք։
    12 պարտիայից հետո հաղթում է ամենաշատ միավոր ունեցողը։
