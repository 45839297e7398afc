"""The board page's words: the same keys and placeholders in its four languages, each
translated (the page shows English only where a word is missing, which must never be)."""

from __future__ import annotations

import json
import re
from importlib import resources

LANGUAGES = ("en", "it", "ur", "hi")
SAME_IN_EVERY_LANGUAGE = {"rank", "game_of"}  # "#", and "{name}: {difficulty}, {date}"


def test_every_language_has_every_word_of_the_page_in_its_own_words():
    texts = json.loads((resources.files("magdagdon.board") / "page" / "texts.json").read_text("utf-8"))
    assert set(texts) == set(LANGUAGES)
    english = texts["en"]
    for language in LANGUAGES[1:]:
        words = texts[language]
        assert set(words) == set(english), language
        for key, text in words.items():
            assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", english[key])), (language, key)
            if key not in SAME_IN_EVERY_LANGUAGE:
                assert text != english[key], (language, key)
