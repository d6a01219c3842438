"""The hash chain that makes the record tamper-evident.

Every stored event carries, in its stored state under ``_chain``, the SHA-256 of the link
before it in its aggregate (the tournament's, a session-section's, the store's access)
followed by the event's canonical encoding: its topic, aggregate id, version and stored
state (without ``_chain``), as JSON with sorted keys. Altering an event changes its link;
removing, inserting or reordering events breaks the link of the next one. The engine
seals each event when it writes it (:func:`seal`); every read checks the links of the
events it loads (:class:`ChainReader`), and :func:`check_stream` checks a whole stream.

One chain per aggregate, not one per tournament: sections take results at the same time
without waiting for each other (DESIGN §2), and the tournament's own chain names every
section it opened. :func:`event_head` folds the heads of a tournament's chains into one
digest: what a publication signs. Events written before chains existed carry no
``_chain``; their links are computed, so the first sealed event after them covers them.

What an attacker with write access to the store can still do, and what they cannot, is
written down in ``docs/decisions/0023-hash-chain-and-signatures.md``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple
from uuid import UUID

import orjson

from engine.errors import N_, Phrase

CHAIN_KEY = "_chain"
"""The stored state's key for the event's link."""


def canonical(topic: str, originator_id: UUID, version: int, state: dict[str, Any]) -> bytes:
    """The bytes a link hashes: the stored record with sorted keys (``state`` without
    its ``_chain``). Stored states are plain JSON, so decoding and encoding them again
    gives the same bytes in every later release."""
    record = {"topic": topic, "id": str(originator_id), "version": version, "state": state}
    return orjson.dumps(record, option=orjson.OPT_SORT_KEYS)


def link(
    previous: str | None, topic: str, originator_id: UUID, version: int, state: dict[str, Any]
) -> str:
    """The link of an event: SHA-256 over the link before it ("" for an aggregate's
    first event) and the event's canonical encoding."""
    digest = hashlib.sha256((previous or "").encode())
    digest.update(b"\n")
    digest.update(canonical(topic, originator_id, version, state))
    return digest.hexdigest()


@dataclass(frozen=True)
class Record:
    """A stored event as the chain sees it: its state decoded, ``_chain`` apart."""

    topic: str
    originator_id: UUID
    version: int
    state: dict[str, Any]
    """The stored state without ``_chain`` (with its schema version)."""
    chain: str | None
    """The link stored with it (None: written before chains, or stripped)."""
    position: int | None = None

    def computed(self, previous: str | None) -> str:
        return link(previous, self.topic, self.originator_id, self.version, self.state)


def record_of(
    topic: str,
    originator_id: UUID,
    version: int,
    state: dict[str, Any],
    position: int | None = None,
) -> Record:
    """A :class:`Record` of a decoded stored state (which is left untouched)."""
    rest = dict(state)
    chain = rest.pop(CHAIN_KEY, None)
    return Record(
        topic, originator_id, version, rest, chain if isinstance(chain, str) else None, position
    )


@dataclass(frozen=True)
class Break:
    """Where an aggregate's chain does not hold."""

    aggregate: UUID
    version: int
    """The event whose link does not hold (or the version missing)."""
    kind: str
    """``altered``: the event's content is not what was sealed (or an event before it was
    removed or replaced); ``missing``: versions are missing (removed events);
    ``unsealed``: an event after sealed ones carries no link (stripped);
    ``out-of-order``: versions are not consecutive from 1;
    ``empty``: the tournament names a section that holds no events."""
    position: int | None = None
    name: Phrase | str | None = None
    """The aggregate in words (``session 1, section A of 'Tuesday pairs'``)."""

    def describe(self) -> Phrase:
        """In words (a phrase of the errors catalog, English when printed as text)."""
        whose = self.name if self.name is not None else str(self.aggregate)
        if self.kind == "empty":
            return Phrase(
                N_("%(whose)s is named by its event but holds no events: they were removed"),
                whose=whose,
            )
        if self.kind == "missing":
            return Phrase(
                N_("Event %(version)s of %(whose)s is missing: it was removed"),
                version=self.version,
                whose=whose,
            )
        where = (
            Phrase(N_(" (store position %(position)s)"), position=self.position)
            if self.position is not None
            else ""
        )
        template = {
            "altered": N_(
                "Event %(version)s of %(whose)s%(where)s is not what was recorded: it was "
                "altered, or an event before it was removed, inserted or replaced"
            ),
            "unsealed": N_(
                "Event %(version)s of %(whose)s%(where)s carries no link although earlier "
                "events do: its link was removed"
            ),
            "out-of-order": N_(
                "Event %(version)s of %(whose)s%(where)s is out of order: its versions are "
                "not consecutive"
            ),
        }[self.kind]
        return Phrase(template, where=where, version=self.version, whose=whose)


@dataclass
class StreamCheck:
    """What checking one aggregate's chain found."""

    aggregate: UUID
    version: int = 0
    head: str | None = None
    """The link of the last event (computed where none was stored)."""
    unsealed: int = 0
    """Events written before chains (their links computed, covered by later ones)."""
    breaks: list[Break] = field(default_factory=list)


class Link(NamedTuple):
    """Where a chain was left: the version of its last event, that event's link, and
    whether any event so far was sealed (after which every event must be)."""

    version: int
    head: str | None
    sealed: bool


START = Link(0, None, False)


def _step(at: Link, record: Record) -> tuple[Break | None, Link]:
    """What is wrong with ``record`` after the chain left ``at``, if anything (a missing
    event is named by the first version missing), and where the chain is left after it.

    A gap in the versions is "missing" alone (the next link cannot hold either); after an
    altered event the check goes on from its stored link, so one altered event is one
    break, not every event after it."""
    broken: str | None = None
    if record.version != at.version + 1:
        broken = "missing" if record.version > at.version + 1 else "out-of-order"
    elif record.chain is None:
        broken = "unsealed" if at.sealed else None
    elif record.chain != record.computed(at.head):
        broken = "altered"
    head = record.chain if record.chain is not None else record.computed(at.head)
    found = None
    if broken is not None:
        version = at.version + 1 if broken == "missing" else record.version
        found = Break(record.originator_id, version, broken, record.position)
    return found, Link(record.version, head, at.sealed or record.chain is not None)


def check_stream(aggregate: UUID, records: Iterable[Record]) -> StreamCheck:
    """Check one aggregate's records, in version order, from its first."""
    check = StreamCheck(aggregate)
    at = START
    for record in records:
        broken, at = _step(at, record)
        if broken is not None:
            check.breaks.append(broken)
        elif record.chain is None:
            check.unsealed += 1
    check.version, check.head = at.version, at.head
    return check


class ChainReader:
    """Checks the links of the events a process reads, aggregate by aggregate, from
    where it last left each one (reads of new events cost one hash each)."""

    def __init__(self) -> None:
        self.links: dict[UUID, Link] = {}
        self.breaks: dict[UUID, list[Break]] = {}

    @property
    def breaks_met(self) -> bool:
        """Whether any read so far met a break (cheap: read without the lock)."""
        return any(self.breaks.values())

    def at(self, aggregate: UUID, version: int) -> Link | None:
        """Where the aggregate's chain was left at ``version``, if known."""
        if version == 0:
            return START
        known = self.links.get(aggregate)
        return known if known is not None and known.version == version else None

    def follow(self, aggregate: UUID, after: int, records: Iterable[Record]) -> Iterator[Record]:
        """Yield ``records`` (the events after version ``after``) as their links are
        checked; a break is remembered in :attr:`breaks`. When the chain at ``after`` is
        not known, nothing is checked (the caller reads from the first event instead)."""
        at = self.at(aggregate, after)
        for record in records:
            if at is not None:
                broken, at = _step(at, record)
                known = self.breaks.setdefault(aggregate, [])
                if broken is not None and broken not in known:  # read again from the first
                    known.append(broken)
            yield record
        if at is not None:
            self.remember(aggregate, at)

    def remember(self, aggregate: UUID, at: Link) -> None:
        known = self.links.get(aggregate)
        if known is None or known.version <= at.version:
            self.links[aggregate] = at


@dataclass(frozen=True)
class Head:
    """Where a tournament's chains end: each aggregate's last version and link, and one
    digest over them (what a publication signs)."""

    aggregates: tuple[tuple[UUID, int, str | None], ...]

    @property
    def digest(self) -> str:
        lines = "\n".join(f"{a} {v} {h or ''}" for a, v, h in sorted(self.aggregates))
        return hashlib.sha256(lines.encode()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        return {
            "digest": self.digest,
            "aggregates": [
                {"aggregate": str(a), "version": v, "link": h} for a, v, h in self.aggregates
            ],
        }
