"""``traveller deals …``: a session's hand record, imported from a PBN file, dealt from a
seed for a club evening, and shown with its double-dummy table and par.

A board's deal is shown on its traveller (``traveller board``) and on score cards
(``traveller card``) too, once it is recorded; the analysis needs ``endplay``
installed, and without it the deals are shown without their analysis.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, SessionOpt, at_desk
from adapters.cli.wording import tr, tr_
from adapters.files.pbn import parse_pbn
from adapters.files.reading import read_text
from engine import bridge
from engine.deals import STRAINS, hand_record
from engine.errors import InvalidFile, InvalidInput
from engine.parsing import bounds_of, number_list

deals_app = typer.Typer(help="A session's hand record: its deals.", no_args_is_help=True)

Replace = Annotated[
    bool,
    typer.Option("--replace", help="Replace the deals already recorded for these boards."),
]


def register(app: typer.Typer) -> None:
    """Add the ``deals`` group to ``app``."""
    app.add_typer(deals_app, name="deals")


@deals_app.command("import")
@at_desk(event=True, actor=True)
def deals_import(
    desk: Desk,
    file: Annotated[Path, typer.Argument(help="A PBN file: a hand record or a results file.")],
    session: SessionOpt = 1,
    replace: Replace = False,
) -> None:
    """Record the deals of a PBN file (every board's [Deal]) as the session's hand
    record: all of them, or none if any is wrong."""
    found = parse_pbn(read_text(file, fallback="latin-1"), results=False)
    if found.problems:
        raise InvalidFile(NOT_RECORDED, problems=found.problems, file=file)
    boards = desk.app.record_deals(
        desk.event,
        found.deals,
        session=session,
        source=file.name,
        replace=replace,
        actor=desk.actor,
    )
    _recorded(desk, session, boards, len(found.deals))


NOT_RECORDED = tr_("%(file)s was not recorded: nothing was written.")


@deals_app.command("generate")
@at_desk(event=True, actor=True)
def deals_generate(
    desk: Desk,
    seed: Annotated[
        int, typer.Option("--seed", help="The seed to deal from: the same seed, the same deals.")
    ],
    boards: Annotated[
        str | None,
        typer.Option("--boards", help="The boards to deal, e.g. 1-24 (default: the movement's)."),
    ] = None,
    session: SessionOpt = 1,
    replace: Replace = False,
) -> None:
    """Deal the session's boards from a seed (a club evening's hand record); the seed is
    recorded, so the same deals can be dealt again."""
    chosen = None if boards is None else board_list(boards)
    dealt = desk.app.generate_deals(
        desk.event, seed, session=session, boards=chosen, replace=replace, actor=desk.actor
    )
    _recorded(desk, session, dealt, len(chosen) if chosen else len(dealt), seed=seed)


@deals_app.command("show")
@at_desk(event=True)
def deals_show(
    desk: Desk,
    board: Annotated[
        int | None, typer.Option("--board", help="One board (default: every board).")
    ] = None,
    session: SessionOpt = 1,
) -> None:
    """The session's hand record: each board's deal, with its double-dummy table and par
    where endplay is installed."""
    tournament = desk.app.tournament(desk.event)
    recorded = sorted(desk.app.session_deals(desk.event, session))
    if board is not None:
        if board not in recorded:
            raise InvalidInput(
                tr_("Session %(session)s has no deal for board %(board)s."),
                hint=tr_("Import the hand record, or generate it from a seed."),
                session=session,
                board=board,
            )
        recorded = [board]
    shown = [{"board": b, **(hand_record(tournament, session, b) or {})} for b in recorded]

    def table() -> None:
        if not shown:
            output.console.print(tr("No deals are recorded for this session."))
        for item in shown:
            print_deal(item["board"], item)

    desk.show({"session": session, "deals": shown}, table)


def board_list(text: str) -> list[int]:
    """``--boards 1-24`` or ``1,3,5-8``: board numbers."""
    return number_list(text, "Boards", bounds_of("board"))


def _recorded(
    desk: Desk, session: int, boards: list[int], given: int, *, seed: int | None = None
) -> None:
    data: dict[str, Any] = {"session": session, "recorded": boards, "given": given}
    if seed is not None:
        data["seed"] = seed
    if boards:
        text = tr(
            "Recorded the deals of %(count)s boards for session %(session)s.",
            count=len(boards),
            session=session,
        )
    else:
        text = tr("These deals are recorded already; nothing was written.")
    desk.say(data, text)


# ---- a deal as people read it -------------------------------------------------------------

_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def print_deal(board: int, deal: dict[str, Any]) -> None:
    """A board's deal as a hand diagram, its double-dummy table and par (if analysed)."""
    hands = deal["hands"]

    def hand(seat: str) -> list[str]:
        return [f"{_SUIT_SIGNS[s]} {hands[seat][s] or '—'}" for s in ("S", "H", "D", "C")]

    pad = " " * 16
    lines = [
        tr(
            "Board %(board)s — dealer %(dealer)s, vulnerable %(vulnerability)s",
            board=board,
            dealer=bridge.dealer(board).value,
            vulnerability=bridge.vulnerability(board).value,
        )
    ]
    lines += [pad + "N  " + h if i == 0 else pad + "   " + h for i, h in enumerate(hand("N"))]
    west, east = hand("W"), hand("E")
    lines += [
        ("W  " if i == 0 else "   ") + f"{w:<26}" + ("E  " if i == 0 else "   ") + e
        for i, (w, e) in enumerate(zip(west, east, strict=True))
    ]
    lines += [pad + "S  " + h if i == 0 else pad + "   " + h for i, h in enumerate(hand("S"))]
    output.console.print("\n".join(lines), highlight=False)
    analysis = deal.get("analysis")
    if analysis is None:
        return
    grid = Table(title=tr("Double dummy: tricks"), title_justify="left")
    grid.add_column("")
    for strain in STRAINS:
        grid.add_column(strain if strain == "NT" else _SUIT_SIGNS[strain], justify="right")
    for seat in ("N", "S", "E", "W"):
        grid.add_row(seat, *(str(analysis["tricks"][s][seat]) for s in STRAINS))
    output.console.print(grid)
    output.console.print(par_text(deal), highlight=False)


def par_text(deal: dict[str, Any]) -> str:
    """A deal's par as people read it (empty when the deal was not analysed)."""
    analysis = deal.get("analysis")
    if analysis is None:
        return ""
    par = analysis["par"]
    return tr(
        "Par: %(score)s (%(contracts)s)",
        score=f"NS {par['score_ns']:+d}",
        contracts=", ".join(par["contracts"]),
    )
