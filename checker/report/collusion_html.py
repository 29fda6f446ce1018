"""The clause-28 report as one self-contained page for an investigator (`feltcheck collusion
--format html`; inline CSS, SVG and script, nothing fetched): per view what was aggregated;
every tested pair ranked by score, with a filter box; the rings; and per pair (every flagged
one, and the best ranked up to a cap) its chip flow over time, each signal's value beside the
baseline it is tested against, and its evidence hands, each linked to its explain page.

Drawn from the JSON document (checker/report/collusion_json.py): the numbers on the page are
its numbers (each kept exactly in a `data-value` attribute beside the one written for people).
Integer geometry, sorted input and escaped strings: the same document gives the same bytes.
"""

from pathlib import Path
from typing import Any

from checker.dsl.ruleset import Ruleset
from checker.report.collusion_text import probability, signal_value
from checker.report.html_chart import nice_step
from checker.report.html_hands import (
    ExplainPages,
    HandKey,
    HandLinks,
    HandRequest,
    hands_folder,
    write_hand_pages,
)
from checker.report.html_markup import esc, number, plural
from checker.report.html_style import STYLE
from checker.report.output import staged

# Pairs drawn in full (flagged pairs always are): the rest are rows of the table, and all of
# them are in the JSON report.
PAIR_DETAILS = 100
# Explain pages written, for the detailed pairs' evidence hands in page order.
HAND_PAGES = 200

_SUMMARY = (("hands", "Hands"), ("players", "Players"), ("pairs_met", "Pairs met"),
            ("pairs_tested", "Pairs tested"), ("pairs_flagged", "Pairs flagged"),
            ("rings", "Rings"))


def write_collusion_html(document: dict[str, Any], rules_path: str, rules: Ruleset,
                         output: Path, explain_pages: ExplainPages | None = None, *,
                         pair_details: int = PAIR_DETAILS,
                         hand_pages: int = HAND_PAGES) -> list[Path]:
    """Write the page to `output` and the explain pages of the detailed pairs' evidence hands
    (at most `hand_pages`) to `<output stem>-hands/`, replacing an earlier page and folder
    whole (output.py); the files written, the page first."""
    detailed = [p for p in document["pairs"] if p["flagged"] or p["rank"] <= pair_details]
    requests = (HandRequest(HandKey(hand["file"], hand["hand"]))
                for pair in detailed for hand in pair["evidence"])
    folder = hands_folder(output)
    with staged(output, folder) as page_path:
        links = write_hand_pages(requests, page_path, rules_path, explain_pages, hand_pages)
        page = render_collusion_html(document, rules, detailed, links, hand_pages)
        page_path.write_text(page, encoding="utf-8", newline="\n")
    return [output, *(folder / path.name for path in links.written)]


def render_collusion_html(document: dict[str, Any], rules: Ruleset,
                          detailed: list[dict[str, Any]], links: HandLinks,
                          hand_pages: int) -> str:
    title = esc(rules.title or rules.name)
    return "".join((
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>feltcheck collusion report — {title}</title>",
        f"<style>{STYLE}{_STYLE}</style></head><body>",
        _header(document, title),
        "<main>",
        _summary(document),
        _pairs_panel(document, detailed),
        _rings_panel(document),
        _details_panel(document, detailed, links, hand_pages),
        "</main>",
        f"<footer>feltcheck {esc(document['tool']['version'])} · rendered from the same "
        "document as <code>feltcheck collusion --format json</code> · the same input and "
        "rules give the same page</footer>",
        f"<script>{_SCRIPT}</script></body></html>\n",
    ))


def _header(document: dict[str, Any], title: str) -> str:
    ruleset = document["ruleset"]
    return ('<header class="top"><div class="inner">'
            f'<div class="kicker">feltcheck {esc(document["tool"]["version"])} · clause 28 '
            "collusion report</div>"
            f"<h1>{title}</h1>"
            f'<div class="meta">rule set <code>{esc(ruleset["name"])}</code> · sha256 '
            f'<code title="{esc(ruleset["sha256"])}">{esc(ruleset["sha256"][:16])}…</code></div>'
            '<nav><a href="#summary">Summary</a><a href="#pairs">Pairs</a>'
            '<a href="#rings">Rings</a><a href="#details">Pair details</a></nav>'
            "</div></header>")


def _panel(anchor: str, title: str, lead: str, body: str) -> str:
    return (f'<section class="panel" id="{anchor}"><h2>{title}</h2><p class="lead">{lead}</p>'
            f"{body}</section>")


def _summary(document: dict[str, Any]) -> str:
    views = []
    for view, summary in document["summary"].items():
        cards = "".join(
            f'<div class="card{" flagged" if key == "pairs_flagged" and summary[key] else ""}">'
            f'<span class="label">{label}</span><span class="value">'
            f'<span data-summary="{esc(view)}.{key}" data-value="{summary[key]}">'
            f"{number(summary[key])}</span></span></div>"
            for key, label in _SUMMARY)
        views.append(f'<h3 class="sub">{esc(view)} view</h3><div class="cards">{cards}</div>')
    parameters = document["parameters"]
    rows = "".join(f"<tr><td><code>{esc(name)}</code></td><td class=\"num\">{esc(value)}</td>"
                   "</tr>" for name, value in parameters.items())
    rules = "".join(f'<li><code class="rule-id">{esc(rule["id"])}</code> {esc(rule["title"])}'
                    f' <span class="badge {esc(rule["severity"])}">{esc(rule["severity"])}'
                    "</span></li>" for rule in document["rules"])
    lead = ("The integrity view is what tournament logs show (every hole card); the public view "
            "what hand histories show (the cards shown). A pair is tested with enough hands "
            "and tournaments together; the clause-28 rules flag it on its false discovery rate.")
    body = ("".join(views)
            + f'<h3 class="sub">The rules that judge pairs and rings</h3><ul class="rules">'
              f"{rules}</ul>"
            + '<details class="parameters"><summary>Parameters</summary>'
              f'<table class="formats"><tbody>{rows}</tbody></table></details>')
    return _panel("summary", "Summary", lead, body)


def _search(pair: dict[str, Any]) -> str:
    parts = [*pair["players"], pair["view"], pair["leading_signal"] or "", *pair["rules"],
             "flagged" if pair["flagged"] else ""]
    return " ".join(p for p in parts if p).lower()


def _pair_attributes(pair: dict[str, Any]) -> str:
    return (f'data-rank="{pair["rank"]}" data-players="{esc(" ".join(pair["players"]))}" '
            f'data-view="{esc(pair["view"])}" data-flagged="{str(pair["flagged"]).lower()}" '
            f'data-search="{esc(_search(pair))}"')


def _players(pair: dict[str, Any]) -> str:
    a, b = pair["players"]
    return f'<span class="player">{esc(a)}</span> &amp; <span class="player">{esc(b)}</span>'


def _verdict(pair: dict[str, Any]) -> str:
    if not pair["flagged"]:
        return '<span class="none">not flagged</span>'
    rules = "".join(f'<code class="rule-id">{esc(r)}</code>' for r in pair["rules"])
    return f'<span class="badge flag">flagged</span> {rules}'


def _toolbar(pairs: list[dict[str, Any]]) -> str:
    views = sorted({p["view"] for p in pairs})
    checks = "".join(f'<label><input type="checkbox" name="view" value="{esc(v)}" checked>'
                     f"{esc(v)}</label>" for v in views)
    return ('<div class="toolbar"><input type="search" id="filter" '
            'placeholder="Filter by player, view, signal or rule" aria-label="Filter pairs">'
            f'{checks}<label><input type="checkbox" id="flagged-only">flagged only</label>'
            f'<span class="shown" id="shown" data-rows="{len(pairs)}">'
            f"{plural(len(pairs), 'pair')}</span></div>")


def _pairs_panel(document: dict[str, Any], detailed: list[dict[str, Any]]) -> str:
    pairs = document["pairs"]
    if not pairs:
        return _panel("pairs", "Pairs", "No pair had enough hands together to be tested.", "")
    with_detail = {p["rank"] for p in detailed}
    rows = "".join(_pair_row(pair, pair["rank"] in with_detail) for pair in pairs)
    flagged = sum(1 for p in pairs if p["flagged"])
    lead = (f"{plural(len(pairs), 'pair')} tested, {number(flagged)} flagged, the most "
            "suspicious first. Score: -log10 of the pair's p-value (its best signal, corrected "
            "for the signals tried), comparable across the pairs of this run; q: its false "
            "discovery rate among its view's pairs.")
    head = "".join((f'<th class="num">{name}</th>' if numeric else f"<th>{name}</th>")
                   for name, numeric in (
        ("#", True), ("Players", False), ("View", False), ("Hands", True),
        ("Tournaments", True), ("Leading signal", False), ("Score", True), ("p", True),
        ("q", True), ("Verdict", False), ("Ring", False), ("Details", False)))
    return _panel("pairs", "Pairs, ranked", lead,
                  _toolbar(pairs) + f'<div class="scroll"><table class="pairs"><thead><tr>'
                  f"{head}</tr></thead><tbody>{rows}</tbody></table></div>")


def _pair_row(pair: dict[str, Any], detailed: bool) -> str:
    ring = (f'<a href="#ring-{pair["ring"]}">ring {pair["ring"]}</a>'
            if pair["ring"] is not None else '<span class="none">—</span>')
    details = (f'<a href="#pair-{pair["rank"]}">details</a>' if detailed
               else '<span class="none">in the JSON report</span>')
    return (f'<tr class="pair{" flagged" if pair["flagged"] else ""}" {_pair_attributes(pair)}>'
            f'<td class="num rank">{pair["rank"]}</td><td class="players">{_players(pair)}</td>'
            f'<td class="view">{esc(pair["view"])}</td>'
            f'<td class="num hands" data-value="{pair["hands_together"]}">'
            f'{number(pair["hands_together"])}</td>'
            f'<td class="num tournaments" data-value="{pair["tournaments_together"]}">'
            f'{number(pair["tournaments_together"])}</td>'
            f'<td class="leading"><code>{esc(pair["leading_signal"] or "—")}</code></td>'
            f'<td class="num score" data-value="{pair["score"]!r}">{pair["score"]:.2f}</td>'
            f'<td class="num p" data-value="{pair["p_value"]!r}">'
            f'{probability(pair["p_value"])}</td>'
            f'<td class="num q" data-value="{pair["q_value"]!r}">'
            f'{probability(pair["q_value"])}</td>'
            f'<td class="verdict">{_verdict(pair)}</td><td class="ring">{ring}</td>'
            f'<td class="details">{details}</td></tr>')


def _rings_panel(document: dict[str, Any]) -> str:
    rings = document["rings"]
    if not rings:
        return _panel("rings", "Rings", "No three or more players are joined by flagged "
                      "pairs.", "")
    rows = "".join(
        f'<tr class="ring" id="ring-{r["index"]}" data-index="{r["index"]}" '
        f'data-view="{esc(r["view"])}" data-players="{esc(" ".join(r["players"]))}">'
        f'<td class="num">{r["index"]}</td><td>{esc(r["view"])}</td>'
        f'<td>{", ".join(esc(p) for p in r["players"])}</td>'
        f'<td class="num">{r["pairs"]}</td><td>'
        + "".join(f'<div>{esc(a)} &amp; {esc(b)}</div>' for a, b in r["edges"])
        + f'</td><td>{_verdict(r)}</td></tr>'
        for r in rings)
    return _panel("rings", "Rings", "Players joined by flagged pairs (three or more), per view.",
                  '<table class="rings"><thead><tr><th class="num">#</th><th>View</th>'
                  '<th>Players</th><th class="num">Flagged pairs</th><th>Pairs</th>'
                  f"<th>Verdict</th></tr></thead><tbody>{rows}</tbody></table>")


def _details_panel(document: dict[str, Any], detailed: list[dict[str, Any]],
                   links: HandLinks, hand_pages: int) -> str:
    total = len(document["pairs"])
    lead = (f"{plural(len(detailed), 'pair')} of {number(total)} drawn in full: every flagged "
            "pair and the best ranked. The baseline of a signal is the actor's own play toward "
            "everyone else (shrunk toward the population for players seen little).")
    if links.linking:
        lead += (f" Explain pages written for {plural(len(links.pages), 'evidence hand')} in "
                 f"<code>{esc(links.folder)}/</code>")
        if links.beyond_cap:
            lead += (f" (at most {number(hand_pages)}); the other "
                     f"{plural(len(links.beyond_cap), 'hand')} show the command to run")
        lead += "."
    else:
        lead += " Each evidence hand shows the <code>feltcheck explain</code> command."
    body = "".join(_detail(pair, links) for pair in detailed)
    return _panel("details", "Pair details", lead, body or '<p class="empty">None.</p>')


def _detail(pair: dict[str, Any], links: HandLinks) -> str:
    facts = [("score", f'{pair["score"]:.2f}'), ("p", probability(pair["p_value"])),
             ("q", probability(pair["q_value"])),
             ("hands together", number(pair["hands_together"])),
             ("tournaments together", number(pair["tournaments_together"])),
             ("leading signal", f'{pair["leading_signal"] or "—"} '
                                f'({pair["leading_family"] or "—"})'),
             ("co-presence", f'score {pair["co_presence"]["score"]:.2f}, '
                             f'{pair["co_presence"]["expected_tournaments"]:.1f} tournaments '
                             "together expected (context, not scored)"),
             ("ring", "—" if pair["ring"] is None else f'ring {pair["ring"]}')]
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts)
    a, b = pair["players"]
    return (f'<section class="pair-detail{" flagged" if pair["flagged"] else ""}" '
            f'id="pair-{pair["rank"]}" {_pair_attributes(pair)}>'
            f'<h3><span class="rank">#{pair["rank"]}</span> {_players(pair)} '
            f'<span class="view">{esc(pair["view"])} view</span> {_verdict(pair)}</h3>'
            f'<dl class="facts">{dl}</dl>'
            f'<h4>Chip flow over time: {esc(a)} → {esc(b)}, cumulative</h4>'
            f"{flow_chart(pair)}"
            "<h4>Signals against the baseline</h4>"
            f"{_signals(pair)}"
            f'<h4>Evidence hands ({number(len(pair["evidence"]))})</h4>'
            f"{_evidence(pair, links)}</section>")


_FLOW_WIDTH = 720
_FLOW_HEIGHT = 190
_FLOW_LEFT = 70
_FLOW_RIGHT = 20
_FLOW_TOP = 12
_FLOW_BOTTOM = 34


def flow_chart(pair: dict[str, Any]) -> str:
    """The cumulative chip flow from the first player to the second, one point per tournament
    together (in tournament order), on a scale of round numbers of big blinds."""
    flow = pair["flow"]
    if not flow:
        return '<p class="empty">No chips changed hands between them.</p>'
    values: list[int] = [int(point["cumulative"]) for point in flow]
    low, high = min(0, *values), max(0, *values)
    step = nice_step(max(high - low, 1000))
    bottom_value = low // step * step  # round numbers below and above every point
    top_value = -(-high // step) * step
    if top_value == bottom_value:
        top_value = bottom_value + step
    plot_width = _FLOW_WIDTH - _FLOW_LEFT - _FLOW_RIGHT
    plot_height = _FLOW_HEIGHT - _FLOW_TOP - _FLOW_BOTTOM

    def y(value: int) -> int:
        return _FLOW_TOP + (top_value - value) * plot_height // (top_value - bottom_value)

    def x(index: int) -> int:
        if len(flow) == 1:
            return _FLOW_LEFT + plot_width // 2
        return _FLOW_LEFT + index * plot_width // (len(flow) - 1)

    parts = [f'<svg class="flow" role="img" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {_FLOW_WIDTH} {_FLOW_HEIGHT}" width="{_FLOW_WIDTH}" '
             f'height="{_FLOW_HEIGHT}" aria-label="Cumulative chip flow in big blinds">']
    for value in range(bottom_value, top_value + 1, step):
        parts.append(f'<line class="{"zero" if value == 0 else "grid"}" x1="{_FLOW_LEFT}" '
                     f'y1="{y(value)}" x2="{_FLOW_WIDTH - _FLOW_RIGHT}" y2="{y(value)}"/>'
                     f'<text class="tick" x="{_FLOW_LEFT - 8}" y="{y(value) + 4}">'
                     f"{_bb(value)}</text>")
    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    parts.append(f'<polyline class="line" points="{points}"/>')
    for index, point in enumerate(flow):
        tip = (f'tournament {point["tournament"]}: {_bb(point["net"], True)} bb, '
               f'{_bb(point["cumulative"], True)} bb in all')
        parts.append(f'<circle class="point" cx="{x(index)}" cy="{y(point["cumulative"])}" '
                     f'r="3" data-tournament="{esc(point["tournament"])}" '
                     f'data-net="{point["net"]}" data-cumulative="{point["cumulative"]}">'
                     f"<title>{esc(tip)}</title></circle>")
    label_y = _FLOW_HEIGHT - 10
    parts.append(f'<text class="axis-label start" x="{_FLOW_LEFT}" y="{label_y}">'
                 f'{esc(flow[0]["tournament"])}</text>')
    if len(flow) > 1:
        parts.append(f'<text class="axis-label end" x="{_FLOW_WIDTH - _FLOW_RIGHT}" '
                     f'y="{label_y}">{esc(flow[-1]["tournament"])}</text>')
    parts.append(f'<text class="axis-label middle" x="{_FLOW_LEFT + plot_width // 2}" '
                 f'y="{label_y}">{plural(len(flow), "tournament")} together (big blinds)'
                 "</text></svg>")
    more = ("" if pair["flow_complete"] else
            '<p class="more">The chart holds the earliest tournaments together only; the '
            "signals count every hand.</p>")
    return f'<div class="chart-wrap">{"".join(parts)}</div>{more}'


def _bb(mbb: int, signed: bool = False) -> str:
    value = mbb / 1000
    return f"{value:+,.1f}" if signed else f"{value:,.0f}" if mbb % 1000 == 0 else f"{value:,.1f}"


def _signals(pair: dict[str, Any]) -> str:
    rows = "".join(_signal_row(s) for s in pair["signals"])
    return ('<table class="signals"><thead><tr><th>Signal</th><th>Actor → partner</th>'
            '<th class="num">Occasions</th><th>Pair against baseline</th><th class="num">Pair'
            '</th><th class="num">Baseline</th><th class="num">z</th><th class="num">p</th>'
            f"</tr></thead><tbody>{rows}</tbody></table>"
            '<p class="note">Rates in per cent, a contrast (a rate when the partner holds the '
            "actor's outs less the rate when not) in points, amounts in big blinds per "
            "occasion. ★ the leading signal; a context signal is shown but not scored.</p>")


def _signal_row(s: dict[str, Any]) -> str:
    kind = s["kind"]
    classes = " ".join(c for c in ("signal", "leading" if s["leading"] else "",
                                   "context" if s["context"] else "",
                                   "" if s["scored"] else "unscored") if c)
    note = ("" if s["scored"] else ' <span class="none">(too few occasions)</span>')
    note += ' <span class="none">(context)</span>' if s["context"] else ""
    star = '<span class="star" title="the leading signal">★</span> ' if s["leading"] else ""
    z = f'{s["z"]:+.2f}' if s["z"] is not None else "—"
    # Both ways: the two directions' z added, over sqrt 2.
    arrow = "↔" if s["both_ways"] else "→"
    p = probability(s["p_value"]) if s["scored"] else "—"
    return (f'<tr class="{classes}" data-name="{esc(s["name"])}" data-actor="{esc(s["actor"])}" '
            f'data-partner="{esc(s["partner"])}" data-kind="{esc(kind)}" '
            f'data-pair-value="{_exact(s["pair_value"])}" '
            f'data-baseline-value="{_exact(s["baseline_value"])}" data-z="{_exact(s["z"])}" '
            f'data-p-value="{s["p_value"]!r}" data-scored="{str(s["scored"]).lower()}">'
            f'<td title="{esc(s["title"])}">{star}<code>{esc(s["name"])}</code>{note}</td>'
            f'<td class="who">{esc(s["actor"])} {arrow} {esc(s["partner"])}</td>'
            f'<td class="num">{number(s["occasions"])}</td>'
            f'<td class="bars">{_bars(s)}</td>'
            f'<td class="num pair-value">{signal_value(kind, s["pair_value"])}</td>'
            f'<td class="num baseline-value">{signal_value(kind, s["baseline_value"])}</td>'
            f'<td class="num z">{z}</td><td class="num p">{p}</td></tr>')


def _exact(value: float | None) -> str:
    return "" if value is None else repr(value)


def _bars(s: dict[str, Any]) -> str:
    """The pair's value beside the baseline's: a rate on a scale of 0-100%, an amount or a
    contrast on the scale of the larger of the two."""
    pair, baseline = s["pair_value"], s["baseline_value"]
    if pair is None or baseline is None:
        return ""
    scale = 1.0 if s["kind"] == "rate" else max(abs(pair), abs(baseline))

    def bar(name: str, value: float) -> str:
        width = round(100 * abs(value) / scale) if scale > 0 else 0
        sign = " negative" if value < 0 else ""
        return (f'<div class="bar {name}{sign}"><span style="width:{min(width, 100)}%">'
                "</span></div>")

    return bar("pair", pair) + bar("baseline", baseline)


def _evidence(pair: dict[str, Any], links: HandLinks) -> str:
    if not pair["evidence"]:
        return '<p class="empty">No evidence hand kept.</p>'
    rows = []
    for hand in pair["evidence"]:
        request = HandRequest(HandKey(hand["file"], hand["hand"]))
        link = links.link(request, f"hand {hand['hand']}")
        tournament = (f' <span class="k">tournament</span> {esc(hand["tournament"])}'
                      if hand["tournament"] else "")
        rows.append(
            f'<tr class="evidence" data-hand="{esc(hand["hand"])}" data-file="{esc(hand["file"])}"'
            f' data-line="{hand["line"]}" data-signal="{esc(hand["signal"])}">'
            f'<td class="explain-cell">{link}</td>'
            f'<td class="where"><code class="file">{esc(hand["file"]).replace("/", "/<wbr>")}:'
            f'{hand["line"]}</code><div class="details">{tournament}</div></td>'
            f'<td><code>{esc(hand["signal"])}</code></td>'
            f'<td class="who">{esc(hand["actor"])} → {esc(hand["partner"])}</td>'
            f'<td class="num" data-value="{hand["weight"]}">{hand["weight"] / 1000:,.2f} bb</td>'
            "</tr>")
    return ('<table class="evidence-hands"><thead><tr><th>Explain</th><th>Where</th>'
            '<th>Signal</th><th>Actor → partner</th><th class="num">Weight</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>')


_STYLE = """
.card.flagged{border-top-color:var(--error)}.card.flagged .value{color:var(--error)}
ul.rules{margin:0 0 12px;padding-left:18px}ul.rules li{margin:3px 0}
details.parameters summary{cursor:pointer;color:var(--muted);font-size:13px}
details.parameters table{width:auto;margin-top:6px}
.scroll{overflow-x:auto}
table.pairs td{white-space:nowrap}table.pairs td.verdict{white-space:normal;min-width:150px}
td.verdict code.rule-id{display:inline-block;margin:2px 0;font-size:11.5px}
table.pairs tr.flagged td{background:#fff6f5}
.badge.flag{background:#fef3f2;color:var(--error);box-shadow:inset 0 0 0 1px #fecdca}
.player{font-weight:600}
section.pair-detail{border-top:1px solid var(--line);padding-top:18px;margin-top:18px}
section.pair-detail h3{display:flex;gap:10px;align-items:center;flex-wrap:wrap;margin:0 0 8px;
font-size:16px}
section.pair-detail h3 .rank{color:var(--accent)}
section.pair-detail h3 .view{color:var(--muted);font-weight:400;font-size:13px}
section.pair-detail h4{font-size:13.5px;margin:16px 0 6px}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 14px;margin:0;font-size:13px}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0}
svg.flow{max-width:100%;height:auto;display:block}
svg.flow text{font:11px var(--sans);fill:var(--faint)}
svg.flow text.tick{text-anchor:end}
svg.flow text.axis-label.middle{text-anchor:middle}
svg.flow text.axis-label.end{text-anchor:end}
svg.flow line.grid{stroke:#eaecf0}svg.flow line.zero{stroke:#98a2b3}
svg.flow polyline.line{fill:none;stroke:var(--accent);stroke-width:2}
svg.flow circle.point{fill:#fff;stroke:var(--accent);stroke-width:1.5}
table.signals td.bars{width:190px}
.bar{height:7px;background:#f2f4f7;border-radius:4px;margin:2px 0;width:180px}
.bar span{display:block;height:7px;border-radius:4px}
.bar.pair span{background:var(--accent)}.bar.baseline span{background:#98a2b3}
.bar.negative span{opacity:.45}
tr.signal.leading td{background:#fffaeb;font-weight:600}
tr.signal.unscored td,tr.signal.context td{color:var(--faint)}
.star{color:var(--warning)}
p.note{color:var(--muted);font-size:12px;margin:4px 0 0}
td.who{white-space:nowrap;font-size:12.5px}
table.signals td.num,table.evidence-hands td.num{white-space:nowrap}
table.rings td div{white-space:nowrap;font-size:12.5px}
"""

# Filter the pairs (table rows and detail sections) by text, view and verdict.
_SCRIPT = """
(function () {
  var box = document.getElementById('filter');
  if (!box) { return; }
  var only = document.getElementById('flagged-only');
  var views = Array.prototype.slice.call(document.querySelectorAll('input[name=view]'));
  var shown = document.getElementById('shown');
  function apply() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var wanted = {};
    views.forEach(function (v) { wanted[v.value] = v.checked; });
    var count = 0;
    document.querySelectorAll('tr.pair, section.pair-detail').forEach(function (item) {
      var text = item.getAttribute('data-search');
      var keep = wanted[item.getAttribute('data-view')] &&
        (!only.checked || item.getAttribute('data-flagged') === 'true') &&
        words.every(function (w) { return text.indexOf(w) >= 0; });
      item.hidden = !keep;
      if (keep && item.tagName === 'TR') { count += 1; }
    });
    shown.textContent = count + ' of ' + shown.getAttribute('data-rows') + ' pairs shown';
  }
  box.addEventListener('input', apply);
  only.addEventListener('change', apply);
  views.forEach(function (v) { v.addEventListener('change', apply); });
  apply();
})();
"""
