"""Every answer says when the record this server read does not verify.

The engine checks the links of the events it reads (decision 23). When any read of this
server has met a break, every answer carries ``Traveller-Record: does-not-verify``, so a
console, a federation's script or a monitoring probe sees it without asking; the log has
each break, and ``GET /api/verify`` (or ``traveller verify``) says where.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from engine.application import Traveller

HEADER = b"traveller-record"
BROKEN = b"does-not-verify"


class RecordCheck:
    """ASGI middleware adding :data:`HEADER` to every answer once a read met a break."""

    def __init__(self, app: ASGIApp, traveller: Traveller) -> None:
        self.app = app
        self.traveller = traveller

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start" and self.traveller.chains.breaks_met:
                message["headers"] = [*message.get("headers", []), (HEADER, BROKEN)]
            await send(message)

        await self.app(scope, receive, sending)
