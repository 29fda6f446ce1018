"""Clause 28's observer (checker/collusion/observe.py): hand-made hold'em hands, each replayed
as a tournament log's `hand` line, pin every counter the observer keeps per directed pair
(signals.C), per player (signals.P), the evidence hands, the flows per tournament and what
`end_file` adds.

Every expected number below is worked out by hand from the poker, never read back from the
code. Blinds are 10/20, so one big blind is 20 chips and a chip is 50 mbb. The board of most
hands is Kc 7d 2s | 9h | 4c. A pair's counters are shown as `toward(agg, P, Q)`: P's counters
toward Q by name, zeros left out; `slots(agg)` is that for every ordered pair that met.

Streets (the replay's order, which these scripts follow): three-handed, seat 1 is the small
blind, seat 2 the big blind, seat 3 the button, who acts first preflop; heads-up, seat 1 is
the button and small blind, first to act preflop and last after it.
"""

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from checker.collusion.aggregates import FAMILY_INDEX, TOURNAMENTS, Aggregates, EvidenceHand
from checker.collusion.observe import HandObserver, ObserverSettings
from checker.collusion.signals import AGG_STRATA, BACK_STRATA, OPEN_STRATA, WIDTH, C
from checker.collusion.signals import P as Own
from checker.model.hand import Hand
from checker.model.hand_line import hand_played
from checker.model.source import SourceLocation
from checker.replay.facts import ActionEvent, CollusionFamily, HandEvent, HandFact
from checker.replay.log_hand import LogContext, log_hand, log_table_state, replay_log_hand

SETTINGS = ObserverSettings(weak_equity=0.25, evidence_kept=5, flow_cap=10_000,
                            commitment=3_000)
BOARD = "Kc 7d 2s 9h 4c"
FILE = "t.jsonl"
DUMP = CollusionFamily.CHIP_DUMPING
SOFT = CollusionFamily.SOFT_PLAY
TEAM = CollusionFamily.TEAM_PLAY
_CARD_COUNTERS = frozenset({"OUTS_N", "OUTS_K", "CLEAR_N", "CLEAR_K"})

# ---------------------------------------------------------------- building hands


@dataclass(frozen=True, slots=True)
class Played:
    """A replayed hand as the audit hands it to the observer."""

    hand: Hand
    fact: HandFact
    actions: list[ActionEvent]

    def public(self, shown: Sequence[str] | None = None) -> "Played":
        """The same hand read as a hand history (only the showdown's cards are known);
        `shown`: keep only these players' shown cards."""
        kept = self.hand.shown if shown is None else [
            s for s in self.hand.shown if s.player in shown]
        return Played(replace(self.hand, source_format="fulltilt-hand", shown=kept), self.fact,
                      self.actions)


def deal(players: Sequence[tuple[str, int, str]], script: Sequence[str], board: str = BOARD,
         *, win: str | None = None, split: Sequence[str] = (),
         awards: Sequence[tuple[str, int, int]] = (), shown: Sequence[str] = (),
         hand_id: str = "h1", tournament: str = "T1", table: str = "1", line: int = 1,
         game: str = "holdem", blinds: tuple[int, int] = (10, 20)) -> Played:
    """A hand: `players` (name, stack, hole cards) in seat order from the small blind (the
    last is the button; heads-up the first is), the blinds posted, then `script`, one act a
    line: "street player kind [to]" (`to`: the player's street total after a bet or raise;
    a call is to the street's bet, or all in). Uncalled chips are returned; the pot goes to
    `win`, is split between `split` (odd chips to the first), or is paid as `awards`
    (player, chips, pot)."""
    stacks = {name: stack for name, stack, _ in players}
    order = [name for name, _, _ in players]
    hand_in = dict.fromkeys(order, 0)
    street_in: dict[str, int] = {}
    actions: list[dict[str, Any]] = []
    current = "preflop"

    def put(street: str, name: str, kind: str, to: int) -> None:
        amount = min(to - street_in.get(name, 0), stacks[name])
        stacks[name] -= amount
        hand_in[name] += amount
        street_in[name] = street_in.get(name, 0) + amount
        actions.append({"street": street, "player": name, "kind": kind, "amount": amount,
                        "to": street_in[name], "all_in": stacks[name] == 0})

    put("preflop", order[0], "small_blind", blinds[0])
    put("preflop", order[1], "big_blind", blinds[1])
    for text in script:
        street, name, kind, *rest = text.split()
        if street != current:
            current = street
            street_in.clear()
        if kind in ("fold", "check"):
            actions.append({"street": street, "player": name, "kind": kind, "amount": 0,
                            "to": None, "all_in": False})
        elif kind == "call":
            put(street, name, kind, max(street_in.values()))
        else:
            put(street, name, kind, int(rest[0]))
    ranked = sorted(hand_in.items(), key=lambda kv: -kv[1])
    uncalled = ranked[0][1] - ranked[1][1]
    returns = [{"player": ranked[0][0], "amount": uncalled}] if uncalled else []
    pot = sum(hand_in.values()) - uncalled
    paid: list[dict[str, Any]]
    if awards:
        paid = [{"player": p, "amount": a, "pot": n} for p, a, n in awards]
    elif split:
        share, odd = divmod(pot, len(split))
        paid = [{"player": p, "amount": share + (1 if i < odd else 0)}
                for i, p in enumerate(split)]
    else:
        paid = [{"player": win or order[0], "amount": pot}]
    record = {
        "event": "hand", "seq": line, "at": "2026-11-02T12:01:00Z", "tournament": tournament,
        "table": table, "hand": hand_id, "started": "2026-11-02T12:00:00Z", "level": 1,
        "game": game, "structure": "no_limit", "small_blind": blinds[0],
        "big_blind": blinds[1], "ante": 0,
        "button": 1 if len(players) == 2 else len(players),
        "seats": [{"seat": i + 1, "player": name, "stack": stack, "cards": cards.split()}
                  for i, (name, stack, cards) in enumerate(players)],
        "actions": actions, "boards": [board.split()], "returns": returns, "awards": paid,
        "shown": list(shown),
    }
    played = hand_played(record)
    hand = log_hand(played, SourceLocation(file=FILE, line=line), LogContext("Test Site"))
    fact: HandFact | None = None
    acts: list[ActionEvent] = []
    for _, event in replay_log_hand(played, hand, log_table_state(table)):
        if isinstance(event, HandEvent):
            fact = event.hand
        elif isinstance(event, ActionEvent):
            acts.append(event)
    assert fact is not None
    return Played(hand, fact, acts)


def observe(*hands: Played, settings: ObserverSettings = SETTINGS, close: bool = True
            ) -> HandObserver:
    """The hands observed as one file (`close`: and the file ended, as the audit does)."""
    observer = HandObserver(settings)
    for played in hands:
        observer.hand(played.hand, played.fact, played.actions)
    if close:
        observer.end_file()
    return observer


def integrity(*hands: Played, settings: ObserverSettings = SETTINGS) -> Aggregates:
    """The integrity view's aggregates of `hands`, observed as one file."""
    return observe(*hands, settings=settings).views["integrity"]


# ---------------------------------------------------------------- reading the aggregates


# Raise-back shares fold-to-partner's occasions (a hand facing the partner's bet): BACK_N is
# checked equal to FOLD_N everywhere, and its situations (BACK_S*) to add up to it, and they
# are left out of the counters compared; BACK_K and the situations are pinned by their own
# tests (raise_back, reraises).
_RAISE_BACK = frozenset({"BACK_N", "BACK_K"} | {c.name for c in C if c.name.startswith("BACK_S")})
# Betting when ahead is pinned by its own tests (ahead) and left out of the counters compared.
_AHEAD = frozenset({"AHEAD_N", "AHEAD_K", "BEHIND_N", "BEHIND_K"})
# Open-raise spots likewise (opens), and the per-tournament sums of chip flow
# (by_tournament).
_OPENS = frozenset(c.name for c in C if c.name.startswith("OPEN_"))
# The aggression situations are checked to add up to AGG_N and pinned by their own tests.
_AGG_SITUATIONS = frozenset(c.name for c in C if c.name.startswith("AGG_S"))
_BY_TOURNAMENT = frozenset(c.name for c in C if c.name.startswith("TOUR_"))


def toward(agg: Aggregates, actor: str, partner: str) -> dict[str, int]:
    """`actor`'s counters toward `partner`, by name, zeros left out (raise-back aside)."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    assert pair[base + C.BACK_N] == pair[base + C.FOLD_N]
    assert pair[base + C.BACK_N] == sum(pair[base + C.BACK_S0 + s] for s in range(BACK_STRATA))
    assert pair[base + C.AGG_N] == sum(pair[base + C.AGG_S0 + s] for s in range(AGG_STRATA))
    return {c.name: pair[base + c] for c in C
            if pair[base + c]
            and c.name not in _RAISE_BACK | _AHEAD | _OPENS | _BY_TOURNAMENT | _AGG_SITUATIONS}


def ahead(agg: Aggregates, actor: str, partner: str) -> tuple[int, int, int, int]:
    """`actor`'s heads-up postflop streets toward `partner`: ahead, of which it bet or
    raised; behind, of which it bet or raised."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return (pair[base + C.AHEAD_N], pair[base + C.AHEAD_K], pair[base + C.BEHIND_N],
            pair[base + C.BEHIND_K])


def opens(agg: Aggregates, actor: str, partner: str) -> tuple[int, int, list[int]]:
    """`actor`'s open-raise spots with `partner` still in, of which it raised, and the spots
    by players still to act behind (0 to 5 and more)."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return (pair[base + C.OPEN_N], pair[base + C.OPEN_K],
            [pair[base + C.OPEN_S0 + s] for s in range(OPEN_STRATA)])


def by_tournament(agg: Aggregates, actor: str, partner: str) -> tuple[int, int, int]:
    """`actor`'s chip flow to `partner` summed per tournament together (F_t over n_t hands):
    the sums of F_t squared, of n_t F_t and of n_t squared."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return (pair[base + C.TOUR_FLOW_SS], pair[base + C.TOUR_FLOW_HANDS],
            pair[base + C.TOUR_HANDS_SS])


def own_opens(agg: Aggregates, name: str) -> tuple[list[int], list[int]]:
    """The player's open-raise spots by players still to act behind, and its raises."""
    values = agg.player(name)
    return ([values[Own.OPEN_N0 + s] for s in range(OPEN_STRATA)],
            [values[Own.OPEN_K0 + s] for s in range(OPEN_STRATA)])


def reraises(agg: Aggregates, actor: str, partner: str) -> tuple[int, int, list[int]]:
    """Hands `actor` faced `partner`'s bet, of which it re-raised, and those hands by the
    situation of the first such act (first round heads-up, first round with a third player
    live with chips, a later round heads-up, a later round with a third)."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return (pair[base + C.BACK_N], pair[base + C.BACK_K],
            [pair[base + C.BACK_S0 + s] for s in range(BACK_STRATA)])


def own_reraises(agg: Aggregates, name: str) -> tuple[list[int], list[int]]:
    """The player's hands facing anyone's bet by the situation first faced, and of them
    those it re-raised in."""
    values = agg.player(name)
    return ([values[Own.BACK_N0 + 2 * s] for s in range(BACK_STRATA)],
            [values[Own.BACK_K0 + 2 * s] for s in range(BACK_STRATA)])


def raise_back(agg: Aggregates, actor: str, partner: str) -> tuple[int, int]:
    """(hands `actor` faced `partner`'s bet, of which it re-raised)."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return pair[base + C.BACK_N], pair[base + C.BACK_K]


def slots(agg: Aggregates) -> dict[tuple[str, str], dict[str, int]]:
    """Every ordered pair's counters (both directions of every pair that met)."""
    found: dict[tuple[str, str], dict[str, int]] = {}
    for a, b in agg.pairs:
        found[(a, b)] = toward(agg, a, b)
        found[(b, a)] = toward(agg, b, a)
    return found


def rows(agg: Aggregates) -> dict[tuple[str, str], list[int]]:
    """Every pair's counters (`PAIR_WIDTH`), by pair."""
    return {key: agg.pair(key) for key in agg.pairs}


def betting(counters: dict[str, int]) -> dict[str, int]:
    """The counters that do not read the cards of flop and turn decisions."""
    return {k: v for k, v in counters.items() if k not in _CARD_COUNTERS}


def picked(agg: Aggregates, actor: str, partner: str, *names: str) -> dict[str, int]:
    counters = toward(agg, actor, partner)
    return {name: counters.get(name, 0) for name in names}


def own(agg: Aggregates, name: str) -> tuple[int, int, int, int]:
    values = agg.player(name)
    return (values[Own.HANDS], values[Own.RESULT], values[Own.RESULT_SS],
            values[Own.TOURNAMENTS])


def kept(agg: Aggregates, a: str, b: str, family: CollusionFamily
         ) -> list[tuple[int, str, str, str, str]]:
    """The pair's evidence hands of `family`, best first: weight, hand, signal, actor,
    partner."""
    return [(e.weight, e.hand, e.signal, e.actor, e.partner)
            for e in agg.evidence_hands((a, b))[FAMILY_INDEX[family]]]


def evidence_of(agg: Aggregates, a: str, b: str, family: CollusionFamily, signal: str
                ) -> list[tuple[int, str, str, str]]:
    """The pair's evidence hands of one signal, best first: weight, hand, actor, partner."""
    return [(w, h, actor, partner) for w, h, s, actor, partner in kept(agg, a, b, family)
            if s == signal]


# ---------------------------------------------------------------- hands, results, flow


def test_money_is_in_thousandths_of_the_hand_s_big_blind() -> None:
    """At 25/50 ann completes her small blind and folds to bob's raise to 150: she loses 50
    chips, one big blind (1000 mbb), and folded facing 100 to call (2000 mbb). bob's raise
    of 100 chips is 2 bb: heads-up, but under 3 bb, no commitment measured."""
    agg = integrity(deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                         ["preflop ann call", "preflop bob raise 150", "preflop ann fold"],
                         win="bob", blinds=(25, 50)))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "FOLD_N": 1,
                         "FOLD_K": 1, "AGG_N": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "AGG_N": 1,
                         "AGG_K": 1},
    }
    assert own(agg, "ann")[:3] == (1, -1000, 10**6)
    assert kept(agg, "ann", "bob", SOFT) == [(2000, "h1", "fold_to_partner", "ann", "bob")]


def test_fold_to_the_big_blind_counts_every_pair_and_each_result() -> None:
    """cat folds on the button, ann folds her small blind: bob wins 10 chips from ann.
    Facing only the blinds is no fold-to-partner occasion. ann's fold is a street she acted
    on heads-up with bob (not aggressive); cat's, with two opponents live, counts toward
    neither. Each pair had one third player dealt in."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Tc Jc")],
                         ["preflop cat fold", "preflop ann fold"], win="bob"))
    assert agg.hands == 1
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 500, "FLOW_SS": 250_000, "AGG_N": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -500, "FLOW_SS": 250_000, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "JOINT": -500, "JOINT_SS": 250_000, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "JOINT": -500, "JOINT_SS": 250_000, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": 500, "JOINT_SS": 250_000, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": 500, "JOINT_SS": 250_000, "THIRD": 1},
    }
    # HANDS, RESULT, RESULT_SS, TOURNAMENTS.
    assert own(agg, "ann") == (1, -500, 250_000, 1)
    assert own(agg, "bob") == (1, 500, 250_000, 1)
    assert own(agg, "cat") == (1, 0, 0, 1)
    assert agg.flows == {("ann", "bob"): {"T1": 500}}
    assert kept(agg, "ann", "bob", DUMP) == [(500, "h1", "chip_flow", "ann", "bob")]
    # Team profit needs both in the pot: cat put nothing in (bob and cat), ann lost.
    assert [kept(agg, a, b, TEAM) for a, b in agg.pairs] == [[], [], []]
    assert {key: pair[TOURNAMENTS] for key, pair in rows(agg).items()} == {
        ("ann", "bob"): 1, ("ann", "cat"): 1, ("bob", "cat"): 1}


def test_chip_flow_is_also_summed_per_tournament_together() -> None:
    """ann loses one big blind to bob in each of two hands of T1 and wins one from him in T2
    (one file): per tournament, ann's flow to bob is +2000 over 2 hands and -1000 over 1; its
    squares add to 5,000,000, the hands times the flow to 2 * 2000 - 1000 = 3000, the hands
    squared to 4 + 1. bob's side is the same with the flow negated."""
    def blind_lost(loser: str, winner: str, hand_id: str, tournament: str) -> Played:
        return deal([(loser, 1000, "Jh Td"), (winner, 1000, "Ks Qd")],
                    [f"preflop {loser} call", f"preflop {winner} raise 150",
                     f"preflop {loser} fold"],
                    win=winner, blinds=(25, 50), hand_id=hand_id, tournament=tournament)

    agg = integrity(blind_lost("ann", "bob", "h1", "T1"), blind_lost("ann", "bob", "h2", "T1"),
                    blind_lost("bob", "ann", "h3", "T2"))
    assert toward(agg, "ann", "bob")["FLOW"] == 1000
    assert by_tournament(agg, "ann", "bob") == (5_000_000, 3000, 5)
    assert by_tournament(agg, "bob", "ann") == (5_000_000, -3000, 5)
    assert agg.pair(("ann", "bob"))[TOURNAMENTS] == 2


def test_one_loser_two_winners_shares_the_loss_by_their_gains() -> None:
    """ann (+18 chips) and cat (+17) split a pot bob lost 35 chips in: each winner got
    exactly its gain from the only loser."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td"),
                          ("cat", 1000, "Kh Qc")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann bet 15", "flop bob call", "flop cat call",
                          "turn ann bet 25", "turn bob fold", "turn cat call",
                          "river ann check", "river cat check"],
                         split=("ann", "cat")))
    # Pot 60 + 45 + 50 = 155: ann 78 (+18 = 900 mbb), cat 77 (+17 = 850), bob -35 (-1750).
    assert own(agg, "ann")[:3] == (1, 900, 810_000)
    assert own(agg, "bob")[:3] == (1, -1750, 3_062_500)
    assert own(agg, "cat")[:3] == (1, 850, 722_500)
    names = ("FLOW", "FLOW_SS", "JOINT", "JOINT_SS")
    assert picked(agg, "bob", "ann", *names) == {"FLOW": 900, "FLOW_SS": 810_000,
                                                 "JOINT": -850, "JOINT_SS": 722_500}
    assert picked(agg, "ann", "bob", *names) == {"FLOW": -900, "FLOW_SS": 810_000,
                                                 "JOINT": -850, "JOINT_SS": 722_500}
    assert picked(agg, "bob", "cat", *names) == {"FLOW": 850, "FLOW_SS": 722_500,
                                                 "JOINT": -900, "JOINT_SS": 810_000}
    assert picked(agg, "cat", "bob", *names) == {"FLOW": -850, "FLOW_SS": 722_500,
                                                 "JOINT": -900, "JOINT_SS": 810_000}
    assert {key: pair[C.THIRD] + pair[WIDTH + C.THIRD] for key, pair in rows(agg).items()} == {
        ("ann", "bob"): 2, ("ann", "cat"): 2, ("bob", "cat"): 2}
    # The two winners: no flow between them; together they took 1750 from bob.
    assert picked(agg, "ann", "cat", *names) == {"FLOW": 0, "FLOW_SS": 0, "JOINT": 1750,
                                                 "JOINT_SS": 3_062_500}
    assert agg.flows == {("ann", "bob"): {"T1": -900}, ("bob", "cat"): {"T1": 850}}
    assert kept(agg, "ann", "bob", DUMP) == [(900, "h1", "chip_flow", "bob", "ann")]
    assert kept(agg, "bob", "cat", DUMP) == [(850, "h1", "chip_flow", "bob", "cat")]
    assert kept(agg, "ann", "cat", TEAM) == [(1750, "h1", "team_profit", "ann", "cat")]


def test_two_losers_two_winners_share_each_loss_rounded_toward_zero() -> None:
    """ann (-20 chips) and dan (-45) lose; bob (+33) and cat (+32) split the pot. Each loss
    goes to the winners in proportion to their gains, floored in the loser-to-winner
    direction (so the flow a < b is -floor(...) when b is the loser)."""
    agg = integrity(deal([("ann", 1000, "2h 3d"), ("bob", 1000, "Ks Qd"),
                          ("cat", 1000, "Kh Qc"), ("dan", 1000, "5h 6c")],
                         ["preflop cat call", "preflop dan call", "preflop ann call",
                          "preflop bob check",
                          "flop ann check", "flop bob bet 25", "flop cat call",
                          "flop dan call", "flop ann fold",
                          "turn bob bet 35", "turn cat call", "turn dan fold",
                          "river bob check", "river cat check"],
                         split=("bob", "cat")))
    # Pot 80 + 75 + 70 = 225: bob 113 (+33 = 1650 mbb), cat 112 (+32 = 1600), ann -1000,
    # dan -2250; gains 3250.
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat", "dan")] == [-1000, 1650, 1600, -2250]
    names = ("FLOW", "FLOW_SS", "JOINT", "JOINT_SS")
    # ann -> bob: 1000 * 1650 / 3250 = 507.7; ann -> cat: 1000 * 1600 / 3250 = 492.3.
    assert picked(agg, "ann", "bob", *names) == {"FLOW": 507, "FLOW_SS": 257_049,
                                                 "JOINT": 650, "JOINT_SS": 422_500}
    assert picked(agg, "bob", "ann", *names) == {"FLOW": -507, "FLOW_SS": 257_049,
                                                 "JOINT": 650, "JOINT_SS": 422_500}
    assert picked(agg, "ann", "cat", *names) == {"FLOW": 492, "FLOW_SS": 242_064,
                                                 "JOINT": 600, "JOINT_SS": 360_000}
    # dan -> bob: 2250 * 1650 / 3250 = 1142.3; dan -> cat: 2250 * 1600 / 3250 = 1107.7.
    assert picked(agg, "bob", "dan", *names) == {"FLOW": -1142, "FLOW_SS": 1_304_164,
                                                 "JOINT": -600, "JOINT_SS": 360_000}
    assert picked(agg, "dan", "bob", *names) == {"FLOW": 1142, "FLOW_SS": 1_304_164,
                                                 "JOINT": -600, "JOINT_SS": 360_000}
    assert picked(agg, "cat", "dan", *names) == {"FLOW": -1107, "FLOW_SS": 1_225_449,
                                                 "JOINT": -650, "JOINT_SS": 422_500}
    assert picked(agg, "dan", "cat", *names) == {"FLOW": 1107, "FLOW_SS": 1_225_449,
                                                 "JOINT": -650, "JOINT_SS": 422_500}
    assert picked(agg, "ann", "dan", "THIRD") == {"THIRD": 2}
    assert picked(agg, "dan", "ann", "THIRD") == {"THIRD": 2}
    # Two losers, two winners: no flow within either side.
    assert picked(agg, "ann", "dan", *names) == {"FLOW": 0, "FLOW_SS": 0, "JOINT": -3250,
                                                 "JOINT_SS": 10_562_500}
    assert picked(agg, "bob", "cat", *names) == {"FLOW": 0, "FLOW_SS": 0, "JOINT": 3250,
                                                 "JOINT_SS": 10_562_500}
    assert agg.flows == {("ann", "bob"): {"T1": 507}, ("ann", "cat"): {"T1": 492},
                         ("bob", "dan"): {"T1": -1142}, ("cat", "dan"): {"T1": -1107}}
    assert kept(agg, "bob", "dan", DUMP) == [(1142, "h1", "chip_flow", "dan", "bob")]
    assert kept(agg, "cat", "dan", DUMP) == [(1107, "h1", "chip_flow", "dan", "cat")]
    assert kept(agg, "ann", "dan", DUMP) == [] and kept(agg, "bob", "cat", DUMP) == []
    assert kept(agg, "bob", "cat", TEAM) == [(3250, "h1", "team_profit", "bob", "cat")]
    # A loser and a winner both in the pot, together ahead: the others paid for it.
    assert evidence_of(agg, "ann", "bob", TEAM, "team_profit") == [(650, "h1", "ann", "bob")]
    assert evidence_of(agg, "ann", "cat", TEAM, "team_profit") == [(600, "h1", "ann", "cat")]
    assert evidence_of(agg, "ann", "dan", TEAM, "team_profit") == []
    assert evidence_of(agg, "bob", "dan", TEAM, "team_profit") == []


def test_a_big_pot_counts_at_most_the_flow_cap() -> None:
    """Heads-up, checked to the river; bob bets 300 and ann calls with jack high against
    bob's kings: ann loses 320 chips (16 bb). Chip flow and EV count at most 10 bb a hand
    (winsorised); the flow per tournament and the evidence keep the true amounts."""
    agg = integrity(deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob check", "flop ann check", "turn bob check",
                          "turn ann check", "river bob bet 300", "river ann call"],
                         win="bob"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 10_000, "FLOW_SS": 10**8, "EV": 10_000,
                         "EV_SS": 10**8, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1, "FOLD_N": 1,
                         "AGG_N": 4, "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -10_000, "FLOW_SS": 10**8, "EV": -10_000,
                         "EV_SS": 10**8, "EV_N": 1, "WEAK_N": 1, "AGG_N": 4, "AGG_K": 1,
                         "CHK_N": 1, "CHK_K": 1},
    }
    assert own(agg, "ann")[:3] == (1, -16_000, 256_000_000)
    assert own(agg, "bob")[:3] == (1, 16_000, 256_000_000)
    assert agg.flows == {("ann", "bob"): {"T1": 16_000}}
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(16_000, "h1", "ann", "bob")]
    # (Its weight: test_weak_commitment_evidence_weighs_the_chips_committed_in_mbb.)
    assert [e[1:] for e in evidence_of(agg, "ann", "bob", DUMP, "weak_commitment")] == [
        ("h1", "ann", "bob")]


def test_the_caps_hold_both_ways() -> None:
    """cat limps and folds to bob's turn bet; ann calls it and bob's river bet of 300 with
    kings: bob loses 340 chips (17 bb) and cat 20 (1 bb) to ann (+18 bb). The flow from bob
    (b) to ann (a) and bob's EV on the river are capped at 10 bb, as are what ann and cat
    together won (+17 bb) and what bob and cat together lost (-18 bb); the flow per
    tournament and the evidence keep the true amounts."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td"),
                          ("cat", 1000, "8s 8c")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob check", "flop cat check",
                          "turn ann check", "turn bob bet 20", "turn cat fold",
                          "turn ann call", "river ann check", "river bob bet 300",
                          "river ann call"],
                         win="ann"))
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat")] == [18_000, -17_000, -1000]
    names = ("FLOW", "FLOW_SS", "JOINT", "JOINT_SS", "EV", "EV_SS", "EV_N")
    assert picked(agg, "ann", "bob", *names) == {"FLOW": -10_000, "FLOW_SS": 10**8,
                                                 "JOINT": 1000, "JOINT_SS": 10**6,
                                                 "EV": -10_000, "EV_SS": 10**8, "EV_N": 1}
    assert picked(agg, "bob", "ann", *names) == {"FLOW": 10_000, "FLOW_SS": 10**8,
                                                 "JOINT": 1000, "JOINT_SS": 10**6,
                                                 "EV": 10_000, "EV_SS": 10**8, "EV_N": 1}
    assert picked(agg, "cat", "ann", "FLOW", "JOINT", "JOINT_SS") == {
        "FLOW": 1000, "JOINT": 10_000, "JOINT_SS": 10**8}
    assert picked(agg, "cat", "bob", "FLOW", "JOINT", "JOINT_SS") == {
        "FLOW": 0, "JOINT": -10_000, "JOINT_SS": 10**8}
    assert agg.flows == {("ann", "bob"): {"T1": -17_000}, ("ann", "cat"): {"T1": -1000}}
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(17_000, "h1", "bob", "ann")]
    assert evidence_of(agg, "ann", "cat", TEAM, "team_profit") == [
        (17_000, "h1", "ann", "cat")]
    assert evidence_of(agg, "ann", "bob", TEAM, "team_profit") == [(1000, "h1", "ann", "bob")]


def test_team_profit_is_capped_like_the_flow() -> None:
    """Three-handed, checked to the river: bob bets 60, cat folds, ann (kings) check-raises to
    180 and bob calls with jack high. ann +220 chips, bob -200, cat -20. The bet made while
    three were in is no heads-up commitment; the raise and the call are. bob and cat together
    lost 220 chips, counted as 10 bb. Every street began three-handed: no aggression
    counted (ann's check-raise came after cat's fold, but her first act faced two)."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td"),
                          ("cat", 1000, "8s 8c")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob check", "flop cat check",
                          "turn ann check", "turn bob check", "turn cat check",
                          "river ann check", "river bob bet 60", "river cat fold",
                          "river ann raise 180", "river bob call"],
                         win="ann"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -10_000, "FLOW_SS": 10**8, "JOINT": 1000,
                         "JOINT_SS": 10**6, "EV": -9000, "EV_SS": 81_000_000, "EV_N": 1,
                         "WEAK_N": 1, "FOLD_N": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 10_000, "FLOW_SS": 10**8, "JOINT": 1000,
                         "JOINT_SS": 10**6, "EV": 6000, "EV_SS": 36_000_000, "EV_N": 1,
                         "WEAK_N": 1, "WEAK_K": 1, "FOLD_N": 1, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "JOINT": 10_000,
                         "JOINT_SS": 10**8, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "JOINT": 10_000,
                         "JOINT_SS": 10**8, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": -10_000, "JOINT_SS": 10**8, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": -10_000, "JOINT_SS": 10**8, "FOLD_N": 1,
                         "FOLD_K": 1, "SQZ_N": 1, "THIRD": 1},
    }
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat")] == [11_000, -10_000, -1000]
    # ann's raise over bob's bet, heads-up once cat folded: a raise-back, not a squeeze; bob
    # only called ann's raise.
    assert raise_back(agg, "ann", "bob") == (1, 1)
    assert raise_back(agg, "bob", "ann") == (1, 0)
    assert raise_back(agg, "cat", "bob") == (1, 0)
    assert agg.flows == {("ann", "bob"): {"T1": -10_000}, ("ann", "cat"): {"T1": -1000}}
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(10_000, "h1", "bob", "ann")]
    assert [e[1:] for e in evidence_of(agg, "ann", "bob", DUMP, "weak_commitment")] == [
        ("h1", "bob", "ann")]
    assert kept(agg, "ann", "cat", DUMP) == [(1000, "h1", "chip_flow", "cat", "ann")]
    assert kept(agg, "ann", "cat", TEAM) == [(10_000, "h1", "team_profit", "ann", "cat")]
    # ann's heads-up raise to 180 over bob's bet (180 chips, 9 bb), and the two's joint result.
    assert kept(agg, "ann", "bob", TEAM) == [(9000, "h1", "reraises_partner", "ann", "bob"),
                                             (1000, "h1", "team_profit", "ann", "bob")]
    assert kept(agg, "bob", "cat", TEAM) == []
    # cat folded facing 60 to call.
    assert kept(agg, "bob", "cat", SOFT) == [(3000, "h1", "fold_to_partner", "cat", "bob")]


# ---------------------------------------------------------------- soft play


def test_a_fold_to_a_raise_counts_toward_the_raiser_only() -> None:
    """cat raises to 50 (facing only the blinds: no occasion), ann folds, bob calls, then folds
    to cat's flop bet: each faced cat's raise once in the hand (bob twice: one occasion, one
    fold). Nobody folded to anyone else. Aggression: bob's call (ann gone) and the flop are
    heads-up streets; cat's raise and ann's fold faced two opponents."""
    agg = integrity(deal([("ann", 1000, "5h 6h"), ("bob", 1000, "Qh Jd"),
                          ("cat", 1000, "Ah As")],
                         ["preflop cat raise 50", "preflop ann fold", "preflop bob call",
                          "flop bob check", "flop cat bet 30", "flop bob fold"],
                         win="cat"))
    # ann -10 chips (-500), bob -50 (-2500), cat +60 (+3000); cat's 30 on the flop returned.
    # bob's flop fold: queen-jack high on K-7-2, lifted by no card of ann's or cat's.
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "JOINT": -3000, "JOINT_SS": 9_000_000, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "JOINT": -3000, "JOINT_SS": 9_000_000, "CLEAR_N": 1,
                         "CLEAR_K": 1, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "FLOW": 500, "FLOW_SS": 250_000, "JOINT": 2500,
                         "JOINT_SS": 6_250_000, "FOLD_N": 1, "FOLD_K": 1, "SQZ_N": 1,
                         "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "FLOW": -500, "FLOW_SS": 250_000, "JOINT": 2500,
                         "JOINT_SS": 6_250_000, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "FLOW": 2500, "FLOW_SS": 6_250_000, "JOINT": 500,
                         "JOINT_SS": 250_000, "FOLD_N": 1, "FOLD_K": 1, "AGG_N": 2,
                         "CLEAR_N": 1, "CLEAR_K": 1, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "FLOW": -2500, "FLOW_SS": 6_250_000, "JOINT": 500,
                         "JOINT_SS": 250_000, "AGG_N": 1, "AGG_K": 1, "THIRD": 1},
    }
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat")] == [-500, -2500, 3000]
    # Facing cat's raise, neither re-raised (bob called, then folded).
    assert raise_back(agg, "ann", "cat") == raise_back(agg, "bob", "cat") == (1, 0)
    # The chips each had to call when folding: ann 40, bob 30.
    assert kept(agg, "ann", "cat", SOFT) == [(2000, "h1", "fold_to_partner", "ann", "cat")]
    assert kept(agg, "bob", "cat", SOFT) == [(1500, "h1", "fold_to_partner", "bob", "cat")]
    assert kept(agg, "ann", "bob", SOFT) == []
    # No squeeze hit, no outs held. Team profit: ann and bob each put chips in with cat, and
    # each pair came out ahead (cat's +3000 against -500 and -2500).
    assert kept(agg, "ann", "cat", TEAM) == [(2500, "h1", "team_profit", "ann", "cat")]
    assert kept(agg, "bob", "cat", TEAM) == [(500, "h1", "team_profit", "bob", "cat")]
    assert kept(agg, "ann", "bob", TEAM) == []


def test_heads_up_street_checked_through_is_a_hit_for_both() -> None:
    """cat folds on the button; ann and bob check every street down: one occasion and one
    hit each way for the hand, whatever the number of streets."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td"),
                          ("cat", 1000, "8s 8c")],
                         ["preflop cat fold", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob check", "turn ann check",
                          "turn bob check", "river ann check", "river bob check"],
                         win="ann"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "AGG_N": 4,
                         "CHK_N": 1, "CHK_K": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "AGG_N": 4,
                         "CHK_N": 1, "CHK_K": 1, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "JOINT": 1000, "JOINT_SS": 10**6, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "JOINT": 1000, "JOINT_SS": 10**6, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": -1000, "JOINT_SS": 10**6, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": -1000, "JOINT_SS": 10**6, "THIRD": 1},
    }
    # cat put nothing in: no team profit with him.
    assert kept(agg, "ann", "cat", TEAM) == []


def test_heads_up_streets_with_a_bet_are_occasions_without_a_hit() -> None:
    """bob bets 20 on every street and ann calls each: the pair played every postflop street
    heads-up, none checked through. ann's flop and turn calls (ace-queen high) are two
    decisions facing a bet that bob's eights could not lift."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob bet 20", "flop ann call", "turn bob bet 20",
                          "turn ann call", "river bob bet 20", "river ann call"],
                         win="bob"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 4000, "FLOW_SS": 16_000_000, "FOLD_N": 1,
                         "AGG_N": 4, "CHK_N": 1, "CLEAR_N": 2},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -4000, "FLOW_SS": 16_000_000, "AGG_N": 4,
                         "AGG_K": 3, "CHK_N": 1},
    }


def test_a_street_checked_through_makes_the_hand_a_hit() -> None:
    """A hand counts once per pair and signal: the flop checked through and the turn bet
    (then ann folds the river) is one occasion and one hit each way; a heads-up street one
    of the two folds on is not a street they played to its end."""
    agg = integrity(deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob check", "flop ann check",
                          "turn bob bet 20", "turn ann call",
                          "river bob bet 40", "river ann fold"],
                         win="bob"))
    counters = ("CHK_N", "CHK_K", "FOLD_N", "FOLD_K", "AGG_N", "AGG_K")
    assert picked(agg, "ann", "bob", *counters) == {"CHK_N": 1, "CHK_K": 1, "FOLD_N": 1,
                                                    "FOLD_K": 1, "AGG_N": 4, "AGG_K": 0}
    assert picked(agg, "bob", "ann", *counters) == {"CHK_N": 1, "CHK_K": 1, "FOLD_N": 0,
                                                    "FOLD_K": 0, "AGG_N": 4, "AGG_K": 2}
    # bob bets the flop and ann folds: the street was not played to its end, no occasion.
    agg = integrity(deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob bet 20", "flop ann fold"],
                         win="bob"))
    assert picked(agg, "ann", "bob", "CHK_N", "CHK_K") == {"CHK_N": 0, "CHK_K": 0}
    assert picked(agg, "bob", "ann", "CHK_N", "CHK_K") == {"CHK_N": 0, "CHK_K": 0}


def test_aggression_counts_heads_up_streets_toward_the_one_opponent_with_chips() -> None:
    """dan shoves 40 on the button; ann, bob and cat call; bob bets the flop, cat calls, ann
    folds; bob and cat check down and cat wins both pots. Aggression counts a street toward
    an opponent only when that opponent is the one live with chips at the actor's first act
    there: preflop and on the flop more were, and on the turn and the river bob and cat each
    had only the other (dan, all in, is no opponent to bet at)."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Ks Jd"), ("dan", 40, "5h 6h")],
                         ["preflop cat call", "preflop dan raise 40", "preflop ann call",
                          "preflop bob call", "preflop cat call",
                          "flop ann check", "flop bob bet 20", "flop cat call",
                          "flop ann fold",
                          "turn bob check", "turn cat check",
                          "river bob check", "river cat check"],
                         awards=[("cat", 160, 0), ("cat", 40, 1)]))
    # ann -40 chips (-2000), bob -60 (-3000), dan -40 (-2000), cat +140 (+7000).
    # Flop decisions facing bob's bet: cat (kings, lifted by a 7, 2, J or K) and ann (ace-
    # queen high, lifted by an A, Q, K, 7 or 2): only cat's king lifts ann. Facing dan's
    # shove, ann, bob and cat each had a third player with chips (a squeeze occasion). The
    # turn and river, bob and cat with chips and dan all in, are no check-down occasion.
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "JOINT": -5000, "JOINT_SS": 25_000_000, "FOLD_N": 1,
                         "FOLD_K": 1, "SQZ_N": 1, "CLEAR_N": 1, "CLEAR_K": 1, "THIRD": 2},
        ("bob", "ann"): {"HANDS": 1, "JOINT": -5000, "JOINT_SS": 25_000_000, "THIRD": 2},
        ("ann", "cat"): {"HANDS": 1, "FLOW": 2000, "FLOW_SS": 4_000_000, "JOINT": 5000,
                         "JOINT_SS": 25_000_000, "OUTS_N": 1, "OUTS_K": 1, "THIRD": 2},
        ("cat", "ann"): {"HANDS": 1, "FLOW": -2000, "FLOW_SS": 4_000_000, "JOINT": 5000,
                         "JOINT_SS": 25_000_000, "CLEAR_N": 1, "THIRD": 2},
        ("ann", "dan"): {"HANDS": 1, "JOINT": -4000, "JOINT_SS": 16_000_000, "FOLD_N": 1,
                         "SQZ_N": 1, "CLEAR_N": 1, "CLEAR_K": 1, "THIRD": 2},
        ("dan", "ann"): {"HANDS": 1, "JOINT": -4000, "JOINT_SS": 16_000_000, "THIRD": 2},
        ("bob", "cat"): {"HANDS": 1, "FLOW": 3000, "FLOW_SS": 9_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "AGG_N": 2, "THIRD": 2},
        ("cat", "bob"): {"HANDS": 1, "FLOW": -3000, "FLOW_SS": 9_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "FOLD_N": 1, "SQZ_N": 1, "AGG_N": 2,
                         "CLEAR_N": 1, "THIRD": 2},
        ("bob", "dan"): {"HANDS": 1, "JOINT": -5000, "JOINT_SS": 25_000_000, "FOLD_N": 1,
                         "SQZ_N": 1, "THIRD": 2},
        ("dan", "bob"): {"HANDS": 1, "JOINT": -5000, "JOINT_SS": 25_000_000, "THIRD": 2},
        ("cat", "dan"): {"HANDS": 1, "FLOW": -2000, "FLOW_SS": 4_000_000, "JOINT": 5000,
                         "JOINT_SS": 25_000_000, "FOLD_N": 1, "SQZ_N": 1, "CLEAR_N": 1,
                         "THIRD": 2},
        ("dan", "cat"): {"HANDS": 1, "FLOW": 2000, "FLOW_SS": 4_000_000, "JOINT": 5000,
                         "JOINT_SS": 25_000_000, "THIRD": 2},
    }
    assert kept(agg, "ann", "cat", TEAM) == [(5000, "h1", "team_profit", "ann", "cat"),
                                             (1000, "h1", "outs_tracking", "ann", "cat")]
    assert kept(agg, "ann", "bob", SOFT) == [(1000, "h1", "fold_to_partner", "ann", "bob")]


def test_a_third_player_all_in_makes_no_squeeze() -> None:
    """cat shoves his 60 on the button; ann re-raises to 200 from the small blind with bob
    still to act (a squeeze: bob has chips); bob folds facing ann's raise with only cat,
    all in, besides them: no squeeze occasion. ann's raise and bob's fold are heads-up
    streets (cat, all in, is no opponent)."""
    agg = integrity(deal([("ann", 1000, "Ah Ad"), ("bob", 1000, "Jh Td"),
                          ("cat", 60, "8s 8c")],
                         ["preflop cat raise 60", "preflop ann raise 200", "preflop bob fold"],
                         win="ann"))
    # ann +80 chips (140 of her 200 returned), bob -20, cat -60.
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat")] == [4000, -1000, -3000]
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "JOINT": 3000,
                         "JOINT_SS": 9_000_000, "AGG_N": 1, "AGG_K": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "JOINT": 3000,
                         "JOINT_SS": 9_000_000, "FOLD_N": 1, "FOLD_K": 1, "AGG_N": 1,
                         "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "FLOW": -3000, "FLOW_SS": 9_000_000, "JOINT": 1000,
                         "JOINT_SS": 10**6, "FOLD_N": 1, "SQZ_N": 1, "SQZ_K": 1, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "FLOW": 3000, "FLOW_SS": 9_000_000, "JOINT": 1000,
                         "JOINT_SS": 10**6, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": -4000, "JOINT_SS": 16_000_000, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": -4000, "JOINT_SS": 16_000_000, "THIRD": 1},
    }
    # What ann's re-raise put in (190), and what bob had to call (180).
    assert kept(agg, "ann", "cat", TEAM) == [(9500, "h1", "squeeze", "ann", "cat"),
                                             (1000, "h1", "team_profit", "ann", "cat")]
    assert kept(agg, "ann", "bob", SOFT) == [(9000, "h1", "fold_to_partner", "bob", "ann")]


def test_an_open_raise_spot_counts_toward_everyone_still_in_by_players_behind() -> None:
    """Four-handed, cat (under the gun) limps with dan, ann and bob still to act behind:
    an open-raise spot she did not raise, three behind. dan raises on the button with the
    blinds behind (two) and cat in having called: a spot he raised, toward all three. The
    blinds then face a raise: no open-raise spot; nor is cat's second act."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Ks Jd"), ("dan", 1000, "5h 6h")],
                         ["preflop cat call", "preflop dan raise 60", "preflop ann fold",
                          "preflop bob fold", "preflop cat fold"], win="dan"))
    three_behind = [0, 0, 0, 1, 0, 0]
    two_behind = [0, 0, 1, 0, 0, 0]
    for opponent in ("ann", "bob", "dan"):
        assert opens(agg, "cat", opponent) == (1, 0, three_behind)
    for opponent in ("ann", "bob", "cat"):
        assert opens(agg, "dan", opponent) == (1, 1, two_behind)
    for player in ("ann", "bob"):
        for opponent in ("ann", "bob", "cat", "dan"):
            if opponent != player:
                assert opens(agg, player, opponent) == (0, 0, [0] * 6)
    assert own_opens(agg, "cat") == (three_behind, [0] * 6)
    assert own_opens(agg, "dan") == (two_behind, two_behind)
    assert own_opens(agg, "ann") == own_opens(agg, "bob") == ([0] * 6, [0] * 6)


def test_an_open_raise_spot_leaves_out_who_has_folded() -> None:
    """Three-handed, cat folds the button with both blinds behind; ann completes with bob
    behind, and cat (folded) is not in: her spot counts toward bob only. bob raises from the
    big blind with nobody behind, ann in having called."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Ks Jd")],
                         ["preflop cat fold", "preflop ann call", "preflop bob raise 60",
                          "preflop ann fold"], win="bob"))
    assert opens(agg, "cat", "ann") == opens(agg, "cat", "bob") == (1, 0, [0, 0, 1, 0, 0, 0])
    assert opens(agg, "ann", "bob") == (1, 0, [0, 1, 0, 0, 0, 0])
    assert opens(agg, "ann", "cat") == (0, 0, [0] * 6)
    assert opens(agg, "bob", "ann") == (1, 1, [1, 0, 0, 0, 0, 0])
    assert opens(agg, "bob", "cat") == (0, 0, [0] * 6)
    assert own_opens(agg, "bob") == ([1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0])


def test_a_heads_up_check_raise_is_an_aggressive_street() -> None:
    """bob checks the river, ann bets 20, bob raises to 40, ann calls: bob's street counts as
    aggressive though his first act there was a check. His raise is no squeeze (no third
    player): a heads-up re-raise of ann's bet, weighed by his 40 chips (2 bb)."""
    agg = integrity(deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob check", "flop ann check", "turn bob check",
                          "turn ann check", "river bob check", "river ann bet 20",
                          "river bob raise 40", "river ann call"],
                         win="bob"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 3000, "FLOW_SS": 9_000_000, "FOLD_N": 1,
                         "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -3000, "FLOW_SS": 9_000_000, "FOLD_N": 1,
                         "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1},
    }
    assert kept(agg, "ann", "bob", TEAM) == [(2000, "h1", "reraises_partner", "bob", "ann")]


def test_a_player_all_in_from_the_blind_has_no_chips_to_answer() -> None:
    """ann's small blind of 10 is all she has: cat's raise and bob's re-raise are heads-up
    streets between the two players with chips (as after an all-in act, when the all-in
    player is left out), and with only her besides them bob's re-raise of cat is no
    squeeze."""
    agg = integrity(deal([("ann", 10, "Ah Ad"), ("bob", 1000, "Ks Kd"),
                          ("cat", 1000, "8s 8c")],
                         ["preflop cat raise 60", "preflop bob raise 140", "preflop cat fold"],
                         awards=[("ann", 30, 0), ("bob", 100, 1)]))
    # ann +20 chips (+1000 mbb), bob +40 (80 returned: +2000), cat -60 (-3000).
    assert [own(agg, p)[1] for p in ("ann", "bob", "cat")] == [1000, 2000, -3000]
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "JOINT": 3000, "JOINT_SS": 9_000_000, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "JOINT": 3000, "JOINT_SS": 9_000_000, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "JOINT": -2000,
                         "JOINT_SS": 4_000_000, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "JOINT": -2000,
                         "JOINT_SS": 4_000_000, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "FLOW": -2000, "FLOW_SS": 4_000_000, "JOINT": -1000,
                         "JOINT_SS": 10**6, "FOLD_N": 1, "AGG_N": 1, "AGG_K": 1, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "FLOW": 2000, "FLOW_SS": 4_000_000, "JOINT": -1000,
                         "JOINT_SS": 10**6, "FOLD_N": 1, "FOLD_K": 1, "AGG_N": 1, "AGG_K": 1,
                         "THIRD": 1},
    }
    # bob's re-raise puts in 120 chips over his blind (6 bb): heads-up, not a squeeze.
    assert kept(agg, "bob", "cat", TEAM) == [(6000, "h1", "reraises_partner", "bob", "cat")]
    assert kept(agg, "bob", "cat", SOFT) == [(4000, "h1", "fold_to_partner", "cat", "bob")]
    assert kept(agg, "ann", "bob", TEAM) == [(3000, "h1", "team_profit", "ann", "bob")]


# ---------------------------------------------------------------- team play


def test_a_reraise_with_a_third_player_live_is_a_squeeze() -> None:
    """Three-handed flop: bob bets 20, cat raises to 40, ann calls, bob re-raises to 60, cat
    and ann call. cat and bob each re-raised the other with ann live: a hit, which cat's later
    call (facing bob with ann live) does not undo. ann only called. Every flop decision
    faced a bet that no opponent's cards could lift; every street was three-handed (no
    aggression, no check-down counted)."""
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Tc Jc")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob bet 20", "flop cat raise 40",
                          "flop ann call", "flop bob raise 60", "flop cat call",
                          "flop ann call",
                          "turn ann check", "turn bob check", "turn cat check",
                          "river ann check", "river bob check", "river cat check"],
                         win="cat"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "JOINT": -8000, "JOINT_SS": 64_000_000, "FOLD_N": 1,
                         "SQZ_N": 1, "CLEAR_N": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "JOINT": -8000, "JOINT_SS": 64_000_000, "CLEAR_N": 1,
                         "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "FLOW": 4000, "FLOW_SS": 16_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "FOLD_N": 1, "SQZ_N": 1, "CLEAR_N": 1,
                         "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "FLOW": -4000, "FLOW_SS": 16_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "CLEAR_N": 1, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "FLOW": 4000, "FLOW_SS": 16_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "FOLD_N": 1, "SQZ_N": 1, "SQZ_K": 1,
                         "CLEAR_N": 1, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "FLOW": -4000, "FLOW_SS": 16_000_000, "JOINT": 4000,
                         "JOINT_SS": 16_000_000, "FOLD_N": 1, "SQZ_N": 1, "SQZ_K": 1,
                         "CLEAR_N": 1, "THIRD": 1},
    }
    # Raise-back: bob and cat each re-raised the other's bet; ann only called theirs.
    assert [raise_back(agg, a, b) for a, b in (("bob", "cat"), ("cat", "bob"), ("ann", "bob"),
                                               ("ann", "cat"))] == [(1, 1), (1, 1), (1, 0), (1, 0)]
    # bob and cat together won 4000 from ann; then what each re-raise put in (40 and 40):
    # equal weights, ordered by the actor.
    assert kept(agg, "bob", "cat", TEAM) == [(4000, "h1", "team_profit", "bob", "cat"),
                                             (2000, "h1", "squeeze", "bob", "cat"),
                                             (2000, "h1", "squeeze", "cat", "bob")]
    # Every re-raise occasion was on a later round with a third player live (the fourth
    # situation), each player's own first one too.
    assert [reraises(agg, a, b) for a, b in (("bob", "cat"), ("cat", "bob"), ("ann", "bob"),
                                             ("ann", "cat"))] == [
        (1, 1, [0, 0, 0, 1]), (1, 1, [0, 0, 0, 1]), (1, 0, [0, 0, 0, 1]), (1, 0, [0, 0, 0, 1])]
    assert [own_reraises(agg, p) for p in ("ann", "bob", "cat")] == [
        ([0, 0, 0, 1], [0, 0, 0, 0]), ([0, 0, 0, 1], [0, 0, 0, 1]), ([0, 0, 0, 1], [0, 0, 0, 1])]


def test_a_hand_faced_in_several_situations_counts_in_the_first() -> None:
    """Preflop, cat (the button) raises to 60; ann calls with bob still to act, then bob
    re-raises to 180 with ann live: both faced cat's raise with a third player live on the
    first round (the second situation). cat calls bob's raise with ann live, ann folds to it.
    On the flop bob bets 100 and cat, heads-up now (a later round, heads-up: the third
    situation), raises to 300; bob calls. cat's raise is a hit of the hand that first had her
    facing bob's raise preflop: one occasion, in the second situation. Each player's own
    hand likewise: one occasion, in the situation first faced (ann faced cat, then bob)."""
    agg = integrity(deal([("ann", 1000, "9h 9d"), ("bob", 1000, "As Kd"),
                          ("cat", 1000, "Qs Qc")],
                         ["preflop cat raise 60", "preflop ann call", "preflop bob raise 180",
                          "preflop cat call", "preflop ann fold",
                          "flop bob bet 100", "flop cat raise 300", "flop bob call",
                          "turn bob check", "turn cat check", "river bob check",
                          "river cat check"],
                         win="cat"))
    assert reraises(agg, "ann", "cat") == (1, 0, [0, 1, 0, 0])
    assert reraises(agg, "ann", "bob") == (1, 0, [0, 1, 0, 0])
    assert reraises(agg, "bob", "cat") == (1, 1, [0, 1, 0, 0])
    assert reraises(agg, "cat", "bob") == (1, 1, [0, 1, 0, 0])
    # Nobody bet or raised into ann: no occasion toward her.
    assert reraises(agg, "bob", "ann") == (0, 0, [0, 0, 0, 0])
    assert reraises(agg, "cat", "ann") == (0, 0, [0, 0, 0, 0])
    assert [own_reraises(agg, p) for p in ("ann", "bob", "cat")] == [
        ([0, 1, 0, 0], [0, 0, 0, 0]), ([0, 1, 0, 0], [0, 1, 0, 0]), ([0, 1, 0, 0], [0, 1, 0, 0])]
    # cat's flop raise was heads-up: a re-raise (300 chips, 15 bb); bob's preflop re-raise
    # had ann live: a squeeze (160 chips over his blind, 8 bb). cat won 1020 chips (+540),
    # bob lost 480: the two took ann's 60 (3 bb).
    assert kept(agg, "bob", "cat", TEAM) == [
        (15_000, "h1", "reraises_partner", "cat", "bob"), (8000, "h1", "squeeze", "bob", "cat"),
        (3000, "h1", "team_profit", "bob", "cat")]


def aggression(agg: Aggregates, actor: str, partner: str) -> tuple[int, int, list[int]]:
    """`actor`'s heads-up streets toward `partner`, of which it bet or raised on, and the
    streets by situation (2 * betting round + 1 when its first act there faced a bet)."""
    key, base = ((actor, partner), 0) if actor < partner else ((partner, actor), WIDTH)
    pair = agg.pair(key)
    return (pair[base + C.AGG_N], pair[base + C.AGG_K],
            [pair[base + C.AGG_S0 + s] for s in range(AGG_STRATA)])


def own_aggression(agg: Aggregates, name: str) -> tuple[list[int], list[int]]:
    """The player's heads-up streets by situation, and of them those it bet or raised on."""
    values = agg.player(name)
    return ([values[Own.AGG_N0 + 2 * s] for s in range(AGG_STRATA)],
            [values[Own.AGG_K0 + 2 * s] for s in range(AGG_STRATA)])


def test_heads_up_streets_count_in_their_round_and_whether_a_bet_was_faced() -> None:
    """Heads-up, ann (the small blind) completes facing the big blind (a bet to call: the
    first round, facing), bob checks (first round, not facing). On the flop bob bets (second
    round, not facing, aggressive) and ann raises (second round, facing, aggressive); bob
    folds. On the river of a second hand, checked to it, ann bets and bob folds."""
    agg = integrity(
        _heads_up(["preflop ann call", "preflop bob check", "flop bob bet 20",
                   "flop ann raise 60", "flop bob fold"], "h1", 1, "ann"),
        _heads_up(["preflop ann call", "preflop bob check", "flop bob check",
                   "flop ann check", "turn bob check", "turn ann check", "river bob check",
                   "river ann bet 20", "river bob fold"], "h2", 2, "ann"))
    # ann: h1 first round facing, second round facing (raised); h2 first round facing,
    # second, third and fourth rounds not facing (bet on the fourth).
    assert aggression(agg, "ann", "bob") == (6, 2, [0, 2, 1, 1, 1, 0, 1, 0])
    # bob: h1 first round not facing, second not facing (bet); h2 first, second, third and
    # fourth rounds not facing, then folded to ann's river bet (his street began unfacing).
    assert aggression(agg, "bob", "ann") == (6, 1, [2, 0, 2, 0, 1, 0, 1, 0])
    assert own_aggression(agg, "ann") == ([0, 2, 1, 1, 1, 0, 1, 0],
                                          [0, 0, 0, 1, 0, 0, 1, 0])
    assert own_aggression(agg, "bob") == ([2, 0, 2, 0, 1, 0, 1, 0],
                                          [0, 0, 1, 0, 0, 0, 0, 0])


def test_a_heads_up_re_raise_on_a_later_round_is_the_third_situation() -> None:
    """Heads-up, ann (the button) limps and bob checks: nobody faced a bet before the flop.
    On the flop bob bets 20, ann raises to 60, bob folds."""
    agg = integrity(_heads_up(["preflop ann call", "preflop bob check", "flop bob bet 20",
                               "flop ann raise 60", "flop bob fold"], "h1", 1, "ann"))
    assert reraises(agg, "ann", "bob") == (1, 1, [0, 0, 1, 0])
    assert reraises(agg, "bob", "ann") == (1, 0, [0, 0, 1, 0])
    assert own_reraises(agg, "ann") == ([0, 0, 1, 0], [0, 0, 1, 0])
    assert own_reraises(agg, "bob") == ([0, 0, 1, 0], [0, 0, 0, 0])


def test_a_fold_while_a_folded_player_held_the_outs() -> None:
    """ann (a pair of sevens on K-7-2) folds to bob's flop bet. cat, folded preflop, holds the
    7 that would have made her trips: an outs decision toward cat, folded. bob's queen-jack
    holds none of her outs: a clear decision toward bob, folded."""
    agg = integrity(deal([("ann", 1000, "7h 8h"), ("bob", 1000, "Qs Jd"),
                          ("cat", 1000, "7c 3d")],
                         ["preflop cat fold", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob bet 20", "flop ann fold"],
                         win="bob"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "FOLD_N": 1,
                         "FOLD_K": 1, "AGG_N": 2, "CLEAR_N": 1, "CLEAR_K": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "AGG_N": 2,
                         "AGG_K": 1, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "JOINT": -1000, "JOINT_SS": 10**6, "OUTS_N": 1,
                         "OUTS_K": 1, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "JOINT": -1000, "JOINT_SS": 10**6, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": 1000, "JOINT_SS": 10**6, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": 1000, "JOINT_SS": 10**6, "THIRD": 1},
    }
    assert kept(agg, "ann", "cat", TEAM) == [(1000, "h1", "outs_tracking", "ann", "cat")]
    # Her sevens were ahead of bob's queen-jack when she checked into the 40-chip pot.
    assert kept(agg, "ann", "bob", SOFT) == [(2000, "h1", "bets_when_ahead", "ann", "bob"),
                                             (1000, "h1", "fold_to_partner", "ann", "bob")]
    assert kept(agg, "ann", "bob", TEAM) == []
    assert kept(agg, "bob", "cat", TEAM) == []


def test_outs_are_read_on_the_flop_and_on_the_turn_each() -> None:
    """ann calls bob's flop bet with her sevens (nobody holds her outs: 7, 8, K, 2), then
    folds to his turn bet, when bob's 9 would give her two pair (the board now K-7-2-9) and
    cat's Q-3 still nothing. Each street's decision counts on its own."""
    agg = integrity(deal([("ann", 1000, "7h 8h"), ("bob", 1000, "9c Jd"),
                          ("cat", 1000, "Qs 3d")],
                         ["preflop cat fold", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob bet 20", "flop ann call",
                          "turn ann check", "turn bob bet 20", "turn ann fold"],
                         win="bob"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 2000, "FLOW_SS": 4_000_000, "FOLD_N": 1,
                         "FOLD_K": 1, "AGG_N": 3, "CHK_N": 1, "CLEAR_N": 1, "OUTS_N": 1,
                         "OUTS_K": 1, "THIRD": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -2000, "FLOW_SS": 4_000_000, "AGG_N": 3,
                         "AGG_K": 2, "CHK_N": 1, "THIRD": 1},
        ("ann", "cat"): {"HANDS": 1, "JOINT": -2000, "JOINT_SS": 4_000_000, "CLEAR_N": 2,
                         "CLEAR_K": 1, "THIRD": 1},
        ("cat", "ann"): {"HANDS": 1, "JOINT": -2000, "JOINT_SS": 4_000_000, "THIRD": 1},
        ("bob", "cat"): {"HANDS": 1, "JOINT": 2000, "JOINT_SS": 4_000_000, "THIRD": 1},
        ("cat", "bob"): {"HANDS": 1, "JOINT": 2000, "JOINT_SS": 4_000_000, "THIRD": 1},
    }
    assert kept(agg, "ann", "bob", TEAM) == [(1000, "h1", "outs_tracking", "ann", "bob")]


def test_cards_of_a_player_not_dealt_in_count_toward_no_one() -> None:
    """The same fold with the hand's cards also listing someone not dealt in (zed, who holds
    ann's 8): only the players dealt in are opponents of her decision."""
    played = deal([("ann", 1000, "7h 8h"), ("bob", 1000, "Qs Jd"), ("cat", 1000, "7c 3d")],
                  ["preflop cat fold", "preflop ann call", "preflop bob check",
                   "flop ann check", "flop bob bet 20", "flop ann fold"],
                  win="bob")
    cards = {**played.hand.hole_cards, "zed": ["8c", "8d"]}
    agg = integrity(Played(replace(played.hand, hole_cards=cards), played.fact,
                           played.actions))
    assert sorted(agg.pairs) == [("ann", "bob"), ("ann", "cat"), ("bob", "cat")]
    assert sorted(agg.players) == ["ann", "bob", "cat"]
    assert picked(agg, "ann", "cat", "OUTS_N", "OUTS_K") == {"OUTS_N": 1, "OUTS_K": 1}


def test_card_signals_are_hold_em_only() -> None:
    """The same fold as above in Omaha: the betting counts, the cards do not."""
    agg = integrity(deal([("ann", 1000, "7h 8h 3c 4d"), ("bob", 1000, "Qs Jd 5c 6d"),
                          ("cat", 1000, "7c 3d 5s 6s")],
                         ["preflop cat fold", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob bet 20", "flop ann fold"],
                         win="bob", game="omaha"))
    assert toward(agg, "ann", "bob") == {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6,
                                         "FOLD_N": 1, "FOLD_K": 1, "AGG_N": 2, "THIRD": 1}
    assert toward(agg, "ann", "cat") == {"HANDS": 1, "JOINT": -1000, "JOINT_SS": 10**6,
                                         "THIRD": 1}
    assert kept(agg, "ann", "cat", TEAM) == []


# ---------------------------------------------------------------- chip dumping


def _river(bet: int, ann: str = "Jh Td", bob: str = "Ks Qd", *, bob_stack: int = 1000,
           win: str | None = "bob", split: Sequence[str] = ()) -> Played:
    """Heads-up, checked to the river; bob bets `bet` and ann calls."""
    return deal([("ann", 1000, ann), ("bob", bob_stack, bob)],
                ["preflop ann call", "preflop bob check", "flop bob check", "flop ann check",
                 "turn bob check", "turn ann check", f"river bob bet {bet}", "river ann call"],
                win=win, split=split)


def test_a_river_call_of_three_big_blinds_with_the_worse_hand_is_weak() -> None:
    """bob (kings) bets 60 = 3 bb and ann calls with jack high: on the river ann's equity is
    exactly 0, so she gives up the 3000 mbb she calls (weak) and bob's bet gains 3000."""
    agg = integrity(_river(60))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": 4000, "FLOW_SS": 16_000_000, "EV": 3000,
                         "EV_SS": 9_000_000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1,
                         "FOLD_N": 1, "AGG_N": 4, "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": -4000, "FLOW_SS": 16_000_000, "EV": -3000,
                         "EV_SS": 9_000_000, "EV_N": 1, "WEAK_N": 1, "AGG_N": 4, "AGG_K": 1,
                         "CHK_N": 1, "CHK_K": 1},
    }
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(4000, "h1", "ann", "bob")]
    assert [e[1:] for e in evidence_of(agg, "ann", "bob", DUMP, "weak_commitment")] == [
        ("h1", "ann", "bob")]


def test_weak_commitment_evidence_weighs_the_chips_committed_in_mbb() -> None:
    """ann's weak call of 60 chips is 3 bb = 3000 mbb, as every other evidence weight is in
    mbb (the chip flow of the same hand, 80 chips, weighs 4000): the call ranks below it."""
    agg = integrity(_river(60))
    assert kept(agg, "ann", "bob", DUMP) == [(4000, "h1", "chip_flow", "ann", "bob"),
                                             (3000, "h1", "weak_commitment", "ann", "bob")]
    agg = integrity(_river(300))
    assert kept(agg, "ann", "bob", DUMP) == [(16_000, "h1", "chip_flow", "ann", "bob"),
                                             (15_000, "h1", "weak_commitment", "ann", "bob")]


def test_a_commitment_under_three_big_blinds_is_not_measured() -> None:
    agg = integrity(_river(59))
    assert toward(agg, "ann", "bob") == {"HANDS": 1, "FLOW": 3950, "FLOW_SS": 15_602_500,
                                         "FOLD_N": 1, "AGG_N": 4, "CHK_N": 1, "CHK_K": 1}
    assert toward(agg, "bob", "ann") == {"HANDS": 1, "FLOW": -3950, "FLOW_SS": 15_602_500,
                                         "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1}
    assert kept(agg, "ann", "bob", DUMP) == [(3950, "h1", "chip_flow", "ann", "bob")]


def test_an_all_in_commitment_is_measured_whatever_its_size() -> None:
    """bob's last 30 chips (1.5 bb) go in on the river with jack high against ann's kings;
    ann's call of 30 is neither all in nor 3 bb. Facing an opponent all in, ann's river is
    no street she could bet or raise on: no aggression occasion."""
    agg = integrity(_river(30, ann="Ks Qd", bob="Jh Td", bob_stack=50, win="ann"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -2500, "FLOW_SS": 6_250_000, "FOLD_N": 1,
                         "AGG_N": 3, "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 2500, "FLOW_SS": 6_250_000, "EV": 1500,
                         "EV_SS": 2_250_000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1,
                         "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1},
    }
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(2500, "h1", "bob", "ann")]
    assert [e[1:] for e in evidence_of(agg, "ann", "bob", DUMP, "weak_commitment")] == [
        ("h1", "bob", "ann")]


def test_weak_commitments_on_two_streets_are_one_weak_hand() -> None:
    """bob's pair of threes is drawing dead against ann's set of kings on the turn (K-7-2-9:
    no river card saves him), so his equity there is exactly 0 whatever the runouts, as on the
    river. He bets 60 on both streets and ann calls both: one measured hand each way, the
    EV of the two commitments added (3000 + 3000). ann's turn call, a set of kings, faced
    a bet bob's threes could not lift."""
    agg = integrity(deal([("ann", 1000, "Ks Kh"), ("bob", 1000, "3c 3d")],
                         ["preflop ann call", "preflop bob check", "flop bob check",
                          "flop ann check", "turn bob bet 60", "turn ann call",
                          "river bob bet 60", "river ann call"],
                         win="ann"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -7000, "FLOW_SS": 49_000_000, "EV": -6000,
                         "EV_SS": 36_000_000, "EV_N": 1, "WEAK_N": 1, "FOLD_N": 1,
                         "AGG_N": 4, "CHK_N": 1, "CHK_K": 1, "CLEAR_N": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 7000, "FLOW_SS": 49_000_000, "EV": 6000,
                         "EV_SS": 36_000_000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1,
                         "AGG_N": 4, "AGG_K": 2, "CHK_N": 1, "CHK_K": 1},
    }


def test_a_tie_on_the_river_gives_nothing_up() -> None:
    """Both hold king-queen: equity one half, so the commitment is measured, not weak, and
    gives up nothing; the split pot moves no chips."""
    agg = integrity(_river(60, ann="Ks Qd", bob="Kh Qc", win=None, split=("ann", "bob")))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "EV_N": 1, "WEAK_N": 1, "FOLD_N": 1, "AGG_N": 4,
                         "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "EV_N": 1, "WEAK_N": 1, "AGG_N": 4, "AGG_K": 1,
                         "CHK_N": 1, "CHK_K": 1},
    }
    assert own(agg, "ann")[:3] == (1, 0, 0) and own(agg, "bob")[:3] == (1, 0, 0)
    assert agg.flows == {}
    assert kept(agg, "ann", "bob", DUMP) == []


def test_commitments_of_one_hand_add_up_before_the_square() -> None:
    """bob bets 60 with jack high, ann raises to 180 with kings, bob calls 120: bob's two
    commitments are one measured hand giving up 3000 + 6000 mbb (squared as 9000)."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td")],
                         ["preflop ann call", "preflop bob check", "flop bob check",
                          "flop ann check", "turn bob check", "turn ann check",
                          "river bob bet 60", "river ann raise 180", "river bob call"],
                         win="ann"))
    assert slots(agg) == {
        ("ann", "bob"): {"HANDS": 1, "FLOW": -10_000, "FLOW_SS": 10**8, "EV": -9000,
                         "EV_SS": 81_000_000, "EV_N": 1, "WEAK_N": 1, "FOLD_N": 1,
                         "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1},
        ("bob", "ann"): {"HANDS": 1, "FLOW": 10_000, "FLOW_SS": 10**8, "EV": 9000,
                         "EV_SS": 81_000_000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1,
                         "FOLD_N": 1, "AGG_N": 4, "AGG_K": 1, "CHK_N": 1, "CHK_K": 1},
    }
    assert evidence_of(agg, "ann", "bob", DUMP, "chip_flow") == [(10_000, "h1", "bob", "ann")]


def test_a_hand_is_one_evidence_hand_per_signal() -> None:
    """Evidence hands are hands an investigator opens: bob's two weak commitments in one hand
    (bet 60, call 120) are one weak-commitment hand, and cat's two re-raises of bob with ann
    live (to 40, then to 80) one squeeze hand, as they are one occasion and one hit."""
    agg = integrity(deal([("ann", 1000, "Ks Qd"), ("bob", 1000, "Jh Td")],
                         ["preflop ann call", "preflop bob check", "flop bob check",
                          "flop ann check", "turn bob check", "turn ann check",
                          "river bob bet 60", "river ann raise 180", "river bob call"],
                         win="ann"))
    assert [e[1:] for e in evidence_of(agg, "ann", "bob", DUMP, "weak_commitment")] == [
        ("h1", "bob", "ann")]
    agg = integrity(deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c"),
                          ("cat", 1000, "Tc Jc")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann check", "flop bob bet 20", "flop cat raise 40",
                          "flop ann call", "flop bob raise 60", "flop cat raise 80",
                          "flop ann call", "flop bob call"],
                         win="cat"))
    assert picked(agg, "cat", "bob", "SQZ_N", "SQZ_K") == {"SQZ_N": 1, "SQZ_K": 1}
    assert [e[1:] for e in evidence_of(agg, "bob", "cat", TEAM, "squeeze")] == [
        ("h1", "bob", "cat"), ("h1", "cat", "bob")]


# ---------------------------------------------------------------- evidence


def _heads_up(script: Sequence[str], hand_id: str, line: int, win: str) -> Played:
    return deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c")], script, win=win,
                hand_id=hand_id, line=line)


def _four_preflop_hands() -> list[Played]:
    return [
        # ann folds her small blind: 500 from ann to bob.
        _heads_up(["preflop ann fold"], "h1", 11, "bob"),
        # bob folds to ann's raise to 40 (20 to call): 1000 from bob to ann.
        _heads_up(["preflop ann raise 40", "preflop bob fold"], "h2", 12, "ann"),
        # ann limps, folds to bob's raise to 60 (40 to call): 1000 from ann to bob.
        _heads_up(["preflop ann call", "preflop bob raise 60", "preflop ann fold"], "h3", 13,
                  "bob"),
        # ann raises to 40, folds to bob's 70 (30 to call): 2000 from ann to bob.
        _heads_up(["preflop ann raise 40", "preflop bob raise 70", "preflop ann fold"], "h4",
                  14, "bob"),
    ]


def test_evidence_keeps_the_strongest_hands_of_each_family_best_first() -> None:
    settings = ObserverSettings(weak_equity=0.25, evidence_kept=2, flow_cap=10_000,
                                commitment=3_000)
    agg = integrity(*_four_preflop_hands(), settings=settings)
    # Chip flow 500, 1000, 1000, 2000: the two best; the tie goes to the earlier line.
    assert kept(agg, "ann", "bob", DUMP) == [(2000, "h4", "chip_flow", "ann", "bob"),
                                             (1000, "h2", "chip_flow", "bob", "ann")]
    # Folds to a raise, by the chips to call: h2 1000, h3 2000, h4 1500.
    assert kept(agg, "ann", "bob", SOFT) == [(2000, "h3", "fold_to_partner", "ann", "bob"),
                                             (1500, "h4", "fold_to_partner", "ann", "bob")]
    # bob's heads-up re-raise in h4 (50 chips over his blind).
    assert kept(agg, "ann", "bob", TEAM) == [(2500, "h4", "reraises_partner", "bob", "ann")]
    best = agg.evidence_hands(("ann", "bob"))[FAMILY_INDEX[DUMP]][0]
    assert best == EvidenceHand(-2000, FILE, 14, "h4", "T1", "chip_flow", "ann", "bob")
    assert best.weight == 2000
    # All kept (5 a family): every chip-flow hand, best first.
    agg = integrity(*_four_preflop_hands())
    assert [(w, h) for w, h, *_ in kept(agg, "ann", "bob", DUMP)] == [
        (2000, "h4"), (1000, "h2"), (1000, "h3"), (500, "h1")]
    # ann faced bob's raise twice (h3, h4) and folded both; bob faced ann's raise in h2
    # (folded) and in h4 (re-raised).
    assert picked(agg, "ann", "bob", "HANDS", "FOLD_N", "FOLD_K", "FLOW", "FLOW_SS") == {
        "HANDS": 4, "FOLD_N": 2, "FOLD_K": 2, "FLOW": 2500,
        "FLOW_SS": 250_000 + 1_000_000 + 1_000_000 + 4_000_000}
    assert picked(agg, "bob", "ann", "FOLD_N", "FOLD_K", "FLOW") == {
        "FOLD_N": 2, "FOLD_K": 1, "FLOW": -2500}
    assert own(agg, "ann")[:3] == (4, -2500, 250_000 + 1_000_000 + 1_000_000 + 4_000_000)


# ---------------------------------------------------------------- the public view


def _showdown() -> Played:
    """cat (sevens) folds to bob's flop bet while ann holds the 7 that would make her trips;
    ann (sevens too) calls it while cat holds the 7 that would make hers. ann and bob check
    down and show: ann +60 chips, bob -40, cat -20."""
    return deal([("ann", 1000, "7h 8h"), ("bob", 1000, "Qs Jd"), ("cat", 1000, "7c 3d")],
                ["preflop cat call", "preflop ann call", "preflop bob check",
                 "flop ann check", "flop bob bet 20", "flop cat fold", "flop ann call",
                 "turn ann check", "turn bob check", "river ann check", "river bob check"],
                win="ann", shown=("ann", "bob"))


# The turn and the river are heads-up and checked through; the flop began three-handed.
SHOWDOWN = {
    ("ann", "bob"): {"HANDS": 1, "FLOW": -2000, "FLOW_SS": 4_000_000, "JOINT": 1000,
                     "JOINT_SS": 10**6, "FOLD_N": 1, "AGG_N": 2, "CHK_N": 1, "CHK_K": 1,
                     "CLEAR_N": 1, "THIRD": 1},
    ("bob", "ann"): {"HANDS": 1, "FLOW": 2000, "FLOW_SS": 4_000_000, "JOINT": 1000,
                     "JOINT_SS": 10**6, "AGG_N": 2, "CHK_N": 1, "CHK_K": 1, "THIRD": 1},
    ("ann", "cat"): {"HANDS": 1, "FLOW": -1000, "FLOW_SS": 10**6, "JOINT": 2000,
                     "JOINT_SS": 4_000_000, "OUTS_N": 1, "THIRD": 1},
    ("cat", "ann"): {"HANDS": 1, "FLOW": 1000, "FLOW_SS": 10**6, "JOINT": 2000,
                     "JOINT_SS": 4_000_000, "OUTS_N": 1, "OUTS_K": 1, "THIRD": 1},
    ("bob", "cat"): {"HANDS": 1, "JOINT": -3000, "JOINT_SS": 9_000_000, "THIRD": 1},
    ("cat", "bob"): {"HANDS": 1, "JOINT": -3000, "JOINT_SS": 9_000_000, "FOLD_N": 1,
                     "FOLD_K": 1, "SQZ_N": 1, "CLEAR_N": 1, "CLEAR_K": 1, "THIRD": 1},
}


def test_a_tournament_log_hand_reads_every_hole_card() -> None:
    observer = observe(_showdown())
    agg = observer.views["integrity"]
    assert slots(agg) == SHOWDOWN
    assert kept(agg, "ann", "cat", TEAM) == [(2000, "h1", "team_profit", "ann", "cat"),
                                             (1000, "h1", "outs_tracking", "cat", "ann")]
    assert kept(agg, "ann", "bob", TEAM) == [(1000, "h1", "team_profit", "ann", "bob")]
    assert observer.views["public"].hands == 0 and observer.views["public"].pairs == {}


def test_the_public_view_reads_only_the_cards_shown() -> None:
    """The same hand as a hand history: cat's cards were never shown, so neither her fold
    nor ann's call toward her reads cards; ann's call toward bob (both shown) still does."""
    observer = observe(_showdown().public())
    agg = observer.views["public"]
    assert observer.views["integrity"].hands == 0
    assert observer.views["integrity"].pairs == {}
    assert agg.hands == 1
    expected = {k: betting(v) for k, v in SHOWDOWN.items()}
    expected[("ann", "bob")]["CLEAR_N"] = 1
    assert slots(agg) == expected
    assert kept(agg, "ann", "cat", TEAM) == [(2000, "h1", "team_profit", "ann", "cat")]
    # With bob's cards not shown either, only one hand is known: nothing reads cards.
    agg = observe(_showdown().public(shown=("ann",))).views["public"]
    assert slots(agg) == {k: betting(v) for k, v in SHOWDOWN.items()}


def test_the_public_view_skips_a_commitment_against_cards_not_shown() -> None:
    """ann bets the flop, bob calls, and cat (a pair of sevens) folds and shows: ann's 7h
    would have made her trips. ann bets 60 heads-up on the turn and bob folds unseen. The
    public view knows ann's and cat's cards, not bob's: neither bob's flop call nor ann's
    commitment into him reads cards; cat's fold toward ann does."""
    played = deal([("ann", 1000, "7h 8h"), ("bob", 1000, "Qs Jd"), ("cat", 1000, "7c 3d")],
                  ["preflop cat call", "preflop ann call", "preflop bob check",
                   "flop ann bet 20", "flop bob call", "flop cat fold",
                   "turn ann bet 60", "turn bob fold"],
                  win="ann", shown=("ann", "cat"))
    agg = observe(played.public()).views["public"]
    assert picked(agg, "ann", "bob", "EV_N", "WEAK_N") == {"EV_N": 0, "WEAK_N": 0}
    assert {k: v for k, v in toward(agg, "bob", "ann").items() if k in _CARD_COUNTERS} == {}
    assert {k: v for k, v in toward(agg, "bob", "cat").items() if k in _CARD_COUNTERS} == {}
    assert picked(agg, "cat", "ann", "OUTS_N", "OUTS_K", "CLEAR_N") == {
        "OUTS_N": 1, "OUTS_K": 1, "CLEAR_N": 0}
    assert picked(agg, "cat", "bob", "OUTS_N", "CLEAR_N") == {"OUTS_N": 0, "CLEAR_N": 0}


def test_the_public_view_measures_a_commitment_only_with_both_hands_shown() -> None:
    agg = observe(_river(60).public()).views["public"]
    assert picked(agg, "ann", "bob", "EV", "EV_N", "WEAK_N", "WEAK_K") == {
        "EV": 0, "EV_N": 0, "WEAK_N": 0, "WEAK_K": 0}
    shown = deal([("ann", 1000, "Jh Td"), ("bob", 1000, "Ks Qd")],
                 ["preflop ann call", "preflop bob check", "flop bob check", "flop ann check",
                  "turn bob check", "turn ann check", "river bob bet 60", "river ann call"],
                 win="bob", shown=("ann", "bob"))
    agg = observe(shown.public()).views["public"]
    assert picked(agg, "ann", "bob", "EV", "EV_N", "WEAK_N", "WEAK_K") == {
        "EV": 3000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 1}
    assert picked(agg, "bob", "ann", "EV", "EV_N", "WEAK_N", "WEAK_K") == {
        "EV": -3000, "EV_N": 1, "WEAK_N": 1, "WEAK_K": 0}


# ---------------------------------------------------------------- end of a file


def test_a_hand_dealt_to_one_player_is_not_counted() -> None:
    record = {
        "event": "hand", "seq": 1, "at": "2026-11-02T12:01:00Z", "tournament": "T1",
        "table": "1", "hand": "h1", "started": "2026-11-02T12:00:00Z", "game": "holdem",
        "structure": "no_limit", "small_blind": 10, "big_blind": 20, "button": 1,
        "seats": [{"seat": 1, "player": "ann", "stack": 1000, "cards": ["Ah", "Ad"]}],
        "actions": [{"street": "preflop", "player": "ann", "kind": "small_blind",
                     "amount": 10, "to": 10}],
        "returns": [{"player": "ann", "amount": 10}], "awards": [],
    }
    played = hand_played(record)
    hand = log_hand(played, SourceLocation(file=FILE, line=1), LogContext())
    [fact] = [e.hand for _, e in replay_log_hand(played, hand, log_table_state("1"))
              if isinstance(e, HandEvent)]
    assert [p.name for p in fact.players] == ["ann"]
    observer = observe(Played(hand, fact, []))
    agg = observer.views["integrity"]
    assert (agg.hands, agg.players, agg.pairs, agg.entries) == (0, {}, {}, 0)


def test_a_hand_outside_a_tournament_has_no_roster_and_no_flow_points() -> None:
    played = _fold(["ann", "bob", "cat"], "h1", "T1").public()
    outside = Played(replace(played.hand, tournament_id=None), played.fact,
                     played.actions)
    observer = observe(outside)
    agg = observer.views["public"]
    assert agg.hands == 1 and toward(agg, "ann", "bob")["FLOW"] == 500
    assert agg.flows == {}
    assert agg.evidence_hands(("ann", "bob"))[FAMILY_INDEX[DUMP]] == [
        EvidenceHand(-500, FILE, 1, "h1", "", "chip_flow", "ann", "bob")]
    assert (agg.entries, agg.entries_squared) == (0, 0)
    assert own(agg, "ann")[3] == 0 and agg.pair(("ann", "bob"))[TOURNAMENTS] == 0


def _fold(players: Sequence[str], hand_id: str, tournament: str, table: str = "1"
          ) -> Played:
    """Everyone folds to the big blind (the second player), who wins the small blind's 10."""
    cards = ["Ah Qd", "8s 8c", "Tc Jc", "5h 6c"]
    seated = [(name, 1000, cards[i]) for i, name in enumerate(players)]
    order = [*players[2:], players[0]]
    return deal(seated, [f"preflop {name} fold" for name in order], win=players[1],
                hand_id=hand_id, tournament=tournament, table=table)


def test_end_file_counts_entries_and_tournaments_of_pairs_that_met() -> None:
    """T1: ann and bob at table 1 (two hands), cat and dan at table 2; T2: ann, bob, eve.
    Entries and their squares per tournament, each player's tournaments, and for each pair
    that met at a table its tournaments together (ann and cat never met: no pair)."""
    t1_raise = deal([("ann", 1000, "Ah Qd"), ("bob", 1000, "8s 8c")],
                    ["preflop ann raise 40", "preflop bob fold"], win="ann", hand_id="h2")
    observer = observe(_fold(["ann", "bob"], "h1", "T1"), t1_raise,
                       _fold(["cat", "dan"], "h3", "T1", table="2"),
                       _fold(["ann", "bob", "eve"], "h4", "T2"), close=False)
    agg = observer.views["integrity"]
    assert agg.hands == 4
    # The flow points, like the tournaments together, are added when the file ends.
    assert agg.flows == {}
    assert (agg.entries, agg.entries_squared) == (0, 0)
    assert all(pair[TOURNAMENTS] == 0 for pair in rows(agg).values())
    observer.end_file()
    assert agg.flows == {("ann", "bob"): {"T1": 500 - 1000, "T2": 500},
                         ("cat", "dan"): {"T1": 500}}
    assert (agg.entries, agg.entries_squared) == (4 + 3, 16 + 9)
    assert {name: own(agg, name)[3] for name in agg.players} == {
        "ann": 2, "bob": 2, "cat": 1, "dan": 1, "eve": 1}
    assert {key: pair[TOURNAMENTS] for key, pair in rows(agg).items()} == {
        ("ann", "bob"): 2, ("cat", "dan"): 1, ("ann", "eve"): 1, ("bob", "eve"): 1}
    assert own(agg, "ann") == (3, -500 + 1000 - 500, 250_000 + 1_000_000 + 250_000, 2)
    assert toward(agg, "ann", "bob")["HANDS"] == 3
    assert toward(agg, "bob", "ann")["HANDS"] == 3
    # One third player (eve, in T2) in the three hands together.
    assert toward(agg, "ann", "bob")["THIRD"] == toward(agg, "bob", "ann")["THIRD"] == 1
    public = observer.views["public"]
    assert (public.entries, public.entries_squared, public.players) == (0, 0, {})
    # The file's hands and tournaments are closed once: another end_file adds nothing.
    observer.end_file()
    assert (agg.entries, agg.entries_squared) == (7, 25)
    assert agg.pair(("ann", "bob"))[TOURNAMENTS] == 2
    assert picked(agg, "ann", "bob", "HANDS", "THIRD") == {"HANDS": 3, "THIRD": 1}
    # The next file plays T1 again: a new roster.
    observer.hand(*_parts(_fold(["ann", "bob"], "h5", "T1")))
    observer.end_file()
    assert (agg.entries, agg.entries_squared) == (9, 29)
    assert agg.pair(("ann", "bob"))[TOURNAMENTS] == 3
    assert agg.pair(("cat", "dan"))[TOURNAMENTS] == 1
    assert own(agg, "ann")[3] == 3 and own(agg, "cat")[3] == 1
    assert picked(agg, "ann", "bob", "HANDS", "THIRD") == {"HANDS": 4, "THIRD": 1}
    assert picked(agg, "bob", "ann", "HANDS", "THIRD") == {"HANDS": 4, "THIRD": 1}


def test_hands_together_count_every_hand_of_a_line_up() -> None:
    """Three hands of one file, two dealt to ann, bob and cat and one to ann and bob: ann and
    bob were dealt three hands together with a third player in two of them."""
    observer = observe(_fold(["ann", "bob", "cat"], "h1", "T1"),
                       _fold(["ann", "bob", "cat"], "h2", "T1"),
                       _fold(["ann", "bob"], "h3", "T1"))
    agg = observer.views["integrity"]
    assert {key: (pair[C.HANDS], pair[WIDTH + C.HANDS], pair[C.THIRD],
                  pair[WIDTH + C.THIRD]) for key, pair in rows(agg).items()} == {
        ("ann", "bob"): (3, 3, 2, 2), ("ann", "cat"): (2, 2, 2, 2),
        ("bob", "cat"): (2, 2, 2, 2)}
    assert [own(agg, p)[0] for p in ("ann", "bob", "cat")] == [3, 3, 2]


def _tournaments_together(*files: Sequence[Played]) -> dict[tuple[str, str], int]:
    observer = HandObserver(SETTINGS)
    for hands in files:
        for played in hands:
            observer.hand(*_parts(played))
        observer.end_file()
    return {key: pair[TOURNAMENTS] for key, pair in rows(observer.views["integrity"]).items()}


def test_tournaments_together_do_not_depend_on_how_the_hands_are_filed() -> None:
    """ann and cat both enter T1 (at different tables) and meet at a table in T2. However
    the two tournaments are cut into files, and in whatever order the files come, the pair's
    tournaments together are the same (aggregates.py: a corpus split in any way gives the
    aggregates of the whole)."""
    t1 = [_fold(["ann", "bob"], "h1", "T1"), _fold(["cat", "dan"], "h2", "T1", table="2")]
    t2 = [_fold(["ann", "cat"], "h3", "T2")]
    together = _tournaments_together(t1 + t2)
    assert together == _tournaments_together(t1, t2)
    assert together == _tournaments_together(t2, t1)


def test_end_file_counts_the_public_view_apart() -> None:
    observer = observe(_fold(["ann", "bob", "cat"], "h1", "T1").public(),
                       _fold(["ann", "bob"], "h2", "T2"))
    public, full = observer.views["public"], observer.views["integrity"]
    assert (public.hands, public.entries, public.entries_squared) == (1, 3, 9)
    assert (full.hands, full.entries, full.entries_squared) == (1, 2, 4)
    assert {key: pair[TOURNAMENTS] for key, pair in rows(public).items()} == {
        ("ann", "bob"): 1, ("ann", "cat"): 1, ("bob", "cat"): 1}
    assert {key: pair[TOURNAMENTS] for key, pair in rows(full).items()} == {("ann", "bob"): 1}
    assert own(public, "cat") == (1, 0, 0, 1)


def _parts(played: Played) -> tuple[Hand, HandFact, list[ActionEvent]]:
    return played.hand, played.fact, played.actions


def test_team_profit_of_a_line_up_is_each_hand_s_capped_joint_result() -> None:
    """Two hands of one line-up (ann, bob, cat, dan at one table): cat and dan fold
    preflop and put nothing in; ann wins 360 chips (18 bb) from bob in each. Team profit is
    summed per line-up at `end_file` where one of the two had no result, and per hand where
    both had one, and must be each hand's joint result capped at 10 bb: ann with cat or dan
    +10 bb a hand, bob with cat or dan -10 bb, ann with bob nothing, cat with dan nothing."""

    def big_pot(hand_id: str) -> Played:
        return deal([("ann", 1000, "Ks Kd"), ("bob", 1000, "Jh Td"), ("cat", 1000, "8s 8c"),
                     ("dan", 1000, "5h 6c")],
                    ["preflop cat fold", "preflop dan fold", "preflop ann raise 60",
                     "preflop bob call", "flop ann bet 300", "flop bob call",
                     "turn ann check", "turn bob check", "river ann check", "river bob check"],
                    win="ann", hand_id=hand_id)

    agg = integrity(big_pot("h1"), big_pot("h2"))
    joint = {key: (pair[C.JOINT], pair[C.JOINT_SS], pair[WIDTH + C.JOINT],
                   pair[WIDTH + C.JOINT_SS]) for key, pair in rows(agg).items()}
    capped = 2 * 10_000, 2 * 10**8
    assert joint == {
        ("ann", "bob"): (0, 0, 0, 0),
        ("ann", "cat"): (*capped, *capped), ("ann", "dan"): (*capped, *capped),
        ("bob", "cat"): (-capped[0], capped[1], -capped[0], capped[1]),
        ("bob", "dan"): (-capped[0], capped[1], -capped[0], capped[1]),
        ("cat", "dan"): (0, 0, 0, 0)}
    assert [own(agg, p)[:3] for p in ("ann", "bob", "cat", "dan")] == [
        (2, 36_000, 2 * 18_000**2), (2, -36_000, 2 * 18_000**2), (2, 0, 0), (2, 0, 0)]


# ---------------------------------------------------------------- betting when ahead


def test_betting_when_ahead_counts_each_heads_up_postflop_street() -> None:
    """ann's kings make a set on K-7-2 and stay ahead of bob's eights on every street. She
    bets the flop, checks and calls bob's turn bet, and checks the river behind him: three
    streets ahead, one of them bet. bob, behind on all three, bet one (the turn). Preflop
    (no board yet) is no occasion."""
    agg = integrity(deal([("ann", 1000, "Kh Kd"), ("bob", 1000, "8s 8c")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob check", "flop ann bet 20", "flop bob call",
                          "turn bob bet 20", "turn ann call",
                          "river bob check", "river ann check"],
                         win="ann"))
    assert ahead(agg, "ann", "bob") == (3, 1, 0, 0)
    assert ahead(agg, "bob", "ann") == (0, 0, 3, 1)


def test_a_tie_and_a_street_with_three_players_are_no_occasion() -> None:
    """Three see the flop (no heads-up street); cat folds to ann's bet and on the turn and
    river ann and bob hold the same hand (the board's K-9-7 with an ace and a three each)."""
    agg = integrity(deal([("ann", 1000, "Ah 3d"), ("bob", 1000, "As 3c"),
                          ("cat", 1000, "Qs Jd")],
                         ["preflop cat call", "preflop ann call", "preflop bob check",
                          "flop ann bet 20", "flop bob call", "flop cat fold",
                          "turn ann check", "turn bob check",
                          "river ann check", "river bob check"],
                         split=["ann", "bob"]))
    for actor, partner in itertools.permutations(("ann", "bob", "cat"), 2):
        assert ahead(agg, actor, partner) == (0, 0, 0, 0), (actor, partner)


def test_checking_when_ahead_is_soft_play_evidence_weighed_by_the_pot() -> None:
    """ann, ahead on the flop (kings over bob's eights), checks behind bob into a pot of 40
    chips (2 big blinds): evidence that she spared him, weighed 2000 mbb. On the turn she
    bets: no evidence from that street."""
    agg = integrity(deal([("ann", 1000, "Kh Kd"), ("bob", 1000, "8s 8c")],
                         ["preflop ann call", "preflop bob check",
                          "flop bob check", "flop ann check",
                          "turn bob check", "turn ann bet 20", "turn bob fold"],
                         win="ann"))
    assert ahead(agg, "ann", "bob") == (2, 1, 0, 0)
    assert evidence_of(agg, "ann", "bob", SOFT, "bets_when_ahead") == [
        (2000, "h1", "ann", "bob")]


def test_the_public_view_reads_ahead_only_from_both_hands_shown() -> None:
    played = deal([("ann", 1000, "Kh Kd"), ("bob", 1000, "8s 8c")],
                  ["preflop ann call", "preflop bob check", "flop bob check",
                   "flop ann bet 20", "flop bob call", "turn bob check", "turn ann check",
                   "river bob check", "river ann check"],
                  win="ann", shown=["ann", "bob"])
    both = observe(played.public()).views["public"]
    one = observe(played.public(shown=["ann"])).views["public"]
    assert ahead(both, "ann", "bob") == (3, 1, 0, 0)
    assert ahead(one, "ann", "bob") == (0, 0, 0, 0)


def test_a_pot_the_site_kept_after_a_cash_out_moves_no_chips_between_players() -> None:
    """PokerStars' all-in cash-out: the winner took the site's payment and the site kept the
    pot (`Award.cashed_out`). The loser's chips went to the site, not to the winner."""
    played = deal([("ann", 1000, "Ah Kh"), ("bob", 1000, "2c 3d")],
                  ["preflop ann call", "preflop bob check"], win="bob")
    assert toward(integrity(played), "ann", "bob")["FLOW"] != 0
    kept = replace(played.hand, awards=[
        replace(award, cashed_out=True) for award in played.hand.awards])
    after = integrity(Played(kept, played.fact, played.actions))
    assert "FLOW" not in toward(after, "ann", "bob")
    assert "FLOW" not in toward(after, "bob", "ann")
