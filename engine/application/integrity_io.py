"""An event carried from store to store as a file, and a whole store copied: the record
handed to someone who must trust it.

- An event travels as a file of JSON lines (``docs/event-file-format.md``): a header,
  every stored event of the event as written (its link included), and an end line with
  the count, the chain head and a hash of the lines before it, signed when a key is
  given. :meth:`Transfers.import_events` checks all of that, and every signed
  publication in the file (:mod:`engine.application.publications`), before it writes
  anything; it writes in one transaction, and importing a file twice is importing it
  once. A file whose history differs from what the store holds is refused.
- :func:`migrate` copies a whole store (every event's aggregates and the directors'
  accounts), checked before and after, into a store that is empty or holds a part of
  the same history.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from uuid import UUID

import orjson
from eventsourcing.persistence import IntegrityError, StoredEvent
from pydantic import ValidationError

from engine.application.core import ApplicationCore
from engine.application.integrity import IntegrityQueries
from engine.errors import N_, Conflict, InvalidFile, NotVerified
from engine.events import DomainEvent, decoded_state, event_of, stored_topics
from engine.integrity import CHAIN_KEY, Break, Head, Record, check_stream, record_of
from engine.logging import get_logger
from engine.section import events as section_events
from engine.signing import Signature, Signer, fingerprint, sign
from engine.tournament import events as tournament_events
from engine.tournament.events import EventCreated, SessionAdded
from engine.tournament.state import section_id

if TYPE_CHECKING:
    from engine.application.publications import History, PublicationCheck

log = get_logger("traveller")

FORMAT = "traveller-events"
"""The ``format`` of an event file's header."""
FORMAT_VERSION = 1
TOURNAMENT_EVENTS = tournament_events.__name__
SECTION_EVENTS = section_events.__name__
SHOWN = 10
"""Problems said one by one; the rest are counted."""


def _line(data: Mapping[str, Any], *, as_stored: bool = False) -> bytes:
    """One line of the file: keys sorted, or, for a stored event (``as_stored``), its
    state's keys in the order it was written, so that an import writes the very bytes
    the club's store holds."""
    return orjson.dumps(data, option=0 if as_stored else orjson.OPT_SORT_KEYS) + b"\n"


@dataclass(frozen=True)
class Imported:
    """What importing an event file did."""

    event: UUID
    name: str
    events: int
    """The events in the file."""
    added: int
    """The events the store did not hold yet (0: it held them all)."""
    signed_by: str | None
    """The public key the file itself is signed with."""
    publications: tuple[PublicationCheck, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "event": str(self.event),
            "name": self.name,
            "events": self.events,
            "added": self.added,
            "already": self.events - self.added,
            "signed_by": self.signed_by,
            "fingerprint": None if self.signed_by is None else fingerprint(self.signed_by),
            "publications": [p.to_json() for p in self.publications],
        }


@dataclass
class _File:
    """An event file read, line by line."""

    header: dict[str, Any]
    records: list[Record]
    end: dict[str, Any] | None
    signature: Signature | None
    problems: list[str] = field(default_factory=list)


class RefusedFile(InvalidFile):
    """An event file that does not verify, and why: the first problems said one by one,
    the rest counted. Nothing from it was imported."""

    def __init__(self, message: str, problems: Sequence[str], *, code: str, **values: Any) -> None:
        shown = list(problems[:SHOWN])
        if len(problems) > SHOWN:
            shown.append(f"… and {len(problems) - SHOWN} more")
        super().__init__(
            message,
            problems=shown,
            hint=N_("Ask the club for the file again, as it was exported; nothing was imported."),
            code=code,
            **values,
        )


def _read_file(lines: Iterable[bytes]) -> _File:
    header: dict[str, Any] | None = None
    records: list[Record] = []
    end: dict[str, Any] | None = None
    signature: Signature | None = None
    problems: list[str] = []
    digest = hashlib.sha256()
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:
            data = None
        if header is None:  # the first line says what the file is, or it is not one
            header = data if isinstance(data, dict) else {}
            _check_header(header)
        elif not isinstance(data, dict):
            problems.append(f"line {number} is not a JSON object")
            continue
        elif end is not None:
            problems.append(f"line {number} follows the end line")
        elif "end" in data:
            end = data["end"] if isinstance(data["end"], dict) else {}
            if end.get("sha256") != digest.hexdigest():
                problems.append("the lines before the end line are not those it counts")
            if data.get("signature") is not None:
                try:
                    signature = Signature.model_validate(data["signature"])
                except ValidationError:
                    problems.append(f"line {number}: the file's signature is malformed")
            continue
        else:
            try:
                records.append(
                    record_of(
                        str(data["topic"]),
                        UUID(str(data["aggregate"])),
                        int(data["version"]),
                        dict(data["state"]),
                    )
                )
            except (KeyError, ValueError, TypeError):
                problems.append(
                    f"line {number} is not a stored event (aggregate, version, topic, state)"
                )
        digest.update(raw.rstrip(b"\r\n") + b"\n")  # as written, whatever line ends it crossed
    if header is None:
        raise RefusedFile(N_("The event file is empty."), [], code="file.empty")
    return _File(header, records, end, signature, problems)


def _check_header(header: Mapping[str, Any]) -> None:
    if header.get("format") != FORMAT:
        raise RefusedFile(
            N_("This is not a Traveller event file: its first line does not say %(format)s."),
            [],
            code="file.format",
            format=FORMAT,
        )
    if header.get("version") != FORMAT_VERSION:
        raise InvalidFile(
            N_("The event file is of version %(version)s; this Traveller reads version %(ours)s."),
            problems=[],
            hint=N_("Import it with a Traveller as recent as the one that wrote it."),
            code="file.version",
            version=repr(header.get("version")),
            ours=FORMAT_VERSION,
        )


def _kinds() -> dict[str, str]:
    """Every topic an event file may carry (today's and earlier ones), and the module of
    its class: a tournament's or a section's. Nothing else is ever resolved, so a file
    cannot make Traveller import a module it names."""
    kinds: dict[str, str] = {}
    for module in (tournament_events, section_events):
        for cls in vars(module).values():
            if (
                isinstance(cls, type)
                and issubclass(cls, DomainEvent)
                and cls.__module__ == module.__name__
            ):
                kinds |= dict.fromkeys(stored_topics(cls), module.__name__)
    return kinds


def _check_events(file: _File, event_id: UUID) -> History:
    """The file's events are the event's own (its tournament's and its sections'), each
    a valid event of its kind, each chain whole and ending where the end line says."""
    from engine.application.publications import History

    problems = file.problems
    kinds = _kinds()
    sections: dict[UUID, str] = {}
    valid: list[Record] = []
    for r in file.records:
        if r.originator_id != event_id or kinds.get(r.topic) != TOURNAMENT_EVENTS:
            continue
        try:
            event = event_of(r.topic, r.state)
        except (ValidationError, ValueError, TypeError) as exc:
            problems.append(f"event {r.version} of the event cannot be read: {exc}")
            continue
        if isinstance(event, SessionAdded):
            for name in event.sections:
                sections[section_id(event_id, event.session, name)] = (
                    f"session {event.session}, section {name}"
                )
        if r.version == 1 and not isinstance(event, EventCreated):
            problems.append("the event's first event is not its creation")
    for r in file.records:
        if r.originator_id == event_id:
            kind = TOURNAMENT_EVENTS
        elif r.originator_id in sections:
            kind = SECTION_EVENTS
        else:
            problems.append(
                f"aggregate {r.originator_id} (event {r.version}) is not one of the event's"
            )
            continue
        if kinds.get(r.topic) != kind:
            problems.append(
                f"event {r.version} of {sections.get(r.originator_id, 'the event')} is of "
                f"a kind it cannot hold ({r.topic[:80]!r})"
            )
            continue
        if kind == SECTION_EVENTS:
            try:
                event_of(r.topic, r.state)
            except (ValidationError, ValueError, TypeError) as exc:
                problems.append(
                    f"event {r.version} of {sections[r.originator_id]} cannot be read: {exc}"
                )
                continue
        valid.append(r)
    history = History(event_id, valid)
    computed = []
    for aggregate, records in history.records.items():
        check = check_stream(aggregate, records)
        named = sections.get(aggregate, "the event")
        problems += [str(replace(b, name=named).describe()) for b in check.breaks]
        computed.append((aggregate, check.version, check.head))
    problems += [
        str(Break(a, 1, "empty", name=named).describe())
        for a, named in sections.items()
        if a not in history.records
    ]
    if problems:
        raise RefusedFile(N_("The event file does not verify."), problems, code="file.broken")
    end = file.end
    if end is None:
        raise RefusedFile(
            N_("The event file has no end line: it was cut short."), [], code="file.cut"
        )
    head = Head(tuple(computed)).to_json()
    ends = {
        "event": str(event_id),
        "events": len(file.records),
        "chain": head["digest"],
    }
    differ = sorted(k for k, v in ends.items() if end.get(k) != v)
    if differ:
        raise RefusedFile(
            N_("The event file's end line does not match its events: %(differ)s differ."),
            [],
            code="file.end",
            differ=", ".join(differ),
        )
    return history


class Transfers(IntegrityQueries):
    """Checking signed publications, and an event carried from store to store as a file."""

    def history(self, event_id: UUID) -> History:
        """The event's stored events as written (its own and its sections'), read without
        folding the event: a record altered so that it no longer reads is still checked."""
        from engine.application.publications import History

        mapper = self.pydantic_mapper
        own = [mapper.to_record(s) for s in self.recorder.select_events(event_id)]
        added = set(stored_topics(SessionAdded))
        sections: list[UUID] = []
        for r in own:
            if r.topic not in added:
                continue
            try:
                session = event_of(r.topic, r.state)
            except (ValidationError, ValueError, TypeError):
                continue  # its chain tells it was altered
            if isinstance(session, SessionAdded):
                sections += [section_id(event_id, session.session, n) for n in session.sections]
        theirs = [mapper.to_record(s) for sid in sections for s in self.recorder.select_events(sid)]
        return History(event_id, own + theirs)

    def check_publications(
        self, event_id: UUID | None = None, key: str | None = None
    ) -> list[PublicationCheck]:
        """Check every publication of the event, or of every event of the store
        (:func:`check_publication`; signed ones against the public ``key`` when given)."""
        from engine.application.publications import check_publication

        chosen = [event_id] if event_id is not None else [e.id for e in self.list_events()]
        checks = []
        for one in chosen:
            history = self.history(one)
            checks += [
                check_publication(history, p, self.registry, key) for p in history.publications()
            ]
        return checks

    def export_events(self, event_id: UUID, signer: Signer | None = None) -> list[bytes]:
        """The event file of ``event_id`` (``docs/event-file-format.md``), line by line,
        its end line signed by ``signer`` when given. A record that does not verify is
        not exported."""
        verification = self.verify(event_id)
        if not verification.ok:
            raise NotVerified(
                N_("The event's record does not verify, so it is not exported."),
                hint=N_(
                    "Verify the event to see what was changed; a file carrying it would be "
                    "refused wherever it is imported."
                ),
                code="export.unverified",
                problems=[str(b.describe()) for b in verification.breaks],
            )
        tournament = self.tournament(event_id)
        mapper = self.pydantic_mapper
        stored = self.stored_events(event_id)
        lines = [
            _line(
                {
                    "format": FORMAT,
                    "version": FORMAT_VERSION,
                    "event": str(event_id),
                    "name": tournament.name,
                    "events": len(stored),
                    "exported": dt.datetime.now(dt.UTC).isoformat(),
                }
            )
        ]
        for n in stored:
            lines.append(
                _line(
                    {
                        "aggregate": str(n.originator_id),
                        "version": n.originator_version,
                        "topic": n.topic,
                        "state": decoded_state(mapper, n),
                    },
                    as_stored=True,
                )
            )
        digest = hashlib.sha256(b"".join(lines)).hexdigest()
        head = self.chain_head(event_id).to_json()
        end = {
            "event": str(event_id),
            "events": len(stored),
            "chain": head["digest"],
            "heads": head["aggregates"],
            "sha256": digest,
        }
        signature = None if signer is None else sign(signer, end).model_dump(mode="json")
        lines.append(_line({"end": end, "signature": signature}))
        return lines

    def import_events(self, lines: Iterable[bytes], *, key: str | None = None) -> Imported:
        """Load an event file into this store after checking it: its chains, its end line,
        its own signature and each signed publication (all by ``key`` when given). Events
        the store already holds are not written again; a file whose history differs from
        the store's is refused. Written in one transaction."""
        from engine.application.publications import check_publication

        file = _read_file(lines)
        try:
            event_id = UUID(str(file.header.get("event")))
        except ValueError:
            raise RefusedFile(N_("The event file names no event."), [], code="file.event") from None
        history = _check_events(file, event_id)
        signed_by = self._check_file_signature(file, key)
        checks = tuple(
            check_publication(history, p, self.registry, key) for p in history.publications()
        )
        bad = [
            f"session {c.session} (event {c.number}): {problem}"
            for c in checks
            for problem in c.problems
        ]
        if bad:
            raise RefusedFile(
                N_("A publication in the event file does not verify."), bad, code="file.publication"
            )
        created = event_of(history.records[event_id][0].topic, history.records[event_id][0].state)
        assert isinstance(created, EventCreated)
        for _ in range(3):
            new = self._not_yet_stored(history)
            try:
                if new:
                    self.recorder.insert_events([self._stored(r) for r in new])
            except IntegrityError:  # someone imported the same file at this moment
                continue
            log.info("imported", tournament=str(event_id), events=len(file.records), added=len(new))
            return Imported(event_id, created.name, len(file.records), len(new), signed_by, checks)
        raise Conflict(
            N_("The event was being written at the same moment; nothing was imported."),
            hint=N_("Import the file again."),
            code="import.conflict",
        )

    def _check_file_signature(self, file: _File, key: str | None) -> str | None:
        signature = file.signature
        if signature is None:
            if key is not None:
                raise RefusedFile(
                    N_("The event file is not signed, so it cannot be checked against the key."),
                    [],
                    code="file.unsigned",
                )
            return None
        if not signature.holds() or signature.signed != file.end:
            raise RefusedFile(
                N_("The event file's signature does not hold: the file was altered."),
                [],
                code="file.signature",
            )
        if key is not None and signature.public_key != key:
            raise RefusedFile(
                N_("The event file is signed by another key (%(theirs)s), not by %(ours)s."),
                [],
                code="file.key",
                theirs=fingerprint(signature.public_key),
                ours=fingerprint(key),
            )
        return signature.public_key

    def _not_yet_stored(self, history: History) -> list[Record]:
        """The file's events this store does not hold, in order; refused when the store
        holds a different history of the event."""
        mapper = self.pydantic_mapper
        new: list[Record] = []
        differ: list[str] = []
        for aggregate, records in history.records.items():
            held = {
                s.originator_version: mapper.to_record(s)
                for s in self.recorder.select_events(aggregate)
            }
            for r in records:
                mine = held.get(r.version)
                if mine is None:
                    new.append(r)
                elif (mine.topic, mine.state, mine.chain) != (r.topic, r.state, r.chain):
                    differ.append(f"event {r.version} of aggregate {aggregate}")
        if differ:
            raise NotVerified(
                N_(
                    "This store already holds the event %(event)s with a history that differs "
                    "from the file's; nothing was imported."
                ),
                hint=N_(
                    "An event is imported from the club that holds it, and from no one else: "
                    "compare both stores' records (audit) before going on."
                ),
                code="import.diverges",
                problems=differ[:SHOWN],
                event=str(history.event_id),
            )
        return new

    def _stored(self, record: Record) -> StoredEvent:
        """A record as this store writes it (its link kept)."""
        return stored_event(self, record)


def stored_event(app: ApplicationCore, record: Record) -> StoredEvent:
    """``record`` encoded as ``app``'s store writes states, its link kept."""
    mapper = app.pydantic_mapper
    state = dict(record.state)
    if record.chain is not None:
        state[CHAIN_KEY] = record.chain
    data = mapper.transcoder.encode(state)
    if mapper.compressor:
        data = mapper.compressor.compress(data)
    if mapper.cipher:
        data = mapper.cipher.encrypt(data)
    return StoredEvent(
        originator_id=record.originator_id,
        originator_version=record.version,
        topic=record.topic,
        state=data,
    )


# ---- a whole store ------------------------------------------------------------------------


@dataclass(frozen=True)
class Migrated:
    """What copying a store did."""

    events: int
    """The events of the source store."""
    added: int
    """The events the target did not hold yet."""
    aggregates: int

    def to_json(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "added": self.added,
            "already": self.events - self.added,
            "aggregates": self.aggregates,
        }


def migrate(source: IntegrityQueries, target: IntegrityQueries) -> Migrated:
    """Copy every stored event of ``source`` into ``target`` (in the order recorded, in
    one transaction), both checked: the source must verify before, the target after; a
    target holding events that are not the source's is refused. Copying again adds only
    what the source recorded since."""
    before = source.verify()
    if not before.ok:
        raise NotVerified(
            N_("The store to copy from does not verify; nothing was copied."),
            hint=N_("Verify it to see what was changed, and put that right first."),
            code="migrate.unverified",
            problems=[str(b.describe()) for b in before.breaks][:SHOWN],
        )
    mapper = source.pydantic_mapper
    records = [mapper.to_record(n, n.id) for n in source._notifications()]
    held = {
        (r.originator_id, r.version): r
        for r in (target.pydantic_mapper.to_record(n, n.id) for n in target._notifications())
    }
    mine = {(r.originator_id, r.version): r for r in records}
    differ = [
        f"event {v} of aggregate {a} (position {r.position})"
        for (a, v), r in held.items()
        if (a, v) not in mine or (mine[(a, v)].topic, mine[(a, v)].state) != (r.topic, r.state)
    ]
    if differ:
        raise NotVerified(
            N_(
                "The store to copy to holds events that are not those of the store to copy "
                "from; nothing was copied."
            ),
            hint=N_("Copy into an empty store, or into one copied from the same store before."),
            code="migrate.target_differs",
            problems=differ[:SHOWN],
        )
    new = [r for r in records if (r.originator_id, r.version) not in held]
    if new:
        target.recorder.insert_events([stored_event(target, r) for r in new])
    after = target.verify()
    if not after.ok:  # pragma: no cover - the copy is what was verified
        raise NotVerified(
            N_("The store copied to does not verify after the copy."),
            hint=N_("Verify it to see what differs."),
            code="migrate.copy_unverified",
            problems=[str(b.describe()) for b in after.breaks][:SHOWN],
        )
    log.info("migrated", events=len(records), added=len(new))
    return Migrated(len(records), len(new), len({r.originator_id for r in records}))
