"""Hostile commands: every command of the tree, given generated values for its arguments
and options, either does what it says or refuses with a clear message — never a
traceback, never a bug's exit status, and a refused command writes nothing (issue 13).

The walk covers the whole command tree as it is built, so a new command is fuzzed the
day it is added. ``bench/fuzz.py`` runs the same property for longer.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, get_args, get_origin
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.cli.common import BUG_EXIT
from engine.parsing import MOST_SCORE
from engine.tournament.state import section_id
from tests.acceptance.cli import TRAVELLER, Cli, invoke

SCALE = float(os.environ.get("TRAVELLER_FUZZ_SCALE", "1"))
"""How many more examples than the suite's few hundred to try (``bench/fuzz.py`` sets it)."""


def examples(count: int) -> int:
    return max(1, round(count * SCALE))


LEFT_OUT = {("serve",), ("demo",)}
"""Commands the fuzz does not run: ``serve`` listens until stopped; ``demo`` fills a store
with a whole tournament (it takes no value a director types but the store)."""

HOSTILE_NUMBERS = (
    "+-420", "--5", "１２", "٤٢", "1_0", "5.0", "0x10", "1e3", " 7", "7 ", "",
    "18446744073709551616", "9223372036854775808", str(10**18), "-1", "0", str(MOST_SCORE + 1),
    "9" * 5000,
)  # fmt: skip
HOSTILE_TEXT = (
    "[/]", "Tanaka [guest]", "[bold red]x", ":smile:", "\x1b[2J\x1b]0;t\x07", "\u202eevil",
    "\x9b31m", "%s", "%(x)s", "{}", "'", '"', "\\", "", " ", "a" * 300, "\x00", "NS-1", "--",
    "A\nB", "1,,2", "=", "x=", "=1",
)  # fmt: skip


def commands(group: Any = TRAVELLER, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of every command of the tree."""
    for name, command in sorted(getattr(group, "commands", {}).items()):
        if hasattr(command, "commands"):
            yield from commands(command, (*path, name))
        elif (*path, name) not in LEFT_OUT:
            yield (*path, name)


def command_of(path: Sequence[str]) -> Any:
    found: Any = TRAVELLER
    for name in path:
        found = found.commands[name]
    return found


def is_number(param: Any) -> bool:
    annotation = param.type_descriptor.annotation
    if get_origin(annotation) is list:
        annotation = get_args(annotation)[0]
    return annotation is int


def plausible(param: Any, event: str) -> list[str]:
    """Values a director might give ``param``: right ones and near misses."""
    name = param.name
    if name == "event":
        return [event, event[:8], event.upper(), "0" * 8]
    if name in ("section", "sections"):
        return ["A", "B", "a", "A,B"]
    if name in ("player", "players", "names", "name"):
        return ["Sato", "Ito"]
    if name in ("contract",):
        return ["4S", "3NTX", "8S", "PASS"]
    if name in ("declarer",):
        return ["N", "E", "Q"]
    if name in ("family",):
        return ["mitchell", "howell", "nope"]
    if name in ("scoring",):
        return ["matchpoints", "cross-imps", "nope"]
    if is_number(param):
        return ["1", "2", "3", "+2", "-3", "13"]
    return ["1", "A", "NS1", "E1"]


def values(param: Any, event: str) -> st.SearchStrategy[str]:
    """A value for ``param``: most often a plausible one (so that commands get past their
    first check and far into their work), else a hostile or an arbitrary one."""
    hostile = HOSTILE_NUMBERS if is_number(param) else HOSTILE_TEXT
    kinds: dict[str, st.SearchStrategy[str]] = {
        "plausible": st.sampled_from(plausible(param, event)),
        "hostile": st.sampled_from(hostile),
        "any": st.text(max_size=12),
    }
    return st.sampled_from(["plausible"] * 4 + ["hostile", "any"]).flatmap(kinds.__getitem__)


def given_as(flag: str, value: str) -> list[str]:
    return [flag, value]


def arguments(path: Sequence[str], event: str, store: str) -> st.SearchStrategy[list[str]]:
    """A command line of ``path``: each of its parameters given or not, with a value."""
    parts: list[st.SearchStrategy[list[str]]] = [st.just(list(path))]
    for param in command_of(path).params:
        if param.name in ("store", "fmt", "help"):
            continue
        if param.param_type_name == "argument":
            parts.append(values(param, event).map(lambda v: [v]))
        elif getattr(param, "is_flag", False):
            parts.append(st.sampled_from([[], [param.opts[0]]]))
        else:
            flag = param.opts[0]
            given = values(param, event).map(functools.partial(given_as, flag))
            left_out: st.SearchStrategy[list[str]] = st.just([])
            parts.append(given if param.required else st.one_of(left_out, left_out, given))
    parts.append(st.just(["--store", store]))
    parts.append(st.sampled_from([[], ["--format", "json"]]))
    return st.tuples(*parts).map(lambda lists: [a for part in lists for a in part])


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Cli, str]]:
    """A 3-table Howell with a result, in a memory store; the commands run in a folder of
    their own (a command that writes a file writes it there), their bug reports too."""
    folder = tmp_path_factory.mktemp("hostile")
    saved = Path.cwd()
    os.chdir(folder)
    keep = {k: os.environ.get(k) for k in ("TRAVELLER_CRASH_DIR", "XDG_CONFIG_HOME")}
    os.environ["TRAVELLER_CRASH_DIR"] = str(folder / "bugs")
    os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
    cli = Cli()
    event = cli.run("event", "create", "--name", "Fuzzed [/] night")["id"]
    for i in range(1, 7):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run("movement", "assign", "--event", event, "--family", "howell", "--boards-per-round", "2")
    cli.run("result", "add", "--event", event, "--board", "1", "--ns", "6", "--ew", "1",
            "--contract", "4S", "--declarer", "N", "--tricks", "10")  # fmt: skip
    yield cli, event
    os.chdir(saved)
    for key, value in keep.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def refused_cleanly(cli: Cli, args: list[str]) -> None:
    """Run ``args``: it succeeds, or it is refused (1) or misused (2) with a message and
    the store as it was; a bug (70) or an exception escaping the command fails."""
    before = cli.position
    result = invoke(args)
    assert result.exit_code != BUG_EXIT, (args, result.stderr)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr, (args, result.stderr)
    if result.exit_code != 0:
        assert result.stderr.strip(), args
        assert cli.position == before, (args, "wrote, then failed")


PATHS = list(commands())


def test_the_walk_finds_the_commands() -> None:
    assert ("result", "add") in PATHS and ("standings",) in PATHS and len(PATHS) > 50


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_every_command_succeeds_or_refuses_clearly(
    played: tuple[Cli, str], data: st.DataObject
) -> None:
    cli, event = played
    path = data.draw(st.sampled_from(PATHS), label="command")
    refused_cleanly(cli, data.draw(arguments(path, event, cli.store), label="args"))


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--score-ns", "+-420"),
        ("--score-ns", "１２"),
        ("--score-ns", "٤٢"),
        ("--board", "1_0"),
        ("--board", str(2**64)),
        ("--board", str(10**18)),
        ("--ns", str(10**18)),
        ("--score-ns", str(2**63)),
        ("--tricks", "5.0"),
    ],
)
def test_numbers_are_read_strictly(played: tuple[Cli, str], option: str, value: str) -> None:
    cli, event = played
    given = {"--board": "2", "--ns": "6", "--ew": "1", "--score-ns": "420", "--tricks": "10"}
    given[option] = value
    args = ["result", "add", "--event", event, "--contract", "4S", "--declarer", "N"]
    args += [a for pair in given.items() for a in pair]
    before = cli.position
    result = invoke([*args, "--override", "fuzz", "--store", cli.store])
    assert result.exit_code == 2, result.stdout
    said = " ".join(result.stderr.replace("│", " ").split())  # the panel's lines as one
    assert option in said and ("not a whole number" in said or "out of range" in said)
    assert cli.position == before


def test_every_whole_number_option_is_read_strictly() -> None:
    """No command reads a number leniently: every ``int`` parameter has the strict parser
    (:func:`adapters.cli.numbers.strict_numbers`)."""
    lenient = [
        (path, p.name)
        for path in commands()
        for p in command_of(path).params
        if is_number(p) and p.type_descriptor.parameter_info.parser is None
    ]
    numbers = [
        (path, p.name) for path in commands() for p in command_of(path).params if is_number(p)
    ]
    assert len(numbers) > 50 and not lenient


def test_a_section_id_given_as_event_is_refused_clearly(played: tuple[Cli, str]) -> None:
    cli, event = played
    sid = str(section_id(UUID(event), 1, "A"))  # the id a director might copy from a log
    said = cli.run("standings", "--event", sid, ok=False)
    assert said["code"] == "event.not_an_event" and sid in said["message"]


def test_replay_beyond_the_log_is_refused_clearly(played: tuple[Cli, str]) -> None:
    cli, event = played
    said = cli.run("replay", "--event", event, "--at", "100000", ok=False)
    assert "no position 100000" in said["message"]


def test_an_unreachable_postgresql_is_a_clear_error() -> None:
    result = invoke(["event", "list", "--store", "postgresql://u:secret@127.0.0.1:1/traveller"])
    assert result.exit_code == 1
    assert "could not use the store" in result.stderr and "secret" not in result.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("movement", "show", "mitchell", "--tables", "3", "--option", "rounds=1_0"),
         "rounds '1_0' is not a whole number"),
        (("movement", "show", "mitchell", "--tables", "3", "--option", f"rounds={2**64}"),
         "out of range"),
        (("movement", "show", "mitchell", "--tables", "101"), "out of range"),
        (("stage", "define", "--event", "EVENT", "final", "--sessions", "1,１"),
         "'1,１' is not a list of sessions"),
        (("fouled", "--event", "EVENT", "--board", "1", "--group", "1-1000000000",
          "--reason", "x"), "--group 1000000000 is out of range"),
        (("entry", "add", "--event", "EVENT", "--player", "A", "--player", "B",
          "--seeding", "1e999999999"), "is not a number"),
        (("entry", "add", "--event", "EVENT", "--player", "A" * 201, "--player", "B"),
         "is too long"),
    ],
)  # fmt: skip
def test_numbers_written_in_text_are_read_strictly(
    played: tuple[Cli, str], args: tuple[str, ...], said: str
) -> None:
    """Numbers inside a text option (``--sessions 1,2``, ``--group 1-8``, ``--option
    rounds=6``, ``--seeding 12.5``) are read by the same strict parser; a name is bounded."""
    cli, event = played
    given = [event if a == "EVENT" else a for a in args]
    before = cli.position
    result = invoke([*given, "--store", cli.store])
    assert result.exit_code in (1, 2), result.stdout
    assert said in " ".join(result.stderr.replace("│", " ").split())
    assert cli.position == before


@pytest.mark.parametrize(
    "command",
    [["import", "events"], ["verify", "--key"], ["import", "travellers"], ["export", "events"]],
)
def test_a_file_name_the_system_refuses_is_a_clear_error(
    played: tuple[Cli, str], command: list[str]
) -> None:
    """Found by bench/fuzz.py: a name longer than the system allows (Python 3.11's
    ``Path.is_file`` raises on it) was a bug report."""
    cli, event = played
    name = "a" * 300
    args = (
        [*command, name] if command != ["export", "events"] else [*command, "--event", event, name]
    )
    if command == ["import", "travellers"]:
        args = [*command, name, "--event", event]
    result = invoke([*args, "--store", cli.store])
    assert result.exit_code == 1, (result.stdout, result.stderr)
    assert "a" * 40 in result.stderr and "Internal error" not in result.stderr
