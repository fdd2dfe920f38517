"""The real Claude Code CLI for end-to-end tests: install it from npm once, run it isolated.

Install: `npm install @anthropic-ai/claude-code@<version>` into
`$GAIA_CLAUDE_CLI_CACHE/<version>` (default `~/.cache/gaia-tests/claude-cli/<version>`), outside
the repository, once; later runs reuse it. The first install downloads about 230 MB per
version (a native binary) and took 6-10 s per version on a fast link; budget a minute or two
on a slow one. Delete the version's folder to refresh `latest`.

Versions, pinned so a new CLI release cannot change a green run: `2.1.332` (NEWEST_TESTED, the
newest the suite has been run against; it declares `engines.node >= 22`, so under Node 20 npm
prints an EBADENGINE warning, which is harmless because the CLI is a native binary) and
`2.1.197` (what a bare install gives under Node 20, the oldest CLI we support).
`GAIA_TEST_CLI_LATEST=1` adds npm's `latest` as a third version: the way to try a new release
before moving NEWEST_TESTED (and the notes in docs/claude-code-notes.md) to it.
Tests marked `every_cli` (plugin loading, hooks, CLI features) run on every version; the other
workflow sessions on all but OLDEST_SUPPORTED (`conftest.pytest_generate_tests`).

Every run gets its own CLAUDE_CONFIG_DIR, DISABLE_TELEMETRY=1 and
CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1, and none of the caller's CLAUDE_* / ANTHROPIC_*
variables, so nothing reads or writes the developer's real `~/.claude`. GAIA_* variables pass
through: the suite points GAIA_DATA_DIR at a temp dir, and the plugin's hooks must see it.

`run_session` drives `claude -p` against the scripted fake Messages API in `fake_api`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from e2e.fake_api import FakeAnthropic, RecordedRequest, Step, tool_result_text
from helpers.tools import cache_lock

PACKAGE = "@anthropic-ai/claude-code"
NEWEST_TESTED = "2.1.332"  # docs/claude-code-notes.md records what was learned on it
OLDEST_SUPPORTED = "2.1.197"
LATEST_ENV = "GAIA_TEST_CLI_LATEST"  # =1 adds npm's `latest` to the versions under test
CLI_VERSIONS = (NEWEST_TESTED, OLDEST_SUPPORTED) + (
    ("latest",) if os.environ.get(LATEST_ENV) == "1" else ())
INSTALL_TIMEOUT = 900.0
RUN_TIMEOUT = 120.0
_MARKER = ".gaia-installed"  # written last: a folder without it is a failed install

# The test suite's autouse fixture clears GAIA_* variables per test; read the override now.
_CACHE_OVERRIDE = os.environ.get("GAIA_CLAUDE_CLI_CACHE")

_ISOLATION_ENV = {
    "DISABLE_TELEMETRY": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_AUTOUPDATER": "1",
}


class CliUnavailable(RuntimeError):
    """npm is missing or the install failed; the message says what to do."""


def cache_root() -> Path:
    override = os.environ.get("GAIA_CLAUDE_CLI_CACHE") or _CACHE_OVERRIDE
    if override:
        return Path(override).expanduser()
    return Path.home() / ".cache" / "gaia-tests" / "claude-cli"


def _binary_in(folder: Path) -> Path:
    return folder / "node_modules" / ".bin" / "claude"


def install_cli(version: str) -> Path:
    """The `claude` binary for `version`, installed into the cache on first use."""
    if not re.fullmatch(r"latest|\d+\.\d+\.\d+", version):
        raise CliUnavailable(f"unsupported Claude Code version spec {version!r}")
    root = cache_root()
    folder = root / version
    binary = _binary_in(folder)
    with cache_lock(root / f"{version}.lock"):
        if (folder / _MARKER).is_file() and binary.exists():
            return binary
        npm = shutil.which("npm")
        if npm is None:
            raise CliUnavailable(
                "npm not found on PATH: the `claude` tests install the real Claude Code CLI "
                f"({PACKAGE}) from npm; install Node.js 20+ with npm"
            )
        staging = Path(tempfile.mkdtemp(prefix=f".staging-{version}-", dir=root))
        try:
            proc = subprocess.run(
                [npm, "install", "--prefix", str(staging), "--no-save", "--no-audit",
                 "--no-fund", "--loglevel=error", f"{PACKAGE}@{version}"],
                capture_output=True, text=True, timeout=INSTALL_TIMEOUT,
                stdin=subprocess.DEVNULL, check=False,
            )
            staged_binary = _binary_in(staging)
            if proc.returncode != 0 or not staged_binary.exists():
                raise CliUnavailable(
                    f"`npm install {PACKAGE}@{version}` failed (exit {proc.returncode}): "
                    + (proc.stderr.strip() or proc.stdout.strip())[-2000:]
                )
            probe = subprocess.run(
                [str(staged_binary), "--version"], capture_output=True, text=True,
                timeout=60, stdin=subprocess.DEVNULL, check=False,
            )
            if probe.returncode != 0:
                raise CliUnavailable(
                    f"installed {PACKAGE}@{version} does not run: {probe.stderr.strip()}"
                )
            (staging / _MARKER).write_text(probe.stdout.strip() + "\n")
            if folder.exists():
                shutil.rmtree(folder)
            os.replace(staging, folder)  # .bin links are relative, so the move keeps them valid
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
    return binary


def isolated_env(config_dir: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The caller's environment without Claude/Anthropic settings, plus the isolation flags."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE", "ANTHROPIC_"))}
    env.update(_ISOLATION_ENV)
    env["CLAUDE_CONFIG_DIR"] = str(config_dir)
    env.update(extra or {})
    return env


def parse_version(text: str) -> tuple[int, ...]:
    """`2.1.332 (Claude Code)` -> (2, 1, 332)."""
    match = re.search(r"(\d+)\.(\d+)\.(\d+)", text)
    if match is None:
        raise ValueError(f"no version in {text!r}")
    return tuple(int(p) for p in match.groups())


@dataclass(frozen=True)
class ClaudeCli:
    """One installed CLI version. `run` isolates each call in the given config dir."""

    requested: str
    binary: Path

    @property
    def version(self) -> tuple[int, ...]:
        marker = self.binary.parents[2] / _MARKER
        return parse_version(marker.read_text())

    def run(
        self,
        *args: str,
        config_dir: Path,
        cwd: Path | None = None,
        env: Mapping[str, str] | None = None,
        timeout: float = RUN_TIMEOUT,
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.binary), *args], cwd=cwd, env=isolated_env(config_dir, env),
            capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL,
            check=False,
        )

    def help_text(self, *subcommand: str, config_dir: Path) -> str:
        return self.run(*subcommand, "--help", config_dir=config_dir).stdout


# --- plugin inventory ----------------------------------------------------------------------


def _frontmatter_name(markdown: Path) -> str | None:
    """The `name:` of a markdown file's frontmatter, read without a YAML parser on purpose:
    the CLI is the judge of the YAML; this only has to know which name to expect."""
    lines = markdown.read_text(encoding="utf-8").splitlines()
    if not lines or lines[0].strip() != "---":
        return None
    for line in lines[1:]:
        if line.strip() == "---":
            break
        match = re.fullmatch(r"name:\s*['\"]?([^'\"#]+?)['\"]?\s*(#.*)?", line)
        if match:
            return match.group(1).strip()
    return None


@dataclass(frozen=True)
class Inventory:
    """What the repository defines, computed from its files."""

    skills: frozenset[str]  # skill folder names (the CLI identifies skills by folder)
    agent_files: frozenset[str]  # agents/*.md stems
    agent_names: frozenset[str]  # frontmatter `name`, else the stem
    hook_events: frozenset[str]


def plugin_inventory(root: Path) -> Inventory:
    skills = frozenset(p.parent.name for p in root.glob("skills/*/SKILL.md"))
    agents = sorted(root.glob("agents/*.md"))
    hooks_file = root / "hooks" / "hooks.json"
    events: frozenset[str] = frozenset()
    if hooks_file.is_file():
        events = frozenset(json.loads(hooks_file.read_text(encoding="utf-8"))["hooks"])
    return Inventory(
        skills=skills,
        agent_files=frozenset(p.stem for p in agents),
        agent_names=frozenset(_frontmatter_name(p) or p.stem for p in agents),
        hook_events=events,
    )


def parse_details_inventory(text: str) -> dict[str, frozenset[str]]:
    """The `Component inventory` of `claude plugin details`: `Skills (2)  a, b` lines."""
    found: dict[str, frozenset[str]] = {}
    for line in text.splitlines():
        match = re.match(r"\s*(Skills|Agents|Hooks|Commands)\s+\((\d+)\)\s*(.*)$", line)
        if not match:
            continue
        kind, count, rest = match.group(1).lower(), int(match.group(2)), match.group(3)
        rest = rest.split("  (")[0]  # drops "(harness-only ...)" after the hook list
        names = frozenset(n.strip() for n in rest.split(",") if n.strip()) if count else frozenset()
        found[kind] = names
    return found


@dataclass(frozen=True)
class Reported:
    """What the CLI says the plugin provides. `validate --json` names agents by frontmatter
    `name`, `plugin details` by file stem; `agents_by` says which."""

    source: str
    skills: frozenset[str]
    agents: frozenset[str]
    hook_events: frozenset[str]
    agents_by: str  # "name" or "file"


def reported_components(cli: ClaudeCli, root: Path, config_dir: Path) -> Reported:
    """`validate --json` where the CLI has it; else (2.1.197, whose text output lists no
    components) the runtime inventory of `plugin details <name>@inline`."""
    name = json.loads((root / ".claude-plugin" / "plugin.json").read_text("utf-8"))["name"]
    if "--json" in cli.help_text("plugin", "validate", config_dir=config_dir):
        proc = cli.run("plugin", "validate", "--json", ".claude-plugin/plugin.json",
                       config_dir=config_dir, cwd=root)
        provides = json.loads(proc.stdout)["provides"]
        prefix = f"{name}:"
        return Reported(
            source="validate --json",
            skills=frozenset(s.removeprefix(prefix) for s in provides["skills"]),
            agents=frozenset(a.removeprefix(prefix) for a in provides["agents"]),
            hook_events=frozenset(h["event"] for h in provides["hooks"]),
            agents_by="name",
        )
    proc = cli.run("--plugin-dir", str(root), "plugin", "details", f"{name}@inline",
                   config_dir=config_dir)
    found = parse_details_inventory(proc.stdout)
    return Reported(
        source="plugin details",
        skills=found.get("skills", frozenset()),
        agents=found.get("agents", frozenset()),
        hook_events=found.get("hooks", frozenset()),
        agents_by="file",
    )


def component_mismatches(expected: Inventory, reported: Reported) -> list[str]:
    """One line per component that is on disk but not loaded, or loaded but not on disk."""
    agents = expected.agent_names if reported.agents_by == "name" else expected.agent_files
    problems: list[str] = []
    for kind, want, got in (
        ("skill", expected.skills, reported.skills),
        ("agent", agents, reported.agents),
        ("hook event", expected.hook_events, reported.hook_events),
    ):
        problems += [f"{kind} {n} is defined but not loaded" for n in sorted(want - got)]
        problems += [f"{kind} {n} is loaded but not defined" for n in sorted(got - want)]
    return problems


# --- offline sessions against the fake API -------------------------------------------------

_HOOK_LINE = re.compile(
    r"Hooks: (?P<event>\w+):(?P<matcher>\S*) \[(?P<command>.*)\] "
    r"\(plugin (?P<plugin>[^)]+)\) finished with status (?P<status>-?\d+) \((?P<ms>\d+)ms\)"
)


@dataclass(frozen=True)
class HookRun:
    """One hook completion line of the debug log (CLIs newer than 2.1.197 write these)."""

    event: str
    matcher: str  # what matched: the tool name for tool events, the source for SessionStart
    command: str
    plugin: str
    status: int
    duration_ms: int


def parse_hook_runs(debug_log: str) -> list[HookRun]:
    return [
        HookRun(m["event"], m["matcher"], m["command"], m["plugin"], int(m["status"]),
                int(m["ms"]))
        for m in _HOOK_LINE.finditer(debug_log)
    ]


@dataclass(frozen=True)
class SessionResult:
    returncode: int
    stdout: str
    stderr: str
    result: dict[str, Any] | None  # the final `{"type": "result", ...}` object
    events: list[dict[str, Any]]  # every stream-json event (stream-json runs only)
    requests: list[RecordedRequest]
    tool_results: list[dict[str, Any]]
    debug_log: str
    duration: float
    failures: list[str] = field(default_factory=list)  # the scripted model's (see fake_api)

    def tool_errors(self) -> dict[str, str]:
        """Every tool result the CLI reported as an error, by tool_use id: a session test
        compares this with the errors its scenario expects (usually none)."""
        return {str(b.get("tool_use_id")): tool_result_text(b) for b in self.tool_results
                if b.get("is_error")}

    @property
    def hook_runs(self) -> list[HookRun]:
        return parse_hook_runs(self.debug_log)

    @property
    def hook_responses(self) -> list[dict[str, Any]]:
        """`hook_response` events (stream-json with --include-hook-events; every version)."""
        return [e for e in self.events if e.get("subtype") == "hook_response"]


@dataclass
class Session:
    """Inputs of one `claude -p` run; `run_session` executes it."""

    prompt: str
    script: Sequence[Step]
    plugin_root: Path
    project: Path
    work: Path  # scratch folder for the config dir and the debug log
    output_format: str = "json"  # or "stream-json" (adds --verbose --include-hook-events)
    extra_args: Sequence[str] = ()
    env: dict[str, str] = field(default_factory=dict)
    timeout: float = RUN_TIMEOUT
    agents: Mapping[str, Sequence[Step]] = field(default_factory=dict)  # see fake_api


def run_session(cli: ClaudeCli, session: Session) -> SessionResult:
    """Run `claude -p` against a fresh scripted fake API and collect everything it produced."""
    config_dir = session.work / "claude-config"
    config_dir.mkdir(parents=True, exist_ok=True)
    debug_file = session.work / "claude-debug.log"
    args = [
        "-p", session.prompt, "--plugin-dir", str(session.plugin_root),
        "--permission-mode", "acceptEdits", "--output-format", session.output_format,
        "--debug-file", str(debug_file),
    ]
    if session.output_format == "stream-json":
        args += ["--verbose", "--include-hook-events"]
    args += list(session.extra_args)
    with FakeAnthropic(session.script, agents=session.agents) as fake:
        env = {
            "ANTHROPIC_BASE_URL": fake.base_url,
            "ANTHROPIC_API_KEY": "dummy",
            "CLAUDE_CODE_DISABLE_BACKGROUND_TASKS": "1",
            **session.env,
        }
        started = time.monotonic()
        proc = cli.run(*args, config_dir=config_dir, cwd=session.project, env=env,
                       timeout=session.timeout)
        duration = time.monotonic() - started
    events: list[dict[str, Any]] = []
    result: dict[str, Any] | None = None
    if session.output_format == "stream-json":
        events = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
        result = next((e for e in reversed(events) if e.get("type") == "result"), None)
    elif proc.stdout.strip().startswith("{"):
        result = json.loads(proc.stdout)
    return SessionResult(
        returncode=proc.returncode, stdout=proc.stdout, stderr=proc.stderr, result=result,
        events=events, requests=list(fake.requests), tool_results=fake.tool_results(),
        debug_log=debug_file.read_text(errors="replace") if debug_file.exists() else "",
        duration=duration, failures=list(fake.failures),
    )
