"""How colours look to people: WCAG contrast and simulated colour-vision deficiencies.

Contrast follows WCAG 2.x (relative luminance of sRGB). Colour-vision deficiencies use the
Machado, Oliveira & Fernandes (2009) matrices at full severity, applied in linear RGB;
differences are CIE76 ΔE in CIELAB (D65), where about 2.3 is just noticeable and 10+ is
easily told apart at a glance.
"""

from __future__ import annotations

import math
from functools import lru_cache

RGB = tuple[int, int, int]

# Machado et al. 2009, severity 1.0 (linear RGB in, linear RGB out).
DEFICIENCIES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: float) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(linear: float) -> int:
    linear = min(1.0, max(0.0, linear))
    c = linear * 12.92 if linear <= 0.0031308 else 1.055 * linear ** (1 / 2.4) - 0.055
    return round(c * 255)


def luminance(colour: RGB) -> float:
    r, g, b = (_linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=1 << 16)
def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, 1..21 (kept: a text's pixels show a few colours a million times)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def simulate(colour: RGB, deficiency: str) -> RGB:
    lin = [_linear(c) for c in colour[:3]]
    row_r, row_g, row_b = DEFICIENCIES[deficiency]
    return tuple(_encoded(sum(m * v for m, v in zip(row, lin))) for row in (row_r, row_g, row_b))  # type: ignore[return-value]


def lab(colour: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in colour[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    return math.dist(lab(a), lab(b))
