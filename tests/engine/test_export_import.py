"""Signed publications and the event file (issue 13): a publication signed with the
club's key is checked by anyone with the public key, and says in words when its
standings or the record it signed no longer match; an event travels as a file that is
verified before anything is written, importing it twice is importing it once, and a file
that does not verify, or whose history differs from the store's, is refused."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from eventsourcing.utils import resolve_topic

from adapters.storage import env_for
from engine import events as engine_events
from engine.access.state import ACCESS_ID
from engine.application import Traveller
from engine.application.integrity_io import migrate
from engine.application.publications import History, check_publication
from engine.errors import InvalidFile, NotVerified
from engine.integrity import CHAIN_KEY, Head, link, record_of
from engine.signing import public_key_text, sign
from engine.testing import play_movement
from engine.tournament.events import ResultsPublished
from engine.tournament.state import section_id
from tests.conftest import register_pairs


class Key:
    """A signer for tests: an Ed25519 key held in memory."""

    def __init__(self) -> None:
        self._private = Ed25519PrivateKey.generate()

    @property
    def public_key(self) -> str:
        raw = self._private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        return public_key_text(raw)

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)


CLUB = Key()


def memory() -> Traveller:
    return Traveller(env_for("memory:"))


def club_event(app: Traveller, *, signed: bool = True) -> UUID:
    """A Mitchell session played, closed and published (signed by the club's key)."""
    event = app.create_event("Tuesday pairs", club="Yotsuya BC")
    register_pairs(app, event, 8)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    play_movement(app, event)
    app.close_session(event, 1)
    app.publish(event, 1, signer=CLUB if signed else None)
    return event


@pytest.fixture
def club() -> Iterator[tuple[Traveller, UUID]]:
    app = memory()
    yield app, club_event(app)
    app.close()


def lines_of(app: Traveller, event: UUID, signer: Key | None = CLUB) -> list[bytes]:
    return app.export_events(event, signer)


def stored(app: Traveller, event: UUID) -> dict[tuple[str, int], tuple[str, bytes]]:
    """Each stored event of the event as the store holds it: its topic and state bytes."""
    return {
        (str(n.originator_id), n.originator_version): (n.topic, n.state)
        for n in app.stored_events(event)
    }


def rewritten(lines: list[bytes], number: int, change: dict[str, object]) -> list[bytes]:
    """``lines`` with line ``number`` (0: the header) changed."""
    data = orjson.loads(lines[number])
    data.update(change)
    return [*lines[:number], orjson.dumps(data) + b"\n", *lines[number + 1 :]]


# ---- signed publications --------------------------------------------------------------


def test_a_signed_publication_verifies_with_the_clubs_public_key(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    published = app.tournament(event).publications[1][-1]
    [check] = app.check_publications(event, key=CLUB.public_key)
    assert check.ok and check.signed and check.digest == published.digest
    assert check.public_key == CLUB.public_key
    assert check.to_json()["fingerprint"].startswith("SHA256:")
    [other] = app.check_publications(event, key=Key().public_key)
    assert not other.ok and "another key" in str(other.problems[0])


def test_a_signed_publication_whose_record_changed_says_so(
    tmp_path: Path,
) -> None:
    path = tmp_path / "club.db"
    app = Traveller(env_for(f"sqlite:///{path}"))
    event = club_event(app)
    app.close()
    section = section_id(event, 1, "A")
    with sqlite3.connect(path) as db:
        version, state = db.execute(
            "SELECT originator_version, state FROM stored_events WHERE originator_id = ? "
            "AND topic LIKE '%ResultRecorded' ORDER BY originator_version LIMIT 1",
            (section.hex,),
        ).fetchone()
        data = json.loads(state)
        data["result"]["score_ns"] = -1430
        db.execute(
            "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
            (json.dumps(data), section.hex, version),
        )
    again = Traveller(env_for(f"sqlite:///{path}"))
    [check] = again.check_publications(event, key=CLUB.public_key)
    assert not check.ok
    assert "the record it signed has changed" in str(check.problems[0])
    assert "session 1, section A" in str(check.problems[0])
    with pytest.raises(NotVerified) as refused:
        again.publish(event, 1, signer=CLUB)
    assert refused.value.code == "publish.unverified"
    assert "session 1, section A" in refused.value.problems[0]


def test_a_publication_whose_standings_were_rewritten_with_their_chain_says_so(
    club: tuple[Traveller, UUID],
) -> None:
    """Someone who rewrites the published standings and seals the chain again (they can
    compute links) cannot make the signature cover the new figures."""
    app, event = club
    lines = lines_of(app, event)
    number, data = next(
        (i, orjson.loads(line))
        for i, line in enumerate(lines)
        if b"ResultsPublished" in line and b'"aggregate"' in line
    )
    state = data["state"]
    state["standings"]["fields"][0]["rows"][0]["score"] = "99.99"
    records = [
        record_of(d["topic"], UUID(d["aggregate"]), d["version"], d["state"])
        for d in (orjson.loads(line) for line in lines[1:-1])
    ]
    records[number - 1] = record_of(data["topic"], UUID(data["aggregate"]), data["version"], state)
    history = History(event, records)
    [published] = history.publications()
    assert isinstance(published, ResultsPublished)
    check = check_publication(history, published, app.registry, CLUB.public_key)
    assert [str(p) for p in check.problems] == [
        "the standings recorded with it are not those it names"
    ]


def test_an_unsigned_publication_is_listed_as_such(club: tuple[Traveller, UUID]) -> None:
    app = memory()
    event = club_event(app, signed=False)
    [check] = app.check_publications(event, key=CLUB.public_key)
    assert check.ok and not check.signed and check.public_key is None


# ---- the event file ---------------------------------------------------------------------


def test_the_file_carries_a_header_every_stored_event_and_a_signed_end(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    lines = lines_of(app, event)
    header, *events, end = (json.loads(line) for line in lines)
    assert header["format"] == "traveller-events" and header["version"] == 1
    assert header["event"] == str(event) and header["events"] == len(events)
    assert {e["aggregate"] for e in events} == {str(event), str(section_id(event, 1, "A"))}
    assert all(CHAIN_KEY in e["state"] for e in events)
    assert end["end"]["events"] == len(events) and end["end"]["chain"]
    assert end["signature"]["public_key"] == CLUB.public_key


def test_an_imported_event_has_the_clubs_standings_and_twice_is_once(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    lines = lines_of(app, event)
    federation = memory()
    done = federation.import_events(lines, key=CLUB.public_key)
    assert done.added == done.events == len(lines) - 2 and done.signed_by == CLUB.public_key
    assert [p.ok for p in done.publications] == [True]
    assert federation.standings(event, 1).to_json() == app.standings(event, 1).to_json()
    assert federation.verify().ok
    assert stored(federation, event) == stored(app, event)  # byte for byte, links kept
    position = federation.position()
    again = federation.import_events(lines, key=CLUB.public_key)
    assert again.added == 0 and federation.position() == position


def test_a_later_export_adds_only_what_is_new(club: tuple[Traveller, UUID]) -> None:
    app, event = club
    federation = memory()
    federation.import_events(lines_of(app, event))
    app.reopen_session(event, 1, reason="a late correction")
    newer = lines_of(app, event)
    done = federation.import_events(newer)
    assert done.added == 1
    assert federation.tournament(event).closed == app.tournament(event).closed


def test_a_file_whose_history_differs_from_the_stores_is_refused(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    federation = memory()
    federation.import_events(lines_of(app, event))
    app.reopen_session(event, 1, reason="the club's change")
    federation.reopen_session(event, 1, reason="the federation's own change")
    position = federation.position()
    with pytest.raises(NotVerified) as refused:
        federation.import_events(lines_of(app, event))
    assert refused.value.code == "import.diverges" and federation.position() == position


@pytest.mark.parametrize(
    ("damage", "code"),
    [
        ("altered", "file.broken"),
        ("removed", "file.broken"),
        ("cut", "file.cut"),
        ("tail", "file.broken"),
        ("garbage", "file.broken"),
        ("format", "file.format"),
        ("version", "file.version"),
        ("binary", "file.format"),
        ("empty", "file.empty"),
    ],
)
def test_a_damaged_file_is_refused_with_the_reason_and_nothing_written(
    club: tuple[Traveller, UUID], damage: str, code: str
) -> None:
    app, event = club
    lines = lines_of(app, event)
    if damage == "altered":
        data = orjson.loads(lines[5])
        data["state"]["actor"] = "mallory"
        lines[5] = orjson.dumps(data) + b"\n"
    elif damage == "removed":
        del lines[5]
    elif damage == "cut":
        lines = lines[:-1]
    elif damage == "tail":
        lines = [*lines[:-3], lines[-1]]
    elif damage == "garbage":
        lines.insert(3, b"\x00\xffnot json\n")
    elif damage == "format":
        lines = rewritten(lines, 0, {"format": "something-else"})
    elif damage == "version":
        lines = rewritten(lines, 0, {"version": 2})
    elif damage == "binary":
        lines = [b"\x89PNG\r\n\x1a\n\x00\x00", *lines]
    elif damage == "empty":
        lines = [b"\n", b"  \n"]
    federation = memory()
    with pytest.raises(InvalidFile) as refused:
        federation.import_events(lines)
    assert refused.value.code == code, refused.value
    assert federation.position() == 0


def test_a_file_resealed_by_a_forger_fails_the_clubs_signature(
    club: tuple[Traveller, UUID],
) -> None:
    """Someone who alters an event and computes every link and the end line again makes a
    file that holds together; only the club's signature tells it is not the club's."""
    app, event = club
    lines = lines_of(app, event, signer=None)
    header, *events, end = (orjson.loads(line) for line in lines)
    target = next(e for e in events if "ResultRecorded" in e["topic"])
    target["state"]["result"]["score_ns"] = 2210
    previous: dict[str, str | None] = {}
    for e in events:
        state = {k: v for k, v in e["state"].items() if k != CHAIN_KEY}
        e["state"][CHAIN_KEY] = link(
            previous.get(e["aggregate"]), e["topic"], UUID(e["aggregate"]), e["version"], state
        )
        previous[e["aggregate"]] = e["state"][CHAIN_KEY]
    forged = [orjson.dumps(header) + b"\n", *(orjson.dumps(e) + b"\n" for e in events)]
    heads = tuple(
        (UUID(a), max(e["version"] for e in events if e["aggregate"] == a), h)
        for a, h in previous.items()
    )
    end["end"].update(chain=Head(heads).digest, sha256=hashlib.sha256(b"".join(forged)).hexdigest())
    forged.append(orjson.dumps(end) + b"\n")
    with pytest.raises(InvalidFile) as unsigned:
        memory().import_events(forged, key=CLUB.public_key)
    assert unsigned.value.code == "file.unsigned"
    mallory = Key()
    end["signature"] = sign(mallory, end["end"]).model_dump(mode="json")
    forged[-1] = orjson.dumps(end) + b"\n"
    with pytest.raises(InvalidFile) as other:
        memory().import_events(forged, key=CLUB.public_key)
    assert other.value.code == "file.key"
    end["signature"] = sign(CLUB, {**end["end"], "events": 1}).model_dump(mode="json")
    forged[-1] = orjson.dumps(end) + b"\n"
    with pytest.raises(InvalidFile) as altered:
        memory().import_events(forged, key=CLUB.public_key)
    assert altered.value.code == "file.signature"
    # The publication's own signature still tells, without the file's.
    with pytest.raises(InvalidFile) as publication:
        memory().import_events([*forged[:-1], orjson.dumps({**end, "signature": None}) + b"\n"])
    assert publication.value.code == "file.publication"
    assert "the record it signed has changed" in publication.value.problems[0]


def test_a_file_carrying_another_aggregate_is_refused(club: tuple[Traveller, UUID]) -> None:
    """An event file cannot slip a director's account (or any other event) into a store."""
    app, event = club
    lines = lines_of(app, event, signer=None)
    intruder = orjson.loads(lines[1])
    intruder.update(aggregate=str(ACCESS_ID), version=1)
    lines.insert(2, orjson.dumps(intruder) + b"\n")
    federation = memory()
    with pytest.raises(InvalidFile) as refused:
        federation.import_events(lines)
    assert refused.value.code == "file.broken"
    assert any("is not one of the event's" in p for p in refused.value.problems)
    assert federation.position() == 0


def test_a_record_that_does_not_verify_is_not_exported(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    app = Traveller(env_for(f"sqlite:///{path}"))
    event = club_event(app)
    app.close()
    with sqlite3.connect(path) as db:
        db.execute(
            "DELETE FROM stored_events WHERE originator_id = ? AND originator_version = 3",
            (section_id(event, 1, "A").hex,),
        )
    with pytest.raises(NotVerified) as refused:
        Traveller(env_for(f"sqlite:///{path}")).export_events(event)
    assert refused.value.code == "export.unverified"


# ---- a whole store ------------------------------------------------------------------------


def test_a_store_is_copied_whole_checked_and_again_adds_only_the_new(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    app.add_director("suzuki", "hash-of-a-password")
    target = memory()
    done = migrate(app, target)
    assert done.added == done.events == app.position() and target.verify().ok
    assert target.access().directors.keys() == app.access().directors.keys()
    assert target.standings(event, 1).to_json() == app.standings(event, 1).to_json()
    assert stored(target, event) == stored(app, event)
    assert migrate(app, target).added == 0
    app.reopen_session(event, 1, reason="late")
    assert migrate(app, target).added == 1


def test_a_target_holding_other_events_is_refused(club: tuple[Traveller, UUID]) -> None:
    app, _ = club
    target = memory()
    target.create_event("The federation's own")
    position = target.position()
    with pytest.raises(NotVerified) as refused:
        migrate(app, target)
    assert refused.value.code == "migrate.target_differs"
    assert target.position() == position


def test_a_file_naming_a_module_to_import_is_refused_without_importing_it(
    club: tuple[Traveller, UUID], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A topic names a module and a class: only the event classes a tournament or a
    section holds are ever looked up, so a hostile file cannot run another module."""
    app, event = club
    lines = lines_of(app, event, signer=None)
    hostile = orjson.loads(lines[2])
    hostile["topic"] = "antigravity:fly"
    lines[2] = orjson.dumps(hostile) + b"\n"
    looked_up: list[str] = []

    def spy(topic: str) -> Any:
        looked_up.append(topic)
        return resolve_topic(topic)

    monkeypatch.setattr(engine_events, "resolve_topic", spy)
    with pytest.raises(InvalidFile) as refused:
        memory().import_events(lines)
    assert any("a kind it cannot hold ('antigravity:fly')" in p for p in refused.value.problems)
    assert "antigravity:fly" not in looked_up


def test_a_file_whose_line_ends_were_converted_on_the_way_still_imports(
    club: tuple[Traveller, UUID],
) -> None:
    app, event = club
    crlf = [line.rstrip(b"\n") + b"\r\n" for line in lines_of(app, event)]
    done = memory().import_events(crlf, key=CLUB.public_key)
    assert done.added == done.events


def test_events_written_before_chains_travel_and_keep_their_standings(tmp_path: Path) -> None:
    """A store of release 0.1.0 holds no links: its events are exported as written, their
    links computed, and the federation's standings are the club's."""
    copy = tmp_path / "old.db"
    copy.write_bytes((Path(__file__).parents[1] / "fixtures" / "store-0.1.0.db").read_bytes())
    old = Traveller(env_for(f"sqlite:///{copy}"))
    federation = memory()
    for listed in old.list_events():
        done = federation.import_events(old.export_events(listed.id))
        assert done.added == done.events and all(p.ok for p in done.publications)
        assert stored(federation, listed.id) == stored(old, listed.id)
        for session in old.tournament(listed.id).sessions:
            assert (
                federation.standings(listed.id, session).to_json()
                == old.standings(listed.id, session).to_json()
            )
    assert federation.verify().ok and federation.verify().unsealed == old.verify().unsealed
