"""The live public pages, server-rendered in Japanese and English: :data:`router` (the
pages at ``/`` and ``/events/…``, and the live stream) and :data:`STATIC_DIR` (their
stylesheet and script, mounted at ``/static``)."""

from __future__ import annotations

from adapters.http.pages.render import STATIC_DIR
from adapters.http.pages.routes import router

__all__ = ["STATIC_DIR", "router"]
