"""The clause-28 parameters the engine reads before the rules run (`SETTINGS_PARAMS`): exactly
those `settings_from` turns into the aggregation's and the statistics' settings, so that
`feltcheck rules lint` counts them as read and no other."""

import pytest

from checker.audit.collusion import SETTINGS_PARAMS, settings_from
from checker.dsl.ruleset import load_ruleset, param_values
from tests.conftest import REPO

# Written from docs/collusion.md's pipeline: what the observer (weak equity, evidence kept,
# flow cap, commitment) and the scoring (hands, tournaments, occasions, prior) need.
ENGINE_READS = {"collusion.weak_equity", "collusion.evidence_hands",
                "collusion.flow_cap_big_blinds", "collusion.commitment_big_blinds",
                "collusion.min_hands", "collusion.min_tournaments", "collusion.min_occasions",
                "collusion.prior_occasions"}
# The verdict's own: only the rules read them.
RULES_READ = ["collusion.false_discovery_rate", "collusion.min_evidence_hands",
              "collusion.min_ring_size"]


def _params() -> dict[str, object]:
    return param_values(load_ruleset(REPO / "rules" / "fulltilt.rules"))


def test_the_names_are_the_engines_reads() -> None:
    assert SETTINGS_PARAMS == ENGINE_READS


@pytest.mark.parametrize("name", sorted(ENGINE_READS))
def test_each_name_changes_the_settings(name: str) -> None:
    params = _params()
    before = settings_from(params)
    value = params[name]
    assert isinstance(value, int)
    params[name] = value + 1
    assert settings_from(params) != before


@pytest.mark.parametrize("name", sorted(ENGINE_READS))
def test_each_name_is_required(name: str) -> None:
    params = _params()
    del params[name]
    with pytest.raises(ValueError, match=f"no int parameter {name}$"):
        settings_from(params)


@pytest.mark.parametrize("name", RULES_READ)
def test_the_verdicts_parameters_are_not_the_engines(name: str) -> None:
    params = _params()
    before = settings_from(params)
    params[name] = 7
    assert settings_from(params) == before
