"""dev/demo.sh, dev/test.sh and .ci/run: syntax, flags, exit codes, and an offline demo run.

The demo runs against test doubles for its two slow dependencies: GAIA_DEMO_VENV points at a
"venv" whose python is this interpreter (pytest and coverage are installed here), and GAIA_BIN
at a launcher that runs this checkout's gaia_lib, so no network and no venv build is needed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.story.parser import load_story
from helpers.projects import REPO_ROOT, gaia_env

DEMO_SH = REPO_ROOT / "dev" / "demo.sh"
CHANGESET = [
    "src/signup/accounts.py",
    "src/signup/errors.py",
    "src/signup/validation.py",
    "tests/integration/test_signup_flow.py",
    "tests/unit/test_signup.py",
]


def _executable(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)
    return path


@pytest.fixture
def demo_venv(tmp_path: Path) -> Path:
    venv = tmp_path / "demo-venv"
    _executable(venv / "bin" / "python", f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    return venv


def _gaia_launcher(tmp_path: Path, review_qa: str | None = None) -> Path:
    """This checkout's gaia; `review-qa` is refused unless a fake body for it is given."""
    if review_qa is None:
        intercept = 'if [ "$1" = review-qa ]; then exit 2; fi\n'
    else:
        intercept = (
            'if [ "$1" = help ]; then printf "commands:\\n  review-qa\\n"; exit 0; fi\n'
            f'if [ "$1" = review-qa ]; then {review_qa}; fi\n'
        )
    return _executable(
        tmp_path / "bin" / "gaia",
        f'#!/bin/sh\n{intercept}exec "{sys.executable}" -m gaia_lib "$@"\n',
    )


def _demo(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(DEMO_SH), *args], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=300,
    )


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    ).stdout



def _recording_venv(tmp_path: Path) -> tuple[Path, Path]:
    """A dev venv whose tools record their arguments and pass: python (itself, pip a no-op),
    ruff, mypy, lint-imports, and coverage, whose `json -o F` writes a full-coverage report."""
    venv, log = tmp_path / "venv", tmp_path / "calls.jsonl"
    record = (f'#!{sys.executable}\nimport json, os, sys\n'
              f'open({str(log)!r}, "a").write(json.dumps([os.path.basename(sys.argv[0]), '
              '*sys.argv[1:]]) + "\\n")\n')
    for tool in ("ruff", "mypy", "lint-imports"):
        _executable(venv / "bin" / tool, record)
    _executable(venv / "bin" / "coverage", record + (
        'if sys.argv[1] == "json":\n'
        '    json.dump({"totals": {"covered_lines": 1, "num_statements": 1}},\n'
        '              open(sys.argv[sys.argv.index("-o") + 1], "w"))\n'))
    _executable(venv / "bin" / "python", (
        f'#!/bin/sh\nif [ "$1 $2" = "-m pip" ]; then exit 0; fi\nexec "{sys.executable}" "$@"\n'))
    return venv, log


@pytest.mark.parametrize(("workers", "expected"), [(None, "auto"), ("0", "0"), ("3", "3")])
def test_dev_test_runs_pytest_on_parallel_workers_then_the_callers_arguments(
    tmp_path: Path, workers: str | None, expected: str
) -> None:
    venv, log = _recording_venv(tmp_path)
    # the repository's build/coverage holds the data of the run this test may be part of
    coverage_dir = tmp_path / "coverage"
    env = {**gaia_env(), "GAIA_DEV_VENV": str(venv), "GAIA_COVERAGE_DIR": str(coverage_dir)}
    if workers is not None:
        env["GAIA_TEST_WORKERS"] = workers
    done = subprocess.run(["bash", str(REPO_ROOT / "dev" / "test.sh"), "-k", "x y"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    runs = [call[1:] for call in calls if call[:2] == ["coverage", "run"]]
    assert runs == [["run", "-m", "pytest", "-n", expected, "-k", "x y"]]
    combined = [call for call in calls if call[:2] == ["coverage", "combine"]]
    assert combined == [["coverage", "combine", "-q", str(coverage_dir)]]
    assert "dev/test.sh: all checks passed" in done.stderr

@pytest.mark.parametrize("script", ["dev/demo.sh", "dev/test.sh", ".ci/run"])
def test_script_is_valid_bash(script: str) -> None:
    result = subprocess.run(["bash", "-n", str(REPO_ROOT / script)], capture_output=True, text=True)

    assert result.returncode == 0, result.stderr


def _ci_checkout(tmp_path: Path, test_exit: int) -> tuple[Path, Path]:
    """A checkout holding the real .ci/run and a dev/test.sh that records what it was given,
    plus a PATH where every tool .ci/run looks for is present (so it installs nothing)."""
    root = tmp_path / "checkout"
    (root / ".ci").mkdir(parents=True)
    (root / ".ci" / "run").write_bytes((REPO_ROOT / ".ci" / "run").read_bytes())
    record = tmp_path / "test-sh.json"
    _executable(root / "dev" / "test.sh", (
        f'#!/bin/sh\n"{sys.executable}" -c \'import json, os, sys; json.dump({{"args": sys.argv[1:], '
        '"tools": os.environ.get("GAIA_REQUIRE_TOOLS"), "floor": os.environ.get('
        f'"GAIA_COVERAGE_FLOOR")}}, open("{record}", "w"))\' "$@"\nexit {test_exit}\n'))
    tools = tmp_path / "tools"
    for name in ("npm", "go", "bats"):
        _executable(tools / name, "#!/bin/sh\nexit 0\n")
    python = Path(sys.base_prefix) / "bin" / f"python{sys.version_info.major}.{sys.version_info.minor}"
    (tools / "python3").symlink_to(python)
    return root, record


@pytest.mark.parametrize(("no_go", "tools", "test_exit"),
                         [("", "npm,gh,go", 0), ("1", "npm,gh", 3)])
def test_ci_run_requires_what_it_installed_and_passes_on_the_result(
    tmp_path: Path, no_go: str, tools: str, test_exit: int
) -> None:
    root, record = _ci_checkout(tmp_path, test_exit)
    env = {**gaia_env(), "PATH": f"{tmp_path / 'tools'}:/usr/bin:/bin", "GAIA_CI_NO_GO": no_go}
    env.pop("GAIA_COVERAGE_FLOOR", None)
    done = subprocess.run(["bash", str(root / ".ci" / "run"), "-k", "x y"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == test_exit, done.stderr
    assert json.loads(record.read_text()) == {"args": ["-k", "x y"], "tools": tools, "floor": "92"}
    notice = "NOTICE: GAIA_CI_NO_GO=1: Go is not installed; the Go runner tests will SKIP"
    assert (notice in done.stderr) == (no_go == "1")
    assert "apt-get" not in done.stderr
    assert ".ci/run: finished in " in done.stderr


def test_demo_unknown_flag_is_a_usage_error(tmp_path: Path) -> None:
    result = _demo("--bogus", env=gaia_env(), cwd=tmp_path)

    assert result.returncode == 2
    assert result.stderr == "usage: bash dev/demo.sh [--out DIR]\n"
    assert result.stdout == ""


def test_demo_refuses_a_non_empty_out_dir(tmp_path: Path, demo_venv: Path) -> None:
    out = tmp_path / "out"
    (out / "keep.txt").parent.mkdir()
    (out / "keep.txt").write_text("x", encoding="utf-8")
    env = gaia_env(GAIA_BIN=str(_gaia_launcher(tmp_path)), GAIA_DEMO_VENV=str(demo_venv))

    result = _demo("--out", str(out), env=env, cwd=tmp_path)

    assert result.returncode == 1
    assert result.stderr == (
        f"dev/demo.sh: --out {out} exists and is not empty; choose a new directory\n"
    )
    assert [p.name for p in out.iterdir()] == ["keep.txt"]


def test_demo_needs_an_executable_gaia(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "gaia"

    result = _demo(env=gaia_env(GAIA_BIN=str(missing)), cwd=tmp_path)

    assert result.returncode == 1
    assert result.stderr == f"dev/demo.sh: {missing} not found or not executable\n"


@pytest.mark.slow
def test_demo_interim_pipeline_reviews_e1_s1(tmp_path: Path, demo_venv: Path) -> None:
    out = tmp_path / "demo"
    env = gaia_env(GAIA_BIN=str(_gaia_launcher(tmp_path)), GAIA_DEMO_VENV=str(demo_venv))

    result = _demo("--out", str(out), env=env, cwd=tmp_path)

    assert result.returncode == 0, result.stdout + result.stderr
    logs = out / "build" / "gaia-demo"
    story = (
        out / ".gaia/artifacts/implementation-artifacts/epic-e1-account-signup/stories"
        / "E1-S1-email-signup.md"
    )
    assert (logs / "tests.out").read_text(encoding="utf-8").splitlines()[-1].startswith(
        "8 passed"
    )
    assert (logs / "resolve-story-file.out").read_text(encoding="utf-8") == f"{story}\n"
    assert "stack='python-dev'\n" in (logs / "load-stack-persona.out").read_text(encoding="utf-8")
    assert json.loads((logs / "file-list-diff-check.out").read_text(encoding="utf-8")) == {
        "warning": "file-list-divergence",
        "reason": "divergence",
        "missing_from_file_list": ["src/signup/errors.py"],
        "extra_in_file_list": [],
    }
    assert "\nReview Gate: PENDING\n" in (logs / "review-gate-check.out").read_text(
        encoding="utf-8"
    )
    assert f"demo project:   {out}\n" in result.stdout
    assert f"command output: {logs}/\n" in result.stdout
    status = (logs / "test-automate-status.out").read_text(encoding="utf-8")
    assert status.startswith("Coverage map for E1-S1\n") and "Summary: 0/5 generated" in status
    scaffold = (logs / "test-automate-scaffold.out").read_text(encoding="utf-8").splitlines()
    assert scaffold[-1] == "scaffold: review gate not updated (skeleton-only output is not coverage)"
    assert len(list((out / "build" / "scaffold").glob("test_e1_s1_*.py"))) == 5
    # The story branch holds exactly E1-S1's change set; the run left the tree clean.
    assert _git(out, "rev-parse", "--abbrev-ref", "HEAD") == "story/E1-S1\n"
    assert _git(out, "diff", "--name-only", "main").split() == CHANGESET
    assert _git(out, "status", "--porcelain") == ""


def test_demo_uses_review_qa_when_gaia_has_it(tmp_path: Path, demo_venv: Path) -> None:
    out = tmp_path / "demo"
    fake = 'echo "$*"; exit 0'
    env = gaia_env(
        GAIA_BIN=str(_gaia_launcher(tmp_path, review_qa=fake)), GAIA_DEMO_VENV=str(demo_venv)
    )

    result = _demo("--out", str(out), env=env, cwd=tmp_path)

    assert result.returncode == 0, result.stdout + result.stderr
    assert (out / "build/gaia-demo/review-qa.out").read_text(encoding="utf-8") == (
        f"review-qa E1-S1 --project {out}\n"
    )
    assert not (out / "build/gaia-demo/file-list-diff-check.out").exists()


@pytest.mark.parametrize(("review_qa_exit", "demo_exit"), [(1, 0), (2, 2), (3, 3)])
def test_demo_exit_status_from_review_qa(
    tmp_path: Path, demo_venv: Path, review_qa_exit: int, demo_exit: int
) -> None:
    """A verdict (0 APPROVE, 1 REQUEST_CHANGES) is a successful demo; BLOCKED or usage is not."""
    out = tmp_path / "demo"
    fake = f'if [ "$2" = --help ]; then exit 0; fi; exit {review_qa_exit}'
    env = gaia_env(
        GAIA_BIN=str(_gaia_launcher(tmp_path, review_qa=fake)), GAIA_DEMO_VENV=str(demo_venv)
    )

    result = _demo("--out", str(out), env=env, cwd=tmp_path)

    assert result.returncode == demo_exit
    assert f"  (exit {review_qa_exit})\n" in result.stdout


@pytest.mark.slow
def test_demo_full_review_finds_the_e1_s1_gaps(tmp_path: Path, demo_venv: Path) -> None:
    """The real `gaia review-qa` on the demo: AC3 has no test, so QA Tests is FAILED."""
    out = tmp_path / "demo"
    launcher = _executable(
        tmp_path / "bin" / "gaia", f'#!/bin/sh\nexec "{sys.executable}" -m gaia_lib "$@"\n'
    )
    env = gaia_env(GAIA_BIN=str(launcher), GAIA_DEMO_VENV=str(demo_venv))

    result = _demo("--out", str(out), env=env, cwd=tmp_path)

    assert result.returncode == 0, result.stdout + result.stderr
    assert (out / "build/gaia-demo/review-qa.out").is_file()
    story = load_story(
        out / ".gaia/artifacts/implementation-artifacts/epic-e1-account-signup/stories"
        / "E1-S1-email-signup.md"
    )
    assert {row.name: row.status for row in story.review_gate or ()}["QA Tests"] == "FAILED"
    analysis = json.loads(
        (out / ".gaia/state/review/qa-tests/E1-S1/analysis-results.json").read_text("utf-8")
    )
    coverage = next(check for check in analysis["checks"] if check["name"] == "ac-coverage")
    assert coverage["status"] == "failed"
    assert any("AC3" in finding["message"] for finding in coverage["findings"])
