"""The HTTP API under ``/api``: every command and query of the application as JSON.

Routes by concept: :mod:`.access` (login, tokens, devices, the public view),
:mod:`.events` (events, sessions, entries, conditions), :mod:`.play` (movements,
rounds, results, adjustments, imports), :mod:`.advice` (the movement advisor),
:mod:`.device` (a table's device, the table-entry settings),
:mod:`.swiss`, :mod:`.queries` (every read), :mod:`.catalog` (what the plugins offer, the
IMP and VP tables), :mod:`.integrity` (verify, the event file), :mod:`.deals` (hand
records, the PBN export), :mod:`.usebio` (USEBIO files out and in)."""

from __future__ import annotations

from fastapi import APIRouter

from adapters.http.api import (
    access,
    advice,
    catalog,
    deals,
    device,
    events,
    integrity,
    play,
    queries,
    swiss,
    usebio,
)

router = APIRouter(prefix="/api")
for module in (
    access,
    device,
    events,
    play,
    advice,
    swiss,
    queries,
    catalog,
    integrity,
    deals,
    usebio,
):
    router.include_router(module.router)
