# Hearts («Սրտեր»): the table, the hand, the alerts and the rules. Keys: hearts-*, rules-hearts;
# a reason the engine gives (IllegalAction.key) reads hearts-illegal-<key> before illegal-<key>.

hearts-illegal-must-lead-two-clubs = Առաջին վերցումը սկսվում է խաչի 2-ով
hearts-illegal-no-points-first-trick = Առաջին վերցման ժամանակ սիրտ կամ պիկի դամա խաղալ չի կարելի
hearts-illegal-hearts-not-broken = Սրտերը դեռ կոտրված չեն․ սրտով սկսել չի կարելի
hearts-header = 🃏 <b>Սրտեր</b> · խաղափուլ { $round } · { $direction }
hearts-pass-left = փոխանցում՝ ձախ
hearts-pass-right = փոխանցում՝ աջ
hearts-pass-across = փոխանցում՝ դիմաց
hearts-pass-none = ոչ մի փոխանցում
hearts-to-left = ձախ
hearts-to-right = աջ
hearts-to-across = դիմաց
hearts-to-none = ոչ մեկին
hearts-passing = Փոխանցում․ ընտրել են { $done }/4
hearts-broken = ♥ սրտերը կոտրված են
hearts-pass-choose = Ընտրեք 3 քարտ՝ { $direction } փոխանցելու համար
hearts-pass-confirm = Փոխանցել ({ $count }/3)
hearts-passed = Փոխանցեցիք՝ { $cards }։ Սպասում ենք մյուսներին։
hearts-received = Ստացաք՝ { $cards }
rules-hearts =
    Սրտեր (4 խաղացող, 52 քարտ, առանց կոզրի)
    Նպատակն է հնարավորինս քիչ միավոր հավաքել։
    Յուրաքանչյուր խաղափուլից առաջ 3 քարտ եք փոխանցում՝ ձախ, աջ, դիմաց, ապա ոչ մի փոխանցում։
    Խաչի 2-ն ունեցողը սկսում է առաջին վերցումը։ Պետք է հետևել պահանջված նշանին, եթե ունեք այն։
    Առաջին վերցման ժամանակ սիրտ կամ պիկի դամա խաղալ չի կարելի, եթե այլ քարտ ունեք։
    Սրտով սկսել չի կարելի, մինչև սրտերը կոտրվեն (մինչև մեկն սիրտ մերժի)։
    Նշանի ամենաուժեղ քարտը վերցնում է վերցումը։
    Ամեն սիրտ՝ 1 միավոր, պիկի դաման՝ 13։ Բոլոր 26-ը վերցնողը լուսինն է անում՝ մյուսները ստանում են 26-ական։
    Խաղն ավարտվում է, երբ մեկը հասնում է 100-ի․ հաղթում է ամենաքիչ միավորը։
hearts-moon = 🌙 { $name } լուսինն արեց՝ բոլոր 26 միավորը մյուսներին
