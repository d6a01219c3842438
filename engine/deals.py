"""Hand records: the deal of each board of a session, where it came from, and its analysis.

A session's deals are recorded on the tournament (:class:`~engine.tournament.events.
DealsRecorded`): imported from a hand-record file (a PBN ``[Deal]`` tag, of a hand
record or of a results file) or generated for a club evening from a seed, which the
event keeps so the same seed deals the same cards again. A deal is written as PBN
writes it: the first seat, a colon, then the four hands clockwise, each its spades,
hearts, diamonds and clubs separated by dots (``N:AKQ2.K3.A9.5432 …``).

The double-dummy table (the tricks each seat takes as declarer in each strain) and the
par of a deal are worked out by ``endplay`` when it is installed (it is heavy, so it is
imported only when first needed); without it a deal is shown without them.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine import bridge
from engine.errors import N_, Fix, InvalidInput, Rejected
from engine.events import Changes, DomainEvent
from engine.tournament.checks import check_sessions
from engine.tournament.events import DealsRecorded
from engine.tournament.state import Tournament

SEATS = (bridge.Seat.N, bridge.Seat.E, bridge.Seat.S, bridge.Seat.W)
"""The seats clockwise from North, as a deal lists its hands."""
SUITS = ("S", "H", "D", "C")
"""The suits in the order a hand lists them."""
RANKS = "AKQJT98765432"
MOST_BOARDS = 200
"""More boards than any session plays: a generated hand record is never larger."""

_DEAL_HINT = N_(
    "Write the first seat, a colon and the four hands clockwise, each its spades, hearts, "
    "diamonds and clubs separated by dots: N:AKQ2.K3.A9.5432 …"
)


@dataclass(frozen=True)
class Deal:
    """The 52 cards of a board: each seat's hand, as four suits of rank letters (spades
    first, each suit from its highest card)."""

    hands: tuple[tuple[str, str, str, str], ...]
    """North's, East's, South's and West's hands."""

    def hand(self, seat: bridge.Seat) -> tuple[str, str, str, str]:
        return self.hands[SEATS.index(seat)]

    def pbn(self, first: bridge.Seat = bridge.Seat.N) -> str:
        """The deal as PBN writes it, from ``first`` clockwise."""
        start = SEATS.index(first)
        order = SEATS[start:] + SEATS[:start]
        return f"{first.value}:" + " ".join(".".join(self.hand(s)) for s in order)

    def to_json(self) -> dict[str, Any]:
        return {
            "pbn": self.pbn(),
            "hands": {s.value: dict(zip(SUITS, self.hand(s), strict=True)) for s in SEATS},
        }


def parse_deal(text: str) -> Deal:
    """A deal from its PBN text (any first seat; ``-`` for an unknown hand is refused:
    a hand record gives all four). Raises :class:`InvalidInput` saying what is wrong."""
    written = " ".join(text.split())
    head, colon, rest = written.partition(":")
    hands = rest.split(" ")
    if not colon or head.upper() not in ("N", "E", "S", "W") or len(hands) != 4:
        raise InvalidInput(
            N_("%(deal)s is not a deal."), hint=_DEAL_HINT, code="deal.text", deal=repr(text)
        )
    start = SEATS.index(bridge.Seat(head.upper()))
    by_seat: dict[bridge.Seat, tuple[str, str, str, str]] = {}
    seen: set[str] = set()
    for offset, written_hand in enumerate(hands):
        seat = SEATS[(start + offset) % 4]
        if written_hand == "-":
            raise InvalidInput(
                N_("%(seat)s's hand is not given (-): a hand record gives all four hands."),
                hint=_DEAL_HINT,
                code="deal.hand_missing",
                seat=seat.value,
            )
        suits = written_hand.upper().replace("10", "T").split(".")
        if len(suits) != 4 or any(r not in RANKS for suit in suits for r in suit):
            raise InvalidInput(
                N_("%(seat)s's hand %(hand)s is not four suits of cards."),
                hint=_DEAL_HINT,
                code="deal.hand",
                seat=seat.value,
                hand=repr(written_hand),
            )
        cards = [f"{s}{r}" for s, suit in zip(SUITS, suits, strict=True) for r in suit]
        twice = sorted({c for c in cards if c in seen or cards.count(c) > 1})
        if twice or len(cards) != 13:
            raise InvalidInput(
                N_("%(seat)s's hand %(hand)s does not hold 13 different cards of the deal."),
                hint=N_("Every card is dealt once: each hand holds 13, no card twice."),
                code="deal.cards",
                seat=seat.value,
                hand=repr(written_hand),
            )
        seen.update(cards)
        ordered = tuple("".join(sorted(suit, key=RANKS.index)) for suit in suits)
        by_seat[seat] = (ordered[0], ordered[1], ordered[2], ordered[3])
    return Deal(tuple(by_seat[s] for s in SEATS))


def generate(boards: Sequence[int], seed: int) -> dict[int, Deal]:
    """A deal for each of ``boards``, shuffled from ``seed``: the same seed deals every
    board the same cards again (each board its own shuffle, so the deal of board 5 does
    not depend on how many boards were generated)."""
    pack = [f"{s}{r}" for s in SUITS for r in RANKS]
    deals = {}
    for board in boards:
        cards = list(pack)
        # A text seed is hashed the same way on every machine and Python version.
        random.Random(f"traveller/deal/{seed}/{board}").shuffle(cards)
        hands: list[tuple[str, str, str, str]] = []
        for n in range(4):
            held = cards[13 * n : 13 * (n + 1)]
            suits = ["".join(c[1] for c in pack if c in held and c[0] == s) for s in SUITS]
            hands.append((suits[0], suits[1], suits[2], suits[3]))
        deals[board] = Deal(tuple(hands))
    return deals


# ---- the record ---------------------------------------------------------------------------


def session_deals(tournament: Tournament, session: int) -> dict[int, Deal]:
    """The deals recorded for ``session``, by board."""
    return {b: parse_deal(text) for b, text in tournament.deals.get(session, {}).items()}


def record_deals(
    tournament: Tournament,
    session: int,
    deals: Mapping[int, Deal],
    *,
    source: str,
    seed: int | None = None,
    replace: bool = False,
    actor: str,
) -> list[DomainEvent]:
    """The session's hand record: ``deals`` by board, from ``source`` (a file's name, or
    ``generated``) and the ``seed`` they were generated from. A board whose deal is already
    recorded keeps it unless ``replace``; the same deals again record nothing."""
    check_sessions(tournament, [session])
    if not deals:
        raise InvalidInput(
            N_("There are no deals to record."),
            hint=N_("Give a file with [Deal] tags, or the boards to deal."),
            code="deal.none",
        )
    bad = sorted(b for b in deals if b < 1)
    if bad:
        raise InvalidInput(
            N_("There is no board %(board)s."),
            hint=N_("Boards are numbered from 1."),
            code="board.number",
            board=bad[0],
        )
    known = tournament.deals.get(session, {})
    texts = {b: deals[b].pbn() for b in sorted(deals)}
    changed = sorted(b for b, text in texts.items() if b in known and known[b] != text)
    if changed and not replace:
        raise Rejected(
            N_("Session %(session)s already has other deals for boards %(boards)s."),
            hint=N_("To put the hand record right, record it again replacing those deals."),
            code="deal.recorded",
            fix=Fix(None, fields={"replace": True}),
            session=session,
            boards=", ".join(map(str, changed)),
        )
    new = {b: text for b, text in texts.items() if known.get(b) != text}
    if not new:
        return []
    changes = Changes(actor)
    changes.add(tournament, DealsRecorded, session=session, deals=new, source=source, seed=seed)
    return changes.events


# ---- analysis -----------------------------------------------------------------------------

STRAINS = ("C", "D", "H", "S", "NT")
_SOLVER = threading.Lock()


@dataclass(frozen=True)
class Analysis:
    """A deal's double-dummy table and par, on its board's vulnerability and dealer."""

    tricks: dict[str, dict[str, int]]
    """Strain → declaring seat → the tricks declarer takes double dummy."""
    par_score: int
    """The par score, North-South's."""
    par_contracts: tuple[str, ...]
    """The contracts that reach par (``4S N``, ``5DX E -2``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "tricks": self.tricks,
            "par": {"score_ns": self.par_score, "contracts": list(self.par_contracts)},
        }


def analysis_available() -> bool:
    """Whether double-dummy analysis can be done here (``endplay`` is installed)."""
    try:
        import endplay.dds  # noqa: F401 (heavy: imported only when needed)
    except ImportError:
        return False
    return True


def analyse(board: int, deal: Deal) -> Analysis | None:
    """The deal's double-dummy table and par on ``board``'s vulnerability and dealer;
    None when ``endplay`` is not installed."""
    return _analyse(board, deal.pbn())


@functools.lru_cache(maxsize=512)
def _analyse(board: int, pbn: str) -> Analysis | None:
    try:
        from endplay.dds import calc_dd_table, par  # heavy: imported only when needed
        from endplay.types import Deal as Cards
        from endplay.types import Denom, Player, Vul
    except ImportError:
        return None
    with _SOLVER:  # one deal at a time: the solver's tables are shared by its threads
        table = calc_dd_table(Cards(pbn))
    denoms = {
        "C": Denom.clubs,
        "D": Denom.diamonds,
        "H": Denom.hearts,
        "S": Denom.spades,
        "NT": Denom.nt,
    }
    players = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}
    tricks = {
        strain: {seat: int(table[denoms[strain], player]) for seat, player in players.items()}
        for strain in STRAINS
    }
    vul = {
        bridge.Vulnerability.NONE: Vul.none,
        bridge.Vulnerability.NS: Vul.ns,
        bridge.Vulnerability.EW: Vul.ew,
        bridge.Vulnerability.ALL: Vul.both,
    }[bridge.vulnerability(board)]
    with _SOLVER:
        found = par(table, vul, players[bridge.dealer(board).value])
    contracts = tuple(_contract_text(c) for c in found)
    return Analysis(tricks, int(found.score), contracts)


def _contract_text(contract: Any) -> str:
    """An endplay contract as a traveller writes it: ``4S N``, ``5DX E -2``, ``4H S +1``."""
    if not contract.level:
        return "Pass"
    strain = ("S", "H", "D", "C", "NT")[int(contract.denom)]
    doubling = {2: "X", 4: "XX"}.get(int(contract.penalty), "")
    seat = "NESW"[int(contract.declarer)]
    over = int(contract.result)
    result = "" if over == 0 else f" {over:+d}"
    return f"{contract.level}{strain}{doubling} {seat}{result}"


def hand_record(tournament: Tournament, session: int, board: int) -> dict[str, Any] | None:
    """A board's deal as a traveller shows it (with its analysis where it can be done);
    None when the session has no deal for it."""
    text = tournament.deals.get(session, {}).get(board)
    if text is None:
        return None
    deal = parse_deal(text)
    found = analyse(board, deal)
    return deal.to_json() | {"analysis": None if found is None else found.to_json()}
