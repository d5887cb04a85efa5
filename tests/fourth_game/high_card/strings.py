"""High card's words."""
AR = {
    "game.high_card": "الورقة العالية",
    "help.high_card.title": "كيف تلعب الورقة العالية",
    "help.high_card.body": "ثلاث أوراق لكل لاعب، وأعلى ورقة تأخذ الأكلة.",
    "stats.fig.tricks": "الأكلات",
}
EN = {
    "game.high_card": "High card",
    "help.high_card.title": "How to play High card",
    "help.high_card.body": "Three cards each; the highest card takes the trick.",
    "stats.fig.tricks": "Tricks taken",
}
