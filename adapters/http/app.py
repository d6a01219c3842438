"""The ASGI application: the API under ``/api``, the director's console at ``/console``,
the public pages at ``/``."""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles

from adapters.http import errors, live
from adapters.http.api import router as api_router
from adapters.http.console import router as console_router
from adapters.http.pages import STATIC_DIR
from adapters.http.pages import router as pages_router
from adapters.http.printing import router as printing_router
from adapters.http.record_check import RecordCheck
from adapters.http.table import router as table_router
from engine.application import Traveller


def create_app(traveller: Traveller, *, allowed_origins: Sequence[str] = ()) -> FastAPI:
    """The server for ``traveller``'s store: the API under ``/api`` (its OpenAPI document
    at ``/openapi.json``) and the public pages. Cross-origin requests are refused unless
    their origins are ``allowed_origins`` (the API takes bearer tokens, never cookies)."""
    app = FastAPI(title="Traveller", version="0.1.0", openapi_url="/openapi.json")
    app.state.traveller = traveller
    app.include_router(api_router)
    app.add_middleware(live.NudgeAfterWrites, traveller=traveller)  # inside BugShield
    app.add_middleware(RecordCheck, traveller=traveller)
    errors.install(app)
    if allowed_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=list(allowed_origins),
            allow_methods=["GET", "POST", "PUT", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Accept-Language", "Idempotency-Key"],
        )
    app.include_router(console_router)
    app.include_router(pages_router)
    app.include_router(printing_router)
    app.include_router(table_router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    return app
