"""``traveller serve``: the HTTP API and the public pages, and ``traveller director``:
the accounts and tokens of the directors who use them (docs/decisions/0019)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adapters.cli.common import Desk, at_desk
from adapters.cli.wording import tr, tr_
from adapters.storage import shown as store_shown
from engine.errors import InvalidInput

director_app = typer.Typer(
    no_args_is_help=True, help="Director accounts and tokens for `traveller serve`."
)


def register(app: typer.Typer) -> None:
    """Add ``serve`` and the ``director`` group to ``app``."""
    app.command("serve")(serve)
    app.add_typer(director_app, name="director")


@at_desk(writes=True)  # a new store is made, ready for the first director's writes
def serve(
    desk: Desk,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allow-origin",
            help="A web origin (https://club.example) whose pages may call the API from a "
            "browser; none by default. Give one per origin.",
        ),
    ] = None,
) -> None:
    """Serve the store: the API under /api (its schema at /openapi.json, to try at /docs)
    and the public pages at /. Stop it with Ctrl-C."""
    # Imported here: the server's stack would slow every other command's start.
    import uvicorn

    from adapters.http.app import create_app

    server = create_app(desk.app, allowed_origins=allow_origin or ())
    desk.say(
        {"store": store_shown(desk.url), "url": f"http://{host}:{port}/"},
        tr(
            "Serving %(store)s at %(url)s (API: %(url)sdocs). Ctrl-C stops it.",
            store=store_shown(desk.url),
            url=f"http://{host}:{port}/",
        ),
    )
    uvicorn.run(server, host=host, port=port, log_level="info")


PasswordFile = Annotated[
    Path | None,
    typer.Option(
        "--password-file",
        help="Read the password from this file's first line (else it is asked for, unseen).",
        show_default=False,
    ),
]


def _password(file: Path | None) -> str:
    if file is None:
        return str(
            typer.prompt(
                tr("Password"),
                hide_input=True,
                confirmation_prompt=tr("Repeat for confirmation"),
            )
        )
    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InvalidInput(
            tr_("The password file %(file)s cannot be read: %(why)s."),
            hint=tr_("Give a file holding the password on its first line."),
            file=file,
            why=exc.strerror,
        ) from None
    return lines[0] if lines else ""


@director_app.command("add")
@at_desk(actor=True)
def director_add(
    desk: Desk,
    name: Annotated[str, typer.Argument(help="The director's name (shown as director:NAME).")],
    password_file: PasswordFile = None,
) -> None:
    """Add a director account to the store (it may direct every event of the store)."""
    from adapters.http.auth import hash_password

    recorded = desk.app.add_director(
        name, hash_password(_password(password_file)), actor=desk.actor
    )
    desk.say(
        {"director": recorded},
        tr("Director %(name)s added: log in at POST /api/login.", name=recorded),
    )


@director_app.command("password")
@at_desk(actor=True)
def director_password(
    desk: Desk,
    name: Annotated[str, typer.Argument(help="The director's name.")],
    password_file: PasswordFile = None,
) -> None:
    """Set a director's password again."""
    from adapters.http.auth import hash_password

    desk.app.change_director_password(
        name, hash_password(_password(password_file)), actor=desk.actor
    )
    desk.say({"director": name}, tr("Director %(name)s's password is changed.", name=name))


@director_app.command("token")
@at_desk(actor=True)
def director_token(
    desk: Desk, name: Annotated[str, typer.Argument(help="The director's name.")]
) -> None:
    """A bearer token for a script acting as the director (shown once; it lasts until
    revoked with `traveller director revoke ID`)."""
    from adapters.http.auth import new_token, token_hash

    token = new_token()
    token_id = desk.app.issue_token(name, token_hash(token), actor=desk.actor)
    desk.say(
        {"director": name, "id": token_id, "token": token},
        tr(
            "Token %(id)s for director %(name)s (shown only now; keep it secret):",
            id=token_id,
            name=name,
        )
        + f"\n{token}",
    )


@director_app.command("revoke")
@at_desk(actor=True)
def director_revoke(
    desk: Desk, token: Annotated[str, typer.Argument(help="The token's id (T3).")]
) -> None:
    """Revoke a director's token: it authenticates no one from now on."""
    desk.app.revoke_token(token, actor=desk.actor)
    desk.say({"revoked": token}, tr("Token %(id)s is revoked.", id=token))


@director_app.command("list")
@at_desk(writes=False)
def director_list(desk: Desk) -> None:
    """The store's directors and their tokens (ids, never the tokens)."""
    access = desk.app.access()
    rows = [
        {
            "director": d.name,
            "added": d.added.isoformat(timespec="seconds"),
            "tokens": ", ".join(
                t.id + (" (revoked)" if t.revoked else " (login)" if t.login else "")
                for t in access.tokens.values()
                if t.director == d.name
            ),
        }
        for d in access.directors.values()
    ]
    desk.rows(tr("Directors"), rows, [tr_("director"), tr_("added"), tr_("tokens")])
