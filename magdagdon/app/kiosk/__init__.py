"""Kiosk mode: the window's lock, the director of the attract loop, its cards, and "Still
playing?" (docs/KIOSK.md)."""
