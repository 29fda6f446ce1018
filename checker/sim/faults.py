"""Named server bugs the simulator injects on request (`--faults NAME[:RATE],...`), each tied
to the clause it breaks, and the ground truth that records every one injected.

A rate is the chance per occasion (each fault's default in FAULT_CATALOGUE): per hand that
gives the occasion for a hand fault (a split pot for the odd chip, a short all-in for a
re-raise), per occasion the tournament gives for a driver fault (a hand after a bust, a
heads-up hand, the hour of play, the seat draw, a hand that eliminates two stacks).
"""

import random
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Fault:
    """A named server bug: the clause it breaks, where it is injected (`hand`: by the hand
    engine; `driver`: by the tournament), its default rate per occasion, and the outputs that
    can show it (a starting stack or a break is a log fact; a hand's bets show in both)."""

    clause: str
    level: str
    rate: float
    visible_in: tuple[str, ...] = ("ftp", "log")


FAULT_CATALOGUE: dict[str, Fault] = {
    "odd_chip_wrong_winner": Fault("22", "hand", 0.5),
    "reraise_after_short_all_in": Fault("24", "hand", 0.5),
    "fifth_limit_bet": Fault("23", "hand", 0.1),
    "side_pot_to_ineligible": Fault("22", "hand", 0.1),
    "best_hand_not_paid": Fault("22", "hand", 0.02),
    "chips_created": Fault("1", "hand", 0.01),
    "timeout_folded_when_check_free": Fault("27", "hand", 0.02),
    "wrong_big_blind_after_bust": Fault("18", "driver", 0.2),
    "heads_up_button_wrong": Fault("19", "driver", 0.02),
    "break_skipped": Fault("11", "driver", 0.5, ("log",)),
    "unequal_starting_stacks": Fault("7", "driver", 0.1, ("log",)),
    "same_hand_busts_misordered": Fault("25", "driver", 0.5, ("log",)),
    # A payout a cent short (a summary's pool check allows a cent per prize: a log fact).
    "payout_off_by_one_cent": Fault("15", "driver", 0.2, ("log",)),
    # Per tournament; only many tournaments show it: the audit's one seating finding
    # (clause 9) answers every draw of the run (truth lines say `"scope": "audit"`).
    "seating_biased": Fault("9", "driver", 1.0, ("log",)),
    # MTTs. Occasion: a moved player due to sit out (between the button and the big blind)
    # in a hand with a small blind posted.
    "moved_player_not_sitting_out": Fault("20", "driver", 0.5),
    # Occasion: a professional eliminated in a hand whose largest pot was split.
    "bounty_missing_on_split_pot": Fault("13", "driver", 1.0, ("log",)),
    # Occasion: a table's hand ends with it less short of the fullest than a hold needs.
    "table_held_wrongly": Fault("21", "driver", 0.05, ("log",)),
    # Occasion: a server failure (an incident, --incidents).
    "rollback_not_restoring": Fault("30", "driver", 1.0, ("log",)),
    # Occasion: a cancellation (an incident): the refunds leave out the chip-count share.
    "refund_formula_wrong": Fault("31", "driver", 1.0, ("log",)),
}
# Things that happen to a correct server too, when asked (`--incidents NAME[:RATE],...`):
# the default chance per hand (a server failure interrupts it, a cancellation comes after it).
INCIDENTS: dict[str, float] = {"server_failure": 0.01, "cancellation": 0.002}
HAND_FAULTS = {name for name, fault in FAULT_CATALOGUE.items() if fault.level == "hand"}
FAULTS: dict[str, str] = {name: fault.clause for name, fault in FAULT_CATALOGUE.items()}
# Faults only an audit of many tournaments shows (one finding for the whole run).
AUDIT_WIDE = frozenset({"seating_biased"})
# An event's own key (never written) listing the driver faults it carries, so the log writer
# can give their truth lines the event's `seq`.
FAULTS_KEY = "_faults"


class FaultError(ValueError):
    """A --faults argument that names no fault or gives no rate in [0, 1]."""


@dataclass(frozen=True, slots=True)
class Injected:
    """One fault as injected: where a finding must point (the hand id as the text writes it,
    or the log event, resolved by the log writer), and the action when there is one."""

    fault: str
    hand: str | None = None
    action: int | None = None

    @property
    def clause(self) -> str:
        return FAULTS[self.fault]


@dataclass(frozen=True, slots=True)
class FaultPlan:
    rates: dict[str, float] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str | None) -> "FaultPlan":
        """`NAME[:RATE],...`; `all` names every fault at its default rate."""
        rates: dict[str, float] = {}
        for item in (text or "").split(","):
            item = item.strip()
            if not item:
                continue
            name, _, rate_text = item.partition(":")
            names = list(FAULTS) if name == "all" else [name]
            for one in names:
                if one not in FAULTS:
                    known = ", ".join(sorted(FAULTS))
                    raise FaultError(f"unknown fault {one!r}; known: all, {known}")
                try:
                    rate = float(rate_text) if rate_text else FAULT_CATALOGUE[one].rate
                except ValueError as exc:
                    raise FaultError(f"{item!r}: the rate is not a number") from exc
                if not 0.0 <= rate <= 1.0:
                    raise FaultError(f"{item!r}: the rate must be between 0 and 1")
                rates[one] = rate
        return cls(rates)

    @classmethod
    def parse_incidents(cls, text: str | None) -> "FaultPlan":
        """`NAME[:RATE],...` of INCIDENTS, as a plan of their chances."""
        rates: dict[str, float] = {}
        for item in (text or "").split(","):
            name, _, rate_text = item.strip().partition(":")
            if not name:
                continue
            if name not in INCIDENTS:
                raise FaultError(f"unknown incident {name!r}; known: {', '.join(INCIDENTS)}")
            try:
                rate = float(rate_text) if rate_text else INCIDENTS[name]
            except ValueError as exc:
                raise FaultError(f"{item!r}: the rate is not a number") from exc
            if not 0.0 <= rate <= 1.0:
                raise FaultError(f"{item!r}: the rate must be between 0 and 1")
            rates[name] = rate
        return cls(rates)

    def wants(self, name: str, rng: random.Random | None = None) -> bool:
        """Whether to inject driver fault `name` at this occasion."""
        rate = self.rates.get(name, 0.0)
        if rate <= 0.0:
            return False
        return rate >= 1.0 or (rng is not None and rng.random() < rate)

    def for_hand(self, rng: random.Random) -> frozenset[str]:
        """The hand faults to inject in the next hand if it gives the occasion."""
        return frozenset(name for name in sorted(HAND_FAULTS)
                         if name in self.rates and rng.random() < self.rates[name])


def truth_line(injected: Injected, tournament: str, event: int | None) -> dict[str, object]:
    """One line of truth.jsonl."""
    line: dict[str, object] = {"fault": injected.fault, "clause": injected.clause,
                               "tournament": tournament,
                               "visible_in": list(FAULT_CATALOGUE[injected.fault].visible_in)}
    if injected.hand is not None:
        line["hand"] = injected.hand
    if injected.action is not None:
        line["action"] = injected.action
    if event is not None:
        line["event"] = event
    if injected.fault in AUDIT_WIDE:
        line["scope"] = "audit"
    return line
