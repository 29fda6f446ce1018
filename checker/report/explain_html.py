"""`feltcheck explain --html`: one hand as a self-contained page for the dispute desk.

The page draws the table (seats around the felt with names, stacks, hole cards, the button and
the blinds, the bets in front, the board and the pot), a timeline of the hand's steps that can
be clicked or stepped through (the arrows, or the keyboard's) to show the table at each one, the
pots with who was paid what, and every rule that applied: verdict, clause text, the deciding
comparisons as expected against recorded (failures highlighted), and the evaluator's trace.

Self-contained: inline CSS, inline script, no network, no external font. Every string from the
input (names, ids, messages) is escaped; the steps reach the script as JSON inside a
`<script type="application/json">` block, with `<`, `>` and `&` escaped, and the script only
ever sets `textContent`. Deterministic: the same explanation gives the same bytes.
"""

import json
import math
import re
from collections.abc import Iterator
from html import escape

from checker.explain.explanation import (
    HandExplanation,
    PlayerState,
    PotView,
    RuleApplication,
    SeatView,
    Step,
    chips_returned,
    chips_won,
)
from checker.explain.trace import Binding, Comparison, TraceNode

_SUITS = {"s": ("\u2660", "black"), "h": ("\u2665", "red"), "d": ("\u2666", "red"),
          "c": ("\u2663", "black")}
# Where the seats sit on the rail and the bets on the felt, as a fraction of the half-axes.
_SEAT_RADIUS = (0.92, 0.82)
_BET_RADIUS = (0.58, 0.50)
_BUTTON_RADIUS = (0.70, 0.64)



def render_explain_html(explanation: HandExplanation) -> str:
    e = explanation
    final = e.steps[-1] if e.steps else None
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Hand {_h(e.hand_id)} explained - feltcheck</title>",
        f"<style>{_CSS}</style></head><body>",
        *_header(e),
        '<main><div class="layout"><section class="table-area" aria-label="table">',
        *_table(e, final),
        *_controls(final),
        "</section>",
        '<aside class="timeline" aria-label="timeline"><h2>Timeline</h2><ol id="timeline">',
        *_timeline(e.steps),
        "</ol></aside></div>",
        *_pots(e.pots, e.returns, e.rules),
        *_rules(e),
        *_warnings(e.warnings),
        "</main>",
        f'<script type="application/json" id="explain-data">{_data(e)}</script>',
        f"<script>{_SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _h(value: object) -> str:
    return escape(str(value), quote=True)


# ---------------------------------------------------------------- header


def _header(e: HandExplanation) -> list[str]:
    failed = e.failures
    stakes = e.blinds
    facts = [e.site, f"{e.game.replace('_', ' ')} {e.structure.replace('_', ' ')}",
             f"blinds {stakes}" if stakes else "", f"ante {e.ante}" if e.ante else "",
             f"tournament {e.tournament}" if e.tournament else "",
             f"table {e.table}" if e.table else "", f"level {e.level}" if e.level else ""]
    if failed:
        badge = (f'<span class="badge fail">{len(failed)} rule check(s) failed: '
                 + _h(", ".join(sorted({r.rule_id for r in failed}))) + "</span>")
    else:
        badge = f'<span class="badge pass">all {len(e.rules)} rule checks passed</span>'
    narrowed = f" &middot; rules shown: {_h(e.rule_filter)}" if e.rule_filter else ""
    return [
        "<header>",
        f'<h1>Hand <span class="mono">{_h(e.hand_id)}</span></h1>',
        f'<p class="facts">{" &middot; ".join(_h(f) for f in facts if f)}</p>',
        f'<p class="where"><span class="mono">{_h(e.file)}:{e.line}</span> &middot; rule set '
        f'{_h(e.ruleset)} <span class="mono">{_h(e.ruleset_sha256[:12])}</span>{narrowed}</p>',
        f"<p>{badge}</p>",
        "</header>",
    ]


# ---------------------------------------------------------------- the table


def _table(e: HandExplanation, step: Step | None) -> list[str]:
    count = max([s.seat for s in e.seats] + [len(e.seats), 2])
    state = {p.name: p for p in step.players} if step is not None else {}
    out = ['<div class="felt-wrap"><div class="rail"><div class="felt">',
           '<div class="centre">', _board(e, step), '<div class="pot">Pot <b id="pot">'
           f'{step.pot if step else 0}</b></div>',
           f'<div class="caption" id="caption">{_h(step.description) if step else ""}</div>',
           "</div>"]
    won = chips_won(e.pots)
    returned = chips_returned(e.returns)
    for index, seat in enumerate(e.seats):
        out += _seat(index, seat, count, state.get(seat.name), step, won.get(seat.name, 0),
                     returned.get(seat.name, 0))
    out.append("</div></div></div>")
    return out


def _board(e: HandExplanation, step: Step | None) -> str:
    shown = step.board_cards if step is not None else 0
    rows = []
    for number, board in enumerate(e.boards):
        cards = "".join(_card(card, f"b{number}-{i}", hidden=i >= shown)
                        for i, card in enumerate(board))
        rows.append(f'<div class="board" data-board="{number}">{cards}</div>')
    return "".join(rows) or '<div class="board"></div>'


def _card(card: str, ident: str = "", hidden: bool = False) -> str:
    rank, suit = card[:-1], card[-1:]
    symbol, colour = _SUITS.get(suit, (suit, "black"))
    rank = "10" if rank == "T" else rank
    attrs = f' id="{_h(ident)}"' if ident else ""
    hide = " hidden-card" if hidden else ""
    return (f'<span class="card {colour}{hide}"{attrs} title="{_h(card)}">'
            f"{_h(rank)}<i>{symbol}</i></span>")


def _place(seat: float, count: int, radius: tuple[float, float]) -> tuple[str, str]:
    """Left and top (percent) of seat number `seat` of `count`: seat 1 at the bottom, the
    others clockwise, as a client draws them."""
    angle = math.pi / 2 + 2 * math.pi * (seat - 1) / count
    return (f"{50 + 50 * radius[0] * math.cos(angle):.1f}%",
            f"{50 + 50 * radius[1] * math.sin(angle):.1f}%")


def _seat(index: int, seat: SeatView, count: int, now: PlayerState | None,
          step: Step | None, won: int, returned: int) -> list[str]:
    left, top = _place(seat.seat, count, _SEAT_RADIUS)
    classes = ["seat"]
    if now is not None and now.folded:
        classes.append("folded")
    if now is not None and now.all_in:
        classes.append("allin")
    if not seat.dealt:
        classes.append("out")
    if step is not None and step.player == seat.name:
        classes.append("actor")
    roles = [r for r, on in (("SB", seat.small_blind), ("BB", seat.big_blind)) if on]
    stack = now.stack if now is not None else seat.stack
    cards = seat.shown or seat.cards
    out = [
        f'<div class="{" ".join(classes)}" id="seat-{index}" data-player="{_h(seat.name)}" '
        f'style="left:{left};top:{top}">',
        '<div class="hole">' + ("".join(_card(c) for c in cards) if cards
                                else '<span class="card back"></span><span class="card back">'
                                     "</span>") + "</div>",
        f'<div class="plate"><div class="name">{_h(seat.name)}</div>',
        f'<div class="stack"><span id="stack-{index}">{stack}</span></div>',
        f'<div class="seatno">seat {seat.seat}'
        + "".join(f' <span class="role">{r}</span>' for r in roles)
        + ' <span class="flag" id="flag-' + str(index) + '">'
        + _flag(now) + "</span></div></div></div>",
    ]
    bet_left, bet_top = _place(seat.seat, count, _BET_RADIUS)
    chips, css = _chips_in_front(now, won, step, returned)
    out.append(f'<div class="bet{css}" id="bet-{index}" '
               f'style="left:{bet_left};top:{bet_top}">{_h(chips)}</div>')
    if seat.button:
        b_left, b_top = _place(seat.seat + 0.35, count, _BUTTON_RADIUS)  # beside the seat
        out.append(f'<div class="dealer" style="left:{b_left};top:{b_top}" '
                   'title="the button">D</div>')
    return out


def _chips_in_front(now: PlayerState | None, won: int, step: Step | None,
                    returned: int = 0) -> tuple[str, str]:
    """The chips shown in front of a seat: the bet on the street, or at the showdown what
    the player was paid (and returned)."""
    if step is not None and step.kind == "showdown":
        text = ", ".join(f"{t} {n}" for t, n in (("won", won), ("returned", returned)) if n)
        return (text, " won") if text else ("", " empty")
    street_in = now.street_in if now is not None else 0
    return (str(street_in), "") if street_in else ("", " empty")


def _flag(now: PlayerState | None) -> str:
    if now is None:
        return ""
    if now.folded:
        return "folded"
    return "all in" if now.all_in else ""


def _controls(step: Step | None) -> list[str]:
    number = step.number if step is not None else 0
    return [
        '<div class="controls">',
        '<button type="button" id="prev" aria-label="previous step">&#9664; previous</button>',
        f'<span id="stepno">step {number}</span>',
        '<button type="button" id="next" aria-label="next step">next &#9654;</button>',
        "</div>",
        '<div class="state" id="state">', *_state(step), "</div>",
    ]


def _state(step: Step | None) -> list[str]:
    """The step's betting state (static copy of what the script shows for each step)."""
    if step is None:
        return []
    out = []
    if step.before is not None:
        b = step.before
        out.append('<div class="before"><h3>Before the act</h3><dl>' + "".join(
            f"<dt>{_h(k)}</dt><dd>{_h(v)}</dd>" for k, v in _before_items(step)) + "</dl>"
            + (f'<p class="turn">Turn by seat order: {_h(b.expected_actor)}</p>'
               if b.expected_actor else "") + "</div>")
    raisers = step.raise_options
    out.append(f'<div class="after"><h3>After</h3><dl><dt>pot</dt><dd>{step.pot}</dd>'
               f"<dt>bet to call</dt><dd>{step.bet_to_call}</dd></dl>"
               f'<p>May still raise: {_h(", ".join(raisers) or "nobody")}</p></div>')
    return out


def _before_items(step: Step) -> list[tuple[str, object]]:
    b = step.before
    if b is None:
        return []
    items: list[tuple[str, object]] = [
        ("street", b.street), ("pot", b.pot), ("bet to call", b.current_bet),
        (f"{b.actor.name} to call", b.to_call), (f"{b.actor.name} behind", b.actor.stack),
        ("last full raise", b.last_full_raise), ("min raise to", b.min_raise_to),
        ("bets and raises", b.bets_and_raises)]
    if b.pot_limit_max_to is not None:
        items.append(("pot-limit max to", b.pot_limit_max_to))
    return items


# ---------------------------------------------------------------- timeline


def _timeline(steps: tuple[Step, ...]) -> Iterator[str]:
    last = steps[-1].number if steps else -1
    for step in steps:
        classes = ["step"] + (["failed"] if step.failed else []) + (
            ["current"] if step.number == last else [])
        street = f'<span class="street">{_h(step.street)}</span> ' if step.street else ""
        failed = "".join(f'<span class="rule-fail">{_h(r)}</span>' for r in step.failed)
        yield (f'<li><button type="button" class="{" ".join(classes)}" data-step="{step.number}">'
               f'<span class="n">{step.number}</span> {street}{_h(step.description)}'
               f"{failed}</button></li>")


# ---------------------------------------------------------------- pots


def _pots(pots: tuple[PotView, ...], returns: tuple[tuple[str, int], ...],
          rules: tuple[RuleApplication, ...]) -> list[str]:
    out = ['<section class="pots"><h2>Pots and awards</h2>']
    for pot in pots:
        label = pot.event_label
        out.append(f'<div class="potcard"><h3>{_h(pot.name)}: {pot.amount}</h3>'
                   f'<p>Eligible: {_h(", ".join(pot.eligible) or "-")}; best hand: '
                   f'{_h(", ".join(pot.best) or "not known")}</p>'
                   "<table><thead><tr><th>winner</th><th>seat</th>"
                   "<th>seats from the button</th><th>awarded</th></tr></thead><tbody>")
        above = set(pot.paid_above_even_share)
        for w in pot.winners:
            mark = ' class="odd"' if w.player in above else ""
            out.append(f"<tr{mark}><td>{_h(w.player)}</td><td>{w.seat}</td>"
                       f"<td>{w.distance_from_button}</td><td>{w.awarded}</td></tr>")
        out.append("</tbody></table>")
        if pot.odd_chips:
            out.append(f'<p class="oddchip">Odd chip: {pot.shared} shared '
                       f"{len(pot.winners)} ways leaves {pot.odd_chips}; recorded recipient: "
                       f'<b class="recorded-recipient">{_h(", ".join(pot.paid_above_even_share))}'
                       "</b> (paid above the even share)</p>")
        for r in rules:
            if r.failed and r.event == "pot" and r.event_label == label:
                counter = _counter_example(r)
                out.append(f'<p class="potfail">Failed here: <span class="mono">{_h(r.rule_id)}'
                           f"</span> {_h(r.title)}"
                           + (f" &mdash; counter-example: {_h(counter)}" if counter else "")
                           + "</p>")
        out.append("</div>")
    if not pots:
        out.append("<p>No pot.</p>")
    out += [f"<p>Returned to {_h(player)}: {amount}</p>" for player, amount in returns]
    out.append("</section>")
    return out


# ---------------------------------------------------------------- rules


def _rules(e: HandExplanation) -> list[str]:
    ordered = sorted(e.rules, key=lambda r: (r.verdict == "passed", r.verdict != "failed"))
    out = [f'<section class="rules"><h2>Rules that applied ({len(e.rules)}, '
           f"{len(e.failures)} failed)</h2>"]
    if not e.rules:
        out.append("<p>No rule applied to an event of this hand.</p>")
    for number, application in enumerate(ordered):
        out += _application(number, application)
    out.append("</section>")
    return out


def _application(number: int, r: RuleApplication) -> list[str]:
    opened = " open" if r.verdict != "passed" else ""
    step = (f' <button type="button" class="goto" data-step="{r.step}">show step {r.step}'
            "</button>" if r.step is not None else "")
    out = [
        f'<details class="rule {r.verdict}" id="rule-{number}" data-rule="{_h(r.rule_id)}"'
        f"{opened}><summary>"
        f'<span class="verdict">{_h(r.verdict)}</span> <span class="mono">{_h(r.rule_id)}</span>'
        f' <span class="sev">{_h(r.severity)}</span> {_h(r.title)} '
        f'<span class="on">on {_h(r.event_label)}</span></summary>',
        f'<div class="body"><p class="event">Event: {_h(r.event_label)}{step}</p>',
    ]
    out += [f'<blockquote><b>Clause {_h(c.clause)}</b> {_h(c.text)}</blockquote>'
            for c in r.clauses]
    if r.message:
        out.append(f'<p class="message">{_h(r.message)}</p>')
    out.append('<dl class="parts">')
    if r.trace.when is not None:
        out.append(f'<dt>when</dt><dd><code>{_h(r.when_text)}</code> = '
                   f"{_value(r.trace.when)}</dd>")
    out += [f"<dt>let {_h(b.name)}</dt><dd>{_h(b.value)}</dd>" for b in r.trace.lets]
    if r.trace.require is not None:
        out.append(f'<dt>require</dt><dd><code>{_h(r.require_text)}</code> = '
                   f"{_value(r.trace.require)}</dd>")
    out.append("</dl>")
    counter = _counter_example(r)
    if counter:
        out.append(f'<p class="counter">Counter-example in the trace: {_h(counter)}</p>')
    out += _comparisons(r.trace.deciding)
    if r.trace.require is not None:
        out += ['<details class="trace"><summary>Trace (every sub-expression, in the '
                "evaluator's order)</summary><ul>", *_trace(r.trace.require), "</ul></details>"]
    out.append("</div></details>")
    return out


def _counter_example(r: RuleApplication) -> str:
    """The quantifier items of the first comparison that broke a failing rule."""
    if r.verdict != "failed":
        return ""
    broken = next((c for c in r.trace.deciding if c.holds is False and c.where), None)
    if broken is None:
        return ""
    return broken.where_text


def _value(node: TraceNode) -> str:
    css = "v"
    if node.boolean and node.truth is not None:
        css = "t" if node.truth else "f"
    return f'<span class="val {css}">{_h(node.value)}</span>'


def _comparisons(comparisons: tuple[Comparison, ...]) -> list[str]:
    if not comparisons:
        return []
    out = ['<table class="evr"><caption>Expected vs recorded (the comparisons that decided)'
           "</caption><thead><tr><th>for</th><th>check</th><th>recorded</th>"
           "<th>expected</th><th></th></tr></thead><tbody>"]
    for c in comparisons:
        css = {True: "holds", False: "broken", None: "unknown"}[c.holds]
        verdict = {True: "holds", False: "does not hold", None: "unknown"}[c.holds]
        where = c.where_text
        out.append(
            f'<tr class="{css}"><td class="where">{_h(where)}</td>'
            f"<td><code>{_h(c.text)}</code></td>"
            f'<td class="recorded">{_side(c.recorded_text, c.recorded, c.where)}</td>'
            f'<td class="expected">{_h(c.op)} {_side(c.expected_text, c.expected, c.where)}'
            f"</td><td>{verdict}</td></tr>")
    out.append("</tbody></table>")
    return out


def _side(text: str, value: str, where: tuple[Binding, ...]) -> str:
    """One side of a comparison: its text, naming the items its variables stand for, and its
    value (once, for a literal)."""
    named = [b for b in where if re.search(rf"\b{re.escape(b.name)}\b", text)]
    who = "".join(f' <span class="who">({_h(b.name)} = {_h(b.value)})</span>' for b in named)
    if text == value:
        return f"<code>{_h(text)}</code>{who}"
    return f'<code>{_h(text)}</code>{who} = <b>{_h(value)}</b>'


def _trace(node: TraceNode) -> Iterator[str]:
    if node.bare:
        return
    binding = (f'<span class="item">{_h(node.binding.name)} = {_h(node.binding.value)}'
               "</span> " if node.binding is not None else "")
    yield f"<li>{binding}<code>{_h(node.text)}</code> = {_value(node)}"
    children = [child for child in node.children if not child.bare]
    if children:
        yield "<ul>"
        for child in children:
            yield from _trace(child)
        yield "</ul>"
    yield "</li>"


def _warnings(warnings: tuple[str, ...]) -> list[str]:
    if not warnings:
        return []
    return ['<section class="warnings"><h2>Warnings</h2><ul>',
            *(f"<li>{_h(w)}</li>" for w in warnings), "</ul></section>"]


# ---------------------------------------------------------------- data for the script


def _data(e: HandExplanation) -> str:
    seats = {s.name: index for index, s in enumerate(e.seats)}
    won = chips_won(e.pots)
    returned = chips_returned(e.returns)
    steps = []
    for step in e.steps:
        now = {p.name: p for p in step.players}
        steps.append({
            "n": step.number, "text": step.description, "player": step.player,
            "showdown": step.kind == "showdown",
            "pot": step.pot, "bet": step.bet_to_call, "board": step.board_cards,
            "before": [[k, str(v)] for k, v in _before_items(step)],
            "turn": step.before.expected_actor if step.before is not None else None,
            "raisers": list(step.raise_options),
            "players": [{"seat": seats.get(p.name), "stack": p.stack,
                         "chips": _chips_in_front(now.get(p.name), won.get(p.name, 0), step,
                                                  returned.get(p.name, 0))[0],
                         "flag": _flag(p)} for p in step.players],
        })
    text = json.dumps({"steps": steps}, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


_CSS = """
:root{--felt:#17613a;--felt2:#0d4a2b;--rail:#5b3a1e;--ink:#1d232b;--muted:#5d6875;
--bad:#b3261e;--badbg:#fdecea;--good:#1e7d3a;--goodbg:#e8f5ec;--panel:#f6f7f9}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
color:var(--ink);background:#e9ecef}
header{background:#1f2a36;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:22px}header p{margin:4px 0;color:#cfd8e3}
.mono,code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}
.badge{display:inline-block;padding:3px 10px;border-radius:12px;font-weight:600}
.badge.fail{background:var(--bad);color:#fff}.badge.pass{background:var(--good);color:#fff}
main{padding:16px 24px;max-width:1400px;margin:auto}
.layout{display:flex;gap:18px;align-items:flex-start;flex-wrap:wrap}
.table-area{flex:1 1 640px;min-width:520px}
.felt-wrap{width:100%;aspect-ratio:16/10;position:relative}
.rail{position:absolute;inset:0;border-radius:50%;background:radial-gradient(ellipse at 50% 35%,
#7a5230,var(--rail) 70%);box-shadow:0 8px 24px rgba(0,0,0,.35);padding:3.2%}
.felt{position:relative;width:100%;height:100%;border-radius:50%;background:radial-gradient(
ellipse at 50% 40%,#23804d,var(--felt) 55%,var(--felt2));box-shadow:inset 0 0 30px rgba(0,0,0,.5)}
.centre{position:absolute;left:50%;top:46%;transform:translate(-50%,-50%);text-align:center;
color:#fff;width:56%}
.board{display:flex;gap:5px;justify-content:center;min-height:58px;margin-bottom:4px}
.pot{font-size:16px;background:rgba(0,0,0,.28);display:inline-block;padding:2px 12px;
border-radius:12px}
.caption{margin-top:6px;font-size:13px;color:#e3f1e8;min-height:1.4em}
.card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
width:40px;height:56px;border-radius:6px;background:#fff;border:1px solid #c9ced6;font-weight:700;
font-size:17px;box-shadow:0 2px 3px rgba(0,0,0,.3);line-height:1}
.card i{font-style:normal;font-size:19px}.card.red{color:#c62828}.card.black{color:#1b1b1b}
.card.back{background:repeating-linear-gradient(45deg,#2f4f8f,#2f4f8f 4px,#3c63ad 4px,#3c63ad 8px);
border:2px solid #fff}
.card.hidden-card{visibility:hidden}
.seat{position:absolute;transform:translate(-50%,-50%);text-align:center;width:144px}
.seat .hole{display:flex;gap:3px;justify-content:center;margin-bottom:-10px;position:relative;
z-index:0}.seat .hole .card{width:34px;height:48px;font-size:15px}
.plate{position:relative;z-index:1;background:#1f2a36;color:#fff;border-radius:10px;padding:4px 6px;
border:2px solid #3b4a5b;box-shadow:0 3px 8px rgba(0,0,0,.4)}
.plate .name{font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.plate .stack{color:#ffd54f;font-weight:600}.plate .seatno{font-size:11px;color:#b7c3d0}
.role{background:#ffd54f;color:#1f2a36;border-radius:6px;padding:0 4px;font-weight:700}
.flag{color:#ff8a80;font-weight:700}
.seat.actor .plate{border-color:#ffd54f;box-shadow:0 0 0 3px rgba(255,213,79,.5)}
.seat.folded{opacity:.45}.seat.out{opacity:.3}.seat.allin .plate{border-color:#ff8a80}
.bet{position:absolute;transform:translate(-50%,-50%);background:#fff3;color:#fff;border-radius:12px;
padding:1px 9px;font-weight:700;border:2px dashed #ffd54f}.bet.empty{display:none}
.dealer{position:absolute;transform:translate(-50%,-50%);width:26px;height:26px;border-radius:50%;
background:#fff;color:#222;font-weight:800;text-align:center;line-height:26px;border:2px solid #999}
.controls{display:flex;gap:12px;align-items:center;justify-content:center;margin:12px 0}
.controls button,.goto{background:#1f2a36;color:#fff;border:0;border-radius:6px;padding:6px 12px;
cursor:pointer;font:inherit}.goto{padding:2px 8px;font-size:12px;margin-left:6px}
.state{display:flex;gap:12px;flex-wrap:wrap}.state>div{flex:1 1 260px;background:#fff;
border-radius:8px;padding:8px 12px}.state h3{margin:0 0 4px;font-size:14px;color:var(--muted)}
.state dl{display:grid;grid-template-columns:auto auto;gap:2px 12px;margin:0}
.state dt{color:var(--muted)}.state dd{margin:0;font-weight:600}
.timeline{flex:0 1 380px;background:#fff;border-radius:8px;padding:8px 12px;max-height:760px;
overflow:auto}.timeline h2{margin:4px 0 8px;font-size:17px}
.timeline ol{list-style:none;margin:0;padding:0}
.step{display:block;width:100%;text-align:left;background:none;border:0;border-left:4px solid
transparent;padding:5px 8px;cursor:pointer;font:inherit;color:inherit;border-radius:4px}
.step:hover{background:#eef2f6}.step.current{background:#fff6d5;border-left-color:#f0b400}
.step.failed{border-left-color:var(--bad)}.step .n{display:inline-block;min-width:22px;
color:var(--muted)}.street{font-size:11px;text-transform:uppercase;color:var(--muted)}
.rule-fail{display:inline-block;margin-left:6px;background:var(--bad);color:#fff;font-size:11px;
border-radius:8px;padding:0 6px}
section.pots,section.rules,section.warnings{background:#fff;border-radius:8px;padding:8px 16px;
margin-top:16px}
.potcard table,.evr{border-collapse:collapse;margin:6px 0}
.potcard td,.potcard th,.evr td,.evr th{border-bottom:1px solid #e1e5ea;padding:4px 10px;
text-align:left}
tr.odd td{background:#fff6d5;font-weight:600}.oddchip{font-weight:600}
.rule{border:1px solid #dde2e8;border-radius:8px;margin:8px 0;background:#fbfcfd}
.rule>summary{cursor:pointer;padding:8px 12px}.rule .body{padding:0 14px 10px}
.rule.failed{border-color:var(--bad);background:var(--badbg)}
.rule.unknown{border-color:#c58b00;background:#fff8e1}
.verdict{display:inline-block;min-width:64px;text-align:center;border-radius:8px;padding:0 6px;
font-weight:700;font-size:12px;text-transform:uppercase;background:var(--goodbg);color:var(--good)}
.rule.failed .verdict{background:var(--bad);color:#fff}.rule.unknown .verdict{background:#c58b00;
color:#fff}.sev{font-size:12px;color:var(--muted)}.on{color:var(--muted);font-size:13px}
blockquote{margin:6px 0;padding:6px 12px;border-left:4px solid #8aa1b8;background:#fff}
.message{font-weight:600}.parts dt{font-weight:700;color:var(--muted)}.parts dd{margin:0 0 4px 16px}
.evr caption{text-align:left;font-weight:700;padding:4px 0}
.evr tr.broken td{background:#fbd5d1}.evr tr.broken td.recorded{color:var(--bad);font-weight:700}
.evr tr.broken td.expected{color:var(--good);font-weight:700}
.who{color:#3a4a5c;font-weight:600}.counter,.potfail{font-weight:600;color:var(--bad)}
.bet.won{background:#ffd54f;color:#1f2a36;border-style:solid}
.val{font-family:ui-monospace,Menlo,Consolas,monospace;padding:0 4px;border-radius:4px}
.val.t{background:var(--goodbg);color:var(--good)}.val.f{background:var(--badbg);color:var(--bad)}
.val.v{background:#eef2f6}.item{background:#e3e9f7;border-radius:4px;padding:0 4px}
.trace ul{margin:2px 0;padding-left:18px}
"""

_SCRIPT = """
(function(){
var data=JSON.parse(document.getElementById('explain-data').textContent);
var steps=data.steps;if(!steps.length){return;}
var current=steps.length-1;
function el(id){return document.getElementById(id);}
function setText(node,text){if(node){node.textContent=text;}}
function show(n){
 if(n<0||n>=steps.length){return;}current=n;var s=steps[n];
 setText(el('pot'),String(s.pot));setText(el('caption'),s.text);setText(el('stepno'),'step '+n);
 var seats=document.querySelectorAll('.seat');
 for(var i=0;i<seats.length;i++){seats[i].classList.remove('actor','folded','allin');
  setText(el('flag-'+i),'');var b=el('bet-'+i);if(b){b.classList.add('empty');setText(b,'');}}
 s.players.forEach(function(p){if(p.seat===null){return;}var seat=el('seat-'+p.seat);
  setText(el('stack-'+p.seat),String(p.stack));setText(el('flag-'+p.seat),p.flag);
  if(p.flag==='folded'){seat.classList.add('folded');}
  if(p.flag==='all in'){seat.classList.add('allin');}
  var bet=el('bet-'+p.seat);if(bet&&p.chips){bet.classList.remove('empty');
   bet.classList.toggle('won',s.showdown);setText(bet,p.chips);}});
 if(s.player){for(var j=0;j<seats.length;j++){if(seats[j].getAttribute('data-player')===s.player){
  seats[j].classList.add('actor');}}}
 var cards=document.querySelectorAll('.board .card');
 for(var k=0;k<cards.length;k++){var idx=Number(cards[k].id.split('-')[1]);
  cards[k].classList.toggle('hidden-card',idx>=s.board);}
 var state=el('state');while(state.firstChild){state.removeChild(state.firstChild);}
 if(s.before.length){state.appendChild(panel('Before the act',s.before,
  s.turn?'Turn by seat order: '+s.turn:null));}
 state.appendChild(panel('After',[['pot',String(s.pot)],['bet to call',String(s.bet)]],
  'May still raise: '+(s.raisers.length?s.raisers.join(', '):'nobody')));
 var items=document.querySelectorAll('#timeline .step');
 for(var m=0;m<items.length;m++){items[m].classList.toggle('current',
  Number(items[m].getAttribute('data-step'))===n);}
}
function panel(title,rows,note){var d=document.createElement('div');
 var h=document.createElement('h3');h.textContent=title;d.appendChild(h);
 var dl=document.createElement('dl');rows.forEach(function(r){var dt=document.createElement('dt');
  dt.textContent=r[0];var dd=document.createElement('dd');dd.textContent=r[1];dl.appendChild(dt);
  dl.appendChild(dd);});d.appendChild(dl);
 if(note){var p=document.createElement('p');p.textContent=note;d.appendChild(p);}return d;}
document.addEventListener('click',function(ev){var t=ev.target.closest('[data-step]');
 if(t){show(Number(t.getAttribute('data-step')));if(t.classList.contains('goto')){
  el('prev').scrollIntoView({block:'center'});}}});
el('prev').addEventListener('click',function(){show(current-1);});
el('next').addEventListener('click',function(){show(current+1);});
document.addEventListener('keydown',function(ev){if(ev.key==='ArrowLeft'){show(current-1);}
 if(ev.key==='ArrowRight'){show(current+1);}});
show(current);
document.body.setAttribute('data-explain-ready','true');
})();
"""
