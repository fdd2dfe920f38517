from __future__ import annotations

import json
from pathlib import Path

import pytest

from gaia_lib.evidence import runner_patterns as rp

VITEST = """import { defineConfig } from 'vitest/config';

export default defineConfig({
  optimizeDeps: { include: ['lodash-es'] },
  test: {
    include: ['test/**/*.{js,ts}', "spec/**/*.spec.ts"],
    exclude: [
      'test/helpers.ts',
      'test/**/.eslintrc.js',
    ],
    coverage: { include: ['src/**/*.ts'], exclude: ['test/**'] },
    typecheck: { include: ['test/**/*.test-d.ts'] },
  },
});
"""


def test_a_vitest_config_names_its_tests_and_leaves_out_what_it_excludes() -> None:
    named = rp.from_texts({"vitest.config.ts": VITEST})
    assert named.matches("test/string.ts") and named.matches("test/util/parse.js")
    assert named.matches("spec/a/b.spec.ts")
    assert not named.matches("test/helpers.ts")  # excluded
    assert not named.matches("test/x/.eslintrc.js")
    # the coverage block's include is coverage's, not the tests'; optimizeDeps' a package's;
    # and coverage's exclude of test/** excludes no test
    assert not named.matches("src/string.ts") and not named.matches("lodash-es")
    # typecheck's include names type tests, which `test/**/*.{js,ts}` names anyway
    assert named.matches("test/types.test-d.ts")


def test_an_include_of_sources_names_no_test() -> None:
    """An `include` whose globs name no test place is some other tool's."""
    named = rp.from_texts({"vite.config.js": "export default { include: ['src/**/*.js'] }"})
    assert not named.matches("src/a.js")


def test_jest_test_match_from_its_config_or_package_json() -> None:
    config = "module.exports = { testMatch: ['<rootDir>/test/**/*.[jt]s?(x)'] };"
    named = rp.from_texts({"jest.config.js": config})
    assert named.matches("test/a.js") and named.matches("test/b/c.tsx")
    assert not named.matches("test/a.cs") and not named.matches("src/a.js")
    package = json.dumps({"name": "p", "jest": {"testMatch": ["**/tests/**/*.js"]}})
    assert rp.from_texts({"package.json": package}).matches("lib/tests/x.js")
    # a package.json without jest's, or not JSON at all, names nothing
    assert not rp.from_texts({"package.json": json.dumps({"testMatch": ["**/*.js"]})}).matches(
        "a.js")
    assert not rp.from_texts({"package.json": "{"}).matches("test/a.js")


@pytest.mark.parametrize(("glob", "yes", "no"), [
    ("**/__tests__/**/*.[jt]s?(x)", ["__tests__/a.ts", "x/__tests__/y/b.jsx"], ["__tests__/a.cs"]),
    ("test/*.@(spec|test).js", ["test/a.spec.js", "test/a.test.js"], ["test/a.js", "test/b/a.spec.js"]),
    ("test/[!_]*.js", ["test/a.js"], ["test/_a.js"]),
])
def test_runner_globs(glob: str, yes: list[str], no: list[str]) -> None:
    pattern = rp.glob_regex(glob)
    assert pattern is not None
    assert all(pattern.fullmatch(p) for p in yes) and not any(pattern.fullmatch(p) for p in no)


def test_a_negated_extglob_is_not_read() -> None:
    assert rp.glob_regex("test/!(helpers).ts") is None
    named = rp.from_texts({"vitest.config.mjs": "export default { test: { include: "
                                                "['test/!(helpers).ts', './test/**/*.ts'] } }"})
    assert named.matches("test/helpers.ts")  # by the second glob, ./ dropped


def test_read_takes_the_configs_in_the_project_directory(tmp_path: Path) -> None:
    (tmp_path / "vitest.config.ts").write_text(VITEST)
    assert rp.read(tmp_path).matches("test/string.ts")
    assert not rp.read(tmp_path / "missing").matches("test/string.ts")


def test_jest_test_regex_is_searched_in_the_path_as_jest_does() -> None:
    config = ('module.exports = {\n  "roots": ["<rootDir>"],\n'
              '  "testRegex": "(\\\\.|/)([jt]est)\\\\.[jt]s$",\n};\n')
    named = rp.from_texts({"jest.config.js": config})
    # `x.jest.ts`, which no stack convention names a test, and a test file anywhere
    assert named.matches("src/parse.jest.ts") and named.matches("lib/a/b.test.js")
    assert not named.matches("src/parse.ts") and not named.matches("src/jest.config.ts")
    listed = rp.from_texts({"jest.config.ts": "export default { testRegex: ['/checks/.*\\\\.spec"
                                              "\\\\.ts$', '\\\\.e2e-test\\\\.ts$'] };"})
    assert listed.matches("checks/a/b.spec.ts") and listed.matches("x/y.e2e-test.ts")
    assert not listed.matches("src/b.spec.ts")  # a regex reads `/checks/` as it is written


def test_jest_test_regex_in_package_json_one_or_many() -> None:
    nest = json.dumps({"jest": {"rootDir": "src", "testRegex": ".*\\.spec\\.ts$"}})
    assert rp.from_texts({"package.json": nest}).matches("src/app.controller.spec.ts")
    many = json.dumps({"jest": {"testRegex": ["/tests/.*\\.mjs$", 3]}})
    assert rp.from_texts({"package.json": many}).matches("tests/a.mjs")


def test_a_test_regex_finding_plain_sources_or_unreadable_is_dropped() -> None:
    sources = json.dumps({"jest": {"roots": ["<rootDir>/checks"], "testRegex": ".*\\.ts$"}})
    assert not rp.from_texts({"package.json": sources}).matches("src/a.ts")
    named_group = json.dumps({"jest": {"testRegex": "(?<kind>test|spec)\\.ts$"}})
    assert not rp.from_texts({"package.json": named_group}).matches("a.test.ts")


def test_a_quoted_key_is_read() -> None:
    config = 'module.exports = { "testMatch": ["**/checks/**/*.test.js"] };'
    assert rp.from_texts({"jest.config.cjs": config}).matches("a/checks/b.test.js")


def test_the_configs_package_json_scripts_give_the_runner_are_read(tmp_path: Path) -> None:
    """NestJS: `test:e2e` runs `jest --config ./test/jest-e2e.json`, whose testRegex names
    `test/app.e2e-spec.ts` (no `*.spec.ts`: the stack's own names miss it)."""
    (tmp_path / "test").mkdir()
    (tmp_path / "test/jest-e2e.json").write_text(json.dumps(
        {"rootDir": ".", "testRegex": ".e2e-spec.ts$", "testEnvironment": "node"}))
    (tmp_path / "vitest.unit.mts").write_text("export default { test: { include: "
                                              "['test/unit/**/*.ts'] } }")
    (tmp_path / "package.json").write_text(json.dumps({"scripts": {
        "test": "jest", "test:e2e": "jest --config ./test/jest-e2e.json",
        "test:unit": "vitest run -c vitest.unit.mts && tsc",
        "outside": "jest --config=../elsewhere/jest.json", "other": "node --config x.json"}}))
    assert rp.script_configs((tmp_path / "package.json").read_text()) == [
        "test/jest-e2e.json", "vitest.unit.mts"]
    named = rp.read(tmp_path)
    assert named.matches("test/app.e2e-spec.ts") and named.matches("test/unit/a.ts")
    assert not named.matches("src/app.service.ts")
    assert rp.script_configs("{") == [] and rp.script_configs('{"scripts": 3}') == []
