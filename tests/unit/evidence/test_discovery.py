from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gaia_lib.evidence import discovery
from gaia_lib.stacks import adapters as stacks

TREES: dict[str, tuple[list[str], list[str]]] = {
    # stack: (test files that must be found, files that must not)
    "ts-dev": (["src/a.test.ts", "src/b.spec.tsx", "web/__tests__/c.js", "lib/d.test.jsx"],
               ["src/a.ts", "node_modules/x/e.test.js", "src/types.d.ts"]),
    "java-dev": (["src/test/java/com/x/SignupTest.java", "mod/src/test/java/FooTest.java"],
                 ["src/main/java/com/x/Signup.java", "src/test/java/Helper.java"]),
    "python-dev": (["tests/test_signup.py", "pkg/signup_test.py", "tests/unit/test_x.py",
                    "app/tests.py", "test.py"],
                   ["pkg/signup.py", ".venv/lib/test_site.py", "tests/conftest.py"]),
    "go-dev": (["signup_test.go", "internal/x/y_test.go"], ["signup.go", "vendor/z/z_test.go"]),
    "flutter-dev": (["test/widget_test.dart", "test/unit/model_test.dart"],
                    ["lib/main.dart", "integration/app_test.dart"]),
    "mobile-dev": (["ios/AppTests/LoginTests.swift", "app/src/test/java/LoginTest.kt",
                    "app/src/androidTest/java/UiTest.kt"], ["ios/App/Login.swift"]),
    "angular-dev": (["src/app/app.component.spec.ts", "src/app/x.test.js"], ["src/app/app.ts"]),
    "bash-dev": (["test/cli.bats", "tests/other.bats"], ["bin/cli.sh"]),
    "embedded-dev": (["test/ring_test.c", "src/drv/uart_test.cpp"], ["src/drv/uart.c"]),
}


def _make(root: Path, files: list[str]) -> None:
    for rel in files:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x\n")


@pytest.mark.parametrize("stack_key", sorted(TREES))
def test_full_discovery_for_every_stack(tmp_path: Path, stack_key: str) -> None:
    wanted, unwanted = TREES[stack_key]
    _make(tmp_path, wanted + unwanted)
    result = discovery.discover(tmp_path, [stacks.get(stack_key)], None, full=True)
    assert result.files[stack_key] == tuple(sorted(wanted))
    assert result.scope == "full"


def test_every_canonical_stack_has_a_fixture_tree() -> None:
    assert set(TREES) == set(stacks.CANONICAL)


def test_bounded_scope_is_the_file_list_neighbourhood(tmp_path: Path) -> None:
    _make(tmp_path, ["src/signup/validate.py", "src/orders/orders.py", "tests/test_signup.py",
                     "tests/unit/test_validate.py", "src/orders/test_orders.py",
                     "other/tests/test_far.py"])
    result = discovery.discover(
        tmp_path, [stacks.get("python-dev")], ["src/signup/validate.py", "`tests/test_signup.py`"]
    )
    assert result.scope == "file-list"
    assert result.scope_dirs == ("src/signup", "tests")
    assert result.files["python-dev"] == ("tests/test_signup.py", "tests/unit/test_validate.py")


def test_a_test_file_outside_the_neighbourhood_naming_the_story_is_discovered(
        tmp_path: Path) -> None:
    """cheerio: a story of `src/api/` reads `src/api` and `src/__tests__`; a test of the story
    written in `src/utils.spec.ts` (its group titled `... (E3-S4)`) is the story's by its
    text, and went unseen; one naming another story, or none, stays out."""
    _make(tmp_path, ["src/api/extract.ts", "src/api/extract.spec.ts",
                     "src/__tests__/xml.spec.ts", "src/other.spec.ts", "src/far.spec.ts"])
    (tmp_path / "src/utils.spec.ts").write_text(
        "describe('extract from a fragment (E3-S4)', () => {});\n")
    (tmp_path / "src/other.spec.ts").write_text("describe('E3-S40 other', () => {});\n")
    (tmp_path / "src/e3-s4-paths.spec.ts").write_text("x\n")
    ts = [stacks.get("ts-dev")]
    listed = ["src/api/extract.ts", "src/api/extract.spec.ts"]
    found = discovery.discover(tmp_path, ts, listed, key="E3-S4")
    assert found.files["ts-dev"] == ("src/__tests__/xml.spec.ts", "src/api/extract.spec.ts",
                                     "src/e3-s4-paths.spec.ts", "src/utils.spec.ts")
    assert found.scope_dirs == ("src/__tests__", "src/api")
    assert discovery.discover(tmp_path, ts, listed).files["ts-dev"] == (
        "src/__tests__/xml.spec.ts", "src/api/extract.spec.ts")


def test_a_claimed_module_in_a_test_directory_is_a_test_file(tmp_path: Path) -> None:
    # A mixin's shared tests live in tests/__init__.py; the story claims it. An unclaimed one,
    # a claimed source module, and a claimed file in another language are not test files.
    _make(tmp_path, ["tests/__init__.py", "tests/helpers.py", "tests/test_lru.py",
                     "src/cache/__init__.py", "tests/data.json", "other/tests/__init__.py"])
    listed = ["src/cache/__init__.py", "tests/__init__.py", "tests/data.json",
              "tests/test_lru.py"]
    for full in (False, True):
        result = discovery.discover(tmp_path, [stacks.get("python-dev")], listed, full=full)
        assert result.files["python-dev"] == ("tests/__init__.py", "tests/test_lru.py")


def test_the_test_files_a_js_runners_config_names_are_discovered(tmp_path: Path) -> None:
    """yup's layout: `test/string.ts`, named by vitest's `include`, not by `*.test.ts`; what
    the config excludes is none, and a Python project's `test/` is not read by it."""
    _make(tmp_path, ["package.json", "src/string.ts", "test/string.ts", "test/helpers.ts",
                     "test/types/types.ts", "test/util/date.ts", "test/data.py"])
    (tmp_path / "vitest.config.ts").write_text(
        "export default { test: { include: ['test/**/*.{js,ts,py}'], "
        "exclude: ['test/helpers.ts', 'test/types/types.ts'] } }\n")
    ts = [stacks.get("ts-dev")]
    for listed in (["src/string.ts"], None):
        found = discovery.discover(tmp_path, ts, listed)
        assert found.files["ts-dev"] == ("test/string.ts", "test/util/date.ts")
    python = discovery.discover(tmp_path, [stacks.get("python-dev")], None)
    assert python.files["python-dev"] == ()


def test_a_shared_checks_module_under_tests_dir_is_no_test_file_of_vitest(
        tmp_path: Path) -> None:
    """wonka's layout: `src/__tests__/compliance.ts` exports functions that declare `it(...)`
    checks for the test files importing them; vitest's default `include` never runs it, so
    it is no test file of the review (it was listed as 10 tests outside the File List).
    Under jest, whose default `testMatch` runs every file in `__tests__/`, it is one; a
    vitest config naming `__tests__` widens vitest's likewise."""
    (tmp_path / "src" / "__tests__").mkdir(parents=True)
    (tmp_path / "src" / "sinks.ts").write_text("export const toArray = () => [];\n")
    (tmp_path / "src" / "__tests__" / "sinks.test.ts").write_text(
        "import { it } from 'vitest';\nit('collects values', () => {});\n")
    (tmp_path / "src" / "__tests__" / "compliance.ts").write_text(
        "import { it } from 'vitest';\n"
        "export const passesColdPull = () => { it('pulls when asked', () => {}); };\n")
    ts = [stacks.get("ts-dev")]
    both = ("src/__tests__/compliance.ts", "src/__tests__/sinks.test.ts")
    for runner, wanted in (("vitest", both[1:]), ("jest", both)):
        (tmp_path / "package.json").write_text(json.dumps({"devDependencies": {runner: "^1"}}))
        for listed in (["src/sinks.ts"], None):
            assert discovery.discover(tmp_path, ts, listed).files["ts-dev"] == wanted
    (tmp_path / "package.json").write_text('{"devDependencies": {"vitest": "^1"}}\n')
    (tmp_path / "vitest.config.ts").write_text(
        "export default { test: { include: ['src/__tests__/**/*.ts'] } }\n")
    assert discovery.discover(tmp_path, ts, None).files["ts-dev"] == both


def test_the_python_files_pytests_config_collects_are_discovered(tmp_path: Path) -> None:
    """jsonpatch's layout: `patching.py`, `tests.py` and `property_tests.py` side by side,
    collected by its `pytest.ini`'s `python_files = tests.py property_tests.py`; the property
    tests, named by no test glob of the stack, are test files all the same. Without the
    setting they are not, and a glob with a slash is matched against the whole path."""
    _make(tmp_path, ["setup.py", "patching.py", "tests.py", "property_tests.py",
                     "checks/cli_checks.py", "checks/data.py"])
    for rel in ("property_tests.py", "checks/cli_checks.py"):
        (tmp_path / rel).write_text("def test_apply():\n    assert True\n")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\n# the modules are not named test_*.py\n"
        "python_files = tests.py property_tests.py checks/*_checks.py\n")
    python = [stacks.get("python-dev")]
    found = discovery.discover(tmp_path, python, ["patching.py"])
    assert found.files["python-dev"] == ("property_tests.py", "tests.py")
    found = discovery.discover(tmp_path, python, None)
    assert found.files["python-dev"] == ("checks/cli_checks.py", "property_tests.py", "tests.py")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -q\n")
    assert discovery.discover(tmp_path, python, None).files["python-dev"] == ("tests.py",)


def test_the_code_a_python_files_of_every_module_collects_is_no_test_file(
        tmp_path: Path) -> None:
    """A `setup.cfg` whose `python_files = *.py` has pytest collect every module (for its
    doctests, with `--doctest-modules`): the package's code, which declares no test, is the
    code under test, not a test file; the module beside it declaring `Test` classes is one."""
    pkg = tmp_path / "logic"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from logic.algebra import Algebra\n")
    (pkg / "algebra.py").write_text(
        "class Algebra:\n    def parse(self, text):\n        return text.split('&')\n")
    (pkg / "test_algebra.py").write_text(
        "import unittest\nfrom logic import Algebra\n\n\nclass AlgebraTestCase(unittest.TestCase):"
        "\n    def test_parse(self):\n        assert Algebra().parse('a&b') == ['a', 'b']\n")
    (tmp_path / "setup.cfg").write_text(
        "[tool:pytest]\npython_files = *.py\naddopts = --doctest-modules\n")
    python = [stacks.get("python-dev")]
    listed = ["logic/algebra.py", "logic/__init__.py", "logic/test_algebra.py"]
    assert discovery.discover(tmp_path, python, listed).files["python-dev"] == (
        "logic/test_algebra.py",)
    assert discovery.discover(tmp_path, python, None).files["python-dev"] == (
        "logic/test_algebra.py",)


def test_monorepo_counts_are_keyed_by_stack(tmp_path: Path) -> None:
    _make(tmp_path, ["api/tests/test_a.py", "web/src/a.test.ts", "web/src/b.test.ts"])
    result = discovery.discover(
        tmp_path, [stacks.get("python-dev"), stacks.get("ts-dev")], None, full=True
    )
    assert result.counts == {"python-dev": 1, "ts-dev": 2}
    assert result.all_files == ("api/tests/test_a.py", "web/src/a.test.ts", "web/src/b.test.ts")


def test_symlink_loops_and_links_out_of_the_project_are_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "p"
    _make(root, ["tests/test_a.py"])
    outside = tmp_path / "outside"
    _make(outside, ["test_secret.py"])
    os.symlink(root, root / "tests" / "loop")
    os.symlink(outside, root / "escape")
    result = discovery.discover(root, [stacks.get("python-dev")], None, full=True)
    assert result.files["python-dev"] == ("tests/test_a.py",)


def test_deadline_stops_the_walk(tmp_path: Path) -> None:
    _make(tmp_path, [f"d{i}/test_{i}.py" for i in range(50)])
    result = discovery.discover(
        tmp_path, [stacks.get("python-dev")], None, full=True, deadline_seconds=-1
    )
    assert result.timed_out and result.files["python-dev"] == ()


def test_a_claimed_test_file_in_a_skipped_tree_is_discovered(tmp_path: Path) -> None:
    # title-case ships its compiled spec in dist/, where its jest config's roots point; the
    # walk skips dist/, the story's File List does not. Unclaimed files there stay unread, and
    # a claimed link out of the project is never followed.
    root = tmp_path / "p"
    _make(root, ["js/dist/index.spec.js", "js/dist/other.spec.js", "js/src/index.ts"])
    _make(tmp_path / "outside", ["x.spec.js"])
    os.symlink(tmp_path / "outside" / "x.spec.js", root / "js" / "dist" / "escape.spec.js")
    listed = ["js/src/index.ts", "js/dist/index.spec.js", "js/dist/escape.spec.js"]
    for full in (False, True):
        result = discovery.discover(root, [stacks.get("ts-dev")], listed, full=full)
        assert result.files["ts-dev"] == ("js/dist/index.spec.js",)


def test_file_list_entries_cannot_point_outside(tmp_path: Path) -> None:
    _make(tmp_path, ["tests/test_a.py"])
    assert discovery.neighbourhood(tmp_path, ["../../etc/passwd", ""]) == ()


def test_review_stacks_adds_package_stacks_of_a_monorepo(tmp_path: Path) -> None:
    _make(tmp_path, ["pyproject.toml", "web/package.json", "services/api/go.mod",
                     "node_modules/x/package.json", "docs/readme.md"])
    keys = [a.key for a in discovery.review_stacks(tmp_path, "python-dev")]
    assert keys == ["python-dev", "ts-dev", "go-dev"]  # breadth first: web/ before services/api/
    assert [a.key for a in discovery.review_stacks(tmp_path / "docs", "bash-dev")] == ["bash-dev"]


def test_the_modules_a_listed_test_file_inherits_tests_from_beside_it_are_claimed(
        tmp_path: Path) -> None:
    """rfc3986's `tests/test_uri.py` runs `tests/base.py`'s parsing checks through
    `class TestURIReferenceParsesURIs(base.BaseTestParsesURIs)`; a module it inherits from in
    turn is claimed too, a test file it inherits from is not (its tests are its own), nor is a
    module no listed class inherits from."""
    files = {
        "test_uri.py": "from . import base\n\n\nclass TestParses(base.BaseParsing):\n    pass\n"
                       "\n\nclass TestCompares(test_other.TestOther):\n    pass\n",
        "base.py": "from .deeper import Root\n\n\nclass BaseParsing(Root):\n"
                   "    def test_port(self):\n        assert 1 + 1 == 2\n",
        "deeper.py": "class Root:\n    def test_root(self):\n        pass\n",
        "test_other.py": "class TestOther:\n    def test_x(self):\n        pass\n",
        "helpers.py": "class Unrelated:\n    pass\n",
    }
    (tmp_path / "tests").mkdir()
    for name, text in files.items():
        (tmp_path / "tests" / name).write_text(text)
    assert discovery.shared_test_modules(tmp_path, ["`tests/test_uri.py`"]) == (
        "tests/base.py", "tests/deeper.py")
    assert discovery.shared_test_modules(tmp_path, ["tests/test_other.py"]) == ()
