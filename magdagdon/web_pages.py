"""What the game's two web servers (the phones' room and the world board) serve alike: their
pages' files read once from the package, the game's own fonts beside them (OFL: Urdu and
Hindi read on a phone or a browser that has none), and the headers that keep a page to its
own origin. Neither imports pygame; each server adds its own caching rules."""

from __future__ import annotations

from importlib import resources

from .assets_path import asset

PAGE_TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
              ".png": "image/png"}
PAGE_FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoNastaliqUrdu-Regular.ttf", "NotoSansDevanagari-Regular.ttf")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
}


def page_files(package: str) -> dict[str, tuple[bytes, str]]:
    """The files of ``package``'s ``page`` folder and the fonts, by name, with their types,
    read once (no request's path ever reaches the disk)."""
    folder = resources.files(package) / "page"
    files: dict[str, tuple[bytes, str]] = {}
    for entry in folder.iterdir():
        suffix = entry.name[entry.name.rfind("."):]
        if entry.is_file() and suffix in PAGE_TYPES:
            files[entry.name] = (entry.read_bytes(), PAGE_TYPES[suffix])
    for name in PAGE_FONTS:
        files[name] = (asset("fonts", name).read_bytes(), "font/ttf")
    return files
