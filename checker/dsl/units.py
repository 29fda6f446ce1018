"""Units of the rules language's literals and how values are shown in messages.

Money is cents, durations are seconds, percentages basis points (65% = 6500).
"""

# Seconds per unit of a duration literal (`1h`, `5m`, `30s`).
SECONDS_PER_UNIT = {"h": 3600, "m": 60, "s": 1}


def duration_literal(seconds: int) -> str:
    """A duration as a literal in the largest unit that divides it: 1h, 90m, 45s, 0s."""
    for unit in ("h", "m"):
        size = SECONDS_PER_UNIT[unit]
        if seconds and seconds % size == 0:
            return f"{seconds // size}{unit}"
    return f"{seconds}s"


def format_money(cents: int) -> str:
    """$12.50, $50.00, -$3.05 (as messages show money)."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}${dollars}.{rest:02d}"


def format_duration(seconds: int) -> str:
    """5m, 1h30m, 45s, 1h5s, 0s (as messages show a duration)."""
    if seconds == 0:
        return "0s"
    sign = "-" if seconds < 0 else ""
    rest = abs(seconds)
    parts = []
    for unit, size in SECONDS_PER_UNIT.items():
        count, rest = divmod(rest, size)
        if count:
            parts.append(f"{count}{unit}")
    return sign + "".join(parts)


def format_percent(basis_points: int) -> str:
    """65%, 32.5%, 12.34%."""
    sign = "-" if basis_points < 0 else ""
    whole, rest = divmod(abs(basis_points), 100)
    fraction = f"{rest:02d}".rstrip("0")
    return f"{sign}{whole}.{fraction}%" if fraction else f"{sign}{whole}%"
