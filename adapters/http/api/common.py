"""What the API's routes share: the application, the event a path names, the moment a
query answers as of."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any
from uuid import UUID

from fastapi import Depends, Query
from pydantic import BaseModel, ConfigDict

from adapters.http.deps import get_app
from engine.application import Traveller
from engine.application.moments import At
from engine.errors import N_, InvalidFile

App = Annotated[Traveller, Depends(get_app)]


def event_of(event_id: str, app: App) -> UUID:
    """The event ``event_id`` names: its id, or any unique start of it."""
    return app.resolve_event(event_id)


Event = Annotated[UUID, Depends(event_of)]


def moment(
    number: Annotated[
        int | None, Query(description="As of the event's N-th action (as the audit numbers)")
    ] = None,
    position: Annotated[int | None, Query(description="As of this store position")] = None,
    time: Annotated[dt.datetime | None, Query(description="As of this moment (ISO 8601)")] = None,
) -> At | None:
    """The moment a query answers as of (none given: now)."""
    if number is None and position is None and time is None:
        return None
    return At(number=number, position=position, time=time)


Moment = Annotated[At | None, Depends(moment)]


class Body(BaseModel):
    """A request body: a field it does not know is refused (a typo is never ignored)."""

    model_config = ConfigDict(extra="forbid")


def done(**data: Any) -> dict[str, Any]:
    """A write's answer: ``recorded`` and what it returned."""
    return {"recorded": True, **data}


def refuse_a_file_with(problems: list[str]) -> None:
    """Refuse a file sent for import when it has problems (each line's), nothing written."""
    if problems:
        raise InvalidFile(
            N_("The file was not imported: nothing was written."),
            hint=N_("Put right the lines listed, then send the file again."),
            code="import.problems",
            problems=problems,
        )
