"""``traveller event|session|entry …``: the event itself, its sessions and its entries."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from adapters import keys
from adapters.cli import output
from adapters.cli.common import Desk, Reason, SectionOpt, SessionOpt, at_desk, decimal_option
from adapters.cli.common import parse_options as option_values
from adapters.cli.moments import checked_zone, local_zone
from adapters.cli.output import substitute_text
from adapters.cli.signing import SignWith, signed_by, signed_text
from adapters.cli.wording import english, tr, tr_
from engine.errors import InvalidInput
from engine.seating import Pair, pair_order
from engine.tournament import Player, ScoringChoice
from engine.zones import zone_of

event_app = typer.Typer(help="Create and list events.", no_args_is_help=True)
session_app = typer.Typer(help="Add, close and publish sessions.", no_args_is_help=True)
entry_app = typer.Typer(help="Register and withdraw pairs.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``event``, ``session`` and ``entry`` groups to ``app``."""
    app.add_typer(event_app, name="event")
    app.add_typer(session_app, name="session")
    app.add_typer(entry_app, name="entry")


Sections = Annotated[str, typer.Option("--sections", help="The sections, comma-separated.")]


ROUNDS_HELP = (
    "Enforced: a result for a round not yet started (`traveller round start`) is refused, "
    "for live scoring. Free (the default, and every event of release 0.1.0): results are "
    "accepted in any order, as when paper travellers are entered after play."
)

# ---- events ---------------------------------------------------------------------------------


@event_app.command("create")
@at_desk(actor=True)
def event_create(
    desk: Desk,
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    date: Annotated[str | None, typer.Option("--date", help="YYYY-MM-DD.")] = None,
    club: Annotated[str | None, typer.Option("--club")] = None,
    scoring: Annotated[str, typer.Option("--scoring", help="Scoring method.")] = "matchpoints",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", help="Scoring option KEY=VALUE, e.g. factoring=ratio, scale=european."
        ),
    ] = None,
    sections: Annotated[
        str, typer.Option("--sections", help="Session 1's sections, comma-separated.")
    ] = "A",
    enforce_rounds: Annotated[
        bool, typer.Option("--enforce-rounds/--free-rounds", help=ROUNDS_HELP)
    ] = False,
    zone: Annotated[
        str | None,
        typer.Option(
            "--zone",
            help="The time zone the event's times are shown and read in: Asia/Tokyo, "
            "Europe/London, UTC or +09:00. Default: this computer's.",
            show_default=False,
        ),
    ] = None,
    conventions: Annotated[
        str | None,
        typer.Option(
            "--conventions",
            help="The scoring conventions it follows, a profile of `traveller scoring "
            "conventions`: jcbl (the default), acbl, jfr, bridge-scorer. Its --option "
            "values win over the profile's.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Create an event (with session 1 and its sections)."""
    when = None
    if date:
        try:
            when = dt.date.fromisoformat(date)
        except ValueError:
            raise InvalidInput(
                tr_("%(date)r is not a date."), hint=tr_("Write YYYY-MM-DD."), date=date
            ) from None
    event_id = desk.app.create_event(
        name,
        date=when,
        club=club,
        scoring=ScoringChoice(method=scoring, options=option_values(option)),
        sections=sections.split(","),
        enforce_rounds=enforce_rounds,
        zone=checked_zone(zone),
        conventions=conventions,
        actor=desk.actor,
    )
    desk.say(
        {"id": str(event_id), "rounds_enforced": enforce_rounds},
        tr("Created event %(name)r: %(id)s", name=name, id=event_id)
        + f"\n{_rounds_rule(enforce_rounds)}",
    )


@event_app.command("rounds")
@at_desk(event=True, actor=True)
def event_rounds(
    desk: Desk, enforce: Annotated[bool, typer.Option("--enforce/--free", help=ROUNDS_HELP)]
) -> None:
    """Choose whether results are refused for rounds not yet started."""
    changed = desk.app.choose_rounds_enforcement(desk.event, enforce, actor=desk.actor)
    desk.say(
        {"rounds_enforced": enforce, "changed": changed},
        _rounds_rule(enforce) + ("" if changed else tr(" (as before)")),
    )


@event_app.command("conventions")
@at_desk(event=True, actor=True)
def event_conventions(
    desk: Desk,
    profile: Annotated[
        str | None,
        typer.Argument(
            help="A profile of `traveller scoring conventions`; none: show the event's."
        ),
    ] = None,
    reason: Reason = None,
) -> None:
    """Show the scoring conventions the event follows, or choose another profile (before
    results are published; with --reason). The event's scoring options (--option) win
    over the profile's, option by option."""
    changed = None
    if profile is not None:
        changed = desk.app.choose_conventions(
            desk.event, profile, reason=reason or "", actor=desk.actor
        )
    now = desk.app.conventions(desk.event)
    data = now.to_json() | ({} if changed is None else {"changed": changed})
    shown = tr("The event follows the conventions of %(profile)s.", profile=now.profile)
    if changed is False:
        shown += tr(" (as before)")
    desk.say(data, shown)


@event_app.command("zone")
@at_desk(event=True, actor=True)
def event_zone(
    desk: Desk,
    zone: Annotated[
        str, typer.Option("--zone", help="An IANA zone such as Asia/Tokyo, or an offset (+09:00).")
    ],
) -> None:
    """Show and read the event's times in another time zone (the times recorded are
    unchanged: only their clock)."""
    changed = desk.app.choose_zone(desk.event, zone, actor=desk.actor)
    chosen = desk.app.tournament(desk.event).zone
    desk.say(
        {"zone": chosen, "changed": changed},
        tr("The event's times are shown in %(zone)s.", zone=chosen)
        if changed
        else tr("The event's times are shown in %(zone)s (as before).", zone=chosen),
    )


@event_app.command("directors")
@at_desk(event=True, actor=True)
def event_directors(
    desk: Desk,
    names: Annotated[
        list[str] | None,
        typer.Argument(help="Directors of the store who alone direct the event on a server."),
    ] = None,
    everyone: Annotated[
        bool, typer.Option("--everyone", help="Every director of the store directs it.")
    ] = False,
) -> None:
    """Choose who directs the event on a server (`traveller serve`): only the directors
    named, or with --everyone any director of the store. At the store's own command line
    whoever opens the store directs every event."""
    if names and everyone:
        raise InvalidInput(
            tr_("Name the event's directors or give --everyone, not both."),
            hint=tr_("--everyone opens the event to every director of the store."),
        )
    if not names and not everyone:
        chosen = desk.app.tournament(desk.event).directors
    else:
        chosen = desk.app.choose_directors(
            desk.event, [] if everyone else names or [], actor=desk.actor
        )
    desk.say(
        {"directors": list(chosen)},
        tr("The event is directed by %(names)s.", names=", ".join(chosen))
        if chosen
        else tr("The event is directed by every director of the store."),
    )


def _rounds_rule(enforced: bool) -> str:
    if enforced:
        return tr("Rounds are enforced: a result for a round not yet started is refused.")
    return tr(
        "Results are accepted in any order (rounds not enforced; "
        "`traveller event rounds --enforce` to refuse results of rounds not yet started)."
    )


@event_app.command("list")
@at_desk()
def event_list(desk: Desk) -> None:
    """List the events in the store: id, name, date, club, time zone, and when each was
    created (on its own clock)."""
    rows = []
    for e in desk.app.list_events():
        clock_zone = zone_of(e.zone) if e.zone else local_zone()
        rows.append(
            {
                "id": str(e.id),
                "name": e.name,
                "date": None if e.date is None else e.date.isoformat(),
                "club": e.club,
                "zone": e.zone,
                "created": e.created.astimezone(clock_zone).isoformat(timespec="seconds"),
            }
        )
    columns = [tr_("id"), tr_("name"), tr_("date"), tr_("club"), tr_("zone"), tr_("created")]
    desk.rows(tr("Events"), rows, columns)


# ---- sessions -------------------------------------------------------------------------------


@session_app.command("add")
@at_desk(event=True, actor=True)
def session_add(desk: Desk, session: SessionOpt, sections: Sections = "A") -> None:
    """Add a session with its sections."""
    desk.app.add_session(desk.event, session, sections.split(","), actor=desk.actor)
    desk.say({"session": session}, tr("Added session %(session)s.", session=session))


@session_app.command("close")
@at_desk(event=True, actor=True)
def session_close(desk: Desk, session: SessionOpt = 1, reason: Reason = None) -> None:
    """Close a session: no new results (corrections still allowed, with a reason).

    With results still missing it is refused, listing them, unless --reason is given."""
    closed = desk.app.close_session(desk.event, session, reason=reason, actor=desk.actor)
    missing = [m.model_dump() for m in closed.missing]
    text = tr("Session %(session)s closed.", session=session)
    if missing:
        text = tr(
            "Session %(session)s closed with %(count)s result(s) missing; the reason and "
            "what was missing are kept in the audit trail.",
            session=session,
            count=len(missing),
        )
    desk.say({"closed": session, "missing": missing}, text)


@session_app.command("reopen")
@at_desk(event=True, actor=True)
def session_reopen(desk: Desk, session: SessionOpt = 1, reason: Reason = None) -> None:
    """Reopen a closed session for new results (the reason is kept in the audit trail)."""
    desk.app.reopen_session(desk.event, session, reason=reason or "", actor=desk.actor)
    desk.say(
        {"reopened": session},
        tr("Session %(session)s reopened: results can be added.", session=session),
    )


@session_app.command("seat")
@at_desk(event=True, actor=True)
def session_seat(
    desk: Desk,
    session: SessionOpt,
    from_session: Annotated[
        int | None,
        typer.Option(
            "--from-session",
            help="Seat every pair of this session at the same section and number.",
        ),
    ] = None,
    from_stage: Annotated[
        str | None,
        typer.Option(
            "--from-stage",
            help="Seat the qualifiers of this stage (after `stage carry-over`), first "
            "qualifier first.",
        ),
    ] = None,
    rematches: Annotated[
        bool,
        typer.Option(
            "--rematches",
            help="Allow pairs who met to meet again (a movement that has them, as the "
            "JCBL list's one rematch).",
        ),
    ] = False,
    reason: Reason = None,
) -> None:
    """Seat a session's sections (movements assigned) from an earlier session or a stage's
    qualifiers; for new seats found so that nobody meets again, `traveller renumber`."""
    done = desk.app.seat_session(
        desk.event,
        session,
        from_session=from_session,
        from_stage=from_stage,
        rematches=rematches,
        reason=reason,
        actor=desk.actor,
    )
    moves = [m.model_dump() for m in done.moves]
    data = {"session": session, "method": done.method, "seated": moves, "phantoms": done.phantoms}
    empty = "".join(
        tr("; section %(section)s leaves %(pair)s empty", section=s, pair=p)
        for s, p in done.phantoms.items()
    )
    seated = tr(
        "Session %(session)s: %(count)s seated (%(method)s)",
        session=session,
        count=len(moves),
        method=done.method,
    )
    desk.say(data, f"{seated}{empty}.")


@session_app.command("publish")
@at_desk(event=True, actor=True)
def session_publish(desk: Desk, session: SessionOpt = 1, sign_with: SignWith = None) -> None:
    """Publish a closed session's standings (stored with the method, version and digest).

    With a key (`--sign-with`, or $TRAVELLER_SIGNING_KEY) the publication is signed: the
    standings and the event's record as it stands, checked first (`traveller verify`)."""
    signer = keys.signing_key(sign_with)
    published = desk.app.publish(desk.event, session, signer=signer, actor=desk.actor)
    data = {
        "session": session,
        "method": published.method,
        "method_version": published.method_version,
        "digest": published.digest,
        "signed_by": signed_by(None if signer is None else signer.public_key),
    }
    desk.say(
        data,
        tr(
            "Published session %(session)s (%(method)s %(version)s), digest %(digest)s.",
            session=session,
            method=published.method,
            version=published.method_version,
            digest=published.digest,
        )
        + signed_text(None if signer is None else signer.public_key),
    )


# ---- entries ------------------------------------------------------------------------------


@entry_app.command("add")
@at_desk(event=True, actor=True)
def entry_add(
    desk: Desk,
    player: Annotated[list[str], typer.Option("--player", help="A player's name (twice).")],
    member: Annotated[
        list[str] | None, typer.Option("--member", help="Member numbers, in the order of --player.")
    ] = None,
    pair: Annotated[
        str | None,
        typer.Option(
            "--pair", help="Ask for a pair number (NS3, EW3 or 3), e.g. a stationary seat."
        ),
    ] = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    name: Annotated[
        str | None, typer.Option("--name", help="The entry's own name, e.g. a team's.")
    ] = None,
    seeding: Annotated[
        str | None,
        typer.Option("--seeding", help="Seeding points or masterpoints (a Swiss seeds by them)."),
    ] = None,
) -> None:
    """Register a pair, a team (four to six --player) or a player (after seating, a late
    entry takes the phantom's place); ``--name`` names it (a team), ``--seeding`` gives its
    seeding points."""
    members = list(member or [])
    if len(members) > len(player):
        raise InvalidInput(tr_("More --member numbers than --player names were given."))
    players = [
        Player(name=n, member=members[i] if i < len(members) else None)
        for i, n in enumerate(player)
    ]
    entry = desk.app.register_entry(
        desk.event,
        players,
        session=session,
        section=section,
        pair=pair,
        name=name,
        seeding=None if seeding is None else decimal_option(seeding, "--seeding"),
        actor=desk.actor,
    )
    called = f"{name}: " if name else ""
    text = tr("Registered entry %(entry)s: ", entry=entry) + called + " – ".join(player)
    if len(player) == 1:  # a pair whose partner was forgotten would otherwise pass unseen
        text += tr(" (one player: an individual's entry; a pair is two --player)")
    desk.say({"entry": entry}, text)


@entry_app.command("withdraw")
@at_desk(event=True, actor=True)
def entry_withdraw(
    desk: Desk,
    entry: Annotated[str, typer.Option("--entry", help="Entry id, e.g. E3.")],
    reason: Reason = None,
) -> None:
    """Withdraw an entry."""
    desk.app.withdraw_entry(desk.event, entry, reason=reason or "", actor=desk.actor)
    desk.say({"withdrawn": entry}, tr("Entry %(entry)s withdrawn.", entry=entry))


@entry_app.command("list")
@at_desk(event=True)
def entry_list(desk: Desk, session: SessionOpt = 1, section: SectionOpt = "A") -> None:
    """List the entries of a section with their pair numbers."""
    t, s = desk.app.tournament(desk.event), desk.app.section(desk.event, session, section)
    seat_of = {e: p for p, e in sorted(s.seats.items(), key=lambda i: pair_order(i[0]))}
    # The entries registered here, then those seated here from an earlier session.
    listed = t.entries_of(session, section)
    listed += [t.entries[e] for e in seat_of if e in t.entries and t.entries[e] not in listed]
    rows = [
        {
            "entry": e.id,
            "pair": str(seat_of[e.id]) if e.id in seat_of else None,
            "name": e.name,
            "names": " – ".join(e.names),
            "members": " – ".join(p.member or "" for p in e.players),
            "late": e.late,
            "withdrawn": e.withdrawn,
            # Data as it is (English words, as --format json has always given them).
            "substitutes": "; ".join(
                substitute_text(
                    sub.substitute.name, e.players[sub.player - 1].name, sub.from_round, english
                )
                for sub in e.substitutes_in(session)
            ),
        }
        for e in listed
    ]
    said = {
        e.id: "; ".join(
            substitute_text(sub.substitute.name, e.players[sub.player - 1].name, sub.from_round)
            for sub in e.substitutes_in(session)
        )
        for e in listed
    }
    columns = [tr_("entry"), tr_("pair"), tr_("name"), tr_("names"), tr_("members")]
    columns += [tr_("late"), tr_("withdrawn"), tr_("substitutes")]
    title = tr("Entries — section %(section)s", section=section)
    shown = [r | {"substitutes": said[str(r["entry"])]} for r in rows]
    desk.show(rows, lambda: output.rows_table(title, shown, columns))


EntryOpt = Annotated[str, typer.Option("--entry", help="Entry id, e.g. E3.")]
PlayerOpt = Annotated[
    str,
    typer.Option("--player", help="The player: their place in the entry (1, 2 …) or their name."),
]


@entry_app.command("rename")
@at_desk(event=True, actor=True)
def entry_rename(
    desk: Desk,
    entry: EntryOpt,
    player: PlayerOpt,
    name: Annotated[str, typer.Option("--name", help="The name as it should be written.")],
    reason: Reason = None,
) -> None:
    """Put a player's name right (standings, travellers and totals follow)."""
    desk.app.rename_player(desk.event, entry, player, name, reason=reason, actor=desk.actor)
    names = desk.app.tournament(desk.event).entries[entry].names
    desk.say(
        {"entry": entry, "names": names},
        tr("Entry %(entry)s: %(names)s.", entry=entry, names=" – ".join(names)),
    )


@entry_app.command("member")
@at_desk(event=True, actor=True)
def entry_member(
    desk: Desk,
    entry: EntryOpt,
    player: PlayerOpt,
    member: Annotated[
        str, typer.Option("--member", help='The member number ("" when the player has none).')
    ],
    reason: Reason = None,
) -> None:
    """Put a player's member number right."""
    desk.app.change_member(desk.event, entry, player, member, reason=reason, actor=desk.actor)
    players = desk.app.tournament(desk.event).entries[entry].players
    members = [p.member for p in players]
    shown = " – ".join(f"{p.name} ({p.member or tr('no number')})" for p in players)
    desk.say(
        {"entry": entry, "members": members},
        tr("Entry %(entry)s: %(names)s.", entry=entry, names=shown),
    )


@entry_app.command("substitute")
@at_desk(event=True, actor=True)
def entry_substitute(
    desk: Desk,
    entry: EntryOpt,
    player: PlayerOpt,
    name: Annotated[str, typer.Option("--name", help="The substitute's name.")],
    member: Annotated[
        str | None, typer.Option("--member", help="The substitute's member number.")
    ] = None,
    from_round: Annotated[
        int | None,
        typer.Option(
            "--from-round",
            help="The first round the substitute plays (default: the round in play; "
            "round 1 before play).",
        ),
    ] = None,
    session: SessionOpt = 1,
    reason: Reason = None,
) -> None:
    """A substitute plays for one of an entry's players, from a round to the end of the
    session. The pair keeps its score; see the guide for who is ranked."""
    first = desk.app.substitute_player(
        desk.event,
        entry,
        player,
        Player(name=name, member=member),
        session=session,
        from_round=from_round,
        reason=reason,
        actor=desk.actor,
    )
    desk.say(
        {"entry": entry, "session": session, "substitute": name, "from_round": first},
        tr(
            "%(name)s plays for entry %(entry)s from round %(round)s of session %(session)s.",
            name=name,
            entry=entry,
            round=first,
            session=session,
        ),
    )


@entry_app.command("swap")
@at_desk(event=True, actor=True)
def entry_swap(
    desk: Desk,
    first: Annotated[str, typer.Argument(help="A pair number: NS3, EW3 or 3.")],
    second: Annotated[str, typer.Argument(help="The other (may be the phantom's).")],
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    reason: Reason = None,
) -> None:
    """Swap two pairs' seats before either has played (with the phantom's: move a pair)."""
    app = desk.app
    app.swap_seats(
        desk.event, first, second, session=session, section=section, reason=reason, actor=desk.actor
    )
    state = app.section(desk.event, session, section)
    seats = {p.key: e for p, e in sorted(state.seats.items(), key=lambda i: pair_order(i[0]))}
    phantom = None if state.phantom is None else state.phantom.key
    a, b = (Pair.parse(x).key for x in (first, second))
    text = tr(
        "Section %(section)s: %(a)s is %(was_a)s, %(b)s is %(was_b)s.",
        section=section,
        a=a,
        was_a=seats.get(a, tr("empty")),
        b=b,
        was_b=seats.get(b, tr("empty")),
    )
    desk.say({"seats": seats, "phantom": phantom}, text)
