"""The room URL as a QR code (segno), for the host's screen to draw."""

from __future__ import annotations

import io

import segno


def url_qr(url: str) -> segno.QRCode:
    # Error correction M: still read with a glare on a TV; byte mode keeps the URL as typed.
    return segno.make_qr(url, error="m", boost_error=False)


def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The modules, dark True, with the quiet zone of four modules the standard asks for."""
    return tuple(tuple(bool(module) for module in row) for row in url_qr(url).matrix_iter(border=4))


def qr_png(url: str, scale: int = 8) -> bytes:
    out = io.BytesIO()
    url_qr(url).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
