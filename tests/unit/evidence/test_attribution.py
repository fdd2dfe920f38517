from __future__ import annotations

import pytest

from gaia_lib.evidence import attribution


@pytest.mark.parametrize(
    ("label", "test_id", "matches"),
    [
        ("test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("tests.unit.test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("test_signup.TestA.test_b", "tests/test_signup.py::TestA::test_b", True),
        ("test_signup.test_ac10", "tests/unit/test_signup.py::test_ac1", False),
        ("other_test_signup.test_ac1", "tests/unit/test_signup.py::test_ac1", False),
        ("test_other.test_ac1", "tests/unit/test_signup.py::test_ac1", False),
        # the review's pytest plugin labels contexts by node id
        ("tests/unit/test_signup.py::test_ac1", "tests/unit/test_signup.py::test_ac1", True),
        ("tests/unit/test_signup.py::test_ac1[422]", "tests/unit/test_signup.py::test_ac1", True),
        ("test_signup.py::TestA::test_b", "pkg/test_signup.py::TestA::test_b", True),
        ("tests/unit/test_signup.py::test_ac10", "tests/unit/test_signup.py::test_ac1", False),
        ("tests/unit/test_other.py::test_ac1", "tests/unit/test_signup.py::test_ac1", False),
    ],
)
def test_label_matches(label: str, test_id: str, matches: bool) -> None:
    assert attribution.label_matches(label, test_id) is matches


def test_files_by_context_ignores_the_empty_context() -> None:
    report = {"files": {
        "src/a.py": {"contexts": {"1": [""], "3": ["t.test_x", "t.test_y"]}},
        "src/b.py": {"contexts": {"2": ["t.test_y"]}},
    }}
    assert attribution.files_by_context(report) == {
        "t.test_x": {"src/a.py"}, "t.test_y": {"src/a.py", "src/b.py"},
    }
    assert attribution.files_by_context({}) == {}


def test_attribute_reports_tests_that_never_run_story_code() -> None:
    executed = {"test_s.test_ac1": {"src/app.py"}, "test_s.test_ac2": {"src/other.py"}}
    rows = attribution.attribute(
        [("AC1", ["tests/test_s.py::test_ac1"]), ("AC2", ["tests/test_s.py::test_ac2"])],
        executed, ["src/app.py"],
    )
    assert [(r["ac_id"], r["executes_story_code"]) for r in rows] == [("AC1", True), ("AC2", False)]
    assert rows[0]["tests_executing_story_code"] == ["tests/test_s.py::test_ac1"]


def test_executes_knows_only_the_tests_the_measured_run_ran() -> None:
    report = {
        "files": {"app/signup.py": {"contexts": {"*": ["tests/test_s.py::test_a[1]"]}},
                  "app/other.py": {"contexts": {"*": ["tests/test_s.py::test_b"]}}},
        "tests": ["tests/test_s.py::test_a[1]", "tests/test_s.py::test_b"],
    }
    ids = ["tests/test_s.py::test_a", "tests/test_s.py::test_b", "tests/test_s.py::test_c"]
    # test_b ran but touched only a file outside the story's sources; test_c never ran
    assert attribution.executes(report, ids, ["app/signup.py"]) == {
        "tests/test_s.py::test_a": True, "tests/test_s.py::test_b": False}
    # without the list of tests that ran, no test is known not to execute the sources
    assert attribution.executes({"files": report["files"]}, ids, ["app/signup.py"]) == {
        "tests/test_s.py::test_a": True}
    assert attribution.executes(None, ids, ["app/signup.py"]) == {}
