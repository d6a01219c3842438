"""Errors as the API answers them: every :class:`engine.errors.TravellerError` as a 4xx
JSON body ``{"error": class name, "code", "message", "hint", "fixes", "language", ...}``
(message and hint in the request's language, :func:`adapters.http.i18n.of_api`; each fix
as the command and its fields, for a client to offer as a form); anything else as a 500 that
says it is a bug, without a traceback or anything from the request (it is logged, with
an incident number the answer gives)."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import (
    http_exception_handler,
    request_validation_exception_handler,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from adapters.http import i18n
from adapters.i18n import ENGLISH, hint_of, message_of, said
from engine.errors import (
    N_,
    Conflict,
    InvalidFile,
    InvalidInput,
    InvalidMovement,
    NotAllowed,
    NotFound,
    PluginError,
    ReasonRequired,
    Rejected,
    ResultsMissing,
    StoreError,
    TravellerError,
)
from engine.logging import get_logger

log = get_logger("traveller.http")


class Unauthenticated(TravellerError):
    """No identity, or one that is not valid (a wrong password, a revoked or expired
    token, an unknown code): HTTP 401."""


class Forbidden(TravellerError):
    """An identity that may not do this (the public writing, a table device directing):
    HTTP 403."""


STATUS: tuple[tuple[type[TravellerError], int], ...] = (
    (Unauthenticated, 401),
    (Forbidden, 403),
    (NotAllowed, 403),
    (NotFound, 404),
    (ReasonRequired, 422),
    (InvalidInput, 422),
    (InvalidMovement, 422),
    (InvalidFile, 422),
    (PluginError, 422),
    (Rejected, 409),
    (Conflict, 409),
    (StoreError, 503),
)
"""The HTTP status of each kind of refusal, the first that matches (subclasses first)."""


def status_of(exc: TravellerError) -> int:
    return next((status for cls, status in STATUS if isinstance(exc, cls)), 400)


def body_of(exc: TravellerError, language: str = ENGLISH) -> dict[str, Any]:
    """The JSON a refusal is answered with, in ``language``."""
    body: dict[str, Any] = {
        "error": type(exc).__name__,
        "code": exc.code,
        "message": message_of(exc, language),
        "hint": hint_of(exc, language),
        "fixes": [fix.as_json() for fix in exc.fixes],
        "language": language,
    }
    if isinstance(exc, InvalidFile | InvalidMovement | ResultsMissing):
        body["problems"] = list(exc.problems)
    if isinstance(exc, InvalidFile) and exc.unlisted:  # more problems than a file's kept
        body["problem_count"] = exc.problem_count
    return body


def refusal(exc: TravellerError, language: str = ENGLISH) -> JSONResponse:
    headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, Unauthenticated) else None
    return JSONResponse(body_of(exc, language), status_code=status_of(exc), headers=headers)


async def _traveller_error(request: Request, exc: Exception) -> Response:
    """The refusal as JSON (the API's, and a panel a page's script fetches); a browser
    opening a page (a table's, the console's, a printed sheet) is shown a page saying what
    is wrong, in the reader's language."""
    assert isinstance(exc, TravellerError)
    if _api(request) or "text/html" not in request.headers.get("accept", ""):
        return refusal(exc, i18n.of_api(request))
    from adapters.http.pages.render import page  # the pages import this module

    status = status_of(exc)
    language = i18n.chosen(request)[0]
    context = {"problem": message_of(exc, language), "status": status}
    return page(request, "problem.html", context, status_code=status)


def _api(request: Request) -> bool:
    return request.url.path.startswith("/api")


async def _validation_error(request: Request, exc: Exception) -> Response:
    """A body or parameter of the wrong shape, said as the engine says bad input."""
    assert isinstance(exc, RequestValidationError)
    if not _api(request):
        return await request_validation_exception_handler(request, exc)
    problems = [
        f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
        for e in exc.errors()
    ]
    error = InvalidInput(
        N_("The request is not what this route takes: %(problems)s."),
        hint=N_("See the route's schema in /openapi.json (or /docs)."),
        code="request.shape",
        problems="; ".join(problems),
    )
    body = body_of(error, i18n.of_api(request)) | {"problems": problems}
    return JSONResponse(body, status_code=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if not _api(request):
        return await http_exception_handler(request, exc)
    name = {404: "NotFound", 405: "MethodNotAllowed"}.get(exc.status_code, "HTTPError")
    template = {
        404: N_("There is no route %(method)s %(path)s."),
        405: N_("%(path)s does not take %(method)s."),
    }.get(exc.status_code)
    language = i18n.of_api(request)
    values = {"method": request.method, "path": request.url.path}
    message = str(exc.detail) if template is None else said(template, values, language)
    hint = said(N_("The API's routes are listed in /openapi.json (or /docs)."), {}, language)
    body = {"error": name, "message": message, "hint": hint}
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


def install(app: FastAPI) -> None:
    """Answer every error of ``app`` as this module says."""
    app.add_exception_handler(TravellerError, _traveller_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_middleware(BugShield)


class BugShield:
    """An ASGI middleware: an unexpected exception becomes a 500 JSON answer saying it is
    a bug, with an incident number; the traceback goes to the log only (with the method
    and path, never headers or bodies, so no password or token is logged)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception:
            incident = uuid.uuid4().hex[:12]
            log.exception(
                "unexpected error", incident=incident, method=scope["method"], path=scope["path"]
            )
            if started:  # too late to answer: the connection is closed by the server
                raise
            language = i18n.of_api(Request(scope))
            message = N_(
                "Traveller failed unexpectedly: this is a bug, not a mistake in the request."
            )
            hint = N_(
                "Report incident %(incident)s to the server's administrator; before repeating "
                "a write, check the event's audit for whether it was recorded."
            )
            body = {
                "error": "InternalError",
                "message": said(message, {}, language),
                "hint": said(hint, {"incident": incident}, language),
                "incident": incident,
            }
            await JSONResponse(body, status_code=500)(scope, receive, send)
