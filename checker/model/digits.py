"""ASCII digits read a character at a time, for the compiled readers of fixed forms (the log's
timestamps, a PokerStars header's date): no slice made and no `int()` of a string, and
nothing but 0-9 taken (`int()` also reads other scripts' digits)."""


def digit_at(text: str, at: int) -> int:
    """The ASCII digit at `at` as its value; -1 for any other character or past the end."""
    if at >= len(text):
        return -1
    code = ord(text[at]) - 48
    return code if 0 <= code <= 9 else -1


def digits_value(text: str, start: int, end: int) -> int:
    """The number the ASCII digits text[start:end] write; -1 when one of them is none (or the
    range holds no character)."""
    if start >= end:
        return -1
    value = 0
    for at in range(start, end):
        digit = digit_at(text, at)
        if digit < 0:
            return -1
        value = value * 10 + digit
    return value
