"""The refund calculator's output: a terminal table, or a JSON document.

Amounts come as the rules computed them (checker.audit.refund); this module only lays them
out: one row per player and applicable rule, the rule's parts as `$1.00 + $24.00`, and below
the table the expression each part stands for.
"""

import json
from typing import Any

from checker.audit.refund import ClauseDue, PlayerDue, RefundReport
from checker.dsl.units import format_money
from checker.replay.facts import CancellationFact, CancelledEntryFact

_HEADERS = ("player", "chips", "entered", "owed", "paid (log)", "clauses", "rule: parts")


def render_refund_text(report: RefundReport) -> str:
    out = [
        f"feltcheck refund — {report.file}",
        f"tournament {report.tournament}, {_moment(report)}",
        f"stage: {report.stage}; prize money collected {format_money(report.prize_pool)}; "
        f"eliminated buy-ins {format_money(report.eliminated_buy_ins)}; guarantee "
        f"{'none' if report.guarantee is None else format_money(report.guarantee)}; "
        f"chips in play {report.total_chips:,}; amounts in {report.currency}",
        "",
    ]
    rows = [row for player in report.players for row in _rows(report, player)]
    if not rows:
        return "\n".join([*out, "no player is registered or still in at that moment", ""])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(_HEADERS)]
    out.append(_line(_HEADERS, widths))
    out.append("-" * len(out[-1]))
    out.extend(_line(row, widths) for row in rows)
    legend = {due.rule: " + ".join(p.text for p in due.parts)
              for player in report.players for due in player.dues if due.parts}
    if legend:
        out += ["", "parts:", *(f"  {rule}: {parts}" for rule, parts in legend.items())]
    if report.matrix is not None:
        out += ["", *_matrix_lines(report.matrix, report.players)]
    for skipped in report.skipped:
        out.append(f"skipped: {skipped}")
    return "\n".join(out) + "\n"


def render_refund_json(report: RefundReport) -> str:
    document = {
        "file": report.file, "tournament": report.tournament, "at_event": report.at_event,
        "at": report.at.isoformat(), "stage": report.stage, "currency": report.currency,
        "total_chips": report.total_chips, "prize_pool": report.prize_pool,
        "eliminated_buy_ins": report.eliminated_buy_ins, "guarantee": report.guarantee,
        "cancelled_at": report.cancelled_at,
        "players": [_player_json(report, p) for p in report.players],
        "skipped": report.skipped,
    }
    if report.matrix is not None:
        document["matrix"] = _matrix_json(report.matrix)
    return json.dumps(document, indent=2) + "\n"


def _matrix_lines(matrix: CancellationFact, players: list[PlayerDue]) -> list[str]:
    """The whole Matrix as its matches' replays stand, and each player's part of it."""
    lines = [f"Matrix: score pool {format_money(matrix.matrix_score_pool)}, "
             f"{matrix.matrix_paid_places} position(s) paid; "
             f"{matrix.matrix_out_of_every_match} entrant(s) out of every match"]
    for match in matrix.matrix_matches:
        state = ("finished" if match.finished else
                 "in the money" if match.in_the_money else "before the money")
        lines.append(f"  match {match.match}: {state}, {match.players_remaining} left, "
                     f"buy-in {format_money(match.buy_in)}")
    for player in players:
        if player.matrix is not None:
            lines.append(f"  {player.player}: {_live(player.matrix)}; Matrix points "
                         f"{player.matrix.earned_matrix_score} earned, "
                         f"{player.matrix.highest_matrix_score} at most, estimated "
                         f"{player.matrix.estimated_matrix_score}; "
                         f"{player.matrix.matrix_players_surely_above} surely above")
    return lines


def _live(entry: CancelledEntryFact) -> str:
    if not entry.matches:
        return "in no match"
    return "in " + ", ".join(
        f"{m.match} (next payout {format_money(m.next_payout)})" if m.in_the_money
        else f"{m.match} (buy-in {format_money(m.buy_in)})" for m in entry.matches)


def _matrix_json(matrix: CancellationFact) -> dict[str, Any]:
    return {
        "score_pool": matrix.matrix_score_pool, "paid_positions": matrix.matrix_paid_places,
        "out_of_every_match": matrix.matrix_out_of_every_match,
        "matches": [{"match": m.match, "buy_in": m.buy_in, "finished": m.finished,
                     "in_the_money": m.in_the_money, "players_remaining": m.players_remaining}
                    for m in matrix.matrix_matches],
    }


def _moment(report: RefundReport) -> str:
    if report.cancelled_at is not None:
        return (f"cancelled by the log at event {report.cancelled_at} (read up to event "
                f"{report.at_event}, {report.at.isoformat()})")
    return f"as if cancelled at event {report.at_event} ({report.at.isoformat()})"


def _rows(report: RefundReport, player: PlayerDue) -> list[tuple[str, ...]]:
    owed = report.owed(player)
    head = (player.player, f"{player.chips:,}", _entered(player),
            "—" if owed is None else format_money(owed),
            "" if player.paid is None else format_money(player.paid))
    if not player.dues:
        return [(*head, "", "no cancellation rule applies")]
    blank = ("",) * len(head)
    return [(*(head if i == 0 else blank), ", ".join(due.clauses), _explained(due))
            for i, due in enumerate(player.dues)]


def _entered(player: PlayerDue) -> str:
    entered = player.entered_with or "?"
    return f"{entered} (satellite)" if player.via_satellite else entered


def _explained(due: ClauseDue) -> str:
    if due.expected is None:
        lets = ", ".join(f"{name} = {shown}" for name, (_, shown) in due.lets.items())
        return f"{due.rule}: {due.title}" + (f" ({lets})" if lets else "")
    if len(due.parts) > 1:
        return f"{due.rule}: " + " + ".join(p.shown for p in due.parts)
    return f"{due.rule}: {due.expected_shown}"


def _line(cells: tuple[str, ...], widths: list[int]) -> str:
    return "  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip()


def _player_json(report: RefundReport, player: PlayerDue) -> dict[str, Any]:
    return {
        "player": player.player, "chips": player.chips, "entered_with": player.entered_with,
        "via_satellite": player.via_satellite, "owed": report.owed(player),
        "paid": player.paid, "rules": [_due_json(due) for due in player.dues],
        **({} if player.matrix is None else {"matrix": {
            "matches": [{"match": m.match, "buy_in": m.buy_in, "in_the_money": m.in_the_money,
                         "next_payout": m.next_payout} for m in player.matrix.matches],
            "earned_score": player.matrix.earned_matrix_score,
            "highest_score": player.matrix.highest_matrix_score,
            "estimated_score": player.matrix.estimated_matrix_score,
            "players_surely_above": player.matrix.matrix_players_surely_above}}),
    }


def _due_json(due: ClauseDue) -> dict[str, Any]:
    return {
        "rule": due.rule, "title": due.title, "clauses": list(due.clauses),
        "expected": due.expected,
        "parts": [{"text": p.text, "value": _plain(p.value), "shown": p.shown}
                  for p in due.parts],
        "lets": {name: {"value": _plain(value), "shown": shown}
                 for name, (value, shown) in due.lets.items()},
    }


def _plain(value: object) -> object:
    """A value JSON can hold: ints, booleans, strings (enum members by value) and None."""
    if value is None or isinstance(value, bool | int):
        return value
    return str(value)
