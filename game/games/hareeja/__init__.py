"""hareeja game package."""
