"""JCBL masterpoints for weekly games, classes 1 to 5 (director manual, appendix 5)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from math import ceil
from typing import Annotated, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.errors import N_, Fix, InvalidInput
from engine.hookspecs import hookimpl
from engine.numbers import round_half_up

PLACED = Fraction(35, 100)
"""The share of the contestants that is placed (上位35%), rounded up to a whole place."""
DECAY = Fraction(7, 10)
"""Each place earns 0.7 of the one above it."""
TEAM_CAP = Fraction(1)
"""No team award exceeds 1.00 (the class 4 and 5 team tables stop there)."""
TEAM_RECORD = ("boards", "vp", "max_vp", "players")


class JcblOptions(BaseModel):
    """The game whose awards are wanted."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_class: int = Field(ge=1, le=5, description="The game's class, 1 to 5 (クラス).")
    contestants: int = Field(
        ge=2, description="Contestants ranked together: pairs, players (individual) or teams."
    )
    teams: bool = Field(
        False, description="A team game (チーム戦) rather than pairs or individual."
    )
    boards: int | None = Field(None, ge=1, description="Team game: boards a round (B).")
    vp: tuple[Annotated[Decimal, Field(ge=0)], ...] | None = Field(
        None,
        description="Team game: the VPs of the matches the team won (V) — one figure for "
        "every placed team, or each placed team's in place order.",
    )
    max_vp: Decimal | None = Field(None, gt=0, description="Team game: the most VPs a round (M).")
    players: int | None = Field(None, ge=1, description="Team game: the team's players (Pm).")

    @field_validator("vp", mode="before")
    @classmethod
    def _one_or_each(cls, value: object) -> object:
        """One figure (text or number) stands for every placed team."""
        if isinstance(value, (str, int, float, Decimal)):
            return (value,)
        return value

    @model_validator(mode="after")
    def _team_record_is_whole(self) -> Self:
        given = [name for name in TEAM_RECORD if getattr(self, name) is not None]
        if given and not self.teams:
            raise ValueError("boards, vp, max_vp and players are for a team game (teams)")
        if given and len(given) < len(TEAM_RECORD):
            missing = ", ".join(name for name in TEAM_RECORD if name not in given)
            raise ValueError(
                f"a team's record needs boards, vp, max_vp and players; missing {missing}"
            )
        return self


class Jcbl:
    """JCBL weekly-game masterpoints (appendix 5, revised 1 April 2007), classes 1 to 5.

    The top 35 % of the contestants, rounded up to a whole place, earn masterpoints;
    every player of a placed pair or team is credited with the award. In a pairs or
    individual game place n earns k × 0.01 × C × 0.7^(n−1), where k is the game's class
    and C the number of contestants. In a team game place n earns the greater of
    2k × 0.01 × C × 0.7^(n−1) and k × B × V / (100 × M × Pm) — B boards a round, V the
    VPs of the matches the team won, M the most VPs a round, Pm the team's players —
    and never more than 1.00: once first place reaches 1.00 the places below fall from
    it (1.00, 0.70, 0.49, …). Awards are rounded half up to two decimals. Games of CCG
    rating and above are scored by the JCBL office, not by this table.
    """

    name: ClassVar[str] = "jcbl"
    aliases: ClassVar[tuple[str, ...]] = ("jcbl-weekly",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = JcblOptions

    def awards(self, options: JcblOptions) -> list[Decimal]:
        """The masterpoints of 1st, 2nd, … place, one for each placed contestant."""
        k, contestants = options.game_class, options.contestants
        places = ceil(PLACED * contestants)
        if not options.teams:
            first = Fraction(k, 100) * contestants
            return [round_half_up(first * DECAY**n) for n in range(places)]
        first = min(TEAM_CAP, Fraction(2 * k, 100) * contestants)
        if options.vp is not None and len(options.vp) not in (1, places):
            raise InvalidInput(
                N_("%(given)s VP figures were given for %(places)s placed teams."),
                hint=N_("Give one VP figure for every placed team, in place order."),
                code="masterpoints.vp",
                fix=Fix(None, needs=("vp",)),
                given=len(options.vp),
                places=places,
            )
        return [
            round_half_up(min(TEAM_CAP, max(first * DECAY**n, self.team_record_award(options, n))))
            for n in range(places)
        ]

    @staticmethod
    def team_record_award(options: JcblOptions, place: int = 0) -> Fraction:
        """k × B × V / (100 × M × Pm) of the team placed ``place`` (0-based), exactly (0
        when the team's record is not given)."""
        boards, vp, max_vp, players = options.boards, options.vp, options.max_vp, options.players
        if boards is None or vp is None or max_vp is None or players is None:
            return Fraction(0)
        won = vp[place] if len(vp) > 1 else vp[0]
        return options.game_class * boards * Fraction(won) / (100 * Fraction(max_vp) * players)


@hookimpl
def traveller_register_masterpoint_rules(register: Callable[[object], None]) -> None:
    """Register the JCBL weekly-game masterpoint rule."""
    register(Jcbl())
