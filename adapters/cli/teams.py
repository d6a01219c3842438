"""``traveller crosstable`` and ``traveller knockout``: a team section's matches as the
manual's round-robin cross-table, and a knockout match with its carry-over, segment by
segment."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Annotated, Any
from uuid import UUID

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import EventOpt, Fmt, SectionOpt, SessionOpt, Store, guarded, open_app
from adapters.cli.output import Format
from engine.application import Traveller
from engine.errors import InvalidInput, PluginError, Rejected
from engine.numbers import show
from engine.registry import parse_options as plugin_options
from engine.registry import scale_for
from engine.seating import Line, Pair
from engine.section import Section
from engine.standings import names_of, player_key, scoring_choice
from engine.tournament import Tournament
from plugins.scoring.team_events import (
    KnockoutImps,
    KnockoutMatch,
    KnockoutMatchOptions,
    PlaysMatches,
    SegmentFacts,
    cross_table,
    segments_of,
)


def register(app: typer.Typer) -> None:
    """Add the ``crosstable`` and ``knockout`` commands to ``app``."""
    app.command("crosstable")(crosstable)
    app.command("knockout")(knockout)


@guarded
def crosstable(
    event: EventOpt,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """The section's team matches as a cross-table: each team's points against each other
    team (VPs when the event converts matches to VPs), its total and rank."""
    app = open_app(store)
    eid = app.resolve_event(event)
    tournament = app.tournament(eid)
    state = app.section(eid, session, section)
    name, options = scoring_choice(tournament, state)
    method = app.registry.scoring(name)
    if not isinstance(method, PlaysMatches) or state.movement is None:
        raise Rejected(
            f"Section {state.name} of session {session} is not a team event scored by matches "
            f"(it is scored by {method.name}).",
            hint="A cross-table needs a team movement and a team method: team-imps, "
            "board-a-match or bam-vp (`traveller rescore --scoring team-imps`).",
        )
    parsed = plugin_options(method, options)
    scale_name = getattr(parsed, "vp_scale", None)
    scale = None if scale_name is None else scale_for(app.registry.vp_scale(scale_name), parsed)
    teams = [t.number for t in state.movement.teams]
    table = cross_table(method.matches(state.facts(), parsed), teams, scale)
    names = {t.number: names_of(tournament, state, t) for t in state.movement.teams}
    data: dict[str, Any] = {
        "session": session,
        "section": state.name,
        "method": method.name,
        "vp_scale": scale_name,
        **table.to_json(),
        "names": {str(t): list(n) for t, n in names.items()},
    }
    if fmt is Format.json:
        output.emit_json(data)
        return
    grid = Table(
        title=f"Session {session}, section {state.name}: {method.name}", title_justify="left"
    )
    for column in ("Team", "Rank", "Total", *(str(t) for t in table.teams)):
        grid.add_column(column, justify="right" if column != "Team" else "left")
    for row in table.rows:
        label = f"{row.team} {' / '.join(names[row.team][:2])}".strip()
        cells = [" ".join(show(p) for p in cell) for cell in row.against]
        grid.add_row(label, row.rank, show(row.total), *cells)
    output.console.print(grid)


# ---- knockout -----------------------------------------------------------------------------------


@guarded
def knockout(
    event: EventOpt,
    section: SectionOpt = "A",
    sessions: Annotated[
        str | None,
        typer.Option(
            "--sessions",
            help="The sessions of the match, e.g. 1,2,3 (default every session whose section "
            "is scored as a knockout).",
        ),
    ] = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """A knockout match of two teams: each team's carry-over, the IMPs each won in every
    segment (each round of each session), the running score and who goes through."""
    app = open_app(store)
    eid = app.resolve_event(event)
    data = knockout_report(app, eid, section, None if sessions is None else _numbers(sessions))
    if fmt is Format.json:
        output.emit_json(data)
        return
    _knockout_table(data)


def _numbers(text: str) -> list[int]:
    try:
        chosen = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        chosen = []
    if not chosen:
        raise InvalidInput(f"{text!r} is not a list of sessions.", hint="Write 1,2,3.")
    return chosen


def knockout_report(
    app: Traveller, event: UUID, section: str, sessions: list[int] | None = None
) -> dict[str, Any]:
    """The knockout match of ``section`` over ``sessions`` (by default every session whose
    section is scored by the knockout method), for JSON."""
    tournament = app.tournament(event)
    method = app.registry.scoring(KnockoutImps.name)
    if not isinstance(method, KnockoutImps):
        raise PluginError(
            f"The scoring method called {KnockoutImps.name!r} is not Traveller's knockout "
            f"({type(method).__name__}).",
            hint="Block the plugin that registers it (TRAVELLER_PLUGINS_BLOCK).",
        )
    chosen = _match_sessions(app, tournament, event, section, method, sessions)
    options: KnockoutMatchOptions | None = None
    segments: list[SegmentFacts] = []
    numbers: dict[Hashable, tuple[int, tuple[str, ...], str | None]] = {}
    for state in chosen:
        parsed = plugin_options(method, scoring_choice(tournament, state)[1])
        assert isinstance(parsed, KnockoutMatchOptions)
        if options is None:
            options = parsed
        elif parsed != options:
            raise Rejected(
                f"Session {state.session} gives the knockout other options than session "
                f"{chosen[0].session} ({_options_text(parsed)}, not {_options_text(options)}).",
                hint="Score every session of the match with the same carry-over and tie rule "
                "(`traveller rescore --session N --scoring knockout --option …`).",
            )
        teams = _teams(tournament, state)
        for number, who in teams.items():
            seat = Pair(number, Line.NS)
            known = (number, names_of(tournament, state, seat), state.seats.get(seat))
            numbers.setdefault(who, known)
        segments += segments_of(state.session, state.facts(), state.movement, teams)
    assert options is not None
    match = method.match(segments, options)
    finished = all(s.session in tournament.closed for s in chosen)
    return {
        "event": str(tournament.id),
        "name": tournament.name,
        "section": section,
        "sessions": [s.session for s in chosen],
        "method": method.name,
        "version": method.version,
        "tie": match.tie,
        "home": _side(numbers, match.home, match.carry_over_home, match.home_total),
        "away": _side(numbers, match.away, match.carry_over_away, match.away_total),
        "segments": [{"segment": n, **s.to_json()} for n, s in enumerate(match.segments, start=1)],
        "ahead": _which(match, match.ahead),
        "decided_by": match.decided_by,
        "finished": finished,
        "winner": _which(match, match.ahead) if finished else None,
        "message": _verdict(match, numbers, finished),
    }


def _match_sessions(
    app: Traveller,
    tournament: Tournament,
    event: UUID,
    section: str,
    method: KnockoutImps,
    sessions: list[int] | None,
) -> list[Section]:
    """The match's sections, session by session: those asked for, each scored as a
    knockout, or every session's section that is."""
    if sessions is not None:
        chosen = [app.section(event, s, section) for s in sorted(set(sessions))]
        for state in chosen:
            name, _ = scoring_choice(tournament, state)
            if app.registry.scoring(name) is not method:
                raise Rejected(
                    f"Section {section} of session {state.session} is scored by {name}, not "
                    "as a knockout.",
                    hint="Score it as one: `traveller rescore --session "
                    f"{state.session} --section {section} --scoring knockout`.",
                )
        return chosen
    chosen = [
        state
        for state in app.sections(event)
        if state.name == section
        and app.registry.scoring(scoring_choice(tournament, state)[0]) is method
    ]
    if not chosen:
        raise Rejected(
            f"No session of {tournament.name!r} has a section {section} scored as a knockout.",
            hint="Create the event with `--scoring knockout` (carry-over: `--option "
            "carry_over_home=7.5`), or re-score the match's sessions with `traveller rescore "
            "--scoring knockout`.",
        )
    return chosen


def _teams(tournament: Tournament, state: Section) -> dict[int, Hashable]:
    """Each team of the section by its number → who it is: its entry's players (a team
    never seated is known by its number, as the knockout method knows it)."""
    teams: dict[int, Hashable] = {}
    for pair in (p for f in state.fields() for p in f.pairs):
        entry = tournament.entries.get(state.seats.get(pair, ""))
        teams[pair.number] = (
            f"team {pair.number}"
            if entry is None
            else tuple(sorted(player_key(p) for p in entry.players))
        )
    return teams


def _side(
    numbers: dict[Hashable, tuple[int, tuple[str, ...], str | None]],
    who: Hashable,
    carried: Fraction,
    total: Fraction,
) -> dict[str, Any]:
    number, names, entry = numbers[who]
    return {
        "team": number,
        "entry": entry,
        "names": list(names),
        "carry_over": show(carried),
        "total": show(total),
    }


def _which(match: KnockoutMatch, team: Hashable | None) -> str | None:
    if team is None:
        return None
    return "home" if team == match.home else "away"


def _options_text(options: KnockoutMatchOptions) -> str:
    return (
        f"carry-over {show(Fraction(options.carry_over_home))}–"
        f"{show(Fraction(options.carry_over_away))}, "
        f"tie {options.tie}"
    )


def _verdict(
    match: KnockoutMatch,
    numbers: dict[Hashable, tuple[int, tuple[str, ...], str | None]],
    finished: bool,
) -> str:
    """What the director tells the players."""

    def label(who: Hashable) -> str:
        number, names, _ = numbers[who]
        return f"Team {number}" + (f" ({' / '.join(names[:2])})" if names else "")

    home, away = match.home_total, match.away_total
    score = f"{show(max(home, away))}–{show(min(home, away))}"
    played = len(match.segments)
    after = f"after {played} segment{'s' if played != 1 else ''}"
    ahead = match.ahead
    if match.decided_by == "imps":
        assert ahead is not None
        margin = show(abs(home - away))
        if finished:
            return f"{label(ahead)} wins by {margin} IMPs ({score})."
        return f"{label(ahead)} leads by {margin} IMPs ({score}) {after}."
    if match.decided_by == "carry-over":
        assert ahead is not None
        verb = "goes through" if finished else "would go through"
        return f"Level at {score} {after}: {label(ahead)} {verb} on its larger carry-over."
    if finished:
        return (
            f"Level at {score} {after}: play the extra boards the conditions of contest "
            "name and record them as one more segment (a round or a session)."
        )
    return f"Level at {score} {after}."


def _knockout_table(data: dict[str, Any]) -> None:
    home, away = data["home"], data["away"]

    def label(side: dict[str, Any]) -> str:
        names = " / ".join(side["names"][:2])
        return f"Team {side['team']}" + (f" {names}" if names else "")

    grid = Table(
        title=f"{data['name']}, section {data['section']}: knockout "
        f"({data['method']} {data['version']}, tie: {data['tie']})",
        title_justify="left",
    )
    for column in ("Segment", "Session", "Boards", label(home), label(away), "Running"):
        grid.add_column(column, justify="left" if column == "Segment" else "right")
    grid.add_row("Carry-over", "", "", home["carry_over"], away["carry_over"], "")
    for s in data["segments"]:
        rounds = ", ".join(map(str, s["rounds"]))
        grid.add_row(
            f"{s['segment']}" + (f" (round {rounds})" if rounds else ""),
            str(s["session"]),
            str(s["boards"]),
            s["home_imps"],
            s["away_imps"],
            f"{s['home_running']}–{s['away_running']}",
        )
    grid.add_row("Total", "", "", home["total"], away["total"], "")
    output.console.print(grid)
    output.console.print(data["message"], highlight=False)
