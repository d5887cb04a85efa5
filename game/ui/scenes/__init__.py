"""The app's screens: menu, settings, rules help (the game tables live in game/games/*/scene.py)."""
