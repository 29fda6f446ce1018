"""Quote input text in a rejection or a warning: enough to find the line, never all of it.

A damaged file can hold a line of megabytes; quoting it whole would copy it into every report
(a 20 MB line made a 20 MB JSON report). Quotes are cut, and say how long the text was.
"""

# Characters of input text a quote keeps: a whole hand-history line is far shorter.
EXCERPT_CHARS = 120
# The longest reason a rejection keeps: a few quotes and the words around them.
REASON_CHARS = 600


def excerpt(text: str, limit: int = EXCERPT_CHARS) -> str:
    """`text` quoted as repr() does, at most `limit` characters between the quotes (an
    escape such as \\uffff counts as its six), cut with its length said."""
    if len(text) <= limit:  # never repr() a runaway line whole
        quoted = repr(text)
        if len(quoted) <= limit + 2:
            return quoted
    width = kept = 0
    for char in text[:limit]:
        width += len(repr(char)) - 2
        if width > limit:
            break
        kept += 1
    return f"{text[:kept]!r}… ({len(text):,} characters)"


def bounded(reason: str, limit: int = REASON_CHARS) -> str:
    """A reason or warning at most about `limit` characters long: the safety net behind
    `excerpt` for text quoted some other way (an exception's message, say)."""
    if len(reason) <= limit:
        return reason
    return f"{reason[:limit]}… ({len(reason):,} characters in all)"
