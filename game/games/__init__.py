"""One package per game: rules.py and bots.py (pure), table.py (pygame); game.core.registry finds
them by their spec.py."""
