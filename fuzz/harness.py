"""Coverage-guided fuzzing with atheris (libFuzzer) of one reader or of the rules parser.

    python -m fuzz.harness TARGET [libFuzzer options] [CORPUS_DIR ...]

TARGET is a format name of checker/ingest/detect.py (`fulltilt-hand`, `tournament-log`, ...)
or `rules`. Any broken promise of `fuzz/checks.py` raises, and libFuzzer saves the input as a
crash file; a hang is caught by libFuzzer's -timeout. `fuzz/campaign.py` runs every target.
"""

import sys
from collections.abc import Callable

import atheris

# Only our own code is instrumented: coverage of lark, pydantic or the standard library would
# steer the fuzzer away from the readers.
with atheris.instrument_imports(include=["checker"]):
    from checker.ingest.detect import FORMATS
    from fuzz.checks import check_reader, check_rules_text

if any(not (module.__file__ or "").endswith(".py")
       for name, module in sorted(sys.modules.items()) if name.startswith("checker.")):
    sys.exit("fuzz: compiled modules cannot be instrumented: run `make pure` first")

RULES = "rules"
TARGETS = [RULES, *(fmt.name for fmt in FORMATS)]


def one_input(target: str) -> Callable[[bytes], None]:
    """libFuzzer's test function for `target`."""
    if target == RULES:
        def fuzz_rules(data: bytes) -> None:
            check_rules_text(data.decode("utf-8", errors="replace"))
        return fuzz_rules
    fmt = next(f for f in FORMATS if f.name == target)

    def fuzz_reader(data: bytes) -> None:
        check_reader(fmt, data)
    return fuzz_reader


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: python -m fuzz.harness {{{'|'.join(TARGETS)}}} [libFuzzer options]")
    target = sys.argv.pop(1)
    atheris.Setup(sys.argv, one_input(target))
    atheris.Fuzz()


if __name__ == "__main__":
    main()
