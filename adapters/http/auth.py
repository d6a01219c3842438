"""Who is asking: a director (a bearer token, from a login or for a script), a table
device (a short code for one table, sent as a bearer token on the event's routes), or
the public (no credentials).

Passwords are hashed with argon2id (argon2-cffi); tokens and codes, random secrets
shown once, are stored as their SHA-256 (a token has 256 random bits; a code is tied to
its event and only lets a device enter its own table's results). The engine records
only hashes. Bearer tokens in a header, never cookies: no cross-site request can carry
them, so there is no CSRF to defend against (docs/decisions/0020-server-roles.md)."""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass
from typing import Annotated, Literal
from uuid import UUID

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from adapters.http.deps import get_app
from adapters.http.errors import Forbidden, Unauthenticated
from engine.access.checks import check_directs
from engine.application import Traveller
from engine.errors import N_, InvalidInput
from engine.tournament.state import Device

TOKEN_PREFIX = "trv_"
LOGIN_HOURS = 12
"""How long a login's token lasts (a script's token lasts until revoked)."""
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""A device code's letters: none that a phone's screen confuses (no I, L, O, 0, 1)."""
CODE_LENGTH = 8

_hasher = PasswordHasher()
_DUMMY_HASH = _hasher.hash("not a password anyone has")


def hash_password(password: str) -> str:
    """The argon2id hash of a password (with its salt and parameters, as one string)."""
    if len(password) < 8:
        raise InvalidInput(
            N_("A director's password must be at least %(least)s characters long."),
            hint=N_("Choose a longer password (a passphrase of a few words is easy to type)."),
            code="director.password_short",
            least=8,
        )
    return _hasher.hash(password)


def password_matches(password_hash: str | None, password: str) -> bool:
    """The password is the one hashed (an unknown account is checked against a dummy
    hash, so a wrong name takes as long to refuse as a wrong password)."""
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and bool(password_hash)
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_code() -> str:
    """A device code as shown to the director: ``7KQ4-M2XP``."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def code_hash(event_id: UUID, code: str) -> str:
    """A code's hash, tied to its event (typed in any case, with or without the dash)."""
    typed = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(f"{event_id}:{typed}".encode()).hexdigest()


@dataclass(frozen=True)
class Identity:
    """Who is asking: a director by name, a table device, or the public."""

    kind: Literal["director", "table", "public"]
    name: str = ""
    device: Device | None = None
    event: UUID | None = None

    @property
    def actor(self) -> str:
        """As the audit names it: ``director:suzuki``, ``table:A3``."""
        return f"{self.kind}:{self.name}" if self.name else self.kind


PUBLIC = Identity("public")

_bearer = HTTPBearer(auto_error=False, description="A director's token, or a table's code.")


def identity(
    request: Request,
    app: Annotated[Traveller, Depends(get_app)],
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
) -> Identity:
    """The identity the request's bearer credentials prove (none: the public)."""
    if credentials is None:
        return PUBLIC
    secret = credentials.credentials
    if secret.startswith(TOKEN_PREFIX):
        token = app.access().token_for(token_hash(secret))
        if token is None or not token.valid_at(dt.datetime.now(dt.UTC)):
            if token is not None and token.revoked:
                said = N_("This director's token was revoked.")
            elif token is not None:
                said = N_("This director's token is not valid or has expired.")
            else:
                said = N_("This director's token is not valid.")
            raise Unauthenticated(
                said,
                hint=N_(
                    "Log in again (POST /api/login), or ask for a new token "
                    "(`traveller director token NAME`)."
                ),
                code="auth.token",
            )
        event = request.path_params.get("event_id")
        if event is not None:  # an event of other directors is not this one's to act on
            check_directs(app.tournament(app.resolve_event(str(event))), token.director)
        return Identity("director", token.director)
    event = request.path_params.get("event_id")
    if event is None:
        raise Unauthenticated(
            N_("A table's code is accepted only on its event's routes (/api/events/{id}/…)."),
            hint=N_("Send it to the event it was issued for."),
            code="auth.code_route",
        )
    event_id = app.resolve_event(str(event))
    wanted = code_hash(event_id, secret)
    device = next(
        (d for d in app.tournament(event_id).devices.values() if d.code_hash == wanted), None
    )
    if device is None:
        raise Unauthenticated(
            N_("This code is not one issued for this event's tables."),
            hint=N_("Type the code the director gave for your table (letters and digits)."),
            code="auth.code_unknown",
        )
    if device.revoked:
        raise Forbidden(
            N_("The code of table %(table)s was revoked: it no longer enters results."),
            hint=N_("Ask the director for a new code."),
            code="auth.code_revoked",
            table=device.table_name,
        )
    return Identity("table", device.table_name, device, event_id)


Who = Annotated[Identity, Depends(identity)]


def director(who: Who) -> Identity:
    """The identity, which must be a director's."""
    if who.kind == "director":
        return who
    if who.kind == "public":
        raise Unauthenticated(
            N_("Only a director may do this, and no director's token was sent."),
            hint=N_("Log in (POST /api/login) and send the token as 'Authorization: Bearer …'."),
            code="auth.director_needed",
        )
    raise Forbidden(
        N_(
            "Table %(table)s's device may only enter its own table's results; this needs a "
            "director."
        ),
        hint=N_("Ask the director."),
        code="auth.device_not_director",
        table=who.name,
    )


Director = Annotated[Identity, Depends(director)]


def writer(who: Who) -> Identity:
    """The identity, which must be a director's or a table device's (a result's)."""
    if who.kind == "public":
        raise Unauthenticated(
            N_(
                "Only a director or the table's device may enter a result, and no token or "
                "code was sent."
            ),
            hint=N_("Send the table's code (or a director's token) as 'Authorization: Bearer …'."),
            code="auth.writer_needed",
        )
    return who


Writer = Annotated[Identity, Depends(writer)]
