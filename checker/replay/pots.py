"""Main and side pots from what each player put in, and the record's awards matched to them.

The pots are built from contributions (everything put in, less uncalled returns): each level
an all-in player who stayed in stops at closes a pot; folded players' chips are dead money in
the pots they reached. The record's awards are matched to pots by the name the record gives
("main pot", "side pot 2"). When that cannot be done unambiguously (the record names fewer or
other pots than the chips make, or raked side pots), the hand gets ONE merged pot holding
everything, with `best` and `shared` unknown: conservation and eligibility are still checked,
the split between pots is not invented. A pot of no chips (everything put in came back) is no
pot. A pot run more than once (awards on several boards) is one fact per board.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from math import gcd
from typing import Final

from checker.model.hand import Award, Hand
from checker.replay.betting import DRAW_GAMES, STUD_GAMES, high_cards
from checker.replay.evaluate import best_players, evaluates
from checker.replay.facts import Chips, PlayerFact, PotFact, WinnerFact

# Games whose recorded hole cards may be partial (stud up-cards, pre-draw cards): only the
# cards shown at showdown are trusted there.
_PARTIAL_HOLE: Final = STUD_GAMES | DRAW_GAMES


@dataclass(slots=True, init=False)
class BuiltPot:
    amount: int
    eligible: list[str]

    def __init__(self, amount: int, eligible: list[str]) -> None:
        self.amount = amount
        self.eligible = eligible


def build_pots(contributions: Mapping[str, int], live: set[str]) -> list[BuiltPot]:
    """Pots from contributions (seat order), main first. `live`: players who did not fold."""
    # Lists read once, and loops, not sum() and max() over generators: compiled, those build
    # lists and call into Python per pot (once a hand at least); a dict's items would be
    # looked up in `live` again per level.
    names = list(contributions)
    amounts = list(contributions.values())
    alive = [name in live for name in names]
    count = len(names)
    levels: list[int] = []
    for i in range(count):
        c = amounts[i]
        if alive[i] and c > 0 and c not in levels:
            levels.append(c)
    levels.sort()
    pots: list[BuiltPot] = []
    previous = 0
    for number, level in enumerate(levels):
        last = number == len(levels) - 1
        amount = 0
        for c in amounts:
            part = (c if last or c < level else level) - previous
            if part > 0:
                amount += part
        eligible = [names[i] for i in range(count) if alive[i] and amounts[i] >= level]
        if pots and pots[-1].eligible == eligible:
            pots[-1].amount += amount
        else:
            pots.append(BuiltPot(amount, eligible))
        previous = level
    if not pots:
        dead = 0
        for c in amounts:
            dead += c
        if dead:
            # Nobody live put anything in (a walk with dead money only): one pot of everything.
            pots.append(BuiltPot(dead, sorted(live)))
    return pots


def pot_index(name: str) -> int | None:
    """0 for "pot" / "main pot", N for "side pot N" ("side pot" alone: 1); None otherwise."""
    if name in ("pot", "main pot"):
        return 0
    if name.startswith("side pot"):
        rest = name[len("side pot"):].strip(" -#")
        return int(rest) if rest.isdigit() else 1
    return None


def pot_facts(hand: Hand, players: list[PlayerFact]) -> list[PotFact]:
    facts = _pot_facts(hand, players)
    unit = smallest_unit(hand)
    for fact in facts:
        fact.unit = unit
    return facts


def smallest_unit(hand: Hand) -> Chips:
    """The largest amount that every starting stack, post, bet, uncalled return and the
    rake of the hand is a whole multiple of. The awards are left out: they are what the rules
    judge, and a split made in a smaller unit must not lower the unit it is judged in."""
    unit = 0
    for seat in hand.seats:
        unit = _common(unit, seat.stack)
    for action in hand.actions:
        unit = _common(_common(unit, action.amount), action.to or 0)
    for back in hand.returns:
        unit = _common(unit, back.amount)
    if hand.pot is not None:
        unit = _common(unit, hand.pot.rake)
    return Chips(unit or 1)


def _common(unit: int, amount: int) -> int:
    """gcd(unit, amount), without calling it when `unit` already divides `amount` (nearly
    every amount of a hand: a call into math per amount was ~2 us a hand)."""
    if unit and amount % unit == 0:
        return unit
    return gcd(unit, amount)


def _pot_facts(hand: Hand, players: list[PlayerFact]) -> list[PotFact]:
    returned: dict[str, int] = {}
    for back in hand.returns:
        returned[back.player] = returned.get(back.player, 0) + back.amount
    contributions = {p.name: p.hand_in - returned.get(p.name, 0) for p in players}
    live = {p.name for p in players if not p.folded}
    pots = build_pots(contributions, live)
    rake = hand.pot.rake if hand.pot is not None else 0
    grouped = _group_awards(hand.awards, len(pots))
    if grouped is None or (rake and len(pots) > 1):
        merged = BuiltPot(sum(p.amount for p in pots) - rake,
                          [n for n in contributions if n in live])
        return _facts_for_pot(hand, players, 0, merged, hand.awards, known=len(pots) == 1)
    if not pots:
        # Everything put in came back and nothing is paid: no pot. (Awards with no chips in
        # the middle are merged above, so the record's payment is still judged.)
        return []
    pots[0].amount -= rake
    facts: list[PotFact] = []
    for index, pot in enumerate(pots):
        facts += _facts_for_boards(hand, players, index, pot, grouped.get(index, []))
    return facts


def _group_awards(awards: list[Award], pots: int) -> dict[int, list[Award]] | None:
    """Awards by pot index, or None when the record's pot names do not match the pots."""
    grouped: dict[int, list[Award]] = {}
    for award in awards:
        index = pot_index(award.pot)
        if index is None or index >= pots:
            return None
        grouped.setdefault(index, []).append(award)
    if pots > 1 and set(grouped) != set(range(pots)):
        # The record lumps pots together ("pot") or skips one: attribution would be a guess.
        return None
    return grouped


def _facts_for_boards(hand: Hand, players: list[PlayerFact], index: int, pot: BuiltPot,
                      awards: list[Award]) -> list[PotFact]:
    """A pot's facts, one set per board when the record pays it on several (run it twice):
    each board's part is what the record pays on it, the last board's the rest of the pot."""
    if _one_board(awards):
        return _facts_for_pot(hand, players, index, pot, awards, known=True)
    boards = sorted({a.board for a in awards})
    facts: list[PotFact] = []
    left = pot.amount
    for board in boards:
        on_board = [a for a in awards if a.board == board]
        amount = left if board == boards[-1] else sum(a.amount for a in on_board)
        left -= amount
        facts += _facts_for_pot(hand, players, index, BuiltPot(amount, pot.eligible), on_board,
                                known=True, board=board)
    return facts


def _one_board(awards: list[Award]) -> bool:
    """Whether every award is paid on one board (nearly every pot: no set made for it)."""
    return all(award.board == awards[0].board for award in awards)


def _facts_for_pot(hand: Hand, players: list[PlayerFact], index: int, pot: BuiltPot,
                   awards: list[Award], *, known: bool,
                   board: int | None = None) -> list[PotFact]:
    has_high, has_low = evaluates(hand.game)
    if not (has_high and has_low):
        return [_fact(hand, players, index, pot.amount, None, pot, awards, None, known, board)]
    if awards and all(a.half is None for a in awards):
        # The record does not say which half each award is (PokerStars writes "collected N
        # from pot" for both): the halves are unknown, the pot is judged whole, its best
        # hand and share unknown.
        return [_fact(hand, players, index, pot.amount, None, pot, awards, None, False, board)]
    low = [a for a in awards if a.half == "low"]
    high = [a for a in awards if a.half != "low"]
    low_best = _best(hand, pot.eligible, "low", board) if known else []
    if not low and not low_best:
        return [_fact(hand, players, index, pot.amount, "high", pot, high, None, known, board)]
    low_paid = sum(a.amount for a in low)
    # Pots merged into one (`known` false) hold several pots' halves added up, not one pot
    # halved (a side pot may have no low, or its own odd chip): no whole to halve.
    whole = pot.amount if known else None
    high_fact = _fact(hand, players, index, pot.amount - low_paid, "high", pot, high, whole,
                      known, board)
    low_fact = _fact(hand, players, index, low_paid, "low", pot, low, whole, known, board)
    high_fact.other_half_distances = [w.distance_from_button for w in low_fact.winners]
    low_fact.other_half_distances = [w.distance_from_button for w in high_fact.winners]
    return [high_fact, low_fact]


def _fact(hand: Hand, players: list[PlayerFact], index: int, amount: int, half: str | None,
          pot: BuiltPot, awards: list[Award], whole: int | None, known: bool,
          board: int | None) -> PotFact:
    """`known`: the awards are this pot's or half's alone (not several pots merged, nor
    unlabelled hi/lo halves), so its best hand and the share its winners split can be told."""
    stud = hand.game in STUD_GAMES
    winners: dict[str, WinnerFact] = {}
    for award in awards:
        found = winners.get(award.player)
        if found is not None:
            found.awarded = Chips(found.awarded + award.amount)
            continue
        seat = _seat_of(players, award.player)
        winners[award.player] = WinnerFact(player=award.player, seat=seat,
                                           distance_from_button=_distance(hand, seat),
                                           awarded=Chips(award.amount))
        if stud:
            winner = winners[award.player]
            winner.high_card_rank, winner.high_card_suits = high_cards(
                _known_cards(hand, award.player))
    # A pot's few eligible players and fewer winners: a list's containment, no set made.
    eligible = pot.eligible
    return PotFact(index=index, amount=Chips(amount), half=half, eligible=list(eligible),
                   best=_best(hand, eligible, half, board) if known else [],
                   winners=list(winners.values()),
                   paid_to_ineligible=[n for n in winners if n not in eligible],
                   whole_amount=None if whole is None else Chips(whole),
                   shared=Chips(amount) if known else None, board=board,
                   line=_pot_line(hand, awards))


def _seat_of(players: list[PlayerFact], name: str) -> int:
    """The seat of the player `name` (0 for none; the last, as a dict by name would keep):
    looked up for a pot's winners only."""
    seat = 0
    for player in players:
        if player.name == name:
            seat = player.seat
    return seat


def _pot_line(hand: Hand, awards: list[Award]) -> int | None:
    if awards:
        # A loop: min() over a generator is a Python call per pot, compiled.
        first = awards[0].line
        for award in awards:
            if award.line < first:
                first = award.line
        return first
    return hand.pot.line if hand.pot is not None else None


def _known_cards(hand: Hand, player: str) -> list[str]:
    """Every card the record shows this player holding (dealt lines and showdown)."""
    cards = list(hand.hole_cards.get(player, ()))
    for shown in hand.shown:
        if shown.player == player:
            cards.extend(shown.cards)
    return cards


def _distance(hand: Hand, seat: int) -> int:
    button = hand.button_seat
    if button is None:
        return seat
    # The table's size: the largest of the seats it names (a loop: max() over a starred
    # generator builds a tuple and calls into Python, per winner).
    size = max(hand.max_seats or 0, button)
    for taken in hand.seats:
        if taken.seat > size:
            size = taken.seat
    return (seat - button - 1) % size + 1


def _best(hand: Hand, eligible: list[str], half: str | None, board: int | None) -> list[str]:
    """The best hand(s) among `eligible` on `board` (None: the hand's only board); empty
    when unknown (cards not all shown, several boards and none named, or a hand the evaluator
    refuses)."""
    if len(eligible) == 1:
        return list(eligible) if half != "low" else []
    boards = hand.boards
    if board is None:
        if len(boards) > 1:
            return []
        board = 0
    elif board >= len(boards):
        return []
    shown = {s.player: s.cards for s in hand.shown}
    dealt = boards[board] if board < len(boards) and hand.game not in STUD_GAMES else []
    cards: dict[str, tuple[list[str], list[str]]] = {}
    for name in eligible:
        hole = shown.get(name)
        if hole is None and hand.game not in _PARTIAL_HOLE:
            hole = hand.hole_cards.get(name)
        if not hole:
            return []
        cards[name] = (list(hole), list(dealt))
    try:
        return best_players(cards, hand.game, half)
    except ValueError:
        return []
