"""What each printable page shows, as data for its template: the movement's master
sheet, guide cards, table cards and pair slips with the pairs' names, and the results'
travellers, standings and score cards.

Every figure comes from the engine (:mod:`engine.guides`, the movement's own master
sheet, the application's queries); this module only gathers them for one section and
puts the names of who sits where beside the pair numbers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal
from uuid import UUID

from engine.application import Traveller
from engine.guides import BoardSpot, TableSide, pair_slips, table_cards
from engine.movement import Movement, boards_text
from engine.seating import Pair

Kind = Literal[
    "master-sheet",
    "guide-cards",
    "table-cards",
    "pair-slips",
    "travellers",
    "standings",
    "score-cards",
]
KINDS: tuple[Kind, ...] = (
    "master-sheet",
    "guide-cards",
    "table-cards",
    "pair-slips",
    "travellers",
    "standings",
    "score-cards",
)
"""Every printable page, in the order the console lists them."""
RESULTS: frozenset[Kind] = frozenset({"travellers", "standings", "score-cards"})
"""The pages of results: shown to the public only once released (the others show the
movement and who sits where, which the venue posts anyway)."""

Names = Mapping[tuple[int, str], tuple[str, ...]]
"""(round, pair key) → the names of those sitting for the pair that round."""


@dataclass(frozen=True)
class Where:
    """The section a page is printed for."""

    app: Traveller
    event_id: UUID
    session: int
    section: str


@dataclass(frozen=True)
class Sheet:
    """A printable page: its template and what the template lays out."""

    template: str
    context: dict[str, Any]


def sheet(where: Where, kind: Kind, *, board: int | None = None, pair: str | None = None) -> Sheet:
    """The page ``kind`` of ``where``'s section (one ``board``'s traveller, one
    ``pair``'s score card or slip, if given)."""
    builders: dict[Kind, Callable[[], Sheet]] = {
        "master-sheet": lambda: master_sheet(where),
        "guide-cards": lambda: guide_cards(where),
        "table-cards": lambda: table_card_sheet(where),
        "pair-slips": lambda: slips(where, pair),
        "travellers": lambda: travellers(where, board),
        "standings": lambda: standings(where),
        "score-cards": lambda: score_cards(where, pair),
    }
    return builders[kind]()


# ---- the movement ------------------------------------------------------------------------


def movement_of(where: Where) -> Movement:
    """The section's movement (refused, with what to do, before one is assigned)."""
    found = where.app.movement_of(where.event_id, session=where.session, section=where.section)
    if found is None:
        # The seating's refusal says it in every language: no movement, nobody seated.
        where.app.seating(where.event_id, session=where.session, section=where.section)
        raise AssertionError("a section without a movement has no seating")
    return found


def seated_names(where: Where, movement: Movement) -> dict[tuple[int, str], tuple[str, ...]]:
    """Who sits for each pair each round (a substitute from the round they came in)."""
    names: dict[tuple[int, str], tuple[str, ...]] = {}
    for rnd in range(1, movement.rounds + 1):
        seating = where.app.seating(
            where.event_id, session=where.session, section=where.section, round=rnd
        )
        for t in seating.tables:
            names[rnd, t.ns] = t.names_ns
            names[rnd, t.ew] = t.names_ew
    return names


def seated_phantom(where: Where) -> str | None:
    """The pair left empty because a pair is missing (not only proposed by the
    movement), if any."""
    found = where.app.section(where.event_id, where.session, where.section).phantom
    return None if found is None else found.key


def first_names(movement: Movement, names: Names) -> dict[str, tuple[str, ...]]:
    """Each pair's names as they sit in the first round it plays."""
    out: dict[str, tuple[str, ...]] = {}
    for (_, key), seated in sorted(names.items()):
        out.setdefault(key, seated)
    return {p.key: out.get(p.key, ()) for p in movement.pairs}


def _facts(movement: Movement) -> dict[str, Any]:
    return {
        "family": movement.family,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "boards": boards_text(movement.boards),
        "description": movement.description,
    }


def master_sheet(where: Where) -> Sheet:
    """Rounds down, board sets across (as the manual prints it), and the pairs' names."""
    m = movement_of(where)
    rows = m.master_sheet()
    per = m.boards_per_round
    columns = [
        boards_text(range(m.boards[0] + i * per, m.boards[0] + (i + 1) * per))
        for i in range(len(rows[0]) if rows else 0)
    ]
    names = first_names(m, seated_names(where, m))
    phantom = seated_phantom(where)
    return Sheet(
        "print/master_sheet.html",
        {
            "movement": _facts(m),
            "columns": columns,
            "rows": rows,
            "pairs": [
                {"pair": key, "names": seated, "phantom": key == phantom}
                for key, seated in names.items()
            ],
        },
    )


def _side(side: TableSide | None) -> dict[str, Any] | None:
    """Where a pair goes next: ``None`` after the last round."""
    if side is None:
        return None
    return {"sits_out": side.sits_out, "table": side.table, "line": side.line}


def _spot(spot: BoardSpot | None) -> dict[str, Any] | None:
    """Where boards go next: ``None`` after the last round (collected)."""
    if spot is None:
        return None
    return {"stand": spot.stand.value, "tables": list(spot.tables)}


def guide_cards(where: Where) -> Sheet:
    """Each table's card: each round's pairs (with names) and boards, and where the
    pairs and boards go next."""
    m = movement_of(where)
    names = seated_names(where, m)
    cards = [
        {
            "table": card.table,
            "rounds": [
                {
                    "round": r.round,
                    "ns": r.ns.key,
                    "ew": r.ew.key,
                    "names_ns": names.get((r.round, r.ns.key), ()),
                    "names_ew": names.get((r.round, r.ew.key), ()),
                    "boards": boards_text(r.boards),
                    "arrow_switch": r.arrow_switch,
                    "ns_next": _side(r.ns_next),
                    "ew_next": _side(r.ew_next),
                    "boards_next": _spot(r.boards_next),
                }
                for r in card.rounds
            ],
        }
        for card in table_cards(m)
    ]
    return Sheet("print/guide_cards.html", {"movement": _facts(m), "cards": cards})


def _steady(moves: Iterable[Any]) -> Any:
    """The one move made after every round, or ``"varies"``."""
    seen = {repr(move): move for move in moves}
    return next(iter(seen.values())) if len(seen) == 1 else "varies"


def _stays(table: int, move: Any) -> Any:
    """``"stays"`` for pairs that sit at ``table`` every round (stationary)."""
    return "stays" if isinstance(move, dict) and move.get("table") == table else move


def table_card_sheet(where: Where) -> Sheet:
    """A card standing on each table: its number and section, the first round's pairs
    and boards, and how pairs and boards move (when they move the same way every
    round; else the guide card says it round by round)."""
    m = movement_of(where)
    names = seated_names(where, m)
    cards = []
    for card in table_cards(m):
        first = card.rounds[0]
        moving = card.rounds[:-1]
        cards.append(
            {
                "table": card.table,
                "first_round": first.round,
                "ns": first.ns.key,
                "ew": first.ew.key,
                "names_ns": names.get((first.round, first.ns.key), ()),
                "names_ew": names.get((first.round, first.ew.key), ()),
                "boards": boards_text(first.boards),
                "ns_next": _stays(card.table, _steady(_side(r.ns_next) for r in moving))
                if moving
                else None,
                "ew_next": _stays(card.table, _steady(_side(r.ew_next) for r in moving))
                if moving
                else None,
                "boards_next": _steady(_spot(r.boards_next) for r in moving) if moving else None,
            }
        )
    return Sheet("print/table_cards.html", {"movement": _facts(m), "cards": cards})


def slips(where: Where, pair: str | None) -> Sheet:
    """Each pair's movement slip (or one pair's): each round's table, seat, opponents
    with their names, and boards."""
    m = movement_of(where)
    names = seated_names(where, m)
    chosen = pair_slips(m)
    if pair is not None:
        chosen = tuple(s for s in chosen if s.pair.key == _key(pair))
        if not chosen:
            # The score card's refusal names what is wrong: not a pair, or not seated.
            where.app.score_card(where.event_id, pair, session=where.session, section=where.section)
    own = first_names(m, names)
    shown = []
    for slip in chosen:
        rounds = []
        for r in slip.rounds:
            opponent = None if r.opponent is None else r.opponent.key
            rounds.append(
                {
                    "round": r.round,
                    "table": r.seat.table,
                    "line": None if r.seat.line is None else r.seat.line.value,
                    "compass": r.compass,
                    "opponent": opponent,
                    "opponent_names": ()
                    if opponent is None
                    else names.get((r.round, opponent), ()),
                    "partner": None if r.partner is None else r.partner.key,
                    "right": None if r.right is None else r.right.key,
                    "boards": boards_text(r.boards),
                    "arrow_switch": r.arrow_switch,
                }
            )
        shown.append(
            {
                "pair": slip.pair.key,
                "names": own.get(slip.pair.key, ()),
                "phantom": slip.phantom,
                "individual": any(r.compass is not None for r in slip.rounds),
                "rounds": rounds,
            }
        )
    return Sheet("print/pair_slips.html", {"movement": _facts(m), "slips": shown})


def _key(text: str) -> str:
    """A pair as the movement keys it (``NS5``, ``5``), or the text as typed."""
    try:
        return Pair.parse(text).key
    except ValueError:
        return text


# ---- the results -----------------------------------------------------------------------


def travellers(where: Where, board: int | None) -> Sheet:
    """Every board's traveller of the section (or one board's)."""
    m = movement_of(where)
    shown = [
        where.app.traveller(
            where.event_id, b, session=where.session, section=where.section
        ).to_json()
        for b in ((board,) if board is not None else m.boards)
    ]
    return Sheet("print/travellers.html", {"travellers": shown})


def standings(where: Where) -> Sheet:
    """The session's standings, every field."""
    data = where.app.standings(where.event_id, where.session).to_json()
    return Sheet("print/standings.html", {"data": data})


def score_cards(where: Where, pair: str | None) -> Sheet:
    """Every pair's (or team's) score card of the section, or one's: the boards it
    played, the results and the points."""
    m = movement_of(where)
    phantom = seated_phantom(where)
    keys = (
        [pair]
        if pair is not None
        else [p.key for p in (m.teams if m.kind == "teams" else m.pairs) if p.key != phantom]
    )
    cards = [
        where.app.score_card(
            where.event_id, key, session=where.session, section=where.section
        ).to_json()
        for key in keys
    ]
    return Sheet("print/score_cards.html", {"cards": cards})
