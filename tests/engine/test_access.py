"""The access aggregate and a table device's rules, in the engine (hashes only)."""

from __future__ import annotations

import datetime as dt
from uuid import UUID

import pytest

from engine.access.state import ACCESS_ID
from engine.application import Traveller
from engine.errors import InvalidInput, NotAllowed, NotFound, Rejected
from engine.section.results import ResultEntry


def test_directors_and_tokens_are_events_of_one_aggregate(app: Traveller) -> None:
    app.add_director("suzuki", "hash-1", actor="admin")
    token = app.issue_token("suzuki", "token-hash", actor="admin")
    app.change_director_password("suzuki", "hash-2", actor="director:suzuki")
    app.revoke_token(token, actor="director:suzuki")
    access = app.access()
    assert access.directors["suzuki"].password_hash == "hash-2"
    assert token == "T1" and access.tokens["T1"].revoked
    assert access.token_for("token-hash") == access.tokens["T1"]
    stored = [type(e).__name__ for e in app.events.get(ACCESS_ID)]
    assert stored == ["DirectorAdded", "TokenIssued", "DirectorPasswordChanged", "TokenRevoked"]


@pytest.mark.parametrize("name", ["", "two words", "a:b", "x" * 41])
def test_a_directors_name_is_short_and_plain(app: Traveller, name: str) -> None:
    with pytest.raises(InvalidInput, match="cannot be a director's name"):
        app.add_director(name, "hash")
    assert app.access().version == 0


def test_access_refusals_write_nothing(app: Traveller) -> None:
    app.add_director("suzuki", "hash")
    with pytest.raises(Rejected, match="already a director"):
        app.add_director("suzuki", "hash")
    with pytest.raises(NotFound, match="no director 'tanaka'"):
        app.issue_token("tanaka", "h")
    with pytest.raises(NotFound, match="no token 'T9'"):
        app.revoke_token("T9")
    assert app.access().version == 1


def test_a_token_expires(app: Traveller) -> None:
    app.add_director("suzuki", "hash")
    soon = dt.datetime(2030, 1, 1, tzinfo=dt.UTC)
    app.issue_token("suzuki", "h", expires=soon, login=True)
    token = app.access().tokens["T1"]
    assert token.valid_at(soon - dt.timedelta(seconds=1)) and not token.valid_at(soon)


def test_the_public_sees_no_running_standings_until_allowed(app: Traveller, mitchell: UUID) -> None:
    assert app.tournament(mitchell).public_running is False
    assert app.choose_public_view(mitchell, True) is True
    assert app.choose_public_view(mitchell, True) is False  # nothing recorded again
    assert app.tournament(mitchell).public_running is True


def test_a_device_enters_its_own_table_only_in_the_round_in_play(
    app: Traveller, mitchell: UUID
) -> None:
    device = app.issue_device(mitchell, 2, "code-hash")
    assert (device.id, device.table_name) == ("D1", "A2")
    movement = app.section(mitchell).movement
    assert movement is not None
    own = next(e for e in movement.round(1) if e.table == 2)
    other = next(e for e in movement.round(1) if e.table == 3)
    slip = ResultEntry(own.boards[0], own.ns, own.ew, "3NT", "S", 9)
    with pytest.raises(Rejected, match="No round of section A"):
        app.record_table_result(mitchell, "D1", slip)
    app.start_round(mitchell, 1)
    elsewhere = ResultEntry(other.boards[0], other.ns, other.ew, "3NT", "S", 9)
    with pytest.raises(NotAllowed, match="not played at table A2"):
        app.record_table_result(mitchell, "D1", elsewhere)
    recorded = app.record_table_result(mitchell, "D1", slip)
    assert (recorded.round, recorded.table) == (1, 2)
    assert app.audit(mitchell)[-1]["actor"] == "table:A2"
    app.revoke_device(mitchell, "D1")
    with pytest.raises(NotAllowed, match="revoked"):
        app.record_table_result(
            mitchell, "D1", ResultEntry(own.boards[1], own.ns, own.ew, "3NT", "S", 9)
        )
    with pytest.raises(Rejected, match="already revoked"):
        app.revoke_device(mitchell, "D1")
    with pytest.raises(InvalidInput, match="has no table 8"):
        app.issue_device(mitchell, 8, "h")
