"""The rule sets shipped inside the package, so an installed feltcheck runs from any folder.

The files here are symlinks to ../../rules/, which stays the source of truth; a wheel holds
their bytes (package-data in pyproject.toml, as for the grammar). `--rules NAME` and
`extends "NAME"` find them by their bare name.
"""

from pathlib import Path

# The bundled sets. The *-fixtures.rules files beside them in rules/ are test data (their
# `test` blocks read hand histories of the repository), not sets to audit with: not shipped.
NAMES: tuple[str, ...] = ("fulltilt", "pokerstars", "tda2024")
DEFAULT = "fulltilt"
# How a bundled file is named in diagnostics and listings: never its install path, which
# differs between machines. It composes as a folder, so a bundled set's own relative
# `extends "fulltilt.rules"` is shown as <bundled>/fulltilt.rules too.
DISPLAY_FOLDER = "<bundled>"


def bundled_file(name: str) -> Path | None:
    """The file of the bundled set `name`, or None when no bundled set has that name."""
    if name not in NAMES:
        return None
    return Path(__file__).parent / f"{name}.rules"


def display_name(name: str) -> str:
    return f"{DISPLAY_FOLDER}/{name}.rules"
