"""How every `gaia` command is declared and run: click, with each upstream script's exit codes.

Rules:
- A command is declared with `command(name, doc=__doc__, usage_code=N, upstream=...)` (or
  `group(...)` for one with subcommands). Its `--help` is built from the module docstring, the
  single source: the first line is the one-line summary `gaia help` lists, the rest (usage lines,
  stdout contract, `Exit codes:`) is printed as written, then the upstream script it replaces.
- A usage error (unknown flag, missing or bad value, unknown subcommand, extra argument) is one
  stderr line `<command>: <message> (see 'gaia <command> --help')` and exits with the command's
  own usage code (upstream's: 1, 2 or 64), never click's default 2 unless that is the code.
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

CONTEXT_SETTINGS: dict[str, Any] = {"help_option_names": ["-h", "--help"],
                                    "max_content_width": 100}
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


class GaiaCommand(_Declared, click.Command):
    def __init__(self, *args: Any, usage_code: int = 2, upstream: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.usage_code = usage_code
        self.upstream = upstream


class GaiaGroup(_Declared, click.Group):
    def __init__(self, *args: Any, usage_code: int = 2, upstream: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.usage_code = usage_code
        self.upstream = upstream

    def command(self, *args: Any, **kwargs: Any) -> Any:
        """Subcommands inherit the group's usage code and context settings."""
        kwargs.setdefault("cls", GaiaCommand)
        kwargs.setdefault("usage_code", self.usage_code)
        kwargs.setdefault("context_settings", CONTEXT_SETTINGS)
        return super().command(*args, **kwargs)


def _help_kwargs(doc: str | None, upstream: str | None) -> dict[str, Any]:
    summary, body = split_doc(doc)
    replaces = (f"Replaces upstream `{upstream}`." if upstream
                else "A gaia command (no upstream script).")
    return {
        "help": summary + ("\n\n" + _verbatim(body) if body else ""),
        "short_help": summary,
        "epilog": replaces,
        "context_settings": CONTEXT_SETTINGS,
    }


def command(name: str, *, doc: str | None, usage_code: int,
            upstream: str | None = None) -> Callable[[F], GaiaCommand]:
    """Declare a command; see the module docstring for what each argument becomes."""
    decorator = click.command(name, cls=GaiaCommand, usage_code=usage_code, upstream=upstream,
                              **_help_kwargs(doc, upstream))
    return decorator


def group(name: str, *, doc: str | None, usage_code: int,
          upstream: str | None = None) -> Callable[[F], GaiaGroup]:
    """Declare a command with subcommands (`gaia review-gate update ...`)."""
    decorator = click.group(name, cls=GaiaGroup, usage_code=usage_code, upstream=upstream,
                            **_help_kwargs(doc, upstream))
    return decorator


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
        try:
            result = cmd.main(args=list(args), prog_name=f"gaia {name}", standalone_mode=False)
        except click.UsageError as exc:
            raise UsageError(
                f"{exc.format_message()} (see 'gaia {name} --help')", _usage_code(exc, cmd)
            ) from None
        except click.Abort:
            raise KeyboardInterrupt from None
        except click.ClickException as exc:  # e.g. click.FileError on an unreadable argument
            raise GaiaError(exc.format_message(), exc.exit_code) from None
        return result if isinstance(result, int) else 0

    return handle(name, invoke, list(sys.argv[1:] if argv is None else argv))
