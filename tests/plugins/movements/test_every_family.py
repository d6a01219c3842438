"""Every installed movement family, at every size: a movement the validator passes, or a
refusal a director can read — never a crash (issue: "property tests over generated
sizes: the validator's invariants hold for every family and size it offers")."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import TravellerError
from engine.registry import MovementFamily, create_registry, parse_options
from engine.validator import check

REGISTRY = create_registry()
FAMILIES = sorted(REGISTRY.movements(), key=lambda f: f.name)


def options_for(family: MovementFamily, draw: st.DataObject) -> dict[str, Any]:
    """Boards a round and, where the family takes it, a number of rounds."""
    fields = family.Options.model_fields
    given: dict[str, Any] = {}
    if "boards_per_round" in fields:
        given["boards_per_round"] = draw.draw(st.integers(1, 4), label="boards_per_round")
    if "rounds" in fields and draw.draw(st.booleans(), label="rounds given"):
        given["rounds"] = draw.draw(st.integers(1, 30), label="rounds")
    return given


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), family=st.sampled_from(FAMILIES), tables=st.integers(1, 45))
def test_a_family_builds_a_sound_movement_or_says_why_not(
    data: st.DataObject, family: MovementFamily, tables: int
) -> None:
    given = options_for(family, data)
    try:
        movement = family.build(tables, parse_options(family, given))
    except TravellerError as refused:
        assert str(refused).strip(), "a refusal says what is wrong"
        return
    report = check(movement)
    assert report.ok, report.problems
    seated = Counter(
        (e.round, p)
        for e in movement.schedule
        for p in (e.players or (movement.ns_pair(e), movement.ew_pair(e)))
    )
    assert max(seated.values()) == 1, "nobody sits at two tables in a round"
    rounds = {e.round for e in movement.schedule}
    assert rounds <= set(range(1, movement.rounds + 1))
    for stop in movement.curtail_after:
        assert 1 <= stop < movement.rounds
