"""Signed publications: what a club signs when it publishes a session, and how anyone
holding the club's public key checks it.

A signed publication (:func:`signed_publication`, called by ``publish``) carries a
statement — the event, the session, the scoring method and its version, the standings'
digest and the chain head of the record as the command read it (every aggregate of the
event: its version and link) — and the club's Ed25519 signature over it
(:mod:`engine.signing`). :func:`check_publication` checks one: the signature holds (by
the key given), the standings recorded are those signed, the record before it is still
what was signed (each link computed again from the events' content, not read from the
store), and the standings computed again from that record are those published.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any
from uuid import UUID

from pydantic import ValidationError

from engine.application.core import ApplicationCore, UnitOfWork
from engine.application.moments import Fold
from engine.errors import N_, NotVerified, Phrase, TravellerError
from engine.events import DomainEvent, Versioned, event_of, stored_topics
from engine.integrity import Head, Record, check_stream
from engine.ranks import Standings, standings_digest
from engine.registry import Registry
from engine.signing import Signature, Signer, fingerprint, sign
from engine.standings import compute_standings
from engine.tournament.events import EventCreated, ResultsPublished, SessionAdded
from engine.tournament.state import Tournament, section_id

PUBLICATION = "traveller-publication"
"""What a publication's statement says it is (its ``statement``)."""


def signed_head(
    app: ApplicationCore, states: Sequence[Versioned], names: Mapping[UUID, str] | None = None
) -> Head:
    """The chain head of the aggregates as a command read them (each at its version),
    each chain checked from its first event: a record that does not verify is not
    signed (the signature would vouch for what was changed). ``names`` name the
    aggregates in the refusal."""
    aggregates = []
    problems = []
    mapper = app.pydantic_mapper
    for state in states:
        stored = app.recorder.select_events(state.id, lte=state.version)
        check = check_stream(state.id, (mapper.to_record(s) for s in stored))
        named = (names or {}).get(state.id)
        problems += [str(replace(b, name=named).describe()) for b in check.breaks]
        aggregates.append((state.id, state.version, check.head))
    if problems:
        raise NotVerified(
            N_("The event's record does not verify, so its publication cannot be signed."),
            hint=N_(
                "Verify the event to see what was changed, and put it right before "
                "publishing: a signature vouches for the record it covers."
            ),
            code="publish.unverified",
            problems=problems,
        )
    return Head(tuple(aggregates))


def publication_statement(
    event_id: UUID, session: int, standings: Standings, head: Head
) -> dict[str, Any]:
    """What a signed publication says: the event, the session, the standings (method,
    version, digest) and the chain head of the record they were computed from."""
    return {
        "statement": PUBLICATION,
        "version": 1,
        "event": str(event_id),
        "session": session,
        "method": standings.method,
        "method_version": standings.method_version,
        "standings_digest": standings.digest(),
        "chain": head.to_json(),
    }


def signed_publication(
    app: ApplicationCore,
    uow: UnitOfWork,
    tournament: Tournament,
    session: int,
    standings: Standings,
    signer: Signer,
) -> Signature:
    """The club's signature over a publication: the standings and the chain head of
    every aggregate of the event as the command read them."""
    states: list[Versioned] = [tournament]
    names = {tournament.id: f"the event {tournament.name!r}"}
    for s, sections in sorted(tournament.sessions.items()):
        for name in sections:
            states.append(uow.section(tournament.id, s, name))
            names[states[-1].id] = f"session {s}, section {name} of {tournament.name!r}"
    head = signed_head(app, states, names)
    return sign(signer, publication_statement(tournament.id, session, standings, head))


@dataclass(frozen=True)
class PublicationCheck:
    """What checking one publication found (``problems`` in words; none: it holds)."""

    event: UUID
    event_name: str
    session: int
    number: int
    """The publication's event in the event's own history (its version)."""
    published: dt.datetime
    method: str
    method_version: str
    digest: str
    public_key: str | None
    """Who signed it (None: it is not signed)."""
    problems: tuple[Phrase, ...] = ()

    @property
    def signed(self) -> bool:
        return self.public_key is not None

    @property
    def ok(self) -> bool:
        """Nothing found wrong (an unsigned publication has only its digest checked)."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "event": str(self.event),
            "event_name": self.event_name,
            "session": self.session,
            "number": self.number,
            "published": self.published.isoformat(),
            "method": self.method,
            "method_version": self.method_version,
            "digest": self.digest,
            "signed": self.signed,
            "public_key": self.public_key,
            "fingerprint": None if self.public_key is None else fingerprint(self.public_key),
            "ok": self.ok,
            "problems": [str(p) for p in self.problems],
        }


class History:
    """An event's stored events by aggregate, from a store or a file: each link computed
    again from the events' content, and the event folded as of given versions."""

    def __init__(self, event_id: UUID, records: Iterable[Record]) -> None:
        self.event_id = event_id
        self.records: dict[UUID, list[Record]] = defaultdict(list)
        for r in records:
            self.records[r.originator_id].append(r)
        for found in self.records.values():
            found.sort(key=lambda r: r.version)
        self._links: dict[UUID, list[str]] = {}

    def link_at(self, aggregate: UUID, version: int) -> str | None:
        """The link of the aggregate's event ``version``, computed from the content of
        every event up to it (None if there is no such event)."""
        if aggregate not in self._links:
            links: list[str] = []
            for r in self.records.get(aggregate, []):
                links.append(r.computed(links[-1] if links else None))
            self._links[aggregate] = links
        links = self._links[aggregate]
        return links[version - 1] if 0 < version <= len(links) else None

    @property
    def name(self) -> str:
        """The event's name, as created."""
        first = self.records.get(self.event_id)
        created = event_of(first[0].topic, first[0].state) if first else None
        return created.name if isinstance(created, EventCreated) else str(self.event_id)

    def events(self) -> list[DomainEvent]:
        """Every event, decoded (upcast), by aggregate and version."""
        return [event_of(r.topic, r.state) for rs in self.records.values() for r in rs]

    def publications(self) -> list[ResultsPublished]:
        """The event's publications, in order (one whose stored state no longer reads as
        a publication is not one: its chain says it was altered)."""
        found = []
        topics = set(stored_topics(ResultsPublished))
        for r in self.records.get(self.event_id, []):
            if r.topic not in topics:
                continue
            try:
                event = event_of(r.topic, r.state)
            except (ValidationError, ValueError, TypeError):
                continue
            if isinstance(event, ResultsPublished):
                found.append(event)
        return found

    def standings_at(self, versions: Mapping[UUID, int], session: int, registry: Registry) -> str:
        """The digest of ``session``'s standings computed from the events up to
        ``versions`` (each aggregate's)."""
        fold = Fold()
        for aggregate in sorted(self.records, key=lambda a: a != self.event_id):
            for r in self.records[aggregate]:
                if r.version <= versions.get(aggregate, 0):
                    fold.add(event_of(r.topic, r.state))
        tournament = fold.tournaments[self.event_id]
        sections = [
            fold.sections[section_id(self.event_id, session, name)]
            for name in tournament.sessions[session]
        ]
        standings = compute_standings(
            registry, tournament, sections, session, published_if_unavailable=False
        )
        return standings.digest()


def check_publication(
    history: History, published: ResultsPublished, registry: Registry, key: str | None
) -> PublicationCheck:
    """Check one publication of ``history``: its digest, and when signed its signature
    (by the public ``key`` when given: one signed by another key does not hold), the
    record it signed and the standings computed again from it."""
    signature = published.signature
    problems: list[Phrase] = []
    if published.digest != standings_digest(published.standings):
        problems.append(Phrase(N_("the standings recorded with it are not those it names")))
    if signature is not None:
        problems += _signature_problems(history, published, signature, registry, key)
    return PublicationCheck(
        history.event_id,
        history.name,
        published.session,
        published.originator_version,
        published.timestamp,
        published.method,
        published.method_version,
        published.digest,
        None if signature is None else signature.public_key,
        tuple(problems),
    )


def _signature_problems(
    history: History,
    published: ResultsPublished,
    signature: Signature,
    registry: Registry,
    key: str | None,
) -> list[Phrase]:
    if not signature.holds():
        return [Phrase(N_("its signature does not hold: what it signed was altered"))]
    if key is not None and signature.public_key != key:
        return [
            Phrase(
                N_("it is signed by another key (%(theirs)s), not by %(ours)s"),
                theirs=fingerprint(signature.public_key),
                ours=fingerprint(key),
            )
        ]
    said = signature.signed
    expected = {
        "statement": PUBLICATION,
        "event": str(history.event_id),
        "session": published.session,
        "method": published.method,
        "method_version": published.method_version,
        "standings_digest": published.digest,
    }
    differ = sorted(k for k, v in expected.items() if said.get(k) != v)
    if differ:
        return [
            Phrase(
                N_("what was signed is not this publication (its %(fields)s differ)"),
                fields=", ".join(differ),
            )
        ]
    chain = said.get("chain") or {}
    heads = [
        (UUID(str(a["aggregate"])), int(a["version"]), a.get("link"))
        for a in chain.get("aggregates", [])
    ]
    problems = []
    if Head(tuple(heads)).digest != chain.get("digest"):
        problems.append(Phrase(N_("the chain head it signed does not add up")))
    for aggregate, version, signed_link in heads:
        if history.link_at(aggregate, version) != signed_link:
            problems.append(
                Phrase(
                    N_(
                        "the record it signed has changed: event %(version)s of %(whose)s, "
                        "or an event before it, is not what was signed"
                    ),
                    version=version,
                    whose=_whose(history, aggregate),
                )
            )
    if problems:
        return problems
    try:
        again = history.standings_at({a: v for a, v, _ in heads}, published.session, registry)
    except (TravellerError, KeyError, ValidationError, ValueError, TypeError) as exc:
        return [
            Phrase(
                N_("its standings could not be computed again from the record: %(why)s"),
                why=str(exc),
            )
        ]
    if again != published.digest:
        return [
            Phrase(
                N_(
                    "the standings computed again from the record it signed differ from "
                    "those published"
                )
            )
        ]
    return []


def _whose(history: History, aggregate: UUID) -> str:
    """An aggregate of the event in words: the event itself or one of its sections."""
    if aggregate == history.event_id:
        return "the event"
    for r in history.records.get(history.event_id, []):
        event = event_of(r.topic, r.state)
        if isinstance(event, SessionAdded):
            for name in event.sections:
                if section_id(history.event_id, event.session, name) == aggregate:
                    return f"session {event.session}, section {name}"
    return str(aggregate)


def proven(checks: Sequence[PublicationCheck], key: str | None) -> bool:
    """Whether the publications checked hold: none has a problem, and, checked against a
    ``key``, at least one is signed (by it)."""
    return all(c.ok for c in checks) and (key is None or any(c.signed for c in checks))
