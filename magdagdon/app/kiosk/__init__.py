"""Kiosk mode: the evening a kiosk run holds (its kiosk.json, claim, lock, director and
notice), the window's lock, the director of the attract loop, its cards, and "Still
playing?" (docs/KIOSK.md)."""
