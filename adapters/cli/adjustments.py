"""``traveller adjust``, ``fouled`` and ``assign``: an adjusted score (Ave+, a percentage, a
neutral board), a fouled board, an assigned score (weighted or split)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Annotated

import typer

from adapters.cli.common import (
    EW,
    NS,
    Board,
    Desk,
    NumberingOpt,
    Reason,
    SectionOpt,
    SessionOpt,
    at_desk,
)
from adapters.cli.wording import tr, tr_
from engine.errors import InvalidInput
from engine.parsing import bounds_of, number_list, whole_number
from engine.scoring import Award, shown_blend


def register(app: typer.Typer) -> None:
    """Add the ``adjust``, ``fouled`` and ``assign`` commands to ``app``."""
    app.command("adjust")(adjust)
    app.command("fouled")(fouled)
    app.command("assign")(assign)


Law = Annotated[str | None, typer.Option("--law", help="The law applied, e.g. 12C2.")]


@at_desk(event=True, actor=True)
def adjust(
    desk: Desk,
    board: Board,
    ns: NS,
    ew: EW,
    reason: Reason = None,
    ns_score: Annotated[
        str | None, typer.Option("--ns-score", help="A+, A, A- or A60 style percentage for NS.")
    ] = None,
    ew_score: Annotated[str | None, typer.Option("--ew-score", help="The same for EW.")] = None,
    neutral: Annotated[
        bool, typer.Option("--neutral", help="Not played through no one's fault.")
    ] = False,
    law: Law = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Assign an adjusted score (Ave+/Ave/Ave−, a percentage) or declare a board neutral."""
    desk.app.adjust(
        desk.event,
        board=board,
        ns=ns,
        ew=ew,
        award_ns=awarded(ns_score),
        award_ew=awarded(ew_score),
        neutral=neutral,
        reason=reason or "",
        law=law,
        numbering=numbering,
        session=session,
        section=section,
        actor=desk.actor,
    )
    what = "neutral" if neutral else f"{ns_score}/{ew_score}"
    desk.say(
        {"board": board, "ns": ns, "ew": ew, "adjusted": what},
        tr(
            "Board %(board)s, NS %(ns)s v EW %(ew)s: %(what)s.",
            board=board,
            ns=ns,
            ew=ew,
            what=tr("neutral") if neutral else what,
        ),
    )


def awarded(text: str | None) -> Award | None:
    """``--ns-score A+`` as an artificial score (none when not given)."""
    return None if text is None else Award.parse(text)


@at_desk(event=True, actor=True)
def fouled(
    desk: Desk,
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
    law: Law = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Declare a board fouled: which tables played each version of its hands."""
    groups = desk.app.declare_fouled(
        desk.event,
        board=board,
        groups=[parse_group(text) for text in group],
        reason=reason or "",
        law=law,
        session=session,
        section=section,
        actor=desk.actor,
    )
    shown = " | ".join(", ".join(str(n) for n in g) for g in groups)
    desk.say(
        {"board": board, "groups": [list(g) for g in groups]},
        tr("Board %(board)s fouled; versions played by NS %(groups)s.", board=board, groups=shown),
    )


@at_desk(event=True, actor=True)
def assign(
    desk: Desk,
    board: Board,
    ns: NS,
    ew: EW,
    score: Annotated[
        list[str] | None,
        typer.Option(
            "--score",
            "--ns-score",
            help="The assigned NS score, such as 420 or -50; weighted, WEIGHT:NS-SCORE such as "
            "2/3:420, one per result, the weights adding up to 1. With --ew-score, the score "
            "North-South are given.",
        ),
    ] = None,
    ew_score: Annotated[
        list[str] | None,
        typer.Option(
            "--ew-score",
            help="A split score: what East-West are given, as EW's own score (EW -450 is "
            "-450), or weighted, WEIGHT:EW-SCORE. The two sides need not balance.",
        ),
    ] = None,
    reason: Reason = None,
    law: Annotated[
        str | None,
        typer.Option(
            "--law",
            help="The law applied (default 12C1c for a weighted score, 12C otherwise).",
            show_default=False,
        ),
    ] = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Give a table an assigned score (law 12C): one result, several by weight (law
    12C1(c)), or each side its own (a split score: --ns-score 420 --ew-score -450)."""
    if not score:
        raise InvalidInput(
            tr_("Give the assigned score with --score (or --ns-score)."),
            hint=tr_(
                "For example --score 420, --score 2/3:420 --score 1/3:-50, or a split "
                "score --ns-score 420 --ew-score -450."
            ),
        )
    outcomes = [parse_weighted(text) for text in score]
    # EW's own scores are stored as NS scores, as every score of a traveller is.
    outcomes_ew = None if not ew_score else [(w, -s) for w, s in map(parse_weighted, ew_score)]
    recorded = desk.app.assign_score(
        desk.event,
        board=board,
        ns=ns,
        ew=ew,
        outcomes=outcomes,
        outcomes_ew=outcomes_ew,
        reason=reason or "",
        law=law,
        numbering=numbering,
        session=session,
        section=section,
        actor=desk.actor,
    )
    weighted = tuple((Fraction(w), s) for w, s in recorded.outcomes)
    if recorded.outcomes_ew is None:
        shown = tr("%(score)s for NS", score=shown_blend(weighted))
    else:
        split_ew = tuple((Fraction(w), s) for w, s in recorded.outcomes_ew)
        shown = tr(
            "NS %(ns)s / EW %(ew)s (split)",
            ns=shown_blend(weighted),
            ew=shown_blend(split_ew, ew=True),
        )
    desk.say(
        {
            "board": board,
            "ns": ns,
            "ew": ew,
            "outcomes": [list(o) for o in recorded.outcomes],
            "outcomes_ew": None
            if recorded.outcomes_ew is None
            else [list(o) for o in recorded.outcomes_ew],
            "law": recorded.law,
        },
        tr(
            "Board %(board)s, NS %(ns)s v EW %(ew)s: %(what)s.",
            board=board,
            ns=ns,
            ew=ew,
            what=shown,
        ),
    )


def parse_group(text: str) -> list[int]:
    """``1,3,5`` or ``1-8`` (or both, ``1-4,9``): the NS pair numbers of a group, each
    read strictly (a range of a billion pairs is refused before it is made)."""
    try:
        return number_list(text, "--group", bounds_of("pair"))
    except InvalidInput as exc:
        if exc.code == "number.out_of_range":
            raise
        raise InvalidInput(
            tr_("%(text)r is not a group of NS pair numbers."),
            hint=tr_("Write the numbers with commas, such as 1,3,5, or a range such as 1-8."),
            text=text,
        ) from None


_WEIGHT = re.compile(r"[0-9]{1,6}(/[0-9]{1,6})?|[0-9]{0,6}\.[0-9]{1,6}", re.ASCII)
"""A weight as written: ``2/3``, ``0.25``, ``1`` (ASCII digits, a few of them)."""


def parse_weighted(text: str) -> tuple[Fraction, int]:
    """``2/3:420`` → (⅔, 420): a weight (a fraction or a decimal) and a score; a score
    alone, ``420``, has the weight 1."""
    weight, colon, score = text.partition(":")
    if not colon:
        weight, score = "1", text
    try:
        if not _WEIGHT.fullmatch(weight.strip()):
            raise ValueError(weight)
        return Fraction(weight.strip()), whole_number(score, "--score", bounds_of("score_ns"))
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(
            tr_("%(text)r is not a score or a weighted score."),
            hint=tr_(
                "Write the score, such as 420 or -50, or WEIGHT:SCORE, such as 2/3:420 or 0.25:-50."
            ),
            text=text,
        ) from None
