from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gaia_lib.core import config, proc, writes
from gaia_lib.evidence import attribution, execution, head_start
from helpers.tools import python_without

PY = sys.executable
# Each test writes what its own process is: the command line it was started with, and the
# environment variables the test names.
PROBE_TEST = """\
import os
from pathlib import Path

from app import add


def test_adds():
    Path("ran.json").write_text(__import__("json").dumps({
        "cmdline": Path("/proc/self/cmdline").read_bytes().decode().split("\\0"),
        "seed": os.environ.get("PYTHONHASHSEED"),
        "plugin": os.environ.get("GAIA_COVERAGE_REPORT"),
        "frozen": __import__("gc").get_freeze_count(),
        "collecting": __import__("gc").isenabled(),
    }))
    assert add(1, 2) == 3
"""


def _project(tmp_path: Path, command: str = f"{PY} -m pytest -q -p no:cacheprovider tests",
             timeout: int = 60) -> Path:
    root = tmp_path / "proj"
    (root / "tests").mkdir(parents=True)
    (root / "app.py").write_text("def add(a, b):\n    if a < 0:\n        raise ValueError(a)\n"
                                 "    return a + b\n")
    (root / "tests" / "test_app.py").write_text(PROBE_TEST)
    (root / "conftest.py").write_text("")
    (root / ".gaia" / "config").mkdir(parents=True)
    (root / ".gaia" / "config" / "project-config.yaml").write_text(textwrap.dedent(f"""\
        test_execution:
          tier_1:
            placement: [local]
            command: {command}
            timeout_seconds: {timeout}
    """))
    return root


def _measured(root: Path, head: head_start.HeadStart | None) -> execution.Evidence:
    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        return execution.execute(config.load(root), "E1-S1", root, state, context="local",
                                 coverage=attribution.CoverageSetup(state, ("app.py",)),
                                 head=head)


def _ran(root: Path) -> dict[str, object]:
    result: dict[str, object] = json.loads((root / "ran.json").read_text())
    return result


def _gone(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return True
    return state == "Z"


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def test_the_measured_run_is_handed_to_the_python_started_first(tmp_path: Path) -> None:
    root = _project(tmp_path)
    head = head_start.start(root)
    assert head is not None and head.python == PY
    evidence = _measured(root, head)
    suite = evidence.suites[0]
    assert head.used and (suite.pass_count, suite.fail_count, suite.exit_code) == (1, 0, 0)
    ran = _ran(root)
    # the test ran in the launcher's process, with the plugin's settings it was handed
    assert ran["cmdline"][:4] == [PY, "-m", head_start.LAUNCHER, PY]  # type: ignore[index]
    # what the launcher's warm-up made is out of the collector's way (`gc.freeze`)
    assert ran["frozen"] > 10_000  # type: ignore[operator]
    # ... and the collector, off while it imported, is on again for the tests
    assert ran["collecting"] is True
    assert ran["plugin"] == str(root / ".gaia/state/review/qa-tests/E1-S1/"
                                "attribution-coverage.json")
    # the same evidence as a run started directly: JUnit counts, coverage, per-test contexts
    assert evidence.coverage_report is not None
    report = json.loads(evidence.coverage_report.read_text())
    assert report["files"]["app.py"]["summary"]["missing_lines"] == 1
    contexts = json.loads((evidence.coverage_report.parent / "attribution-contexts.json")
                          .read_text())
    assert contexts["files"]["app.py"]["contexts"]["*"] == ["tests/test_app.py::test_adds"]
    assert " -p gaia_coverage_plugin " in suite.command


def test_its_time_limit_and_duration_count_from_the_hand_over(tmp_path: Path) -> None:
    # a limit with room for a loaded machine's start-up after the hand-over (3 s was not, nor
    # 8 s at a load of 18 on two cores)
    root = _project(tmp_path, timeout=20)
    head = head_start.start(root)
    assert head is not None
    time.sleep(20.5)  # the review reading, longer than the run may take: none of the run's time
    suite = _measured(root, head).suites[0]
    assert head.used and not suite.timeout and (suite.exit_code, suite.pass_count) == (0, 1)
    assert suite.duration_seconds < 20


# What a run leaves for the interpreter's exit: a file not closed, an exit function, an object
# freed only as the modules are (`FREED`), and, in the second test, a thread still running.
LEAVING_TEST = """\
import atexit
import threading
import time
from pathlib import Path

LOG = open("log.txt", "w")
FREED = type("Freed", (), {"__del__": lambda self: Path("freed").write_text("")})()


def test_leaves():
    LOG.write("kept\\n")
    atexit.register(lambda: Path("exited").write_text(""))
    if Path("thread").exists():
        threading.Thread(target=lambda: (time.sleep(0.5), Path("joined").write_text(""))
                         ).start()
    assert False
"""


@pytest.mark.parametrize("thread", [False, True])
def test_a_run_taken_over_ends_as_its_exit_would_less_the_freeing(
        tmp_path: Path, thread: bool) -> None:
    root = _project(tmp_path)
    (root / "tests" / "test_app.py").write_text(LEAVING_TEST)
    if thread:
        (root / "thread").write_text("")
    head = head_start.start(root)
    assert head is not None
    suite = _measured(root, head).suites[0]
    assert head.used and (suite.fail_count, suite.exit_code) == (1, 1)
    assert (root / "log.txt").read_text() == "kept\n" and (root / "exited").exists()
    # ended at once, no object freed; with a thread still running, the usual exit waits for it
    assert (root / "joined").exists() if thread else not (root / "freed").exists()


def test_what_starts_with_the_run_does_not_delay_its_hand_over(tmp_path: Path) -> None:
    root = _project(tmp_path)
    (root / "tests" / "test_app.py").write_text(
        "import time\nfrom pathlib import Path\n\n\ndef test_when():\n"
        "    Path('when').write_text(repr(time.monotonic()))\n")
    head = head_start.start(root)
    assert head is not None
    ended: list[float] = []

    def slow_start() -> None:  # what a review starts with its run, taking its time
        time.sleep(3)
        ended.append(time.monotonic())

    state = root / ".gaia" / "state" / "review" / "qa-tests" / "E1-S1"
    with writes.scope("fork", root):
        evidence = execution.execute(
            config.load(root), "E1-S1", root, state, context="local", head=head,
            coverage=attribution.CoverageSetup(state, ("app.py",)),
            on_start=slow_start)
    assert head.used and evidence.suites[0].pass_count == 1
    assert float((root / "when").read_text()) < ended[0]


def test_a_run_whose_start_would_differ_becomes_that_command(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    head = head_start.start(root)
    assert head is not None
    # set after the launcher started: hash randomisation is decided as a Python starts
    monkeypatch.setenv("PYTHONHASHSEED", "123")
    suite = _measured(root, head).suites[0]
    assert (suite.pass_count, suite.exit_code) == (1, 0)
    ran = _ran(root)
    assert ran["cmdline"][:3] == [PY, "-m", "pytest"] and ran["seed"] == "123"  # type: ignore[index]


def test_a_python_that_cannot_import_pytest_meets_its_own_error(tmp_path: Path) -> None:
    stub = python_without("pytest", tmp_path)
    root = _project(tmp_path, f"{stub} -m pytest -q tests")
    head = head_start.start(root)
    assert head is not None
    suite = _measured(root, head).suites[0]
    assert head.used and suite.exit_code == 1 and suite.pass_count == 0
    assert "No module named 'pytest'" in (suite.stopped or "")


def test_a_launcher_its_python_cannot_start_leaves_the_run_to_the_tier(tmp_path: Path) -> None:
    isolated = tmp_path / "isolated-python"  # -I: PYTHONPATH, and so the launcher, unseen
    isolated.write_text(f'#!/bin/sh\nexec {PY} -I "$@"\n')
    isolated.chmod(0o755)
    root = _project(tmp_path, f"{isolated} -m pytest -q -p no:cacheprovider tests")
    head = head_start.start(root)
    assert head is not None
    deadline = time.monotonic() + 30
    while head.started.process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    suite = _measured(root, head).suites[0]
    # the tier ran its command itself, and meets what that command meets: under -I the
    # review's plugin is no more importable than the launcher
    assert suite.pass_count == 0
    assert "gaia_coverage_plugin" in (suite.stopped or "")
    assert head_start.LAUNCHER not in (suite.stopped or "")


def test_a_head_start_no_run_took_is_stopped_with_all_it_started(tmp_path: Path) -> None:
    root = _project(tmp_path)
    with head_start.begin(root) as head:
        assert head is not None
        keeper = head.started.pid
        deadline = time.monotonic() + 30
        while not _children(keeper) and time.monotonic() < deadline:
            time.sleep(0.05)
        launcher = _children(keeper)[0]
        assert not _gone(launcher)
        # one Python started: the launcher, its own keeper (`reaper.keep_self`), forked
        for pid in (keeper, launcher):
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
            assert cmdline[:4] == [PY, "-m", head_start.LAUNCHER, PY]
    assert head.used and _gone(keeper)
    # the launcher, killed with the keeper's group, goes as the kernel gets to it
    deadline = time.monotonic() + 10
    while not _gone(launcher) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(launcher)


def test_a_head_start_begun_early_is_the_one_the_review_takes(tmp_path: Path) -> None:
    root = _project(tmp_path)
    other = _project(tmp_path / "other")
    with head_start.early(root):
        waiting = head_start._EARLY[0]
        with head_start.begin(other) as elsewhere:  # another project's review: its own
            assert elsewhere is not waiting
        with head_start.begin(root) as head:
            assert head is waiting and not head_start._EARLY
            evidence = _measured(root, head)
    assert head.used and evidence.suites[0].pass_count == 1
    assert _ran(root)["cmdline"][:3] == [PY, "-m", head_start.LAUNCHER]  # type: ignore[index]


def test_a_head_start_begun_early_that_no_review_took_is_stopped(tmp_path: Path) -> None:
    root = _project(tmp_path)
    with head_start.early(root):
        head = head_start._EARLY[0]
    assert head.used and not head_start._EARLY
    deadline = time.monotonic() + 30
    while not _gone(head.started.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _gone(head.started.pid)


def test_what_a_config_gives_is_remembered_until_the_config_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    first = head_start.start(root)  # parsed, and remembered
    assert first is not None
    first.stop()
    assert (Path(head_start.memory_path()).read_text().split("\n")[0].split("\t")[1] == PY)

    def unparsed(project: Path) -> str | None:
        raise AssertionError("a remembered config was parsed again")

    with monkeypatch.context() as patched:
        patched.setattr(head_start, "configured_python", unparsed)
        again = head_start.start(root)
        assert again is not None and again.python == PY
        again.stop()
    config = root / ".gaia" / "config" / "project-config.yaml"
    config.write_text(config.read_text().replace(f"{PY} -m pytest", "npx vitest run"))
    assert head_start.start(root) is None  # a changed config is read again
    with monkeypatch.context() as patched:  # and what it gives (no head start) remembered
        patched.setattr(head_start, "configured_python", unparsed)
        assert head_start.start(root) is None
    config.write_text("test_execution: [\n")
    assert head_start.start(root) is None
    assert len(Path(head_start.memory_path()).read_text().splitlines()) == 2  # not the broken


def test_a_remembered_config_starts_its_launcher_before_the_config_parser_loads(
        tmp_path: Path) -> None:
    root = _project(tmp_path)
    head = head_start.start(root)
    assert head is not None
    head.stop()
    # what this start loaded (a coverage.py measuring the test's subprocesses loads its own)
    probe = (f"import sys\nbefore = set(sys.modules)\nfrom pathlib import Path\n"
             f"from gaia_lib.evidence import head_start\n"
             f"head = head_start.start(Path({str(root)!r}))\n"
             f"loaded = [m for m in ('gaia_lib.core.config', 'yaml', 'jsonschema', "
             f"'dataclasses') if m in set(sys.modules) - before]\n"
             f"head.stop()\nprint(head.python, loaded)\n")
    done = subprocess.run([PY, "-c", probe], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": str(attribution.PLUGIN_DIR.parent)})
    assert done.stdout.split() == [PY, "[]"], done.stderr


def test_told_nothing_the_launcher_ends_quietly(tmp_path: Path) -> None:
    root = _project(tmp_path)
    head = head_start.start(root)
    assert head is not None
    result = proc.finish_tool(head.started, timeout=60, stdin_text="")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize("command", [
    "cd sub && python -m pytest",  # shell syntax: run by sh, no Python to start ahead
    "pytest -q tests",  # a console script: its Python is its own business
    "npx vitest run",
    "go test ./...",
])
def test_no_head_start_without_a_plain_python_m_pytest_tier(tmp_path: Path,
                                                            command: str) -> None:
    assert head_start.start(_project(tmp_path, command)) is None


def test_no_head_start_when_turned_off_or_without_a_config(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    monkeypatch.setenv(head_start.OFF_VAR, "0")
    assert head_start.start(root) is None
    monkeypatch.delenv(head_start.OFF_VAR)
    (root / ".gaia" / "config" / "project-config.yaml").write_text("test_execution: [\n")
    assert head_start.start(root) is None
    os.remove(root / ".gaia" / "config" / "project-config.yaml")
    assert head_start.start(root) is None


@pytest.mark.parametrize("tracer", [False, True])
@pytest.mark.parametrize("ahead", [True, False])
def test_a_project_that_makes_every_warning_an_error_meets_none_of_the_reviews(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ahead: bool, tracer: bool) -> None:
    # the plugin pre-imported by the launcher, then named by `-p`: pytest would warn that it
    # cannot rewrite it, and `filterwarnings = error` made that the run's failure
    if tracer:
        monkeypatch.setenv(attribution.MODE_VAR, "tracer")
    root = _project(tmp_path)
    (root / "pytest.ini").write_text("[pytest]\nfilterwarnings =\n    error\n")
    head = head_start.start(root) if ahead else None
    assert head is not None or not ahead
    suite = _measured(root, head).suites[0]
    assert (suite.pass_count, suite.exit_code) == (1, 0), suite.stopped
    assert head is None or head.used
    log = (root / ".gaia/state/review/qa-tests/E1-S1" / (suite.stdout_log or "")).read_text()
    assert "warning" not in log, log


@pytest.mark.parametrize("ahead", [True, False])
def test_a_run_cut_off_at_its_limit_left_nothing_behind_but_itself(tmp_path: Path,
                                                                   ahead: bool) -> None:
    # the process killed at the limit is the run (the launcher, or pytest): not a leftover
    root = _project(tmp_path, timeout=3)
    (root / "tests" / "test_app.py").write_text("import time\n\n\ndef test_hangs():\n"
                                                "    time.sleep(60)\n")
    head = head_start.start(root) if ahead else None
    evidence = _measured(root, head)
    suite = evidence.suites[0]
    assert suite.timeout and suite.killed == ()
    assert not any("left behind" in note for note in evidence.diagnostics)
