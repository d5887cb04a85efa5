"""One package per game: rules.py and bots.py (pure), table.py (pygame)."""
