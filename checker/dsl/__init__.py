"""The rules language: parse, check, compile, format, lint and test rule sets."""
