"""What team scoring is given: the boards of a match between two teams of four.

Each team has a home table. Its North-South pair sits there; its East-West pair plays
the same boards at the opponents' table (JCBL manual part 2 ch. 6 §2: "NS at home, EW
away"). A board's result for a team is therefore what its NS pair scored at home less
what the opponents' NS pair scored at the other table.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import N_, InvalidInput


@dataclass(frozen=True, slots=True)
class MatchBoard:
    """One board of a team match: the North-South score at each of the two tables."""

    board: int
    home_ns: int
    """NS score at the home team's table (its NS pair against the visitors' EW pair)."""
    away_ns: int
    """NS score at the visitors' table (their NS pair against the home team's EW pair)."""

    @property
    def net(self) -> int:
        """The home team's net score on the board (negative when the visitors gained)."""
        return self.home_ns - self.away_ns


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """A match (or one segment of a match) between two teams, board by board.

    A board that was not played at both tables is left out: it cannot be compared.
    """

    home: int
    away: int
    boards: tuple[MatchBoard, ...]

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise InvalidInput(
                N_("Team %(team)s cannot play a match against itself."),
                hint=N_("Give the two different team numbers of the match."),
                code="match.itself",
                team=self.home,
            )
        numbers = [b.board for b in self.boards]
        if len(set(numbers)) != len(numbers):
            raise InvalidInput(
                N_("Match %(home)s v %(away)s lists a board twice."),
                hint=N_("Give each board once, with the NS score at both tables."),
                code="match.board_twice",
                home=self.home,
                away=self.away,
            )
