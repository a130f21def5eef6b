# Hearts («Սրտեր»): the table, the hand, the alerts and the rules. Keys: hearts-*, rules-hearts;
# a reason the engine gives (IllegalAction.key) reads hearts-illegal-<key> before illegal-<key>.

## Its name, and its word for a deal in the forms core.ftl asks for: { WORD($game, "deal.title") }
game-hearts = Սրտեր
hearts-deal = խաղափուլ
    .the = խաղափուլն
    .from = խաղափուլից
    .title = Խաղափուլ

hearts-illegal-must-lead-two-clubs = Առաջին առքը սկսում են խաչի 2-ով
hearts-illegal-no-points-first-trick = Առաջին առքում չի կարելի գցել սիրտ կամ պիկի դամա
hearts-illegal-hearts-not-broken = Սրտերը դեռ բացված չեն․ սրտով գալ չի կարելի
hearts-illegal-pass-too-few = { $chosen ->
        [0] Նախ ընտրեք 3 քարտ
       *[other] { $missing ->
            [one] Ընտրեք ևս մեկ քարտ
           *[other] Ընտրեք ևս { $missing } քարտ
        }
    }
hearts-illegal-pass-too-many = Փոխանցում են ուղիղ 3 քարտ․ { $extra } քարտն ավելորդ է
hearts-header = 🃏 Սրտեր · { $round }-{ $round ->
        [1] ին
       *[other] րդ
    } խաղափուլ · { $direction }
hearts-pass-left = փոխանցում՝ ձախ
hearts-pass-right = փոխանցում՝ աջ
hearts-pass-across = փոխանցում՝ դիմաց
hearts-pass-none = առանց փոխանցման
hearts-to-left = ձախ հարևանին
hearts-to-right = աջ հարևանին
hearts-to-across = դիմացինին
hearts-to-none = ոչ մեկին
hearts-passing = Փոխանցում․ ընտրել են { $done }/4
hearts-broken = ♥ սրտերը բացված են
hearts-pass-choose = Ընտրեք 3 քարտ՝ { $direction } փոխանցելու համար
hearts-pass-confirm = Փոխանցել ({ $count }/3)
hearts-passed = Փոխանցեցիք՝ { $cards }։ Սպասում ենք մյուսներին։
hearts-received = Ստացաք՝ { $cards }
rules-hearts =
    Սրտեր (4 խաղացող, 52 քարտ, առանց կոզրի)
    Նպատակն է հնարավորինս քիչ միավոր հավաքել։
    Յուրաքանչյուր խաղափուլից առաջ 3 քարտ եք փոխանցում՝ ձախ, աջ, դիմաց, ապա առանց փոխանցման։
    Խաչի 2-ն ունեցողը սկսում է առաջին առքը։ Պետք է գալ նույն մաստով, եթե ունեք։
    Առաջին առքում չի կարելի գցել սիրտ կամ պիկի դամա, եթե այլ քարտ ունեք։
    Սրտով գալ չի կարելի, քանի դեռ սրտերը բացված չեն (մինչև որևէ մեկը սիրտ գցի), եթե ձեռքում միայն սրտեր չեն։
    Առքը վերցնում է խաղացված մաստի ամենաբարձր քարտը։
    Ամեն սիրտ՝ 1 միավոր, պիկի դաման՝ 13։ Բոլոր 26-ը վերցնողը լուսինն է անում՝ մյուսները ստանում են 26-ական։
    Խաղն ավարտվում է, երբ մեկը հասնում է { $target }-ի․ հաղթում է ամենաքիչ միավոր ունեցողը (հավասարության դեպքում՝ ևս մեկ խաղափուլ)։
hearts-moon = 🌙 { $name } լուսինն արեց՝ բոլոր 26 միավորը մյուսներին
