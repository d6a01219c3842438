"""Drive the ``traveller`` command line in-process, as a director's script would."""

from __future__ import annotations

import json
import uuid
from typing import Any

from typer.testing import CliRunner

from adapters.cli import main
from adapters.cli.common import open_app

runner = CliRunner()


class Cli:
    """One store (``memory:NAME``) and the commands run against it."""

    def __init__(self) -> None:
        self.store = f"memory:{uuid.uuid4().hex}"

    def run(self, *args: str, ok: bool = True) -> Any:
        """Run a command with ``--format json``; return its parsed output (or the error)."""
        result = runner.invoke(main.app, [*args, "--store", self.store, "--format", "json"])
        if ok:
            assert result.exit_code == 0, (result.stdout, result.stderr)
            return json.loads(result.stdout)
        assert result.exit_code == 1, (result.stdout, result.stderr)
        assert result.stdout == ""
        return json.loads(result.stderr)

    def text(self, *args: str) -> str:
        result = runner.invoke(main.app, [*args, "--store", self.store])
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result.stdout

    @property
    def position(self) -> int:
        return open_app(self.store).position()
