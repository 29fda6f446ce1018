"""Cards as two-character strings ("Ah", "Td"): compact, hashable and validated once at ingest."""

from typing import Annotated

from pydantic import StringConstraints

RANKS = "23456789TJQKA"
SUITS = "cdhs"
# The 52 cards, by rank then suit.
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)

Card = Annotated[str, StringConstraints(pattern=r"^[2-9TJQKA][cdhs]$")]


def is_card(text: str) -> bool:
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS
