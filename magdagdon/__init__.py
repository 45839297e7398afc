"""MAGDAGDON — a solitaire dice-placement puzzle. A CUBIRI ORIGINAL."""

__version__ = "0.1.0"
