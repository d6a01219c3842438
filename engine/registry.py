"""The plugin API: what a movement family and a scoring method look like, and the registry.

Plugins are discovered from the ``traveller`` entry-point group (the built-ins
too). ``TRAVELLER_PLUGINS`` (a comma-separated allow-list of entry-point names)
restricts which are loaded and ``TRAVELLER_PLUGINS_BLOCK`` blocks some.

One concept: the plugin API a plugin author reads in one place, each kind of plugin's
protocol beside the registry that looks them up by name.
"""

from __future__ import annotations

import os
import threading
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import (
    TYPE_CHECKING,
    Annotated,
    Any,
    ClassVar,
    Literal,
    Protocol,
    Union,
    cast,
    runtime_checkable,
)

import pluggy
from pydantic import BaseModel, TypeAdapter, ValidationError, create_model
from pydantic.fields import FieldInfo

from engine import hookspecs
from engine.conventions import ConventionProfile
from engine.errors import N_, Fix, InvalidInput, Phrase, PluginError
from engine.movement import Movement
from engine.pairing.method import PairingMethod as PairingMethod
from engine.parsing import whole_number
from engine.plugin_index import INDEX_GROUP, KINDS, Waiting, index_entry, indexed
from engine.scoring import SectionFacts, SectionScore

if TYPE_CHECKING:  # names of the protocols' signatures: a team method's module imports them
    from importlib.metadata import EntryPoint

    from engine.matches import KnockoutMatch, MatchScore, SegmentFacts

ENTRY_POINT_GROUP = "traveller"


@runtime_checkable
class MovementFamily(Protocol):
    """A family of movements (Mitchell, Howell, …) that builds a schedule for a size.

    ``Options`` is a pydantic model of the family's parameters; its docstring and
    the class docstring are what a director reads in ``traveller movement list``.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def build(self, tables: int, options: Any) -> Movement:
        """The movement for ``tables`` tables, or :class:`engine.errors.InvalidMovement`."""
        ...


@runtime_checkable
class ScoringMethod(Protocol):
    """A way of turning recorded results into points and totals.

    A method whose figures change from one ``version`` to the next may keep its earlier
    ones for the stores that recorded them: an optional ``earlier_versions`` class
    attribute (:data:`EarlierVersions`, docs/decisions/0024)."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def score(self, facts: SectionFacts, options: Any) -> SectionScore: ...


EarlierVersions = Mapping[str, "Mapping[str, Any] | ScoringMethod"]
"""A scoring method's earlier versions it still scores by: version → the option defaults
that version had (``{"artificial": "as_neutral"}``: the same code), or a scorer of its own
(an object with the method's name, that ``version``, its ``Options`` and ``score``)."""


class VersionUnavailable(PluginError):
    """A section is scored by a version of a method that no installed plugin keeps."""


def at_version(plugin: ScoringMethod, version: str) -> ScoringMethod:
    """``plugin`` as it scored at ``version``: itself at its own version, else the earlier
    version it keeps (refused when it keeps none by that number)."""
    if version == plugin.version:
        return plugin
    kept: EarlierVersions = getattr(plugin, "earlier_versions", {})
    earlier = kept.get(version)
    if earlier is None:
        raise VersionUnavailable(
            N_(
                "The scoring method %(method)s has no version %(version)s any more: it is "
                "at version %(current)s and keeps %(kept)s."
            ),
            hint=N_(
                "Score the session by the current version (a rescore, with the reason), or "
                "install a release of the plugin that has version %(version)s."
            ),
            code="scoring.version_unavailable",
            fix=Fix("rescore", fields={"to_current": True}, needs=("reason",)),
            method=plugin.name,
            version=version,
            current=plugin.version,
            kept=", ".join(sorted(kept)) or Phrase(N_("no earlier version")),
        )
    if isinstance(earlier, Mapping):
        return _with_defaults(plugin, version, earlier)
    if earlier.version != version or earlier.name != plugin.name:
        raise PluginError(
            N_("%(method)s keeps %(kept)s as its version %(version)s."),
            hint=N_("An earlier version's scorer must have the method's name and that version."),
            code="plugin.earlier_version",
            method=plugin.name,
            kept=f"{earlier.name} {earlier.version}",
            version=version,
        )
    return earlier


def _with_defaults(plugin: ScoringMethod, at: str, defaults: Mapping[str, Any]) -> ScoringMethod:
    """``plugin`` scoring as version ``at`` did: the same code, its options' other defaults."""
    base = plugin.Options
    unknown = sorted(set(defaults) - set(base.model_fields))
    if unknown:
        raise PluginError(
            N_("%(method)s %(version)s gives defaults to options it does not have: %(unknown)s."),
            hint=N_("Its options are: %(fields)s."),
            code="plugin.earlier_version",
            method=plugin.name,
            version=at,
            unknown=", ".join(unknown),
            fields=", ".join(base.model_fields),
        )
    fields = base.model_fields
    changed: dict[str, Any] = {
        name: (fields[name].annotation, FieldInfo.merge_field_infos(fields[name], default=value))
        for name, value in defaults.items()
    }
    options = create_model(base.__name__, __base__=base, __doc__=base.__doc__, **changed)

    class Earlier:
        """The method at an earlier version (its docstring is the method's)."""

        __doc__ = plugin.__doc__
        name: ClassVar[str] = plugin.name
        aliases: ClassVar[tuple[str, ...]] = ()
        version: ClassVar[str] = at
        Options: ClassVar[type[BaseModel]] = options

        def score(self, facts: SectionFacts, options: Any) -> SectionScore:
            return replace(plugin.score(facts, options), version=at)

        def __getattr__(self, attr: str) -> Any:
            # What else the method offers (victory points, matches) is the same code.
            return getattr(plugin, attr)

    return cast(ScoringMethod, Earlier())


@runtime_checkable
class VictoryPointScale(Protocol):
    """A conversion of an IMP margin over a number of boards into victory points."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        """The VPs of the side whose margin is ``imps`` (may be negative), and its opponent's."""
        ...


def scale_for(scale: VictoryPointScale, options: BaseModel) -> VictoryPointScale:
    """``scale`` as a method's options ask for it: read for their ``boards`` when given
    (the conditions of contest fix the scale of a curtailed or lengthened match)."""
    boards = getattr(options, "boards", None)
    return scale if boards is None else for_boards(scale, boards)


def for_boards(scale: VictoryPointScale, boards: int) -> VictoryPointScale:
    """``scale`` read for ``boards`` boards, whatever the number a match played."""
    if boards < 1:
        raise InvalidInput(
            N_("A VP scale cannot be read for %(boards)s boards."),
            hint=N_("Give the number of boards the conditions of contest name (1 or more)."),
            code="vp_scale.boards",
            boards=boards,
        )

    class ForBoards:
        """A scale read for a fixed number of boards."""

        name: ClassVar[str] = scale.name
        aliases: ClassVar[tuple[str, ...]] = ()
        version: ClassVar[str] = scale.version

        def victory_points(self, imps: int, played: int) -> tuple[Fraction, Fraction]:
            del played  # the conditions of contest fix the number of boards
            return scale.victory_points(imps, boards)

    return ForBoards()


@runtime_checkable
class ConvertsToVictoryPoints(Protocol):
    """A scoring method whose matches can be converted to VPs (option ``vp_scale``)."""

    def victory_points(self, score: SectionScore, scale: VictoryPointScale) -> SectionScore:
        """``score`` with each match's margin converted to VPs on ``scale``."""
        ...


@runtime_checkable
class RescoresBoards(Protocol):
    """A scoring method that can bring a section's score up to date board by board: after
    a result is recorded or corrected, only its board is scored again (live standings,
    issue 16). Optional; the engine scores a method without it afresh."""

    def rescore(
        self,
        before: SectionScore,
        was: SectionFacts,
        facts: SectionFacts,
        boards: frozenset[int],
        options: Any,
    ) -> SectionScore | None:
        """The score of ``facts``, given ``before``, this method's own score (with the same
        ``options``) of ``was``: facts alike but for the results of ``boards``. Equal to
        ``score(facts, options)``, or None where the change reaches other boards (an
        adjusted score measured by a pair's session average, say): the engine then
        scores the section afresh."""
        ...


@runtime_checkable
class PlaysMatches(Protocol):
    """A team method: its section is a set of matches between teams, each scored board by
    board (the engine's cross-table is built from them)."""

    def matches(self, facts: SectionFacts, options: Any) -> tuple[MatchScore, ...]:
        """Every match of the section, board by board."""
        ...


@runtime_checkable
class PlaysKnockouts(Protocol):
    """A knockout method: one match of two teams played in segments (the rounds of its
    sessions), with the carry-over each team brings and a rule for a level match."""

    def match(self, segments: Sequence[SegmentFacts], options: Any) -> KnockoutMatch:
        """The match over ``segments``, in the order played; refused when a segment is
        not a match of the same two teams."""
        ...


@runtime_checkable
class MasterpointRule(Protocol):
    """A federation's rule for awarding masterpoints (or deciding who may earn them)."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]


@dataclass(frozen=True)
class Qualifying:
    """The qualifying as a carry-over rule is given it (JCBL manual part 3 ch. 1 §3).

    ``scores`` are the qualifiers' exact qualifying scores, keyed by whoever they are
    (a carry-over is returned under the same keys); ``entered`` is how many contestants
    played the qualifying (E), ``qualifying_boards`` the boards they played (B),
    ``final_top`` the top of one board of the final and ``maximum_boards`` the final's
    N-board maximum."""

    scores: Mapping[Any, Fraction]
    entered: int
    qualifying_boards: int
    final_top: Fraction
    maximum_boards: int


@runtime_checkable
class CarryOverRule(Protocol):
    """A rule for what each qualifier carries from a qualifying into a final (JCBL manual
    part 3 ch. 1 §3): the JCBL formula, the N-board maximum, the whole score …

    ``carry_over`` is given the :class:`Qualifying` as it ended and the options the
    director chose (an instance of ``Options``), and returns each qualifier's carry-over
    as published (JCBL: two decimals). The engine records the rule's name, version,
    options and what it decided."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def carry_over(self, qualifying: Qualifying, options: Any) -> Mapping[Any, Decimal]: ...


@dataclass
class _Kind:
    """The plugins of one kind, by name and by whoever registered them; and the names of
    those an indexed plugin will register when its module is imported."""

    what: Phrase  # the kind of plugin, as a message names it ("movement")
    hook: str  # its registration hook
    by_name: dict[str, Any] = field(default_factory=dict)
    by_source: dict[int, list[Any]] = field(default_factory=dict)
    """The plugins each registered module (or object) registered, by its ``id``."""
    waiting: dict[str, str] = field(default_factory=dict)
    """Name (lower case) → the entry point whose module, not imported yet, registers it."""

    def add(self, plugin: Any, source: object, entry: str | None) -> None:
        """``plugin``, registered by ``source`` (entry point ``entry``, if it has one)."""
        names = (plugin.name, *getattr(plugin, "aliases", ()))
        for name in names:  # every name checked before any is taken
            key = name.lower()
            taken = key in self.by_name and self.by_name[key] is not plugin
            if taken or self.waiting.get(key, entry) != entry:
                raise self._twice(name)
        for name in names:
            self.by_name[name.lower()] = plugin
        plugins = self.by_source.setdefault(id(source), [])
        if not any(p is plugin for p in plugins):
            plugins.append(plugin)

    def registered_by(self, source: object) -> set[str]:
        """The names (lower case) of the plugins ``source`` registered."""
        plugins = self.by_source.get(id(source), ())
        return {name.lower() for p in plugins for name in (p.name, *getattr(p, "aliases", ()))}

    def forget(self, source: object) -> None:
        """Forget what ``source`` registered (a plugin refused)."""
        for plugin in self.by_source.pop(id(source), ()):
            for key in [k for k, p in self.by_name.items() if p is plugin]:
                del self.by_name[key]

    def expect(self, names: Iterable[str], entry: str) -> None:
        """The names the entry point ``entry`` will register when its module is imported."""
        for key in names:
            if key in self.by_name or self.waiting.get(key, entry) != entry:
                raise self._twice(key)
            self.waiting[key] = entry

    def _twice(self, name: str) -> PluginError:
        return PluginError(
            N_("Two %(what)s plugins both call themselves %(name)s."),
            code="plugin.name_twice",
            what=self.what,
            name=repr(name),
        )

    def unknown(self, name: str, known: Iterable[Any]) -> PluginError:
        return PluginError(
            N_("There is no %(what)s called %(name)s."),
            hint=N_("Known: %(known)s."),
            code="plugin.not_found",
            what=self.what,
            name=repr(name),
            known=", ".join(sorted({p.name for p in known})) or "none",
        )


class Registry:
    """Every plugin this process knows, by kind and name.

    A plugin its distribution indexes (:mod:`engine.plugin_index`) is imported when one
    of its plugins is first asked for, by name or in a list of its kind: a club's
    standings import the one scoring method they are scored by, not forty modules."""

    def __init__(
        self,
        manager: pluggy.PluginManager,
        sources: list[tuple[str, str]] | None = None,
        waiting: Mapping[str, Waiting] | None = None,
    ) -> None:
        self._manager = manager
        self._sources = sorted(sources or [])
        self._waiting = dict(waiting or {})
        self._refused: dict[str, PluginError] = {}
        self._lock = threading.RLock()  # a server's threads may import a plugin at once
        what = {
            "movements": N_("movement"),
            "scoring_methods": N_("scoring method"),
            "vp_scales": N_("VP scale"),
            "masterpoint_rules": N_("masterpoint rule"),
            "carry_over_rules": N_("carry-over rule"),
            "pairing_methods": N_("pairing method"),
            "conventions": N_("convention profile"),
        }
        self._kinds = {
            kind: _Kind(Phrase(what[kind]), f"{hookspecs.PROJECT}_register_{kind}")
            for kind in KINDS
        }
        self._earlier: dict[tuple[str, str], ScoringMethod] = {}
        for plugin in manager.get_plugins():
            self._call_hooks(plugin, manager.get_name(plugin))
        for entry, names in self._waiting.items():
            for kind, keys in names.names.items():
                self._kinds[kind].expect(keys, entry)

    @property
    def manager(self) -> pluggy.PluginManager:
        """The plugin manager, with every plugin this registry offers imported."""
        with self._lock:
            for entry in list(self._waiting):
                self._import(entry)
        return self._manager

    # -- lookup ------------------------------------------------------------------------

    def _get(self, kind: str, name: str) -> Any:
        of = self._kinds[kind]
        key = name.lower()
        with self._lock:
            if key not in of.by_name and key in of.waiting:
                self._import(of.waiting[key])
            if key not in of.by_name:
                raise of.unknown(name, self._all(kind))
            return of.by_name[key]

    def _all(self, kind: str) -> list[Any]:
        """Every plugin of ``kind`` (their modules imported), in the order their hooks
        are called."""
        of = self._kinds[kind]
        with self._lock:
            for entry in sorted(set(of.waiting.values())):
                self._import(entry)
            found: list[Any] = []
            for impl in reversed(getattr(self._manager.hook, of.hook).get_hookimpls()):
                for plugin in of.by_source.get(id(impl.plugin), ()):
                    if not any(plugin is f for f in found):
                        found.append(plugin)
            return found

    def _import(self, entry: str) -> None:
        """Import the indexed plugin ``entry`` and register what it registers, which must
        be what its index said. A plugin refused stays refused, its names with it: each
        later call that needs it is refused the same way."""
        if entry in self._refused:
            raise self._refused[entry]
        waiting = self._waiting[entry]
        module: object = None
        try:
            module = _loaded(waiting.entry_point)
            _register(self._manager, module, entry)
            _check_hooks(self._manager)
            self._call_hooks(module, entry)
            for kind, of in self._kinds.items():
                _check_index(entry, kind, of.registered_by(module), waiting.names.get(kind))
        except PluginError as refused:
            self._refused[entry] = refused
            for of in self._kinds.values():
                of.forget(module)
            if module is not None and self._manager.is_registered(module):
                self._manager.unregister(module)
            raise
        del self._waiting[entry]
        for of in self._kinds.values():
            of.waiting = {k: e for k, e in of.waiting.items() if e != entry}

    def _call_hooks(self, plugin: object, entry: str | None) -> None:
        """Call ``plugin``'s registration hooks, each as pluggy would call it alone."""
        for of in self._kinds.values():
            for impl in reversed(getattr(self._manager.hook, of.hook).get_hookimpls()):
                if impl.plugin is plugin:

                    def register(found: Any, of: _Kind = of) -> None:
                        of.add(found, plugin, entry)

                    impl.function(*[register for _ in impl.argnames])

    def index(self) -> dict[str, dict[str, tuple[str, ...]]]:
        """What each entry point registers (every plugin imported), as a distribution's
        index gives it (:mod:`engine.plugin_index`): how the built-in index is checked."""
        manager = self.manager
        return {
            name: index_entry(
                {kind: of.by_source.get(id(plugin), []) for kind, of in self._kinds.items()}
            )
            for name, plugin in manager.list_name_plugin()
            if name in {entry for entry, _ in self._sources}
        }

    def movement(self, name: str) -> MovementFamily:
        return self._get("movements", name)  # type: ignore[no-any-return]

    def movements(self) -> list[MovementFamily]:
        return self._all("movements")

    def scoring(self, name: str) -> ScoringMethod:
        return self._get("scoring_methods", name)  # type: ignore[no-any-return]

    def scoring_methods(self) -> list[ScoringMethod]:
        return self._all("scoring_methods")

    def scoring_at(self, name: str, version: str | None) -> ScoringMethod:
        """The scoring method ``name`` as it scored at ``version`` (None: as it does now),
        for a section that records the version in force; :class:`VersionUnavailable` when
        the installed plugin no longer keeps that version."""
        plugin = self.scoring(name)
        if version is None or version == plugin.version:
            return plugin
        key = (plugin.name, version)
        if key not in self._earlier:
            self._earlier[key] = at_version(plugin, version)
        return self._earlier[key]

    def vp_scale(self, name: str) -> VictoryPointScale:
        return self._get("vp_scales", name)  # type: ignore[no-any-return]

    def vp_scales(self) -> list[VictoryPointScale]:
        return self._all("vp_scales")

    def masterpoint_rule(self, name: str) -> MasterpointRule:
        return self._get("masterpoint_rules", name)  # type: ignore[no-any-return]

    def masterpoint_rules(self) -> list[MasterpointRule]:
        return self._all("masterpoint_rules")

    def carry_over_rule(self, name: str) -> CarryOverRule:
        return self._get("carry_over_rules", name)  # type: ignore[no-any-return]

    def carry_over_rules(self) -> list[CarryOverRule]:
        return self._all("carry_over_rules")

    def pairing(self, name: str) -> PairingMethod:
        return self._get("pairing_methods", name)  # type: ignore[no-any-return]

    def pairing_methods(self) -> list[PairingMethod]:
        return self._all("pairing_methods")

    def convention(self, name: str) -> ConventionProfile:
        return self._get("conventions", name)  # type: ignore[no-any-return]

    def conventions(self) -> list[ConventionProfile]:
        return self._all("conventions")

    def loaded(self) -> list[tuple[str, str]]:
        """(entry-point name, distribution and version) of every plugin this registry
        offers, imported yet or not, for the log and the audit trail."""
        return list(self._sources)


def options_from_text(items: Iterable[str] | None) -> dict[str, str]:
    """Options written ``KEY=VALUE`` (as a director types them) as a plugin's options, in
    text: :func:`parse_options` reads the text by the plugin's own model."""
    options: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidInput(
                N_("%(item)r is not an option written KEY=VALUE."),
                hint=N_("Write each option as KEY=VALUE, e.g. rounds=6."),
                code="plugin.option_text",
                item=item,
            )
        options[key.strip()] = value.strip()
    return options


def parse_options(plugin: Any, options: dict[str, Any] | BaseModel | None) -> BaseModel:
    """Validate ``options`` against the plugin's model, with a message a director can read."""
    model: type[BaseModel] = plugin.Options
    if isinstance(options, model):
        return options
    try:
        return model.model_validate(_from_text(model, dict(options or {})))
    except (ValidationError, InvalidInput) as exc:
        problems = (
            exc.message.rstrip(".")  # a number written loosely, or out of bounds
            if isinstance(exc, InvalidInput)
            else "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}"
                for e in exc.errors()
            )
        )
        fields = ", ".join(model.model_fields) or "none"
        raise PluginError(
            N_("Options for %(plugin)s are not valid: %(problems)s."),
            hint=N_("Options it takes: %(fields)s."),
            code="plugin.options",
            plugin=plugin.name,
            problems=problems,
            fields=fields,
        ) from None


def _from_text(model: type[BaseModel], options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with text turned into the number or truth value a field's choices name.

    Options given on the command line are text; pydantic reads ``"3"`` as 3 for an
    ``int`` field but not for a field whose choices are ``Literal[1, 2]`` (a session
    number, a number of stanzas). Text that names one of those choices becomes it; any
    other value is left for the model to accept or refuse."""
    out = dict(options)
    for name, info in model.model_fields.items():
        for key in {name, info.alias or name}:
            value = out.get(key)
            if isinstance(value, str) and info.annotation in (int, int | None):
                out[key] = _whole_text(key, value)
            elif isinstance(value, str):
                out[key] = _choice_named(info.annotation, value)
    return out


def _whole_text(key: str, text: str) -> int | str:
    """An ``int`` option's text read strictly (:func:`engine.parsing.whole_number`):
    pydantic would take ``1_0`` for 10 and 2^64 for a number of rounds. Text that is no
    number at all is left for the model to refuse in its own words."""
    try:
        return whole_number(text, key)
    except InvalidInput:
        try:
            TypeAdapter(int).validate_python(text)
        except ValidationError:
            return text
        raise


def _choice_named(annotation: object, text: str) -> object:
    """The member of ``annotation``'s ``Literal`` choices (an int or a bool) that ``text``
    names, or ``text`` itself."""
    choices = _literal_choices(annotation)
    if text in choices:
        return text
    for choice in choices:
        if not isinstance(choice, int):  # a number or a truth value (bool is an int)
            continue
        try:
            value = TypeAdapter(type(choice)).validate_python(text)
        except ValidationError:
            continue
        if value == choice and type(value) is type(choice):
            return choice
    return text


def _literal_choices(annotation: object) -> tuple[object, ...]:
    """The values of every ``Literal`` in ``annotation`` (also in ``X | None``, ``Annotated``)."""
    origin = typing.get_origin(annotation)
    if origin is Literal:
        return typing.get_args(annotation)
    if origin is Annotated:
        return _literal_choices(typing.get_args(annotation)[0])
    if origin is Union or origin is types.UnionType:
        return tuple(c for arg in typing.get_args(annotation) for c in _literal_choices(arg))
    return ()


def _wanted(names: Iterable[str]) -> tuple[set[str] | None, set[str]]:
    """The plugins ``TRAVELLER_PLUGINS`` allows (``None``: all) and those
    ``TRAVELLER_PLUGINS_BLOCK`` blocks, refusing a name no installed plugin has (a typo
    would otherwise load, or block, something else than the director meant)."""
    installed = set(names)
    allow = os.environ.get("TRAVELLER_PLUGINS")
    block = os.environ.get("TRAVELLER_PLUGINS_BLOCK", "")
    allowed = {n.strip() for n in allow.split(",") if n.strip()} if allow else None
    blocked = {n.strip() for n in block.split(",") if n.strip()}
    named = {"TRAVELLER_PLUGINS": allowed or set(), "TRAVELLER_PLUGINS_BLOCK": blocked}
    for variable, given in named.items():
        unknown = sorted(given - installed)
        if unknown:
            raise PluginError(
                N_("%(variable)s names %(unknown)s, which no installed plugin has."),
                hint=N_("Give entry-point names from: %(installed)s."),
                code="plugin.unknown_name",
                variable=variable,
                unknown=", ".join(map(repr, unknown)),
                installed=", ".join(sorted(installed)),
            )
    return allowed, blocked


def create_registry(*extra: object) -> Registry:
    """The plugins of the entry-point group (honouring the environment) plus ``extra``.

    A plugin whose distribution indexes it (:mod:`engine.plugin_index`) is imported when
    first asked for; any other is imported, and its hooks checked, now."""
    from importlib.metadata import entry_points

    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    installed = entry_points()  # read once: both groups are selected from it
    eps = installed.select(group=ENTRY_POINT_GROUP)
    allowed, blocked = _wanted(ep.name for ep in eps)
    for name in blocked:
        manager.set_blocked(name)
    offered = [
        ep for ep in eps if (allowed is None or ep.name in allowed) and ep.name not in blocked
    ]
    index = indexed(offered, installed.select(group=INDEX_GROUP))
    sources: list[tuple[str, str]] = []
    waiting: dict[str, Waiting] = {}
    # "name version" of each distribution, read once: its metadata is parsed at each reading,
    # and the built-in plugins are forty entry points of one distribution.
    releases: dict[int, str] = {}
    for ep in offered:
        if manager.get_plugin(ep.name) is not None or ep.name in waiting:
            continue
        if ep.name in index:
            waiting[ep.name] = Waiting(ep, index[ep.name])
        else:
            _register(manager, _loaded(ep), ep.name)
        dist = ep.dist
        if dist is not None and id(dist) not in releases:
            releases[id(dist)] = f"{dist.name} {dist.version}"
        sources.append((ep.name, "?" if dist is None else releases[id(dist)]))
    for plugin in extra:
        # A waiting plugin's own module, given again (the test kit's memory_app(module)):
        # registered as its entry point, as it is when nothing waits.
        entry = next((e for e, w in waiting.items() if w.entry_point.value == _name(plugin)), None)
        if entry is not None:
            del waiting[entry]
        if not manager.is_registered(plugin):  # already found through its entry point
            _register(manager, plugin, entry)
    _check_hooks(manager)
    return Registry(manager, sources, waiting)


def _name(plugin: object) -> str | None:
    """The module name of ``plugin`` when it is a module."""
    return plugin.__name__ if isinstance(plugin, types.ModuleType) else None


def _loaded(ep: EntryPoint) -> Any:
    """What the entry point ``ep`` names, imported."""
    try:
        return ep.load()
    except Exception as exc:
        raise PluginError(
            N_("The plugin %(plugin)s could not be loaded: %(problem)s."),
            code="plugin.load",
            plugin=repr(ep.name),
            problem=str(exc),
        ) from exc


def _check_index(
    entry: str, kind: str, registered: set[str], indexed: frozenset[str] | None
) -> None:
    """Refuse the indexed plugin ``entry`` when it registered other names of ``kind``
    than its index says."""
    said = indexed or frozenset()
    if registered != said:
        raise PluginError(
            N_(
                "The plugin %(plugin)s registers %(registered)s as %(kind)s, but "
                "its index says %(indexed)s."
            ),
            hint=N_(
                "Correct the index of its distribution (its %(group)s entry point) "
                "or remove it: an unindexed plugin is imported when the registry "
                "is built."
            ),
            code="plugin.index",
            plugin=repr(entry),
            kind=kind,
            registered=", ".join(sorted(registered)) or "nothing",
            indexed=", ".join(sorted(said)) or "nothing",
            group=INDEX_GROUP,
        )


def _register(manager: pluggy.PluginManager, plugin: object, name: str | None) -> None:
    """Register ``plugin``, refusing a known hook implemented with the wrong arguments."""
    try:
        manager.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(
            N_("The plugin %(plugin)s does not match its hook: %(problem)s"),
            hint=N_("Compare it with the hooks in engine/hookspecs.py."),
            code="plugin.hook_mismatch",
            plugin=repr(_plugin_name(manager, exc.plugin, name)),
            problem=str(exc).strip(),
        ) from None


def _check_hooks(manager: pluggy.PluginManager) -> None:
    """Refuse a hook implementation that matches no hook (a misspelt ``traveller_`` name):
    otherwise it would be silently ignored."""
    hooks = {name for name in dir(hookspecs) if name.startswith(f"{hookspecs.PROJECT}_")}
    for hook_name in dir(manager.hook):
        caller = getattr(manager.hook, hook_name)
        if hook_name.startswith("_") or not isinstance(caller, pluggy.HookCaller):
            continue
        if caller.spec is None and caller.get_hookimpls():  # none left: a refused plugin's
            plugins = ", ".join(
                repr(_plugin_name(manager, impl.plugin, None)) for impl in caller.get_hookimpls()
            )
            raise PluginError(
                N_("The plugin %(plugins)s implements %(hook)s, which is not a Traveller hook."),
                hint=N_("The hooks are: %(hooks)s."),
                code="plugin.unknown_hook",
                plugins=plugins,
                hook=repr(hook_name),
                hooks=", ".join(sorted(hooks)),
            )
    manager.check_pending()  # the same question, asked by pluggy itself


def _plugin_name(manager: pluggy.PluginManager, plugin: object, name: str | None) -> str:
    if name is not None:
        return name
    known = manager.get_name(plugin)
    return getattr(plugin, "__name__", None) or known or repr(plugin)


def describe(plugins: Sequence[Any]) -> list[dict[str, Any]]:
    """Plugins (movement families, scoring methods, carry-over rules …) as data: name,
    aliases, version, what each does (its docstring) and its options with their defaults
    as a director writes them (``true``, ``100``), for every adapter to list."""
    return [
        {
            "name": p.name,
            "aliases": list(p.aliases),
            "version": p.version,
            "description": " ".join((p.__doc__ or "").split()),
            "options": {
                name: {"default": _written(info), "description": info.description or ""}
                for name, info in p.Options.model_fields.items()
            },
        }
        for p in plugins
    ]


def _written(option: FieldInfo) -> str | None:
    """An option's default as a director writes it; none if it has none."""
    value = None if option.is_required() else option.get_default(call_default_factory=True)
    if value is None:
        return None
    return str(value).lower() if isinstance(value, bool) else str(value)
