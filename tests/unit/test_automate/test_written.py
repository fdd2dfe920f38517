from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.test_automate import written
from gaia_lib.test_automate.plan import Plan, ProposedTest, Source

PLAN = Plan("E1-S1", (Source("app/calc.py", "x"), Source("tests/test_calc.py", "y")),
            (ProposedTest("tests/test_new.py", "t", "AC1", "unit", "app/calc.py", "add"),
             ProposedTest("tests/test_more.py", "t2", "AC2", "unit", "app/calc.py", "add")))


def _project(tmp_path: Path, tests: dict[str, str]) -> Path:
    (tmp_path / "app").mkdir(exist_ok=True)
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


GO_PLAN = Plan("E1-S1", (Source("shlex.go", "x"), Source("shlex_test.go", "y")),
               (ProposedTest("e1_s1_ac4_test.go", "TestE1S1Ac4", "AC4", "unit", "shlex.go",
                             "Split"),))
GO_SOURCE = """package shlex

import "strings"

type Lexer struct{ in string }

var ErrUnterminated = errors.New("EOF found when expecting closing quote")

func (l *Lexer) Next() (string, error) { return "", nil }

func Split(s string) ([]string, error) { return strings.Fields(s), nil }
"""


def _go_project(tmp_path: Path, test: str) -> Path:
    (tmp_path / "shlex.go").write_text(GO_SOURCE)
    (tmp_path / "shlex_test.go").write_text("package shlex\n")
    (tmp_path / "e1_s1_ac4_test.go").write_text(test)
    return tmp_path


def test_a_planned_go_test_that_calls_nothing_of_the_package_is_found(tmp_path: Path) -> None:
    """It imports only `strings`; a comment naming Split does not count."""
    root = _go_project(tmp_path, (
        'package shlex_test\n\nimport (\n\t"strings"\n\t"testing"\n)\n\n'
        "// TestE1S1Ac4 checks Split on blank input.\n"
        "func TestE1S1Ac4(t *testing.T) {\n"
        '\tif got := strings.Fields(" "); len(got) != 0 {\n\t\tt.Fatalf("%v", got)\n\t}\n}\n'))
    found = written.inspect(root, GO_PLAN, "go-dev")
    assert found.placeholders == ({"file": "e1_s1_ac4_test.go", "line": 1,
                                   "pattern": "calls_nothing_under_test"},)


@pytest.mark.parametrize("call", [
    'shlex.Split(" ")',  # an external test package names the package
    'Split(" ")',  # the package's own test calls its function
    '(&Lexer{in: " "}).Next()',  # a type and its method
    "ErrUnterminated, nil",  # a package variable
])
def test_a_planned_go_test_naming_the_package_passes(tmp_path: Path, call: str) -> None:
    root = _go_project(tmp_path, (
        'package shlex_test\n\nimport "testing"\n\n'
        f"func TestE1S1Ac4(t *testing.T) {{\n\tgot, err := {call}\n"
        '\tif got != nil || err != nil {\n\t\tt.Fatal("x")\n\t}\n}\n'))
    assert written.inspect(root, GO_PLAN, "go-dev").placeholders == ()


@pytest.mark.parametrize(("test", "flagged"), [
    ("import json\n\n\ndef test_t():\n    assert json.loads('1') == 1\n", True),
    # imported and never called
    ("from app.calc import add\n\n\ndef test_t():\n    assert sum([1, 2]) == 3\n", True),
    ("from app.calc import add as plus\n\n\ndef test_t():\n    assert plus(1, 2) == 3\n",
     False),
    ("from app import calc\n\n\ndef test_t():\n    assert calc.add(1, 2) == 3\n", False),
    # the package the SUT module is in: its public API reaches it (`jmespath.search`)
    ("import app\n\n\ndef test_t():\n    assert app.total([1, 2]) == 3\n", False),
])
def test_a_planned_python_test_must_name_the_code_under_test(tmp_path: Path, test: str,
                                                             flagged: bool) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("from app.calc import add as total\n")
    root = _project(tmp_path, {"tests/test_new.py": test,
                               "tests/test_more.py": "from app.calc import add\n\n\n"
                                                     "def test_u():\n    assert add(1, 2) == 3\n"})
    found = written.inspect(root, PLAN, "python-dev")
    assert found.placeholders == (({"file": "tests/test_new.py", "line": 1,
                                    "pattern": "calls_nothing_under_test"},) if flagged else ())


TS_PLAN = Plan("E1-S1", (Source("src/index.ts", "x"),),
               (ProposedTest("src/__tests__/E1-S1-AC4.test.ts", "E1-S1-AC4", "AC4", "unit",
                             "src/index.ts", "dedent"),))


@pytest.mark.parametrize(("test", "flagged"), [
    # imports nothing of the library: a test of the runtime's own values (a check of
    # constants, `' a '.trim()`, is a placeholder before this)
    ("// dedent is not called here\ntest('x', () => {\n  expect(process.platform.trim())"
     ".toBe('linux');\n});\n", True),
    ("import dedent from '../index';\n\ntest('x', () => {\n  expect(dedent`  a`).toBe('a');\n});\n",
     False),
    ("import * as lib from '..';\n\ntest('x', () => {\n  expect(lib.default('a')).toBe('a');\n});\n",
     False),
    # the package's own name (mapped to the source by the project's jest config)
    ("import { dedent } from 'ts-dedent';\ntest('x', () => {\n  expect(dedent('a')).toBe('a');\n"
     "});\n", False),
    # a word the SUT uses for a local variable (`lines`) is no API of it (a table of its own
    # constants checked, `const lines = ['a']`, is a placeholder before this)
    ("test('x', () => {\n  const lines: string[] = process.argv.slice(0, 1);\n"
     "  expect(lines.length).toBe(1);\n});\n", True),
])
def test_a_planned_ts_test_must_use_the_code_under_test(tmp_path: Path, test: str,
                                                        flagged: bool) -> None:
    (tmp_path / "src" / "__tests__").mkdir(parents=True)
    (tmp_path / "src" / "index.ts").write_text(
        "export function dedent(text: string): string {\n  const lines = text.split('\\n');\n"
        "  return lines.join('\\n').trim();\n}\n\n"
        "export default dedent;\n")
    (tmp_path / "src" / "__tests__" / "E1-S1-AC4.test.ts").write_text(test)
    found = written.inspect(tmp_path, TS_PLAN, "ts-dev")
    assert found.placeholders == (({"file": "src/__tests__/E1-S1-AC4.test.ts", "line": 1,
                                    "pattern": "calls_nothing_under_test"},) if flagged else ())


@pytest.mark.parametrize(("rel", "test", "lines"), [
    ("src/__tests__/E1-S1-AC4.test.ts",
     "import dedent from '../index';\n\ntest('calls it', () => {\n  dedent('a');\n});\n\n"
     "test('checks it', () => {\n  expect(dedent('a')).toBe('a');\n});\n", [3]),
    ("src/__tests__/E1-S1-AC4.test.ts",
     "import dedent from '../index';\n\nit('throws', () => {\n  try { dedent(1 as any) } "
     "catch (e) { /* fine */ }\n});\n", [3]),
])
def test_a_planned_test_that_asserts_nothing_is_found(tmp_path: Path, rel: str, test: str,
                                                     lines: list[int]) -> None:
    (tmp_path / "src" / "__tests__").mkdir(parents=True)
    (tmp_path / "src" / "index.ts").write_text("export function dedent(t: string) { return t }\n")
    (tmp_path / rel).write_text(test)
    found = written.inspect(tmp_path, TS_PLAN, "ts-dev")
    # the shared detector finds it first, with its reason
    assert [(p["line"], p["pattern"]) for p in found.placeholders] == [
        (line, "it checks nothing but that its code does not throw: no expect, assert or "
               "throw, no helper that checks") for line in lines]


def test_a_planned_python_test_that_only_calls_the_code_asserts_nothing(tmp_path: Path) -> None:
    root = _project(tmp_path, {"tests/test_new.py": "from app.calc import add\n\n\n"
                                                    "def test_t():\n    add(1, 2)\n",
                               "tests/test_more.py": "import pytest\n\nfrom app.calc import add\n"
                                                     "\n\ndef test_u():\n    with pytest.raises("
                                                     "TypeError):\n        add(1, 'a')\n"})
    found = written.inspect(root, PLAN, "python-dev")
    assert found.placeholders == ({"file": "tests/test_new.py", "line": 4, "pattern": (
        "it checks nothing but that its code raises no exception: no assertion, no `raises`, "
        "`fail` or raise, no helper that checks")},)


def test_a_planned_js_test_checking_through_its_projects_do_nothing_expect_is_found(
        tmp_path: Path) -> None:
    """The planned test imports `expect` from a helper of the project that defines one
    failing nothing: its checks fail nothing. One that re-exports vitest's is a real one."""
    plan = Plan("E1-S1", (Source("src/calc.ts", "x"),),
                (ProposedTest("test/calc.test.ts", "t", "AC1", "unit", "src/calc.ts", "add"),))
    (tmp_path / "src").mkdir()
    (tmp_path / "src/calc.ts").write_text("export const add = (a, b) => a + b;\n")
    (tmp_path / "test").mkdir()
    (tmp_path / "test/calc.test.ts").write_text(
        "import { expect } from './helpers';\nimport { add } from '../src/calc';\n\n"
        "it('adds', () => {\n  const sum = add(1, 2);\n  expect(sum).toBe(3);\n});\n")
    helpers = tmp_path / "test/helpers.ts"
    helpers.write_text("export const expect = (_x: unknown) => ({ toBe() {} });\n")
    found = written.inspect(tmp_path, plan, "ts-dev")
    assert [(p["file"], p["line"]) for p in found.placeholders] == [("test/calc.test.ts", 6)]
    helpers.write_text("export { expect } from 'vitest';\n")
    assert written.inspect(tmp_path, plan, "ts-dev").placeholders == ()
