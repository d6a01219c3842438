"""What a masterpoint rule answers: how many points each place earns, and who may earn any.

A federation's rule is a plugin (:class:`engine.registry.MasterpointRule`) that answers one
question or both: an :class:`AwardScale` turns a field into the masterpoints of each place;
an :class:`EligibilityRule` decides whether a pair's part in a session lets it earn any.
:func:`session_eligibility` asks an eligibility rule about every contestant of a session in
the store, from what its movement and recorded results say each one played.
:func:`fields_to_award` and :func:`award_fields` work out a session's awards from its
standings (the event records them, :class:`engine.tournament.events.MasterpointsAwarded`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, Literal, Protocol, runtime_checkable

from pydantic import BaseModel

from engine.errors import N_, Fix, InvalidInput, PluginError, Rejected
from engine.lineup import credited_players
from engine.match_reports import cross_table_report, vp_scale_of
from engine.numbers import round_half_up
from engine.ranks import PLAYERS, FieldStandings, Standings
from engine.registry import PlaysMatches, Registry, parse_options
from engine.scoring import TEAMS
from engine.seating import Line, Pair, pair_at
from engine.section import Section
from engine.section_scores import scoring_choice
from engine.standings import names_of, player_key
from engine.tournament import ContestantKind, Player, Tournament
from engine.tournament.events import AwardedContestant, AwardedField


@dataclass(frozen=True)
class Attendance:
    """How much of a session one pair (or player) took part in."""

    session_boards: int
    """Boards in play in the session."""
    boards_played: int
    """Boards the pair played (adjusted boards included)."""
    sit_out_boards: int = 0
    """Boards of the rounds the pair sat out (a half table, a phantom)."""

    def __post_init__(self) -> None:
        if min(self.session_boards, self.boards_played, self.sit_out_boards) < 0:
            raise InvalidInput(
                N_("A number of boards cannot be negative."),
                hint=N_(
                    "Give the session's boards, and the boards played and sat out, as 0 or more."
                ),
                code="masterpoints.boards_negative",
            )
        if self.boards_played + self.sit_out_boards > self.session_boards:
            raise InvalidInput(
                N_(
                    "%(played)s boards played and %(sat_out)s sat out are more than the "
                    "%(boards)s boards of the session."
                ),
                hint=N_(
                    "Check the session's boards: every board played or sat out is one of them."
                ),
                code="masterpoints.boards_over",
                played=self.boards_played,
                sat_out=self.sit_out_boards,
                boards=self.session_boards,
            )


@dataclass(frozen=True)
class Eligibility:
    """A rule's answer for one pair: may it earn masterpoints, and why (or why not)."""

    eligible: bool
    reason: str


@runtime_checkable
class AwardScale(Protocol):
    """A masterpoint rule that awards points to the places of a field."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def awards(self, options: Any) -> list[Decimal]:
        """The masterpoints of 1st, 2nd, … place, as the federation publishes them."""
        ...


@runtime_checkable
class EligibilityRule(Protocol):
    """A masterpoint rule that decides whether a pair may earn masterpoints in a session."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def eligible(self, attendance: Attendance, options: Any) -> Eligibility: ...


# ---- attendance and eligibility from the store --------------------------------------------


def attendance_of(section: Section, session_boards: int | None = None) -> dict[Pair, Attendance]:
    """How much of the session each contestant of ``section`` took part in, from its
    movement and its recorded results.

    A board is played when its table is recorded (a result, an adjusted, assigned or
    neutral score). A contestant sits out the boards of a round the movement gives it
    no table (a half table, a rover's rest) and of the rounds it meets the phantom
    (the missing pair). The session's boards are ``session_boards`` when given (a
    session curtailed by the director: a contestant's sit-outs then count only up to the
    boards it did not play), else the most boards the movement gives one contestant,
    sit-outs included (rounds × boards a round), or with no movement the most boards any
    contestant has recorded."""
    contestants = [p for f in section.fields() for p in f.pairs]
    movement = section.movement
    played = {c: 0 for c in contestants}
    sat_out = {c: 0 for c in contestants}
    full = {c: 0 for c in contestants}
    if movement is not None and movement.kind == "individual":
        for c in contestants:
            for e in movement.encounters_of(c):
                ns, ew = movement.cards(e)
                for b in e.boards:
                    entry = section.tables.get((b, ns))
                    played[c] += int(entry is not None and entry.ew == ew)
    else:
        for entry in section.tables.values():
            for side in (entry.ns, entry.ew):
                if side in played:
                    played[side] += 1
    if movement is not None:
        for c in contestants:
            for e in movement.encounters_of(c):
                full[c] += len(e.boards)
                if section.phantom is not None and section.phantom in (
                    movement.ns_pair(e),
                    movement.ew_pair(e),
                ):
                    sat_out[c] += len(e.boards)
        for rest in movement.sit_outs:
            if movement.kind == "individual":
                pair = Pair(rest.pair)
            else:
                pair = pair_at(movement.numbering, rest.line or Line.NS, rest.pair)
            if pair in full:
                full[pair] += movement.boards_per_round
                sat_out[pair] += movement.boards_per_round
    if session_boards is None:
        counted = full if movement is not None else played
        session_boards = max(counted.values(), default=0)
    else:  # a curtailed session: rounds sat out after it stopped were never sat out
        sat_out = {c: min(sat_out[c], max(session_boards - played[c], 0)) for c in contestants}
    return {c: Attendance(session_boards, played[c], sat_out[c]) for c in contestants}


@dataclass(frozen=True)
class EligibilityLine:
    """One contestant of a session: what it played and the rule's answer."""

    section: str
    pair: Pair
    names: tuple[str, ...]
    attendance: Attendance
    verdict: Eligibility

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "pair": self.pair.key,
            "names": list(self.names),
            "session_boards": self.attendance.session_boards,
            "boards_played": self.attendance.boards_played,
            "sat_out": self.attendance.sit_out_boards,
            "eligible": self.verdict.eligible,
            "reason": self.verdict.reason,
        }


def session_eligibility(
    rule: EligibilityRule,
    options: BaseModel,
    tournament: Tournament,
    sections: Sequence[Section],
    session_boards: int | None = None,
) -> list[EligibilityLine]:
    """Every contestant of ``sections`` (one session's) with the rule's answer: may it
    earn masterpoints in the session, and why."""
    lines = []
    for section in sections:
        for pair, attendance in attendance_of(section, session_boards).items():
            lines.append(
                EligibilityLine(
                    section.name,
                    pair,
                    names_of(tournament, section, pair),
                    attendance,
                    rule.eligible(attendance, options),
                )
            )
    return lines


def conditions(plugin: Any, options: BaseModel) -> str:
    """A rule's parameters as the director set them, each with what it means:
    ``session_boards = 24 (the fewest boards …); share = 75 (…)``."""
    described = [
        f"{name} = {_shown(getattr(options, name))}"
        + (f" ({info.description.rstrip('.')})" if info.description else "")
        for name, info in type(options).model_fields.items()
    ]
    return "; ".join(described) or f"{plugin.name} takes no parameters"


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# ---- awards from an event's standings ------------------------------------------------------

FIELD_FACTS = ("contestants", "teams")
"""Options of an award scale that the event fills in for each field: the contestants
ranked together (counted from the standings) and whether they are teams."""
TEAM_RECORD = ("boards", "vp", "max_vp", "players")
"""Options of an award scale that the event fills in for each team (its record): boards a
round, the VPs of the matches it won, the most VPs of a match, its players."""
FILLED_BY_THE_EVENT = FIELD_FACTS + TEAM_RECORD
LOPSIDED = 10_000
"""An IMP margin beyond every VP scale's blitz: the most VPs of a match."""

Kind = Literal["pairs", "players", "teams"]


@dataclass(frozen=True)
class TeamRecord:
    """What a team achieved in its section, as a team award scale may read it."""

    boards: int
    """Boards a round (B)."""
    won_vp: Decimal
    """The VPs of the matches it won (V)."""
    max_vp: Decimal
    """The most VPs a match gives (M)."""
    players: int
    """The team's players (Pm)."""

    def options(self) -> dict[str, Any]:
        return {
            "boards": self.boards,
            "vp": str(self.won_vp),
            "max_vp": str(self.max_vp),
            "players": self.players,
        }


@dataclass(frozen=True)
class Ranked:
    """One contestant of a field to award, as the standings rank it."""

    section: str
    key: str
    rank: str
    label: str
    """How the director names it: ``NS 3``, ``Team 2``, a player's name."""
    players: tuple[Player, ...]
    record: TeamRecord | None = None


@dataclass(frozen=True)
class FieldToAward:
    """The contestants of one field of the standings, best first."""

    section: str
    name: str
    kind: Kind
    ranked: tuple[Ranked, ...]


def _kind(section: Section) -> Kind:
    kind = section.movement.kind if section.movement is not None else "pairs"
    return "players" if kind == "individual" else kind


def fields_to_award(
    registry: Registry, tournament: Tournament, sections: Sequence[Section], standings: Standings
) -> list[FieldToAward]:
    """The fields of a session's standings that earn masterpoints, each with its
    contestants and the players credited with their awards.

    An event that ranks players earns by its ranking of players; otherwise each field of
    each section (NS and EW of a Mitchell, every pair of a Howell, the players of an
    individual movement, the teams of a team section — SRR + pairs included: its pairs'
    ranking is beside the teams'). A flight's or the whole session's percentage ranking
    earns none of its own. The players credited are those credited with the contestant's
    score (:func:`engine.lineup.credited_players`: a substitute who played most of the
    boards in place of the player replaced)."""
    by_name = {s.name: s for s in sections}
    players_ranked = tournament.ranking.contestants is ContestantKind.PLAYERS
    found = []
    for field in standings.fields:
        if field.flight is not None or (field.name == PLAYERS) != players_ranked:
            continue
        kind = "players" if players_ranked else _kind(by_name[field.section.split("+")[0]])
        if kind == "teams" and field.name != TEAMS:
            continue
        found.append(
            FieldToAward(
                field.section,
                field.name,
                kind,
                tuple(_ranked(registry, tournament, by_name, field, kind)),
            )
        )
    return found


def _ranked(
    registry: Registry,
    tournament: Tournament,
    sections: Mapping[str, Section],
    field: FieldStandings,
    kind: Kind,
) -> Iterator[Ranked]:
    records: dict[str, dict[int, tuple[Fraction, Fraction, int]]] = {}
    for row in field.rows:
        own = row.section or field.section
        state = sections[own]
        players = credited_players(tournament, state, row.pair)
        if row.player is not None:
            players = tuple(p for p in players if player_key(p) == row.player)
        label = (
            f"Team {row.pair.number}"
            if kind == "teams"
            else (" – ".join(row.names) if row.player is not None else str(row.pair))
        )
        record = None
        if kind == "teams" and players:
            if own not in records:
                records[own] = _team_wins(registry, tournament, state)
            won = records[own].get(row.pair.number)
            if won is not None:
                vp, most, boards = won
                record = TeamRecord(boards, round_half_up(vp), round_half_up(most), len(players))
        yield Ranked(own, row.key, row.rank, f"{label} of section {own}", players, record)


def _team_wins(
    registry: Registry, tournament: Tournament, state: Section
) -> dict[int, tuple[Fraction, Fraction, int]]:
    """Each team's (VPs of the matches it won, the most VPs of a match, boards a round),
    from the section's cross-table; none when its method gives no VPs."""
    method = registry.scoring(scoring_choice(tournament, state)[0])
    scale = vp_scale_of(registry, tournament, state)
    if scale is None or state.movement is None or not isinstance(method, PlaysMatches):
        return {}
    boards = state.movement.boards_per_round
    most = scale.victory_points(LOPSIDED, boards)[0]
    table = cross_table_report(registry, tournament, state).table
    column = {team: i for i, team in enumerate(table.teams)}
    rows = {row.team: row for row in table.rows}
    wins = {}
    for row in table.rows:
        won = Fraction(0)
        for other in table.teams:
            if other == row.team:
                continue
            theirs = rows[other].against[column[row.team]]
            won += sum(
                (m for m, t in zip(row.against[column[other]], theirs, strict=True) if m > t),
                Fraction(0),
            )
        wins[row.team] = (won, most, boards)
    return wins


def shared_award(awards: Sequence[Decimal], first: int, last: int) -> Decimal:
    """What each of the contestants tied for places ``first`` to ``last`` earns: the
    awards of those places shared equally (a place beyond the awards earns none),
    rounded half up to two decimals (JCBL)."""
    total = sum((Fraction(a) for a in awards[first - 1 : last]), Fraction(0))
    return round_half_up(total / (last - first + 1))


def tied_groups(ranked: Sequence[Ranked]) -> Iterator[tuple[int, int, Sequence[Ranked]]]:
    """The contestants best first in groups of the same rank: (first place, last place,
    the group)."""
    start = 0
    while start < len(ranked):
        end = start + 1
        while end < len(ranked) and ranked[end].rank == ranked[start].rank:
            end += 1
        yield start + 1, end, ranked[start:end]
        start = end


def award_fields(
    rule: AwardScale, chosen: Mapping[str, Any], fields: Sequence[FieldToAward]
) -> tuple[AwardedField, ...]:
    """Each field's awards under ``rule`` with the options ``chosen`` for the event.

    The rule is told what the event knows of each field (:data:`FIELD_FACTS`) and of each
    team (:data:`TEAM_RECORD`), as far as its options name them. Contestants tied share the
    awards of the places they tie for; every player of a placed contestant is credited."""
    declared = rule.Options.model_fields
    out = []
    for field in fields:
        given: dict[str, Any] = dict(chosen)
        if "contestants" in declared:
            given["contestants"] = len(field.ranked)
        if "teams" in declared:
            given["teams"] = field.kind == "teams"
        options = parse_options(rule, given)
        table = rule.awards(options)
        awards = []
        for first, last, group in tied_groups(field.ranked):
            for one in group:
                scale, record = table, {}
                if one.record is not None and all(name in declared for name in TEAM_RECORD):
                    record = one.record.options()
                    scale = rule.awards(parse_options(rule, given | record))
                points = shared_award(scale, first, last)
                if points <= 0:
                    continue
                if not one.players:
                    raise Rejected(
                        N_(
                            "%(label)s is placed %(rank)s but no entry is registered for it: its "
                            "masterpoints would be credited to nobody."
                        ),
                        hint=N_("Register its players and award again."),
                        code="masterpoints.no_entry",
                        fix=Fix("entry.add", needs=("player",)),
                        label=one.label,
                        rank=one.rank,
                    )
                awards.append(
                    AwardedContestant(
                        section=one.section,
                        contestant=one.key,
                        rank=one.rank,
                        places=(first, last),
                        points=points,
                        players=one.players,
                        record=record,
                    )
                )
        out.append(
            AwardedField(
                section=field.section,
                field=field.name,
                kind=field.kind,
                contestants=len(field.ranked),
                options=options.model_dump(mode="json", exclude_none=True),
                awards=tuple(awards),
            )
        )
    return tuple(out)


def chosen_rule(
    registry: Registry,
    tournament: Tournament,
    rule: str | None,
    options: Mapping[str, Any] | None,
) -> tuple[AwardScale, dict[str, Any]]:
    """The award scale and the options a session's awards follow: those given, over the
    ones recorded for the event (by the same rule); given nothing, the recorded ones.

    What the event itself tells the rule (the contestants, whether they are teams, a
    team's record) is refused when given, and an option the rule needs and nobody gave
    (JCBL: the game's class) is asked for."""
    recorded = tournament.masterpoint_rule
    if rule is None:
        if recorded is None:
            raise InvalidInput(
                N_("No masterpoint rule is chosen for %(event)s."),
                hint=N_(
                    "Give the rule and the game's class, for example jcbl and class 3 (they are "
                    "recorded for the event)."
                ),
                code="masterpoints.no_rule",
                fix=Fix(None, fields={"rule": "jcbl", "game_class": 3}),
                event=tournament.name,
            )
        rule = recorded.rule
    plugin = registry.masterpoint_rule(rule)
    if not isinstance(plugin, AwardScale):
        raise PluginError(
            N_("The %(rule)s rule decides who may earn masterpoints; it awards none."),
            hint=N_("Award by a rule that gives places their masterpoints, such as jcbl."),
            code="masterpoints.not_award",
            rule=plugin.name,
        )
    base = recorded.options if recorded is not None and recorded.rule == plugin.name else {}
    given = dict(options or {})
    filled = sorted(set(given) & set(FILLED_BY_THE_EVENT))
    if filled:
        raise InvalidInput(
            N_("%(names)s is worked out from the event's standings and entries, not given.")
            if len(filled) == 1
            else N_("%(names)s are worked out from the event's standings and entries, not given."),
            hint=N_(
                "Give only the game's conditions (such as its class); the contestants are "
                "counted from the standings."
            ),
            code="masterpoints.filled",
            fix=Fix(None, needs=("game_class",)),
            names=", ".join(filled),
        )
    chosen = {**base, **given}
    needed = [
        name
        for name, info in plugin.Options.model_fields.items()
        if info.is_required() and name not in FILLED_BY_THE_EVENT and name not in chosen
    ]
    if needed:
        raise InvalidInput(
            N_("The %(rule)s rule needs %(names)s for %(event)s."),
            hint=N_(
                "Give the game's class (or the option); it is recorded for the event, so later "
                "awards need not give it again."
            ),
            code="masterpoints.needs",
            fix=(Fix(None, needs=("game_class",)), Fix(None, needs=("option",))),
            rule=plugin.name,
            names=", ".join(needed),
            event=tournament.name,
        )
    return plugin, chosen
