"""How a command that publishes signs: the ``--sign-with`` option and who signed, as
JSON and people read it.

Apart from :mod:`adapters.cli.integrity` (``verify``, the ``keys``, ``export`` and
``store`` groups) so that the ``event`` and ``session`` commands, which may sign, start
without loading those commands.
"""

from __future__ import annotations

from typing import Annotated

import typer

from adapters.cli.wording import tr
from engine.signing import fingerprint

SignWith = Annotated[
    str | None,
    typer.Option(
        "--sign-with",
        help="Sign with this key: its name in the keys folder or its .key file. Default "
        "$TRAVELLER_SIGNING_KEY (none: not signed).",
        show_default=False,
    ),
]


def signed_by(public_key: str | None) -> dict[str, str] | None:
    """Who signed, as JSON gives it (None: not signed)."""
    if public_key is None:
        return None
    return {"public_key": public_key, "fingerprint": fingerprint(public_key)}


def signed_text(public_key: str | None) -> str:
    """`` Signed by SHA256:….`` for people (nothing when not signed)."""
    if public_key is None:
        return ""
    return " " + tr("Signed by %(fingerprint)s.", fingerprint=fingerprint(public_key))
