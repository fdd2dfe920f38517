"""What the execution phase checks in the tests the developer wrote (seed 001, Phase 2 gates).

Rules, per planned test file (project-relative):
- missing: the planned file does not exist after the developer ran -> the plan was not executed;
- placeholder: the shared detector (`evidence/placeholders.py`, the same one
  `placeholder-test-detector` and the QA review use): every line hit of upstream's line
  patterns, plus every discovered test that is a placeholder as a whole (empty body, only
  trivial statements, skipped in its source). One placeholder anywhere -> `placeholders`;
- SUT mocking: `evidence/sut_mocking.py` against the system under test, which is every
  analysed source of the plan that is not itself a test file of the stack (the File List
  sources the plan targets) plus any `target_module` file the plan names -> `mocks_sut`.
- Calls nothing under test (Python, Go, JS/TS, shell for bats): a planned file whose code
  names nothing the system under test is called by (`evidence/sut_names.py`: what its
  sources declare, its Python module and package or Go package by name, the command a shell
  script is, a name it is imported under, a helper of the file that reaches it) tests some
  other code: it proves none of the story's ACs. One placeholder finding per such file
  (`calls_nothing_under_test`), so `placeholders` -> REQUEST_CHANGES. Not judged for other
  languages, or when the SUT's sources declare nothing readable.
- Asserts nothing (Python, JS/TS): a planned test whose body holds no assertion (`assert`,
  `pytest.raises`, `self.assert...`, `expect(...)`, `assert.*`, `.should`) only calls the
  code: a finding per test (`asserts_nothing`), -> REQUEST_CHANGES; one the shared detector
  finds first, with its reason ("it checks nothing: ...", "it checks nothing but that its code
  does not throw: ..."). (In a review, the shared detector leaves alone a test that says not
  raising is what it checks, and a JS/TS type test: a project's own smoke and type tests are
  tests.)
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.core import reads
from gaia_lib.core.config import ProjectConfig
from gaia_lib.evidence import placeholders, run_environ, sut_mocking, testcases
from gaia_lib.evidence import sut_names as sut_names_of
from gaia_lib.stacks import adapters
from gaia_lib.test_automate.plan import Plan

MAX_BYTES = 1 << 20


@dataclass(frozen=True)
class Inspection:
    missing: tuple[str, ...]
    placeholders: tuple[dict[str, Any], ...]  # {file, line, pattern}
    sut_mocks: tuple[dict[str, Any], ...]  # sut_mocking.Finding.as_json()

    def as_json(self) -> dict[str, Any]:
        return {"missing": list(self.missing), "placeholders": list(self.placeholders),
                "sut_mocks": list(self.sut_mocks)}


def sut_paths(project: Path, plan: Plan, stack: str | None) -> list[str]:
    adapter = None
    if stack:
        try:
            adapter = adapters.get(stack)
        except adapters.UnknownStack:
            adapter = None
    planned = {t.test_file for t in plan.proposed_tests}
    found = {s.path for s in plan.analyzed_sources if s.path not in planned}
    found |= {t.target_module for t in plan.proposed_tests
              if t.target_module and (project / t.target_module).is_file()}
    return sorted(p for p in found
                  if not (adapter is not None and adapter.is_test_file(p))
                  and not testcases.holds_tests(project, p))


def read_text(path: Path) -> str:
    """A project file's text, at most MAX_BYTES of it; "" when it cannot be read."""
    return reads.head_text(path, MAX_BYTES) or ""


def placeholder_hits(rel: str, text: str, environ: Mapping[str, str] = os.environ,
                     modules: Mapping[str, str] | None = None,
                     short: bool | None = None) -> list[dict[str, Any]]:
    """The file's placeholder lines and tests; `environ`: the variables its run sets
    (`run_environ`); `modules`: the project modules it takes its `expect` or check helpers
    from (`placeholders.check_modules`), by path; `short`: whether its Go run passes `-short`
    (`run_environ.go_short`)."""
    hits = {(h.line, h.pattern) for h in placeholders.scan_lines(text)}
    for case in placeholders.placeholders(testcases.split_tests(rel, text),
                                          {**(modules or {}), rel: text}, environ, short):
        if not any(line == case.line for line, _ in hits):
            hits.add((case.line, case.reason))
    return [{"file": rel, "line": line, "pattern": pattern} for line, pattern in sorted(hits)]


def sut_names(project: Path, sut: Sequence[str]) -> sut_names_of.Names:
    """The names the system under test is called by (`evidence.sut_names.declared`)."""
    return sut_names_of.declared(project, {rel: read_text(project / rel) for rel in sut})


def calls_nothing_under_test(rel: str, text: str,
                             names: sut_names_of.Names) -> list[dict[str, Any]]:
    """The module rule, for one planned file: [] when it names the code under test (or is
    not judged), else one finding at its first line."""
    if sut_names_of.names_any(rel, text, names) is False:
        return [{"file": rel, "line": 1, "pattern": "calls_nothing_under_test"}]
    return []


# An assertion in a planned test's body: what makes it check the code's result (the
# developer is asked to assert on it). Go's own rule is the shared detector's (a test that can
# never report a failure).
_CHECKS = {
    ".py": re.compile(r"\bassert\b|\bassert\w*\s*\(|\braises\s*\(|\bfail\s*\("),
    ".js": re.compile(r"\bexpect\w*\s*[(.]|\bassert\w*\b|\.should\b|\bfail\s*\("),
}


def asserts_nothing(rel: str, text: str) -> list[dict[str, Any]]:
    """The planned tests (Python, JS/TS) whose body holds no assertion at all: calling the
    code and discarding what it returns checks nothing of an AC. One finding per test, at its
    line."""
    check = _CHECKS.get(sut_names_of.family(rel))
    if check is None:
        return []
    return [{"file": rel, "line": case.line, "pattern": "asserts_nothing"}
            for case in testcases.split_tests(rel, text) if not check.search(case.body)]


def inspect(project: Path, plan: Plan, stack: str | None,
            config: ProjectConfig | None = None) -> Inspection:
    """Check every planned test file (see the module rules) as its run with `config`'s tiers
    would have it (`run_environ`). Reads files; writes nothing."""
    sut = sut_paths(project, plan, stack)
    sources = [(p, read_text(project / p)) for p in sut]
    suts = sut_mocking.suts_of(sources, sut_mocking.project_modules(project, sources))
    names = sut_names(project, sut)
    package = sut_mocking.own_package(project)
    missing: list[str] = []
    holders: list[dict[str, Any]] = []
    mocks: list[dict[str, Any]] = []
    planned = sorted({t.test_file for t in plan.proposed_tests})
    texts = {rel: read_text(project / rel) for rel in planned}
    environ = run_environ.run_environ(config or ProjectConfig(None), project, planned, texts)
    short = run_environ.go_short(config or ProjectConfig(None))
    for rel in planned:
        path = project / rel
        if not path.is_file():
            missing.append(rel)
            continue
        text = texts[rel]
        # a file already a placeholder needs no second reason
        modules = placeholders.check_modules({rel: text}, lambda other: read_text(
            project / other) if (project / other).is_file() else None)
        holders += (placeholder_hits(rel, text, environ, modules, short)
                    or calls_nothing_under_test(rel, text, names) or asserts_nothing(rel, text))
        mocks += [f.as_json() for f in sut_mocking.check(rel, text, suts, package)]
    return Inspection(tuple(missing), tuple(holders), tuple(mocks))


def planned_files(plan: Plan) -> Sequence[str]:
    return sorted({t.test_file for t in plan.proposed_tests})
