from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.core import config, yamlio
from gaia_lib.core.errors import GaiaError
from gaia_lib.onboard import init as onboarding
from gaia_lib.story import sprint


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    (root / "tests" / "unit").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname='shop'\n")
    (root / "tests" / "unit" / "test_cart.py").write_text("def test_cart(): pass\n")
    return root


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted((root / ".gaia").rglob("*")) if p.is_file()}


def test_init_writes_its_files_and_they_read_back(repo: Path) -> None:
    outcome = onboarding.init(repo)
    assert sorted(p.relative_to(repo).as_posix() for p in outcome.written) == [
        ".gaia/.gitignore",
        ".gaia/artifacts/planning-artifacts/epics-and-stories.md",
        ".gaia/artifacts/test-artifacts/test-environment.yaml",
        ".gaia/config/project-config.yaml",
        ".gaia/state/sprint-status.yaml",
    ]
    cfg = config.load(repo)
    assert cfg.stack == "python-dev"
    assert [t.command for t in cfg.tiers] == ["python -m pytest -q"]
    assert cfg.coverage_command is not None and "coverage run" in cfg.coverage_command
    board = sprint.load(sprint.yaml_path(repo))
    assert board.entries == () and board.sprint_id is None
    env = yamlio.load((repo / ".gaia/artifacts/test-artifacts/test-environment.yaml").read_text(), "t")
    assert env == {"tier_directories": ["tests"]}


def test_init_refuses_to_overwrite_and_changes_nothing(repo: Path) -> None:
    onboarding.init(repo)
    before = _files(repo)
    with pytest.raises(GaiaError) as caught:
        onboarding.init(repo)
    assert caught.value.exit_code == 1
    assert "project-config.yaml" in caught.value.message and "--force" in caught.value.message
    assert _files(repo) == before


def test_force_rewrites_the_config_but_keeps_the_board(repo: Path) -> None:
    onboarding.init(repo)
    status = sprint.yaml_path(repo)
    status.write_text('sprint_id: "s1"\nstories:\n  - key: "E1-S1"\n    status: "in-progress"\n')
    (repo / ".gaia/config/project-config.yaml").write_text("project: {stack: go-dev}\n")
    outcome = onboarding.init(repo, force=True)
    assert status in outcome.kept
    assert "E1-S1" in status.read_text()
    assert config.load(repo).stack == "python-dev"


def test_force_keeps_the_teams_own_config_sections(repo: Path) -> None:
    onboarding.init(repo)
    cfg = repo / ".gaia/config/project-config.yaml"
    cfg.write_text(cfg.read_text() + "qa:\n  max_rounds: 5  # our budget\n  model: m\n")
    onboarding.init(repo, force=True)
    assert "  max_rounds: 5  # our budget\n  model: m\n" in cfg.read_text()
    assert config.load(repo).qa.max_rounds == 5
    # A config too broken to read is what --force repairs: none of it is kept.
    cfg.write_text("qa: [unclosed\n")
    onboarding.init(repo, force=True)
    assert "unclosed" not in cfg.read_text() and config.load(repo).stack == "python-dev"


def test_a_commit_of_gaia_leaves_out_lock_sidecars_and_review_caches(repo: Path) -> None:
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], cwd=repo, check=True)
    onboarding.init(repo)
    story = repo / ".gaia/artifacts/implementation-artifacts/epic-e1/stories/E1-S1-x.md"
    story.parent.mkdir(parents=True)
    story.write_text("---\nkey: E1-S1\n---\n")
    Path(f"{story}.lock").touch()
    cache = repo / ".gaia/state/review/qa-tests/E1-S1/.cache/k.json"
    cache.parent.mkdir(parents=True)
    cache.write_text("{}")
    (cache.parent.parent / "analysis-results.json").write_text("{}")
    for run_output in ("tier_1-stdout.log", "tier_1-junit.xml", "attribution.coverage"):
        (cache.parent.parent / run_output).write_text("x")
    # what an atomic write killed half way leaves behind (core.writes' temporary name)
    (cache.parent.parent / ".attribution.coveragerc.4242.0a1b2c3d.tmp").write_text("x")
    (story.parent / ".E1-S1-x.md.4242.0a1b2c3d.tmp").write_text("x")
    dod = repo / ".gaia/state/dev-story/E1-S1/dod"
    dod.mkdir(parents=True)
    for name in ("dod-tests-stdout.log", "dod-tests-junit.xml", "dod-evidence.json"):
        (dod / name).write_text("x")
    listed = subprocess.run(["git", "status", "--porcelain", "-uall", ".gaia"], cwd=repo,
                            check=True, capture_output=True, text=True).stdout
    assert "E1-S1-x.md\n" in listed and "analysis-results.json" in listed
    assert ".lock" not in listed and ".cache" not in listed and ".tmp" not in listed
    assert "tier_1" not in listed and "attribution" not in listed  # this machine's run output
    assert "dod-tests" not in listed and "dod-evidence.json" in listed
    # The team's own ignore rules are kept, even with --force.
    (repo / ".gaia/.gitignore").write_text("state/\n")
    assert repo / ".gaia/.gitignore" in onboarding.init(repo, force=True).kept
    assert (repo / ".gaia/.gitignore").read_text() == "state/\n"


@pytest.mark.parametrize(("file", "text", "name"), [
    ("package.json", '{"name": "@acme/web", "version": "1.0.0"}', "@acme/web"),
    ("pyproject.toml", "[build-system]\nrequires = []\n\n[project]\nname = 'tinyshop'\n",
     "tinyshop"),
    ("pyproject.toml", '[tool.poetry]\nname = "tinydb"\nversion = "4.8.2"\n', "tinydb"),
    # an array opened before the name (webcolors' pyproject): no section header
    ("pyproject.toml", '[project]\nauthors = [\n    { name = "J B" },\n]\nname = "webcolors"\n',
     "webcolors"),
    ("setup.cfg", "[metadata]\nname = shoplib\n", "shoplib"),
    # portion 2.6.0 names itself in its setup.py alone (its setup.cfg has no [metadata])
    ("setup.py", 'from setuptools import setup\n\nsetup(\n    name="portion",\n'
                 '    version="2.6.0",\n)\n', "portion"),
    ("setup.py", 'import setuptools\nsetuptools.setup(name="shoplib")\n', "shoplib"),
    ("setup.py", "from setuptools import setup\nsetup(name=NAME)\n", "tinydb-4.8.2"),
    ("go.mod", "module github.com/acme/cart\n\ngo 1.19\n", "cart"),
    # a major version suffix names no project (blang/semver v4)
    ("go.mod", "module github.com/blang/semver/v4\n", "semver"),
    ("go.mod", "module example.com/v2tools\n", "v2tools"),
    ("README.md", "no manifest\n", "tinydb-4.8.2"),
])
def test_the_project_is_named_as_it_names_itself(tmp_path: Path, file: str, text: str,
                                                 name: str) -> None:
    root = tmp_path / "tinydb-4.8.2"  # an unpacked sdist's directory
    root.mkdir()
    (root / file).write_text(text)
    assert onboarding.project_name(root) == name


def test_outside_a_git_repository_init_says_the_file_list_check_waits_for_one(
        repo: Path) -> None:
    note = ("note: not a git repository: a review cannot compare a story's File List with the "
            "branch's changes until it is one (git init)")
    assert onboarding.repository_notes(repo) == [note]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    assert onboarding.repository_notes(repo) == []
    assert onboarding.repository_notes(repo / "tests") == []  # a subdirectory of one


def test_same_tree_gives_byte_identical_files(repo: Path, tmp_path: Path) -> None:
    onboarding.init(repo)
    first = _files(repo)
    onboarding.init(repo, force=True)
    assert _files(repo) == first


def test_no_stack_is_refused_with_exit_2(tmp_path: Path) -> None:
    (tmp_path / "README").write_text("x")
    with pytest.raises(GaiaError) as caught:
        onboarding.init(tmp_path)
    assert caught.value.exit_code == 2
    assert not (tmp_path / ".gaia").exists()


def test_describe_names_what_was_chosen(repo: Path) -> None:
    lines = onboarding.describe(onboarding.init(repo), repo)
    assert lines[0] == "stack: python-dev (., 1 test file)"
    assert "  test command: python -m pytest -q" in lines
    assert "test directories: tests" in lines
    assert ("pull requests target: none (ci_cd.promotion_chain): /gaia-dev-story will not "
            "commit or open a PR until it names a branch") in lines  # not a git repository
    assert "wrote: .gaia/config/project-config.yaml" in lines
    assert not any(line.startswith("note: src layout") for line in lines)


def test_describe_says_how_a_src_layout_becomes_importable(repo: Path) -> None:
    (repo / "src" / "shop").mkdir(parents=True)
    (repo / "src" / "shop" / "__init__.py").write_text("")
    lines = onboarding.describe(onboarding.init(repo), repo)
    assert ("note: src layout (shop): the tests import it only once the project is installed "
            "(`pip install -e .`) or with PYTHONPATH=src in the environment gaia runs in") in lines


def test_rendered_config_quotes_hostile_commands_safely() -> None:
    from gaia_lib.onboard.survey import StackSurvey, Survey

    found = Survey((StackSurvey("python-dev", ".", 'pytest -k "a: b" # x', None, 0),), (), False)
    text = onboarding.render_config("n", found)
    assert config.parse(text).tiers[0].command == 'pytest -k "a: b" # x'


def test_describe_says_which_tests_pytest_never_runs(repo: Path) -> None:
    (repo / "tests" / "unit" / "test_table.py").write_text(
        "def load_tests(loader, tests, pattern):\n    return tests\n")
    lines = onboarding.describe(onboarding.init(repo), repo)
    (note,) = [line for line in lines if "load_tests" in line]
    assert note == ("note: unittest's load_tests builds tests in tests/unit/test_table.py: "
                    "pytest never runs the tests it builds (only the test classes and functions "
                    "a module defines), so a review counts none of those")


def test_each_stack_gets_its_own_tier(tmp_path: Path) -> None:
    # A Python stack under api/ and a TS one under web/: a review of a story of either runs
    # its own stack's tests (evidence.execution skips the other's tier for it).
    root = tmp_path / "mono"
    (root / "api" / "tests").mkdir(parents=True)
    (root / "api" / "pyproject.toml").write_text("[project]\nname='api'\n")
    (root / "api" / "tests" / "test_api.py").write_text("def test_api(): pass\n")
    (root / "web" / "src").mkdir(parents=True)
    (root / "web" / "package.json").write_text(
        '{"scripts": {"test": "vitest run"}, "devDependencies": {"vitest": "^3"}}')
    (root / "web" / "src" / "a.test.ts").write_text("test('a', () => {})\n")
    onboarding.init(root)
    cfg = config.load(root)
    assert [(t.name, t.command, t.required) for t in cfg.tiers] == [
        ("tier_1", "cd api && python -m pytest -q", True),
        ("tier_2", "cd web && npm test", True)]
    assert all(t.placement == ("local", "ci_pre_merge") for t in cfg.tiers)


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@t", "-c", "user.name=t", *args], cwd=root,
                   check=True, capture_output=True)


@pytest.mark.parametrize(("branches", "chain"), [
    (("main",), "main"),
    (("trunk", "master"), "master"),  # checked out on trunk: master is the PR base
    (("trunk",), "trunk"),
    (("Feature_X",), None),  # a name the promotion chain cannot hold: none written
])
def test_in_a_git_repository_init_writes_the_branch_prs_target(
        repo: Path, branches: tuple[str, ...], chain: str | None) -> None:
    _git(repo, "init", "-q", "-b", branches[0])
    _git(repo, "commit", "-q", "--allow-empty", "-m", "base")
    for other in branches[1:]:
        _git(repo, "branch", other)
    lines = onboarding.describe(onboarding.init(repo), repo)
    stages = config.load(repo).promotion_chain
    assert [stage.branch for stage in stages] == ([chain] if chain else [])
    if chain:
        assert f"pull requests target: {chain} (ci_cd.promotion_chain)" in lines


def test_outside_git_no_chain_and_a_teams_own_chain_is_kept(repo: Path) -> None:
    onboarding.init(repo)
    assert config.load(repo).promotion_chain == ()
    _git(repo, "init", "-q", "-b", "main")
    cfg = repo / ".gaia/config/project-config.yaml"
    cfg.write_text(cfg.read_text() + "ci_cd:\n  promotion_chain:\n    - branch: staging\n"
                   "    - branch: prod\n")
    onboarding.init(repo, force=True)
    assert [s.branch for s in config.load(repo).promotion_chain] == ["staging", "prod"]


def test_a_go_project_gets_the_toolchains_build_and_vet(tmp_path: Path) -> None:
    root = tmp_path / "lib"
    root.mkdir()
    (root / "go.mod").write_text("module example.com/lib\n\ngo 1.19\n")
    (root / "lib_test.go").write_text("package lib\n")
    onboarding.init(root)
    cfg = config.load(root)
    assert (cfg.build_cmd, cfg.lint_cmd) == ("go build ./...", "go vet ./...")


def test_a_javascript_project_gets_its_own_build_and_lint_scripts(tmp_path: Path) -> None:
    root = tmp_path / "web"
    (root / "src").mkdir(parents=True)
    (root / "package.json").write_text(
        '{"name": "web", "scripts": {"test": "jest", "build": "tsc", "lint": ""}}\n')
    (root / "src" / "a.test.ts").write_text('test("a", () => {});\n')
    onboarding.init(root)
    cfg = config.load(root)
    assert (cfg.build_cmd, cfg.lint_cmd) == ("npm run build", None)  # an empty script: none


def test_a_build_that_would_delete_the_tracked_code_is_not_written(tmp_path: Path) -> None:
    """iterative 1.9.2 checked in as published: `rimraf dist/ && tsc` would delete its code and
    compiled specs at the first Definition of Done, with nothing to build them back from."""
    root = tmp_path / "seq"
    (root / "dist").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps({"name": "seq", "scripts": {
        "specs": "jest", "test": "npm run specs", "build": "rimraf dist/ && tsc",
        "lint": "tslint dist"}}))
    (root / "dist" / "index.spec.js").write_text('test("a", () => {});\n')
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-q", "-m", "as published")
    outcome = onboarding.init(root)
    cfg = config.load(root)
    assert (cfg.build_cmd, cfg.lint_cmd) == (None, "npm run lint")
    assert outcome.notes[0].startswith(
        "note: build_cmd not written: `npm run build` deletes `dist/`, where git tracks 1 file "
        "(dist/index.spec.js)")
    assert outcome.notes[0] in onboarding.describe(outcome, root)
    assert not any("build_cmd `npm run build`" in n for n in outcome.notes)  # no tool note


def test_a_lint_command_whose_tool_is_not_installed_is_noted(tmp_path: Path) -> None:
    # the lint command is written all the same: the project's script is right, the machine
    # is not ready yet (duration-fns 3.0.2 installed without eslint)
    root = tmp_path / "web"
    (root / "node_modules" / ".bin").mkdir(parents=True)
    (root / "package.json").write_text(
        '{"name": "web", "scripts": {"test": "jest", "lint": "gaia-no-such-linter src"}}\n')
    (root / "a.test.ts").write_text('test("a", () => {});\n')
    outcome = onboarding.init(root)
    assert config.load(root).lint_cmd == "npm run lint"
    assert [n for n in outcome.notes if "lint_cmd" in n] == [
        "note: lint_cmd `npm run lint` (its scripts and those they run) starts "
        "`gaia-no-such-linter`, not installed here (not on PATH, not in ./node_modules/.bin): "
        "the Definition of Done's lint row fails until it is installed, or lint_cmd is changed"]


def test_a_suite_a_script_runs_with_its_own_config_gets_a_tier(tmp_path: Path) -> None:
    """NestJS: `npm test` runs the unit specs, `npm run test:e2e` the e2e ones its own jest
    config names; the scripts that watch, measure or debug run the same suite another way."""
    root = tmp_path / "nest"
    (root / "src").mkdir(parents=True)
    (root / "test").mkdir()
    (root / "package.json").write_text(json.dumps({"name": "nest", "scripts": {
        "test": "jest", "test:watch": "jest --watch", "test:cov": "jest --coverage",
        "test:debug": "node --inspect-brk node_modules/jest/bin/jest --runInBand",
        "test:e2e": "jest --config ./test/jest-e2e.json",
        "test:ui": "vitest --config vitest.ui.mts --watch"},
        "devDependencies": {"jest": "^29"}}))
    (root / "src" / "app.spec.ts").write_text("it('a', () => {});\n")
    (root / "test" / "app.e2e-spec.ts").write_text("it('b', () => {});\n")
    (root / "test" / "jest-e2e.json").write_text('{"testRegex": ".e2e-spec.ts$"}\n')
    outcome = onboarding.init(root)
    assert [(t.name, t.command) for t in config.load(root).tiers] == [
        ("tier_1", "npm test"), ("tier_2", "npm run test:e2e")]
    assert "  another suite: npm run test:e2e (tier_2, its runner's own config)" in \
        onboarding.describe(outcome, root)
    assert onboarding.suites({"e2e": "jest -c e2e.json"}, "pnpm test") == ["pnpm run e2e"]


def test_a_suite_whose_config_the_package_does_not_ship_gets_no_tier(tmp_path: Path) -> None:
    """msw's npm package ships `src/**/*.test.ts` but not `test/e2e/vitest.config.ts`, which
    its `test:e2e` script names: that suite can only fail to load its config, and a review
    that runs it asks for changes the story never caused."""
    root = tmp_path / "mocks"
    (root / "src").mkdir(parents=True)
    (root / "package.json").write_text(json.dumps({"name": "mocks", "scripts": {
        "test:unit": "vitest",
        "test:e2e": "vitest run --config=./test/e2e/vitest.config.ts",
        "test:node": "vitest --config=./node.config.ts"},
        "devDependencies": {"vitest": "^3"}}))
    (root / "src" / "reply.test.ts").write_text("it('a', () => {});\n")
    (root / "node.config.ts").write_text("export default {}\n")
    onboarding.init(root)
    assert [t.command for t in config.load(root).tiers][1:] == ["npm run test:node"]


def test_describe_says_which_test_files_pytest_does_not_collect(repo: Path) -> None:
    (repo / "tests.py").write_text("def test_x():\n    assert 1\n")
    lines = onboarding.describe(onboarding.init(repo), repo)
    (note,) = [line for line in lines if "python_files" in line and line.startswith("note:")]
    assert note == ("note: pytest does not collect tests.py by its default python_files "
                    "(test_*.py, *_test.py): the test and coverage commands written set their "
                    "own (-o python_files=...); setting python_files in the project's pytest "
                    "configuration does it for every run")


def test_the_commands_init_writes_collect_the_files_pytest_passes_over(repo: Path) -> None:
    """jsonpointer's `tests.py`, pytimeparse's `testtimeparse.py`, parsedatetime's
    `tests/TestNlp.py`: init wrote `python -m pytest -q`, which collects none of them (exit 5,
    "no tests ran"), for every CI run of the tier. The commands now set python_files; real
    pytest runs them."""
    (repo / ".venv" / "bin").mkdir(parents=True)
    (repo / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (repo / ".venv" / "bin" / "python").symlink_to(sys.executable)
    (repo / "tests.py").write_text("def test_x():\n    assert 1\n")
    (repo / "tests" / "TestWords.py").write_text("def test_y():\n    assert 1\n")
    (repo / "tests" / "testspans.py").write_text("def test_z():\n    assert 1\n")
    onboarding.init(repo)
    cfg = config.load(repo)
    option = '-o "python_files=test_*.py *_test.py Test*.py tests.py testspans.py"'
    assert cfg.tiers[0].command == f".venv/bin/python -m pytest -q {option}"
    assert cfg.coverage_command is not None and f"-m pytest -q {option};" in cfg.coverage_command
    # the interpreter with pytest in place of the stand-in venv's
    argv = [sys.executable, *shlex.split(cfg.tiers[0].command)[1:], "-p", "no:cacheprovider"]
    run = subprocess.run(argv, cwd=repo, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "4 passed" in run.stdout, run.stdout + run.stderr


def test_a_unittest_module_named_in_capwords_is_a_test_file_pytest_does_not_collect(
        repo: Path) -> None:
    # parsedatetime's tests/TestNlp.py and 21 more: init had said "0 test files"
    (repo / "tests" / "TestWords.py").write_text("import unittest\n")
    lines = onboarding.describe(onboarding.init(repo), repo)
    assert "test directories: tests" in lines
    assert any(line.startswith("note: pytest does not collect tests/TestWords.py")
               for line in lines)


def test_a_module_unittest_discovers_in_a_test_directory_is_a_test_file(repo: Path) -> None:
    # pytimeparse's pytimeparse/tests/testtimeparse.py, which `python -m unittest discover`
    # runs (its pattern is test*.py): init had said "0 test files", no test directory and no
    # word that `pytest -q` collects none of it
    (repo / "spans" / "tests").mkdir(parents=True)
    (repo / "spans" / "tests" / "testspans.py").write_text("import unittest\n")
    (repo / "spans" / "testing.py").write_text("SAMPLE = 1\n")
    lines = onboarding.describe(onboarding.init(repo), repo)
    assert "test directories: spans/tests, tests" in lines
    assert any(line.startswith("note: pytest does not collect spans/tests/testspans.py")
               for line in lines)
    assert not any("spans/testing.py" in line for line in lines)
