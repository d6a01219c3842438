"""The director's console at ``/console``: shell pages whose script
(``static/console.js``) fills their panels from routes that need a director.

- :mod:`.render` — shells and panels in the director's language, the console's addresses.
- :mod:`.options` — a plugin's options as form fields.
- :mod:`.setup` — log in, the events, an event's set-up: sessions and sections, entries
  and their fixes, the movement (with the advisor), scoring, table codes and how tables
  enter results, the rounds and the results still missing.
- :mod:`.desk` — the scoring desk: results, corrections, adjustments, the audit.
"""

from __future__ import annotations

from fastapi import APIRouter

from adapters.http.console import desk, setup

PREFIX = "/console"
router = APIRouter(include_in_schema=False)
"""Every console route, each part's under :data:`PREFIX`."""
for part in (setup, desk):
    router.include_router(part.router, prefix=PREFIX)
