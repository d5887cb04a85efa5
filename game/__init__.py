"""Majlis: a card table for Hareeja, Ronda and Hand rummy."""
