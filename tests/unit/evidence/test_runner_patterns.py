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
