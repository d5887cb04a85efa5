"""Hareeja's own strings (merged into the common tables by game.i18n). أكلة is the word
players use for a trick."""
AR = {
    "game.hareeja": "الهريجة",
    "game.hareeja.sub": "أكلات بنداء مضبوط، أربعة لاعبين",
    "help.hareeja.title": "طريقة لعب الهريجة",
    "help.hareeja.body": (
        "أربعة لاعبين، كل واحد يلعب لنفسه، بشدّة من ٣٢ ورقة: من السبعة إلى الإكة في كل سنف. "
        "الترتيب: إكة، شايب، بنت، ولد، ١٠، ٩، ٨، ٧، ولا حكم أبدًا.\n"
        "في كل جولة تُوزَّع الأوراق كلها، ثماني لكل لاعب. بعدها يختار كل لاعب سرًّا كم أكلة "
        "سيأخذ، من ٠ إلى ٨، ويثبّت نداءه. حين يثبّت الأربعة تنكشف النداءات معًا وتبقى ظاهرة.\n"
        "يبدأ اللعب من يلي الموزّع. إن كان معك من السنف المطلوب فالعب منه، وإلا فالعب ما شئت. "
        "أعلى ورقة من السنف المطلوب تأخذ الأكلة، وصاحبها يبدأ التي بعدها. "
        "تُلعب الأكلات الثماني كلها.\n"
        "الحساب: إن أصبت نداءك بالضبط فلك ١٠ عن كل أكلة، ونداء الصفر بلا أكلة له ٢٥. "
        "وإن أخطأت فعليك ١٠ عن كل أكلة زائدة أو ناقصة.\n"
        "بعد خمس جولات يفوز صاحب المجموع الأعلى. وإن تعادل المتصدرون لُعبت جولات حاسمة، "
        "ثلاث على الأكثر، فإن بقي التعادل تقاسموا المركز الأول."),
    "hj.last_trick": "الأكلة الأخيرة",
    "hj.last_trick.title": "الأكلة الأخيرة: أخذها {name}",
    "hj.last_trick.title_you": "الأكلة الأخيرة: أخذتها أنت",
    "hj.last_trick.none": "لم تُلعب أي أكلة في هذا الدور بعد",
    "hj.last_trick.not_now": "الأكلة الأخيرة تظهر بعد كشف النداءات",
}

EN = {
    "game.hareeja": "Hareeja",
    "game.hareeja.sub": "Exact-bid tricks, 4 players",
    "help.hareeja.title": "How to play Hareeja",
    "help.hareeja.body": (
        "Four players, each for himself, with a 32-card deck (7 up to ace in every suit). "
        "Cards rank A K Q J 10 9 8 7, and there are no trumps.\n"
        "Every round all 32 cards are dealt, eight each. Then everyone secretly picks how many "
        "tricks he will take, from 0 to 8, and confirms. The bids are shown together once all "
        "four are in, and stay on the table.\n"
        "The player after the dealer leads. Follow the suit that was led if you can; otherwise "
        "play anything. The highest card of the led suit takes the trick, and its winner leads "
        "next. All eight tricks are always played.\n"
        "Scoring: hit your bid exactly and score 10 per trick (a bid of 0 with no trick scores "
        "25). Miss it and lose 10 for every trick over or under.\n"
        "After five rounds the highest total wins. A tie for first place is settled by up to "
        "three extra rounds; if it still stands, first place is shared."),
    "hj.last_trick": "Last trick",
    "hj.last_trick.title": "Last trick: {name} took it",
    "hj.last_trick.title_you": "Last trick: you took it",
    "hj.last_trick.none": "No trick has been played this round yet",
    "hj.last_trick.not_now": "The last trick can be seen once the bids are revealed",
}
