"""``traveller fouled`` and ``traveller assign``: a fouled board, a weighted assigned score."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated

import typer

from adapters.cli.common import (
    EW,
    NS,
    Actor,
    Board,
    EventOpt,
    Fmt,
    NumberingOpt,
    Reason,
    SectionOpt,
    SessionOpt,
    Store,
    actor_name,
    guarded,
    open_app,
    say,
)
from adapters.cli.output import Format
from engine.errors import InvalidInput


def register(app: typer.Typer) -> None:
    """Add the ``fouled`` and ``assign`` commands to ``app``."""
    app.command("fouled")(fouled)
    app.command("assign")(assign)


@guarded
def fouled(
    event: EventOpt,
    board: Board,
    group: Annotated[
        list[str],
        typer.Option(
            "--group",
            help="The NS pairs that played one version of the board: 1,3,5 or 1-8. "
            "Give one --group per version.",
        ),
    ],
    reason: Reason = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Declare a board fouled: which tables played each version of its hands."""
    a = open_app(store)
    groups = a.declare_fouled(
        a.resolve_event(event),
        board=board,
        groups=[parse_group(text) for text in group],
        reason=reason or "",
        session=session,
        section=section,
        actor=actor_name(actor),
    )
    shown = " | ".join(", ".join(str(n) for n in g) for g in groups)
    say(
        fmt,
        {"board": board, "groups": [list(g) for g in groups]},
        f"Board {board} fouled; versions played by NS {shown}.",
    )


@guarded
def assign(
    event: EventOpt,
    board: Board,
    ns: NS,
    ew: EW,
    score: Annotated[
        list[str],
        typer.Option(
            "--score",
            help="WEIGHT:NS-SCORE, such as 2/3:420; give one per result, the weights adding "
            "up to 1.",
        ),
    ],
    reason: Reason = None,
    law: Annotated[str | None, typer.Option("--law", help="The law applied.")] = "12C1c",
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Give a table a weighted assigned score (law 12C1(c)): several results by weight."""
    a = open_app(store)
    outcomes = [parse_weighted(text) for text in score]
    a.assign_score(
        a.resolve_event(event),
        board=board,
        ns=ns,
        ew=ew,
        outcomes=outcomes,
        reason=reason or "",
        law=law,
        numbering=numbering,
        session=session,
        section=section,
        actor=actor_name(actor),
    )
    shown = " + ".join(f"{w} of {s:+d}" for w, s in outcomes)
    say(
        fmt,
        {
            "board": board,
            "ns": ns,
            "ew": ew,
            "outcomes": [[str(w), s] for w, s in outcomes],
            "law": law,
        },
        f"Board {board}, NS {ns} v EW {ew}: {shown} for NS.",
    )


def parse_group(text: str) -> list[int]:
    """``1,3,5`` or ``1-8`` (or both, ``1-4,9``): the NS pair numbers of a group."""
    numbers: list[int] = []
    try:
        for part in text.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            low, high = int(first), int(last if dash else first)
            if low > high:
                raise ValueError(part)
            numbers += range(low, high + 1)
    except ValueError:
        raise InvalidInput(
            f"{text!r} is not a group of NS pair numbers.",
            hint="Write the numbers with commas, such as 1,3,5, or a range such as 1-8.",
        ) from None
    return numbers


def parse_weighted(text: str) -> tuple[Fraction, int]:
    """``2/3:420`` → (⅔, 420): a weight (a fraction or a decimal) and an NS score."""
    weight, colon, score = text.partition(":")
    try:
        if not colon:
            raise ValueError(text)
        return Fraction(weight.strip()), int(score.strip())
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(
            f"{text!r} is not a weighted score.",
            hint="Write WEIGHT:NS-SCORE, such as 2/3:420 or 0.25:-50.",
        ) from None
