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
from adapters.cli.wording import english, tr, tr_
from engine.errors import InvalidFile, InvalidInput
from engine.movement import Movement
from engine.registry import MovementFamily, Registry
from engine.registry import parse_options as plugin_options
from engine.seating import Line, Numbering, Pair
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


@dataclass(frozen=True)
class Inferred:
    """A field the file leaves out, worked out from its schedule: how, as a text of the
    cli catalog and its values."""

    template: str
    values: dict[str, Any]

    def english(self) -> str:
        """As ``--format json`` gives it (the same in every language)."""
        return english(self.template, **self.values)

    def said(self) -> str:
        """In the CLI's language."""
        return tr(self.template, **self.values)


INFERRED_FIELDS = {
    "family": tr_("name"),
    "boards_per_round": tr_("boards per round"),
}
"""The fields a movement file may leave out, as a director reads them."""


def load_movement(path: Path) -> tuple[Movement, dict[str, Inferred]]:
    """A movement from a JSON file, and the fields worked out because the file leaves them
    out (field → how it was worked out).

    The file holds ``{"family", "tables", "rounds", "boards_per_round", "schedule":
    [{"round", "table", "ns", "ew", "boards"}], "relays": [...], "sit_outs": [...]}`` and
    any other field of the movement (what ``traveller movement show --format json``
    prints). What a program that publishes movements leaves out is worked out:
    ``boards_per_round`` (when every table plays as many boards a round) and the
    numbering from the schedule, ``family`` from the file's name; and the phantom
    may be written ``8``, ``"8"``, ``"NS 8"``, ``{"number": 8, "line": "NS"}`` or
    ``[8, "NS"]`` (a Mitchell's must name its line)."""
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
    data, inferred, problems = _completed(data, family=path.stem)
    try:
        movement = Movement.model_validate(data)
    except ValidationError as exc:
        problems += [f"{_where(e['loc'])}: {e['msg']}" for e in exc.errors()]
    else:
        if movement.phantom is not None and movement.phantom not in movement.pairs:
            problems.append(
                f"phantom: pair {movement.phantom} never plays in the schedule: name a pair "
                "it seats"
            )
    if problems:
        raise InvalidFile(
            tr_("%(file)s is not a movement: %(count)s field(s) are missing or wrong."),
            code="movement_file.fields",
            file=path,
            count=len(problems),
            problems=problems,
        )
    return movement, inferred


def _completed(
    data: dict[str, Any], *, family: str
) -> tuple[dict[str, Any], dict[str, Inferred], list[str]]:
    """The file's fields with those it leaves out worked out from its schedule, what was
    worked out, and the problems that stop it (a field that cannot be worked out)."""
    data = dict(data)
    inferred: dict[str, Inferred] = {}
    problems: list[str] = []
    schedule = data.get("schedule")
    rows = [e for e in schedule if isinstance(e, dict)] if isinstance(schedule, list) else []
    if "family" not in data:
        data["family"] = family
        inferred["family"] = Inferred(tr_("%(family)s (the file's name)"), {"family": family})
    if "boards_per_round" not in data and rows:
        sizes = {len(e["boards"]) for e in rows if isinstance(e.get("boards"), list)}
        if len(sizes) == 1 and min(sizes) > 0:
            count = min(sizes)
            data["boards_per_round"] = count
            inferred["boards_per_round"] = Inferred(
                tr_("%(count)s (every table plays %(count)s boards a round)"), {"count": count}
            )
        elif sizes:
            problems.append(
                "boards_per_round: the file gives none and its tables play "
                f"{', '.join(map(str, sorted(sizes)))} boards a round: give it"
            )
    if "numbering" not in data:
        data["numbering"] = _numbering(data)
        inferred["numbering"] = Inferred(
            tr_("%(numbering)s (the file gives none)"), {"numbering": data["numbering"]}
        )
    if data.get("phantom") is not None:
        phantom, problem = _phantom(data["phantom"], str(data["numbering"]))
        if problem:
            problems.append(f"phantom: {problem}")
        else:
            data["phantom"] = phantom
    return data, inferred, problems


def _phantom(written: Any, numbering: str) -> tuple[list[Any] | None, str | None]:
    """The phantom as the movement holds it (``[number, line]``), from any way a file
    writes it, or why it cannot be read."""
    number: Any = written
    line: Any = None
    if isinstance(written, dict):
        number, line = written.get("number"), written.get("line")
    elif isinstance(written, list | tuple) and len(written) == 2:
        number, line = written
    elif isinstance(written, str):
        try:
            pair = Pair.parse(written)
        except ValueError:
            return None, f"{written!r} is not a pair: write 8, or NS8 or EW8 in a Mitchell"
        number, line = pair.number, pair.line
    if isinstance(number, str) and number.strip().isascii() and number.strip().isdigit():
        number = int(number) if len(number.strip()) <= 4 else 0  # "²" is a digit to Python
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return None, f"{written!r} is not a pair: write 8, or NS8 or EW8 in a Mitchell"
    if isinstance(line, str):
        line = line.strip().upper().replace("-", "").replace("/", "") or None
    if line not in (None, *(ln.value for ln in Line)):
        return None, f"{written!r}: the line of a pair is NS or EW"
    if numbering == Numbering.MITCHELL.value and line is None:
        return None, (
            f"in a Mitchell NS {number} and EW {number} are different pairs: "
            f'write "NS{number}" or "EW{number}"'
        )
    return [number, None if numbering == Numbering.HOWELL.value else line], None


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
        if isinstance(e, dict):  # a value that is not a number is the validation's to refuse
            rnd = e.get("round")
            for side in ("ns", "ew"):
                if isinstance(rnd, int) and isinstance(e.get(side), int):
                    seen[rnd, e[side]].add(side)
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
