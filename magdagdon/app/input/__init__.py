"""Turning raw SDL input into what states understand."""
