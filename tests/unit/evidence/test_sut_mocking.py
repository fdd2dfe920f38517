from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.evidence import sut_mocking
from gaia_lib.evidence.sut_mocking import Sut, check, python_names, suts_of

CALC = '''import requests

RATE = 2


class Calc:
    def total(self):
        return 1


def add(a, b):
    return a + b
'''
SUTS = suts_of({"src/app/calc.py": CALC, "src/ui/cart.ts": "export const total = 1\n"})


def test_python_names_are_the_top_level_definitions() -> None:
    assert python_names(CALC) == {"RATE", "Calc", "add"}
    assert python_names("def broken(:\n") == frozenset()


@pytest.mark.parametrize(
    ("line", "target", "pattern"),
    [
        ('    with mock.patch("app.calc.add", return_value=3):', "app.calc.add", "patch"),
        ('@patch("src.app.calc.Calc.total")', "src.app.calc.Calc.total", "patch"),
        ('    mocker.patch("app.calc")', "app.calc", "patch"),
        ('    monkeypatch.setattr("app.calc.add", lambda a, b: 3)', "app.calc.add",
         "monkeypatch.setattr"),
        ('    monkeypatch.setattr(calc, "add", lambda a, b: 3)', "calc.add", "setattr"),
        ('    with patch.object(calc, "RATE", 5):', "calc.RATE", "patch.object"),
        ('    monkeypatch.setattr(Calc, "total", lambda self: 9)', "Calc.total", "setattr"),
        ('    patch.dict(sys.modules, {"app.calc": fake})', "app.calc", "sys.modules"),
        ("    calc.add = lambda a, b: 3", "calc.add", "assignment"),
        ("    app.calc.RATE = 5", "app.calc.RATE", "assignment"),
        ("    calc.Calc.total = lambda self: 9", "calc.Calc.total", "assignment"),
        ("    Calc.total = lambda self: 9", "Calc.total", "assignment"),
        # the imported function given the test's own definition (jsonpointer's
        # resolve_pointer faked beside one real call of the code)
        ("    def add(a, b):", "add", "local def"),
        ("    add = lambda a, b: 3", "add", "local assignment"),
        ("    add: Callable[..., int] = fake", "add", "local assignment"),
        # another function handed out under its name is still a stand-in
        ("    add = staticmethod(fake_add)", "add", "local assignment"),
        ("    add = staticmethod(lambda a, b: 3)", "add", "local assignment"),
        ("    add = partial(fake, add)", "add", "local assignment"),
        # a fault put in the method's place, or another method's code run for it
        ('    with patch.object(Calc, "total", side_effect=RuntimeError("boom")):',
         "Calc.total", "patch.object"),
        ('    with patch.object(Calc, "total", autospec=True, side_effect=Calc.other):',
         "Calc.total", "patch.object"),
    ],
)
def test_python_mocks_of_the_sut_are_findings(line: str, target: str, pattern: str) -> None:
    text = f"from app import calc\nfrom app.calc import Calc, add\n\n\ndef test_x():\n{line}\n"
    found = check("tests/test_calc.py", text, SUTS)
    assert [(f.line, f.target, f.pattern) for f in found] == [(6, target, pattern)]


@pytest.mark.parametrize(
    "line",
    [
        '    with mock.patch("app.calc.requests.get"):',  # a collaborator, looked up in the SUT
        '    monkeypatch.setattr(calc, "requests", fake)',  # imported, not defined there
        '    mocker.patch("app.other.add")',  # another module
        '    # mock.patch("app.calc.add")',  # a comment
        '    monkeypatch.setenv("APP_CALC", "1")',
        '    patch.object(requests, "get")',
        "    calc.requests = fake",  # a collaborator imported into the SUT
        "    result = calc.add(1, 2)",  # a call, not an assignment
        "    assert calc.add(1, 2) == 3",
        "    calc.add(1, 2) == 3",
        "    result = add(1, 2)",  # the real one called
        "    def helper(a, b):",
        "    add == other",
        "    calc = Calc()",  # a module's name given a value: no function of it replaced
        # the real function bound again: Unidecode's TestCase classes share their tests
        # through `unidecode = staticmethod(unidecode)`, called as `self.unidecode`
        "    add = staticmethod(add)",
        "    add = classmethod(add)",
        "    add = functools.partial(add, 1)",
        "    add = partial(add, b=2)",
        "    add = add",
        "    add = staticmethod(Calc)",  # another function or class of the code under test
        # a spy: the patched method's own code still runs for every call (a test counting
        # how often a label-spreading method of the code under test is called)
        '    with mock.patch.object(Calc, "total", autospec=True, side_effect=Calc.total) as s:',
        '    with mock.patch("app.calc.add", wraps=calc.add) as spy:',
        '    mocker.patch.object(calc, "add", wraps=add)',
    ],
)
def test_python_lines_that_do_not_mock_the_sut(line: str) -> None:
    text = (f"import requests\nimport app.calc\nfrom app import calc\n"
            f"from app.calc import add, Calc\n\n\ndef test_x():\n{line}\n")
    assert check("tests/test_calc.py", text, SUTS) == []


@pytest.mark.parametrize(("line", "target"), [
    ('    monkeypatch.setattr(app, "add", lambda a, b: 3)', "app.add"),
    ('    monkeypatch.setattr(a, "add", lambda a, b: 3)', "a.add"),
    ('    with mock.patch("app.add", return_value=3):', "app.add"),
    ("    app.add = spy", "app.add"),
])
def test_a_sut_function_replaced_on_the_package_that_hands_it_out_is_mocked(
        line: str, target: str) -> None:
    """`app/calc.py` defines add and the package `app` hands it out: replacing `app.add`
    replaces it for every test that calls `app.add(...)`."""
    text = f"import app\nimport app as a\n\n\ndef test_x(monkeypatch):\n{line}\n"
    assert [f.target for f in check("tests/test_calc.py", text, SUTS)] == [target]
    # a name no SUT module of the package defines is a collaborator
    other = line.replace('"add"', '"fetch"').replace("app.add", "app.fetch").replace(
        "a.add", "a.fetch")
    assert check("tests/test_calc.py", f"import app\nimport app as a\n\n\ndef test_x():\n"
                 f"{other}\n", SUTS) == []


@pytest.mark.parametrize(("line", "target"), [
    # tenacity: `mock.patch.object(tenacity.wait_fixed, "__call__", return_value=1)` in its
    # fixed-wait test, the strategy the story is about, went unseen
    ('    with mock.patch.object(app.Calc, "total", return_value=3):', "app.Calc.total"),
    ('    with mock.patch.object(a.Calc, "total", return_value=3):', "a.Calc.total"),
    ('    monkeypatch.setattr("app.Calc.total", lambda self: 3)', "app.Calc.total"),
])
def test_a_sut_class_reached_through_its_package_is_mocked(line: str, target: str) -> None:
    text = f"import app\nimport app as a\nfrom unittest import mock\n\n\ndef test_x():\n{line}\n"
    assert [f.target for f in check("tests/test_calc.py", text, SUTS)] == [target]
    # a class no SUT module of the package defines is a collaborator's
    assert check("tests/test_calc.py", text.replace("Calc", "Client"), SUTS) == []


@pytest.mark.parametrize(("imported", "line", "target"), [
    # isodate trial 34: `from isodate import Duration`, its __eq__ made always true
    ("from app import Calc", '    monkeypatch.setattr(Calc, "total", lambda self: 3)',
     "Calc.total"),
    ("from app import Calc as C", '    with patch.object(C, "total", return_value=3):',
     "C.total"),
])
def test_a_sut_class_imported_from_the_package_that_hands_it_out_is_mocked(
        imported: str, line: str, target: str) -> None:
    text = f"{imported}\n\n\ndef test_x(monkeypatch):\n{line}\n"
    assert [f.target for f in check("tests/test_calc.py", text, SUTS)] == [target]
    # what no SUT module of the package defines is a collaborator's
    other = text.replace("Calc", "Client")
    assert check("tests/test_calc.py", other, SUTS) == []
    # a method named as a function the package hands out is not read as its stand-in
    # (marshmallow's `def post_load(self, ...)` in a schema)
    method = ("from app import add\n\n\ndef test_x():\n    class S:\n"
              "        def add(self, a, b):\n            return 3\n")
    assert check("tests/test_calc.py", method, SUTS) == []


def test_an_aliased_module_import_is_followed() -> None:
    text = 'import app.calc as c\n\ndef test_x(monkeypatch):\n    monkeypatch.setattr(c, "add", f)\n'
    assert [f.target for f in check("tests/test_calc.py", text, SUTS)] == ["c.add"]


@pytest.mark.parametrize("imported", [
    "from app.calc import add, \\\n    Calc, other",
    "from app.calc import (\n    add,\n    Calc as C0,\n    Calc,\n)",
    "from app.calc import (add,\n                      Calc)",
])
def test_an_import_over_lines_is_read_whole(imported: str) -> None:
    """jsonpointer's tests import the class they patch on a continued line."""
    text = (f"import unittest\n{imported}\n\n\nclass T(unittest.TestCase):\n"
            '    def test_x(self):\n        with patch.object(Calc, "total", f):\n'
            "            assert add(1, 2) == 3\n")
    assert [(f.line, f.target, f.pattern) for f in check("tests/test_calc.py", text, SUTS)] == [
        (text.count("\n", 0, text.index("patch.object")) + 1, "Calc.total", "patch.object")]


@pytest.mark.parametrize(("file", "imported", "mocks"), [
    ("app/test_calc.py", "from . import calc", True),
    ("app/tests/test_calc.py", "from .. import calc", True),
    ("app/tests/test_calc.py", "from . import calc", False),  # app.tests.calc: another module
    ("app/test_calc.py", "from .other import calc", False),
])
def test_a_relative_import_is_read_from_the_test_files_package(file: str, imported: str,
                                                                mocks: bool) -> None:
    # a package's own tests import it relatively (iso8601's `from . import iso8601`)
    text = f'{imported}\n\ndef test_x(monkeypatch):\n    monkeypatch.setattr(calc, "add", f)\n'
    assert [f.pattern for f in check(file, text, SUTS)] == (["setattr"] if mocks else [])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vi.mock('../src/ui/cart')\n", [(1, "src/ui/cart.ts", "vi.mock")]),
        ('jest.mock("../src/ui/cart.ts", () => ({ total: 0 }))\n',
         [(1, "src/ui/cart.ts", "jest.mock")]),
        ("jest.doMock('src/ui/cart')\n", [(1, "src/ui/cart.ts", "jest.doMock")]),
        # vitest 3's typed form: the module's import() promise
        ('vi.mock(import("../src/ui/cart"), async (original) => ({ total: 0 }))\n',
         [(1, "src/ui/cart.ts", "vi.mock")]),
        ("import * as cart from '../src/ui/cart'\nvi.spyOn(cart, 'total').mockReturnValue(2)\n",
         [(2, "src/ui/cart.ts:total", "vi.spyOn")]),
        ("const cart = require('../src/ui/cart')\n"
         "jest.spyOn(cart, 'total').mockImplementation(() => 2)\n",
         [(2, "src/ui/cart.ts:total", "jest.spyOn")]),
        # a named import over several lines binds each name (`cart` after `as`)
        ("import {\n  total,\n  items as cart,\n} from '../src/ui/cart'\n"
         "vi.spyOn(cart, 'total').mockReturnValue(2)\n",
         [(5, "src/ui/cart.ts:total", "vi.spyOn")]),
        # a factory keeping the real module replaces only the exports it names
        ('vi.mock("../src/ui/cart", async (orig) => ({ ...(await orig()), total: 0 }))\n',
         [(1, "src/ui/cart.ts:total", "vi.mock")]),
        ('jest.mock("../src/ui/cart", () => ({\n  ...jest.requireActual("../src/ui/cart"),\n'
         "  total: jest.fn(),\n  'items': [],\n}))\n",
         [(1, "src/ui/cart.ts:total", "jest.mock"), (1, "src/ui/cart.ts:items", "jest.mock")]),
        ('vi.mock(import("../src/ui/cart"), async (importOriginal) => {\n'
         '  const mod = await importOriginal<typeof import("../src/ui/cart")>();\n'
         "  return { ...mod, total: vi.fn() };\n})\n",
         [(1, "src/ui/cart.ts:total", "vi.mock")]),
        # ... one keeping it whole replaces nothing; one spreading two objects, anything
        ('vi.mock("../src/ui/cart", async () => ({ ...(await vi.importActual("../src/ui/cart")) '
         "}))\n", []),
        ('vi.mock("../src/ui/cart", async (orig) => ({ ...(await orig()), ...fakes }))\n',
         [(1, "src/ui/cart.ts", "vi.mock")]),
        # the imported name given the test's own value (cookie-es's parse faked in a test)
        ("import { total } from '../src/ui/cart'\nit('x', () => {\n"
         "  const total = (_: number) => 3\n  expect(total(1)).toBe(3)\n})\n",
         [(3, "src/ui/cart.ts:total", "local binding")]),
        ("import { total } from '../src/ui/cart'\nfunction total() { return 3 }\n",
         [(2, "src/ui/cart.ts:total", "local function")]),
        ("import { total } from '../src/ui/cart'\nit('x', () => {\n  total = () => 3\n})\n",
         [(3, "src/ui/cart.ts:total", "local binding")]),
        # ... not: a binding of its result, the import itself, a require of it
        ("import { total } from '../src/ui/cart'\nconst sum = total(1)\ntotal === sum\n", []),
        ("const total = require('../src/ui/cart')\nexpect(total.total).toBe(1)\n", []),
        # not findings: another module, a spy that keeps the real code, a comment
        ("vi.mock('../src/ui/api')\n", []),
        ("import * as cart from '../src/ui/cart'\nconst spy = vi.spyOn(cart, 'total')\n", []),
        ("// vi.mock('../src/ui/cart')\n", []),
        ("// import * as cart from '../src/ui/cart'\nimport * as cart from '../src/ui/api'\n"
         "vi.spyOn(cart, 'total').mockReturnValue(2)\n", []),
    ],
)
def test_javascript_module_mocks(text: str, expected: list[tuple[int, str, str]]) -> None:
    found = check("tests/cart.test.ts", text, SUTS)
    assert [(f.line, f.target, f.pattern) for f in found] == expected


def test_other_languages_yield_nothing() -> None:
    assert check("calc_test.go", 'patch("app.calc.add")\n', [Sut("calc.go", frozenset())]) == []


def test_a_bats_test_redefining_a_function_of_the_sut_mocks_it() -> None:
    sut = suts_of({"src/assert_line.bash": "# helpers\nassert_line() {\n  :\n}\n"
                                           "function refute_line {\n  :\n}\n_private() { :; }\n"})
    assert sut[0].names == {"assert_line", "refute_line", "_private"}
    test = ("load test_helper\n# assert_line() { is documented here }\n"
            "@test 'x' {\n  assert_line() { return 0; }\n  function refute_line() { :; }\n"
            "  helper() { :; }\n  run assert_line --index 0 a\n}\n")
    assert [(f.line, f.target, f.pattern) for f in check("test/x.bats", test, sut)] == [
        (4, "src/assert_line.bash:assert_line", "redefines"),
        (5, "src/assert_line.bash:refute_line", "redefines")]


def test_mocking_the_projects_own_package_by_its_name_mocks_the_sut() -> None:
    """ts-dedent's tests import 'ts-dedent' (mapped to src by the jest config): mocking it by
    that name replaces the code under test; another package is a collaborator."""
    sut = suts_of({"src/index.ts": "export function dedent() {}\n"})
    text = ("jest.mock('ts-dedent', () => ({ dedent: (s: string) => s }));\n"
            "vi.mock('ts-dedent/dist/index');\njest.mock('chalk');\n")
    assert [(f.line, f.target, f.pattern) for f in check(
        "src/__tests__/a.test.ts", text, sut, "ts-dedent")] == [
        (1, "ts-dedent", "jest.mock"), (2, "ts-dedent/dist/index", "vi.mock")]
    assert check("src/__tests__/a.test.ts", text, sut) == []  # no package name known


@pytest.mark.parametrize("line", [
    '    mock.patch("app.calc.add")',
    '    monkeypatch.setattr("app.calc.add", fake)',
    '    patch.object(calc, "add")',
    "    calc.add = fake",
])
def test_a_package_under_test_beside_its_module_still_finds_the_module_mocked(line: str) -> None:
    # The File List names the package's __init__.py too: `app.calc.add` is in app.calc, not
    # a name the package `app` defines.
    suts = suts_of({"app/__init__.py": "from app.calc import Calc\n", "app/calc.py": CALC})
    text = f"from app import calc\n\n\ndef test_x(monkeypatch):\n{line}\n"
    found = check("tests/test_calc.py", text, suts)
    assert [(f.line, f.target.rsplit(".", 1)[-1]) for f in found] == [(5, "add")]


def test_mocked_tests_maps_each_mock_to_its_test_or_to_its_whole_file() -> None:
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    py = '''from unittest import mock
from app import calc


def test_real():
    assert calc.add(1, 2) == 3


@mock.patch("app.calc.add", return_value=5)
def test_patched(fake):
    assert calc.add(1, 2) == 5


def test_configured():
    calc.RATE = 3
    assert calc.add(1, 2) == 3
'''
    ts = '''import { total } from "../src/ui/cart";
jest.mock("../src/ui/cart", () => ({ total: 9 }));

it("totals", () => {
  expect(total).toBe(9);
});

it("totals again", () => {
  expect(total).toBe(9);
});
'''
    texts = {"app/test_calc.py": py, "tests/cart.test.ts": ts}
    cases = [c for file, text in texts.items() for c in split_tests(file, text)]
    suts = suts_of({"app/calc.py": CALC, "src/ui/cart.ts": "export const total = 1\n"})
    found = mocked_tests(cases, texts, suts)
    assert {test: (m.line, m.pattern) for test, m in found.items()} == {
        "app/test_calc.py::test_patched": (9, "patch"),
        "tests/cart.test.ts::totals": (2, "jest.mock"),
        "tests/cart.test.ts::totals again": (2, "jest.mock"),
    }


def test_a_mock_in_a_js_test_of_one_expression_is_that_tests_alone() -> None:
    """A test whose function is one expression ends with it: a spy on its second line is
    its own (not the whole file's), and a spy in the test after it is not its."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    ts = '''import * as calc from "../src/calc";

it("totals", () => expect(calc.total(1)).toBe(1));

it("adds", () => {
  jest.spyOn(calc, "add").mockReturnValue(3);
  expect(calc.total(1)).toBe(3);
});

it.each([1])("adds row %i", (n) =>
  jest.spyOn(calc, "add").mockReturnValue(n) && expect(calc.total(1)).toBe(n));

it("totals again", () => {
  expect(calc.total(2)).toBe(2);
});
'''
    texts = {"test/calc.test.ts": ts}
    cases = split_tests("test/calc.test.ts", ts)
    found = mocked_tests(cases, texts, suts_of({"src/calc.ts": ""}))
    assert {test: m.line for test, m in found.items()} == {
        "test/calc.test.ts::adds": 6, "test/calc.test.ts::adds row %i": 11}


def test_a_partial_module_mock_is_the_tests_that_use_a_faked_export() -> None:
    """unjs/defu: a factory spreading the real module fakes `defu` alone; the tests of
    `defuFn` test the real code, whatever their names say."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    ts = '''import { defu, defuFn, defu as merge } from "../src/defu";
import * as all from "../src/defu";

vi.mock("../src/defu", async (orig) => ({ ...(await orig()), defu: fake }));

it("defu merges", () => {
  expect(defu({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
});

it("defu through defuFn", () => {
  expect(defuFn({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
});

it("merges under another name", () => {
  expect(merge({ a: 1 }, {})).toEqual({ a: 1 });
});

it("merges through the namespace", () => {
  expect(all.defu({ a: 1 }, {})).toEqual({ a: 1 });
});
'''
    texts = {"test/defu.test.ts": ts}
    found = mocked_tests(split_tests("test/defu.test.ts", ts), texts,
                         suts_of({"src/defu.ts": "export function defu() {}\n"}))
    assert {test: (m.line, m.target) for test, m in found.items()} == {
        f"test/defu.test.ts::{title}": (4, "src/defu.ts:defu")
        for title in ("defu merges", "merges under another name", "merges through the namespace")}


COOKIE_BARREL = {"src/index.ts": {"parse": ("src/cookie/parse.ts", "parse"),
                                  "parseCookie": ("src/cookie/parse.ts", "parse")}}
COOKIE_TESTS = '''import { parse, parseCookie, serialize } from "../src";

vi.mock("../src", FACTORY);

it("parses", () => {
  expect(parse("a=b")).toEqual({ a: "b" });
});

it("parses under its alias", () => {
  expect(parseCookie("a=b")).toEqual({ a: "b" });
});

it("serializes", () => {
  expect(serialize("a", "b")).toBe("a=b");
});
'''


@pytest.mark.parametrize(("factory", "expected"), [
    # keeps the real barrel, fakes `parse`: its tests check the fake; `parseCookie` is the
    # barrel's other export of the same code, and real
    ('async (orig) => ({ ...(await orig()), parse: (s) => ({ a: "b" }) })',
     {"parses": "src/cookie/parse.ts:parse"}),
    ('async (orig) => ({ ...(await orig()), parseCookie: (s) => ({ a: "b" }) })',
     {"parses under its alias": "src/cookie/parse.ts:parse"}),
    ('async (orig) => ({ ...(await orig()), serialize: () => "a=b" })', {}),  # other code
    ('() => ({ parse: () => ({}), parseCookie: () => ({}) })',  # the whole barrel
     {"parses": "src/cookie/parse.ts:parse",
      "parses under its alias": "src/cookie/parse.ts:parse"}),
])
def test_a_mock_of_a_barrel_that_hands_out_the_sut_mocks_it(
        factory: str, expected: dict[str, str]) -> None:
    """unjs/cookie-es: `vi.mock("../src", ...)` of src/index.ts, which re-exports the
    story's `parse`, replaces it as a mock of src/cookie/parse.ts would."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    ts = COOKIE_TESTS.replace("FACTORY", factory)
    found = mocked_tests(split_tests("test/cookie.test.ts", ts), {"test/cookie.test.ts": ts},
                         suts_of({"src/cookie/parse.ts": "export function parse() {}\n"}),
                         barrels=COOKIE_BARREL)
    assert {test.split("::")[1]: (m.line, m.target, m.pattern) for test, m in found.items()} == {
        title: (3, target, "vi.mock") for title, target in expected.items()}
    assert mocked_tests(split_tests("test/cookie.test.ts", ts), {"test/cookie.test.ts": ts},
                        suts_of({"src/cookie/parse.ts": ""})) == {}  # no barrel known


# --- a shell script run as a command (no .sh/.bash suffix) ----------------------------------

_READ = ("libexec/rbenv-version-file-read",
         '#!/usr/bin/env bash\nset -e\nVERSION_FILE="$1"\necho "$version"\n')
_FILE = ("libexec/rbenv-version-file",
         "#!/usr/bin/env bash\nset -e\nfind_local_version_file() {\n  local root=\"$1\"\n}\n")


def _bats(body: str) -> str:
    return f'load test_helper\n\n@test "reads simple version file" {{\n{body}\n}}\n'


@pytest.mark.parametrize(("body", "target", "pattern"), [
    ('  rbenv-version-file-read() { echo 1.9.3; }\n  run rbenv-version-file-read my-version',
     "libexec/rbenv-version-file-read:rbenv-version-file-read", "redefines"),
    ('  find_local_version_file() { echo "$1/.ruby-version"; }\n'
     '  run find_local_version_file "$PWD"',
     "libexec/rbenv-version-file:find_local_version_file", "redefines"),
    ('  printf \'#!/bin/sh\\necho 1.9.3\\n\' > "${RBENV_ROOT}/shims/rbenv-version-file-read"\n'
     "  run rbenv-version-file-read my-version",
     "libexec/rbenv-version-file-read", "a fake executable written in place"),
])
def test_a_stand_in_for_a_shell_script_without_suffix_mocks_it(
        body: str, target: str, pattern: str) -> None:
    suts = sut_mocking.suts_of([_READ, _FILE])
    found = sut_mocking.check("test/version-file-read.bats", _bats(body), suts)
    assert [(f.target, f.pattern) for f in found] == [(target, pattern)]


def test_a_script_s_own_function_defined_and_not_called_replaces_nothing() -> None:
    """rbenv-version-file runs in its own process, with its own `find_local_version_file`."""
    body = ('  find_local_version_file() { echo "unused"; }\n  run rbenv-version-file\n'
            '  assert_success')
    suts = sut_mocking.suts_of([_READ, _FILE])
    assert sut_mocking.check("test/version-file.bats", _bats(body), suts) == []
    assert sut_mocking.is_shell_script(*_READ) and not sut_mocking.is_shell_script(
        "README", "rbenv\n")


# --- what a story source imports, and the patch's shape -----------------------------------

NORMALIZE = '''import re

from ._definitions import _HEX_RE, lookup
from .formats import Parser as P
from requests import Session


def normalize(value):
    return _HEX_RE.match(value).group(1).lower()
'''
DEFINITIONS = '''import re

_HEX_RE = re.compile(r"^#([0-9a-f]{6})$")


def lookup(name):
    return name
'''
FORMATS = "class Parser:\n    def parse(self):\n        return 1\n"


def _pkg(tested: tuple[str, ...] = ("src/pkg/normalize.py",)) -> list[Sut]:
    files = {"src/pkg/normalize.py": NORMALIZE, "src/pkg/_definitions.py": DEFINITIONS,
             "src/pkg/formats.py": FORMATS}
    return suts_of({p: files[p] for p in tested}, files)


@pytest.mark.parametrize(("line", "target"), [
    ('@mock.patch.object(pkg.normalize, "_HEX_RE")', "pkg.normalize._HEX_RE"),
    ('@mock.patch("pkg.normalize._HEX_RE")', "pkg.normalize._HEX_RE"),
    ('@mock.patch.object(\n    pkg.normalize,\n    "_HEX_RE",\n)', "pkg.normalize._HEX_RE"),
    ('@mock.patch(\n    "pkg.normalize._HEX_RE"\n)', "pkg.normalize._HEX_RE"),
])
def test_a_value_a_story_source_takes_from_the_projects_own_code_is_the_code_under_test(
        line: str, target: str) -> None:
    """webcolors' `_normalization` imports `_HEX_COLOR_RE` from `_definitions` (not in the
    story's File List): a fake regex there feeds `normalize_hex` what the test asserts."""
    text = (f"import pkg.normalize\nfrom unittest import mock\n\n\nclass T:\n    {line}\n"
            "    def test_x(self, fake):\n        assert pkg.normalize.normalize('#ABC')\n")
    found = check("tests/test_normalize.py", text, _pkg())
    assert [(f.line, f.target, f.mock_object) for f in found] == [(6, target, True)]


@pytest.mark.parametrize("line", [
    '    monkeypatch.setattr(normalize, "lookup", fake)',  # a function of another module
    '    monkeypatch.setattr(normalize, "P", fake)',  # a class of another module
    '    monkeypatch.setattr(normalize, "Session", fake)',  # a dependency's
    '    monkeypatch.setattr(normalize, "re", fake)',
    '    mock.patch("pkg.normalize.Session")',
])
def test_a_collaborator_a_story_source_imports_may_be_patched(line: str) -> None:
    """A function or class of a project module outside the story (a collaborator the unit is
    isolated from), or anything of a dependency, is no code under test."""
    text = f"from pkg import normalize\n\n\ndef test_x(monkeypatch):\n{line}\n"
    assert check("tests/test_normalize.py", text, _pkg()) == []


def test_what_a_story_source_takes_from_another_story_source_is_the_code_under_test() -> None:
    suts = _pkg(("src/pkg/normalize.py", "src/pkg/formats.py"))
    text = ('from pkg import normalize\n\n\ndef test_x(monkeypatch):\n'
            '    monkeypatch.setattr(normalize.P, "parse", fake)\n')
    assert [f.target for f in check("tests/test_normalize.py", text, suts)] == [
        "normalize.P.parse"]
    # without the project's modules at hand, only what the story's sources themselves bind
    alone = suts_of({"src/pkg/normalize.py": NORMALIZE})
    assert check("tests/test_normalize.py", text.replace("normalize.P", "normalize.Q"),
                 alone) == []


def test_the_project_modules_a_story_source_imports_from_are_read(tmp_path: Path) -> None:
    for rel, text in {"src/pkg/normalize.py": NORMALIZE, "src/pkg/_definitions.py": DEFINITIONS,
                      "src/pkg/formats.py": FORMATS, "src/pkg/__init__.py": ""}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    read = sut_mocking.project_modules(tmp_path, {"src/pkg/normalize.py": NORMALIZE})
    assert sorted(read) == ["src/pkg/_definitions.py", "src/pkg/formats.py"]
    assert sut_mocking.borrowed_names("src/pkg/normalize.py", NORMALIZE, read) == (
        frozenset({"_HEX_RE"}), frozenset({"_HEX_RE"}))


def test_an_attribute_of_a_value_the_module_holds_is_that_objects() -> None:
    """`logger = logging.getLogger(__name__)` in the SUT: patching `logger.debug` replaces
    logging's method, not the story's code (packaging's tests of `tags`)."""
    suts = suts_of({"app/calc.py": "import logging\nlogger = logging.getLogger()\n" + CALC})
    text = ("from app import calc\n\n\ndef test_x(monkeypatch):\n"
            '    monkeypatch.setattr(calc.logger, "debug", fake)\n'
            '    monkeypatch.setattr("app.calc.logger.info", fake)\n'
            '    monkeypatch.setattr(calc.Calc, "total", fake)\n')
    assert [f.target for f in check("tests/test_calc.py", text, suts)] == ["calc.Calc.total"]


@pytest.mark.parametrize(("line", "counts"), [
    ('    with patch.object(calc, "RATE", 5):', False),  # configuration: a value set
    ('    monkeypatch.setattr(calc, "RATE", 5)', False),
    ("    calc.RATE = 5", False),
    ('    with patch.object(calc, "RATE"):', True),  # a MagicMock in its place
    ('    with patch.object(calc, "RATE", new=Mock()):', True),
    ('    with patch("app.calc.RATE", autospec=True):', True),
    ('    monkeypatch.setattr(calc, "RATE", MagicMock())', True),
    ("    calc.RATE = mock.Mock()", True),
])
def test_a_constant_set_to_a_value_is_configuration_and_one_mocked_is_not(
        line: str, counts: bool) -> None:
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    text = f"from unittest.mock import Mock, MagicMock, patch\nfrom app import calc\n\n\n" \
           f"def test_x(monkeypatch):\n{line}\n        assert calc.add(1, 2) == 3\n"
    cases = split_tests("tests/test_calc.py", text)
    mocked = mocked_tests(cases, {"tests/test_calc.py": text}, SUTS)
    assert bool(mocked) is counts


REPORT = '''template = "{count} files"
plural = False


def render(count):
    return template.format(count=count)
'''


@pytest.mark.parametrize(("line", "counts"), [
    ('    report.template = "{count}!"', False),  # a setting the module reads: configuration
    ("    report.plural = True", False),
    ('    monkeypatch.setattr(report, "template", "{count}!")', False),
    ("    report.template = Mock()", True),  # a mock object in its place
    ("    report.render = lambda count: '2!'", True),  # the code under test replaced
])
def test_a_setting_the_module_binds_to_a_literal_set_to_a_value_is_configuration(
        line: str, counts: bool) -> None:
    """A module-level string a library formats with (`template = "{count} files"`), set by a
    test and put back after, is the library's own setting: the test checks the real
    `render`, which reads it."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    text = (f"from unittest.mock import Mock\nfrom app import report\n\n\n"
            f"def test_x(monkeypatch):\n    old = report.template\n{line}\n"
            f"    assert report.render(2) == '2!'\n    report.template = old\n")
    cases = split_tests("tests/test_report.py", text)
    mocked = mocked_tests(cases, {"tests/test_report.py": text},
                          suts_of({"app/report.py": REPORT}))
    assert bool(mocked) is counts


def test_a_module_named_beside_sys_modules_in_a_string_of_code_over_lines_is_no_mock() -> None:
    """A statement over lines that is a string of code naming both stays read line by line."""
    text = ('def test_x():\n    code = ("import sys\\n"\n'
            "            \"loaded = set(sys.modules)\\n\"\n"
            "            \"print('app.calc' in loaded)\")\n")
    assert check("tests/test_calc.py", text, SUTS) == []
    text = 'def test_x(monkeypatch):\n    monkeypatch.setitem(sys.modules, "app.calc", fake)\n'
    assert [f.pattern for f in check("tests/test_calc.py", text, SUTS)] == ["sys.modules"]


def test_code_in_a_string_over_lines_is_not_read_as_the_tests_own() -> None:
    """libcst's and IPython's tests hold source code in triple-quoted strings: a `def add(`
    or `add = ...` there defines nothing of the test's."""
    text = ('from app.calc import add\n\n\ndef test_x():\n    before = """\n'
            "    def add(a, b):\n        return 0\n    add = None\n    \"\"\"\n"
            "    assert transform(before)\n")
    assert check("tests/test_calc.py", text, SUTS) == []


def test_a_decorator_over_lines_is_its_tests_alone() -> None:
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    text = ('from unittest import mock\nfrom app import calc\n\n\ndef test_real():\n'
            '    assert calc.add(1, 2) == 3\n\n\n@mock.patch.object(\n    calc, "add"\n)\n'
            'def test_patched(fake):\n    assert calc.add(1, 2)\n')
    cases = split_tests("tests/test_calc.py", text)
    found = mocked_tests(cases, {"tests/test_calc.py": text}, SUTS)
    assert {test: m.line for test, m in found.items()} == {
        "tests/test_calc.py::test_patched": 9}


def test_a_mock_in_one_table_test_is_not_the_next_table_tests() -> None:
    """isodate trial 34: test_add's record holds its module-level table before its own lines;
    the table stands above test_parse, whose mock of Duration.__eq__ was read as test_add's
    too."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    py = ('import pytest\nfrom app.calc import Calc\n\n'
          'ROWS = (\n    (1, 2),\n    (3, 4),\n)\n'
          'SUMS = (\n    (1, 2, 3),\n    # more\n    (2, 2, 4),\n)\n\n\n'
          '@pytest.mark.parametrize("a, b", ROWS)\n'
          'def test_parse(a, b, monkeypatch):\n'
          '    monkeypatch.setattr(Calc, "total", lambda self: b)\n    assert Calc().total() == b\n\n\n'
          '# the sums\n@pytest.mark.parametrize(\n    "a, b, c",\n    SUMS,\n)\n'
          'def test_add(a, b, c):\n    assert a + b == c\n')
    cases = split_tests("tests/test_calc.py", py)
    found = mocked_tests(cases, {"tests/test_calc.py": py}, SUTS)
    assert sorted(found) == ["tests/test_calc.py::test_parse"]


FAULTS = '''from unittest import mock

from app import calc
from app.calc import Calc, add


class RollbackTests:

    def test_a_failing_step_leaves_the_total_alone(self):
        def broken(self):
            raise RuntimeError("boom")

        with mock.patch.object(Calc, "total", broken):
            assert add(1, 2) == 3

    def test_a_raising_effect_is_handled(self):
        with mock.patch.object(calc, "add", side_effect=RuntimeError("boom")):
            assert Calc().total() == 1

    def test_the_fault_itself_is_checked(self):
        with mock.patch.object(Calc, "total", side_effect=KeyError):
            Calc().total()

    def test_a_fake_result(self):
        with mock.patch.object(calc, "add", return_value=4):
            assert Calc().total() == 1
'''


def test_a_stand_in_that_only_raises_is_a_fault_put_in_the_codes_way() -> None:
    """jsonpatch's `test_rolls_back_unexpected_errors` puts `def broken(...): raise
    RuntimeError('boom')` in `RemoveOperation._apply`'s place and checks that `apply` rolls
    the document back: the code under test is `apply`, which runs for real, and the review
    had said the test "checks the fake". A test calling the raising stand-in itself checks
    the fake; one handed a fake result still mocks the code."""
    from gaia_lib.evidence.sut_mocking import mocked_tests
    from gaia_lib.evidence.testcases import split_tests

    cases = split_tests("tests/test_calc.py", FAULTS)
    mocked = mocked_tests(cases, {"tests/test_calc.py": FAULTS}, SUTS)
    assert sorted(test.rsplit("::", 1)[-1] for test in mocked) == [
        "test_a_fake_result", "test_the_fault_itself_is_checked"]
