"""The ordinary command lines of `check`, read without typer.

Importing typer (with the click it bundles) and building its commands took 0.06–0.08 s
of the 0.2 s a small model's `ctlstark check` needed on our machine, more than parsing,
encoding and checking the model together. So `main` first tries this reader: it reads
`check MODEL [options]` the way click reads it, from the same table of options
(`options.CHECK_OPTIONS`), or declines — on `--help`, an unknown or misspelt option, a
value click would refuse, a missing model, anything unusual — and then typer reads
the command line as before, with its messages. Like the ISPL front end's hand-written
parsers, it either gives exactly what the full reader gives or gives nothing;
`tests/test_cli_quick.py` compares the two on generated command lines.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

from .options import CHECK_OPTIONS, REQUIRED, Choice, CommandOption, FilePath

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

COMMAND = "check"
_COMPLETION_VARIABLE = "_CTLSTARK_COMPLETE"  # click's shell completion asks through this variable


def read_check_line(arguments: Sequence[str]) -> dict[str, Any] | None:
    """The values of `check`'s parameters in `arguments` (the command line after the program's name), as typer
    would pass them to the command; None when the line is not an ordinary `check` line."""
    if not arguments or arguments[0] != COMMAND or _COMPLETION_VARIABLE in os.environ:
        return None
    values = _read_options(arguments[1:])
    if values is None:
        return None
    for option in CHECK_OPTIONS:
        if option.name not in values:
            if option.default is REQUIRED:
                return None
            values[option.name] = option.default
    return values


def _read_options(tokens: Sequence[str]) -> dict[str, Any] | None:
    """Each parameter given in `tokens` with its value, or None on anything but `--name value`, `--name=value`,
    flags and one positional model."""
    flags, valued = _names()
    positional = [option for option in CHECK_OPTIONS if not option.names]
    values: dict[str, Any] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token == "-" or not token.startswith("-"):
            if not positional or not token:
                return None  # a second model, or an empty one
            values[positional.pop(0).name] = token
            continue
        name, equals, text = token.partition("=")
        if name in flags and not equals:
            option, value = flags[name]
            values[option.name] = value
            continue
        option_taking_value = valued.get(name)
        if option_taking_value is None or (equals and not name.startswith("--")):
            return None  # an unknown option, --help, -qf, -fTEXT, --flag=value: typer says what it makes of it
        if not equals:
            if index == len(tokens):
                return None
            text = tokens[index]
            index += 1
            if text.startswith("-") and text != "-":
                return None
        value = _value(option_taking_value, text)
        if value is None:
            return None
        if option_taking_value.repeatable:
            values[option_taking_value.name] = [*values.get(option_taking_value.name, []), value]
        else:
            values[option_taking_value.name] = value
    return values


def _names() -> tuple[dict[str, tuple[CommandOption, bool]], dict[str, CommandOption]]:
    """Flag names with the option and the value each sets; names of options that take a value."""
    flags: dict[str, tuple[CommandOption, bool]] = {}
    valued: dict[str, CommandOption] = {}
    for option in CHECK_OPTIONS:
        if option.kind is bool:
            for name in option.names:
                on, _, off = name.partition("/")
                flags[on] = (option, True)
                if off:
                    flags[off] = (option, False)
        else:
            valued.update((name, option) for name in option.names)
    return flags, valued


def _value(option: CommandOption, text: str) -> Any:
    """The value `text` gives `option`, as typer converts it; None when click might read it otherwise or refuse it."""
    if option.convert is not None:
        try:
            return option.convert(text)
        except ValueError:
            return None
    kind = option.kind
    if kind is str:
        return text
    if kind is FilePath:
        return text or None
    if isinstance(kind, Choice):
        return text if text in kind.words else None
    if kind is int or kind is float:
        try:
            number = kind(text)
        except ValueError:
            return None
        if not math.isfinite(number) or (option.minimum is not None and number < option.minimum):
            return None
        return number
    return None
