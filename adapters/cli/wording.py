"""The CLI's language: everything it says, in the director's language (``--lang ja|en``,
else the locale, else English).

- Its own texts (what it prints, its tables' titles and heads, its notes, prompts and
  refusals) are the ``cli`` catalog's (``adapters/locale/{ja,en}/LC_MESSAGES/cli.po``,
  extracted with ``adapters/babel-cli.cfg``): :func:`tr` says one now, :func:`tr_` marks
  one said later (a column head declared once).
- Its ``--help``: typer builds the command tree's help texts in English at import; once
  the language is known (:class:`Spoken` reads ``--lang`` before click reads the command
  line), :func:`speak` translates the tree built so far in one walk (:func:`told`), and
  each command built later as it is built (:func:`tell`); typer's panel titles with it,
  when typer first imports its drawing. :func:`extract_help` gives those texts to
  ``pybabel extract``.
- An engine error is worded from the errors catalog (:mod:`adapters.i18n`), each fix the
  engine gives as data (:class:`engine.errors.Fix`) said as the command line that applies
  it (``traveller result correct --board 3 --ns 1 --ew 2 --reason "REASON"``). The
  command line is read from the running command tree (an argument is positional, an
  option is written as it is spelled, a flag alone), so a fix never names an option the
  CLI spells otherwise.

JSON output (``--format json``) never changes with the language; names and reasons are
shown as entered.
"""

from __future__ import annotations

import importlib.util
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from gettext import NullTranslations
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import IO, Any

from typer import _click as click  # typer's own click, which its command tree is made of
from typer.core import TyperGroup

from adapters import i18n
from engine.errors import Fix, TravellerError, fill

PROGRAM = "traveller"
TEXTUAL = frozenset({"reason", "override", "name", "player"})
"""Fields whose value is free text: a needed one is shown quoted (``--reason "REASON"``)."""


CLI = "cli"
"""The CLI's own catalog (domain)."""


@dataclass
class _Speaking:
    language: str | None = None
    tree: Any = None


_speaking = _Speaking()


def speak(language: str | None, tree: Any = None) -> None:
    """Answer in ``language`` from now on (None: the locale's, see :func:`language`);
    ``tree`` is the running command tree (the root's command), which fixes are worded
    from and whose help is said in that language from now on (:func:`told`)."""
    _speaking.language = i18n.spoken(language)
    _speaking.tree = tree
    if tree is not None:
        told(tree, _language())


def language() -> str:
    """The language the CLI answers in: the one ``--lang`` chose, else the locale's."""
    return _language()


def _language() -> str:  # language() by another name, for where a parameter hides it
    return _speaking.language or i18n.from_environment()


def catalog(spoken: str) -> NullTranslations:
    """The cli catalog of ``spoken``, read once per process. English is the texts
    themselves (the English catalog's translations stay empty), so a command said in
    English reads no catalog."""
    if spoken == i18n.ENGLISH:
        return _AS_WRITTEN
    return i18n.translations(spoken, domain=CLI)


_AS_WRITTEN = NullTranslations()


def tr(template: str, **values: object) -> str:
    """One of the CLI's texts in its language, filled with ``values``
    (``tr("Round %(round)s started.", round=3)``); names and reasons go in as values,
    so they are shown as entered."""
    words = catalog(_language()).gettext(template)
    return words % values if values else words


def english(template: str, **values: object) -> str:
    """A text of the cli catalog as it is, in English (for data that JSON gives as it
    always has), filled with ``values``."""
    return template % values if values else template


def tr_(template: str) -> str:
    """Mark ``template`` as a text of the cli catalog said later with :func:`tr` (a
    column head or a title declared once): returned as it is."""
    return template


# ---- --help in the CLI's language ------------------------------------------------------

PANEL_WORDS: dict[str, str] = {
    "ARGUMENTS_PANEL_TITLE": tr_("Arguments"),
    "OPTIONS_PANEL_TITLE": tr_("Options"),
    "COMMANDS_PANEL_TITLE": tr_("Commands"),
    "ERRORS_PANEL_TITLE": tr_("Error"),
    "DEFAULT_STRING": tr_("[default: {}]"),
    "REQUIRED_LONG_STRING": tr_("[required]"),
    "ENVVAR_STRING": tr_("[env var: {}]"),
    "DEPRECATED_STRING": tr_("(deprecated) "),
    "ABORTED_TEXT": tr_("Aborted."),
    "RICH_HELP": tr_("Try [blue]'{command_path} {help_option}'[/] for help."),
}
"""typer's own words around the help (its panels' titles, ``[default: …]``), which it
reads from :mod:`typer.rich_utils` each time it draws a help or an error."""
USAGE = tr_("Usage:")
COMMAND_TEXTS = ("help", "short_help", "epilog", "options_metavar", "subcommand_metavar")
"""What a command says in ``--help`` (a group's ``COMMAND [ARGS]...`` too)."""
ENGLISH_HELP = "_traveller_english"
"""Where a command or a parameter keeps its English texts (to translate them again)."""
TOLD = "_traveller_told"
"""The language a command tree's help is in (none said: English, as typer built it)."""


class _Formatter(click.HelpFormatter):
    """click's help formatter, its ``Usage:`` said in the CLI's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if prefix is None:
            prefix = catalog(_language()).gettext(USAGE) + " "
        super().write_usage(prog, args, prefix)


class _Context(click.Context):
    formatter_class = _Formatter


def _help_texts(command: click.Command) -> Iterator[tuple[Any, str]]:
    """Every (object, attribute) of the tree under ``command`` that ``--help`` shows: the
    commands' help and their parameters' (click's ``--help`` option among them). Of a tree
    built a command at a time (:mod:`adapters.cli.tree`), the commands built so far."""
    waiting = [command]
    while waiting:
        found = waiting.pop(0)
        for attribute in COMMAND_TEXTS:
            if isinstance(getattr(found, attribute, None), str):
                yield found, attribute
        # click makes a command's --help option once, when first asked, and keeps it.
        found.get_help_option(click.Context(found, **found.context_settings))
        helping = [found._help_option] if found._help_option is not None else []
        for param in [*found.params, *helping]:
            if isinstance(getattr(param, "help", None), str):
                yield param, "help"
        commands = getattr(found, "commands", {})
        built = getattr(commands, "built", None)  # the tree's, built a command at a time
        waiting += list((built() if built is not None else commands).values())


def told(tree: click.Command, spoken: str) -> None:
    """Say the help of every command and option of ``tree`` (and typer's words around
    it) in ``spoken`` from now on; the English is kept, so the tree can be told again
    (a tree is built in English: one only ever told in English is never walked)."""
    drawing = sys.modules.get(RICH_UTILS)
    if drawing is not None:  # else its words are said when typer first imports it
        _panel_words(drawing, spoken)
    if getattr(tree, TOLD, i18n.ENGLISH) == spoken:
        return
    tell(tree, spoken)
    setattr(tree, TOLD, spoken)


def tell(tree: click.Command, spoken: str) -> None:
    """Say the help of every command and option of ``tree`` in ``spoken`` (the walk of
    :func:`told`; a command built after its tree was told is told by it alone)."""
    words = catalog(spoken)
    for thing, attribute in _help_texts(tree):
        english = thing.__dict__.setdefault(ENGLISH_HELP, {})
        original = english.setdefault(attribute, getattr(thing, attribute))
        setattr(thing, attribute, words.gettext(original))
        if isinstance(thing, click.Command):
            thing.context_class = _Context


RICH_UTILS = "typer.rich_utils"
"""typer's module that draws help and errors with rich (and imports rich's markdown): it
is imported only when typer first draws one, and dressed then (:func:`_dressed`)."""


def _panel_words(drawing: ModuleType, spoken: str) -> None:
    """typer's words around the help, in ``drawing`` (:data:`RICH_UTILS`), said in
    ``spoken`` (the English kept, to say them again)."""
    words = catalog(spoken)
    panel = drawing.__dict__.setdefault(ENGLISH_HELP, {})
    for name, template in PANEL_WORDS.items():
        english = panel.setdefault(name, getattr(drawing, name))
        setattr(drawing, name, english if spoken == i18n.ENGLISH else words.gettext(template))


def _folded(make: Any) -> Any:
    """typer's maker of a help text, its text folded where it is too long for its column
    rather than cut short: Japanese has no spaces for the lines to break at."""
    from rich.text import Text

    def made(**given: Any) -> Any:
        text = make(**given)
        if isinstance(text, Text):
            text.overflow = "fold"
        return text

    made.__wrapped__ = make  # type: ignore[attr-defined]
    return made


def _dressed(drawing: ModuleType) -> None:
    """typer's drawing of help and errors (:data:`RICH_UTILS`), once imported: its help
    texts folded, its words in the CLI's language."""
    make = drawing.__dict__["_make_rich_text"]
    if not hasattr(make, "__wrapped__"):
        drawing._make_rich_text = _folded(make)  # type: ignore[attr-defined]
    _panel_words(drawing, _language())


class _WhenImported:
    """A finder on ``sys.meta_path`` that lets ``module`` be imported as usual, by
    whoever imports it first, and then hands it to ``then`` (once; it then steps aside):
    a module that costs to import is dressed without being imported for it."""

    def __init__(self, module: str, then: Callable[[ModuleType], None]) -> None:
        self.module = module
        self.then = then

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name != self.module:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        loader = None if spec is None else spec.loader
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            self.then(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


if RICH_UTILS in sys.modules:
    _dressed(sys.modules[RICH_UTILS])
elif not any(isinstance(f, _WhenImported) for f in sys.meta_path):
    sys.meta_path.insert(0, _WhenImported(RICH_UTILS, _dressed))


def asked(args: Sequence[str]) -> str | None:
    """The language ``--lang`` names on a command line (``--lang ja``, ``--lang=ja``),
    before click reads it; None if it names none (or none Traveller speaks: click then
    refuses it)."""
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return i18n.spoken(args[i + 1])
        if arg.startswith("--lang="):
            return i18n.spoken(arg.partition("=")[2])
    return None


class Spoken(TyperGroup):
    """``traveller`` itself: it knows the language before click reads the command line,
    so that ``--help`` anywhere (before ``--lang`` or after it) is said in it."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        speak(asked(sys.argv[1:] if args is None else args), self)
        return super().main(
            args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
        )


def extract_help(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[Any, ...]]:
    """A ``pybabel extract`` method for ``adapters/cli/main.py``: its own texts, then every
    help text of the command tree it builds (see ``adapters/babel-cli.cfg``)."""
    import typer.main
    from babel.messages.extract import extract_python

    from adapters.cli import main

    yield from extract_python(fileobj, keywords, comment_tags, options)
    tree: Any = typer.main.get_command(main.app)
    tree.commands.build_all()  # every command's help, not only those built so far
    for thing, attribute in _help_texts(tree):
        english = thing.__dict__.get(ENGLISH_HELP, {}).get(attribute, getattr(thing, attribute))
        yield 0, None, english, []


def word(template: str) -> str:
    """One of the CLI's own words (``N_("Error:")``) in its language."""
    return i18n.said(template, {}, language())


def worded(error: TravellerError) -> tuple[str, str | None, list[str]]:
    """The error's message and hint in the CLI's language, and its fixes as command lines
    (the hint includes them, so a script reading ``hint`` sees them too)."""
    spoken = language()
    lines = [command_line(fix) for fix in error.fixes]
    hint = " ".join(h for h in [hint_of(error), *lines] if h) or None
    return _said(error.template, error.values, spoken), hint, lines


def _said(template: str, values: dict[str, object], spoken: str) -> str:
    """An error's template in ``spoken``: the CLI's own (a refusal of the command line,
    in the cli catalog), else the engine's (the errors catalog)."""
    words = catalog(spoken).gettext(template)
    return fill(words, values) if words != template else i18n.said(template, values, spoken)


def hint_of(error: TravellerError) -> str | None:
    """The error's hint in the CLI's language, without the fixes' command lines."""
    if error.hint_template is None:
        return None
    return _said(error.hint_template, error.values, language())


def command_line(fix: Fix) -> str:
    """``fix`` as the command line a director types (``…`` for the command refused,
    given again)."""
    command = _command(fix.command)
    words = ["…"] if fix.command is None else [PROGRAM, *fix.command.split(".")]
    arguments: list[str] = []
    for name, value in fix.fields.items():
        arguments += _given(command, name, value)
    for name in fix.needs:
        arguments += _needed(command, name)
    return " ".join([*words, *arguments])


def _command(dotted: str | None) -> Any:
    """The command a fix names in the running tree (duck-typed: typer's own click)."""
    found = _speaking.tree
    if dotted is None or found is None:
        return None
    for word in dotted.split("."):
        found = getattr(found, "commands", {}).get(word)
    return found


def _dashed(name: str) -> str:
    return "--" + name.replace("_", "-")


def _param(command: Any, name: str) -> Any:
    """The parameter of ``command`` for the field ``name`` (``round`` is typer's
    ``round_``; ``from_session`` may be spelled ``--from``); for the command refused (None),
    the first command of the tree that has it (a field is spelled alike everywhere)."""
    params = list(getattr(command, "params", ()) if command is not None else _all_params())
    spelled = [p for p in params if _dashed(name) in getattr(p, "opts", ())]
    named = [p for p in params if p.name in (name, f"{name}_")]
    return (spelled or named or [None])[0]


def _all_params() -> Iterator[Any]:
    waiting = [_speaking.tree] if _speaking.tree is not None else []
    while waiting:
        command = waiting.pop(0)
        yield from getattr(command, "params", ())
        waiting += list(getattr(command, "commands", {}).values())


def _argument(param: Any) -> bool:
    return param is not None and param.param_type_name == "argument"


def _spelled(param: Any, name: str) -> str:
    if param is None:
        return _dashed(name)
    long = [o for o in param.opts if o.startswith("--")]
    return str((long or param.opts)[0])


def _given(command: Any, name: str, value: object) -> list[str]:
    param = _param(command, name)
    if value is False and getattr(param, "secondary_opts", None):
        return [str(param.secondary_opts[0])]  # --enforce/--free: False is --free
    if value is None or value is False:
        return []
    values = list(value) if isinstance(value, list | tuple) else [value]
    if _argument(param):
        return [shlex.quote(str(v)) for v in values]
    option = _spelled(param, name)
    if value is True:
        return [option]
    return [word for v in values for word in (option, shlex.quote(str(v)))]


def _needed(command: Any, name: str) -> list[str]:
    param = _param(command, name)
    metavar = "REASON" if name == "override" else name.upper()
    if _argument(param):
        return [metavar]
    if param is not None and param.is_flag:
        return [_spelled(param, name)]
    return [_spelled(param, name), f'"{metavar}"' if name in TEXTUAL else metavar]
