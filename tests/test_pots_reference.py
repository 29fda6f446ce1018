"""The replay's pots against a plain side-pot builder written here (issue 16, deliverable 2).

Random hands — two to six players, folds (with chips in the pot and without), all-ins at
different levels, an uncalled bet whose return the record writes or leaves out, rake, hold'em
and Omaha hi/lo, tournament and cash, some players showing and some not — are replayed
(`checker.replay.pots.build_pots` through `replay_hand`), and their pot facts are compared with
a reference built here the plain way: every distinct contribution level of every player makes
a layer; each layer takes min(contribution, level) - previous level from every contributor,
folded players included; its eligible players are those who did not fold and reached the
level; neighbouring layers with the same eligible players are one pot; the top layer of an
uncalled bet has one contributor, who alone is eligible and wins it back.

Who wins is worked out independently with pokerkit (the reference evaluator of the test
extra; the replay ranks with phevaluator and our own low evaluator) from the true cards, and
each pot and half is paid as the rules say: hi/lo halves in the unit in play with the odd unit
as `pots.hilo_odd_unit_to_high` says (both policies are run), and a split's odd units to the
winners nearest the button's left. Then the replay's facts must show the reference's pots,
eligible players, best hands (where every eligible player shows) and payouts, and the pot
rules must find nothing in the payout; a payout with one pot's odd unit given to the wrong
winner, or a pot paid to a player not eligible for it, must be found.

What replay does beyond the layers is the documented notion of pots.py: a rake comes off the
main pot; with side pots as well, the record cannot say which pot paid it, so the pots are one
merged pot of everything less the rake, for every player still in, whose best hand and share
are unknown.
"""

import dataclasses
from collections.abc import Sequence
from functools import reduce
from math import gcd
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

from checker.dsl.engine import CompiledRuleset, compile_ruleset
from checker.dsl.ruleset import load_ruleset, param_values
from checker.model.hand import Hand
from checker.replay.facts import PotFact
from checker.replay.hand_replay import replay_hand
from checker.replay.table import TableState
from tests.conftest import REPO
from tests.test_replay import act, make_hand

DECK = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
# Contributions are whole fives: every pot then holds at least five chips per eligible
# player, so each half and share of a split is at least one unit (no winner is due nothing),
# and a pot of an odd number of fives has an odd chip to give.
FIVE = 5
# Boards that play for everyone at hold'em (a straight flush to the ace): ties, and odd chips.
PLAYING_BOARDS = (["Ts", "Js", "Qs", "Ks", "As"], ["9h", "Th", "Jh", "Qh", "Kh"])


# ---------------------------------------------------------------- the reference


@dataclasses.dataclass(frozen=True)
class Pot:
    amount: int
    eligible: frozenset[str]


def layered_pots(contributions: dict[str, int], folded: set[str]) -> list[Pot]:
    """Layer by layer between consecutive contribution levels of all players."""
    pots: list[Pot] = []
    previous = 0
    for level in sorted({c for c in contributions.values() if c > 0}):
        amount = sum(min(c, level) - previous for c in contributions.values() if c > previous)
        eligible = frozenset(n for n, c in contributions.items()
                             if n not in folded and c >= level)
        if pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + amount, eligible)
        else:
            pots.append(Pot(amount, eligible))
        previous = level
    return pots


def distance(seat: int, button: int, seats: int) -> int:
    """Seats clockwise from the button: 1 on its left, `seats` on the button itself."""
    return (seat - button) % seats or seats


def split(amount: int, winners: Sequence[str], unit: int, near: dict[str, int]) -> dict[str, int]:
    """Equal shares in whole units; the units left over one each to the winners nearest the
    button's left."""
    base = amount // (len(winners) * unit) * unit
    odd = (amount - base * len(winners)) // unit
    by_nearness = sorted(winners, key=lambda w: near[w])
    return {w: base + (unit if rank < odd else 0) for rank, w in enumerate(by_nearness)}


def best_of(hands: dict[str, Any]) -> list[str]:
    """Every player holding the strongest hand (pokerkit's order); none when no hand (no
    qualifying low)."""
    held = {p: h for p, h in hands.items() if h is not None}
    if not held:
        return []
    top = max(held.values())
    return sorted(p for p, h in held.items() if h == top)


@dataclasses.dataclass
class Deal:
    """A generated hand: what the record says and what the reference says of it."""

    game: str
    tournament: bool
    button: int
    stacks: dict[str, int]
    contributions: dict[str, int]  # put in, before any uncalled return
    folded: set[str]
    all_in: set[str]
    returned: dict[str, int]  # uncalled returns the record writes
    rake: int
    board: list[str]
    holes: dict[str, list[str]]
    shown: set[str]

    @property
    def names(self) -> list[str]:
        return list(self.stacks)

    @property
    def hilo(self) -> bool:
        return self.game == "omaha_hilo"

    def seat(self, name: str) -> int:
        return self.names.index(name) + 1

    def in_pot(self) -> dict[str, int]:
        return {n: c - self.returned.get(n, 0) for n, c in self.contributions.items()}

    def actions(self) -> list[dict[str, Any]]:
        """One act per player in seat order, then the folds."""
        acts = []
        for name, chips in self.contributions.items():
            if chips:
                acts.append(act(name, "call", chips, all_in=name in self.all_in))
            elif name not in self.folded:
                acts.append(act(name, "check"))
        return acts + [act(name, "fold") for name in self.names if name in self.folded]

    def unit(self, tournament_unit: int) -> int:
        """The unit a split is made in: the rules' tournament unit, or at a cash table the
        largest amount every stack, bet, return and the rake is a multiple of."""
        if self.tournament:
            return tournament_unit
        amounts = [*self.stacks.values(), *self.contributions.values(),
                   *self.returned.values(), self.rake]
        return reduce(gcd, amounts, 0) or 1

    def high(self, name: str) -> Any:
        hole, board = "".join(self.holes[name]), "".join(self.board)
        if self.hilo:
            return OmahaHoldemHand.from_game(hole, board)
        return StandardHighHand.from_game(hole, board)

    def low(self, name: str) -> Any:
        return OmahaEightOrBetterLowHand.from_game_or_none("".join(self.holes[name]),
                                                           "".join(self.board))


@dataclasses.dataclass
class Expected:
    """One pot fact as the reference sees it."""

    index: int
    half: str | None
    amount: int
    eligible: frozenset[str]
    best: frozenset[str]
    paid: dict[str, int]
    whole: int | None
    shared: int | None


def pot_name(index: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    return "main pot" if index == 0 else f"side pot {index}"


def reference(deal: Deal, to_high: bool, tournament_unit: int
              ) -> tuple[list[dict[str, Any]], list[Expected]]:
    """The payout the rules call for (the record's awards) and the pot facts replay must give."""
    pots = layered_pots(deal.in_pot(), deal.folded)
    unit = deal.unit(tournament_unit)
    near = {n: distance(deal.seat(n), deal.button, len(deal.names)) for n in deal.names}
    awards: list[dict[str, Any]] = []
    facts: list[Expected] = []
    for index, pot in enumerate(pots):
        amount = pot.amount - (deal.rake if index == 0 else 0)
        eligible = sorted(pot.eligible)
        known = len(eligible) == 1 or pot.eligible <= deal.shown
        high = best_of({n: deal.high(n) for n in eligible}) if len(eligible) > 1 else eligible
        low = best_of({n: deal.low(n) for n in eligible}) if deal.hilo and len(eligible) > 1 \
            else []
        halves: list[tuple[str | None, int, list[str]]]
        if low:
            units = amount // unit
            small = units // 2 * unit
            # The odd unit: to the high half, or to the half whose winner sits nearest the
            # button's left (the high half when both are as near).
            high_first = to_high or min(near[w] for w in high) <= min(near[w] for w in low)
            halves = [("high", amount - small if high_first else small, high),
                      ("low", small if high_first else amount - small, low)]
        else:
            halves = [("high" if deal.hilo else None, amount, high)]
        for half, share, winners in halves:
            paid = split(share, winners, unit, near)
            awards += [{"player": w, "amount": paid[w], "pot": pot_name(index, len(pots)),
                        "half": half, "line": 40 + len(awards)} for w in winners]
            facts.append(Expected(index, half, share, pot.eligible,
                                  frozenset(winners if known else ()), paid,
                                  amount if low else None, share))
    if deal.rake and len(pots) > 1:
        facts = merged(deal, awards)
    return awards, facts


def merged(deal: Deal, awards: list[dict[str, Any]]) -> list[Expected]:
    """Side pots with rake: one pot of everything less the rake, for every player still in,
    split into halves by what the record pays each; best hand and share unknown."""
    whole = sum(deal.in_pot().values()) - deal.rake
    live = frozenset(n for n in deal.names if n not in deal.folded)

    def paid(half: str) -> dict[str, int]:
        found: dict[str, int] = {}
        for award in awards:
            if (award["half"] == "low") == (half == "low"):
                found[award["player"]] = found.get(award["player"], 0) + award["amount"]
        return found

    if not deal.hilo:
        return [Expected(0, None, whole, live, frozenset(), paid("high"), None, None)]
    low = paid("low")
    if not low:
        return [Expected(0, "high", whole, live, frozenset(), paid("high"), None, None)]
    low_total = sum(low.values())
    # Several pots' halves added up are not one pot halved: no whole amount to judge them by.
    return [Expected(0, "high", whole - low_total, live, frozenset(), paid("high"), None, None),
            Expected(0, "low", low_total, live, frozenset(), low, None, None)]


# ---------------------------------------------------------------- the deals


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    """A hand's chips as betting leaves them: one covering player who did not go all in
    (they may have bet more than anyone called, returned by the record or not), players
    all in for up to the called level, others who called it, and folds at or below it."""
    count = draw(st.integers(2, 6))
    names = [f"P{n}" for n in range(1, count + 1)]
    game = draw(st.sampled_from(["holdem", "omaha_hilo"]))
    tournament = draw(st.booleans())
    called = draw(st.integers(0, 80)) * FIVE
    covering = draw(st.sampled_from(names))
    status = {n: "cover" if n == covering
              else draw(st.sampled_from(["fold", "all_in", "all_in", "call"])) for n in names}
    contributions: dict[str, int] = {}
    for name in names:
        if status[name] == "fold":
            contributions[name] = draw(st.integers(0, called // FIVE)) * FIVE
        elif status[name] == "all_in":
            contributions[name] = draw(st.integers(min(1, called // FIVE),
                                                   called // FIVE)) * FIVE
        else:
            contributions[name] = called
    # An uncalled bet: only when nobody else could call it (everyone else folded or all in).
    alone = all(status[n] in ("fold", "all_in") for n in names if n != covering)
    uncalled = draw(st.integers(1, 40)) * FIVE if alone and draw(st.booleans()) else 0
    contributions[covering] += uncalled
    others = max((c for n, c in contributions.items() if n != covering), default=0)
    excess = max(0, contributions[covering] - others)
    returned = {covering: excess} if excess and draw(st.booleans()) else {}
    all_in = {n for n in names if status[n] == "all_in" and contributions[n] > 0}
    folded = {n for n in names if status[n] == "fold"}
    # Stacks: all in means all of it; the covering player's ends in 1, so a cash table's unit
    # is one chip.
    stacks = {n: contributions[n] if n in all_in
              else contributions[n] + draw(st.integers(1, 100)) * FIVE + (n == covering)
              for n in names}
    in_pot = {n: c - returned.get(n, 0) for n, c in contributions.items()}
    pots = layered_pots(in_pot, folded)
    rake = 0
    # Rake at cash tables, at most a quarter of the main pot (which pays it).
    if not tournament and pots and pots[0].amount >= 8 and draw(st.integers(0, 2)) > 0:
        rake = draw(st.integers(1, pots[0].amount // 4))
    board: list[str] = []
    if game == "holdem" and draw(st.integers(0, 3)) == 0:
        board = list(draw(st.sampled_from(PLAYING_BOARDS)))
    cards = draw(st.permutations([c for c in DECK if c not in board]))
    board = board or cards[:5]
    cards = [c for c in cards if c not in board]
    size = 4 if game == "omaha_hilo" else 2
    holes = {n: cards[size * i: size * (i + 1)] for i, n in enumerate(names)}
    live = [n for n in names if n not in folded]
    shown = {n for n in live if draw(st.integers(0, 4)) > 0}
    return Deal(game, tournament, draw(st.integers(1, count)), stacks, contributions, folded,
                all_in, returned, rake, board, holes, shown)


def record(deal: Deal, awards: list[dict[str, Any]]) -> Hand:
    extra: dict[str, Any] = {
        "boards": [deal.board], "awards": awards,
        "shown": [{"player": n, "cards": deal.holes[n], "line": 30 + deal.seat(n)}
                  for n in deal.names if n in deal.shown],
        "returns": [{"player": n, "amount": a, "line": 29} for n, a in deal.returned.items()],
    }
    if not deal.tournament:
        extra["tournament_id"] = None
    if deal.rake:
        extra["pot"] = {"total": sum(deal.in_pot().values()), "rake": deal.rake, "line": 60}
    return make_hand(deal.stacks, deal.actions(), button=deal.button, game=deal.game, **extra)


# ---------------------------------------------------------------- the replay side


class Policy:
    """A compiled rule set and the two parameters the reference reads from it."""

    def __init__(self, path: Path) -> None:
        loaded = load_ruleset(path)
        values = param_values(loaded)
        to_high, unit = values["pots.hilo_odd_unit_to_high"], values["pots.tournament_split_unit"]
        assert isinstance(to_high, bool) and isinstance(unit, int)
        self.name = loaded.name
        self.rules: CompiledRuleset = compile_ruleset(loaded)
        self.to_high = to_high
        self.tournament_unit = unit

    def __repr__(self) -> str:
        # Short, for hypothesis' report of a failing example.
        return f"Policy({self.name}, to_high={self.to_high}, unit={self.tournament_unit})"


@pytest.fixture(scope="module", params=["shipped", "literal"])
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Policy:
    """The Full Tilt rules as shipped (the odd unit to the high half), and the same rules
    with the literal reading of clause 22 (to the half whose winner is nearest the button)."""
    shipped = REPO / "rules" / "fulltilt.rules"
    if request.param == "shipped":
        return Policy(shipped)
    path = tmp_path_factory.mktemp("literal") / "literal.rules"
    path.write_text(f'ruleset literal "clause 22 read literally"\nextends "{shipped}"\n'
                    "override param pots.hilo_odd_unit_to_high = false\n", encoding="utf-8")
    return Policy(path)


def replayed(hand: Hand, rules: CompiledRuleset) -> tuple[list[PotFact], list[str]]:
    """The hand's pot facts, and the rules broken on its pot and hand_end events."""
    facts: list[PotFact] = []
    broken: list[str] = []
    for name, event in replay_hand(hand, TableState("1")):
        if name == "pot":
            facts.append(event.pot)  # type: ignore[attr-defined]
        if name in ("pot", "hand_end"):
            broken += [rule.rule_id for rule, _ in rules.failures(name, event)]
    return facts, broken


def seen(fact: PotFact) -> Expected:
    paid: dict[str, int] = {}
    for winner in fact.winners:
        paid[winner.player] = paid.get(winner.player, 0) + winner.awarded
    return Expected(fact.index, fact.half, fact.amount, frozenset(fact.eligible),
                    frozenset(fact.best), paid, fact.whole_amount, fact.shared)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(deal=deals())
def test_pots_agree_with_the_layered_reference(site: Policy, deal: Deal) -> None:
    awards, expected = reference(deal, site.to_high, site.tournament_unit)
    facts, broken = replayed(record(deal, awards), site.rules)
    assert [seen(f) for f in facts] == expected
    assert all(f.paid_to_ineligible == [] for f in facts)
    assert broken == []


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(deal=deals())
def test_a_payout_the_reference_calls_wrong_is_found(site: Policy, deal: Deal) -> None:
    awards, _ = reference(deal, site.to_high, site.tournament_unit)
    pots = layered_pots(deal.in_pot(), deal.folded)
    # The odd unit of a split given to the winner farthest from the button's left.
    near = {n: distance(deal.seat(n), deal.button, len(deal.names)) for n in deal.names}
    for index in range(len(pots)):
        for half in ("high", "low", None):
            shares = [a for a in awards if a["pot"] == pot_name(index, len(pots))
                      and a["half"] == half]
            amounts = {a["amount"] for a in shares}
            if len(amounts) < 2 or (deal.rake and len(pots) > 1):
                continue
            nearest = min(shares, key=lambda a: near[a["player"]])
            farthest = max(shares, key=lambda a: near[a["player"]])
            unit = deal.unit(site.tournament_unit)
            wrong = [{**a, "amount": a["amount"] - unit} if a is nearest
                     else {**a, "amount": a["amount"] + unit} if a is farthest else a
                     for a in awards]
            _, broken = replayed(record(deal, wrong), site.rules)
            assert "pots.odd-chip-left-of-button" in broken
    # A pot paid to a player who is not eligible for it (folded, or all in below its level;
    # merged pots are every live player's).
    merged_pots = bool(deal.rake) and len(pots) > 1
    for index, pot in enumerate(pots):
        outsiders = [n for n in deal.names
                     if n in deal.folded or (n not in pot.eligible and not merged_pots)]
        if not outsiders:
            continue
        name = pot_name(index, len(pots))
        wrong = [{**a, "player": outsiders[0]} if a["pot"] == name else a for a in awards]
        _, broken = replayed(record(deal, wrong), site.rules)
        assert "pots.paid-to-eligible" in broken


def test_the_reference_on_hand_checked_cases() -> None:
    """The reference itself, on cases worked by hand (so a wrong oracle cannot pass)."""
    # A all in for 100, B folds after 150, C and D put in 400: main 400 (A, C, D), side
    # 50 + 300 + 300 = 650 (C, D; B's chips are dead in both).
    pots = layered_pots({"A": 100, "B": 150, "C": 400, "D": 400}, folded={"B"})
    assert pots == [Pot(400, frozenset("ACD")), Pot(650, frozenset("CD"))]
    # An uncalled 300 above the 200 called: a pot of its own for its one contributor.
    pots = layered_pots({"A": 200, "B": 500}, folded=set())
    assert pots == [Pot(400, frozenset("AB")), Pot(300, frozenset("B"))]
    # Button seat 3 of 4: seat 4 is nearest its left, seat 3 farthest.
    near = {n: distance(seat, 3, 4) for n, seat in (("a", 1), ("b", 2), ("c", 3), ("d", 4))}
    assert near == {"a": 2, "b": 3, "c": 4, "d": 1}
    assert split(101, ["a", "c", "d"], 1, near) == {"d": 34, "a": 34, "c": 33}
    assert split(7, ["a", "b"], 1, near) == {"a": 4, "b": 3}
    # pokerkit's order: a set beats two pair; the wheel is the best 8-or-better low.
    board = "2c3d4hKsKd"
    assert StandardHighHand.from_game("4c4d", board) > StandardHighHand.from_game("AcAd", board)
    wheel = OmahaEightOrBetterLowHand.from_game_or_none("As5sQhQc", board)
    six = OmahaEightOrBetterLowHand.from_game_or_none("6s5hQdJc", board)
    assert wheel is not None and six is not None and wheel > six
    assert OmahaEightOrBetterLowHand.from_game_or_none("QdJcTc9c", board) is None
