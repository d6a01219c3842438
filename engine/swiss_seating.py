"""A Swiss round seated from its draw: session ``r`` of the event plays round ``r``, in a
one-section movement the draw itself writes (JCBL part 3 ch. 4 §3-2).

Round ``r`` plays boards ``(r-1)·B+1 … r·B`` (``B`` boards a round), every match the
same boards (duplicated sets), so a result is entered as in any session:
``traveller result add --session r --board b --ns … --ew …``.

Teams. A team's NS pair and EW pair are NS ``n`` and EW ``n`` (team ``n``), as in every
team movement. The home team (the higher placed) sits NS at the match's table, the
*open room*; the visitors' NS pair sits at the *closed room* table against the home
team's EW pair, on the same boards. With ``tables=home`` the closed room is the visitors'
own home table; with ``tables=leaders`` (matches numbered from table 1 down the order)
the closed room of the match at table ``t`` is table ``t + M``, ``M`` being the open
room's last table.

A triangle (part 3 ch. 4 §3-2 ③) plays the round in two halves of ``B/2`` boards: the
matches play the first half then the second at the same tables, while each of the
triangle's teams meets one opponent in each half. The three half matches need three
half sets: the round's two halves and a third set, numbered after the event's last
board (``R·B + 1 …``, ``R`` rounds), its halves taken in round order. A triangle over
two rounds is seated the same way in both of its rounds, so each of its matches is
played over the two rounds, half in each.

Pairs (Swiss pairs, part 2 ch. 4): pair ``n`` is pair ``n`` in one series; the home pair
sits NS at the match's table and every table plays the round's boards, matchpointed (or
IMPed against the datum) across the field. A pair with the bye sits out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.movement import Encounter, Movement, SitOut, relays_of
from engine.pairing.field import Draw
from engine.pairing.rules import PairingOptions
from engine.seating import Line, Numbering, Pair
from engine.section.state import Section
from engine.tournament.checks import swiss_of
from engine.tournament.state import Tournament
from engine.validator import validate

FAMILY = "swiss"
"""The family name a drawn round's movement carries."""


def round_boards(rnd: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards round ``rnd`` plays: ``(rnd-1)·B+1 … rnd·B``."""
    first = (rnd - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def spare_half(rnd: int, rounds: int, boards_per_round: int) -> tuple[int, ...]:
    """The third half set a triangle in round ``rnd`` plays, numbered after the event's
    last board."""
    half = boards_per_round // 2
    first = rounds * boards_per_round + (rnd - 1) * half + 1
    return tuple(range(first, first + half))


def round_movement(
    draw: Draw,
    *,
    kind: str,
    rounds: int,
    boards_per_round: int,
    options: PairingOptions,
    method: str = "",
    version: str = "",
) -> Movement:
    """The movement of the session that plays ``draw``'s round, checked by the validator."""
    boards = round_boards(draw.round, boards_per_round)
    if kind == "pairs":
        schedule = [
            Encounter(round=1, table=m.table, ns=m.home, ew=m.away, boards=boards)
            for m in draw.matches
        ]
        movement = Movement(
            family=FAMILY,
            kind="pairs",
            tables=max(m.table for m in draw.matches),
            rounds=1,
            boards_per_round=boards_per_round,
            numbering=Numbering.HOWELL,
            schedule=tuple(sorted(schedule, key=lambda e: e.table)),
            relays=relays_of(schedule),
            sit_outs=() if draw.bye is None else (SitOut(round=1, pair=draw.bye),),
            description=f"Swiss pairs, round {draw.round}: {len(schedule)} tables.",
            plugin=method,
            plugin_version=version,
        )
        return validate(movement)
    return validate(
        _team_movement(draw, rounds, boards_per_round, options, boards, method, version)
    )


def _team_movement(
    draw: Draw,
    rounds: int,
    boards_per_round: int,
    options: PairingOptions,
    boards: tuple[int, ...],
    method: str,
    version: str,
) -> Movement:
    home_table = _home_tables(draw, options)
    closed = _closed_tables(draw, options)
    halves = draw.triangle is not None
    size = boards_per_round // 2 if halves else boards_per_round
    first, second = boards[:size], boards[size:]
    schedule: list[Encounter] = []
    halves_played = (first, second) if halves else (boards,)
    for m in draw.matches:
        for ns, ew, table in ((m.home, m.away, m.table), (m.away, m.home, closed[m.table])):
            schedule += [
                Encounter(round=half, table=table, ns=ns, ew=ew, boards=played)
                for half, played in enumerate(halves_played, 1)
            ]
    if draw.triangle is not None:
        a, b, c = draw.triangle
        x, y, z = first, second, spare_half(draw.round, rounds, boards_per_round)
        # Half 1: a v b on x, b v c on z, c v a on y; half 2 the other rooms of the
        # same boards: each match's two tables play one half set.
        for half, ns, ew, sets in (
            (1, a, b, x),
            (1, b, c, z),
            (1, c, a, y),
            (2, a, c, y),
            (2, b, a, x),
            (2, c, b, z),
        ):
            schedule.append(Encounter(round=half, table=home_table[ns], ns=ns, ew=ew, boards=sets))
    tables = max(e.table for e in schedule)
    teams = sorted({e.ns for e in schedule})
    encounters = tuple(sorted(schedule, key=lambda e: (e.round, e.table)))
    words = f"{len(draw.matches)} matches" + (" and a triangle" if halves else "")
    return Movement(
        family=FAMILY,
        kind="teams",
        tables=tables,
        rounds=2 if halves else 1,
        boards_per_round=size,
        numbering=Numbering.MITCHELL,
        schedule=encounters,
        relays=relays_of(encounters),
        stationary=tuple(Pair(t, Line.NS) for t in teams),
        description=f"Swiss teams, round {draw.round}: {words}; the home team's NS pair "
        "at the match's table, the visitors' NS pair at the closed room's.",
        plugin=method,
        plugin_version=version,
    )


def _home_tables(draw: Draw, options: PairingOptions) -> Mapping[int, int]:
    """Where each team's NS pair sits: the home team at its match's table; with
    ``tables=home`` every team at its own table, else a triangle's three after the
    matches."""
    if options.tables == "home":
        numbers = {n for p in draw.pairings for n in p}
        return {n: options.home_tables.get(n, n) for n in numbers}
    after = max((m.table for m in draw.matches), default=0)
    seats = {m.home: m.table for m in draw.matches}
    for i, team in enumerate(draw.triangle or (), 1):
        seats[team] = after + i
    return seats


def _closed_tables(draw: Draw, options: PairingOptions) -> Mapping[int, int]:
    """Open room table → its closed room's table."""
    if options.tables == "home":
        return {m.table: options.home_tables.get(m.away, m.away) for m in draw.matches}
    used = max(_home_tables(draw, options).values(), default=0)
    return {m.table: used + m.table for m in draw.matches}


def round_seats(draw: Draw, kind: str, teams: Mapping[int, str]) -> dict[str, str]:
    """The seats of the round (pair key → entry id): a team's NS and EW pair, a pair by
    its number; the bye's contestant has none."""
    seated = {n for p in draw.pairings for n in p}
    if kind == "pairs":
        return {Pair(n).key: teams[n] for n in sorted(seated)}
    return {Pair(n, line).key: teams[n] for n in sorted(seated) for line in (Line.NS, Line.EW)}


def draw_json(draw: Draw) -> dict[str, Any]:
    """A draw as ``traveller swiss draw --format json`` prints it."""
    return {
        "round": draw.round,
        "matches": [{"table": m.table, "home": m.home, "away": m.away} for m in draw.matches],
        "triangle": None if draw.triangle is None else list(draw.triangle),
        "bye": draw.bye,
        "relaxed": list(draw.relaxed),
        "method": draw.method,
        "version": draw.method_version,
        "drawn_from": draw.drawn_from,
        "seed": draw.seed,
    }


def seated_draw_json(draw: Draw, movement: Movement) -> dict[str, Any]:
    """A draw with the seating of its round (``movement``, :mod:`engine.swiss_seating`):
    the round's boards and, for teams, each match's closed room table and a triangle's
    tables (team number, as text → table)."""
    data = draw_json(draw)
    data["boards"] = list(movement.boards)
    data["teams"] = movement.kind == "teams"
    if data["teams"]:
        first = [e for e in movement.schedule if e.round == 1]
        closed = {(e.ns, e.ew): e.table for e in first}
        home = {e.ns: e.table for e in first}
        for row in data["matches"]:
            row["closed_table"] = closed[row["away"], row["home"]]
        data["triangle_tables"] = {str(t): home[t] for t in draw.triangle or ()}
    return data


def round_sections(tournament: Tournament, section_of: Any) -> dict[int, Section]:
    """Round → the section that played it, for each drawn round whose session exists:
    ``section_of(session, name)`` gives a section's state."""
    swiss = swiss_of(tournament)
    name = swiss_section_name(tournament)
    return {rnd: section_of(rnd, name) for rnd in sorted(swiss.draws) if rnd in tournament.sessions}


def swiss_section_name(tournament: Tournament) -> str:
    """The section every round of a Swiss is played in: session 1's first."""
    return tournament.sessions[1][0]
