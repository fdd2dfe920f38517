"""TDD with evidence, not trust: run the story's tests after each phase and hold them to it.

Rules:
- The tests run with the runner's machine output (`evidence.execution.plan_invocation`: pytest
  JUnit XML, jest/vitest JSON, `go test -json`, bats TAP) through the one subprocess funnel;
  the per-test outcomes come from `evidence.runner_output`. The command is the config's
  `test_execution.tier_1.command`, else `test_cmd`, else the detected stack's runner. A command
  without machine output cannot prove anything: exit 2.
- A test id is `<file>::<name>`, the file relative to the project (jest names it absolutely).
  A file the runner could not even import (pytest's collection error, a jest suite that failed
  to run: a TypeScript test importing what does not exist yet) is the id
  `<file>::<collection>`, which counts as a failing test of that file; so is
  a Go package that does not build (`FAIL <pkg> [build failed]`: Go's usual red, tests
  calling code not written yet), as `<pkg>::<collection>` (Go's test ids name the package),
  or, where its test files declare new `TestX` functions, as each `<pkg>::TestX` (error):
  none of them ran, and green must pass each one.
- A runner that cannot start (not installed: exit 127) is exit 2, said as such.
- red: the story's new test files are `--tests P…`, else the test files git reports as added
  or modified (untracked included). The new tests are those whose name the committed (HEAD)
  version of their file does not contain; every one must fail: a test that passes before the
  implementation exists is vacuous, one the runner skips cannot fail, and a test file that
  does not parse (Python that does not compile, a JS/TS suite its runner cannot transform, a
  Go `syntax error`) fails before it tests anything: each a finding naming it (exit 1). No
  new test at all is exit 2. The red ids (with outcomes) and the test files are recorded.
- green: the red test files run again. Every red id must pass; an id that is gone (removed or
  renamed away), skipped or failing is a finding (exit 1); a red collection error is
  satisfied only by at least one passing test of that file. Any failing test in the run is a
  finding too. The green ids (all passing ids) are recorded.
- A red run that finds a test changed since a recorded red that held (every test failed) is
  a finding and keeps that red's digest: a test weakened after it failed, then seen failing
  again against a stashed implementation, would otherwise be green's new baseline. `--again`
  records the changed tests anew, deliberately, and the TDD Evidence table says
  `(red again: ...)` beside each. A red that did not hold is redone freely.
- green may not change a test to make it pass: each test of the red test files is recorded at
  red by a digest of its code (white space and comments aside); a test whose code differs
  at green is a finding (an assertion reversed, an expected value edited: the
  implementation should change, not the test), and so is a test of those files first
  written at green (never seen failing). Refactor may reshape and add tests.
- refactor: every green id must still be present and pass (exit 1 otherwise).
- green and refactor: a red (green) test that passes only because it became a placeholder
  in its file (the shared detector, `evidence.placeholders`: its real assertion swapped for
  `expect(true).toBe(true)`, its body emptied) is a finding too: it passes without checking
  the implementation.
- green needs a recorded red run and refactor a recorded green run (exit 2 otherwise).
- Records: the dev-story checkpoint (`.gaia/memory/checkpoints/dev-story.yaml`) variables
  `tdd.<KEY>.files`, `.red`, `.green`, `.refactor` (JSON), set under the checkpoint's lock so
  the edit hook's file entries are kept; and a `### TDD Evidence` table (test, red, green,
  refactor) under the story's `## Dev Agent Record`, rewritten under the story's lock.
- Exit codes: 0 the phase holds; 1 findings; 2 bad input (key, story, no tests, no runner,
  no machine output, missing earlier phase).
"""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from gaia_lib.checkpoint import store
from gaia_lib.core import config, git, keys, paths, proc, writes
from gaia_lib.core.errors import GaiaError, InvalidInput, MalformedFile
from gaia_lib.evidence import execution, placeholders, runner_output, testcases
from gaia_lib.evidence import outcomes as test_outcomes
from gaia_lib.stacks import adapters
from gaia_lib.story import resolve
from gaia_lib.story.editing import editing
from gaia_lib.story.parser import load_story

PHASES = ("red", "green", "refactor")
WORKFLOW = "dev-story"
COLLECTION = "<collection>"
EXIT_FINDINGS = 1
EXIT_USAGE = 2
DEFAULT_TIMEOUT = 900.0
TABLE_HEADING = "### TDD Evidence"
RECORD_HEADING = "## Dev Agent Record"


@dataclass
class PhaseReport:
    key: str
    phase: str
    outcomes: dict[str, str]  # id -> passed|failed|error|skipped
    findings: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        return EXIT_FINDINGS if self.findings else 0


def test_id(outcome: runner_output.TestOutcome, root: Path | None = None) -> str:
    """`<file>::<name>`, the file relative to `root` where the runner names it absolutely
    (jest); a file that failed to load is `<file>::<collection>`."""
    file = outcome.file
    if file and root is not None and Path(file).is_absolute():
        file = paths.relative_to_project(Path(file), root)
    if file:
        return f"{file}::{outcome.name or COLLECTION}"
    if outcome.outcome == runner_output.ERROR and outcome.name:
        return f"{outcome.name.replace('.', '/')}.py::{COLLECTION}"
    return outcome.name


def file_of(test: str) -> str:
    return test.split("::", 1)[0]


# ---------------------------------------------------------------- the rules (pure)


def red_findings(outcomes: Mapping[str, str],
                 unparsed: Mapping[str, str] | None = None) -> list[str]:
    """`unparsed`: collection id -> why its test file does not parse."""
    found = []
    for tid, result in sorted(outcomes.items()):
        if tid in (unparsed or {}):
            found.append(f"test file does not parse: {file_of(tid)} ({(unparsed or {})[tid]}): "
                         "it fails before it tests anything; a red test must fail on the "
                         "missing implementation")
        elif result == runner_output.PASSED:
            found.append(f"vacuous test: {tid} passes before the implementation exists")
        elif result == runner_output.SKIPPED:
            found.append(f"skipped test: {tid} does not run, so it cannot fail: a red test "
                         "must run and fail")
    return found


def _hollow(tid: str, hollow: Mapping[str, str]) -> list[str]:
    return ([f"placeholder test: {tid} {hollow[tid]}: it cannot check the implementation"]
            if tid in hollow else [])


def green_findings(red: Mapping[str, str], outcomes: Mapping[str, str],
                   hollow: Mapping[str, str] | None = None) -> list[str]:
    """`hollow`: test id -> why the test is a placeholder now (`evidence.placeholders`)."""
    hollow = hollow or {}
    found: list[str] = []
    for tid in sorted(red):
        if tid.endswith("::" + COLLECTION):
            module = file_of(tid)
            if not any(file_of(t) == module and r == runner_output.PASSED
                       for t, r in outcomes.items()):
                found.append(f"no passing test in {module} (it failed to import in red)")
        elif tid not in outcomes:
            found.append(f"red test gone: {tid} (removed or renamed away)")
        elif outcomes[tid] == runner_output.SKIPPED:
            found.append(f"red test skipped: {tid} (a skipped test does not pass)")
        elif outcomes[tid] != runner_output.PASSED:
            found.append(f"red test not passing: {tid} ({outcomes[tid]})")
        else:
            found += _hollow(tid, hollow)
    found += [f"failing test: {tid} ({r})" for tid, r in sorted(outcomes.items())
              if r in (runner_output.FAILED, runner_output.ERROR) and tid not in red]
    return found


def changed_findings(red_digests: Mapping[str, str], now: Mapping[str, str]) -> list[str]:
    """The tests whose code changed since red, and those added since (`test_digests` then
    and now): a test first written at green was never seen failing."""
    changed = [f"test changed since red: {case_id}: green must pass the tests as they failed "
               "(change the implementation, not the test)"
               for case_id, digest in sorted(red_digests.items())
               if case_id in now and now[case_id] != digest]
    added = [f"test added since red: {case_id}: it was never seen failing (write it at red)"
             for case_id in sorted(set(now) - set(red_digests))]
    return changed + added


def refactor_findings(green: Sequence[str], outcomes: Mapping[str, str],
                      hollow: Mapping[str, str] | None = None) -> list[str]:
    found: list[str] = []
    for tid in sorted(green):
        if tid not in outcomes:
            found.append(f"green test gone: {tid} (removed or renamed away)")
        elif outcomes[tid] != runner_output.PASSED:
            found.append(f"green test no longer passing: {tid} ({outcomes[tid]})")
        else:
            found += _hollow(tid, hollow or {})
    return found


# ---------------------------------------------------------------- running


def test_command(project: Path, workdir: Path) -> tuple[str, float]:
    cfg = config.load(project, EXIT_USAGE)
    tier_1 = cfg.tier("tier_1")
    if tier_1 is not None and tier_1.command:
        return tier_1.command, float(tier_1.timeout_seconds)
    if cfg.test_cmd:
        return cfg.test_cmd, DEFAULT_TIMEOUT
    stack = adapters.detect(workdir)
    if stack is None or not adapters.get(stack).runners:
        raise GaiaError("no test command: set test_execution.tier_1.command or test_cmd in "
                        "the project config", EXIT_USAGE)
    runner = adapters.get(stack).runners[0]
    if proc.which(runner.tool, [workdir / "node_modules" / ".bin"]) is None:
        raise GaiaError(f"{runner.tool} not installed: {runner.install_hint}", EXIT_USAGE)
    return " ".join(runner.run_argv), DEFAULT_TIMEOUT


def changed_test_files(workdir: Path, configured: str | None = None) -> list[str]:
    """Test files git reports as added, modified or untracked, relative to `workdir`, by the
    configured stack's naming (`project.stack`), else the detected one's."""
    top = git.run(workdir, "rev-parse", "--show-toplevel")
    status = git.run(workdir, "status", "--porcelain=v1", "-z", "--untracked-files=all")
    if top.returncode != 0 or status.returncode != 0:
        raise GaiaError("not a git work tree: name the new test files with --tests",
                        EXIT_USAGE)
    root = Path(top.stdout.strip()).resolve()
    real_workdir = workdir.resolve()
    stack = adapters.canonical(configured) if configured else adapters.detect(workdir)
    adapter = adapters.get(stack) if stack else None
    found: list[str] = []
    entries = status.stdout.split("\0")
    index = 0
    while index < len(entries):
        entry = entries[index]
        index += 1
        if len(entry) < 4:
            continue
        code, rel = entry[:2], entry[3:]
        if code[0] in "RC":
            index += 1  # -z puts a rename's source path in the next field
        if "D" in code:
            continue
        absolute = root / rel
        if real_workdir not in absolute.parents or not absolute.is_file():
            continue
        local = absolute.relative_to(real_workdir).as_posix()
        name = absolute.name
        is_test = adapter.is_test_file(local) if adapter else (
            name.startswith("test_") or "_test." in name or ".test." in name
            or name.endswith(".bats"))
        if is_test:
            found.append(local)
    return sorted(found)


def committed_text(workdir: Path, rel: str) -> str | None:
    """The file as HEAD has it (None: new file, or not a git work tree)."""
    result = git.run(workdir, "show", f"HEAD:./{rel}")
    return result.stdout if result.returncode == 0 else None


def committed_package(workdir: Path, package: str, files: Sequence[str]) -> str | None:
    """A Go package's test files as HEAD has them, one text (None: none committed). The
    package is the directory of one of `files` that its import path ends with (the module's
    root, `.`, when none does and a file is there)."""
    found = _package_dir(package, files)
    if found is None:
        return None
    listed = git.lines(git.run(workdir, "ls-tree", "--name-only", "HEAD", "--",
                               "." if found == "." else f"{found}/"))
    texts = [committed_text(workdir, name) for name in listed if name.endswith("_test.go")]
    return "\n".join(t for t in texts if t is not None) or None


def _package_dir(package: str, files: Sequence[str]) -> str | None:
    """The directory of `files` a Go package's import path names (`.` for the module root)."""
    return test_outcomes.package_dir(
        package, {posixpath.dirname(f) or "." for f in files if f.endswith("_test.go")})


def unbuilt_tests(workdir: Path, outcomes: Mapping[str, str],
                  files: Sequence[str]) -> dict[str, str]:
    """For each Go package that did not build (`<pkg>::<collection>`), its new tests as the
    test files name them (`<pkg>::TestX`, error): a build failure ran none of them, but green
    must then pass each one, not just any test of the package."""
    found: dict[str, str] = {}
    for tid in outcomes:
        package, _, name = tid.partition("::")
        where = _package_dir(package, files) if name == COLLECTION else None
        if where is None or package.endswith(".go"):
            continue
        before = committed_package(workdir, package, files) or ""
        for rel in files:
            if rel.endswith("_test.go") and (posixpath.dirname(rel) or ".") == where:
                for case in testcases.split_tests(rel, written_text(workdir / rel)):
                    declared = rf"\bfunc\s+{re.escape(case.name)}\s*\("
                    if case.name.startswith("Test") and not re.search(declared, before):
                        found[f"{package}::{case.name}"] = runner_output.ERROR
    return found


def _names(name: str, text: str) -> bool:
    """Whether `text` holds `name` as a whole name (`test_add` is not `test_add_negative`)."""
    return re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text) is not None


def new_only(workdir: Path, outcomes: Mapping[str, str],
             files: Sequence[str] = ()) -> dict[str, str]:
    """The outcomes of tests that HEAD's version of their file does not already name.

    A test added to an existing file is new; the file's older tests are not red-phase tests
    (they pass, as they should). Names are matched literally (a parametrised id by its base
    name), which holds for pytest, jest/vitest, go test and bats names alike. A Go id names
    its package, not its file: HEAD's test files of that package's directory (`files`: the
    test files in the run) are what it is looked up in."""
    cache: dict[str, str | None] = {}
    kept: dict[str, str] = {}
    for tid, result in outcomes.items():
        file, _, name = tid.partition("::")
        if file not in cache:
            go_package = any(f.endswith(".go") for f in files) and not file.endswith(".go")
            cache[file] = (committed_package(workdir, file, files) if go_package
                           else committed_text(workdir, file))
        before = cache[file]
        base = name.split("[", 1)[0]
        if before is None or name == COLLECTION or not base or not _names(base, before):
            kept[tid] = result
    return kept


def check_tests(workdir: Path, tests: Sequence[str]) -> list[str]:
    real_root = workdir.resolve()
    checked: list[str] = []
    for raw in tests:
        target = (workdir / raw).resolve()
        if real_root not in target.parents or not target.is_file():
            raise InvalidInput(f"--tests {raw}: not a file inside the project", EXIT_USAGE)
        checked.append(target.relative_to(real_root).as_posix())
    return checked


@dataclass(frozen=True)
class Run:
    outcomes: dict[str, str]  # test id -> passed|failed|error|skipped
    hollow: dict[str, str]  # test id -> why it is a placeholder in its file now
    unparsed: dict[str, str] = field(default_factory=dict)  # `<file>::<collection>` -> why
    # a Go build's compiler errors: (file as printed, the error line)
    build_errors: tuple[tuple[str, str], ...] = ()


def run_tests(project: Path, workdir: Path, key: str, phase: str,
              files: Sequence[str]) -> Run:
    command, timeout = test_command(project, workdir)
    report_dir = paths.state_dir(project) / "dev-story" / key / "tdd"
    invocation = execution.plan_invocation(command, report_dir, f"tdd-{phase}", files, workdir)
    if invocation.report_format is None:
        raise GaiaError(f"'{command}' gives no machine-readable test output; TDD evidence "
                        "needs pytest, jest, vitest, go test or bats", EXIT_USAGE)
    if invocation.report_path is not None:
        writes.make_dirs(invocation.report_path.parent, project)
        writes.remove(invocation.report_path, project)
    result = proc.run_tool(invocation.argv, cwd=workdir, timeout=timeout, contain=True)
    if result.timed_out:
        raise GaiaError(f"the test run timed out after {timeout:.0f}s", EXIT_USAGE)
    if result.error or result.returncode == proc.EXIT_NOT_FOUND:
        # `npm test` starts; the runner its script names may be what is missing
        said = [line.strip() for line in result.stderr.splitlines() if line.strip()]
        raise GaiaError(f"the test runner could not start ({invocation.argv[0]}): "
                        f"{result.error or (said[-1] if said else 'command not found')}",
                        EXIT_USAGE)
    try:
        data: bytes | str = (invocation.report_path.read_bytes()
                             if invocation.report_path is not None else result.stdout)
    except OSError:
        why = result.error or f"exit {result.returncode}"
        raise GaiaError(f"the runner wrote no report ({why}): {result.stderr.strip()[-200:]}",
                        EXIT_USAGE) from None
    try:
        counts = runner_output.parse(invocation.report_format, data, EXIT_USAGE)
    except MalformedFile as exc:
        unbuilt = go_unbuilt(result.stdout) if invocation.report_format == "go-json" else []
        if unbuilt:  # a Go test id names its package, as `go test -json` does
            # the compiler's lines: on stderr before Go 1.24, in its build events after
            output = "\n".join((result.stdout, runner_output.go_build_output(result.stdout),
                                 result.stderr))
            return Run({f"{package}::{COLLECTION}": runner_output.ERROR
                        for package in unbuilt}, {}, go_unparsed(unbuilt, output),
                       go_build_errors(output))
        raise GaiaError(f"runner output unreadable: {exc.message}", EXIT_USAGE) from None
    outcomes: dict[str, str] = {}
    for outcome in counts.tests:
        if invocation.report_format == "tap":  # TAP names a failed test's file only: one id
            outcome = replace(outcome, file=None)  # noqa: PLW2901 - per phase, whatever it did
        tid = test_id(outcome, workdir)
        # a test reported more than once (a retry) is decided by a run that did run
        if outcome.outcome != runner_output.SKIPPED or tid not in outcomes:
            outcomes[tid] = outcome.outcome
    return Run(outcomes, hollow_tests(workdir, files, counts.tests),
               unparsed(workdir, counts.tests))


_COMMENT_LINE = re.compile(r"^\s*(?:#|//)")
_TRAILING_COMMENT = re.compile(r"\s(?:#|//)")


def _code_of(line: str) -> str:
    """A line without its white space and its trailing comment (a `#` or `//` after white
    space and outside quotes)."""
    for match in _TRAILING_COMMENT.finditer(line):
        before = line[:match.start()]
        if before.count('"') % 2 == 0 and before.count("'") % 2 == 0:
            line = before
            break
    return "".join(line.split())


def test_digests(workdir: Path, files: Sequence[str]) -> dict[str, str]:
    """Per discovered test of `files` (its case id), a digest of its code: white space and
    comments left out, so re-formatting or annotating a test (gofmt, a note) changes nothing."""
    digests = {}
    for rel in files:
        for case in testcases.split_tests(rel, written_text(workdir / rel)):
            code = "".join(_code_of(line) for line in case.body.splitlines()
                           if not _COMMENT_LINE.match(line))  # line breaks are white space
            digests[case.test_id] = hashlib.sha256(code.encode("utf-8")).hexdigest()[:16]
    return digests


def hollow_tests(workdir: Path, files: Sequence[str],
                 reported: Sequence[runner_output.TestOutcome]) -> dict[str, str]:
    """The reported tests that are placeholders in their files as they are now (the shared
    detector: `expect(true).toBe(true)`, an empty body, a skip), by test id."""
    cases = [case for rel in files
             for case in testcases.split_tests(rel, written_text(workdir / rel))]
    why = {found.test_id: found.reason for found in placeholders.placeholders(cases)}
    hollow = [case for case in cases if case.test_id in why]
    return {test_id(outcome, workdir): why[case_id]
            for case_id, found in test_outcomes.reported(reported, hollow).items()
            for outcome in found}


# What a runner says of a test file that does not parse: esbuild's / vite's transform,
# babel's and ts-jest's syntax errors (a module that cannot be found is a red test's usual
# failure, and not one of these).
_JS_UNPARSED = re.compile(r"Transform failed|PARSE_ERROR|SyntaxError|Unexpected token|"
                          r"encountered an unexpected token", re.IGNORECASE)
# The compiler's `syntax error: ...`, and the parser's `expected '}', found 'EOF'` (a `[setup
# failed]` package: `go list` could not parse it).
_GO_SYNTAX = re.compile(r"^(?:\./)?(\S+?)_test\.go:\d+:\d+: (?:syntax error|expected \S+, "
                        r"found )", re.MULTILINE)


def unparsed(workdir: Path, reported: Sequence[runner_output.TestOutcome]) -> dict[str, str]:
    """The test files that failed to load because they do not parse, by their collection id:
    a Python file that does not compile, a JS/TS suite its runner could not transform."""
    found: dict[str, str] = {}
    for outcome in reported:
        tid = test_id(outcome, workdir)
        if not tid.endswith("::" + COLLECTION) or outcome.outcome != runner_output.ERROR:
            continue
        rel = file_of(tid)
        if rel.endswith(".py"):
            try:
                compile(written_text(workdir / rel), rel, "exec")
            except SyntaxError as exc:
                found[tid] = f"SyntaxError: {exc.msg} (line {exc.lineno})"
            except ValueError:
                continue
        elif outcome.message and _JS_UNPARSED.search(outcome.message):
            found[tid] = outcome.message
    return found


def go_unparsed(packages: Sequence[str], output: str) -> dict[str, str]:
    """The unbuilt Go packages (by collection id) whose test files have syntax errors, from
    the compiler's lines (`./x_test.go:3:1: syntax error: ...`) (pure)."""
    found: dict[str, str] = {}
    for match in _GO_SYNTAX.finditer(output):
        line = output[match.start():].split("\n", 1)[0]
        directory = str(Path(match.group(1)).parent)
        for package in packages:
            if len(packages) == 1 or (directory != "." and (
                    package == directory or package.endswith("/" + directory))):
                found.setdefault(f"{package}::{COLLECTION}", line)
    return found


def written_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


_GO_ERROR = re.compile(r"^(?:\./)?(\S+?\.go):\d+:\d+: .+$", re.MULTILINE)


def go_build_errors(output: str) -> tuple[tuple[str, str], ...]:
    """The compiler's error lines of a Go build, with the file each names (pure)."""
    return tuple(dict.fromkeys((m.group(1), m.group(0).strip())
                               for m in _GO_ERROR.finditer(output)))


def foreign_build_failure(errors: Sequence[tuple[str, str]], new_test_files: Sequence[str]
                          ) -> str | None:
    """The first compiler error of a Go build that failed for none of the new tests' files
    (another file's error: the new tests never ran, so their red proves nothing); None when
    an error is in one of them, or there is none."""
    if not errors or any(any(new == file or new.endswith("/" + file) or file.endswith(
            "/" + new) for new in new_test_files) for file, _ in errors):
        return None
    return errors[0][1]


def go_unbuilt(stdout: str) -> list[str]:
    """The packages Go reports as not building, in its order (pure;
    `runner_output.go_unbuilt_packages`: Go's text line before 1.24, its events after)."""
    return list(runner_output.go_unbuilt_packages(stdout))


# ---------------------------------------------------------------- records


def _var(key: str, name: str) -> str:
    return f"tdd.{key}.{name}"


def recorded(project: Path, key: str) -> dict[str, object]:
    target = Path(store.checkpoint_path(paths.checkpoints_root(project), WORKFLOW))
    try:
        checkpoint = store.load(target)
    except GaiaError:
        return {}
    found: dict[str, object] = {}
    for name, value in checkpoint.variables:
        prefix = f"tdd.{key}."
        if name.startswith(prefix):
            try:
                found[name.removeprefix(prefix)] = json.loads(value)
            except ValueError:
                continue
    return found


def table(records: Mapping[str, object]) -> str:
    def phase_map(name: str) -> dict[str, str]:
        value = records.get(name)
        return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}

    red, green, refactor = phase_map("red"), phase_map("green"), phase_map("refactor")
    again = records.get("again")
    for case_id in again if isinstance(again, list) else ():  # re-recorded deliberately
        for tid in red:  # its own row, a parametrised one, or its file's that failed to load
            if tid == case_id or tid.startswith(f"{case_id}[") or \
                    tid == f"{file_of(str(case_id))}::{COLLECTION}":
                red[tid] = f"{red[tid]} (red again: changed after its first red)"
    ids = sorted(set(red) | set(green) | set(refactor))
    rows = "".join(
        f"| `{tid}` | {red.get(tid, '—')} | {green.get(tid, '—')} | {refactor.get(tid, '—')} |\n"
        for tid in ids)
    return (f"{TABLE_HEADING}\n\n| Test | Red | Green | Refactor |\n"
            f"|------|-----|-------|----------|\n{rows}")


def with_table(text: str, block: str) -> str:
    """The story text with its TDD Evidence block replaced (or added) under the Dev Agent
    Record; a story without that section gets one at the end."""
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.rstrip() == TABLE_HEADING), None)
    if start is not None:
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].startswith(("## ", "### "))), len(lines))
        new = [*lines[:start], *block.rstrip("\n").split("\n"), "", *lines[end:]]
        return "\n".join(new).rstrip("\n") + "\n"
    record = next((i for i, ln in enumerate(lines) if ln.rstrip() == RECORD_HEADING), None)
    if record is None:
        return text.rstrip("\n") + f"\n\n{RECORD_HEADING}\n\n{block}"
    end = next((i for i in range(record + 1, len(lines)) if lines[i].startswith("## ")),
               len(lines))
    head = lines[:end]
    while head and not head[-1].strip():
        head.pop()
    new = [*head, "", *block.rstrip("\n").split("\n"), "", *lines[end:]]
    return "\n".join(new).rstrip("\n") + "\n"


def write_records(project: Path, story_path: Path, key: str,
                  updates: Mapping[str, object]) -> None:
    store.set_variables(paths.checkpoints_root(project), project, WORKFLOW,
                        {_var(key, k): json.dumps(v, sort_keys=True) for k, v in updates.items()})
    with editing(story_path, key, EXIT_USAGE):  # the story's one lock; its key checked
        text = story_path.read_text(encoding="utf-8")
        updated = with_table(text, table(recorded(project, key)))
        if updated != text:
            writes.write_text(story_path, updated, project)


def rered_tests(red: object, red_digests: Mapping[str, str],
                now: Mapping[str, str]) -> list[str]:
    """The tests a new red run finds changed since a recorded red that held (every test it
    ran failed): a test weakened after it was seen failing, then run at red again (against a
    stashed implementation, it fails for any reason) would pass green as a new baseline.
    Pure."""
    held = isinstance(red, dict) and bool(red) and all(
        r in (runner_output.FAILED, runner_output.ERROR) for r in red.values())
    if not held:  # a red that did not hold is redone freely (its vacuous tests rewritten)
        return []
    return sorted(c for c, digest in red_digests.items() if c in now and now[c] != digest)


def run_phase(project: Path, raw_key: str, phase: str, tests: Sequence[str] = (),
              again: bool = False) -> PhaseReport:
    key = keys.story_key(raw_key, EXIT_USAGE)
    if phase not in PHASES:
        raise InvalidInput(f"phase must be one of {'|'.join(PHASES)}", EXIT_USAGE)
    try:
        story_path = resolve.find_story(project, key)
        load_story(story_path, EXIT_USAGE)
    except GaiaError as exc:
        raise GaiaError(exc.message, EXIT_USAGE) from None
    cfg = config.load(project, EXIT_USAGE)
    workdir = project / cfg.project_path if cfg.project_path else project
    before = recorded(project, key)
    if phase == "red":
        files = check_tests(workdir, tests) if tests else changed_test_files(workdir,
                                                                             cfg.stack)
    else:
        needed = "red" if phase == "green" else "green"
        if not isinstance(before.get(needed), dict):
            raise GaiaError(f"no recorded {needed} run for {key}: run "
                            f"`gaia tdd-evidence {needed} --story {key}` first", EXIT_USAGE)
        stored = before.get("files")
        files = [str(f) for f in stored] if isinstance(stored, list) else []
    if not files:
        raise GaiaError(f"no new test files for {key}: write the failing tests first "
                        "(or name them with --tests)", EXIT_USAGE)
    run = run_tests(project, workdir, key, phase, files)
    outcomes = run.outcomes
    if phase == "red":
        outcomes = new_only(workdir, outcomes, files)
        named = unbuilt_tests(workdir, outcomes, files)
        for package in {tid.partition("::")[0] for tid in named}:
            if f"{package}::{COLLECTION}" not in run.unparsed:  # a syntax error is said as one
                outcomes.pop(f"{package}::{COLLECTION}", None)
        outcomes.update(named)
    if phase == "red" and not outcomes and run.outcomes:
        raise GaiaError(f"the runner ran {len(run.outcomes)} test(s) in the named files, and "
                        "HEAD already has every one of them: red evidence is for tests not yet "
                        "committed (record red before committing a test)", EXIT_USAGE)
    if phase == "red" and not outcomes:
        raise GaiaError("the runner reported no tests in the new test files", EXIT_USAGE)
    report = PhaseReport(key, phase, outcomes, files=list(files))
    updates: dict[str, object] = {phase: outcomes}
    if phase == "red":
        report.findings = red_findings(outcomes, run.unparsed)
        declaring = [f for f in files if f.endswith("_test.go") and any(
            re.search(rf"\bfunc\s+{re.escape(tid.partition('::')[2])}\s*\(",
                      written_text(workdir / f)) for tid in named)]
        foreign = foreign_build_failure(run.build_errors, declaring) if named else None
        if foreign is not None:
            report.findings.append(
                f"the package did not build because of another file ({foreign}): the new "
                "tests never ran, so their red proves nothing; a red test must fail on the "
                "missing implementation")
        updates["files"] = list(files)
        now = test_digests(workdir, files)
        old = before.get("digests")
        old = {str(k): str(v) for k, v in old.items()} if isinstance(old, dict) else {}
        changed = rered_tests(before.get("red"), old, now)
        if changed and not again:
            report.findings += [
                f"test changed since its recorded red: {case_id}: green holds the tests to the "
                f"red that saw them fail; `gaia tdd-evidence red --story {key} --again` "
                "records them anew, and the evidence says so" for case_id in changed]
            now = {**now, **{case_id: old[case_id] for case_id in changed}}  # the red stands
        elif changed:
            prior = before.get("again")
            updates["again"] = sorted({*changed, *(map(str, prior) if isinstance(
                prior, list) else ())})
        updates["digests"] = now
    elif phase == "green":
        red = before.get("red")
        report.findings = green_findings(red if isinstance(red, dict) else {}, outcomes,
                                         run.hollow)
        digests = before.get("digests")
        if isinstance(digests, dict):
            report.findings += changed_findings({str(k): str(v) for k, v in digests.items()},
                                                test_digests(workdir, files))
    else:
        green = before.get("green")
        passing = [t for t, r in green.items() if r == runner_output.PASSED] \
            if isinstance(green, dict) else []
        report.findings = refactor_findings(passing, outcomes, run.hollow)
    write_records(project, story_path, key, updates)
    return report
