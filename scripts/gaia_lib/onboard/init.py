"""`gaia init`: set up GAIA in an existing repository from what the survey finds.

Files written (all through core.writes, parent scope, atomic):
- `.gaia/config/project-config.yaml`: project name (`project_name`), `project.stack`
  (the primary stack), `test_cmd` (the primary stack's test command), `build_cmd` and
  `lint_cmd` where the stack says (`build_and_lint`: the Definition of Done runs them; not
  one whose script deletes files the repository keeps, `build_guard`, said in a note), one tier
  per stack with a test command (`tier_1` the primary's, then the others in the survey's
  order; placement local + ci_pre_merge, required: a stack in a subdirectory runs as
  `cd DIR && ...`, which a review runs in DIR with the story's tests there, and skips for a
  story it has no tests of), then one per other suite the primary stack's package.json
  scripts run with a config of their own (`suites`: NestJS's `"test:e2e": "jest --config
  ./test/jest-e2e.json"` is `npm run test:e2e`; a review hands it the story's tests that
  config names, and skips it for a story with none)
  and `coverage_command` (the primary's); in a git repository, `ci_cd.promotion_chain` with
  one stage, the branch a story's PR targets (`base_branch`: main, else master, else the
  branch checked out; /gaia-dev-story's delivery tail needs it); validated against the config
  schema before it is written.
- `.gaia/state/sprint-status.yaml`: an empty sprint (no id, no stories).
- `planning-artifacts/epics-and-stories.md`: the epics index, a title and no epics.
- `test-artifacts/test-environment.yaml`: `tier_directories:` (the test directories found), the
  allowlist test automation may write tests into.
- `.gaia/.gitignore`: what a commit of `.gaia/` should leave out: the `<file>.lock` sidecars
  (core.locks: empty files a lock is taken on), the `.<file>.<pid>.<random>.tmp` a killed
  atomic write leaves behind, the review caches (`.cache/`, keyed by inputs on this machine)
  and a review's test run output.
Rules:
- Nothing is overwritten without `force`: when any of these exists, init refuses and names
  them. With `force`, the config and test-environment.yaml are rewritten; an existing sprint
  status, epics index or `.gaia/.gitignore` is KEPT (the team's board and ignore rules, which
  a re-detection cannot know), and so is every top-level section of the old config that init
  does not write (`qa:`, `review:`, ...: the team's settings, as they were written), and its
  `ci_cd:` section when it has one (init then writes none).
- A repository where no stack is found is refused (nothing to configure).
- Python test files pytest's defaults do not collect (`tests.py`) are said in a note
  (`survey`'s rules).
- What this machine lacks to run the chosen test commands (`onboard.readiness`: pytest or
  coverage.py the project's `python` cannot import, a JS runner missing from node_modules),
  and what the build and lint commands it writes start that is not installed (`eslint`), are
  said in notes; the files are written all the same.
- The same tree gives byte-identical files.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import config, git, paths, writes
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import execution, gomod, runner_patterns
from gaia_lib.onboard import build_guard, readiness
from gaia_lib.onboard.survey import Survey, in_directory, package_json, survey
from gaia_lib.story import sprint

EXIT_EXISTS = 1
EXIT_NOTHING_FOUND = 2
TIER_TIMEOUT_SECONDS = 600


@dataclass(frozen=True)
class Planned:
    path: Path
    text: str
    keep_existing: bool  # board files: never replaced, even with force


@dataclass(frozen=True)
class Outcome:
    survey: Survey
    written: tuple[Path, ...]
    kept: tuple[Path, ...]
    notes: tuple[str, ...] = ()  # what this machine lacks to run the tests (readiness)


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML double-quoted scalar


_BRANCH = re.compile(r"[a-z0-9-]+")  # what the promotion chain accepts (dev_story.promotion)


def base_branch(project: Path) -> str | None:
    """The branch a story's PR targets: main, else master, else the branch checked out; None
    outside a git repository or for a name the promotion chain cannot hold."""
    listed = git.run(project, "for-each-ref", "--format=%(refname:short)", "refs/heads/",
                     timeout=10)
    current = git.current_branch(project, timeout=10) or ""
    if not listed.ok and not current:
        return None
    branches = git.lines(listed)
    chosen = next((b for b in ("main", "master") if b in branches), current)
    return chosen if _BRANCH.fullmatch(chosen) else None


def build_and_lint(stack: str, scripts: Mapping[str, Any]) -> dict[str, str]:
    """The build and lint commands the Definition of Done runs (pure): Go's toolchain
    (`go build ./...`, `go vet ./...`); a JavaScript project's own `build` and `lint` scripts
    (`npm run build`), where its package.json has them."""
    if stack == "go-dev":
        return {"build_cmd": "go build ./...", "lint_cmd": "go vet ./..."}
    if stack in ("ts-dev", "angular-dev"):
        return {f"{name}_cmd": f"npm run {name}" for name in ("build", "lint")
                if isinstance(scripts.get(name), str) and scripts[name].strip()}
    return {}


# A script that watches, measures or debugs is the suite run another way, not another suite.
_OTHER_WAY = re.compile(r"(?:^|\s)(?:--watch\w*|--coverage\S*|--inspect\S*|watch|dev)(?=\s|$)")


def suites(scripts: Mapping[str, Any], test_command: str | None,
           present: Callable[[str], bool] = lambda rel: True) -> list[str]:
    """The commands of the other suites a package's scripts run: a script that starts by
    running jest or vitest and gives it a config of its own (`--config`, `-c`) that is
    `present` in the package (a published package ships its unit tests without the config
    of its e2e suite: that script can only fail), neither `test` (the test command's) nor
    one that watches, measures or debugs; run as the test command's package manager runs a
    script (`npm run test:e2e`)."""
    manager = (test_command or "npm").split()[0]
    manager = manager if manager in execution.PACKAGE_MANAGERS else "npm"
    return [f"{manager} run {name}" for name, text in sorted(scripts.items())
            if name != "test" and isinstance(text, str) and execution.SCRIPT_RUNNER.match(text)
            and (given := runner_patterns.given_config(text)) is not None and present(given)
            and not _OTHER_WAY.search(text)]


def render_config(name: str, found: Survey, branch: str | None = None,
                  scripts: Mapping[str, Any] | None = None,
                  present: Callable[[str], bool] = lambda rel: True,
                  withheld: Collection[str] = ()) -> str:
    """The config text; `scripts`: the primary stack's package.json scripts, if any;
    `present`: whether a path relative to the primary stack's directory is a file;
    `withheld`: the build and lint commands' keys not written (`build_guard`)."""
    scripts = scripts or {}
    primary = found.primary
    assert primary is not None
    lines = [
        f"# GAIA project configuration for {name} (written by gaia init; edit freely).",
        "project:",
        f"  name: {_q(name)}",
        f"  stack: {primary.stack}",
        'project_root: "."',
        'project_path: "."',
    ]
    if primary.test_command:
        lines.append(f"test_cmd: {_q(primary.test_command)}")
    for key, command in build_and_lint(primary.stack, scripts).items():
        if key in withheld:
            continue
        lines.append(f"{key}: {_q(in_directory(primary.where, command))}")
    lines += ["", "test_execution:"]
    tested = [s for s in found.stacks if s.test_command]
    for number, stack in enumerate(tested, start=1):
        if len(tested) > 1:
            lines.append(f"  # {stack.stack} in {stack.where}")
        lines += [
            f"  tier_{number}:",
            "    placement: [local, ci_pre_merge]",
            f"    command: {_q(stack.test_command or '')}",
            f"    timeout_seconds: {TIER_TIMEOUT_SECONDS}",
            "    required: true",
        ]
    for number, command in enumerate(suites(scripts, primary.test_command, present),
                                     start=len(tested) + 1):
        lines += [
            f"  tier_{number}:",
            "    placement: [local, ci_pre_merge]",
            f"    command: {_q(in_directory(primary.where, command))}",
            f"    timeout_seconds: {TIER_TIMEOUT_SECONDS}",
            "    required: true",
        ]
    coverage = primary.coverage_command
    lines.append(f"  coverage_command: {_q(coverage) if coverage else 'null'}")
    if branch:
        lines += ["", "ci_cd:",
                  "  # The branch a story's pull request targets (/gaia-dev-story); add stages",
                  "  # (staging, production, ...) after it as your pipeline promotes.",
                  "  promotion_chain:", f"    - branch: {_q(branch)}"]
    return "\n".join(lines) + "\n"


def render_sprint_status() -> str:
    return ("# Sprint status (gaia init): no sprint yet.\n"
            "sprint_id: null\nstatus: null\nstories: []\n")


def render_epics_index(name: str) -> str:
    return f"# Epics and Stories — {name}\n\nNo epics yet.\n"


GITIGNORE = """# Written by gaia init: what a commit of .gaia/ leaves out.
# Lock sidecars: empty files gaia takes its locks on.
*.lock
# The temporary file of an atomic write a killed process left behind (core.writes).
.*.tmp
# Review caches, keyed by their inputs on this machine.
.cache/
# A review's test run output on this machine (logs, runner reports, coverage data); its
# evidence files (analysis-results, execution-evidence) and reports are kept.
state/review/*/*/tier_*
state/review/*/*/attribution*
# The same of dev-story's DoD and TDD runs (their JSON evidence is kept).
state/dev-story/**/*.log
state/dev-story/**/*-junit.xml
"""


def setup_py_name(text: str) -> str | None:
    """The `name=` a setup.py hands `setup()` as a string literal (`setup(name="portion",
    ...)`, `setuptools.setup(...)` too); None where it has none or does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    for node in ast.walk(tree):
        called = getattr(node, "func", None)
        if isinstance(node, ast.Call) and "setup" in (getattr(called, "id", None),
                                                      getattr(called, "attr", None)):
            name = next((k.value for k in node.keywords if k.arg == "name"), None)
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                return name.value
    return None


# Where a project names itself: (file, how its name is read: package.json's `name`, a TOML or
# INI section's `name`, or a reader of the file); the first found wins, else the directory.
_NAMED_IN: tuple[tuple[str, tuple[str, ...] | Callable[[str], str | None] | None], ...] = (
    ("package.json", None),
    ("pyproject.toml", ("project", "tool.poetry")),
    ("setup.cfg", ("metadata",)),
    ("setup.py", setup_py_name),
    ("go.mod", lambda text: _last_part(gomod.module_path(text))))
_SECTION = re.compile(r"^\[([^\]\n]+)\][ \t]*(?:#.*)?$")
_NAME_KEY = re.compile(r"""^name\s*=\s*["']?([^"'\s#]+)""")


def _last_part(module: str | None) -> str | None:
    """A Go module path's last part that is no major version suffix (`semver` of
    `github.com/blang/semver/v4`)."""
    return re.sub(r"/v[0-9]+$", "", module).rsplit("/", 1)[-1] if module else None


def section_name(text: str, sections: Sequence[str]) -> str | None:
    """The `name = ...` of the first of `sections` (`[project]`, `[metadata]`) that has one,
    read line by line: a section runs to the next header at the start of a line (an inline
    table or an array opened inside it, `authors = [`, is no header)."""
    current: str | None = None
    found: dict[str, str] = {}
    for line in text.splitlines():
        header = _SECTION.match(line)
        if header is not None:
            current = header.group(1).strip()
            continue
        match = _NAME_KEY.match(line)
        if current is not None and current in sections and match is not None:
            found.setdefault(current, match.group(1))
    return next((found[s] for s in sections if s in found), None)


def project_name(root: Path) -> str:
    """The project's own name (package.json `name`, pyproject.toml's `[project]` or
    `[tool.poetry]` name, setup.cfg's `[metadata]` name, the `name=` setup.py hands `setup()`
    (portion 2.6.0 names itself there alone), the last part of go.mod's module
    path that is no major version suffix: `semver` of `github.com/blang/semver/v4`), else its
    directory's (an unpacked `tinydb-4.8.2/`)."""
    for file, pattern in _NAMED_IN:
        try:
            text = (root / file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if pattern is None:
            name = package_json(text).get("name")
        elif isinstance(pattern, tuple):
            name = section_name(text, pattern)
        else:
            name = pattern(text)
        if isinstance(name, str) and name.strip():
            return name.strip()
    return root.resolve().name


def render_test_environment(found: Survey) -> str:
    lines = ["# Test directories test automation may write into (gaia init).",
             "tier_directories:"]
    lines += [f"  - {_q(d)}" for d in found.test_dirs] or ["  []"]
    if not found.test_dirs:
        lines[-2:] = ["tier_directories: []"]
    return "\n".join(lines) + "\n"


_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)\s*:")


def kept_sections(old: str, new: str) -> str:
    """The top-level sections of the config `old` that `new` does not have, as written (their
    key line, the indented lines and comments up to the next top-level key)."""
    written = {m.group(1) for line in new.splitlines() if (m := _TOP_KEY.match(line))}
    blocks: list[list[str]] = []
    keep = False
    for line in old.splitlines():
        key = _TOP_KEY.match(line)
        if key:
            keep = key.group(1) not in written
            if keep:
                blocks.append([])
        elif line and not line[0].isspace() and not line.startswith("#"):
            keep = False  # something else at the top level: not a section
        if keep:
            blocks[-1].append(line)
    return "".join("\n".join(block).rstrip() + "\n" for block in blocks)


def _scripts(where: Path) -> Mapping[str, Any]:
    try:
        text = (where / "package.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    scripts = package_json(text).get("scripts")
    return scripts if isinstance(scripts, dict) else {}


def _refused(project: Path, found: Survey) -> dict[str, str]:
    """The build and lint commands init does not write, with the notes saying why."""
    if found.primary is None:
        return {}
    where = project / found.primary.where
    return build_guard.refused(where, build_and_lint(found.primary.stack, _scripts(where)))


def plan(project: Path, found: Survey, withheld: Collection[str] = ()) -> list[Planned]:
    name = project_name(project)
    try:
        old = paths.project_config(project).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        old = ""
    has_chain = any(line.startswith("ci_cd:") for line in old.splitlines())
    where = project / found.primary.where if found.primary else project
    text = render_config(name, found, None if has_chain else base_branch(project),
                         _scripts(where) if found.primary else {},
                         lambda rel: (where / rel).is_file(), withheld)
    extra = kept_sections(old, text)
    if extra:
        merged = text + "\n# Kept from the previous config (gaia init --force):\n" + extra
        try:
            config.parse(merged, paths.project_config(project), EXIT_EXISTS)
            text = merged
        except GaiaError:
            pass  # a broken old config is what --force repairs: none of it is kept
    config.parse(text, paths.project_config(project), EXIT_EXISTS)  # schema-valid or refused
    return [
        Planned(paths.gaia_dir(project) / "config" / "project-config.yaml", text, False),
        Planned(sprint.yaml_path(project), render_sprint_status(), True),
        Planned(paths.planning_artifacts(project) / "epics-and-stories.md",
                render_epics_index(name), True),
        Planned(paths.test_artifacts(project) / "test-environment.yaml",
                render_test_environment(found), False),
        Planned(paths.gaia_dir(project) / ".gitignore", GITIGNORE, True),
    ]


_NOT_THE_MODULES = frozenset({"vendor", "testdata", "node_modules"})


def _has_go_files(folder: Path) -> bool:
    """Go files in `folder` or in its package directories below (a module whose packages all
    live in subdirectories, emirpasic/gods' `lists/arraylist/`, has none at its top); not in
    hidden, `vendor`, `testdata` or `node_modules` directories, which no package of it is."""
    if any(folder.glob("*.go")):
        return True
    return any(_has_go_files(sub) for sub in sorted(folder.iterdir())
               if sub.is_dir() and not sub.is_symlink() and not sub.name.startswith(".")
               and sub.name not in _NOT_THE_MODULES)


def _go_without_module(project: Path) -> str:
    """What to do where Go files sit in `project` (at its top or in its packages' directories)
    with no go.mod (a module's source as Debian's golang-*-dev packages ship some, goutils',
    gods'): `go test` needs a module."""
    if _has_go_files(project):
        return ("; its Go files have no go.mod, which `go test` needs: run `go mod init "
                "<module path>` there first")
    return ""


def init(project: Path, *, force: bool = False) -> Outcome:
    found = survey(project)
    if found.primary is None:
        raise GaiaError(
            f"no stack found in {project} (no marker file such as pyproject.toml, package.json, "
            "go.mod, pom.xml); nothing to configure" + _go_without_module(project),
            EXIT_NOTHING_FOUND,
        )
    refused = _refused(project, found)
    planned = plan(project, found, refused.keys())
    existing = [p for p in planned if p.path.exists()]
    if existing and not force:
        names = ", ".join(paths.relative_to_project(p.path, project) for p in existing)
        raise GaiaError(f"already set up: {names} exist (re-run with --force to rewrite the "
                        "config; the sprint status, epics index and .gaia/.gitignore are always "
                        "kept)", EXIT_EXISTS)
    written: list[Path] = []
    kept: list[Path] = []
    for item in planned:
        if item.keep_existing and item.path.exists():
            kept.append(item.path)
            continue
        writes.write_text(item.path, item.text, project)
        written.append(item.path)
    primary = found.primary
    dod = {key: command for key, command in
           build_and_lint(primary.stack, _scripts(project / primary.where)).items()
           if key not in refused}
    return Outcome(found, tuple(written), tuple(kept),
                   tuple([*refused.values(),
                          *readiness.notes(project, found.stacks, found.src_packages, dod),
                          *repository_notes(project)]))


def repository_notes(project: Path) -> list[str]:
    """Outside a git repository a review cannot compare a story's File List with the branch's
    changes (it says so at every review); init says it once."""
    root = project.resolve()
    if any((folder / ".git").exists() for folder in (root, *root.parents)):
        return []
    return ["note: not a git repository: a review cannot compare a story's File List with the "
            "branch's changes until it is one (git init)"]


def _some(files: Sequence[str]) -> str:
    """The first five of `files`, and how many more."""
    more = len(files) - 5
    return ", ".join(files[:5]) + (f" and {more} more" if more > 0 else "")


def describe(outcome: Outcome, project: Path) -> Sequence[str]:
    """What init chose, one line each (the command prints these)."""
    try:
        loaded = config.load(project, EXIT_EXISTS)
    except GaiaError:
        loaded = None
    lines = []
    for s in outcome.survey.stacks:
        files = "test file" if s.test_files == 1 else "test files"
        lines.append(f"stack: {s.stack} ({s.where}, {s.test_files} {files})")
        lines.append(f"  test command: {s.test_command or '(none found)'}")
        lines.append(f"  coverage command: {s.coverage_command or '(none found)'}")
    tested = sum(1 for s in outcome.survey.stacks if s.test_command)
    for tier in (loaded.tiers if loaded is not None else ())[tested:]:
        lines.append(f"  another suite: {tier.command} ({tier.name}, its runner's own config)")
    dirs = ", ".join(outcome.survey.test_dirs) or "(none found)"
    lines.append(f"test directories: {dirs}")
    base = loaded.pr_base if loaded is not None else None
    lines.append(f"pull requests target: {base} (ci_cd.promotion_chain)" if base else
                 "pull requests target: none (ci_cd.promotion_chain): /gaia-dev-story will not "
                 "commit or open a PR until it names a branch")
    if outcome.survey.load_tests:
        lines.append(f"note: unittest's load_tests builds tests in "
                     f"{_some(outcome.survey.load_tests)}: pytest never runs the tests "
                     "it builds (only the test classes and functions a module defines), so a "
                     "review counts none of those")
    if outcome.survey.uncollected:
        # the command init wrote sets python_files for them (`survey`: its `-o python_files`)
        lines.append(f"note: pytest does not collect {_some(outcome.survey.uncollected)} by its "
                     "default python_files (test_*.py, *_test.py): the test and coverage "
                     "commands written set their own (-o python_files=...); setting "
                     "python_files in the project's pytest configuration does it for every run")
    lines += outcome.notes
    lines += [f"wrote: {paths.relative_to_project(p, project)}" for p in outcome.written]
    lines += [f"kept: {paths.relative_to_project(p, project)}" for p in outcome.kept]
    return lines
