"""A complete, realistic club session, played through the director's own commands.

Section A is a 7-table Mitchell of 3-board rounds; section B a 6-table Howell of
2-board rounds, with 11 pairs registered, a phantom, and a late pair who takes the
phantom's seat. Each deal has a "natural" contract and trick count; tables bid a
little higher or lower and play a trick better or worse, so the travellers look
like a real club's. Along the way the director corrects a result, gives an
adjusted score and declares a neutral board, then closes and publishes.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated
from uuid import UUID

import typer

from adapters.cli import output
from adapters.cli.common import Desk, at_desk
from adapters.cli.moments import local_zone_name
from adapters.cli.output import Format
from adapters.cli.wording import tr
from engine.application import Traveller
from engine.bridge import Seat, Strain
from engine.scoring import Award, AwardKind
from engine.section import ResultEntry
from engine.tournament import Player

NAMES = [
    "Sato Haruki",
    "Suzuki Yui",
    "Takahashi Ren",
    "Tanaka Aoi",
    "Watanabe Sora",
    "Ito Hina",
    "Yamamoto Riku",
    "Nakamura Mei",
    "Kobayashi Kaito",
    "Kato Yuna",
    "Yoshida Sota",
    "Yamada Rin",
    "Sasaki Minato",
    "Yamaguchi Saki",
    "Matsumoto Haruto",
    "Inoue Akari",
    "Kimura Yuto",
    "Hayashi Koharu",
    "Shimizu Itsuki",
    "Yamazaki Mio",
    "Mori Asahi",
    "Abe Sakura",
    "Ikeda Hinata",
    "Hashimoto Ema",
    "Margaret Hale",
    "Tom Brennan",
    "Alice Moreau",
    "Peter Lindqvist",
    "Grace Okafor",
    "David Chen",
    "Ruth Adler",
    "Samuel Price",
    "Helen Marsh",
    "Oliver Grant",
    "Nora Fischer",
    "James Whitaker",
    "Ingrid Holm",
    "Victor Reyes",
    "Clara Novak",
    "Edward Byrne",
    "Lucy Tanner",
    "Frank Ito",
    "Mary Sullivan",
    "George Park",
    "Anna Kowalski",
    "Henry Wu",
    "Julia Rossi",
    "Paul Dubois",
    "Emily Stone",
    "Arthur Bell",
    "Rose Kimura",
    "Leo Marino",
]
LEADS = [f"{s}{r}" for s in "SHDC" for r in "AKQJT98765432"]


def register(app: typer.Typer) -> None:
    """Add the ``demo`` command to ``app``."""
    app.command("demo")(demo)


@at_desk(writes=True)
def demo(desk: Desk, seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 1) -> None:
    """Play a complete simulated club session (7-table Mitchell and 6-table Howell).

    Played again into the same store, it is another event with a name of its own
    ("… #2"), and the command says so."""
    tell = None if desk.fmt is Format.json else output.console.print
    name = demo_name(seed)
    earlier = [e for e in desk.app.list_events() if e.name.startswith(name)]
    if earlier:
        name = f"{name} #{len(earlier) + 1}"
        if tell is not None:
            tell(
                tr(
                    "The store already holds %(count)s demo event(s) with seed %(seed)s "
                    "(%(ids)s); this one is %(name)r.",
                    count=len(earlier),
                    seed=seed,
                    ids=", ".join(str(e.id)[:8] for e in earlier),
                    name=name,
                )
            )
    event = play(desk.app, seed=seed, say=tell, name=name, zone=local_zone_name())
    data = desk.app.standings(event, 1).to_json()
    desk.show(data, lambda: output.standings_table(data))
    if desk.fmt is Format.table:
        short = str(event)[:8]
        output.console.print(
            "\n"
            + tr(
                "Event id %(event)s. Try: traveller board 1 --event %(short)s "
                "--section B   ·   traveller audit --event %(short)s --board 3",
                event=event,
                short=short,
            )
        )


@dataclass(frozen=True)
class Deal:
    """What a board "wants": the natural declarer, strain and trick count."""

    declarer: Seat
    strain: Strain
    tricks: int


def deal_for(rng: random.Random) -> Deal:
    declarer = rng.choice(list(Seat))
    strain = rng.choices(list(Strain), weights=[1, 1, 2, 2, 3])[0]
    tricks = max(6, min(13, round(rng.gauss(9.3, 1.4))))
    return Deal(declarer, strain, tricks)


def table_result(rng: random.Random, deal: Deal) -> tuple[str, Seat | None, int | None]:
    """The contract, declarer and tricks one table reaches on a deal."""
    if deal.tricks <= 6 and rng.random() < 0.5:
        return "PASS", None, None
    bid_tricks = deal.tricks + rng.choice([-1, 0, 0, 0, 1])
    level = max(1, min(7, bid_tricks - 6))
    game = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4}.get(deal.strain, 5)
    if level == game - 1 and rng.random() < 0.45:
        level = game  # a pushy table bids the game
    strain = deal.strain
    if rng.random() < 0.15:
        strain = rng.choice([Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS])
    declarer = deal.declarer if rng.random() < 0.8 else partner(deal.declarer)
    tricks = max(0, min(13, deal.tricks + rng.choice([-1, 0, 0, 0, 1])))
    doubled = "X" if tricks < level + 6 - 1 and rng.random() < 0.5 else ""
    return f"{level}{strain.value}{doubled}", declarer, tricks


def partner(seat: Seat) -> Seat:
    return {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}[seat]


def demo_name(seed: int) -> str:
    """The demo event's name for a seed (a second demo in one store adds " #2")."""
    return f"Weekly pairs (demo, seed {seed})"


def play(
    app: Traveller,
    *,
    seed: int = 1,
    say: Callable[[str], object] | None = None,
    name: str | None = None,
    zone: str | None = None,
) -> UUID:
    """Run the whole session and return the event id."""
    rng = random.Random(seed)
    tell: Callable[[str], object] = say or (lambda _text: None)
    names = NAMES[:]
    rng.shuffle(names)
    event = app.create_event(
        name or demo_name(seed),
        date=dt.date.today(),
        club="Traveller Bridge Club",
        zone=zone,
        sections=("A", "B"),
        actor="demo director",
    )
    tell(tr("Event %(event)s: sections A (7-table Mitchell) and B (6-table Howell)", event=event))

    def register(section: str, count: int) -> None:
        for _ in range(count):
            a, b = names.pop(), names.pop()
            app.register_entry(
                event,
                [
                    Player(name=a, member=f"{rng.randrange(10**5, 10**6)}"),
                    Player(name=b, member=f"{rng.randrange(10**5, 10**6)}"),
                ],
                section=section,
                actor="demo director",
            )

    register("A", 14)
    register("B", 11)
    app.assign_movement(
        event, "mitchell", section="A", options={"boards_per_round": 3}, actor="demo director"
    )
    howell = app.assign_movement(
        event, "howell", section="B", options={"boards_per_round": 2}, actor="demo director"
    )
    tell(tr("Section B has 11 pairs: pair %(pair)s is the phantom", pair=howell.phantom))
    register("B", 1)
    tell(tr("A late pair arrives in section B and takes the phantom's seat"))

    for section in ("A", "B"):
        state = app.section(event, 1, section)
        movement = state.movement
        assert movement is not None
        deals = {b: deal_for(rng) for b in movement.boards}
        for rnd in range(1, movement.rounds + 1):
            app.start_round(event, rnd, section=section, actor="demo director")
            for e in movement.round(rnd):
                for b in e.boards:
                    contract, declarer, tricks = table_result(rng, deals[b])
                    app.record_result(
                        event,
                        ResultEntry(
                            board=b,
                            ns=e.ns,
                            ew=e.ew,
                            contract=contract,
                            declarer=None if declarer is None else declarer.value,
                            tricks=tricks,
                            lead=rng.choice(LEADS),
                            round=rnd,
                            table=e.table,
                        ),
                        section=section,
                        actor=f"table {e.table}",
                    )
            app.end_round(event, rnd, section=section, actor="demo director")
        tell(
            tr(
                "Section %(section)s: %(rounds)s rounds played",
                section=section,
                rounds=movement.rounds,
            )
        )

    # The director's evening: a correction, an adjusted score and a neutral board.
    a = app.section(event, 1, "A")
    first = next(t.result for t in a.entries() if t.result and t.result.contract != "PASS")
    assert first is not None
    fixed = ResultEntry(
        board=first.board,
        ns=first.ns,
        ew=first.ew,
        contract=first.contract,
        declarer=first.declarer,
        tricks=max(0, (first.tricks or 7) - 1),
        round=first.round,
        table=first.table,
    )
    app.correct_result(
        event,
        fixed,
        section="A",
        actor="demo director",
        reason="EW pointed out the last trick was theirs; NS agreed",
    )
    tell(
        tr(
            "Corrected board %(board)s (NS %(ns)s v EW %(ew)s) in section A",
            board=first.board,
            ns=first.ns,
            ew=first.ew,
        )
    )
    second = [t for t in a.entries() if t.result is not None][5]
    app.adjust(
        event,
        board=second.board,
        ns=second.ns.number,
        ew=second.ew.number,
        award_ns=Award(AwardKind.AVE_MINUS),
        award_ew=Award(AwardKind.AVE_PLUS),
        reason="NS used unauthorised information after a hesitation",
        law="16B",
        section="A",
        actor="demo director",
    )
    tell(tr("Adjusted board %(board)s in section A to Ave-/Ave+ (law 16B)", board=second.board))
    howell_section = app.section(event, 1, "B")
    third = [t for t in howell_section.entries() if t.result is not None][7]
    app.adjust(
        event,
        board=third.board,
        ns=third.ns.number,
        ew=third.ew.number,
        neutral=True,
        reason="The board was found fouled at this table: not played, no one at fault",
        section="B",
        actor="demo director",
    )
    tell(
        tr(
            "Board %(board)s declared neutral for pairs %(ns)s and %(ew)s in section B",
            board=third.board,
            ns=third.ns,
            ew=third.ew,
        )
    )
    app.close_session(event, 1, actor="demo director")
    published = app.publish(event, 1, actor="demo director")
    tell(
        tr(
            "Session closed and published (%(method)s %(version)s, digest %(digest)s…)",
            method=published.method,
            version=published.method_version,
            digest=published.digest[:12],
        )
        + "\n"
    )
    return event
