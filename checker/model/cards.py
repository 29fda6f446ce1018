"""Cards as two-character strings ("Ah", "Td"): compact, hashable and validated once at ingest."""

from typing import Annotated

from pydantic import StringConstraints

RANKS = "23456789TJQKA"
SUITS = "cdhs"

Card = Annotated[str, StringConstraints(pattern=r"^[2-9TJQKA][cdhs]$")]


def is_card(text: str) -> bool:
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS
