"""What a restore's preview found (`ReplacePreview`), written as JSON and read back: a large
backup's preview is computed by a task worker (the job `restore_preview`), which keeps it in
the storage for the page that shows it. Plain data only (no pickle): the dataclasses are rebuilt
field by field from their type hints, so a field added to the preview travels without more code.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import typing
from typing import Any

from tournament.exchange.backup.replace import ReplacePreview


def preview_dump(preview: ReplacePreview) -> bytes:
    return json.dumps(_plain(preview), ensure_ascii=False).encode()


def preview_load(data: bytes) -> ReplacePreview:
    return _typed(ReplacePreview, json.loads(data))


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return value


def _typed(kind: Any, value: Any) -> Any:
    """`value` (plain JSON) as `kind`: a dataclass, an enum, a list or tuple of them, or as is."""
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        hints = typing.get_type_hints(kind)
        return kind(
            **{f.name: _typed(hints[f.name], value[f.name]) for f in dataclasses.fields(kind)}
        )
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return kind(value)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is list and args:
        return [_typed(args[0], item) for item in value]
    if origin is tuple and args:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], item) for item in value)
        return tuple(_typed(arg, item) for arg, item in zip(args, value, strict=True))
    if origin is dict and len(args) == 2:
        return {key: _typed(args[1], item) for key, item in value.items()}
    return value
