"""What the installed plugins offer, and the calculators a director looks things up with:
the movement families (a movement's master sheet without assigning it, a movement file
checked), the scoring methods, pairing methods and carry-over rules with their options,
and the IMP and VP tables. Public: nothing of any event is read."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from adapters.http.api.common import App
from engine.imps import imps as imps_for
from engine.movement import Movement
from engine.numbers import show
from engine.registry import describe, options_from_text, parse_options
from engine.section.checks import validated
from engine.validator import check

router = APIRouter(tags=["catalog"])

OptionQuery = Annotated[
    list[str] | None,
    Query(description="A plugin option KEY=VALUE (repeat for several), as --option in the CLI."),
]


@router.get("/movements")
def movement_families(app: App) -> list[dict[str, Any]]:
    """The movement families the installed plugins offer, with their options."""
    return describe(app.registry.movements())


@router.get("/movements/{family}")
def movement(
    family: str,
    app: App,
    tables: Annotated[int, Query(ge=1, le=200, description="Number of tables.")],
    option: OptionQuery = None,
) -> dict[str, Any]:
    """A family's movement for so many tables, checked (its master sheet as data), without
    assigning it to any section."""
    plugin = app.registry.movement(family)
    built = plugin.build(tables, parse_options(plugin, options_from_text(option)))
    answer: dict[str, Any] = validated(built, plugin).to_json()
    return answer


@router.post("/movements/check")
def check_movement(movement: Movement) -> dict[str, Any]:
    """A movement (as ``/movements/{family}`` gives it, or written by hand) checked against
    the rules of duplicate play: its problems, notes and figures."""
    return {"numbering": movement.numbering.value, **check(movement).to_json()}


@router.get("/scoring-methods")
def scoring_methods(app: App) -> list[dict[str, Any]]:
    """The scoring methods the installed plugins offer, with their options."""
    return describe(sorted(app.registry.scoring_methods(), key=lambda m: m.name))


@router.get("/conventions")
def conventions(app: App) -> list[dict[str, Any]]:
    """The convention profiles the installed plugins offer: each a named set of scoring
    options, with where each value comes from."""
    return [c.to_json() for c in sorted(app.registry.conventions(), key=lambda c: c.name)]


@router.get("/pairing-methods")
def pairing_methods(app: App) -> list[dict[str, Any]]:
    """The Swiss pairing methods the installed plugins offer, with their options."""
    return describe(sorted(app.registry.pairing_methods(), key=lambda m: m.name))


@router.get("/carry-over-rules")
def carry_over_rules(app: App) -> list[dict[str, Any]]:
    """The carry-over rules (qualifying stage → final) the installed plugins offer."""
    return describe(sorted(app.registry.carry_over_rules(), key=lambda r: r.name))


@router.get("/convert/imps")
def convert_imps(
    difference: Annotated[int, Query(description="Points difference on a board (may be < 0).")],
) -> dict[str, Any]:
    """IMPs for a points difference, by the IMP table."""
    return {"difference": difference, "imps": imps_for(difference)}


@router.get("/convert/vp")
def convert_vp(
    app: App,
    boards: Annotated[int, Query(ge=1, description="Boards played in the match.")],
    imps: Annotated[int, Query(description="IMP margin (< 0 for a loss).")],
    scale: Annotated[str, Query(description="VP scale: wbf2013, 20-0, mccallum-40, …")] = "wbf2013",
) -> dict[str, Any]:
    """VPs for an IMP margin over a match: the winner's and the loser's."""
    plugin = app.registry.vp_scale(scale)
    mine, theirs = plugin.victory_points(imps, boards)
    winner, loser = (mine, theirs) if imps >= 0 else (theirs, mine)
    return {"scale": plugin.name, "winner": show(winner), "loser": show(loser)}
