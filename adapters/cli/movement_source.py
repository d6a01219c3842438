"""A movement as a command names it: a family built for a number of tables, or a JSON file.

``movement show`` builds a family's movement; ``movement check`` reads a file; the guide
cards, slips and placement (:mod:`adapters.cli.guide_cards`) take either
(:class:`MovementSource`).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError

from adapters.cli.common import OptionOpt, parse_options
from adapters.cli.wording import tr_
from engine.errors import InvalidFile, InvalidInput
from engine.movement import Movement
from engine.registry import MovementFamily, Registry
from engine.registry import parse_options as plugin_options
from engine.seating import Numbering
from engine.section.checks import validated

Tables = Annotated[int | None, typer.Option("--tables", help="Number of tables (for a family).")]
Rounds = Annotated[
    int | None,
    typer.Option("--rounds", min=1, help="Rounds to play (the family's rounds option)."),
]
BoardsPerRound = Annotated[int | None, typer.Option("--boards-per-round")]


@dataclass(frozen=True)
class MovementSource:
    """A family and its size and options, or a movement JSON file: what the guide cards,
    slips and placement are printed from."""

    source: Annotated[
        str, typer.Argument(help="A family (mitchell, howell, …) or a movement JSON file.")
    ]
    tables: Tables = None
    rounds: Rounds = None
    boards_per_round: BoardsPerRound = None
    option: OptionOpt = None

    def movement(self, registry: Registry) -> Movement:
        """A family's movement for ``tables`` (as ``movement show`` builds it), or a JSON
        file's."""
        if self.source.lower().endswith(".json"):
            return load_movement(Path(self.source))[0]
        if self.tables is None:
            raise InvalidInput(
                tr_("Give the number of tables for the %(family)s movement."),
                hint=tr_("Write e.g. traveller movement cards %(family)s --tables 7."),
                family=self.source,
            )
        return built(
            registry,
            self.source,
            self.tables,
            self.option,
            rounds=self.rounds,
            boards_per_round=self.boards_per_round,
        )


def load_movement(path: Path) -> tuple[Movement, str | None]:
    """A movement from a JSON file, and how its numbering was decided when the file has none.

    The file holds ``{"family", "tables", "rounds", "boards_per_round", "schedule":
    [{"round", "table", "ns", "ew", "boards"}], "relays": [...], "sit_outs": [...]}`` and
    any other field of the movement (what ``traveller movement show --format json``
    prints)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(
            tr_("%(file)s cannot be read: %(why)s."),
            hint=tr_("Check the file name."),
            file=path,
            why=exc.strerror or exc,
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidFile(
            tr_("%(file)s is not JSON, so no movement was read."),
            file=path,
            problems=[f"line {exc.lineno}, column {exc.colno}: {exc.msg}"],
        ) from None
    if not isinstance(data, dict):
        raise InvalidFile(
            tr_("%(file)s holds a JSON %(kind)s, not a movement."),
            file=path,
            kind=type(data).__name__,
            problems=['write one object: {"family": …, "tables": …, "schedule": [...]}'],
        )
    guessed = None
    if "numbering" not in data:
        guessed = _numbering(data)
        data = {**data, "numbering": guessed}
    try:
        movement = Movement.model_validate(data)
    except ValidationError as exc:
        raise InvalidFile(
            tr_("%(file)s is not a movement: %(count)s field(s) are missing or wrong."),
            file=path,
            count=exc.error_count(),
            problems=[f"{_where(e['loc'])}: {e['msg']}" for e in exc.errors()],
        ) from None
    return movement, None if guessed is None else f"{guessed} (the file gives none)"


def _numbering(data: dict[str, Any]) -> str:
    """Mitchell when a number sits NS at one table and EW at another in the same round (so
    NS and EW are numbered apart), or the family says so; otherwise one series (Howell)."""
    family = str(data.get("family", "")).lower()
    if "howell" in family:
        return Numbering.HOWELL.value
    if "mitchell" in family:
        return Numbering.MITCHELL.value
    seen: dict[tuple[Any, Any], set[str]] = defaultdict(set)
    schedule = data.get("schedule")
    for e in schedule if isinstance(schedule, list) else []:
        if isinstance(e, dict):
            seen[e.get("round"), e.get("ns")].add("ns")
            seen[e.get("round"), e.get("ew")].add("ew")
    both = any(len(sides) == 2 for sides in seen.values())
    return (Numbering.MITCHELL if both else Numbering.HOWELL).value


def _where(loc: tuple[int | str, ...]) -> str:
    """``schedule[3].boards`` for pydantic's ``("schedule", 3, "boards")``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "movement"


def built(
    registry: Registry,
    family: str,
    tables: int,
    option: list[str] | None,
    *,
    rounds: int | None = None,
    boards_per_round: int | None = None,
) -> Movement:
    """The family's movement for ``tables`` tables, checked: ``--option KEY=VALUE`` as the
    family's options, ``--rounds`` as its ``rounds`` and ``--boards-per-round`` as its
    ``boards_per_round``."""
    plugin = registry.movement(family)
    options = parse_options(option)
    if rounds is not None:
        _takes(plugin, "rounds", "--rounds")
        options["rounds"] = rounds
    if boards_per_round is not None:
        options["boards_per_round"] = boards_per_round
    return validated(plugin.build(tables, plugin_options(plugin, options)), plugin)


def _takes(plugin: MovementFamily, option: str, flag: str) -> None:
    """Refuse ``flag`` for a family that has no ``option`` to pass it to."""
    fields = plugin.Options.model_fields
    if option not in fields:
        raise InvalidInput(
            tr_(
                "The %(family)s movement has no %(option)s option, so %(flag)s cannot be given "
                "for it."
            ),
            hint=tr_("Options it takes: %(options)s (as --option KEY=VALUE)."),
            family=plugin.name,
            option=option,
            flag=flag,
            options=", ".join(fields) or "none",
        )
