"""The event's scoring conventions: the profile it follows (:mod:`engine.conventions`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from engine.application.core import ApplicationCore, UnitOfWork
from engine.conventions import DEFAULT_PROFILE, ConventionProfile
from engine.errors import N_, PluginError
from engine.registry import Registry, parse_options

__all__ = ["ConventionCommands", "EventConventions", "profile_options"]


@dataclass(frozen=True)
class EventConventions:
    """The profile an event follows, its version and the options it gave each method."""

    profile: str
    version: str | None
    """None: the event chose none (``jcbl``, every method's defaults)."""
    options: dict[str, dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {"profile": self.profile, "version": self.version, "options": self.options}


def profile_options(
    registry: Registry, name: str
) -> tuple[ConventionProfile, dict[str, dict[str, Any]]]:
    """The profile ``name`` and the options it gives each installed scoring method (by the
    method's own name), each checked against the method's options now, so that what is
    recorded scores. A method the profile names that is not installed is left out."""
    profile = registry.convention(name)
    installed = {m.name: m for m in registry.scoring_methods()}
    known = {alias.lower(): m for m in installed.values() for alias in (m.name, *m.aliases)}
    options: dict[str, dict[str, Any]] = {}
    for method_name, values in profile.options.items():
        method = known.get(method_name.lower())
        if method is None:
            continue
        try:
            parse_options(method, dict(values))
        except PluginError as exc:
            raise PluginError(
                N_(
                    "The convention profile %(profile)s gives %(method)s options it refuses: "
                    "%(problem)s"
                ),
                hint=N_("Correct the profile's plugin, or choose another profile."),
                code="conventions.options",
                profile=profile.name,
                method=method.name,
                problem=str(exc),
            ) from None
        options[method.name] = dict(values)
    return profile, options


class ConventionCommands(ApplicationCore):
    """Choosing the event's scoring conventions, and reading them."""

    def choose_conventions(
        self, event_id: UUID, profile: str, *, reason: str, actor: str = "director"
    ) -> bool:
        """The event follows the convention profile ``profile`` from now on (the options it
        gives are recorded with the choice); False if it already did. Refused once a
        session is published."""
        from engine.tournament import conventions as conventions_decide

        chosen, options = profile_options(self.registry, profile)

        def command(uow: UnitOfWork) -> bool:
            tournament = uow.tournament(event_id)
            events = conventions_decide.choose_conventions(
                tournament, chosen.name, chosen.version, options, reason=reason, actor=actor
            )
            return bool(uow.record(events))

        return self._run(actor, command)

    def conventions(self, event_id: UUID) -> EventConventions:
        """The profile the event follows and the options it recorded."""
        chosen = self.tournament(event_id).conventions
        if chosen is None:
            return EventConventions(DEFAULT_PROFILE, None, {})
        return EventConventions(chosen.profile, chosen.version, chosen.options)
