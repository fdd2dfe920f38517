"""How every `gaia` command is declared and run: click, with each upstream script's exit codes.

Rules:
- A command is declared with `command(name, doc=__doc__, usage_code=N, upstream=...)` (or
  `group(...)` for one with subcommands). Its `--help` is built from the module docstring, the
  single source: the first line is the one-line summary `gaia help` lists, the rest (usage lines,
  stdout contract, `Exit codes:`) is printed as written, then the upstream script it replaces.
- A usage error (unknown flag, missing or bad value, unknown subcommand, extra argument) is one
  stderr line `<command>: <message> (see 'gaia <command> --help')` and exits with the command's
  own usage code (upstream's: 1, 2 or 64), never click's default 2 unless that is the code.
  The message keeps the words the commands have always used (`unrecognized arguments: --x`,
  `the following arguments are required: --story`, `argument --format: invalid choice: 'x'`,
  `argument --story: expected one argument`), whatever click's own wording: scripts grep them.
- A group answers a missing subcommand with its `missing` message and an unknown one with its
  `unknown` template (`{name}` and `{choices}` filled in). A group with a `default` subcommand
  runs it when the first argument is not a subcommand name (`gaia review-qa E1-S1`).
- `usage=` replaces click's `Usage:` line at the top of `--help` with the command's own lines.
- `--help` / `-h` print to stdout and exit 0. `--flag=value` and `--flag value` are the same.
- Everything else a command raises goes through `core.handler.handle`: one line on stderr and
  the error's documented code; an unexpected exception is 70 with the traceback in the logs.
- A command's callback returns its exit code (None counts as 0).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from gaia_lib.core.errors import GaiaError, UsageError
from gaia_lib.core.handler import handle

# A fixed width: help text is the same in a terminal, a pipe and a test.
CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"],
                                    "terminal_width": 100, "max_content_width": 100}
F = TypeVar("F", bound=Callable[..., Any])


def split_doc(doc: str | None) -> tuple[str, str]:
    """(summary, body) of a module docstring: the first line without the `gaia x`: prefix."""
    lines = (doc or "").strip().splitlines()
    if not lines:
        return "", ""
    first = lines[0].strip()
    if first.startswith("`gaia ") and "`: " in first:
        first = first.split("`: ", 1)[1]
    summary = first[:1].upper() + first[1:]
    return summary.rstrip("."), "\n".join(lines[1:]).strip("\n")


def _verbatim(body: str) -> str:
    # click rewraps paragraphs unless they start with \b; usage blocks and tables must not move.
    return "\n\n".join(f"\b\n{para}" for para in body.split("\n\n") if para.strip())


class _Declared:
    """What GaiaCommand and GaiaGroup add to click's classes."""

    usage_code: int = 2
    upstream: str | None = None
    usage_text: str | None = None

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.usage_text is None:
            super().format_usage(ctx, formatter)  # type: ignore[misc]
        else:
            formatter.write(self.usage_text.rstrip("\n") + "\n")


class GaiaCommand(_Declared, click.Command):
    def __init__(self, *args: Any, usage_code: int = 2, upstream: str | None = None,
                 usage: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.usage_code = usage_code
        self.upstream = upstream
        self.usage_text = usage

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Extra arguments are reported in the commands' own words (see the module docstring)."""
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True
        rest = super().parse_args(ctx, args)
        if rest and not allowed and not ctx.resilient_parsing:
            raise click.UsageError(f"unrecognized arguments: {' '.join(rest)}", ctx)
        return rest


class GaiaGroup(_Declared, click.Group):
    def __init__(self, *args: Any, usage_code: int = 2, upstream: str | None = None,
                 usage: str | None = None, missing: str | None = None,
                 unknown: str = "invalid choice: '{name}' (choose from {choices})",
                 default: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.usage_code = usage_code
        self.upstream = upstream
        self.usage_text = usage
        self.missing = missing
        self.unknown = unknown
        self.default = default

    def command(  # type: ignore[override]
        self, *args: Any, **kwargs: Any
    ) -> Callable[[Callable[..., Any]], GaiaCommand]:
        """Subcommands inherit the group's usage code and context settings."""
        kwargs.setdefault("cls", GaiaCommand)
        kwargs.setdefault("usage_code", self.usage_code)
        kwargs.setdefault("context_settings", CONTEXT_SETTINGS)
        decorator: Callable[[Callable[..., Any]], GaiaCommand] = super().command(*args, **kwargs)
        return decorator

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] in ctx.help_option_names:
            args = args[:1]  # `--help --project .`: the help, whatever follows it
        elif self.default is not None and not (args and args[0] in self.commands):
            args = [self.default, *args]
        return super().parse_args(ctx, args)

    def choices(self) -> str:
        return ", ".join(repr(name) for name in self.commands)

    def missing_message(self) -> str:
        return self.missing or f"a subcommand is required (choose from {self.choices()})"

    def unknown_message(self, name: str) -> str:
        return self.unknown.format(name=name, choices=self.choices())


class Choice(click.Choice):  # type: ignore[type-arg]
    """click.Choice that words a bad value as the commands always have."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value in self.choices:
            return value
        listed = ", ".join(repr(c) for c in self.choices)
        self.fail(f"invalid choice: {value!r} (choose from {listed})", param, ctx)


def _help_kwargs(doc: str | None, upstream: str | None, extra: dict[str, Any]) -> dict[str, Any]:
    summary, body = split_doc(doc)
    replaces = (f"Replaces upstream `{upstream}`." if upstream
                else "A gaia command (no upstream script).")
    return {
        "help": summary + ("\n\n" + _verbatim(body) if body else ""),
        "short_help": summary,
        "epilog": replaces,
        **extra,
        "context_settings": {**CONTEXT_SETTINGS, **extra.get("context_settings", {})},
    }


def command(name: str, *, doc: str | None, usage_code: int, upstream: str | None = None,
            **extra: Any) -> Callable[[F], GaiaCommand]:
    """Declare a command; see the module docstring for what each argument becomes."""
    decorator = click.command(name, cls=GaiaCommand, usage_code=usage_code, upstream=upstream,
                              **_help_kwargs(doc, upstream, extra))
    return decorator


def group(name: str, *, doc: str | None, usage_code: int, upstream: str | None = None,
          **extra: Any) -> Callable[[F], GaiaGroup]:
    """Declare a command with subcommands (`gaia review-gate update ...`)."""
    decorator = click.group(name, cls=GaiaGroup, usage_code=usage_code, upstream=upstream,
                            **_help_kwargs(doc, upstream, extra))
    return decorator


def _param_name(param: click.Parameter | None) -> str:
    if param is None:
        return "value"
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return param.metavar or param.name or "argument"


def usage_message(exc: click.UsageError, args: Sequence[str] = ()) -> str:
    """The message of a click usage error, in the words the commands have always used; an
    unknown option named as the user typed it (`-E1-S1`, which the parser reads as `-E`)."""
    ctx = exc.ctx
    group_cmd = ctx.command if ctx is not None and isinstance(ctx.command, GaiaGroup) else None
    if isinstance(exc, click.exceptions.NoArgsIsHelpError) and group_cmd is not None:
        return group_cmd.missing_message()
    if isinstance(exc, click.exceptions.NoSuchCommand) and group_cmd is not None:
        return group_cmd.unknown_message(exc.command_name)
    if isinstance(exc, click.NoSuchOption):
        typed = next((a for a in args if a.startswith(exc.option_name)
                      and not a.startswith("--")), exc.option_name)
        return f"unrecognized arguments: {typed}"
    if isinstance(exc, click.BadOptionUsage) and " requires " in exc.message:
        return f"argument {exc.option_name}: expected one argument"
    if isinstance(exc, click.MissingParameter):
        return f"the following arguments are required: {_param_name(exc.param)}"
    if isinstance(exc, click.BadParameter):
        return f"argument {_param_name(exc.param)}: {exc.message}"
    return exc.format_message()


def _usage_code(exc: click.UsageError, fallback: click.Command) -> int:
    ctx: click.Context | None = exc.ctx
    while ctx is not None:
        if isinstance(ctx.command, _Declared):
            return ctx.command.usage_code
        ctx = ctx.parent
    return fallback.usage_code if isinstance(fallback, _Declared) else 2


def run(cmd: click.Command, argv: Sequence[str] | None, prog: str | None = None) -> int:
    """Run `cmd` on argv (default: sys.argv[1:]) under the one error handler; return the code."""
    name = prog or cmd.name or "gaia"

    def invoke(args: Sequence[str]) -> int:
        # click's `main` without its standalone handling: it writes a blank line to stderr on
        # Ctrl-C (closing a terminal's `^C`), which a captured stderr keeps as a second line;
        # the handler writes that line only to a terminal.
        try:
            with cmd.make_context(f"gaia {name}", list(args)) as ctx:
                result = cmd.invoke(ctx)
        except click.exceptions.Exit as exc:  # --help, --version: done, with their code
            return exc.exit_code
        except click.UsageError as exc:
            raise UsageError(
                f"{usage_message(exc, args)} (see 'gaia {name} --help')", _usage_code(exc, cmd)
            ) from None
        except click.Abort:
            raise KeyboardInterrupt from None
        except click.ClickException as exc:  # e.g. click.FileError on an unreadable argument
            raise GaiaError(exc.format_message(), exc.exit_code) from None
        return result if isinstance(result, int) else 0

    return handle(name, invoke, list(sys.argv[1:] if argv is None else argv))
