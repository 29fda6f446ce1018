"""`feltcheck explain` in the terminal: the hand step by step, then every rule that applied.

Plain text, deterministic (the explanation's order throughout). A rule that failed, or could
not tell, is shown with its whole trace; a passing one with the comparisons that decided it,
and with its trace too when the explanation was narrowed to some rules (`--rule`).
"""

from collections.abc import Iterator

from checker.explain.explanation import (
    HandExplanation,
    PlayerState,
    PotView,
    RuleApplication,
    SeatView,
    Step,
)
from checker.explain.trace import Comparison, TraceNode

_INDENT = "  "
_VERDICTS = {"failed": "FAILED", "passed": "passed", "unknown": "UNKNOWN"}


def render_explain_text(explanation: HandExplanation) -> str:
    lines = [*_header(explanation), "", *_seats(explanation.seats)]
    if explanation.boards:
        lines += ["", *(f"Board{_board_number(i, explanation)}: {' '.join(board)}"
                        for i, board in enumerate(explanation.boards))]
    lines += ["", "Steps", *_steps(explanation.steps)]
    lines += ["", "Pots", *_pots(explanation.pots, explanation.returns)]
    lines += ["", *_rules(explanation)]
    if explanation.warnings:
        lines += ["", "Warnings", *(f"{_INDENT}{w}" for w in explanation.warnings)]
    return "\n".join(lines) + "\n"


def _header(e: HandExplanation) -> list[str]:
    stakes = e.blinds
    ante = f", ante {e.ante}" if e.ante else ""
    where = [f"tournament {e.tournament}" if e.tournament else "",
             f"table {e.table}" if e.table else "", f"level {e.level}" if e.level else ""]
    narrowed = f"; rules shown: {e.rule_filter}" if e.rule_filter else ""
    return [
        f"Hand {e.hand_id} ({e.site}, {e.source_format})",
        f"{e.file}:{e.line}  " + "  ".join(w for w in where if w),
        f"{e.game}, {e.structure}" + (f", blinds {stakes}" if stakes else "") + ante
        + (f", button seat {e.button_seat}" if e.button_seat is not None else ""),
        f"Rule set {e.ruleset} (sha256 {e.ruleset_sha256[:12]}){narrowed}",
    ]


def _board_number(index: int, e: HandExplanation) -> str:
    return f" {index + 1}" if len(e.boards) > 1 else ""


def _seats(seats: tuple[SeatView, ...]) -> list[str]:
    rows: list[tuple[str, ...]] = [("seat", "player", "stack", "cards", "")]
    for seat in seats:
        roles = [r for r, on in (("button", seat.button), ("small blind", seat.small_blind),
                                 ("big blind", seat.big_blind),
                                 ("sitting out", seat.sitting_out),
                                 ("not dealt in", not seat.dealt)) if on]
        if seat.shown:
            roles.append(f"showed {' '.join(seat.shown)}")
        rows.append((str(seat.seat), seat.name, str(seat.stack),
                     " ".join(seat.cards) or "-", ", ".join(roles)))
    return ["Seats", *_table(rows)]


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [_INDENT + "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True))
            .rstrip() for row in rows]


def _steps(steps: tuple[Step, ...]) -> Iterator[str]:
    for step in steps:
        street = f" {step.street}" if step.street else ""
        line = f" (line {step.line})" if step.line is not None else ""
        yield f"{_INDENT}[{step.number}]{street}: {step.description}{line}"
        pad = _INDENT * 3
        if step.before is not None:
            b = step.before
            limit = (f", pot-limit max to {b.pot_limit_max_to}"
                     if b.pot_limit_max_to is not None else "")
            turn = f", turn of {b.expected_actor}" if b.expected_actor else ""
            yield (f"{pad}before: pot {b.pot}, bet to call {b.current_bet}, "
                   f"{b.actor.name} to call {b.to_call} with {b.actor.stack} behind, "
                   f"last full raise {b.last_full_raise}, min raise to {b.min_raise_to}"
                   f"{limit}, bets and raises {b.bets_and_raises}{turn}")
        yield (f"{pad}after:  pot {step.pot}, bet to call {step.bet_to_call}; "
               + ", ".join(_player(p) for p in step.players))
        options = step.raise_options
        if step.kind in ("posts", "post", "action") and options:
            yield f"{pad}may still raise: " + ", ".join(options)
        if step.failed:
            yield f"{pad}rules failed here: " + ", ".join(step.failed)


def _player(p: PlayerState) -> str:
    marks = [m for m, on in (("folded", p.folded), ("all in", p.all_in)) if on]
    front = f" ({p.street_in} in)" if p.street_in else ""
    return f"{p.name} {p.stack}{front}" + (f" [{', '.join(marks)}]" if marks else "")


def _pots(pots: tuple[PotView, ...], returns: tuple[tuple[str, int], ...]) -> Iterator[str]:
    if not pots:
        yield f"{_INDENT}(no pot)"
    for pot in pots:
        yield (f"{_INDENT}{pot.name} {pot.amount}: eligible {', '.join(pot.eligible) or '-'}; "
               f"best hand {', '.join(pot.best) or 'not known'}")
        for w in pot.winners:
            yield (f"{_INDENT * 2}{w.player} (seat {w.seat}, {w.distance_from_button} from the "
                   f"button) awarded {w.awarded}")
        if pot.odd_chips:
            yield (f"{_INDENT * 2}{pot.shared} shared {len(pot.winners)} ways: "
                   f"{pot.odd_chips} odd chip(s); recorded recipient(s): "
                   f"{', '.join(pot.paid_above_even_share) or 'none'}")
    for player, amount in returns:
        yield f"{_INDENT}returned to {player}: {amount}"


def _rules(e: HandExplanation) -> list[str]:
    failed = e.failures
    head = [f"Rules that applied: {len(e.rules)} ({len(failed)} failed)"]
    if failed:
        head += [f"{_INDENT}failed: " + ", ".join(f"{r.rule_id} at step {r.step}"
                                                 for r in failed)]
    if not e.rules:
        head += [f"{_INDENT}no rule{' matching ' + e.rule_filter if e.rule_filter else ''}"
                 " applied to an event of this hand"]
    body: list[str] = []
    for application in e.rules:
        full = application.verdict != "passed" or e.rule_filter is not None
        body += ["", *_application(application, full)]
    return head + body


def _application(r: RuleApplication, full: bool) -> list[str]:
    lines = [f"{_VERDICTS[r.verdict]}  {r.rule_id} [{r.severity}] {r.title}",
             f"{_INDENT}on {r.event_label}" + (f" (step {r.step})" if r.step is not None else "")]
    lines += [f'{_INDENT}clause {c.clause}: "{c.text}"' for c in r.clauses]
    if r.message:
        lines.append(f"{_INDENT}message: {r.message}")
    if r.trace.when is not None:
        lines.append(f"{_INDENT}when {r.trace.when.text} = {r.trace.when.value}")
    lines += [f"{_INDENT}let {b.name} = {b.value}" for b in r.trace.lets]
    if r.trace.require is not None:
        lines.append(f"{_INDENT}require {r.trace.require.text} = {r.trace.require.value}")
    if r.trace.deciding:
        lines.append(f"{_INDENT}expected vs recorded:")
        lines += [f"{_INDENT * 2}{comparison_text(c)}" for c in r.trace.deciding]
    if full and r.trace.require is not None:
        lines.append(f"{_INDENT}trace:")
        lines += list(_trace(r.trace.require, 2))
    return lines


def comparison_text(c: Comparison) -> str:
    """A deciding comparison: what was recorded against what was expected, and whether it held."""
    where = f"where {c.where_text}: " if c.where else ""
    holds = {True: "holds", False: "DOES NOT HOLD", None: "unknown"}[c.holds]
    return (f"{where}{c.text}: recorded {_side(c.recorded_text, c.recorded)}; expected "
            f"{c.op} {_side(c.expected_text, c.expected)} -> {holds}")


def _side(text: str, value: str) -> str:
    """One side of a comparison: its text and value (once, for a literal)."""
    return text if text == value else f"{text} = {value}"


def _trace(node: TraceNode, depth: int) -> Iterator[str]:
    pad = _INDENT * depth
    if node.binding is not None:
        yield f"{pad}[{node.binding.name} = {node.binding.value}]"
        depth += 1
        pad = _INDENT * depth
    if node.bare:
        return
    if node.text == node.value and not node.children:
        yield f"{pad}{node.text}"  # a literal or a constant: its value is its text
        return
    yield f"{pad}{node.text} = {node.value}"
    for child in node.children:
        yield from _trace(child, depth + 1)
