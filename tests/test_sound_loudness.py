"""The sound effects are equally loud (measured on the shipped files), and the script that
makes them brings any effect to that loudness."""

import importlib.util
import math
import random
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
make_sounds = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_sounds)


def test_every_shipped_effect_has_the_same_loudness():
    measured = {name: make_sounds.loudness_db(make_sounds.read_wav(ROOT / "assets" / "sounds" / f"{name}.wav"))
                for name in make_sounds.SOUNDS}
    print(measured)
    assert max(measured.values()) - min(measured.values()) <= 1.0, measured
    for name, loudness in measured.items():
        assert abs(loudness - make_sounds.TARGET_LOUDNESS_DB) <= 0.5, (name, loudness)


def test_loudness_follows_gain_and_ignores_silence():
    tone = [0.5 * math.sin(2 * math.pi * 440 * i / make_sounds.RATE) for i in range(make_sounds.RATE // 2)]
    base = make_sounds.loudness_db(tone)
    assert abs(base - 20 * math.log10(0.5 / math.sqrt(2))) < 0.3  # a sine's RMS
    assert abs(make_sounds.loudness_db([s / 2 for s in tone]) - (base - 6.02)) < 0.1
    padded = [0.0] * make_sounds.RATE + tone + [0.0] * make_sounds.RATE
    assert abs(make_sounds.loudness_db(padded) - base) < 0.5  # silence is gated out


def test_normalising_brings_a_quiet_effect_to_the_target():
    quiet = make_sounds.take_back(random.Random(1))
    louder = make_sounds.normalised([s / 10 for s in quiet])
    assert abs(make_sounds.loudness_db(louder) - make_sounds.TARGET_LOUDNESS_DB) < 0.1
    assert max(abs(s) for s in louder) < 1.0
