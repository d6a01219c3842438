"""The base of every recorded event, how events are stored, and how a decision numbers them.

Events are immutable pydantic models. Each class carries a schema version; the
stored state records it, and an older stored event is *upcast* by the class when
it is read (never rewritten). The module path and class name of an event are its
stored topic: a class that moves keeps every topic it was stored under registered
as an alias (:func:`stored_earlier_as`), so history written before the move still
loads.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, ClassVar, Protocol, TypeVar, cast
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Cipher, Compressor, Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, register_topic, resolve_topic
from pydantic import BaseModel, ConfigDict, Field

from engine.integrity import CHAIN_KEY, Record, link, record_of

SCHEMA_KEY = "_v"


def utcnow() -> datetime:
    return datetime.now(UTC)


class DomainEvent(BaseModel):
    """Something that happened to a tournament or a section, with who did it and why."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    schema_version: ClassVar[int] = 1

    originator_id: UUID
    originator_version: int
    timestamp: datetime = Field(default_factory=utcnow)
    actor: str = "director"
    reason: str | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Bring a stored state written at schema ``version`` up to the current one."""
        return state

    @property
    def type(self) -> str:
        return type(self).__name__

    @property
    def size(self) -> int:
        """How many facts the event records (a chunk of imported results: each of them),
        what folding it into a state makes."""
        return 1


E = TypeVar("E", bound=DomainEvent)


class Versioned(Protocol):
    """An aggregate's state as far as numbering its next event goes."""

    id: UUID
    version: int


@dataclass
class Changes:
    """The events one decision records, in order, each numbered on from its aggregate's
    version (consecutive originator versions per aggregate), all by ``actor``."""

    actor: str
    events: list[DomainEvent] = field(default_factory=list)
    _versions: dict[UUID, int] = field(default_factory=dict)

    def add(self, state: Versioned, cls: type[E], **data: Any) -> E:
        """The next event of the aggregate whose state is ``state``."""
        version = self._versions.get(state.id, state.version) + 1
        return self._append(state.id, version, cls, data)

    def start(self, aggregate_id: UUID, cls: type[E], **data: Any) -> E:
        """The first event of a new aggregate."""
        return self._append(aggregate_id, 1, cls, data)

    def _append(self, aggregate_id: UUID, version: int, cls: type[E], data: dict[str, Any]) -> E:
        data.setdefault("actor", self.actor)
        event = cls(originator_id=aggregate_id, originator_version=version, **data)
        self._versions[aggregate_id] = version
        self.events.append(event)
        return event


_EARLIER_TOPICS: dict[type[DomainEvent], list[str]] = {}


def stored_earlier_as(module: str, classes: Iterable[type[DomainEvent]]) -> None:
    """Register the topics ``classes`` were stored under when they lived in ``module``,
    so events recorded then still resolve to them (the library's topic aliases)."""
    for cls in classes:
        topic = f"{module}:{cls.__qualname__}"
        register_topic(topic, cls)
        _EARLIER_TOPICS.setdefault(cls, []).append(topic)


def stored_topics(cls: type[DomainEvent]) -> list[str]:
    """Every topic events of ``cls`` may be stored under: today's and its earlier ones."""
    return [get_topic(cls), *_EARLIER_TOPICS.get(cls, ())]


class PydanticMapper(Mapper[UUID]):
    """Maps pydantic events to stored rows (JSON via orjson) and back, upcasting old ones.

    An event the engine sealed (:meth:`seal`) is stored with its link in the hash chain
    (:mod:`engine.integrity`)."""

    def __init__(
        self,
        transcoder: Transcoder,
        compressor: Compressor | None = None,
        cipher: Cipher | None = None,
    ) -> None:
        super().__init__(transcoder, compressor, cipher)
        self._sealed = threading.local()
        """(aggregate, version) → the sealed stored state, per thread: a command seals
        its events and saves them in the same thread, and two threads may seal the same
        version of an aggregate at once (one of them will conflict and seal again)."""

    def stored_state(self, event: DomainEvent) -> dict[str, Any]:
        """The state stored for ``event`` (without its link)."""
        state = event.model_dump(mode="json")
        state[SCHEMA_KEY] = type(event).schema_version
        return state

    def seal(self, event: DomainEvent, previous: str | None) -> str:
        """Work out ``event``'s link after ``previous`` and keep its stored state with
        the link, for :meth:`to_stored_event` to write; returns the link."""
        state = self.stored_state(event)
        chained = link(
            previous, get_topic(type(event)), event.originator_id, event.originator_version, state
        )
        state[CHAIN_KEY] = chained
        sealed: dict[tuple[UUID, int], dict[str, Any]] = self._sealed.__dict__.setdefault(
            "states", {}
        )
        sealed[(event.originator_id, event.originator_version)] = state
        return chained

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent:
        event = cast(DomainEvent, domain_event)
        sealed: dict[tuple[UUID, int], dict[str, Any]] = self._sealed.__dict__.get("states", {})
        state = sealed.pop((event.originator_id, event.originator_version), None)
        if state is None:  # not sealed: a fork's copy of history, held in memory only
            state = self.stored_state(event)
        data = self.transcoder.encode(state)
        if self.compressor:
            data = self.compressor.compress(data)
        if self.cipher:
            data = self.cipher.encrypt(data)
        return StoredEvent(
            originator_id=event.originator_id,
            originator_version=event.originator_version,
            topic=get_topic(type(event)),
            state=data,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> DomainEventProtocol[Any]:
        return cast(DomainEventProtocol[Any], decode(self, stored_event))

    def to_record(self, stored: StoredEvent, position: int | None = None) -> Record:
        """The stored event as the chain sees it."""
        return record_of(
            stored.topic,
            UUID(str(stored.originator_id)),
            stored.originator_version,
            decoded_state(self, stored),
            position,
        )


def decoded_state(mapper: Mapper[UUID], stored: StoredEvent) -> dict[str, Any]:
    """The stored state as written: schema version and link included."""
    data = stored.state
    if mapper.cipher:
        data = mapper.cipher.decrypt(data)
    if mapper.compressor:
        data = mapper.compressor.decompress(data)
    state: dict[str, Any] = mapper.transcoder.decode(data)
    return state


def decode(mapper: Mapper[UUID], stored: StoredEvent) -> DomainEvent:
    return event_of(stored.topic, decoded_state(mapper, stored))


def event_of(topic: str, state: dict[str, Any]) -> DomainEvent:
    """The event a stored state records (upcast from its schema version; the state is
    not changed)."""
    state = dict(state)
    state.pop(CHAIN_KEY, None)
    cls = cast(type[DomainEvent], resolve_topic(topic))
    version = state.pop(SCHEMA_KEY, 1)
    if version != cls.schema_version:
        state = cls.upcast(state, version)
    return cls.model_validate(state)


class OrjsonTranscoder(Transcoder):
    def encode(self, obj: Any) -> bytes:
        return orjson.dumps(obj)

    def decode(self, data: bytes) -> Any:
        return orjson.loads(data)
