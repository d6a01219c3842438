"""A quick command line (issue 16): a command imports what it uses, and nothing else.

``traveller --version`` loads neither typer nor the engine; a command's module (and the
engine, rich, the HTTP stack… behind it) is imported when the command is used; structlog
when a line is logged; the engine's face when a name of it is. Each is pinned by the
modules a fresh interpreter holds after the command (never by a timing), and the tree
built a command at a time is held to the one every module registered at once makes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import typer.main

import engine
from adapters.cli import launch, main, tree
from tests.acceptance.cli import invoke

HEAVY = (
    "adapters.http",
    "argon2",
    "babel",
    "cryptography",
    "endplay",
    "engine.advisor",
    "engine.application",
    "engine.renumbering",
    "eventsourcing",
    "fastapi",
    "jinja2",
    "lxml",
    "numpy",
    "pluggy",
    "plugins",
    "pydantic",
    "rich",
    "structlog",
    "uvicorn",
)
"""Packages no command needs to start: each is imported by the commands that use it."""

SERVER = ("adapters.http", "fastapi", "uvicorn", "jinja2", "argon2", "lxml", "endplay")
"""What the standings of a pairs event never use: the server, USEBIO files, deal analysis."""


def imported_by(code: str, *, env: dict[str, str] | None = None) -> tuple[set[str], str]:
    """The modules a fresh interpreter holds after running ``code`` (its standard output
    captured, and returned too)."""
    script = textwrap.dedent(code) + textwrap.dedent(
        """
        import json as _json, sys as _sys
        _sys.__stdout__.write("\\n" + _json.dumps(sorted(_sys.modules)) + "\\n")
        """
    )
    ran = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "TRAVELLER_LOG": "warning", **(env or {})},
    )
    out, _, modules = ran.stdout.rstrip("\n").rpartition("\n")
    return set(json.loads(modules)), out


def under(modules: set[str], packages: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if m.split(".")[0] in packages or m.startswith(packages))


def run_command(*args: str) -> str:
    """Python that runs ``traveller ARGS`` as the installed script does."""
    return f"""
        import sys
        sys.argv = ["traveller", *{list(args)!r}]
        from adapters.cli.launch import run
        try:
            run()
        except SystemExit as done:
            assert done.code in (0, None), done.code
        """


def test_the_version_is_said_before_anything_is_loaded() -> None:
    modules, out = imported_by(run_command("--version"))
    assert out.strip() == launch.version_line()
    assert under(modules, (*HEAVY, "typer", "adapters.cli.main", "engine")) == []


def test_the_version_through_the_command_tree_loads_no_command() -> None:
    code = """
        from adapters.cli.main import app
        try:
            app(["--version"])
        except SystemExit:
            pass
        """
    modules, out = imported_by(code)
    assert out.strip() == launch.version_line()
    commands = {f"adapters.cli.{m}" for m in main.MODULES}
    assert under(modules, HEAVY) == []
    assert sorted(modules & commands) == []


HELP_BUILT = """
    import typer.main
    from adapters.cli.main import app
    root = typer.main.get_command(app)
    root.commands.build_all()
    try:
        root.main([*ARGS, "--help"], prog_name="traveller")
    except SystemExit:
        pass
"""


@pytest.mark.parametrize("lang", [[], ["--lang", "ja"]], ids=["en", "ja"])
def test_the_help_lists_every_command_as_it_says_it_building_none(lang: list[str]) -> None:
    """``traveller --help`` lists each command from the listing kept beside the tree
    (adapters/cli/listing.json), in the words the commands would say once built."""
    wide = {"COLUMNS": "120"}
    modules, listed = imported_by(run_command(*lang, "--help"), env=wide)
    _, built = imported_by(HELP_BUILT.replace("ARGS", repr(lang)), env=wide)
    assert listed == built
    assert "standings" in listed and "deals" in listed
    commands = {f"adapters.cli.{m}" for m in main.MODULES}
    assert sorted(modules & commands) == []
    assert under(modules, ("engine.application", "engine.tournament", *SERVER)) == []


def test_the_listing_is_what_the_commands_say() -> None:
    root: Any = typer.main.get_command(main.app)
    kept = json.loads(tree.LISTING_FILE.read_text(encoding="utf-8"))
    assert tree.listing_of(root) == kept, (
        "a top-level command's help changed: write the listing again with "
        "`python -m adapters.cli.tree`"
    )


def test_a_command_listed_runs_as_itself() -> None:
    """A command the help listed without building it is built when it runs."""
    code = """
        import typer.main
        from adapters.cli.main import app
        root = typer.main.get_command(app)
        for args in (["--help"], ["convert", "imps", "--difference", "430"]):
            try:
                root.main(args, prog_name="traveller")
            except SystemExit:
                pass
        """
    _, out = imported_by(code)
    assert out.rstrip().endswith("430 points = 10 IMPs")


def test_a_command_loads_its_own_module_and_not_the_others() -> None:
    modules, out = imported_by(run_command("convert", "imps", "--difference", "430"))
    assert out.strip() == "430 points = 10 IMPs"
    others = {f"adapters.cli.{m}" for m in main.MODULES if m != "convert"}
    assert sorted(modules & others) == []
    assert under(modules, ("structlog", "babel", *SERVER, "engine.application")) == []


def test_the_standings_load_no_server_no_logging_and_no_other_commands(tmp_path: Path) -> None:
    store = tmp_path / "club.db"
    travellers = tmp_path / "club.csv"
    scores = {1: (420, -50, 110), 2: (620, 140, -420)}
    travellers.write_text(
        "board,ns,ew,score_ns\n"
        + "".join(f"{b},{t},{t},{s}\n" for b, row in scores.items() for t, s in enumerate(row, 1))
    )
    made = invoke(["event", "create", "--name", "Club", "--store", str(store), "--format", "json"])
    event = json.loads(made.stdout)["id"]
    imported = invoke(
        ["import", "travellers", str(travellers), "--event", event, "--numbering", "mitchell",
         "--store", str(store)]
    )  # fmt: skip
    assert imported.exit_code == 0, imported.stderr
    modules, out = imported_by(run_command("standings", "--event", event, "--store", str(store)))
    assert "Section A" in out
    used = {"adapters.cli.results", "adapters.cli.common", "adapters.cli.output"}
    others = {f"adapters.cli.{m}" for m in main.MODULES} - used
    assert sorted(modules & others) == []
    # numpy: a club's section is scored board by board; guides: tables' cards and slips.
    assert under(modules, ("structlog", "babel", "numpy", "engine.guides", *SERVER)) == []


def test_a_club_file_is_imported_without_numpy(tmp_path: Path) -> None:
    """Numpy finds the lines of a big file that give a pair a second result on a board;
    a club's file is checked without it (importing numpy takes longer than the file)."""
    store = tmp_path / "club.db"
    travellers = tmp_path / "club.csv"
    travellers.write_text("board,ns,ew,score_ns\n1,1,1,420\n1,2,2,-50\n2,1,2,140\n")
    made = invoke(["event", "create", "--name", "Club", "--store", str(store), "--format", "json"])
    event = json.loads(made.stdout)["id"]
    modules, out = imported_by(
        run_command("import", "travellers", str(travellers), "--event", event,
                    "--numbering", "mitchell", "--store", str(store))
    )  # fmt: skip
    assert "Imported 3 traveller lines" in out
    assert "numpy" not in modules


def test_an_event_command_loads_no_keys_and_no_other_groups(tmp_path: Path) -> None:
    """``event create`` may not sign: cryptography is loaded where a key is made or
    read, and the ``verify``, ``keys`` and ``import`` commands are not loaded with it."""
    store = tmp_path / "club.db"
    modules, out = imported_by(
        run_command("event", "create", "--name", "Club", "--store", str(store), "--format", "json")
    )
    assert json.loads(out)["id"]
    loaded = {"adapters.cli.integrity", "adapters.cli.imports", "adapters.files.pbn"} & modules
    assert sorted(loaded) == []
    assert under(modules, ("cryptography", "numpy", *SERVER)) == []


def test_structlog_is_loaded_for_a_line_shown_only() -> None:
    code = """
        from engine.logging import configure_logging, get_logger
        configure_logging()
        log = get_logger("traveller")
        log.info("recorded", aggregate="x")
        import sys
        print("structlog" in sys.modules)
        log.warning("store unreachable", error="gone")
        """
    modules, out = imported_by(code, env={"TRAVELLER_LOG": "warning"})
    assert out.strip() == "False"
    assert "structlog" in modules  # the warning was said
    ran = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "TRAVELLER_LOG": "warning", "TRAVELLER_LOG_FORMAT": "json"},
    )
    said = [json.loads(line) for line in ran.stderr.splitlines()]
    assert [(s["event"], s["level"], s["error"]) for s in said] == [
        ("store unreachable", "warning", "gone")
    ]


def test_the_engine_face_loads_a_name_when_it_is_used() -> None:
    modules, _ = imported_by("import engine")
    assert sorted(m for m in modules if m.startswith("engine.")) == ["engine.imps"]
    modules, _ = imported_by("from engine import Movement")
    assert "engine.movement" in modules
    assert under(modules, ("engine.application", "engine.scoring", "engine.registry")) == []


def test_the_face_names_each_of_its_names_where_it_is_defined() -> None:
    listed = {name for names in engine._DEFINED_IN.values() for name in names.split()}
    assert listed | {"imps"} == set(engine.__all__)
    for name in engine.__all__:
        value = getattr(engine, name)
        defining = engine._MODULE_OF.get(name, "engine.imps")
        assert value is getattr(sys.modules[defining], name), name
    assert engine.imps(430) == 10
    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        engine.Nothing  # noqa: B018


def tree_of(command: Any) -> Any:
    """A command tree as data: each command's name, help and options, in order."""
    params = [
        [p.name, list(getattr(p, "opts", [])), getattr(p, "help", None)] for p in command.params
    ]
    found: dict[str, Any] = {"help": command.help, "params": params}
    subs = getattr(command, "commands", None)
    if subs is not None:
        found["commands"] = [[name, tree_of(sub)] for name, sub in subs.items()]
    return found


EAGER = """
    import importlib, json, typer, typer.main
    from adapters.cli import launch, main
    from tests.adapters.cli.test_quick_start import tree_of
    app = typer.Typer()
    for name in main.MODULES:
        importlib.import_module(f"adapters.cli.{name}").register(app)
    print(json.dumps(tree_of(typer.main.get_command(app))["commands"]))
"""

LAZY = """
    import json, random, typer.main
    from adapters.cli import launch, main
    from tests.adapters.cli.test_quick_start import tree_of
    root = typer.main.get_command(main.app)
    names = list(main.COMMANDS)
    random.Random(SEED).shuffle(names)
    for name in names:  # each built on its own, in an order of its own
        root.commands[name]
    print(json.dumps(tree_of(root)["commands"]))
"""


@pytest.mark.parametrize("seed", [1, 2])
def test_the_tree_built_a_command_at_a_time_is_the_whole_tree(seed: int) -> None:
    root = Path(__file__).resolve().parents[3]
    env = {"PYTHONPATH": str(root)}
    _, eager = imported_by(EAGER, env=env)
    _, lazy = imported_by(LAZY.replace("SEED", str(seed)), env=env)
    expected, found = json.loads(eager), json.loads(lazy)
    assert [name for name, _ in found] == [name for name, _ in expected], (
        "name each new command in adapters.cli.main.COMMANDS, in the order it registers"
    )
    assert found == expected


def test_a_command_built_after_the_tree_was_told_is_said_in_its_language() -> None:
    code = """
        from adapters.cli.main import app
        try:
            app(["--lang", "ja", "deals", "--help"])
        except SystemExit:
            pass
        """
    _, out = imported_by(code, env={"COLUMNS": "200"})
    assert "セッションのハンドレコード（各ボードの配牌）。" in out
    assert "A session's hand record" not in out
