"""``traveller verify``, ``keys``, ``export events``, ``import events`` and ``store
migrate``: the record a federation can trust.

A club makes its key once (``keys create``), hands the public key to its federation
(``keys show``) and signs each publication with it (``session publish --sign-with``).
``verify`` checks the hash chains of an event or of the whole store (and, with
``--key``, every signed publication); an event travels to the federation as a file
(``export events``, ``import events``), and a whole store moves with ``store migrate``.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Annotated, Any

import typer
from eventsourcing.persistence import PersistenceError

from adapters import i18n, keys
from adapters.cli import output
from adapters.cli.common import Desk, _forget_empty_store, at_desk, unusable
from adapters.cli.imports import import_app
from adapters.cli.signing import SignWith, signed_by, signed_text
from adapters.cli.wording import language, tr, tr_
from adapters.storage import is_missing, store_url
from adapters.storage import shown as store_shown
from engine.application import Traveller
from engine.application.integrity import Verification
from engine.application.integrity_io import migrate
from engine.application.publications import PublicationCheck, proven
from engine.errors import InvalidInput, NotFound, Phrase, StoreError, TravellerError
from engine.signing import fingerprint

keys_app = typer.Typer(help="The club's signing keys (Ed25519, kept outside the store).")
keys_app.info.no_args_is_help = True
export_app = typer.Typer(
    help="Write files: an event for another store, a session for other programs."
)
export_app.info.no_args_is_help = True
store_app = typer.Typer(help="The store as a whole.")
store_app.info.no_args_is_help = True

KeyName = Annotated[
    str,
    typer.Option("--name", help="The key's name (its files are NAME.key and NAME.pub)."),
]
KeysDir = Annotated[
    str | None,
    typer.Option(
        "--dir",
        help="The keys folder. Default $TRAVELLER_KEYS, else ~/.config/traveller/keys "
        "($XDG_CONFIG_HOME/traveller/keys).",
        show_default=False,
    ),
]
PublicKeyOpt = Annotated[
    str | None,
    typer.Option(
        "--key",
        help="The signer's public key: their .pub file, a PEM file, or ed25519:… itself.",
        show_default=False,
    ),
]


def register(app: typer.Typer) -> None:
    """Add ``verify`` and the ``keys``, ``export`` and ``store`` groups to ``app``, and
    ``events`` to the ``import`` group."""
    app.command("verify")(verify)
    app.add_typer(keys_app, name="keys")
    app.add_typer(export_app, name="export")
    app.add_typer(store_app, name="store")
    import_app.command("events")(import_events)


def _said(phrase: Phrase) -> str:
    return i18n.said(phrase.template, phrase.values, language())


# ---- keys ---------------------------------------------------------------------------------


@keys_app.command("create")
@at_desk(store=False)
def keys_create(desk: Desk, name: KeyName = keys.DEFAULT_NAME, folder: KeysDir = None) -> None:
    """Create a signing key pair: the private key readable by you alone (mode 0600), the
    public key beside it to hand to the federation (`traveller keys show`).

    Keep the private key safe and out of the store: whoever holds it can sign in the
    club's name. An existing key is never overwritten."""
    made = keys.create_key(name, folder)
    desk.say(
        made.to_json(),
        "\n".join(
            [
                tr(
                    "Created key %(name)s (%(fingerprint)s).",
                    name=made.name,
                    fingerprint=made.fingerprint,
                ),
                tr("Private key: %(path)s (keep it to yourself).", path=str(made.private)),
                tr("Public key: %(path)s", path=str(made.public)),
                made.public_key,
            ]
        ),
    )


@keys_app.command("list")
@at_desk(store=False)
def keys_list(desk: Desk, folder: KeysDir = None) -> None:
    """The keys in the keys folder, with their fingerprints."""
    found = keys.list_keys(folder)
    if not found:
        desk.say([], tr("No keys in %(folder)s.", folder=str(keys.keys_folder(folder))))
        return
    rows = [
        {
            "name": k.name,
            "fingerprint": k.fingerprint,
            "private": tr("yes") if k.private is not None else tr("no"),
        }
        for k in found
    ]
    desk.show(
        [k.to_json() for k in found],
        lambda: output.rows_table(
            tr("Signing keys"), rows, [tr_("name"), tr_("fingerprint"), tr_("private")]
        ),
    )


@keys_app.command("show")
@at_desk(store=False)
def keys_show(desk: Desk, name: KeyName = keys.DEFAULT_NAME, folder: KeysDir = None) -> None:
    """A key's public key and fingerprint: what the federation needs to check the
    club's signed publications and files (`traveller verify --key`)."""
    key = keys.show_key(name, folder)
    desk.say(key.to_json(), f"{key.public_key} {key.name}\n{key.fingerprint}")


# ---- verify -------------------------------------------------------------------------------


@at_desk(writes=False)
def verify(
    desk: Desk,
    event: Annotated[
        str | None,
        typer.Option("--event", help="One event (id or unique prefix); default the whole store."),
    ] = None,
    key: PublicKeyOpt = None,
) -> None:
    """Check the record: every stored event's link in its hash chain (one event, or the
    whole store), and every publication: its standings, and when signed its signature,
    the record it signed and the standings computed again from it. With `--key`, the
    signed publications must be that key's. Says which event was altered or where a
    chain breaks; exit status 1 when anything does not verify.

    Anyone can check a club's signed publications with the club's public key."""
    app = desk.app
    public = None if key is None else keys.read_public_key(key)
    event_id = None if event is None else app.resolve_event(event)
    verification = app.verify(event_id)
    checks = app.check_publications(event_id, key=public)
    ok = verification.ok and proven(checks, public)
    data: dict[str, Any] = {
        **verification.to_json(),
        "ok": ok,
        "key": signed_by(public),
        "publications": [c.to_json() for c in checks],
    }
    desk.show(data, lambda: _verified(verification, checks, public))
    if not ok:
        raise typer.Exit(1)


def _verified(
    verification: Verification, checks: list[PublicationCheck], public: str | None
) -> None:
    def say(text: str) -> None:
        output.console.print(text, markup=False, highlight=False)

    chains = tr(
        "%(events)s events in %(chains)s chains; %(unsealed)s written before chains.",
        events=verification.events,
        chains=verification.aggregates,
        unsealed=verification.unsealed,
    )
    if verification.ok:
        say(tr("The record verifies: %(chains)s", chains=chains))
    else:
        say(
            tr(
                "The record does not verify (%(count)s breaks): %(chains)s",
                count=len(verification.breaks),
                chains=chains,
            )
        )
        for b in verification.breaks:
            say(f"  - {_said(b.describe())}")
    if public is not None:
        say(tr("Publications checked against %(fingerprint)s:", fingerprint=fingerprint(public)))
        if not any(c.signed for c in checks):
            say("  " + tr("No publication is signed: there is nothing to check against the key."))
    elif checks:
        say(tr("Publications:"))
    for c in checks:
        if not c.signed:
            state = tr("not signed")
        elif c.ok:
            state = tr("signed by %(fingerprint)s, verifies", fingerprint=_fingerprint(c))
        else:
            state = tr("signed by %(fingerprint)s, does NOT verify", fingerprint=_fingerprint(c))
        if not c.signed and c.problems:
            state += ", " + tr("does NOT verify")
        say(
            "  "
            + tr(
                "%(event)s, session %(session)s, published %(when)s: %(state)s",
                event=c.event_name,
                session=c.session,
                when=c.published.strftime("%Y-%m-%d %H:%M"),
                state=state,
            )
        )
        for p in c.problems:
            say(f"    - {_said(p)}")


def _fingerprint(check: PublicationCheck) -> str:
    return "" if check.public_key is None else fingerprint(check.public_key)


# ---- export and import ----------------------------------------------------------------------


@export_app.command("events")
@at_desk(event=True, writes=False)
def export_events(
    desk: Desk,
    file: Annotated[Path, typer.Argument(help="The file to write (JSON lines).")],
    sign_with: SignWith = None,
) -> None:
    """Write the event's whole record to a file another store imports (`traveller import
    events`): every stored event with its link, the chain heads, and the signature of the
    file when signed. The record is checked first; a record that does not verify is not
    exported. Format: docs/event-file-format.md."""
    signer = keys.signing_key(sign_with)
    lines = desk.app.export_events(desk.event, signer)
    _write(file, lines)
    public = None if signer is None else signer.public_key
    data = {
        "event": str(desk.event),
        "file": str(file),
        "events": len(lines) - 2,
        "signed_by": signed_by(public),
    }
    text = tr("Exported %(events)s events to %(file)s.", events=len(lines) - 2, file=str(file))
    desk.say(data, text + signed_text(public))


def _write(file: Path, lines: list[bytes]) -> None:
    """Write the file whole or not at all (a half-written file is never left behind)."""
    if not file.name or file.is_dir():
        raise InvalidInput(
            tr_("%(file)s is not a file's name: it names a folder or nothing."),
            hint=tr_("Give the name of the file to write, such as tuesday.jsonl."),
            code="export.file",
            file=repr(str(file)),
        )
    if not file.parent.is_dir():
        raise NotFound(
            tr_("The folder %(folder)s does not exist."),
            hint=tr_("Create it, or write the file elsewhere."),
            code="export.folder",
            folder=str(file.parent),
        )
    partial = file.with_name(f".{file.name}.partial")
    try:
        with partial.open("wb") as out:
            out.writelines(lines)
            out.flush()
            os.fsync(out.fileno())
        partial.replace(file)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise InvalidInput(
            tr_("The file %(file)s cannot be written: %(why)s"),
            code="export.write",
            file=str(file),
            why=exc.strerror or str(exc),
        ) from None


@at_desk(writes=True)
def import_events(
    desk: Desk,
    file: Annotated[Path, typer.Argument(help="The event file (`traveller export events`).")],
    key: PublicKeyOpt = None,
) -> None:
    """Load an event exported by another store, after checking it: its hash chains, that
    it is whole, its own signature and each signed publication (all by `--key` when given).
    A file that does not verify is refused with the reason; importing a file twice is
    importing it once; a file whose history differs from the store's is refused."""
    public = None if key is None else keys.read_public_key(key)
    try:
        with file.open("rb") as lines:
            done = desk.app.import_events(lines, key=public)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise NotFound(
            tr_("There is no file %(file)s."),
            hint=tr_("Give the file the club exported (`traveller export events`)."),
            code="import.file",
            file=str(file),
        ) from None
    except OSError as unreadable:  # a name too long, no permission
        raise InvalidInput(
            tr_("%(file)s cannot be read: %(why)s."),
            hint=tr_("Give the file the club exported (`traveller export events`)."),
            code="import.unreadable",
            file=str(file),
            why=unreadable.strerror or type(unreadable).__name__,
        ) from None
    data = {**done.to_json(), "file": str(file)}
    if done.added:
        text = tr(
            "Imported %(name)s: %(added)s of its %(events)s events were new.",
            name=done.name,
            added=done.added,
            events=done.events,
        )
    else:
        text = tr(
            "The store already holds all %(events)s events of %(name)s; nothing was written.",
            events=done.events,
            name=done.name,
        )
    text += signed_text(done.signed_by)
    signed = sum(1 for p in done.publications if p.signed)
    if signed:
        text += " " + tr("%(count)s signed publications verify.", count=signed)
    desk.say(data, text)


# ---- a whole store --------------------------------------------------------------------------


@store_app.command("migrate")
@at_desk(store=False)
def store_migrate(
    desk: Desk,
    source: Annotated[
        str, typer.Option("--from", help="The store to copy: sqlite:///club.db, postgresql://…")
    ],
    target: Annotated[str, typer.Option("--to", help="The store to copy into.")],
) -> None:
    """Copy a whole store into another (every event and the directors' accounts, in the
    order recorded, in one transaction): the store copied from must verify, the copy
    is verified after. The target must be empty or hold an earlier copy of the same
    store; copying again adds only what was recorded since."""
    source_url, target_url = store_url(source), store_url(target)
    if store_shown(source_url) == store_shown(target_url):
        raise InvalidInput(
            tr_("The store to copy from and the store to copy to are the same: %(store)s."),
            hint=tr_("Give another store with --to."),
            code="migrate.same",
            store=store_shown(source_url),
        )
    if is_missing(source_url):
        raise StoreError(
            tr_("There is no store at %(store)s: nothing has been recorded there."),
            hint=tr_("Give the store to copy with --from."),
            code="migrate.missing",
            store=store_shown(source_url),
        )
    fresh = is_missing(target_url)
    copy = Desk(target_url, desk.fmt, desk.actor)
    apps: list[Traveller] = []
    for url, opened in ((source_url, Desk(source_url, desk.fmt, desk.actor)), (target_url, copy)):
        try:
            opened.app.position()
        except (PersistenceError, sqlite3.Error) as exc:
            raise unusable(url, exc) from None
        apps.append(opened.app)
    try:
        done = migrate(apps[0], apps[1])
    except TravellerError:
        _forget_empty_store(copy, fresh)  # a refused copy leaves no empty store behind
        raise
    data = {**done.to_json(), "from": store_shown(source_url), "to": store_shown(target_url)}
    desk.say(
        data,
        tr(
            "Copied %(added)s events into %(to)s (%(already)s were there already); both "
            "verify: %(events)s events in %(aggregates)s chains.",
            added=done.added,
            to=store_shown(target_url),
            already=done.events - done.added,
            events=done.events,
            aggregates=done.aggregates,
        ),
    )
