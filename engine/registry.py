"""The plugin API: what a movement family and a scoring method look like, and the registry.

Plugins are discovered from the ``traveller`` entry-point group (the built-ins
too). ``TRAVELLER_PLUGINS`` (a comma-separated allow-list of entry-point names)
restricts which are loaded and ``TRAVELLER_PLUGINS_BLOCK`` blocks some.

One concept: the plugin API a plugin author reads in one place, each kind of plugin's
protocol beside the registry that looks them up by name.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal, Protocol, Union, cast, runtime_checkable

import pluggy
from pydantic import BaseModel, TypeAdapter, ValidationError, create_model
from pydantic.fields import FieldInfo

from engine import hookspecs
from engine.conventions import ConventionProfile
from engine.errors import N_, Fix, InvalidInput, Phrase, PluginError
from engine.matches import KnockoutMatch, MatchScore, SegmentFacts
from engine.movement import Movement
from engine.pairing.method import PairingMethod as PairingMethod
from engine.parsing import whole_number
from engine.scoring import SectionFacts, SectionScore

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
    what: Phrase  # the kind of plugin, as a message names it ("movement")
    by_name: dict[str, Any] = field(default_factory=dict)
    primary: dict[str, Any] = field(default_factory=dict)

    def add(self, plugin: Any) -> None:
        for name in (plugin.name, *getattr(plugin, "aliases", ())):
            key = name.lower()
            if key in self.by_name and self.by_name[key] is not plugin:
                raise PluginError(
                    N_("Two %(what)s plugins both call themselves %(name)s."),
                    code="plugin.name_twice",
                    what=self.what,
                    name=repr(name),
                )
            self.by_name[key] = plugin
        self.primary[plugin.name] = plugin

    def get(self, name: str) -> Any:
        try:
            return self.by_name[name.lower()]
        except KeyError:
            known = ", ".join(sorted(self.primary)) or "none"
            raise PluginError(
                N_("There is no %(what)s called %(name)s."),
                hint=N_("Known: %(known)s."),
                code="plugin.not_found",
                what=self.what,
                name=repr(name),
                known=known,
            ) from None


class Registry:
    """Every plugin this process knows, by kind and name."""

    def __init__(
        self, manager: pluggy.PluginManager, sources: list[tuple[str, str]] | None = None
    ) -> None:
        self.manager = manager
        self._sources = sorted(sources or [])
        self._movements = _Kind(Phrase(N_("movement")))
        self._scoring = _Kind(Phrase(N_("scoring method")))
        self._vp_scales = _Kind(Phrase(N_("VP scale")))
        self._masterpoints = _Kind(Phrase(N_("masterpoint rule")))
        self._carry_overs = _Kind(Phrase(N_("carry-over rule")))
        self._pairing = _Kind(Phrase(N_("pairing method")))
        self._conventions = _Kind(Phrase(N_("convention profile")))
        self._earlier: dict[tuple[str, str], ScoringMethod] = {}
        manager.hook.traveller_register_movements(register=self._movements.add)
        manager.hook.traveller_register_scoring_methods(register=self._scoring.add)
        manager.hook.traveller_register_vp_scales(register=self._vp_scales.add)
        manager.hook.traveller_register_masterpoint_rules(register=self._masterpoints.add)
        manager.hook.traveller_register_carry_over_rules(register=self._carry_overs.add)
        manager.hook.traveller_register_pairing_methods(register=self._pairing.add)
        manager.hook.traveller_register_conventions(register=self._conventions.add)

    # -- lookup ------------------------------------------------------------------------

    def movement(self, name: str) -> MovementFamily:
        return self._movements.get(name)  # type: ignore[no-any-return]

    def movements(self) -> list[MovementFamily]:
        return list(self._movements.primary.values())

    def scoring(self, name: str) -> ScoringMethod:
        return self._scoring.get(name)  # type: ignore[no-any-return]

    def scoring_methods(self) -> list[ScoringMethod]:
        return list(self._scoring.primary.values())

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
        return self._vp_scales.get(name)  # type: ignore[no-any-return]

    def vp_scales(self) -> list[VictoryPointScale]:
        return list(self._vp_scales.primary.values())

    def masterpoint_rule(self, name: str) -> MasterpointRule:
        return self._masterpoints.get(name)  # type: ignore[no-any-return]

    def masterpoint_rules(self) -> list[MasterpointRule]:
        return list(self._masterpoints.primary.values())

    def carry_over_rule(self, name: str) -> CarryOverRule:
        return self._carry_overs.get(name)  # type: ignore[no-any-return]

    def carry_over_rules(self) -> list[CarryOverRule]:
        return list(self._carry_overs.primary.values())

    def pairing(self, name: str) -> PairingMethod:
        return self._pairing.get(name)  # type: ignore[no-any-return]

    def pairing_methods(self) -> list[PairingMethod]:
        return list(self._pairing.primary.values())

    def convention(self, name: str) -> ConventionProfile:
        return self._conventions.get(name)  # type: ignore[no-any-return]

    def conventions(self) -> list[ConventionProfile]:
        return list(self._conventions.primary.values())

    def loaded(self) -> list[tuple[str, str]]:
        """(entry-point name, distribution and version) for the log and the audit trail."""
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
    """Load plugins from the entry-point group (honouring the environment) plus ``extra``."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    from importlib.metadata import entry_points

    eps = entry_points(group=ENTRY_POINT_GROUP)
    allowed, blocked = _wanted(ep.name for ep in eps)
    sources: list[tuple[str, str]] = []
    for name in blocked:
        manager.set_blocked(name)
    for ep in eps:
        if (allowed is not None and ep.name not in allowed) or ep.name in blocked:
            continue
        if manager.get_plugin(ep.name) is not None:
            continue
        try:
            module = ep.load()
        except Exception as exc:
            raise PluginError(
                N_("The plugin %(plugin)s could not be loaded: %(problem)s."),
                code="plugin.load",
                plugin=repr(ep.name),
                problem=str(exc),
            ) from exc
        _register(manager, module, ep.name)
        dist = ep.dist
        sources.append((ep.name, "?" if dist is None else f"{dist.name} {dist.version}"))
    for plugin in extra:
        if not manager.is_registered(plugin):  # already found through its entry point
            _register(manager, plugin, None)
    _check_hooks(manager)
    return Registry(manager, sources)


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
        if caller.spec is None:
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
