"""The clause-28 report at a terminal (`feltcheck collusion`, rich): per view what was
aggregated, every tested pair ranked by score with its leading signal, q-value and the rules'
verdict, the rings; then, per flagged pair, each of its signals against the players' own
baselines and its evidence hands (file:line hand id, for `feltcheck explain`).

Drawn from the JSON document (checker/report/collusion_json.py), so its numbers are the JSON
report's. Deterministic when it does not go to a terminal, as the audit's text report.
"""

import io
from typing import Any

from rich import box
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from checker.dsl.ruleset import Ruleset
from checker.report.text_report import report_console

FLAG = "FLAGGED"
# Two spaces between columns (the box's one and this one): the wide tables fit 100 columns.
_NARROW = (0, 1, 0, 0)


def render_collusion_text(document: dict[str, Any], rules: Ruleset,
                          terminal: bool = False) -> str:
    out = io.StringIO()
    console = report_console(out, terminal)
    _header(console, document, rules)
    _views(console, document)
    _pairs(console, document)
    _rings(console, document)
    for pair in document["pairs"]:
        if pair["flagged"]:
            _flagged(console, pair)
    if terminal:
        return out.getvalue()
    return "".join(line.rstrip() + "\n" for line in out.getvalue().splitlines())


def signal_value(kind: str, value: float | None) -> str:
    """A signal's value for people: a rate as a percentage, a contrast (a difference of two
    rates) in percentage points, an amount (mbb per occasion) in big blinds."""
    if value is None:
        return "—"
    if kind == "rate":
        return f"{value * 100:.1f}%"
    if kind == "contrast":
        return f"{value * 100:+.1f} pts"
    return f"{value / 1000:+.3f} bb"


def probability(value: float) -> str:
    return f"{value:.2e}" if value < 0.001 else f"{value:.4f}"


def players(pair: dict[str, Any]) -> str:
    return " & ".join(pair["players"])


def _header(console: Console, document: dict[str, Any], rules: Ruleset) -> None:
    ruleset = document["ruleset"]
    line = Text(f"feltcheck {document['tool']['version']} — clause 28 collusion — rules: "
                f"{ruleset['name']}", style="bold")
    line.append(f" ({rules.title}; sha256 {ruleset['sha256'][:12]})", style="dim")
    console.print(line, soft_wrap=True)
    parameters = document["parameters"]
    fdr = parameters.get("collusion.false_discovery_rate")
    console.print(
        f"pairs are tested with {parameters.get('collusion.min_hands')} hands in "
        f"{parameters.get('collusion.min_tournaments')} tournaments together; flagged at "
        f"q <= {fdr} (false discovery rate)", soft_wrap=True)
    console.print()


def _views(console: Console, document: dict[str, Any]) -> None:
    table = Table(box=box.SIMPLE_HEAD, title="Views", title_justify="left", show_edge=False,
                  pad_edge=False)
    columns = ("hands", "players", "pairs_met", "pairs_tested", "pairs_flagged", "rings",
               "rings_flagged")
    table.add_column("view")
    for name in columns:
        table.add_column(name.replace("_", " "), justify="right")
    for view, summary in document["summary"].items():
        table.add_row(view, *(f"{summary[c]:,}" for c in columns))
    console.print(table)
    console.print("integrity: tournament logs (every hole card); public: hand histories "
                  "(shown cards only)", soft_wrap=True)


def _pairs(console: Console, document: dict[str, Any]) -> None:
    """One table per view (q-values are a view's own), each pair with its rank in the run."""
    for view in document["summary"]:
        pairs = [p for p in document["pairs"] if p["view"] == view]
        if not pairs:
            continue
        console.print()
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                      padding=_NARROW, title_justify="left",
                      title=f"Pairs tested in the {view} view, most suspicious first "
                            f"({len(pairs):,})")
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("players", no_wrap=True)
        table.add_column("hands", justify="right", no_wrap=True)
        table.add_column("leading signal", no_wrap=True)
        table.add_column("score", justify="right", no_wrap=True)
        table.add_column("q", justify="right", no_wrap=True)
        table.add_column("verdict", no_wrap=True)
        table.add_column("ring", justify="right", no_wrap=True)
        for pair in pairs:
            verdict = Text(FLAG, style="bold red") if pair["flagged"] else Text("")
            table.add_row(str(pair["rank"]), players(pair), f"{pair['hands_together']:,}",
                          pair["leading_signal"] or "—", f"{pair['score']:.2f}",
                          probability(pair["q_value"]), verdict,
                          "" if pair["ring"] is None else str(pair["ring"]))
        console.print(table)
    if not document["pairs"]:
        console.print()
        console.print(Text("No pair had enough hands together to be tested.", style="bold"))
        return
    console.print("score: -log10 of the pair's p-value (its best signal, corrected for the "
                  "signals tried); q: its false discovery rate among the view's pairs",
                  soft_wrap=True)


def _rings(console: Console, document: dict[str, Any]) -> None:
    rings = document["rings"]
    if not rings:
        return
    console.print()
    console.print(Text("Rings (players joined by flagged pairs):", style="bold"))
    for ring in rings:
        verdict = f" — {FLAG} {', '.join(ring['rules'])}" if ring["flagged"] else ""
        console.print(Text(f"  ring {ring['index']} ({ring['view']} view): "
                           f"{', '.join(ring['players'])}; {ring['pairs']} flagged pairs"
                           f"{verdict}"), soft_wrap=True)


def _flagged(console: Console, pair: dict[str, Any]) -> None:
    console.print()
    ring = f", ring {pair['ring']}" if pair["ring"] is not None else ""
    console.print(Text(f"#{pair['rank']} {players(pair)} ({pair['view']} view): {FLAG} "
                       f"{', '.join(pair['rules'])}{ring}", style="bold underline"),
                  soft_wrap=True)
    console.print(f"  score {pair['score']:.2f}, p {probability(pair['p_value'])}, q "
                  f"{probability(pair['q_value'])}; {pair['hands_together']:,} hands in "
                  f"{pair['tournaments_together']:,} tournaments together; leading signal "
                  f"{pair['leading_signal']} ({pair['leading_family']})", soft_wrap=True)
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=_NARROW)
    table.add_column("signal")
    table.add_column("actor → partner", no_wrap=True)
    table.add_column("occ.", justify="right")
    table.add_column("pair", justify="right")
    table.add_column("baseline", justify="right")
    table.add_column("z", justify="right")
    table.add_column("p", justify="right")
    for signal in pair["signals"]:
        mark = "*" if signal["leading"] else (" (context)" if signal["context"] else "")
        name = signal["name"] + mark if signal["scored"] else f"{signal['name']} (too few)"
        z = f"{signal['z']:+.2f}" if signal["z"] is not None else "—"
        kind = signal["kind"]
        arrow = "↔" if signal["both_ways"] else "→"
        table.add_row(name, f"{signal['actor']} {arrow} {signal['partner']}",
                      f"{signal['occasions']:,}", signal_value(kind, signal["pair_value"]),
                      signal_value(kind, signal["baseline_value"]), z,
                      probability(signal["p_value"]) if signal["scored"] else "—")
    console.print(Padding(table, (0, 0, 0, 2)))
    console.print("  * the leading signal; ↔ both directions at once; baseline: the actor's "
                  "play toward everyone else",
                  soft_wrap=True)
    flow = pair["flow"]
    if flow:
        total = flow[-1]["cumulative"]
        console.print(f"  chip flow {pair['players'][0]} → {pair['players'][1]}: "
                      f"{total / 1000:+,.1f} bb over {len(flow)} tournaments", soft_wrap=True)
    console.print(f"  evidence hands ({len(pair['evidence'])}):")
    for hand in pair["evidence"]:
        tournament = f" tournament {hand['tournament']}" if hand["tournament"] else ""
        console.print(Text(f"    {hand['file']}:{hand['line']}{tournament} hand {hand['hand']}: "
                           f"{hand['signal']}, {hand['actor']} → {hand['partner']}, "
                           f"{hand['weight'] / 1000:,.2f} bb"), soft_wrap=True)
