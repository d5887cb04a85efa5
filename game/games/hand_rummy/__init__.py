"""hand_rummy game package."""
