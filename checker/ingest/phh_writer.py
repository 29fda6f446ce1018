"""Hand -> PHH text (phh-std), readable back by `checker.ingest.phh` to an equal Hand.

Carried: game and betting structure (the variant), stakes (blinds, bets, ante, bring-in),
unit and currency, hand id, table, seat count, level (when numeric), event name, site (as
`venue`), start time and its zone abbreviation, seats, players and stacks, the button (PHH's
player order puts it last), every action with its amount, hole cards, the board, shown and
mucked hands, commentary events, and the awards as per-player `winnings` (the rake follows,
being the pot less the winnings).

Not carried (PHH has no place for them, or the reader derives them again):
- tournament id, mixed-game label, cap, bounties, a currency on a chips hand, summary
  lines, a level that is not a number;
- `played_at_et` (set again when the zone is ET/EST/EDT); a date without a time;
- sitting-out seats (left out of the player list); a button on an empty seat (the reader
  gives the button only where the listing settles it, and leaves it unknown otherwise);
- events other than player-less commentary; which cards a draw threw (only how many);
- where unknown cards sat among known ones (hole cards are the known cards in deal order);
- awards split into pots, hi/lo halves or boards (summed per player); the listed pot parts;
  a second board (run it twice: refused);
- the order of the posts (PHH posts antes, then blinds in position order); a stake with no
  post of its own (a small blind nobody posted reads back as None); a blind posted outside
  PHH's places, a dead blind or a small-and-big post (refused).
Line numbers and warnings belong to a reading, not to the hand. A hand PHH cannot express
raises ValueError saying why.
"""

import json
import re
from collections import defaultdict

from checker.ingest.phh import (
    FIRST_DEAL,
    VARIANT_OF,
    VARIANTS,
    blind_kinds,
    seat_slot,
    streets_of,
)
from checker.model import Action, ActionKind, BettingStructure, Hand, Seat, Street, Unit

_BLIND_KINDS = (ActionKind.SMALL_BLIND, ActionKind.BIG_BLIND, ActionKind.STRADDLE)
_BET_KINDS = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
_UNQUOTED_OK = re.compile(r"[^'\x00-\x08\x0a-\x1f\x7f]*")
_PLAIN_INTEGER = re.compile(r"[1-9][0-9]{0,17}")
# The generic currency sign: a cash hand whose currency the record does not name.
UNKNOWN_CURRENCY_SYMBOL = "¤"


def write_phh(hand: Hand) -> str:
    """The hand as one PHH document (a `.phh` file's content)."""
    return _Writer(hand).text()


def toml_string(text: str) -> str:
    """A TOML string literal for `text`: single-quoted when it can be, else escaped."""
    if _UNQUOTED_OK.fullmatch(text):
        return f"'{text}'"
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


class _Writer:
    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        variant = VARIANT_OF.get((hand.game, hand.structure))
        if variant is None:
            raise ValueError(f"PHH has no variant for {hand.structure} {hand.game}")
        self.variant = variant
        self.family = VARIANTS[variant][2]
        self.streets = streets_of(hand.game, self.family)
        self.players = self.ordered_seats()
        self.position = {seat.player: i for i, seat in enumerate(self.players)}
        self.out: list[str] = []
        self.deals = _Deals(self, hand)

    # Players --------------------------------------------------------------------------------

    def ordered_seats(self) -> list[Seat]:
        """PHH order: stud from the lowest seat; button games from the seat after the button,
        so the button is last (heads-up too: the button posts the small blind)."""
        seated = sorted((s for s in self.hand.seats if not s.sitting_out), key=lambda s: s.seat)
        if len(seated) < 2:
            raise ValueError("PHH needs at least two players dealt in")
        if self.family == "stud":
            return seated
        button = self.hand.button_seat
        if button is None:
            raise ValueError("a button game without a button seat: PHH's player order is "
                             "relative to the button")
        after = next((i for i, seat in enumerate(seated) if seat.seat > button), 0)
        return seated[after:] + seated[:after]

    def index(self, player: str) -> int:
        position = self.position.get(player)
        if position is None:
            raise ValueError(f"{player!r} acts but is not a seated player")
        return position

    # Amounts --------------------------------------------------------------------------------

    def money(self, value: int) -> str:
        if self.hand.unit is Unit.CHIPS:
            return str(value)
        whole, cents = divmod(value, 100)
        return str(whole) if cents == 0 else f"{whole}.{cents:02d}"

    def array(self, values: list[int]) -> str:
        return "[" + ", ".join(self.money(v) for v in values) + "]"

    # Forced bets ----------------------------------------------------------------------------

    def forced_bets(self) -> tuple[list[int], list[int]]:
        """`antes` and `blinds_or_straddles` (in PHH slots) from the posts."""
        count = len(self.players)
        antes = [0] * count
        blinds = [0] * count
        posted: list[ActionKind | None] = [None] * count
        seen_other = False
        for action in self.hand.actions:
            if action.kind not in (ActionKind.ANTE, *_BLIND_KINDS):
                if action.kind in (ActionKind.DEAD_BLIND, ActionKind.SMALL_AND_BIG_BLIND):
                    raise ValueError(f"PHH cannot carry a {action.kind} post")
                seen_other = True
                continue
            if seen_other:
                raise ValueError(f"a {action.kind} post after the betting began")
            slot = seat_slot(self.index(action.player), count)
            if action.kind is ActionKind.ANTE:
                if antes[slot]:
                    raise ValueError(f"{action.player!r} posts two antes")
                antes[slot] = self.nominal(action, self.hand.ante)
                continue
            if blinds[slot]:
                raise ValueError(f"{action.player!r} posts two blinds")
            nominal = {ActionKind.SMALL_BLIND: self.hand.small_blind,
                       ActionKind.BIG_BLIND: self.hand.big_blind}.get(action.kind)
            blinds[slot] = self.nominal(action, nominal)
            posted[slot] = action.kind
        if blind_kinds(blinds, self.big_reference()) != posted:
            raise ValueError("the blinds are not posted in PHH's places (small blind after the "
                             "button, big blind next, then straddles)")
        return antes, blinds

    @staticmethod
    def nominal(action: Action, stake: int | None) -> int:
        """An all-in post was capped by the stack: PHH writes the stake, the reader caps it."""
        if action.all_in and stake is not None and stake > action.amount:
            return stake
        return action.amount

    def big_reference(self) -> int | None:
        if self.hand.structure is BettingStructure.FIXED_LIMIT:
            return self.hand.small_bet
        return self.hand.big_blind

    # Actions --------------------------------------------------------------------------------

    def actions(self) -> list[str]:
        hand = self.hand
        plays = [a for a in hand.actions if a.kind not in (ActionKind.ANTE, *_BLIND_KINDS)]
        posts = len(hand.actions) - len(plays)
        comments: dict[int, list[tuple[Street | None, str]]] = defaultdict(list)
        for event in hand.events:
            if event.kind == "other" and event.player is None:
                comments[event.after_action].append((event.street, event.text))
        street_in: dict[str, int] = defaultdict(int)
        street = 0
        self.deals.first_deal()
        for number, action in enumerate(plays, start=posts):
            self.comments(comments, number, street, before=True)
            target = self.streets.index(action.street)
            if target < street:
                raise ValueError(f"action {action.index} goes back to the {action.street}")
            while street < target:
                street += 1
                street_in.clear()
                self.deals.street(street)
            self.comments(comments, number, street, before=False)
            street_in_before = street_in[action.player]
            street_in[action.player] += action.amount
            self.out.extend(self.notation(action, street_in_before))
        end = len(hand.actions)
        self.comments(comments, end, street, before=True)
        self.shows(first_round=True)
        while street + 1 < len(self.streets) and self.deals.more_after(street):
            street += 1
            self.deals.street(street)
        self.deals.check_all_placed()
        self.comments(comments, end, street, before=False)
        self.shows(first_round=False)
        return self.out

    def comments(self, comments: dict[int, list[tuple[Street | None, str]]], number: int,
                 street: int, before: bool) -> None:
        waiting = comments.get(number)
        if not waiting:
            return
        here = self.streets[street]
        keep = []
        for event_street, text in waiting:
            if before and event_street != here:
                keep.append((event_street, text))
            else:
                self.out.append(f"# {text}")
        comments[number] = keep

    def notation(self, action: Action, street_in_before: int) -> list[str]:
        actor = f"p{self.index(action.player) + 1}"
        kind = action.kind
        if kind is ActionKind.FOLD:
            return [f"{actor} f"]
        if kind in (ActionKind.CHECK, ActionKind.CALL):
            return [f"{actor} cc"]
        if kind in _BET_KINDS:
            total = action.to if action.to is not None else street_in_before + action.amount
            return [f"{actor} cbr {self.money(total)}"]
        if kind is ActionKind.BRING_IN:
            return [f"{actor} pb"]
        if kind is ActionKind.DISCARD:
            thrown = action.discards or 0
            if not thrown:
                return [f"{actor} sd"]
            # The thrown cards are not in the hand record, only how many: written unknown.
            return [f"{actor} sd {'??' * thrown}", self.deals.replacement(action.player, thrown)]
        raise ValueError(f"PHH cannot carry a {kind} action")

    def shows(self, first_round: bool) -> None:
        seen: set[str] = set()
        for shown in self.hand.shown:
            repeat = shown.player in seen
            seen.add(shown.player)
            if repeat == first_round:
                continue
            actor = f"p{self.index(shown.player) + 1}"
            if shown.mucked:
                self.out.append(f"{actor} sm")
                continue
            held = self.deals.held(shown.player)
            cards = "".join(shown.cards) + "??" * max(held - len(shown.cards), 0)
            self.out.append(f"{actor} sm {cards}")

    # Document -------------------------------------------------------------------------------

    def text(self) -> str:
        hand = self.hand
        lines: list[str] = [f"variant = {toml_string(self.variant)}",
                            "ante_trimming_status = false"]
        antes, blinds = self.forced_bets()
        lines.append(f"antes = {self.array(antes)}")
        if self.family != "stud":
            lines.append(f"blinds_or_straddles = {self.array(blinds)}")
        else:
            if hand.bring_in is None:
                raise ValueError("a stud hand without a bring-in amount")
            lines.append(f"bring_in = {self.money(hand.bring_in)}")
        if hand.structure is BettingStructure.FIXED_LIMIT:
            if hand.small_bet is None or hand.big_bet is None:
                raise ValueError("a fixed-limit hand without its small and big bets")
            lines.append(f"small_bet = {self.money(hand.small_bet)}")
            lines.append(f"big_bet = {self.money(hand.big_bet)}")
        else:
            if hand.big_blind is None:
                raise ValueError("a no-limit or pot-limit hand without a big blind (min_bet)")
            lines.append(f"min_bet = {self.money(hand.big_blind)}")
        lines.append(f"starting_stacks = {self.array([s.stack for s in self.players])}")
        actions = self.actions()
        lines.append("actions = [" + ", ".join(toml_string(a) for a in actions) + "]")
        lines.extend(self.optional_fields())
        return "\n".join(lines) + "\n"

    def optional_fields(self) -> list[str]:
        hand = self.hand
        lines: list[str] = []
        if hand.site != "unknown":
            lines.append(f"venue = {toml_string(hand.site)}")
        if hand.tournament_name is not None:
            lines.append(f"event = {toml_string(hand.tournament_name)}")
        if hand.played_at is not None:
            at = hand.played_at
            lines += [f"time = {at.time().isoformat()}", f"day = {at.day}",
                      f"month = {at.month}", f"year = {at.year}"]
            if hand.played_at_zone is not None:
                lines.append(f"time_zone_abbreviation = {toml_string(hand.played_at_zone)}")
        hand_id = hand.hand_id
        # A number stays a TOML integer, which the reader gives back as the same text.
        plain = _PLAIN_INTEGER.fullmatch(hand_id) is not None
        lines.append(f"hand = {hand_id if plain else toml_string(hand_id)}")
        if hand.level is not None and _PLAIN_INTEGER.fullmatch(hand.level):
            lines.append(f"level = {hand.level}")
        lines.append("seats = [" + ", ".join(str(s.seat) for s in self.players) + "]")
        if hand.max_seats is not None:
            lines.append(f"seat_count = {hand.max_seats}")
        if hand.table is not None:
            lines.append(f"table = {toml_string(hand.table)}")
        lines.append("players = [" + ", ".join(toml_string(s.player) for s in self.players) + "]")
        if hand.awards:
            won = [0] * len(self.players)
            for award in hand.awards:
                won[self.index(award.player)] += award.amount
            lines.append(f"winnings = {self.array(won)}")
        if hand.unit is Unit.CENTS:
            if hand.currency is not None:
                lines.append(f"currency = {toml_string(hand.currency)}")
            else:
                lines.append(f"currency_symbol = {toml_string(UNKNOWN_CURRENCY_SYMBOL)}")
        return lines


class _Deals:
    """Where each known card goes: first deal, later streets, draws; `??` where unknown."""

    def __init__(self, writer: _Writer, hand: Hand) -> None:
        self.writer = writer
        self.hand = hand
        self.first = FIRST_DEAL[hand.game]
        self.cards = {seat.player: list(hand.hole_cards.get(seat.player, []))
                      for seat in writer.players}
        for player in hand.hole_cards:
            writer.index(player)
        self.placed = dict.fromkeys(self.cards, 0)
        self.count = dict.fromkeys(self.cards, 0)
        if len(hand.boards) > 1:
            raise ValueError("PHH cannot carry a second board (run it twice)")
        self.board = list(hand.boards[0]) if hand.boards else []
        self.folded: set[str] = set()
        self.folds = {a.index: a.player for a in hand.actions if a.kind is ActionKind.FOLD}

    def deal_to(self, player: str, number: int) -> None:
        known = self.cards[player][self.placed[player]:self.placed[player] + number]
        self.placed[player] += len(known)
        self.count[player] += number
        cards = "".join(known) + "??" * (number - len(known))
        self.writer.out.append(f"d dh p{self.writer.index(player) + 1} {cards}")

    def first_deal(self) -> None:
        for seat in self.writer.players:
            self.deal_to(seat.player, self.first)

    def live_players(self, street: int) -> list[str]:
        """Players who had not folded before the first action of `street`."""
        streets = self.writer.streets
        folded = {a.player for a in self.hand.actions
                  if a.kind is ActionKind.FOLD and streets.index(a.street) < street}
        return [s.player for s in self.writer.players if s.player not in folded]

    def street(self, street: int) -> None:
        family = self.writer.family
        if family == "flop":
            start, size = ((0, 3), (3, 1), (4, 1))[street - 1]
            known = self.board[start:start + size]
            self.writer.out.append("d db " + "".join(known) + "??" * (size - len(known)))
        elif family == "stud":
            for player in self.live_players(street):
                self.deal_to(player, 1)

    def more_after(self, street: int) -> bool:
        """Whether cards remain to be dealt on streets without action (all-in run-outs)."""
        family = self.writer.family
        if family == "flop":
            return len(self.board) > (0, 3, 4, 5)[street]
        if family == "stud":
            return any(self.placed[p] < len(self.cards[p]) for p in self.live_players(street))
        return False

    def replacement(self, player: str, thrown: int) -> str:
        """The deal that replaces `thrown` discarded cards."""
        known = self.cards[player][self.placed[player]:self.placed[player] + thrown]
        self.placed[player] += len(known)
        cards = "".join(known) + "??" * (thrown - len(known))
        return f"d dh p{self.writer.index(player) + 1} {cards}"

    def held(self, player: str) -> int:
        return self.first if self.writer.family != "stud" else self.count[player]

    def check_all_placed(self) -> None:
        for player, cards in self.cards.items():
            if self.placed[player] < len(cards):
                raise ValueError(f"{player!r} has more known cards than PHH deals can place")
        if self.writer.family == "flop" and len(self.board) > 5:
            raise ValueError("a board of more than five cards")
        if self.writer.family != "flop" and self.board:
            raise ValueError("board cards in a game without a board")
