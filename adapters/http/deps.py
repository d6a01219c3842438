"""What every route is given: the application serving the store."""

from __future__ import annotations

from fastapi import Request

from engine.application import Traveller


def get_app(request: Request) -> Traveller:
    """The one application object of the server (one per process, as the CLI has one)."""
    app: Traveller = request.app.state.traveller
    return app
