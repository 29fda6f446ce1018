"""Which format a file is in, decided from its content (never its name)."""

from checker.ingest import (
    fulltilt_hand,
    fulltilt_summary,
    phh,
    pokertracker_summary,
    stars_archive_html,
    stars_hand,
    stars_summary,
    tournament_log,
)
from checker.ingest.base import InputFormat

# Formats in the order they are tried; the first whose sniff accepts the head wins. Sniffers
# are exclusive (the corpus tests check every file), so the order only matters for speed.
# Each reader module exposes one `FORMAT` object.
FORMATS: list[InputFormat] = [
    fulltilt_hand.FORMAT,
    stars_hand.FORMAT,
    phh.FORMAT,
    fulltilt_summary.FORMAT,
    stars_summary.FORMAT,
    stars_archive_html.FORMAT,
    pokertracker_summary.FORMAT,
    tournament_log.FORMAT,
]

# How many non-blank lines a sniffer sees: enough to pass a few blank or separator lines.
HEAD_LINES = 40

_BINARY_MAGIC = {
    b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1": "an OLE2 compound document (an old Excel or Word file)",
    b"PK\x03\x04": "a ZIP archive (or an Office Open XML file)",
    b"%PDF": "a PDF document",
}


def clean_head_line(text: str) -> str:
    """A line as sniffers see it: BOM and NULs removed, outer whitespace stripped."""
    return text.replace("\ufeff", "").replace("\x00", "").strip()


def detect(head: list[str]) -> InputFormat | None:
    """The format whose sniffer accepts these first non-blank lines, if any."""
    for fmt in FORMATS:
        if fmt.sniff(head):
            return fmt
    return None


def describe_binary(prefix: bytes) -> str | None:
    """A human name for a binary file type we recognise but do not read."""
    for magic, name in _BINARY_MAGIC.items():
        if prefix.startswith(magic):
            return name
    return None


def describe_unknown(head: list[str]) -> str:
    """Why a text file was not recognised, as specifically as its first line allows."""
    if not head:
        return "the file is empty"
    first = head[0]
    lowered = first.lower()
    if lowered.startswith(("<!doctype html", "<html")):
        return "an HTML page, not a hand history or summary format feltcheck reads"
    return f"no known format starts like this: {first[:80]!r}"
