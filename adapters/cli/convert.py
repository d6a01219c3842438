"""``traveller convert``: the scorer's conversion tables — points to IMPs, IMPs to VPs."""

from __future__ import annotations

from typing import Annotated

import typer

from adapters.cli.common import Desk, at_desk
from adapters.cli.wording import tr
from engine.imps import imps as imps_for
from engine.numbers import show

convert_app = typer.Typer(help="Convert point differences to IMPs and IMPs to VPs.")


def register(app: typer.Typer) -> None:
    """Add the ``convert`` group to ``app``."""
    app.add_typer(convert_app, name="convert")


@convert_app.command("imps")
@at_desk()
def convert_imps(
    desk: Desk,
    difference: Annotated[
        int, typer.Option("--difference", help="Points difference on a board (may be < 0).")
    ],
) -> None:
    """IMPs for a points difference, by the IMP table."""
    result = imps_for(difference)  # the IMP table is fixed: the store is not opened
    desk.say(
        {"imps": result},
        tr("%(points)s points = %(imps)s IMPs", points=difference, imps=result),
    )


@convert_app.command("vp")
@at_desk()
def convert_vp(
    desk: Desk,
    boards: Annotated[
        int,
        typer.Option(
            "--boards", help="Boards played in the match (or that the scale is read for)."
        ),
    ],
    imps: Annotated[int, typer.Option("--imps", help="IMP margin (< 0 for a loss).")],
    scale: Annotated[
        str,
        typer.Option(
            "--scale", help="VP scale: wbf2013, 10-0, 12-0, 20-0, 25-0, 29-0, mccallum-40, …"
        ),
    ] = "wbf2013",
) -> None:
    """VPs for an IMP margin over a match: the winner's first, then the loser's."""
    plugin = desk.registry.vp_scale(scale)
    mine, theirs = plugin.victory_points(imps, boards)
    winner, loser = (mine, theirs) if imps >= 0 else (theirs, mine)
    desk.say(
        {"winner": show(winner), "loser": show(loser)},
        tr(
            "%(imps)s IMPs over %(boards)s boards (%(scale)s): winner %(winner)s, loser %(loser)s",
            imps=f"{imps:+d}",
            boards=boards,
            scale=plugin.name,
            winner=show(winner),
            loser=show(loser),
        ),
    )
