from __future__ import annotations

from pathlib import Path

from gaia_lib.test_automate import written
from gaia_lib.test_automate.plan import Plan, ProposedTest, Source

PLAN = Plan("E1-S1", (Source("app/calc.py", "x"), Source("tests/test_calc.py", "y")),
            (ProposedTest("tests/test_new.py", "t", "AC1", "unit", "app/calc.py", "add"),
             ProposedTest("tests/test_more.py", "t2", "AC2", "unit", "app/calc.py", "add")))


def _project(tmp_path: Path, tests: dict[str, str]) -> Path:
    (tmp_path / "app").mkdir()
    (tmp_path / "app/calc.py").write_text("def add(a, b):\n    return a + b\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_calc.py").write_text("def test_x():\n    assert 1\n")
    for rel, text in tests.items():
        (tmp_path / rel).write_text(text)
    return tmp_path


def test_the_sut_is_the_plans_sources_that_are_not_tests(tmp_path: Path) -> None:
    root = _project(tmp_path, {})
    assert written.sut_paths(root, PLAN, "python-dev") == ["app/calc.py"]


def test_inspection_reports_missing_placeholder_and_sut_mocking(tmp_path: Path) -> None:
    root = _project(tmp_path, {"tests/test_new.py": (
        "from app import calc\n\n\ndef test_t(monkeypatch):\n"
        "    monkeypatch.setattr(calc, 'add', lambda a, b: 0)\n    assert True\n")})
    found = written.inspect(root, PLAN, "python-dev")
    assert found.missing == ("tests/test_more.py",)
    assert found.placeholders == ({"file": "tests/test_new.py", "line": 6,
                                   "pattern": "assert_boolean_literal"},)
    assert [m["target"] for m in found.sut_mocks] == ["calc.add"]


def test_a_whole_test_that_is_a_placeholder_is_reported_once(tmp_path: Path) -> None:
    root = _project(tmp_path, {"tests/test_new.py": "def test_t():\n    pass\n",
                               "tests/test_more.py": "from app.calc import add\n\n\n"
                                                     "def test_u():\n    assert add(1, 2) == 3\n"})
    found = written.inspect(root, PLAN, "python-dev")
    assert [(p["file"], p["line"]) for p in found.placeholders] == [("tests/test_new.py", 1)]
    assert found.missing == () and found.sut_mocks == ()
