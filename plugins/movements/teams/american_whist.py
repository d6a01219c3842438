"""American Whist (AWL) team movements: JCBL manual part 2 ch. 6 §11-3 to §11-7, and the
club-director guide's AMERICAN WHIST.

Each team has a home table; its NS pair stays there and its EW pair moves. In the
manual's layout the EW pairs skip down two tables and the boards go down one ("Boards
Down, E-W Pairs Skip Down"); the guide runs it the other way (EW up two, boards up one).
A team's two pairs meet the same opposing team in two different rounds on the same set
of boards, one sitting NS and the other EW, so every board of a match is compared.

A round is described by where a set is: in it set ``s`` is played at table ``s + x``
against EW pair ``s + y`` (counting round the tables). Rounds ``(x, y)`` and ``(y, x)``
play the two halves of the same matches.

- **Odd number of teams** (figure 21): ``teams - 1`` rounds, round ``r`` is ``(-r, r)``; it
  pairs with round ``teams - r``. Curtailing drops such pairs of rounds (§11-6: leave out
  one and its partner's matches mean nothing), so the movement lists them as
  ``curtail_groups`` (figure 21: rounds 1 and 8, 2 and 7, …). The ``matches`` option
  builds the guide's curtailed form: the outermost pairs go first and the EW pairs make
  one longer move at the start. Two sessions (figure 23) play the outer pairs in the
  first session and the inner ones in the second.
- **Even number of teams** (figure 22; ``h`` = teams/2, ``a = (h - 1) // 2``, ``b = h // 2``):
  a block of even distances ``(-1, 1) … (-a, a)``, a crossover (the EW pairs carry the
  boards they have just played to their home table), the same rounds reversed; then the
  boards are placed again for a block of odd distances ``(-(a+1), a+2) … (-(a+b), a+b+1)``
  and its reverse; last, a relay round in which teams ``c`` and ``c + h`` play a set of
  their own, shared by their two tables. Play may stop after each block
  (``curtail_after``); the only round that may be left out is the relay round (§11-6),
  its one ``curtail_groups`` entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Movement,
    board_set,
    hookimpl,
    validate,
)
from engine.errors import N_
from plugins.movements.teams.common import SessionBoards, on_circle, teams_movement

Direction = Literal["down", "up"]


class AmericanWhistOptions(SessionBoards):
    """How an American Whist is played."""

    direction: Direction = Field(
        default="down",
        description=(
            "down: EW down two tables, boards down one (the JCBL figures); up: EW up two, "
            "boards up one (the guide's)."
        ),
    )
    matches: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Play fewer matches (curtail): with an odd number of teams, teams - 1 less an "
            "even number; with an even number, teams - 2 leaves out the relay round."
        ),
    )
    session: int | None = Field(
        default=None,
        ge=1,
        le=2,
        description="Split an odd number of teams over two sessions and build this one (1 or 2).",
    )
    first_session_pairs: int | None = Field(
        default=None,
        ge=1,
        description=(
            "With session: how many pairs of rounds the first session plays, from the "
            "outside in (figure 23: 4, rounds 1-4 and 11-14); by default half, rounded up."
        ),
    )


@dataclass(frozen=True, slots=True)
class _Round:
    """A round of the full movement: set ``s`` at table ``s + x`` against EW ``s + y``."""

    x: int = 0
    y: int = 0
    relay: bool = False
    """The even movement's last round: tables ``c`` and ``c + teams/2`` share a set of their own."""


_RELAY = _Round(relay=True)


class AmericanWhist:
    """American Whist (アメリカン・ホイスト・リーグ, AWL): every team meets every other once.

    Each team has a home table; its NS pair stays, its EW pair skips two tables a round
    and the boards move one, so that a team's two pairs play the same boards against the
    same team, one NS and the other EW. An odd number of teams plays teams - 1 rounds
    (curtailed by pairs of rounds, the EW pairs making a longer first move; or split
    over two sessions). An even number of teams plays the manual's figure-22 movement:
    a crossover after a quarter of the rounds, the boards placed again at half way, and
    a last round in which pairs of tables share a set of their own (the relay round,
    which may be left out).
    """

    name: ClassVar[str] = "american-whist"
    aliases: ClassVar[tuple[str, ...]] = ("awl", "american-whist-league")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = AmericanWhistOptions

    def build(self, tables: int, options: AmericanWhistOptions | None = None) -> Movement:
        """The American Whist for ``tables`` teams (one home table each)."""
        return validate(american_whist(tables, options or AmericanWhistOptions()))


def american_whist(teams: int, opts: AmericanWhistOptions) -> Movement:
    """The movement, not yet validated (the even movement's relay round plays its sets
    fewer times than the rest, which the validator reports)."""
    rounds = _odd_rounds(teams, opts) if teams % 2 else _even_rounds(teams, opts)
    per_round = opts.per_round(len(rounds))
    schedule: list[Encounter] = []
    for number, rnd in enumerate(rounds, start=1):
        for table, ew, set_number in _seats(teams, rnd, opts.direction):
            boards = board_set(set_number, per_round, opts.first_board)
            schedule.append(Encounter(round=number, table=table, ns=table, ew=ew, boards=boards))
    return teams_movement(
        AmericanWhist.name,
        AmericanWhist.version,
        tables=teams,
        rounds=len(rounds),
        boards_per_round=per_round,
        schedule=schedule,
        description=_describe(teams, len(rounds), per_round, opts),
        curtail_groups=_curtail_groups(teams, rounds),
    )


def _odd_rounds(teams: int, opts: AmericanWhistOptions) -> list[_Round]:
    """The rounds an odd number of teams plays.

    Curtailed, the sets are numbered as if the movement began at its first round played
    (the guide: pre-dealt set ``t`` on table ``t``): round ``r`` becomes ``(k - r, k + r)``
    when ``k`` pairs are dropped. A session keeps the full movement's numbers (figure 23)."""
    if teams < 3:
        raise InvalidMovement(
            N_("An American Whist needs at least 3 teams, not %(teams)s."),
            hint=N_("Add teams."),
            code="american_whist.teams",
            teams=teams,
        )
    full = teams - 1
    pairs = full // 2
    if opts.session is not None:
        if opts.matches is not None:
            raise InvalidMovement(
                N_("Give either matches (curtail) or session (two sessions), not both."),
                hint=N_("Leave one of them out."),
                code="american_whist.matches_and_session",
            )
        if pairs < 2:
            raise InvalidMovement(
                N_(
                    "A %(teams)s-team American Whist has one pair of rounds; it cannot be split "
                    "over two sessions."
                ),
                hint=N_("Play it in one session, or play it again in the second."),
                code="american_whist.split_small",
                teams=teams,
            )
        first = opts.first_session_pairs or (pairs + 1) // 2
        if not 1 <= first < pairs:
            raise InvalidMovement(
                N_(
                    "The first session of a %(teams)s-team American Whist plays between 1 and "
                    "%(most)s of its %(pairs)s pairs of rounds, not %(first)s."
                ),
                hint=N_("Give first_session_pairs from 1 to %(most)s."),
                code="american_whist.first_session",
                teams=teams,
                most=pairs - 1,
                pairs=pairs,
                first=first,
            )
        outer = [*range(1, first + 1), *range(teams - first, teams)]
        kept = outer if opts.session == 1 else list(range(first + 1, teams - first))
        return [_Round(-r, r) for r in kept]
    matches = full if opts.matches is None else opts.matches
    if matches > full or (full - matches) % 2:
        raise InvalidMovement(
            N_(
                "A %(teams)s-team American Whist plays %(full)s matches, or fewer by pairs of "
                "rounds; %(matches)s is not one of them."
            ),
            hint=N_("Give matches as %(choices)s."),
            code="american_whist.matches",
            teams=teams,
            full=full,
            matches=matches,
            choices=", ".join(str(m) for m in range(full, 0, -2)),
        )
    dropped = (full - matches) // 2
    return [_Round(dropped - r, dropped + r) for r in range(dropped + 1, teams - dropped)]


def _even_rounds(teams: int, opts: AmericanWhistOptions) -> list[_Round]:
    """Figure 22's rounds for an even number of teams (and the relay round)."""
    if teams < 4:
        raise InvalidMovement(
            N_("An American Whist for an even number of teams needs at least 4, not %(teams)s."),
            hint=N_("Add teams."),
            code="american_whist.teams",
            teams=teams,
        )
    if opts.session is not None:
        raise InvalidMovement(
            N_("Only an odd number of teams can split an American Whist over two sessions."),
            hint=N_("Leave session out, or stop after a block of rounds (curtail_after)."),
            code="american_whist.split_even",
        )
    half = teams // 2
    a, b = (half - 1) // 2, half // 2
    even = [_Round(-i, i) for i in range(1, a + 1)]
    odd = [_Round(-(a + i), a + i + 1) for i in range(1, b + 1)]
    rounds: list[_Round] = [
        *even,
        *(_Round(r.y, r.x) for r in reversed(even)),
        *odd,
        *(_Round(r.y, r.x) for r in reversed(odd)),
        _RELAY,
    ]
    matches = len(rounds) if opts.matches is None else opts.matches
    if matches not in (len(rounds), len(rounds) - 1):
        raise InvalidMovement(
            N_(
                "A %(teams)s-team American Whist plays %(full)s matches, or "
                "%(short)s without the relay round; not %(matches)s."
            ),
            hint=N_("Give matches as %(full)s or %(short)s."),
            code="american_whist.matches",
            teams=teams,
            full=len(rounds),
            short=len(rounds) - 1,
            matches=matches,
        )
    return rounds[:matches]


def _curtail_groups(teams: int, rounds: list[_Round]) -> tuple[tuple[int, ...], ...]:
    """The rounds that may be left out together (JCBL part 2 ch. 6 §11-6).

    With an odd number of teams rounds ``(x, y)`` and ``(y, x)`` (counted round the
    tables) play the two halves of the same matches: leaving out one makes the other's
    meaningless, so the two go together (figure 21: rounds 1 and 8, 2 and 7, …). With an
    even number only the relay round may be left out. None when one group would be the
    whole session (3 teams)."""
    numbered = list(enumerate(rounds, start=1))
    groups: list[tuple[int, ...]]
    if teams % 2 == 0:
        groups = [(number,) for number, rnd in numbered if rnd.relay]
    else:
        where = {(rnd.x % teams, rnd.y % teams): number for number, rnd in numbered}
        partner = {number: where[rnd.y % teams, rnd.x % teams] for number, rnd in numbered}
        groups = [(number, partner[number]) for number, _ in numbered if number < partner[number]]
    if any(len(group) == len(rounds) for group in groups):
        return ()
    return tuple(groups)


def _seats(teams: int, rnd: _Round, direction: Direction) -> list[tuple[int, int, int]]:
    """(table, EW team, set) at every table of a round."""

    if rnd.relay:
        half = teams // 2
        return [
            seat
            for c in range(1, half + 1)
            for seat in ((c, c + half, teams + c), (c + half, c, teams + c))
        ]
    # The guide's layout is the manual's seen in a mirror: table t ↔ -t, set s ↔ 1 - s.
    x, y = (rnd.x, rnd.y) if direction == "down" else (-rnd.x - 1, -rnd.y - 1)
    return [(on_circle(s + x, teams), on_circle(s + y, teams), s) for s in range(1, teams + 1)]


def _describe(teams: int, rounds: int, per_round: int, opts: AmericanWhistOptions) -> str:
    moves = (
        "EW down two tables, boards down one"
        if opts.direction == "down"
        else "EW up two tables, boards up one"
    )
    extra = ""
    if opts.session is not None:
        extra = f"; session {opts.session} of two"
    elif teams % 2 == 0:
        block = (teams // 2 - 1) // 2
        if block:
            extra = f"; crossover after round {block}, boards placed again after round {2 * block}"
        if rounds == teams - 1:
            extra += f"; last round: tables t and t + {teams // 2} share a set"
    elif rounds < teams - 1:
        extra = f"; curtailed to {rounds} matches"
    return (
        f"American Whist, {teams} teams: {rounds} rounds of {per_round} boards, NS stay, "
        f"{moves}{extra}."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the American Whist."""
    register(AmericanWhist())
