"""ronda game package."""
