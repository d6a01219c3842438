"""Forms for a plugin's options: each field of its ``Options`` model (a movement
family's, a scoring method's) as the input that asks for it
(``console/setup_macros.html`` renders them)."""

from __future__ import annotations

import enum
import json
import types
import typing
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel


@dataclass(frozen=True)
class OptionField:
    """One option of a plugin's ``Options`` model, as a form asks for it."""

    name: str
    kind: Literal["int", "decimal", "bool", "choice", "text", "json"]
    default: Any
    required: bool
    description: str
    choices: tuple[str, ...] = ()

    @property
    def numeric(self) -> bool:
        """The choices are numbers (sent as numbers, not text)."""
        return bool(self.choices) and all(c.isdigit() for c in self.choices)


def option_fields(model: type[BaseModel]) -> list[OptionField]:
    """The fields of a plugin's options model, each with the input that asks for it."""
    fields = []
    for name, info in model.model_fields.items():
        kind, choices = _kind_of(info.annotation)
        default = None if info.is_required() else info.get_default(call_default_factory=True)
        if isinstance(default, enum.Enum):
            default = default.value
        elif kind == "json" and default is not None:
            default = _json_text(default)
        fields.append(
            OptionField(
                name=name,
                kind=kind,
                default=default,
                required=info.is_required(),
                description=info.description or "",
                choices=choices,
            )
        )
    return fields


def _kind_of(
    annotation: Any,
) -> tuple[Literal["int", "decimal", "bool", "choice", "text", "json"], tuple[str, ...]]:
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType) and len(args) == 1:
        return _kind_of(args[0])
    if origin is Literal:
        return "choice", tuple(str(a) for a in args)
    if annotation is bool:
        return "bool", ()
    if annotation is int:
        return "int", ()
    if annotation in (float, Decimal, Fraction):
        return "decimal", ()
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "choice", tuple(str(m.value) for m in annotation)
    if annotation is str:
        return "text", ()
    return "json", ()


def _json_text(value: Any) -> str:
    try:
        return json.dumps(value, default=str)
    except (TypeError, ValueError):
        return ""
