"""The PokerKit game classes our hands are replayed with, by (game, betting structure): the
ones PokerKit ships, and those it does not (pot-limit hold'em, no-limit Omaha, fixed-limit
Omaha high), composed from its own mixins as its shipped classes are. Shared by the throughput
benchmark and the differential test (tests/test_replay_pokerkit.py)."""

from pokerkit import (
    FixedLimitPokerMixin,
    FixedLimitTexasHoldem,
    Holdem,
    NoLimitPokerMixin,
    NoLimitTexasHoldem,
    OmahaHoldemHand,
    OmahaHoldemMixin,
    PotLimitOmahaHoldem,
    PotLimitPokerMixin,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit ships no pot-limit hold'em class; composed as its own classes are."""


class NoLimitOmahaHoldem(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """PokerKit ships no no-limit Omaha class; composed as its own classes are."""

    hand_types = (OmahaHoldemHand,)


class FixedLimitOmahaHoldem(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """PokerKit ships fixed-limit Omaha hi/lo only; the high game composed the same way."""

    hand_types = (OmahaHoldemHand,)


# (game, structure) -> the class of a no-limit or pot-limit game.
BIG_BET_GAMES: dict[tuple[str, str], type[UnfixedLimitHoldem]] = {
    ("holdem", "no_limit"): NoLimitTexasHoldem,
    ("holdem", "pot_limit"): PotLimitTexasHoldem,
    ("omaha", "no_limit"): NoLimitOmahaHoldem,
    ("omaha", "pot_limit"): PotLimitOmahaHoldem,
}
# game -> the class of its fixed-limit form (it takes the small and the big bet).
FIXED_LIMIT_GAMES: dict[str, type[Holdem]] = {
    "holdem": FixedLimitTexasHoldem,
    "omaha": FixedLimitOmahaHoldem,
}
