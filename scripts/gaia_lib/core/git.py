"""git, the one way every command runs it.

Rules:
- An argument list through `core.proc.run_tool`, with a timeout (60 s unless the caller says
  otherwise), in the project's environment (its hooks are the project's tools) plus:
  - `GIT_TERMINAL_PROMPT=0`: a command that wants credentials fails, it never waits for a
    password nobody will type;
  - `LC_ALL=C`: git's messages are read in English where a caller classifies them;
  - `GIT_OPTIONAL_LOCKS=0`: a query never refreshes the index behind the user's back, so
    queries run side by side (and beside the user's own git) take no `index.lock`.
- A result is read only when git succeeded: `lines` and `names` of a failed query are empty.
- What a missing git means is the caller's to say (a skipped row, an error naming it).
"""

from __future__ import annotations

from pathlib import Path

from gaia_lib.core import proc

TIMEOUT = 60.0


def env() -> dict[str, str]:
    """The environment every git call runs in (module docstring)."""
    found = proc.tool_env()
    found.update(GIT_TERMINAL_PROMPT="0", LC_ALL="C", GIT_OPTIONAL_LOCKS="0")
    return found


def run(repo: Path, *args: str, timeout: float = TIMEOUT,
        max_output: int = proc.DEFAULT_MAX_OUTPUT) -> proc.ToolResult:
    """`git <args>` in `repo`."""
    return proc.run_tool(["git", *args], cwd=repo, timeout=timeout, env=env(),
                         max_output=max_output)


def missing(result: proc.ToolResult) -> bool:
    """True when git itself could not be started."""
    return result.error is not None and result.returncode == proc.EXIT_NOT_FOUND


def lines(result: proc.ToolResult) -> list[str]:
    """A successful query's output lines; none for a failed one."""
    return result.stdout.splitlines() if result.ok else []


def names(result: proc.ToolResult) -> list[str]:
    """A successful `-z` query's NUL-separated names; none for a failed one."""
    return [name for name in result.stdout.split("\0") if name] if result.ok else []


def current_branch(repo: Path, timeout: float = TIMEOUT) -> str | None:
    """The checked-out branch; None when HEAD is detached, or outside a repository."""
    result = run(repo, "symbolic-ref", "--quiet", "--short", "HEAD", timeout=timeout)
    name = result.stdout.strip()
    return name if result.ok and name else None
