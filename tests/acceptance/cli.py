"""Drive the ``traveller`` command line in-process, as a director's script would."""

from __future__ import annotations

import json
import sys
import uuid
from collections.abc import Sequence
from typing import Any

import typer
from typer.testing import CliRunner, Result

from adapters.cli import main
from adapters.cli.common import open_app

runner = CliRunner()

TRAVELLER = typer.main.get_command(main.app)
"""The command tree, built once: typer's ``CliRunner.invoke`` builds it again for every
call, which is most of what a quick command costs."""


def invoke(args: Sequence[str]) -> Result:
    """Run ``traveller ARGS`` as typer's runner does (stdout and stderr captured, no
    terminal), on the tree built once; an exception that is not an exit is raised."""
    with runner.isolation() as (stdout, stderr, output):
        code = 0
        try:
            TRAVELLER.main(args=list(args), prog_name="traveller")
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0 if done.code is None else 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return Result(
            runner=runner,
            stdout_bytes=stdout.getvalue(),
            stderr_bytes=stderr.getvalue(),
            output_bytes=output.getvalue(),
            return_value=None,
            exit_code=code,
            exception=None,
        )


class Cli:
    """One store (``memory:NAME``) and the commands run against it."""

    def __init__(self) -> None:
        self.store = f"memory:{uuid.uuid4().hex}"

    def run(self, *args: str, ok: bool = True) -> Any:
        """Run a command with ``--format json``; return its parsed output (or the error)."""
        result = invoke([*args, "--store", self.store, "--format", "json"])
        if ok:
            assert result.exit_code == 0, (result.stdout, result.stderr)
            return json.loads(result.stdout)
        assert result.exit_code == 1, (result.stdout, result.stderr)
        assert result.stdout == ""
        return json.loads(result.stderr)

    def text(self, *args: str) -> str:
        result = invoke([*args, "--store", self.store])
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result.stdout

    @property
    def position(self) -> int:
        return open_app(self.store).position()


VP_TEAMS = ("--scoring", "team-imps", "--option", "vp_scale=wbf2013")
"""A team event's scoring: IMPs, each match's margin as VPs on the WBF 2013 scale."""


def team_league(
    *, boards_per_round: int = 2, scoring: Sequence[str] = VP_TEAMS
) -> tuple[Cli, str, Any]:
    """Four teams ("Team 1 N" …) in a round robin of ``boards_per_round``-board matches,
    no result yet: the command line, the event's id and what `movement assign` said."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Teams league", *scoring)["id"]
    for t in range(1, 5):
        players = [arg for seat in "NSEW" for arg in ("--player", f"Team {t} {seat}")]
        cli.run("entry", "add", "--event", event, *players)
    seated = cli.run(
        "movement", "assign", "--event", event, "--family", "round-robin",
        "--boards-per-round", str(boards_per_round),
    )  # fmt: skip
    return cli, event, seated
