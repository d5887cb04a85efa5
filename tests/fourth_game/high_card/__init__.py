"""High card: the trivial fourth game of tests/test_fourth_game.py."""
