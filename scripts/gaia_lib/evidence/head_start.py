"""The review's head start: its pytest run's Python starts while the review still reads.

A review spends its first few hundred milliseconds importing its own code, reading the story
and asking git about the branch; the measured test run's Python then spends as long again
importing pytest and coverage.py before it runs a test. On a small suite the two are most of
the review. So the review starts that Python first (`begin`), with the launcher
`runner_plugins/gaia_head_start.py`, which imports what every measured run imports and waits;
the tier that is that run then hands it its command line (`HeadStart.go`) instead of starting
a process (`execution.run_tier`).

Rules:
- Begun only for a project whose configured tiers (no bridge) include a plain
  `PYTHON -m pytest ...` command (no shell syntax, no `cd dir &&`): PYTHON, run in the project
  directory, in the environment of a measured run without the plugin's settings
  (`measured_env`), contained: the launcher is its own keeper (`proc.start_tool`'s
  `keeps_itself`, `core.reaper.keep_self`), so one Python starts, not two in a row. A config
  that cannot be read gives no head start: the review then says why, as it would have.
- What a config's tiers give (PYTHON, or none) is remembered in `<data dir>/cache/head-start`
  by the sha256 of the config file's path and bytes (the newest MAX_REMEMBERED): a config seen
  before is not parsed again here, so the launcher starts before the review imports the
  config's parser and schema. A config that could not be read is not remembered.
- It takes the first measured tier whose command starts with the same PYTHON and runs in the
  project directory (`fits`). The launcher runs the command itself only where that is the same
  as starting it (its rules); otherwise it becomes the command. Either way the tier's result,
  time limit, logs and kept processes are as a run started then would give: its time and
  duration count from the hand-over, and `on_start` is called just after it (what the
  caller starts with the run never delays it). A launcher its Python
  could not even start (`python -I` ignores PYTHONPATH) is no head start: the tier starts its
  run itself.
- Whoever begins one ends it (`with begin(...)`): a review that needs no run (its evidence
  cached, a story it refuses, an error) stops the waiting Python and everything it started.
- A command may start it earlier still, before its own code is imported (`early`, which
  `cli.early` calls for `gaia review-qa`): the `begin` of the same project that follows in
  the same process then takes that one instead of starting another. The block of `early`
  stops it if no `begin` took it (a usage error, a form that runs no test).
- GAIA_HEAD_START=0 turns it off (a run then starts as it always did); so does a platform
  without the keeper (not POSIX).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

# Import-light (no config parser, no attribution): `start` runs before the review's own code
# is imported (`cli.early`), and what it imports is on the way to the launcher's start.
from gaia_lib.core import paths, proc, writes
from gaia_lib.core.errors import GaiaError, ScopeViolation
from gaia_lib.evidence.plugins import measured_env

LAUNCHER = "gaia_head_start"  # scripts/runner_plugins/gaia_head_start.py
OFF_VAR = "GAIA_HEAD_START"
MAX_REMEMBERED = 32
_EARLY: list[HeadStart] = []  # started by `early`, not yet taken by a `begin`


class HeadStart:
    """A launcher waiting for its run's command line (module rules)."""

    def __init__(self, python: str, cwd: Path, started: proc.Started) -> None:
        self.python = python
        self.cwd = cwd
        self.started = started
        self.used = False

    def fits(self, argv: Sequence[str], cwd: Path) -> bool:
        """Whether the run `argv` in `cwd` can be this one's."""
        return not self.used and python_of(argv) == self.python and cwd == self.cwd

    def go(self, argv: Sequence[str], env: Mapping[str, str], *, timeout: float | None,
           on_start: Callable[[], object] | None = None) -> proc.ToolResult:
        """Hand over `argv` and `env` and run it to its end (`proc.finish_tool`). A launcher
        that never ran (its Python could not import it) leaves the run to `proc.run_tool`, as
        the tier would have started it; `on_start` is called once either way."""
        told = False
        if self.started.process.poll() is None:
            self.used = told = True
            line = json.dumps({"argv": list(argv), "env": dict(env), "cwd": str(self.cwd)})
            since = time.monotonic()
            proc.send_input(self.started, (line + "\n").encode("utf-8"))
            # what the caller starts with the run comes after the hand-over, not before it
            if on_start is not None:
                on_start()
            result = proc.finish_tool(self.started, timeout=timeout, since=since)
            if not (result.returncode == 1 and not result.stdout
                    and f"No module named {LAUNCHER}" in result.stderr):
                return result
            # it failed as it started, the line already on its way
        else:
            self.stop()
        return proc.run_tool(argv, cwd=self.cwd, timeout=timeout, env=env, contain=True,
                             on_start=None if told else on_start)

    def stop(self) -> None:
        """End it unused (nothing when it ran)."""
        if not self.used:
            self.used = True
            proc.stop_tool(self.started)


def python_of(argv: Sequence[str] | None) -> str | None:
    """PYTHON of a `PYTHON -m pytest ...` argument list, else None."""
    return argv[0] if argv and len(argv) >= 3 and list(argv[1:3]) == ["-m", "pytest"] else None


def configured_python(project: Path) -> str | None:
    """PYTHON of the project's first plain `PYTHON -m pytest ...` tier (module rules); None
    where there is none. GaiaError for a config that cannot be read."""
    from gaia_lib.core import config as project_config

    config = project_config.load(project)
    if config.bridge.enabled or not config.has_test_execution:
        return None
    return next(filter(None, (python_of(proc.plain_argv(t.command or ""))
                              for t in config.tiers)), None)


def memory_path() -> str:
    return os.path.join(paths.data_root(), "cache", "head-start")


def _config_digest(project: Path) -> str | None:
    import hashlib

    where = paths.project_config(project)
    try:
        data = where.read_bytes()
    except OSError:
        return None
    return hashlib.sha256(os.fsencode(where) + b"\0" + data).hexdigest()


def _remembered() -> list[tuple[str, str]]:
    """(config digest, PYTHON or "" for none), newest first."""
    try:
        with open(memory_path(), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
    except (OSError, UnicodeDecodeError):
        return []
    return [(digest, python) for line in lines
            for digest, tab, python in (line.partition("\t"),) if tab and len(digest) == 64]


def _python(project: Path) -> str | None:
    """`configured_python`, remembered (module rules); None for a config that cannot be read."""
    digest = _config_digest(project)
    known = _remembered() if digest else []
    recalled = next((python for seen, python in known if seen == digest), None)
    if recalled is not None:
        return recalled or None
    try:
        found = configured_python(project)
    except GaiaError:
        return None
    if digest is not None and "\n" not in (found or ""):
        kept = [(digest, found or ""), *(entry for entry in known if entry[0] != digest)]
        try:
            writes.write_text(memory_path(), "".join(f"{d}\t{p}\n" for d, p in
                                                      kept[:MAX_REMEMBERED]), durable=False)
        except (OSError, ScopeViolation):
            pass  # a store that cannot be written: parsed again next time
    return found


def start(project: Path) -> HeadStart | None:
    """The project's head start, started; None where the rules give none."""
    if os.environ.get(OFF_VAR) == "0" or os.name != "posix":
        return None
    python = _python(project)
    if python is None:
        return None
    started = proc.start_tool([python, "-m", LAUNCHER, python], cwd=project,
                              env=measured_env(), stdin=True, contain=True, keeps_itself=True)
    if isinstance(started, proc.ToolResult):
        return None
    return HeadStart(python, project, started)


@contextmanager
def early(project: Path) -> Iterator[None]:
    """`start` now, for a `begin(project)` inside the block to take; stopped at its end if
    none did."""
    head = start(project)
    if head is not None:
        _EARLY.append(head)
    try:
        yield
    finally:
        if head is not None:
            if head in _EARLY:
                _EARLY.remove(head)
            head.stop()


@contextmanager
def begin(project: Path) -> Iterator[HeadStart | None]:
    """The project's head start (the one `early` started, else `start`), stopped at the
    block's end if no run took it."""
    head = next((h for h in _EARLY if h.cwd == project), None)
    if head is not None:
        _EARLY.remove(head)
    else:
        head = start(project)
    try:
        yield head
    finally:
        if head is not None:
            head.stop()
