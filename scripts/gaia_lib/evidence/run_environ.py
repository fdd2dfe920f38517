"""The environment variables a story's tests may find set when the review runs them.

A check under a condition on a variable the run does not set never runs
(`placeholders._unset_env_dead`), so the review must not call a variable unset that its run
sets. Counted as set (only the names matter, never the values):
- every variable of the review's own environment (the run inherits it);
- `CI`, which a jest or vitest run is given (`execution`);
- every capitalised word of the tier commands and the coverage command (`SLOW=1 pytest`), and
  of the project's test configuration files at its root (pytest-env's `env =` in
  pyproject.toml, pytest.ini, setup.cfg or tox.ini; a vitest or jest config's `env`;
  package.json scripts; a `.env` file);
- what a `conftest.py` in a test's directory or above it sets, and what a setup file there
  (`*setup*.py`, `.js`, `.ts`, ...) sets (`placeholders.env_set_by`); where one may set any
  (`os.environ.update(...)`), every variable the tests read.

`go_short` tells whether `testing.Short()` is true in the run: the tier commands that run
`go test` pass `-short` (or the GOFLAGS they or the review run with do), for a Go test that
returns under `if testing.Short() {` (`placeholders._go_short_read`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath

from gaia_lib.core import proc, reads
from gaia_lib.core.config import ProjectConfig
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import placeholders

CONFIG_FILES = ("pyproject.toml", "setup.cfg", "pytest.ini", "tox.ini", "package.json", ".env")
CONFIG_GLOBS = ("vitest.config.*", "vite.config.*", "vitest.workspace.*", "jest.config.*")
SETUP_GLOBS = ("conftest.py", "*setup*.py", "*setup*.js", "*setup*.ts", "*setup*.mjs",
               "*setup*.cjs", "*setup*.mts", "*setup*.cts")
_WORD = re.compile(r"\b[A-Z][A-Z0-9_]*\b")
READ_LIMIT = 1_000_000  # bytes of one configuration or setup file


def _read(path: Path) -> str:
    return reads.head_text(path, READ_LIMIT) or ""


def _setup_files(project: Path, tests: Iterable[str]) -> list[Path]:
    """The conftest and setup files in the directories of `tests` and every one above them,
    up to the project root."""
    dirs: set[PurePosixPath] = set()
    for test in tests:
        dirs.update(PurePosixPath(test).parents)
    return sorted({found for rel in dirs for pattern in SETUP_GLOBS
                   for found in (project / rel).glob(pattern) if found.is_file()})


def run_environ(config: ProjectConfig, project: Path, tests: Iterable[str],
                texts: Mapping[str, str], environ: Mapping[str, str] = os.environ
                ) -> dict[str, str]:
    """The variables counted as set in the run of `tests` (module docstring); `texts`: the
    test files' texts, whose read variables all count as set where a setup file may set
    any."""
    out = dict(environ)
    out.setdefault("CI", "true")
    commands = [tier.command or "" for tier in config.tiers] + [config.coverage_command or ""]
    words = [*commands, *(_read(project / name) for name in CONFIG_FILES),
             *(_read(found) for pattern in CONFIG_GLOBS for found in project.glob(pattern))]
    for text in words:
        out.update(dict.fromkeys(_WORD.findall(text), ""))
    for found in _setup_files(project, list(tests)):
        named = placeholders.env_set_by(_read(found))
        if named is None:  # may set any: every variable the tests read counts as set
            named = frozenset().union(*map(placeholders.env_read_by, texts.values()))
        out.update(dict.fromkeys(named, ""))
    return out


# `go test`'s flag that makes `testing.Short()` true: `-short`, `-short=true`, `-test.short`
_SHORT_FLAG = lazy_re(r"^--?(?:test\.)?short(?:=(?P<value>\S*))?$")
_ASSIGNMENT = re.compile(r"^[A-Za-z_]\w*=")


def _short_in(flags: Iterable[str], short: bool) -> bool:
    """`short` as the last of `flags` that sets it leaves it (Go reads `-short=false`, `=0`,
    `=f` as false)."""
    for flag in flags:
        found = _SHORT_FLAG.match(flag)
        if found is not None:
            short = found.group("value") in (None, "1", "t", "T", "true", "TRUE", "True")
    return short


def go_short(config: ProjectConfig, environ: Mapping[str, str] = os.environ) -> bool | None:
    """Whether `testing.Short()` is true in the review's runs of Go tests: True when every
    tier command that runs `go test` passes `-short` (its own flags, or a GOFLAGS it sets or
    the review's environment has: the run inherits it), False when none does, None when they
    differ or no tier command runs `go test` itself (`make test`: what it runs is not read)."""
    found: set[bool] = set()
    for tier in config.tiers:
        words = proc.command_words(tier.command or "") or []
        lead = next((at for at, word in enumerate(words) if not _ASSIGNMENT.match(word)),
                    len(words))  # `GOFLAGS=-short go test ./...`: what the command sets
        settings = dict(word.split("=", 1) for word in words[:lead])
        command = words[lead:]
        if command[:2] != ["go", "test"]:
            continue
        goflags = settings.get("GOFLAGS", environ.get("GOFLAGS", "")).split()
        found.add(_short_in(command[2:], _short_in(goflags, False)))
    return found.pop() if len(found) == 1 else None
