"""An evening at the club as the browser tests play it: the pairs, the results each
table's players enter, the set-ups made through the API, and the movement's seating the
pages are checked against.

The results are chosen so that the standings are not all level: a board's contract and
tricks depend on the board and the table."""

from __future__ import annotations

from dataclasses import dataclass

from tests.browser.kit import Served

TABLES = 7
BOARDS_PER_ROUND = 2
ROUNDS = 7
SECTION = "/api/events/{event}/sessions/1/sections/A"

FAMILY_NAMES = (
    "Sato", "Suzuki", "Takahashi", "Tanaka", "Ito", "Watanabe", "Yamamoto",
    "Nakamura", "Kobayashi", "Kato", "Yoshida", "Yamada", "Sasaki", "Yamaguchi",
)  # fmt: skip
"""The pairs' families (entry n: "<family> Akira" and "<family> Emi"), data the pages
show as typed."""


def pair_players(number: int) -> list[dict[str, str]]:
    """Pair ``number``'s two players."""
    family = FAMILY_NAMES[number - 1]
    return [{"name": f"{family} Akira"}, {"name": f"{family} Emi"}]


@dataclass(frozen=True)
class Deal:
    """What a table enters for a board: a contract, its declarer and the tricks taken."""

    level: int
    strain: str
    """S, H, D, C or NT."""
    double: str
    """"", "X" or "XX"."""
    declarer: str
    tricks: int

    @property
    def contract(self) -> str:
        return f"{self.level}{self.strain}{self.double}"


def deal_for(board: int, table: int) -> Deal:
    """The result table ``table`` reaches on ``board``: 4♠ by North, 9 to 11 tricks, and
    now and then 3NT by East (so both sides score)."""
    if (board + table) % 4 == 0:
        return Deal(3, "NT", "", "E", 8 + (board + 2 * table) % 3)
    return Deal(4, "S", "", "N", 9 + (board * table) % 3)


def create_event(server: Served, name: str) -> str:
    """Through the API: a 7-table Mitchell of 14 pairs, two boards a round; its id."""
    event: str = server.call("POST", "/api/events", {"name": name})["id"]
    for number in range(1, 2 * TABLES + 1):
        server.call("POST", f"/api/events/{event}/entries", {"players": pair_players(number)})
    server.call(
        "POST",
        SECTION.format(event=event) + "/movement",
        {"family": "mitchell", "options": {"boards_per_round": BOARDS_PER_ROUND}},
    )
    return event


def issue_codes(server: Served, event: str) -> dict[int, str]:
    """Through the API: each table's device code."""
    return {
        table: server.call("POST", f"/api/events/{event}/devices", {"table": table})["code"]
        for table in range(1, TABLES + 1)
    }


@dataclass(frozen=True)
class Seated:
    """A table in a round, as the movement seats it (the API's seating, the oracle the
    pages are checked against)."""

    boards: list[int]
    ns: int
    ew: int
    names_ns: list[str]
    names_ew: list[str]


def seating(server: Served, event: str, rnd: int) -> dict[int, Seated]:
    """Table → who plays which boards there in round ``rnd``."""
    answer = server.call("GET", SECTION.format(event=event) + f"/rounds/{rnd}/seating")
    return {
        int(t["table"]): Seated(
            [int(b) for b in t["boards"]],
            int(str(t["ns"]).lstrip("NSEW")),
            int(str(t["ew"]).lstrip("NSEW")),
            list(t["names_ns"]),
            list(t["names_ew"]),
        )
        for t in answer["tables"]
    }
