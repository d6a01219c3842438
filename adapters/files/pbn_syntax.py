r"""PBN's syntax (Portable Bridge Notation 2.1): a file as games, each game's tags and
the data lines under its score tables — what every PBN reader here shares.

A game is a run of tag pairs ``[Tag "value"]`` ended by an empty line. ``%`` lines,
``{…}`` and ``;`` comments are skipped. A tag appears once in a game, but for ``Note``
(a note for each alerted call or played card: only the first is kept, notes are not
results). Lines under ``ScoreTable`` and ``TotalScoreTable`` are kept as that table's
rows; lines under any other tag (an auction, the play) are its own and not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

TAG = re.compile(r'\[\s*(?P<name>\w+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\]')
COLUMN = re.compile(r"[+-]?(?P<name>\w+)(?:\\\d+[LR]?)?")
"""A score table's column: its name, then optionally ``\\`` with a width and alignment."""
VALUE = re.compile(r'"(?P<quoted>(?:[^"\\]|\\.)*)"|(?P<bare>\S+)')
"""A value of a table row: quoted (it may hold spaces), or bare."""
EMPTY = "-"
"""An empty cell."""
REPEAT = "#"
"""A tag's value that repeats the previous game's."""
REPEATABLE = frozenset({"note"})
"""Tags a game may hold more than once: a note for each alerted call or played card."""


@dataclass(frozen=True)
class Tag:
    """A tag's value and the line it is on."""

    value: str
    line: int


@dataclass
class Game:
    """One game of the file: its tags (by lower-case name), its score-table rows and the
    rows of its total-score table (the file's table of names), if any."""

    tags: dict[str, Tag] = field(default_factory=dict)
    rows: list[tuple[int, str]] = field(default_factory=list)
    totals: list[tuple[int, str]] = field(default_factory=list)


def lines_of(text: str, problems: list[str]) -> Iterator[tuple[int, str | None]]:
    """Each line with its comments taken out; None for an empty line (a game ends there)."""
    comment_from: int | None = None  # the line a ``{`` comment opened on
    for number, raw in enumerate(text.splitlines(), start=1):
        if comment_from is None and raw.startswith("%"):
            continue  # an escape line: directives for other programs
        if comment_from is None and not raw.strip():
            yield number, None
            continue
        kept: list[str] = []
        quoted = escaped = False
        for ch in raw:
            if comment_from is not None:
                if ch == "}":
                    comment_from = None
            elif quoted:
                kept.append(ch)
                quoted = escaped or ch != '"'
                escaped = not escaped and ch == "\\"
            elif ch == "{":
                comment_from = number
            elif ch == ";":
                break  # a comment to the end of the line
            else:
                kept.append(ch)
                quoted = ch == '"'
        yield number, "".join(kept).strip()
    if comment_from is not None:
        problems.append(f"line {comment_from}: this {{ comment is never closed with }}")


def games(text: str, problems: list[str]) -> Iterator[Game]:
    """The games of ``text``; a problem of its syntax goes to ``problems``, by line."""
    game = Game()
    owner: str | None = None  # the tag the data lines below it belong to
    for number, line in lines_of(text, problems):
        if line is None:
            if game.tags:
                yield game
            game, owner = Game(), None
            continue
        if not line:
            continue
        tag = TAG.fullmatch(line)
        if tag is not None:
            owner = tag["name"].lower()
            if owner in game.tags and owner in REPEATABLE:
                continue  # only the first note is kept: notes are not results
            if owner in game.tags:
                problems.append(
                    f"line {number}: a second [{tag['name']}] tag in the same board "
                    f"(the first is on line {game.tags[owner].line})"
                )
            game.tags[owner] = Tag(tag["value"].strip(), number)
        elif line.startswith("["):
            problems.append(f'line {number}: {line!r} is not a tag: write [Name "value"]')
        elif owner is None:
            problems.append(f"line {number}: {line!r} belongs to no tag")
        elif owner == "scoretable":
            game.rows.append((number, line))
        elif owner == "totalscoretable":
            game.totals.append((number, line))
        # Lines under any other tag are its own section (an auction, the play): not results.
    if game.tags:
        yield game
