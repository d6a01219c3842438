"""Building the advisor's proposals through the registry: the installed family (and its
options) that plays each listed or guide movement, and every installed family's own
movements for the field.

The advisor reaches the families only by name through the
:class:`~engine.registry.Registry`: a family's name says which kind of movement it plays
(``rover``, ``arrow``, ``appendix`` … in a Mitchell's name; ``howell``), and whatever it
builds is checked by the validator, whose figures go into the proposal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, NamedTuple

from pydantic import ValidationError

from engine.advisor.lists import Kind, Play, TwoSessionPlan, WeeklyLine, listed_family
from engine.advisor.proposals import (
    BUILT_SOURCE,
    GUIDE_SOURCE,
    SRR_SOURCE,
    TWO_SESSION_SOURCE,
    WEEKLY_SOURCE,
    Assignment,
    Balance,
    Proposal,
    SectionPlan,
)
from engine.advisor.srr_lists import (
    ODD_PAIR_ALL_PLAY_ALL,
    PAIR_SEATING,
    SessionGame,
    SRRFormat,
    SRRPlan,
    SRRSessions,
)
from engine.errors import TravellerError
from engine.movement import Movement, matches_of
from engine.registry import MovementFamily, Registry, parse_options
from engine.validator import check

_MITCHELL_WORDS = (
    ("half", Kind.APPENDIX_1_5),
    ("rover", Kind.ROVER_MITCHELL),
    ("arrow", Kind.SCRAMBLED_MITCHELL),
    ("scrambled", Kind.SCRAMBLED_MITCHELL),
    ("appendix", Kind.APPENDIX_MITCHELL),
)
"""Words of a Mitchell family's name that say which kind it plays (the first found)."""
_MITCHELL_VARIANTS = {
    Kind.STRAIGHT_MITCHELL: "straight",
    Kind.SKIP_MITCHELL: "skip",
    Kind.RELAY_MITCHELL: "relay",
}


class Built(NamedTuple):
    """A movement an installed family built, with the options that build it again."""

    movement: Movement
    options: dict[str, Any]
    tables: int
    """The tables the family was asked to build for (``movement assign --tables``)."""


class ProposalBuilder:
    """Builds proposals, with the installed families where one can build the movement."""

    def __init__(self, registry: Registry, teams: bool, entries: int) -> None:
        self.registry = registry
        self.kind = "teams" if teams else "pairs"
        self.entries = entries
        self._assigned: dict[tuple[int, Play, int, str | None, bool], Assignment] = {}

    def fits(self, m: Movement) -> bool:
        """Whether ``m`` seats this field: pairs (one more with a phantom), or teams' pairs."""
        if m.kind != self.kind:
            return False
        if self.kind == "teams":
            return len(m.pairs) == 2 * self.entries
        return len(m.pairs) == self.entries + (m.phantom is not None and self.entries % 2)

    # -- proposals from the lists ----------------------------------------------------

    def weekly(self, line: WeeklyLine, per_round: int, rounds: int, pairs: int) -> Proposal:
        section = self._section(line.tables, (Play(line.kind, rounds),), per_round)
        notes = []
        if pairs > 2 * line.tables:
            section = self._split_last_table(section, per_round)
            notes.append(
                f"The list offers the {line.tables}-table sheets for {line.pairs[0]}-"
                f"{line.pairs[1]} pairs: with {pairs} pairs the last table is split into "
                "tables A and B, which share their boards (manual part 2 ch. 2 §8)."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=f"{WEEKLY_SOURCE} ({line.tables}T)",
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=tuple(notes),
            remark=line.remark,
        )

    def listed(self, plan: TwoSessionPlan, sessions: int) -> Proposal:
        """A plan of the two-session list: both sessions, or (``sessions=1``) the first."""
        sections = tuple(
            self._section(
                s.tables,
                s.plays[:sessions],
                plan.boards_per_round,
                s.stationary,
                s.stay,
                sheets=Kind.INTERWOVEN_HOWELL in {p.kind for p in s.plays},
            )
            for s in plan.sections
        )
        rounds = plan.rounds[:sessions]
        return Proposal(
            title=_title(sections, plan.boards_per_round, rounds),
            source=f"{TWO_SESSION_SOURCE} ({plan.tables}T)"
            + ("" if sessions == 2 else ", first session"),
            sections=sections,
            boards_per_round=plan.boards_per_round,
            rounds=rounds,
            remark=plan.note,
            renumber=sessions == 2 and all(s.first == s.second for s in plan.sections),
        )

    def guide(
        self, kind: Kind, tables: int, per_round: int, rounds: int, base: Kind | None
    ) -> Proposal:
        variant = None if base is None else _MITCHELL_VARIANTS[base]
        section = self._section(tables, (Play(kind, rounds),), per_round, variant=variant)
        if base is not None:
            note = (
                f"A {tables - 1}-table {base.label} with an NS rover (pair {tables} NS): the "
                "rover sits out round 1, then takes a different NS pair's seat each round; "
                "that pair sits out. Give the rover its card (the guide's route table)."
            )
        else:
            note = (
                f"A {tables - 2}-table Mitchell on the base tables; table {tables - 1} shares "
                f"boards with table 1 and EW {tables} sits out first at table {tables}. "
                "Curtailing is not recommended."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=GUIDE_SOURCE,
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=(note,),
        )

    def srr(self, plan: SRRPlan) -> Proposal:
        """A line of list 3 (one session) or of list 4 (SRR teams + pairs: the same
        movement in both sessions)."""
        match = self._srr_session(plan.teams, plan.game, plan.boards_per_round)
        section = SectionPlan(plan.teams, (match,) * len(plan.rounds))
        notes = list(_srr_notes(plan.format, plan.teams, (plan.game,) * len(plan.rounds)))
        listed = 3 if len(plan.rounds) == 1 else 4
        if listed == 4:
            notes.append(
                "SRR teams + pairs (list 4): both sessions play the same movement, so every "
                "team meets every other twice, a match a session; the pairs are ranked too."
            )
        return Proposal(
            title=_srr_title(plan.format, plan.teams, (match,), plan.rounds, plan.boards_per_round),
            source=f"{SRR_SOURCE} {listed} ({plan.teams}T)",
            sections=(section,),
            boards_per_round=plan.boards_per_round,
            rounds=plan.rounds,
            remark=plan.remark_in_english,
            notes=tuple(notes),
        )

    def srr_sessions(self, plan: SRRSessions) -> Proposal:
        """A line of list 5: each session played by the family it names."""
        played = tuple(
            self._srr_session(plan.teams, game, plan.boards_per_round) for game in plan.sessions
        )
        return Proposal(
            title=_srr_title(plan.format, plan.teams, played, plan.rounds, plan.boards_per_round),
            source=f"{SRR_SOURCE} 5 ({plan.teams}T)",
            sections=(SectionPlan(plan.teams, played),),
            boards_per_round=plan.boards_per_round,
            rounds=plan.rounds,
            remark=plan.remark_in_english,
            notes=tuple(_srr_notes(plan.format, plan.teams, plan.sessions)),
        )

    def _srr_session(self, teams: int, game: SessionGame, per_round: int) -> Assignment:
        """A session of a listed SRR game, as its family builds it through the registry."""
        built = None
        if game.family is not None:
            built = self._first(
                game.family,
                teams,
                [game.options_for(per_round)],
                lambda m: m.rounds == game.rounds,
            )
        label = "" if game.family is None else _team_label(game.family)
        return _assignment(Play(Kind.TEAMS, game.rounds), built, label)

    # -- proposals from the installed families ---------------------------------------

    def installed(self, tables: int, sessions: int, target: int) -> Iterator[Proposal]:
        """Every installed family's movement for ``tables``: 2, 3 and 4 boards a round, and
        curtailed to the target where the family allows it; played again in a second
        session."""
        for family in self.registry.movements():
            if _named_kind(family.name) is Kind.INTERWOVEN_HOWELL:
                continue  # a second session: the list proposes it after its first
            probe = self._build(family, tables, {})
            if probe is not None and not self.fits(probe.movement):
                continue  # a team family when pairs are asked for, or another field size
            for per_round in (2, 3, 4):
                tries = [{"boards_per_round": per_round, "rounds": max(1, target // per_round)}]
                if probe is None or probe.movement.rounds * per_round <= 2 * target:
                    tries.insert(0, {"boards_per_round": per_round})  # not twice too long
                for options in tries:
                    built = self._build(family, tables, options)
                    if built is not None and self.fits(built.movement):
                        m = built.movement
                        kind = _named_kind(family.name) or _shape_kind(m)
                        label = _family_label(family.name, kind)
                        match = _assignment(Play(kind, m.rounds), built, label)
                        section = SectionPlan(tables, (match,) * sessions)
                        rounds = (m.rounds,) * sessions
                        yield Proposal(
                            title=_title((section,), m.boards_per_round, rounds),
                            source=BUILT_SOURCE,
                            sections=(section,),
                            boards_per_round=m.boards_per_round,
                            rounds=rounds,
                            renumber=sessions > 1,
                        )

    def installed_teams(self, teams: int) -> Iterator[Proposal]:
        """Every installed team family over two sessions, 2, 3 and 4 boards a round, as a
        whole round robin: a family whose ``session`` option splits it plays its two
        sessions (the stagger; the American Whist of an odd number of teams), and one that
        completes the round robin in a session plays it in both (every team meets every
        other twice). A movement that leaves matches unplayed is not proposed: playing it
        again would not complete them."""
        everyone = {(a, b) for a in range(1, teams + 1) for b in range(a + 1, teams + 1)}
        for family in self.registry.movements():
            if family.name == "srr":
                continue  # list 4, proposed from the list
            probe = self._build(family, teams, {})
            if probe is None or not self.fits(probe.movement):
                continue
            for per_round in (2, 3, 4):
                short: dict[str, Any] = {"boards_per_round": per_round}
                split = [self._build(family, teams, short | {"session": s}) for s in (1, 2)]
                halves = [set(matches_of(b.movement)) for b in split if b is not None]
                once = self._build(family, teams, short)
                if (
                    len(halves) == 2
                    and halves[0].isdisjoint(halves[1])
                    and halves[0] | halves[1] == everyone
                ):
                    builds = [b for b in split if b is not None]
                    note = (
                        "The sessions play the two halves of the round robin (the family's "
                        "session option): every team meets every other once."
                    )
                elif once is not None and set(matches_of(once.movement)) == everyone:
                    builds = [once, once]
                    note = (
                        "Both sessions play the same movement: every team meets every other "
                        "twice, a match a session."
                    )
                else:
                    continue
                label = _team_label(family.name)
                played = tuple(
                    _assignment(Play(Kind.TEAMS, b.movement.rounds), b, label) for b in builds
                )
                section = SectionPlan(teams, played)
                rounds = tuple(b.movement.rounds for b in builds)
                yield Proposal(
                    title=_title((section,), per_round, rounds),
                    source=BUILT_SOURCE,
                    sections=(section,),
                    boards_per_round=per_round,
                    rounds=rounds,
                    notes=(note,),
                )

    # -- helpers ---------------------------------------------------------------------

    def _split_last_table(self, section: SectionPlan, per_round: int) -> SectionPlan:
        """``section`` with its last table split into tables A and B, for more pairs than
        its tables seat: a full Howell is the ``appendix-howell`` with one table appended
        (table n + 1 is nB); no installed family splits a table of a shorter Howell or of
        a Mitchell, so those are not built (their sheets are played from print)."""
        (a,) = section.sessions
        built = None
        if a.play.kind is Kind.HOWELL and a.play.rounds == 2 * section.tables - 1:
            built = self._first(
                "appendix-howell",
                section.tables + 1,
                [{"boards_per_round": per_round, "appended": 1}],
                lambda m: m.rounds == a.play.rounds,
            )
        label = f"{a.name} with tables A and B"
        return replace(section, sessions=(_assignment(a.play, built, label),))

    def _section(
        self,
        tables: int,
        plays: tuple[Play, ...],
        per_round: int,
        stationary: tuple[int, int] | None = None,
        stay: int | None = None,
        variant: str | None = None,
        sheets: bool = False,
    ) -> SectionPlan:
        """A section playing ``plays``; with ``sheets`` it plays the list's interwoven game,
        whose printed sheets come first (its groups carry over from session to session)."""
        sessions = tuple(self._assign(tables, p, per_round, variant, sheets) for p in plays)
        return SectionPlan(tables, sessions, stationary, stay)

    def _assign(
        self, tables: int, play: Play, per_round: int, variant: str | None, sheets: bool
    ) -> Assignment:
        """``play`` on ``tables`` tables as the first installed family that builds it
        assigns it (once: a multi-section plan plays its movements again)."""
        key = (tables, play, per_round, variant, sheets)
        if key not in self._assigned:
            built = self._play(tables, play, per_round, variant, sheets)
            self._assigned[key] = _assignment(play, built)
        return self._assigned[key]

    def _play(
        self, tables: int, play: Play, per_round: int, variant: str | None, sheets: bool
    ) -> Built | None:
        """The first installed family that builds ``play`` on ``tables`` tables: with
        ``sheets`` the one the list names for its interwoven game, else (and for a Howell)
        one whose name says it plays the kind.

        A rover Mitchell is built on the full tables (the rover's half table is extra);
        an appendix Mitchell whose rounds are no prime base may be the family's printed
        sheet."""

        def accept(m: Movement) -> bool:
            return m.rounds == play.rounds

        short: dict[str, Any] = {"boards_per_round": per_round}
        listed = listed_family(tables, play.rounds, play.kind)
        if listed is not None and (sheets or play.kind is Kind.HOWELL):
            name, options = listed
            built = self._first(name, tables, [short | options], accept)
            if built is not None:
                return built
        full = short | {"rounds": play.rounds}
        # a relay Mitchell is the only one with as many rounds as an even number of tables
        tries = [short, full, short | {"printed": True}, short | {"variant": "relay"}]
        variant = variant or _MITCHELL_VARIANTS.get(play.kind)
        if variant is not None:
            tries = [short | {"variant": variant}, full | {"variant": variant}]
        size = tables - 1 if play.kind is Kind.ROVER_MITCHELL else tables
        names = (
            ["mitchell"]
            if play.kind in _MITCHELL_VARIANTS
            else [f.name for f in self._families(play.kind)]
        )
        for name in names:
            built = self._first(name, size, tries, accept)
            if built is not None:
                return built
        return None

    def _families(self, kind: Kind) -> list[MovementFamily]:
        """Installed families whose names say they play ``kind`` (the plain Howell first)."""
        found = [f for f in self.registry.movements() if _named_kind(f.name) is kind]
        return sorted(found, key=lambda f: f.name != "howell")

    def _first(
        self,
        name: str,
        tables: int,
        tries: list[dict[str, Any]],
        accept: Callable[[Movement], bool],
    ) -> Built | None:
        try:
            family = self.registry.movement(name)
        except TravellerError:
            return None
        for options in tries:
            built = self._build(family, tables, options)
            if built is not None and accept(built.movement):
                return built
        return None

    @staticmethod
    def _build(family: MovementFamily, tables: int, options: dict[str, Any]) -> Built | None:
        if any(key not in family.Options.model_fields for key in options):
            return None
        try:
            movement = family.build(tables, parse_options(family, options))
        except (TravellerError, ValidationError):
            return None
        return Built(
            movement.model_copy(update={"plugin": family.name, "plugin_version": family.version}),
            options,
            tables,
        )


def _named_kind(name: str) -> Kind | None:
    """The kind a family's name says it plays (``None``: the name does not say)."""
    words = name.split("-")
    if "howell" in words:
        return Kind.INTERWOVEN_HOWELL if "interwoven" in words else Kind.HOWELL
    if "mitchell" in words:
        return next((kind for word, kind in _MITCHELL_WORDS if word in words), None)
    return None


def _shape_kind(m: Movement) -> Kind:
    """The kind of a built movement whose family's name does not say it."""
    if m.kind == "teams":
        return Kind.TEAMS
    if m.family == "mitchell":
        if m.relays:
            return Kind.RELAY_MITCHELL
        return Kind.STRAIGHT_MITCHELL if m.tables % 2 else Kind.SKIP_MITCHELL
    return Kind.HOWELL if m.numbering.value == "howell" else Kind.STRAIGHT_MITCHELL


def _family_label(name: str, kind: Kind) -> str:
    """What a family's movement is called: ``arrow-switch-mitchell`` → "arrow-switch
    Mitchell"; the plain Mitchell and Howell by the kind they built ("skip Mitchell")."""
    words = name.split("-")
    for i, word in enumerate(words):
        if word in ("mitchell", "howell"):
            if len(words) == 1:
                return kind.label
            parts = ("-".join(words[:i]), word.capitalize(), " ".join(words[i + 1 :]))
            return " ".join(p for p in parts if p)
    return name.replace("-", " ")


_TEAM_LABELS = {
    "american-whist": "American Whist",
    "mirror-mitchell": "mirror Mitchell",
    "mirror-mitchell-halves": "American Whist in each half",
    "round-robin": "round robin",
    "standard-teams": "standard team movement",
}
"""What a team family's movement is called, where its name does not read well."""


def _team_label(family: str) -> str:
    return _TEAM_LABELS.get(family) or _family_label(family, Kind.TEAMS)


def _srr_title(
    format_: SRRFormat,
    teams: int,
    sessions: tuple[Assignment, ...],
    rounds: tuple[int, ...],
    per_round: int,
) -> str:
    """``SRR (team all-play-all), 6 teams, stagger: 2 + 3 rounds × 10 boards``."""
    names = ", then ".join(dict.fromkeys(a.label for a in sessions if a.label))
    return (
        f"SRR ({'pair' if format_ is SRRFormat.PAIRS else 'team'} all-play-all), {teams} teams"
        + (f", {names}" if names else "")
        + ": "
        + " + ".join(str(r) for r in rounds)
        + f" rounds × {per_round} boards"
    )


def _srr_notes(format_: SRRFormat, teams: int, sessions: tuple[SessionGame, ...]) -> Iterator[str]:
    """What a director needs to know to play a listed SRR game."""
    families = {g.family for g in sessions}
    if format_ is SRRFormat.PAIRS:
        if None in families:
            yield "Pair all-play-all (ペア総当たり): no family plays it. " + ODD_PAIR_ALL_PLAY_ALL
            return
        yield PAIR_SEATING
        if len(sessions) > 1:
            yield (
                "Traveller scores each session's boards as a match (VPs each session); the "
                "JCBL converts a match's two halves together after session 2."
            )
    if "stagger" in families:
        half = teams // 2
        yield (
            f"Stagger (appendix 3 §3): tables 1-{half} stand beside tables {half + 1}-{teams}, "
            "each two neighbours relaying one set; session 1 odd teams meet odd and even meet "
            "even, session 2 odd meet even."
        )
    if "mirror-mitchell" in families:
        half = teams // 2
        yield (
            f"Mirror Mitchell (TFMM, appendix 3 §2), in the list's order: session 1 teams "
            f"1-{half} and {half + 1}-{teams} each play an American Whist within their half, "
            "session 2 the mirror Mitchell across the halves (round 1 makes twin boards). "
            "The manual's text plays the mirror Mitchell first; either order plays every "
            "match once. Both halves play the same boards: lay two copies."
        )
    spans = [dict(g.options) for g in sessions if g.family == "round-robin"]
    if len(spans) > 1 and "first_round" in spans[0]:
        parts = ", ".join(
            f"session {n} rounds {o['first_round']}-{o['last_round']}"
            for n, o in enumerate(spans, start=1)
        )
        yield (
            f"The round robin's draw split over the sessions ({parts}): every match is "
            "complete within its session."
            + (" Three teams at a time play a triangle over two rounds." if teams % 2 else "")
        )


def _assignment(play: Play, built: Built | None, label: str = "") -> Assignment:
    """``play`` as assigned: with the family that built it and the validator's figures."""
    if built is None:
        return Assignment(play, label)
    m = built.movement
    report = check(m)
    return Assignment(
        play=play,
        label=label,
        family=m.plugin,
        options=tuple(built.options.items()),
        balance=Balance(
            comparison_min=report.comparison_min,
            comparison_max=report.comparison_max,
            comparison_stdev=report.comparison_stdev,
            relay_rounds=len({r.round for r in m.relays}),
            bye_stand=any(boards for _, boards in m.bye_boards),
            sit_out_rounds=max(report.sit_outs.values(), default=0),
        ),
        sets=len(m.boards) // m.boards_per_round,
        tables=built.tables,
    )


def _title(sections: Iterable[SectionPlan], per_round: int, rounds: tuple[int, ...]) -> str:
    """``9T appendix Mitchell, then interwoven Howell + 6T Howell — 8+8 rd × 3 bds``."""
    parts = []
    for s in sections:
        names = list(dict.fromkeys(a.name for a in s.sessions))
        parts.append(f"{s.tables}T " + ", then ".join(names))
    played = "+".join(str(r) for r in rounds)
    return " + ".join(parts) + f" — {played} rd × {per_round} bds"
