"""The per-clause chart of the HTML report: an inline SVG bar chart, one horizontal bar per
clause with findings, stacked by severity, on a scale of round numbers. Integer geometry only,
so the same counts always draw the same bytes."""

from checker.model.findings import SEVERITIES
from checker.report.html_markup import esc, number, safe_name

# The colour of each severity, shared by the chart, the badges and the summary cards.
SEVERITY_COLOURS = {"error": "#b42318", "warning": "#b54708", "info": "#175cd3"}

_LABEL_WIDTH = 92
_BAR_AREA = 900
_COUNT_WIDTH = 72
_ROW_HEIGHT = 24
_BAR_HEIGHT = 14
_TOP = 34  # the legend's band
_AXIS_BAND = 22
_MIN_SEGMENT = 2  # a single finding beside thousands still shows


def nice_step(largest: int) -> int:
    """The gridline step: 1, 2 or 5 times a power of ten, at most five steps to `largest`."""
    magnitude = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * magnitude
            if largest <= step * 5:
                return step
        magnitude *= 10


def clause_chart(bars: list[tuple[str, dict[str, int]]]) -> str:
    """The chart of `bars`: (clause id, findings by severity), in the order given."""
    if not bars:
        return '<p class="empty">No findings: nothing to chart.</p>'
    step = nice_step(max(sum(counts.values()) for _, counts in bars))
    axis_max = step * -(-max(sum(c.values()) for _, c in bars) // step)
    width = _LABEL_WIDTH + _BAR_AREA + _COUNT_WIDTH
    height = _TOP + len(bars) * _ROW_HEIGHT + _AXIS_BAND
    parts = [f'<svg class="chart" role="img" xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'aria-label="Findings per clause, by severity">',
             _legend(), _grid(step, axis_max, height)]
    for row, (clause, counts) in enumerate(bars):
        parts.append(_bar(row, clause, counts, axis_max))
    parts.append("</svg>")
    return "".join(parts)


def _legend() -> str:
    items = []
    for index, severity in enumerate(SEVERITIES):
        x = _LABEL_WIDTH + index * 96
        items.append(f'<rect x="{x}" y="8" width="12" height="12" rx="2" '
                     f'fill="{SEVERITY_COLOURS[severity]}"/>'
                     f'<text x="{x + 18}" y="18" class="legend">{severity}</text>')
    return '<g class="legend">' + "".join(items) + "</g>"


def _x(value: int, axis_max: int) -> int:
    return _LABEL_WIDTH + value * _BAR_AREA // axis_max


def _grid(step: int, axis_max: int, height: int) -> str:
    bottom = height - _AXIS_BAND
    lines = []
    for value in range(0, axis_max + 1, step):
        x = _x(value, axis_max)
        lines.append(f'<line x1="{x}" y1="{_TOP - 4}" x2="{x}" y2="{bottom}" class="grid"/>'
                     f'<text x="{x}" y="{bottom + 15}" class="tick">{number(value)}</text>')
    return '<g class="axis">' + "".join(lines) + "</g>"


def _bar(row: int, clause: str, counts: dict[str, int], axis_max: int) -> str:
    top = _TOP + row * _ROW_HEIGHT
    middle = top + _ROW_HEIGHT // 2
    total = sum(counts.values())
    tip = ", ".join(f"{number(counts[s])} {s}" for s in SEVERITIES if counts.get(s))
    parts = [f'<g class="bar" data-clause="{esc(clause)}" data-total="{total}">'
             f'<a href="#clause-{esc(safe_name(clause))}">'
             f"<title>Clause {esc(clause)}: {tip}</title>"
             f'<text x="{_LABEL_WIDTH - 10}" y="{middle + 4}" class="label">'
             f"Clause {esc(clause)}</text>"]
    x = _LABEL_WIDTH
    done = 0
    for severity in SEVERITIES:
        count = counts.get(severity, 0)
        if not count:
            continue
        done += count
        end = max(_x(done, axis_max), x + _MIN_SEGMENT)
        parts.append(f'<rect class="segment" data-severity="{severity}" data-count="{count}" '
                     f'x="{x}" y="{middle - _BAR_HEIGHT // 2}" width="{end - x}" '
                     f'height="{_BAR_HEIGHT}" fill="{SEVERITY_COLOURS[severity]}"/>')
        x = end
    parts.append(f'<text x="{x + 8}" y="{middle + 4}" class="count">{number(total)}</text>')
    parts.append("</a></g>")
    return "".join(parts)
