"""One package per game: rules.py and bots.py (pure), scene.py and its scene_*.py parts (pygame);
game.core.registry finds them by their spec.py."""
