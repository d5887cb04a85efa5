"""Ronda's own strings (merged into the common tables by game.i18n)."""
AR = {
    "ronda.rules.maghribi": "مغربي ٤١",
    "ronda.rules.quick": "سريع ٢٥",
}
EN = {
    "ronda.rules.maghribi": "Maghribi · 41",
    "ronda.rules.quick": "Quick · 25",
}
