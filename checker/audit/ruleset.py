"""The rule set an audit runs with, identified by name and content hash."""

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

_DECLARATION = re.compile(r"^\s*ruleset\s+([A-Za-z_][\w.-]*)", re.MULTILINE)


class RulesError(Exception):
    """The rules file cannot be used; the run stops before any input is read."""


@dataclass(frozen=True, slots=True)
class RulesetId:
    name: str
    sha256: str
    path: str


def identify_ruleset(path: Path) -> RulesetId:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RulesError(f"{path}: cannot read the rules file: {exc.strerror or exc}") from exc
    declared = _DECLARATION.search(data.decode("utf-8", errors="replace"))
    if declared is None:
        raise RulesError(f"{path}:1:1: the rules file has no `ruleset NAME` declaration")
    return RulesetId(declared.group(1), hashlib.sha256(data).hexdigest(), path.as_posix())
