"""``traveller convert``: the scorer's conversion tables — points to IMPs, IMPs to VPs."""

from __future__ import annotations

from typing import Annotated

import typer

from adapters.cli.common import Fmt, Store, guarded, open_app, say
from adapters.cli.output import Format
from engine.imps import imps as imps_for
from engine.numbers import show


def register(app: typer.Typer) -> None:
    """Mount the ``convert`` command group on ``app``."""
    convert_app = typer.Typer(help="Convert point differences to IMPs and IMPs to VPs.")
    app.add_typer(convert_app, name="convert")

    @convert_app.command("imps")
    @guarded
    def convert_imps(
        difference: Annotated[
            int, typer.Option("--difference", help="Points difference on a board (may be < 0).")
        ],
        store: Store = None,
        fmt: Fmt = Format.table,
    ) -> None:
        """IMPs for a points difference, by the IMP table."""
        del store  # the IMP table is fixed; --store is taken as by every command
        result = imps_for(difference)
        say(fmt, {"imps": result}, f"{difference} points = {result} IMPs")

    @convert_app.command("vp")
    @guarded
    def convert_vp(
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
        store: Store = None,
        fmt: Fmt = Format.table,
    ) -> None:
        """VPs for an IMP margin over a match: the winner's first, then the loser's."""
        plugin = open_app(store).registry.vp_scale(scale)
        mine, theirs = plugin.victory_points(imps, boards)
        winner, loser = (mine, theirs) if imps >= 0 else (theirs, mine)
        say(
            fmt,
            {"winner": show(winner), "loser": show(loser)},
            f"{imps:+d} IMPs over {boards} boards ({plugin.name}): "
            f"winner {show(winner)}, loser {show(loser)}",
        )
