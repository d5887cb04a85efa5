"""Hareeja's own strings (merged into the common tables by game.i18n). أكلة is the word
players use for a trick."""
AR = {
    "hj.last_trick": "الأكلة الأخيرة",
    "hj.last_trick.title": "الأكلة الأخيرة: أخذها {name}",
    "hj.last_trick.title_you": "الأكلة الأخيرة: أخذتها أنت",
    "hj.last_trick.none": "لم تُلعب أي أكلة في هذا الدور بعد",
    "hj.last_trick.not_now": "الأكلة الأخيرة تظهر بعد كشف النداءات",
}

EN = {
    "hj.last_trick": "Last trick",
    "hj.last_trick.title": "Last trick: {name} took it",
    "hj.last_trick.title_you": "Last trick: you took it",
    "hj.last_trick.none": "No trick has been played this round yet",
    "hj.last_trick.not_now": "The last trick can be seen once the bids are revealed",
}
