"""Step 9: the Definition of Done rows a script can check: build, tests, lint, secrets, subtasks.

Rules (upstream dod-check.sh):
- One row per check, always in this order: build, tests, lint, secrets, subtasks, printed as
  `- { item: <name>, status: PASSED|FAILED|SKIPPED, output: "<one line, at most 200 chars>" }`
  (the output is a JSON string, which is also a valid YAML double-quoted scalar).
- build: the config's `build_cmd`; none -> SKIPPED.
- tests: the test-execution bridge's runner when enabled, else `test_cmd`, else
  `test_execution.tier_1.command`, else the detected stack's runner (pytest, npm test when
  package.json has a test script, bats for *.bats under test/ or tests/); none -> SKIPPED.
  The suite runs through `evidence.execution` (runner machine output, the one subprocess
  funnel, a timeout that kills the process group). Non-zero exit or a failed test -> FAILED.
- lint: the config's `lint_cmd`, else ruff where the project configures it (ruff.toml,
  .ruff.toml, `[tool.ruff]`), else eslint (from node_modules/.bin or PATH) where it configures
  that (eslint.config.*, .eslintrc*, `eslintConfig`); else SKIPPED. A linter the project never
  chose is not run: its default rules would fail every story on code that predates it.
- Presence guards: a tool the project did not name explicitly (autodetected runner or linter)
  that is not installed gives SKIPPED with `[WARN] <tool> not installed; skipping`, never
  FAILED: a missing optional tool is not something the developer can fix in the code. A
  command the config names whose executable is missing is FAILED.
- secrets: file names `.env*` or containing `credentials`, or an AWS access key id, GitHub
  token, Bearer token or Slack token on an added line, in the staged diff, in what the
  commit step will stage (unstaged changes and untracked files not ignored: the skill runs
  this check before `git add -A -- . ':(exclude).gaia/state' ':(exclude).gaia/memory'`,
  so those two are left out) and in what the story's branch already committed since it left
  its base (the promotion chain's first branch, else `main`) -> FAILED (the pattern named,
  never the secret). Not a git work tree -> SKIPPED.
- subtasks: unchecked boxes under `## Tasks / Subtasks` of the story (`--story-file`, else
  `STORY_FILE`) -> FAILED with the count; no story named -> SKIPPED.
- Exit 0 when no row is FAILED, else 1.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from gaia_lib.core import config as config_mod
from gaia_lib.core import git, keys, paths, proc, reads
from gaia_lib.core.config import ProjectConfig, Tier
from gaia_lib.evidence import execution
from gaia_lib.story import filelist
from gaia_lib.story.parser import load_story

PASSED, FAILED, SKIPPED = "PASSED", "FAILED", "SKIPPED"
ITEMS = ("build", "tests", "lint", "secrets", "subtasks")
MAX_OUTPUT = 200
BUILD_TIMEOUT = 900.0
TEST_TIMEOUT = 1800
SECRET_PATTERNS = (
    ("AWS access key id", re.compile(r"\bAKIA[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36,}\b")),
    ("Bearer token", re.compile(r"\bBearer\s+[A-Za-z0-9._~+/=-]{20,}")),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}")),
)


@dataclass(frozen=True)
class Row:
    item: str
    status: str
    output: str

    def render(self) -> str:
        output = json.dumps(self.output)
        return f"- {{ item: {self.item}, status: {self.status}, output: {output} }}"


def one_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    last = lines[-1] if lines else ""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in last)
    return cleaned[:MAX_OUTPUT]


def command_argv(command: str) -> list[str]:
    """A configured command as an argument list; what only sh can run as written (shell
    syntax, a leading `NAME=value`) runs under sh."""
    argv = proc.plain_argv(command)
    if argv is None:
        return ["sh", "-c", command]
    return argv or ["true"]


def _run_row(item: str, command: str, workdir: Path, timeout: float) -> Row:
    result = proc.run_tool(command_argv(command), cwd=workdir, timeout=timeout, contain=True)
    if result.error and result.returncode == proc.EXIT_NOT_FOUND:
        return Row(item, FAILED, f"{result.error} (configured command: {command})"[:MAX_OUTPUT])
    if result.timed_out:
        return Row(item, FAILED, f"timed out after {timeout:.0f}s: {command}"[:MAX_OUTPUT])
    text = one_line(result.stdout + "\n" + result.stderr) or f"exit {result.returncode}"
    return Row(item, PASSED if result.returncode == 0 else FAILED, text)


def build_row(cfg: ProjectConfig, workdir: Path) -> Row:
    if not cfg.build_cmd:
        return Row("build", SKIPPED, "no build_cmd configured")
    return _run_row("build", cfg.build_cmd, workdir, BUILD_TIMEOUT)


def detected_test_command(workdir: Path) -> tuple[str | None, str | None]:
    """(command, tool) from the project's files; (None, None) when nothing is recognisable."""
    if any((workdir / m).is_file() for m in ("pytest.ini", "pyproject.toml", "setup.cfg",
                                             "tox.ini", "requirements.txt")) \
            or ((workdir / "tests").is_dir() and any((workdir / "tests").rglob("test_*.py"))):
        return "pytest -q", "pytest"
    package = workdir / "package.json"
    if package.is_file():
        try:
            scripts = json.loads(package.read_text(encoding="utf-8")).get("scripts") or {}
        except (OSError, ValueError, AttributeError):
            scripts = {}
        if isinstance(scripts, dict) and scripts.get("test"):
            return "npm test", "npm"
    if any(d.is_dir() and any(d.rglob("*.bats")) for d in (workdir / "test", workdir / "tests")):
        return "bats -r tests" if (workdir / "tests").is_dir() else "bats -r test", "bats"
    return None, None


def _suite_row(suite: execution.Suite, diagnostics: list[str],
               report_dir: Path | None = None) -> Row:
    """The tests row; a failed run says why in its own words (its first error line: a
    collection error's missing module, a failed assertion), read from its kept output."""
    summary = (f"exit {suite.exit_code}; its output gives no test counts"
               if suite.exit_code_only else
               f"{suite.pass_count} passed, {suite.fail_count} failed (exit {suite.exit_code})")
    if suite.timeout:
        return Row("tests", FAILED, f"timed out: {suite.command}"[:MAX_OUTPUT])
    ok = suite.exit_code == 0 and suite.fail_count == 0
    if diagnostics:
        summary += f"; {diagnostics[0]}"
    elif not ok and report_dir is not None and suite.stdout_log and suite.stderr_log:
        summary += ": " + execution.runner_error(_text(report_dir / suite.stdout_log),
                                                 _text(report_dir / suite.stderr_log))
    return Row("tests", PASSED if ok else FAILED, summary[:MAX_OUTPUT])


def tests_row(cfg: ProjectConfig, workdir: Path, report_dir: Path, key: str) -> Row:
    bridge = cfg.bridge.run_tests_path
    if cfg.bridge.enabled and bridge and os.access(bridge, os.X_OK):
        evidence = execution.run_bridge(cfg, key, "local", workdir)
        return _suite_row(evidence.suites[0], list(evidence.diagnostics))
    tier_1 = cfg.tier("tier_1")
    command = cfg.test_cmd or (tier_1.command if tier_1 else None)
    explicit = command is not None
    timeout = tier_1.timeout_seconds if tier_1 else TEST_TIMEOUT
    if command is None:
        command, tool = detected_test_command(workdir)
        if command is None:
            return Row("tests", SKIPPED, "no test command configured or detected")
        if tool and proc.which(tool) is None:
            return Row("tests", SKIPPED, f"[WARN] {tool} not installed; skipping tests")
    tier = Tier(name="dod-tests", number=1, placement=("local",), command=command,
                timeout_seconds=timeout)
    suite, diagnostics = execution.run_tier(tier, workdir, report_dir)
    if explicit and suite.exit_code == proc.EXIT_NOT_FOUND and suite.pass_count == 0:
        return Row("tests", FAILED, f"configured test command not runnable: {command}"
                   [:MAX_OUTPUT])
    return _suite_row(suite, diagnostics, report_dir)


_ESLINT_CONFIGS = (*(f"eslint.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts", "cts")),
                   *(f".eslintrc{ext}" for ext in ("", ".js", ".cjs", ".json", ".yml", ".yaml")))


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def ruff_configured(workdir: Path) -> bool:
    """The project configures ruff: ruff.toml, .ruff.toml or a [tool.ruff] table."""
    return ((workdir / "ruff.toml").is_file() or (workdir / ".ruff.toml").is_file()
            or "[tool.ruff" in _text(workdir / "pyproject.toml"))


def eslint_configured(workdir: Path) -> bool:
    """The project configures eslint: a flat or legacy config file, or `eslintConfig`."""
    return (any((workdir / name).is_file() for name in _ESLINT_CONFIGS)
            or '"eslintConfig"' in _text(workdir / "package.json"))


def lint_row(cfg: ProjectConfig, workdir: Path) -> Row:
    if cfg.lint_cmd:
        return _run_row("lint", cfg.lint_cmd, workdir, BUILD_TIMEOUT)
    if ruff_configured(workdir):
        if proc.which("ruff") is None:
            return Row("lint", SKIPPED, "[WARN] ruff not installed; skipping lint")
        return _run_row("lint", "ruff check .", workdir, BUILD_TIMEOUT)
    if eslint_configured(workdir):
        eslint = proc.which("eslint", [workdir / "node_modules" / ".bin"])
        if eslint is None:
            return Row("lint", SKIPPED, "[WARN] eslint not installed; skipping lint")
        return _run_row("lint", f"{eslint} .", workdir, BUILD_TIMEOUT)
    return Row("lint", SKIPPED, "no lint_cmd configured, and the project configures no ruff "
                                "or eslint")


def secret_problems(names: list[str], diff: str, where: str = "staged",
                    diff_where: str = "the staged diff") -> list[str]:
    """What looks like a secret in a change (never the secret itself); `where`, `diff_where`:
    which change. Pure."""
    found: list[str] = []
    for name in names:
        base = Path(name).name
        if base.startswith(".env") or "credentials" in base.lower():
            found.append(f"secret-looking file {where}: {name}")
    added = [ln[1:] for ln in diff.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    for label, pattern in SECRET_PATTERNS:
        if any(pattern.search(ln) for ln in added):
            found.append(f"{label} pattern in {diff_where}")
    return found


UNTRACKED_BYTES = 256 * 1024  # how much of an untracked file is read for tokens
# What /gaia-dev-story's commit step stages (`git add -A -- <these>`): gaia's evidence and
# memory are never committed with the story's work.
STAGED_PATHSPEC = (".", ":(exclude).gaia/state", ":(exclude).gaia/memory")


def _untracked_diff(workdir: Path, names: list[str]) -> str:
    """Untracked files as added lines (the start of each, text only)."""
    lines = []
    for name in names:
        text = reads.head_text(workdir / name, UNTRACKED_BYTES)
        if text is not None:
            lines += ["+" + line for line in text.splitlines()]
    return "\n".join(lines)


def _fork_point(workdir: Path, base: str) -> str | None:
    """Where the story's branch left its base (None: no base, or HEAD is on it)."""
    base_ref = filelist.resolve_base(workdir, base)
    if base_ref is None:
        return None
    point = filelist.fork_point(workdir, base_ref)
    head = git.run(workdir, "rev-parse", "HEAD")
    return point if point and head.ok and head.stdout.strip() != point else None


def secrets_row(workdir: Path, base: str = "main") -> Row:
    names = git.run(workdir, "diff", "--cached", "--name-only")
    if names.returncode != 0:
        return Row("secrets", SKIPPED, "not a git work tree (or git missing); skipping")
    diff = git.run(workdir, "diff", "--cached", "-U0")
    found = secret_problems(names.stdout.splitlines(), diff.stdout)
    # What the branch already committed since it left its base: a commit made before this
    # check (an earlier run, a commit by hand) is pushed and reviewed all the same.
    fork = _fork_point(workdir, base)
    if fork is not None:
        span = (fork, "HEAD", "--", *STAGED_PATHSPEC)
        found += secret_problems(
            git.lines(git.run(workdir, "diff", "--name-only", *span)),
            git.run(workdir, "diff", "-U0", *span).stdout,
            "committed on the branch", "the branch's commits")
    # What the commit step's `git add -A` will stage: unstaged changes, untracked files,
    # less the paths it leaves out (the skill's step 10: gaia's own state and memory).
    unstaged = git.lines(git.run(workdir, "diff", "--name-only", "--", *STAGED_PATHSPEC))
    untracked = git.names(git.run(workdir, "ls-files", "--others", "--exclude-standard", "-z",
                                  "--", *STAGED_PATHSPEC))
    pending = git.run(workdir, "diff", "-U0", "--", *STAGED_PATHSPEC).stdout + "\n" + \
        _untracked_diff(workdir, untracked)
    found += secret_problems(unstaged + untracked, pending, "to be staged",
                             "changes to be staged")
    if found:
        return Row("secrets", FAILED, "; ".join(found)[:MAX_OUTPUT])
    return Row("secrets", PASSED, "no secret-looking files or tokens staged or to be staged")


def subtasks_row(story_file: str | None) -> Row:
    if not story_file:
        return Row("subtasks", SKIPPED, "no story file (--story-file or STORY_FILE)")
    try:
        story = load_story(Path(story_file))
    except Exception as exc:
        return Row("subtasks", FAILED, f"cannot read story: {exc}"[:MAX_OUTPUT])
    open_tasks = [t for t in story.tasks if not t.checked]
    if open_tasks:
        return Row("subtasks", FAILED,
                   f"{len(open_tasks)} unchecked subtask(s), first: {open_tasks[0].text}"
                   [:MAX_OUTPUT])
    return Row("subtasks", PASSED, f"{len(story.tasks)} subtask(s) checked")


def run(project: Path, story_file: str | None) -> list[Row]:
    cfg = config_mod.load(project, 2)
    workdir = project / cfg.project_path if cfg.project_path else project
    key = ""
    if story_file:
        try:
            found = load_story(Path(story_file)).key or ""
            key = found if keys.is_story_key(found) else ""
        except Exception:
            key = ""
    report_dir = paths.state_dir(project) / "dev-story" / (key or "dod") / "dod"
    return [build_row(cfg, workdir), tests_row(cfg, workdir, report_dir, key),
            lint_row(cfg, workdir), secrets_row(workdir, cfg.pr_base or "main"),
            subtasks_row(story_file)]
