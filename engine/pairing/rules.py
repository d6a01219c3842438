"""The conditions a Swiss draw keeps: the rematch rule, odd numbers, limits and tables.

JCBL part 2 ch. 6 §8 lists the rematch rules a federation event may announce (同じ相手
とは 2 度と対戦しない, 2 回までは対戦させる, 何度も対戦させる, 連続対戦はさせない) and
part 3 ch. 4 §3-2 ② the usual ones (再戦なし, 連続再戦なし, ○○ラウンドまで再戦なし, 最終
ラウンドは再戦あり); ③ the two triangles of an odd field and the limit on how often a
team plays one. :class:`PairingOptions` holds them for every pairing method: a method's
own ``Options`` extends it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, field_validator

from engine.errors import N_, InvalidInput
from engine.pairing.field import FieldKind, History


class RematchRule(BaseModel):
    """When two contestants may be drawn against each other again.

    ``max_meetings`` is the most times two contestants may be drawn together (1: never
    again; ``None``: no limit); with ``consecutive`` false they may not meet in two
    rounds running. From round ``free_from_round`` on, and in the last round when
    ``free_last_round``, any rematch is allowed."""

    model_config = ConfigDict(frozen=True)

    max_meetings: PositiveInt | None = 1
    consecutive: bool = True
    free_from_round: PositiveInt | None = None
    free_last_round: bool = False

    @property
    def restricts(self) -> bool:
        """Whether the rule forbids any rematch at all."""
        return self.max_meetings is not None or not self.consecutive

    def free_in(self, rnd: int, rounds: int | None) -> bool:
        """Whether every rematch is allowed in round ``rnd`` of an event of ``rounds``."""
        if self.free_from_round is not None and rnd >= self.free_from_round:
            return True
        return self.free_last_round and rounds is not None and rnd == rounds

    def breach(self, a: int, b: int, rnd: int, history: History, rounds: int | None) -> str | None:
        """Why drawing ``a`` against ``b`` in round ``rnd`` breaks the rule (a phrase
        such as "they met in round 2"), or ``None`` when it does not."""
        met = history.rounds_met(a, b)
        if not met or self.free_in(rnd, rounds):
            return None
        times = history.times_met(a, b)
        if self.max_meetings is not None and times >= self.max_meetings:
            when = _rounds(met)
            if self.max_meetings == 1:
                return f"they met in {when}"
            return f"they met in {when}, and may meet at most {_times(self.max_meetings)}"
        if not self.consecutive and met[-1] == rnd - 1:
            return f"they met in round {rnd - 1}, the round before"
        return None

    def describe(self) -> str:
        """The rule as the conditions of contest would state it."""
        parts: list[str] = []
        if self.max_meetings == 1:
            parts.append("no rematch")
        elif self.max_meetings is not None:
            parts.append(f"two contestants meet at most {_times(self.max_meetings)}")
        if not self.consecutive:
            parts.append("no rematch in consecutive rounds")
        if not parts:
            return "rematches allowed"
        if self.free_from_round is not None:
            parts.append(f"rematches allowed from round {self.free_from_round}")
        if self.free_last_round:
            parts.append("rematches allowed in the last round")
        return "; ".join(parts)


def _rounds(rounds: tuple[int, ...]) -> str:
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return f"rounds {', '.join(map(str, rounds[:-1]))} and {rounds[-1]}"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


RematchName = Annotated[
    Literal["none", "no-consecutive", "not-before-round", "at-most", "last-round-allowed", "any"],
    Field(
        description="when two contestants may meet again: none (never), no-consecutive (not "
        "in two rounds running), not-before-round (from rematch_round on), at-most (up to "
        "meetings times), last-round-allowed (only in the last round), any (always)"
    ),
]
"""The rematch rules by the names a director gives them: ``none`` (再戦なし: never
again), ``no-consecutive`` (連続再戦なし), ``not-before-round`` (no rematch before round
``rematch_round``: ○○ラウンドまで再戦なし with ○○ = ``rematch_round`` − 1), ``at-most``
(at most ``meetings`` times: 2 回までは対戦させる), ``last-round-allowed`` (never again
but in the last round: 最終回を除き再戦無し), ``any`` (何度も対戦させる)."""

Odd = Annotated[
    Literal["triangle", "triangle-two-rounds", "bye"],
    Field(
        description="an odd field: triangle (three play each other in one round, half the "
        "boards against each), triangle-two-rounds (a whole match against each, over two "
        "rounds) or bye"
    ),
]
"""An odd field: a triangle in one round (half the round's boards against each of the
other two), a triangle over two rounds (a whole match against each), or a bye.

Both types carry their description, so a method's ``Options`` that changes only the
default (``odd: Odd = "bye"``) keeps what ``traveller pairing list`` shows."""


class PairingOptions(BaseModel):
    """The conditions of a Swiss event that every pairing method keeps.

    ``rounds`` and ``boards_per_round`` are the event's; the rules for the last round and
    for triangles need them. ``rematch`` (with ``rematch_round`` or ``meetings``) is the
    rematch rule announced at the start (part 3 ch. 4 §3-2 ②). ``odd`` says what an odd
    field plays (③); ``triangle_limit`` is the most triangles one contestant is drawn
    into, ``bye_limit`` the most byes. ``tables``: ``leaders`` numbers the matches from
    table 1 down the standings; ``home`` plays each match at its home contestant's own
    table (``home_tables``, or the contestant's number), the higher placed being home."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    rounds: PositiveInt | None = Field(
        None, description="the rounds of the event (the last round's rules need them)"
    )
    boards_per_round: PositiveInt | None = Field(
        None, description="the boards of a match (a triangle in one round needs an even number)"
    )
    rematch: RematchName = "none"
    rematch_round: PositiveInt | None = Field(
        None, description="not-before-round: the first round in which a rematch is allowed"
    )
    meetings: int = Field(2, ge=2, description="at-most: the most times two contestants meet")
    odd: Odd = "triangle"
    triangle_limit: PositiveInt | None = Field(
        None, description="the most triangles one contestant plays (none: no limit)"
    )
    bye_limit: PositiveInt = Field(1, description="the most byes one contestant is given")
    tables: Literal["leaders", "home"] = Field(
        "leaders",
        description="where the matches sit: leaders (table 1 for the top match, on down the "
        "standings) or home (each match at its home contestant's own table)",
    )
    home_tables: dict[PositiveInt, PositiveInt] = Field(
        default_factory=dict,
        description="tables=home: contestant number → its own table, written 3:7,12:2 "
        "(a contestant not listed sits at the table of its number)",
    )

    @field_validator("home_tables", mode="before")
    @classmethod
    def _read_home_tables(cls, value: object) -> object:
        """``3:7,12:2`` as ``--option home_tables=…`` gives it: team 3 at table 7 …"""
        if not isinstance(value, str):
            return value
        tables: dict[str, str] = {}
        for part in filter(None, (p.strip() for p in value.split(","))):
            team, sep, table = part.partition(":")
            if not sep:
                raise ValueError(f"{part!r} is not NUMBER:TABLE (write home_tables=3:7,12:2)")
            tables[team.strip()] = table.strip()
        return tables

    def rule(self) -> RematchRule:
        """The rematch rule these options name."""
        match self.rematch:
            case "none":
                return RematchRule()
            case "no-consecutive":
                return RematchRule(max_meetings=None, consecutive=False)
            case "not-before-round":
                return RematchRule(free_from_round=self.rematch_round)
            case "at-most":
                return RematchRule(max_meetings=self.meetings)
            case "last-round-allowed":
                return RematchRule(free_last_round=True)
            case "any":
                return RematchRule(max_meetings=None)

    def check(self, kind: FieldKind = "teams") -> None:
        """Refuse conditions that contradict each other or the kind of event."""
        if self.rematch == "not-before-round" and self.rematch_round is None:
            raise InvalidInput(
                N_(
                    "The rematch rule 'not-before-round' needs the round from which a rematch "
                    "is allowed."
                ),
                hint=N_("Give rematch_round (for 'no rematch up to round 5', rematch_round=6)."),
                code="swiss.rematch_round",
            )
        if self.rematch == "last-round-allowed" and self.rounds is None:
            raise InvalidInput(
                N_("The rematch rule 'last-round-allowed' needs the number of rounds."),
                hint=N_("Give rounds."),
                code="swiss.rematch_rounds",
            )
        if kind == "pairs" and self.odd != "bye":
            raise InvalidInput(
                N_("Three pairs cannot play a triangle at one table."),
                hint=N_("An odd Swiss pairs field plays with a bye: give odd=bye."),
                code="swiss.pairs_triangle",
            )
        if self.odd == "triangle" and self.boards_per_round and self.boards_per_round % 2:
            raise InvalidInput(
                N_(
                    "A triangle in one round plays half the round's boards against each "
                    "opponent, so a round of %(boards)s boards cannot hold one "
                    "(part 3 ch. 4 §3-2 ③ a)."
                ),
                hint=N_("Play an even number of boards a round, or odd=triangle-two-rounds."),
                code="swiss.triangle_boards",
                boards=self.boards_per_round,
            )
        if self.odd == "triangle-two-rounds" and self.rounds and self.rounds % 2:
            raise InvalidInput(
                N_(
                    "A triangle over two rounds needs an even number of rounds; the event "
                    "has %(rounds)s (part 3 ch. 4 §3-2 ③ b)."
                ),
                hint=N_("Play an even number of rounds, or odd=triangle."),
                code="swiss.triangle_rounds",
                rounds=self.rounds,
            )
