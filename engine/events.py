"""The base of every recorded event, and how events are stored.

Events are immutable pydantic models. Each class carries a schema version; the
stored state records it, and an older stored event is *upcast* by the class when
it is read (never rewritten). The module path and class name of an event are its
stored topic: never move or rename an event class.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar, cast
from uuid import UUID

import orjson
from eventsourcing.domain import DomainEventProtocol
from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import get_topic, resolve_topic
from pydantic import BaseModel, ConfigDict, Field

SCHEMA_KEY = "_v"


def utcnow() -> datetime:
    return datetime.now(UTC)


class DomainEvent(BaseModel):
    """Something that happened to a tournament or a section, with who did it and why."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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


class PydanticMapper(Mapper[UUID]):
    """Maps pydantic events to stored rows (JSON via orjson) and back, upcasting old ones."""

    def to_stored_event(self, domain_event: DomainEventProtocol[Any]) -> StoredEvent:
        event = cast(DomainEvent, domain_event)
        state = event.model_dump(mode="json")
        state[SCHEMA_KEY] = type(event).schema_version
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


def decode(mapper: Mapper[UUID], stored: StoredEvent) -> DomainEvent:
    data = stored.state
    if mapper.cipher:
        data = mapper.cipher.decrypt(data)
    if mapper.compressor:
        data = mapper.compressor.decompress(data)
    state: dict[str, Any] = mapper.transcoder.decode(data)
    cls = cast(type[DomainEvent], resolve_topic(stored.topic))
    version = state.pop(SCHEMA_KEY, 1)
    if version != cls.schema_version:
        state = cls.upcast(state, version)
    return cls.model_validate(state)


class OrjsonTranscoder(Transcoder):
    def encode(self, obj: Any) -> bytes:
        return orjson.dumps(obj)

    def decode(self, data: bytes) -> Any:
        return orjson.loads(data)
