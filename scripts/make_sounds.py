#!/usr/bin/env python3
"""Synthesise the game's sound effects into assets/sounds/*.wav (deterministic).

    python scripts/make_sounds.py [--out assets/sounds]
    python scripts/make_sounds.py --measure     # the loudness of the files as they are

Every effect is normalised to the same loudness (``loudness_db``), so none startles and
none is lost under the others.

Pure Python (wave + math), so the sounds can be rebuilt anywhere; the RNG is seeded,
so the files come out byte-identical every time.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def tone(freq: float, seconds: float, volume: float = 0.5, decay: float = 6.0, attack: float = 0.005,
         harmonics: tuple[float, ...] = (1.0, 0.3, 0.1), glide: float = 0.0) -> list[float]:
    n = int(RATE * seconds)
    out = []
    phase = 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1.0 + glide * t / seconds)
        phase += 2 * math.pi * f / RATE
        env = min(1.0, t / attack) * math.exp(-decay * t)
        sample = sum(a * math.sin((k + 1) * phase) for k, a in enumerate(harmonics))
        out.append(volume * env * sample / sum(harmonics))
    return out


def noise_burst(rng: random.Random, seconds: float, volume: float, decay: float, lowpass: float = 0.5) -> list[float]:
    n = int(RATE * seconds)
    out, last = [], 0.0
    for i in range(n):
        t = i / RATE
        last = last + lowpass * (rng.uniform(-1, 1) - last)
        out.append(volume * math.exp(-decay * t) * last)
    return out


def mix(*tracks: tuple[float, list[float]]) -> list[float]:
    """Tracks as (start seconds, samples), summed."""
    length = max(int(start * RATE) + len(samples) for start, samples in tracks)
    out = [0.0] * length
    for start, samples in tracks:
        offset = int(start * RATE)
        for i, s in enumerate(samples):
            out[offset + i] += s
    return out


def roll(rng: random.Random) -> list[float]:
    clicks = []
    t = 0.0
    while t < 0.6:
        clicks.append((t, mix((0.0, noise_burst(rng, 0.05, 0.5, 70, 0.6)),
                              (0.0, tone(rng.uniform(700, 1400), 0.04, 0.25, 80)))))
        t += rng.uniform(0.03, 0.09) * (1 + t * 1.5)
    return mix(*clicks)


def place(rng: random.Random) -> list[float]:
    return mix((0.0, tone(180, 0.18, 0.7, 28, harmonics=(1.0, 0.5, 0.2))), (0.0, noise_burst(rng, 0.04, 0.35, 90, 0.3)))


def take_back(rng: random.Random) -> list[float]:
    return tone(520, 0.16, 0.35, 18, glide=-0.4)


def confirm(rng: random.Random) -> list[float]:
    return mix((0.0, tone(659.25, 0.35, 0.35, 8)), (0.09, tone(987.77, 0.5, 0.35, 7)))


def magdagdon(rng: random.Random) -> list[float]:
    return mix(
        (0.0, tone(220, 0.9, 0.45, 3, harmonics=(1.0, 0.6, 0.4, 0.2), glide=-0.3)),
        (0.0, tone(233.08, 0.9, 0.3, 3, harmonics=(1.0, 0.5), glide=-0.3)),
        (0.25, tone(110, 0.8, 0.4, 4, harmonics=(1.0, 0.7, 0.3))),
    )


def ruin(rng: random.Random) -> list[float]:
    return mix(*[(i * 0.07, noise_burst(rng, 0.3, 0.5 - i * 0.08, 12, 0.15)) for i in range(5)],
               (0.0, tone(70, 0.5, 0.5, 6)))


def game_over(rng: random.Random) -> list[float]:
    notes = [523.25, 659.25, 783.99, 1046.5]
    return mix(*[(i * 0.12, tone(f, 0.8, 0.3, 4)) for i, f in enumerate(notes)],
               (0.48, tone(783.99, 0.9, 0.15, 3)))


SOUNDS = {
    "roll": roll, "place": place, "take_back": take_back, "confirm": confirm,
    "magdagdon": magdagdon, "ruin": ruin, "game_over": game_over,
}


TARGET_LOUDNESS_DB = -20.0  # every effect as loud as every other (see loudness_db)
BLOCK_SECONDS = 0.1


def loudness_db(samples: list[float]) -> float:
    """Loudness in dB of full scale, gated the way ITU-R BS.1770 gates LUFS (without its
    K-weighting filter): mean power of 100 ms blocks (half overlapping), ignoring blocks
    below -50 dB and then those 10 dB below the mean of the rest, so a short sound and a
    long tail compare by how loud they sound while they sound."""
    block = int(RATE * BLOCK_SECONDS)
    powers = [sum(s * s for s in samples[start:start + block]) / block
              for start in range(0, max(1, len(samples) - block + 1), block // 2)]
    audible = [p for p in powers if p > 1e-5] or powers
    mean = sum(audible) / len(audible)
    gated = [p for p in audible if p > mean / 10] or audible
    return 10 * math.log10(max(1e-12, sum(gated) / len(gated)))


def normalised(samples: list[float]) -> list[float]:
    """``samples`` at the target loudness, never clipping (peaks kept under 0.99)."""
    gain = 10 ** ((TARGET_LOUDNESS_DB - loudness_db(samples)) / 20)
    peak = max(abs(s) for s in samples) * gain
    if peak > 0.99:
        gain *= 0.99 / peak
    return [s * gain for s in samples]


def read_wav(path: Path) -> list[float]:
    with wave.open(str(path), "rb") as file:
        frames = file.readframes(file.getnframes())
    return [value / 32767 for (value,) in struct.iter_unpack("<h", frames)]


def write_wav(path: Path, samples: list[float]) -> None:
    frames = b"".join(struct.pack("<h", round(32767 * s)) for s in normalised(samples))
    with wave.open(str(path), "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(RATE)
        file.writeframes(frames)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "assets" / "sounds"))
    parser.add_argument("--measure", action="store_true", help="print the loudness of the existing files")
    args = parser.parse_args()
    out = Path(args.out)
    if args.measure:
        for name in SOUNDS:
            samples = read_wav(out / f"{name}.wav")
            print(f"{name:10s} {loudness_db(samples):6.1f} dB  peak {max(abs(s) for s in samples):.2f}")
        return
    out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(out / f"{name}.wav", make(random.Random(name)))
        print(f"wrote {out / (name + '.wav')}")


if __name__ == "__main__":
    main()
