"""What a pairing method is, and the checks the engine makes around every draw.

A pairing method (JCBL part 2 ch. 6 §8's federation methods, the club guide's top-down
draw, a maximum-weight matching …) is a plugin object with a name, aliases, a version,
an ``Options`` model extending :class:`~engine.pairing.rules.PairingOptions` and a
docstring a director reads. :func:`check_request` refuses a draw that cannot be made
before the method is asked; :func:`check_draw` refuses a draw a method got wrong.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, Protocol, runtime_checkable

from engine.errors import N_, InvalidInput, Phrase, PluginError, Rejected
from engine.pairing.field import Draw, Field, History
from engine.pairing.rules import PairingOptions


@runtime_checkable
class PairingMethod(Protocol):
    """A way of drawing a Swiss round.

    ``draw`` is given the round to draw, the field (contestants and standings so far),
    every earlier draw, the director's options (an instance of ``Options``) and a random
    seed, and returns the round's draw. It keeps the rematch rule and the other
    conditions whenever some draw can; when none can, it relaxes as little as it must and
    says in :attr:`~engine.pairing.field.Draw.relaxed` which condition it relaxed and why
    no draw keeps it. Given the same arguments it returns the same draw."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]

    @property
    def Options(self) -> type[PairingOptions]:  # noqa: N802 - the name every plugin kind uses
        """The model of the method's options (a class attribute in a plugin)."""
        ...

    def draw(self, round: int, field: Field, history: History, options: Any, seed: int) -> Draw: ...


def check_request(rnd: int, field: Field, history: History, options: PairingOptions) -> None:
    """Refuse a draw that cannot be made, whatever the method: a bad field or bad
    conditions (:class:`InvalidInput`), or a round out of turn (:class:`Rejected`)."""
    if rnd < 1:
        raise InvalidInput(
            N_("There is no round %(round)s; rounds are numbered from 1."),
            code="round.number",
            round=rnd,
        )
    field.check()
    options.check(field.kind)
    if options.rounds is not None and rnd > options.rounds:
        raise Rejected(
            N_("The event has %(rounds)s rounds; there is no round %(round)s to draw."),
            code="swiss.round_beyond",
            rounds=options.rounds,
            round=rnd,
        )
    if history.draw_of(rnd) is not None:
        raise Rejected(
            N_("Round %(round)s is already drawn."),
            hint=N_("A round may be redrawn, with a reason, while no result of it is recorded."),
            code="swiss.already_drawn",
            round=rnd,
        )
    if history.last_round != rnd - 1:
        missing = history.last_round + 1
        raise Rejected(
            N_("Round %(round)s has not been drawn yet."),
            hint=N_("Draw the rounds in order."),
            code="swiss.not_drawn",
            round=missing,
        )
    if len(field.contestants) < 2:
        raise Rejected(
            N_("A Swiss draw needs at least two teams; the field has %(count)s.")
            if field.kind == "teams"
            else N_("A Swiss draw needs at least two pairs; the field has %(count)s."),
            code="swiss.field_small",
            count=len(field.contestants),
        )


def check_draw(
    draw: Draw, rnd: int, field: Field, history: History, options: PairingOptions
) -> None:
    """Refuse a draw that does not place every contestant exactly once as the conditions
    say, or that breaks the rematch rule without saying so in ``relaxed``."""
    problems: list[str] = []
    if draw.round != rnd:
        problems.append(f"it is a draw of round {draw.round}, not round {rnd}")
    placed = Counter(draw.contestants)
    twice = sorted(n for n, c in placed.items() if c > 1)
    missing = sorted(field.numbers - set(placed))
    strangers = sorted(set(placed) - field.numbers)
    if twice:
        problems.append(f"it places {field.names(twice)} more than once")
    if missing:
        problems.append(f"it leaves out {field.names(missing)}")
    if strangers:
        problems.append(f"it places {field.names(strangers)}, who are not in the field")
    if draw.triangle is not None and not options.odd.startswith("triangle"):
        problems.append("it draws a triangle where the conditions give a bye")
    if draw.bye is not None and options.odd != "bye":
        problems.append("it gives a bye where the conditions play a triangle")
    tables = Counter(m.table for m in draw.matches)
    if any(c > 1 for c in tables.values()):
        problems.append("it puts two matches at one table")
    if any(m.home == m.away for m in draw.matches):
        problems.append(f"it draws a {field.noun()} against itself")
    rule = options.rule()
    breaches = [
        (a, b)
        for a, b in draw.meetings
        if not (draw.triangle_continues and draw.triangle and {a, b} <= set(draw.triangle))
        and rule.breach(a, b, rnd, history, options.rounds)
    ]
    if breaches and not draw.relaxed:
        who = "; ".join(field.names(p) for p in breaches)
        problems.append(f"it breaks the rematch rule ({who}) without saying why")
    if problems:
        raise PluginError(
            N_("The draw of round %(round)s by %(method)s is not sound: %(problems)s."),
            code="swiss.draw_unsound",
            round=rnd,
            method=draw.method or Phrase(N_("the pairing method")),
            problems="; ".join(problems),
        )
