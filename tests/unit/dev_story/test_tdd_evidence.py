"""TDD evidence on a real pytest project in a real git work tree."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gaia_lib.checkpoint import store
from gaia_lib.core import paths
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import tdd_evidence
from gaia_lib.dev_story.tdd_evidence import green_findings, red_findings, refactor_findings
from gaia_lib.evidence import runner_output
from helpers.gitrepo import git
from helpers.projects import Project

PYTEST = f"{sys.executable} -m pytest -q -p no:cacheprovider"
TESTS = ("from calc import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n\n\n"
         "def test_add_negative():\n    assert add(-1, -2) == -3\n")


@pytest.fixture
def repo(project: Project) -> Project:
    project.add_story(status="in-progress")
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write(".gaia/config/project-config.yaml", f'test_cmd: "{PYTEST}"\n')
    git(project.root, "init", "-q")
    git(project.root, "add", "-A")
    git(project.root, "commit", "-qm", "story")
    return project


def _checkpoint_vars(project: Project) -> dict[str, object]:
    cp = store.load(store.checkpoint_path(paths.checkpoints_root(project.root), "dev-story"))
    return {k: json.loads(v) for k, v in cp.variables}


def test_red_green_refactor_on_a_real_project(repo: Project) -> None:
    repo.write("tests/test_calc.py", TESTS)
    repo.write("calc.py", "def add(a, b):\n    raise NotImplementedError\n")
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.exit_code == 0 and red.findings == []
    assert red.outcomes == {"tests/test_calc.py::test_add": "failed",
                            "tests/test_calc.py::test_add_negative": "failed"}

    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    green = tdd_evidence.run_phase(repo.root, "E1-S1", "green")
    assert green.exit_code == 0 and set(green.outcomes.values()) == {"passed"}

    refactor = tdd_evidence.run_phase(repo.root, "E1-S1", "refactor")
    assert refactor.exit_code == 0

    variables = _checkpoint_vars(repo)
    assert variables["tdd.E1-S1.files"] == ["tests/test_calc.py"]
    assert variables["tdd.E1-S1.red"] == red.outcomes
    assert variables["tdd.E1-S1.green"] == green.outcomes
    story = next(repo.impl.rglob("E1-S1-*.md")).read_text()
    assert ("| `tests/test_calc.py::test_add` | failed | passed | passed |" in story)
    record = story.index("## Dev Agent Record")
    assert record < story.index("### TDD Evidence") < story.index("## Findings")


def test_red_import_error_then_green(repo: Project) -> None:
    repo.write("tests/test_calc.py", TESTS)  # calc.py does not exist yet
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.outcomes == {"tests/test_calc.py::<collection>": "error"} and red.exit_code == 0
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "green").exit_code == 0


def test_vacuous_red_test_is_a_finding(repo: Project) -> None:
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    git(repo.root, "add", "calc.py")
    git(repo.root, "commit", "-qm", "calc")
    repo.write("tests/test_calc.py", TESTS)
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.exit_code == 1
    assert red.findings[0] == ("vacuous test: tests/test_calc.py::test_add passes before the "
                               "implementation exists")


def test_renamed_test_in_green_is_a_finding(repo: Project) -> None:
    repo.write("tests/test_calc.py", TESTS)
    repo.write("calc.py", "def add(a, b):\n    return 0\n")
    tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write("tests/test_calc.py", TESTS.replace("test_add_negative", "test_other"))
    green = tdd_evidence.run_phase(repo.root, "E1-S1", "green")
    assert green.exit_code == 1
    assert green.findings == ["red test gone: tests/test_calc.py::test_add_negative "
                              "(removed or renamed away)",
                              "test added since red: tests/test_calc.py::test_other: it was "
                              "never seen failing (write it at red)"]


def test_a_skipped_test_is_no_red_test(repo: Project) -> None:
    """A new test the runner skips cannot fail: red refuses it rather than leave it out."""
    repo.write("tests/test_calc.py", TESTS.replace(
        "def test_add_negative", "@pytest.mark.skip(reason='later')\ndef test_add_negative")
        .replace("from calc import add", "import pytest\n\nfrom calc import add"))
    repo.write("calc.py", "def add(a, b):\n    return 0\n")
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.exit_code == 1
    assert red.outcomes["tests/test_calc.py::test_add_negative"] == "skipped"
    assert red.findings == ["skipped test: tests/test_calc.py::test_add_negative does not run, "
                            "so it cannot fail: a red test must run and fail"]


def test_a_red_test_skipped_or_hollowed_out_at_green_is_a_finding(repo: Project) -> None:
    """Green needs the red tests to pass as real tests: skipped is not passing, and a test
    whose assertion became `assert True` passes without checking the implementation."""
    repo.write("tests/test_calc.py", TESTS)
    repo.write("calc.py", "def add(a, b):\n    return 0\n")
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "red").exit_code == 0
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write("tests/test_calc.py", "import pytest\n\n" + TESTS
               .replace("    assert add(1, 2) == 3", "    assert True")
               .replace("def test_add_negative", "@pytest.mark.skip\ndef test_add_negative"))
    green = tdd_evidence.run_phase(repo.root, "E1-S1", "green")
    assert green.exit_code == 1
    assert green.findings == [
        "placeholder test: tests/test_calc.py::test_add asserts nothing real (assert True): it "
        "cannot check the implementation",
        "red test skipped: tests/test_calc.py::test_add_negative (a skipped test does not "
        "pass)",
        *(f"test changed since red: tests/test_calc.py::{name}: green must pass the tests as "
          "they failed (change the implementation, not the test)"
          for name in ("test_add", "test_add_negative"))]
    repo.write("tests/test_calc.py", TESTS)
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "green").exit_code == 0
    repo.write("tests/test_calc.py", TESTS.replace("    assert add(1, 2) == 3", "    pass"))
    refactor = tdd_evidence.run_phase(repo.root, "E1-S1", "refactor")
    assert refactor.findings == ["placeholder test: tests/test_calc.py::test_add empty body: it "
                                 "cannot check the implementation"]


def test_green_may_not_change_a_red_test_to_pass_it(repo: Project) -> None:
    """An assertion reversed to pass the stub (the stub still a stub) is a finding; the same
    test re-indented or commented passes; refactor may reshape the tests."""
    repo.write("tests/test_calc.py", TESTS)
    repo.write("calc.py", "def add(a, b):\n    return 0\n")
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "red").exit_code == 0
    repo.write("tests/test_calc.py", TESTS.replace("assert add(1, 2) == 3",
                                                   "assert add(1, 2) != 3").replace(
        "assert add(-1, -2) == -3", "assert add(-1, -2) != -3"))
    green = tdd_evidence.run_phase(repo.root, "E1-S1", "green")
    assert green.exit_code == 1 and green.findings == [
        f"test changed since red: tests/test_calc.py::{name}: green must pass the tests as "
        "they failed (change the implementation, not the test)"
        for name in ("test_add", "test_add_negative")]
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write("tests/test_calc.py", TESTS.replace("def test_add():\n",
                                                   "def test_add():\n    # the sum\n\n")
               .replace("== -3", "==  -3  # both negative")
               .replace("assert add(1, 2) == 3", "assert add(\n        1, 2\n    ) == 3"))
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "green").findings == []
    repo.write("tests/test_calc.py", TESTS + "\n\ndef test_add_zero():\n    assert add(0, 0) == 0\n")
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "green").findings == [
        "test added since red: tests/test_calc.py::test_add_zero: it was never seen failing "
        "(write it at red)"]
    repo.write("tests/test_calc.py", TESTS)
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "green").findings == []
    repo.write("tests/test_calc.py", TESTS.replace("add(1, 2) == 3", "add(2, 1) == 3"))
    assert tdd_evidence.run_phase(repo.root, "E1-S1", "refactor").exit_code == 0


def test_a_test_file_that_does_not_parse_is_no_red_test(repo: Project) -> None:
    """A red run must fail on the missing implementation, not on a typo in the test: an
    import error is red, a syntax error is a finding."""
    repo.write("tests/test_calc.py", TESTS.replace("assert add(1, 2) == 3", "assert add(1, 2 == 3"))
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.outcomes == {"tests/test_calc.py::<collection>": "error"}
    assert red.exit_code == 1 and len(red.findings) == 1
    assert red.findings[0].startswith("test file does not parse: tests/test_calc.py (SyntaxError: ")
    assert red.findings[0].endswith("a red test must fail on the missing implementation")


def test_unparsed_go_packages_and_js_suites_are_read_from_their_runners_words() -> None:
    output = ("# example.com/shlex [example.com/shlex.test]\n"
              "./split_test.go:9:1: syntax error: unexpected }\n"
              "FAIL\texample.com/shlex [build failed]\n")
    assert tdd_evidence.go_unparsed(["example.com/shlex"], output) == {
        "example.com/shlex::<collection>": "./split_test.go:9:1: syntax error: unexpected }"}
    # a test calling what does not exist yet is Go's usual red, no syntax error
    assert tdd_evidence.go_unparsed(["example.com/shlex"],
                                    "./split_test.go:9:2: undefined: Split\n") == {}
    # the parser's words for a package `go list` cannot read (`[setup failed]`)
    assert tdd_evidence.go_unparsed(["example.com/shlex"],
                                    "tdd_test.go:9:4: expected '}', found 'EOF'\n") == {
        "example.com/shlex::<collection>": "tdd_test.go:9:4: expected '}', found 'EOF'"}
    # Go 1.24 on: the package's failure and the compiler's lines as events of the stream
    events = "\n".join((
        '{"ImportPath":"example.com/shlex [example.com/shlex.test]","Action":"build-output",'
        '"Output":"./split_test.go:9:1: syntax error: unexpected }\\n"}',
        '{"Action":"fail","Package":"example.com/shlex","Elapsed":0,'
        '"FailedBuild":"example.com/shlex [example.com/shlex.test]"}'))
    assert tdd_evidence.go_unbuilt(events) == ["example.com/shlex"]
    assert tdd_evidence.go_unbuilt(output) == ["example.com/shlex"]
    assert tdd_evidence.go_unparsed(["example.com/shlex"],
                                    runner_output.go_build_output(events)) == {
        "example.com/shlex::<collection>": "./split_test.go:9:1: syntax error: unexpected }"}
    many = "pkg/a/x_test.go:3:1: syntax error: unexpected newline\n"
    assert tdd_evidence.go_unparsed(["example.com/m/pkg/a", "example.com/m/pkg/b"], many) == {
        "example.com/m/pkg/a::<collection>": many.strip()}
    suite = runner_output.TestOutcome(name="", outcome="error", file="src/x.test.ts",
                                      message="Transform failed with 1 error:")
    missing = runner_output.TestOutcome(
        name="", outcome="error", file="src/y.test.ts",
        message="Failed to resolve import \"./y\" from \"src/y.test.ts\". Does the file exist?")
    assert tdd_evidence.unparsed(Path("/p"), [suite, missing]) == {
        "src/x.test.ts::<collection>": "Transform failed with 1 error:"}


def test_order_and_bad_input(repo: Project) -> None:
    for phase in ("green", "refactor"):
        with pytest.raises(GaiaError) as caught:
            tdd_evidence.run_phase(repo.root, "E1-S1", phase)
        assert caught.value.exit_code == 2 and "no recorded" in caught.value.message
    with pytest.raises(GaiaError) as caught:
        tdd_evidence.run_phase(repo.root, "E1-S1", "red")  # nothing changed: no new tests
    assert caught.value.exit_code == 2
    for key, phase, tests in (("E1-S1/..", "red", ()), ("E1-S1", "blue", ()),
                              ("E1-S1", "red", ("../../etc/passwd",)), ("E4-S4", "red", ())):
        with pytest.raises(GaiaError) as caught:
            tdd_evidence.run_phase(repo.root, key, phase, tests)
        assert caught.value.exit_code == 2


def test_non_git_needs_explicit_tests(project: Project) -> None:
    project.add_story(status="in-progress")
    project.write(".gaia/config/project-config.yaml", f'test_cmd: "{PYTEST}"\n')
    with pytest.raises(GaiaError) as caught:
        tdd_evidence.run_phase(project.root, "E1-S1", "red")
    assert "not a git work tree" in caught.value.message
    project.write("pytest.ini", "[pytest]\npythonpath = .\n")
    project.write("t/test_x.py", "def test_x():\n    assert False\n")
    report = tdd_evidence.run_phase(project.root, "E1-S1", "red", ("t/test_x.py",))
    assert report.outcomes == {"t/test_x.py::test_x": "failed"}


def test_rules_are_pure() -> None:
    assert red_findings({"a::x": "failed", "a::y": "error"}) == []
    assert green_findings({"a::x": "failed"}, {"a::x": "passed", "a::z": "failed"}) == [
        "failing test: a::z (failed)"]
    assert green_findings({"m.py::<collection>": "error"}, {"m.py::t": "failed"}) == [
        "no passing test in m.py (it failed to import in red)", "failing test: m.py::t (failed)"]
    assert refactor_findings(["a::x"], {"a::x": "failed"}) == [
        "green test no longer passing: a::x (failed)"]


def test_new_test_in_an_existing_file_is_the_only_red_one(repo: Project) -> None:
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write("tests/test_calc.py", "from calc import add\n\n\ndef test_add():\n"
               "    assert add(1, 2) == 3\n")
    git(repo.root, "add", "-A")
    git(repo.root, "commit", "-qm", "existing test")
    repo.write("tests/test_calc.py", "from calc import add, sub\n\n\ndef test_add():\n"
               "    assert add(1, 2) == 3\n\n\ndef test_sub():\n    assert sub(3, 1) == 2\n")
    repo.write("calc.py", "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n"
               "    raise NotImplementedError\n")
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.outcomes == {"tests/test_calc.py::test_sub": "failed"} and red.exit_code == 0


def test_a_new_test_named_like_the_start_of_an_old_one_is_new(repo: Project) -> None:
    repo.write("calc.py", "def add(a, b):\n    return a + b\n")
    repo.write("tests/test_calc.py", "from calc import add\n\n\ndef test_add_negative():\n"
               "    assert add(-1, -1) == -2\n")
    git(repo.root, "add", "-A")
    git(repo.root, "commit", "-qm", "existing test")
    repo.write("tests/test_calc.py", "from calc import add, sub\n\n\ndef test_add_negative():\n"
               "    assert add(-1, -1) == -2\n\n\ndef test_add():\n    assert sub(3, 1) == 2\n")
    repo.write("calc.py", "def add(a, b):\n    return a + b\n\n\ndef sub(a, b):\n"
               "    raise NotImplementedError\n")
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.outcomes == {"tests/test_calc.py::test_add": "failed"}


def test_project_in_a_subdirectory_of_the_repository(repo: Project) -> None:
    repo.write(".gaia/config/project-config.yaml",
               f'test_cmd: "{PYTEST}"\nproject_path: app\n')
    repo.write("app/pytest.ini", "[pytest]\npythonpath = .\n")
    repo.write("app/tests/test_m.py", "from m import f\n\n\ndef test_f():\n    assert f() == 1\n")
    repo.write("app/m.py", "def f():\n    return 0\n")
    red = tdd_evidence.run_phase(repo.root, "E1-S1", "red")
    assert red.outcomes == {"tests/test_m.py::test_f": "failed"}


def test_a_go_test_added_to_an_existing_file_is_the_only_new_one(repo: Project) -> None:
    """Go ids name the package (`github.com/armon/go-radix::TestDelete`), not the file: the
    package's committed test files are where an older test is found, at the root or below."""
    repo.write("radix_test.go", "package radix\n\nfunc TestDelete(t *testing.T) {}\n")
    repo.write("sub/sub_test.go", "package sub\n\nfunc TestOld(t *testing.T) {}\n")
    git(repo.root, "add", "-A")
    git(repo.root, "commit", "-qm", "existing tests")
    repo.write("radix_test.go", "package radix\n\nfunc TestDelete(t *testing.T) {}\n\n"
               "func TestClear(t *testing.T) {}\n")
    repo.write("sub/sub_test.go", "package sub\n\nfunc TestOld(t *testing.T) {}\n\n"
               "func TestNew(t *testing.T) {}\n")
    ran = {"github.com/armon/go-radix::TestDelete": "passed",
           "github.com/armon/go-radix::TestClear": "failed",
           "github.com/armon/go-radix/sub::TestOld": "passed",
           "github.com/armon/go-radix/sub::TestNew": "failed"}
    assert tdd_evidence.new_only(repo.root, ran, ["radix_test.go", "sub/sub_test.go"]) == {
        "github.com/armon/go-radix::TestClear": "failed",
        "github.com/armon/go-radix/sub::TestNew": "failed"}


def test_a_go_package_that_did_not_build_names_its_new_tests_for_green(repo: Project) -> None:
    """Go's usual red is a build failure: no test ran, yet the new tests are known from the
    files, and green must pass each of them (an old test is not one)."""
    repo.write("radix_test.go", "package radix\n\nfunc TestDelete(t *testing.T) {}\n\n"
               "func TestClearAllOld(t *testing.T) {}\n")
    git(repo.root, "add", "-A")
    git(repo.root, "commit", "-qm", "existing tests")
    repo.write("radix_test.go", "package radix\n\nfunc TestDelete(t *testing.T) {}\n\n"
               "func TestClearAllOld(t *testing.T) {}\n\n"
               "func TestClear(t *testing.T) { New().Clear() }\n\n"
               "func TestClearAll(t *testing.T) { New().Clear() }\n")
    red = {"github.com/armon/go-radix::<collection>": "error"}
    found = tdd_evidence.unbuilt_tests(repo.root, red, ["radix_test.go"])
    assert found == {"github.com/armon/go-radix::TestClear": "error",
                     "github.com/armon/go-radix::TestClearAll": "error"}
    assert tdd_evidence.green_findings({**red, **found}, {
        "github.com/armon/go-radix::TestClear": "passed",
        "github.com/armon/go-radix::TestDelete": "passed"}) == [
        "red test gone: github.com/armon/go-radix::TestClearAll (removed or renamed away)"]


def test_a_go_build_that_failed_for_another_file_proves_no_red() -> None:
    """The new test already passes; an unrelated broken file stops the package building: the
    build failure is that file's, and the new test never ran."""
    output = ("# github.com/dustin/go-humanize\n"
              "./zz_helper_test.go:3:34: undefined: undefinedThing\n"
              "FAIL\tgithub.com/dustin/go-humanize [build failed]\n")
    errors = tdd_evidence.go_build_errors(output)
    assert errors == (("zz_helper_test.go", "./zz_helper_test.go:3:34: undefined: undefinedThing"),)
    assert tdd_evidence.foreign_build_failure(errors, ["tdd_test.go"]) == (
        "./zz_helper_test.go:3:34: undefined: undefinedThing")
    own = tdd_evidence.go_build_errors("./sub/tdd_test.go:9:2: undefined: Ordinal\n" + output)
    assert tdd_evidence.foreign_build_failure(own, ["sub/tdd_test.go"]) is None
    assert tdd_evidence.foreign_build_failure((), ["tdd_test.go"]) is None
