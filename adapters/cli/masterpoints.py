"""``traveller masterpoints``: what each place of a game earns under a federation's rule."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from adapters.cli import output
from adapters.cli.common import Fmt, Store, guarded, open_app
from adapters.cli.output import Format
from engine.errors import PluginError
from engine.masterpoints import AwardScale
from engine.plugins import parse_options


def register(app: typer.Typer) -> None:
    """Add the ``masterpoints`` command to ``app``."""
    app.command("masterpoints")(masterpoints)


@guarded
def masterpoints(
    game_class: Annotated[int, typer.Option("--class", help="The game's class (JCBL: 1 to 5).")],
    contestants: Annotated[
        int,
        typer.Option("--contestants", help="Contestants ranked together: pairs, players or teams."),
    ],
    rule: Annotated[str, typer.Option("--rule", help="The masterpoint rule.")] = "jcbl",
    teams: Annotated[bool, typer.Option("--teams", help="A team game.")] = False,
    boards: Annotated[
        int | None, typer.Option("--boards", help="Team game: boards a round (B).")
    ] = None,
    vp: Annotated[
        str | None, typer.Option("--vp", help="Team game: VPs of the matches the team won (V).")
    ] = None,
    max_vp: Annotated[
        str | None, typer.Option("--max-vp", help="Team game: the most VPs a round (M).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Team game: the team's players (Pm).")
    ] = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Show the masterpoints each place earns (JCBL weekly games: the top 35 %)."""
    registry = open_app(store).registry
    plugin = registry.masterpoint_rule(rule)
    if not isinstance(plugin, AwardScale):
        scales = ", ".join(
            r.name for r in registry.masterpoint_rules() if isinstance(r, AwardScale)
        )
        raise PluginError(
            f"The {plugin.name} rule decides who may earn masterpoints; it awards none.",
            hint=f"Rules that award masterpoints: {scales or 'none'}.",
        )
    values: dict[str, Any] = {"game_class": game_class, "contestants": contestants, "teams": teams}
    record = {"boards": boards, "vp": vp, "max_vp": max_vp, "players": players}
    values |= {key: value for key, value in record.items() if value is not None}
    awards = [str(points) for points in plugin.awards(parse_options(plugin, values))]
    if fmt is Format.json:
        output.emit_json({"awards": awards})
        return
    field = f"{contestants} {'teams' if teams else 'contestants'}"
    output.rows_table(
        f"Masterpoints ({plugin.name} {plugin.version}): class {game_class}, {field}",
        [{"Place": place, "Masterpoints": points} for place, points in enumerate(awards, 1)],
        ["Place", "Masterpoints"],
    )
