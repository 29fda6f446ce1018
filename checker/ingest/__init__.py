"""Bytes in, typed records out: one module per input format, plus detection by content."""
