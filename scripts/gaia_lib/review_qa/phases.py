"""`/gaia-review-qa`: the QA review of one story, evidence first (seed 000).

Three phases, each callable on its own so the skill can split them across its read-only fork
and the parent, and chained by `run` for terminal and CI use:
- `setup` (parent): key, story, review status, stack, tool probe. A missing test runner blocks.
- `analyze` (fork scope: writes only the evidence area): story gate warnings, test discovery,
  AC parsing and coverage, Then-literal and branch-coverage evidence, test execution, TC specs
  for uncovered ACs, Phase 4 evidence; `analysis-results.json` (+ `.md`) and
  `execution-evidence.json`, schema-validated, cached by inputs.
  The suite runs once: the configured tiers (a pytest tier measured per test by the review's
  plugin, a go, vitest or jest tier writing its own coverage report), or, with no tier, the
  story's tests measured the same way (Python) or the project's `coverage_command`; that
  one is not run after a tier timed out or ran no test (it stopped, its test files did not
  load, its collection found none): it runs the same tests, and coverage.py's data file it
  writes is kept in the evidence area (`checks.produce_coverage`). Only coverage this review
  wrote is read (the run's own reports, one a tier wrote in the project while it ran, the
  coverage_command's): a report an earlier run left in the project is no evidence of this
  one. A local run takes the story's test files: the File List's, and those whose path or
  text names the story key (`Reads.run_files`: only their tests can be the story's, so no
  matching comes first), less a helper module among them (`Reads.run_tests`: no test name, no
  test). That one
  run is preceded by git's view of the branch (the story gate: a run may add files) and
  accompanied by the reads it cannot change, made in a thread while it goes
  (the matching without run signals, the placeholder, mocking and static-call checks:
  `Reads.while_running`, `core.alongside`). A measured pytest run is handed to the Python
  its caller started before the review began (`evidence.head_start`), where there is one. It
  gives the pass/fail evidence, the tests the runner skipped and those it was given but
  never ran (`_never_ran`: they cover nothing; a story test no outcome of the run speaks of,
  whatever ran it, is never a pass: `_unreported`), line
  coverage and behavioural attribution; its per-test contexts then feed the final analysis's
  matcher (`ac_coverage`'s `executes` and `units`): a test the
  run shows never executing the story's File List sources counts for no AC (not by its
  words, nor by naming the AC's id: `idle_tests`; the ACs its words match name it, and why), a
  distinctive but weak textual match of a test that does execute them counts, and an AC that
  names functions or classes of those sources is covered only by tests that ran one of them.
  Where no run measures per test (every stack but Python's, and a Python run without
  coverage.py), a test whose code names nothing of those sources (`Reads.static_calls`,
  `Reads.named_calls`, `evidence.sut_names`) counts for no AC alike.
  Cache: keyed by the story (its Review Gate table left out: recording a row is the review's
  own doing), the ACs, the discovered tests, the story gate's File List warnings (git's view
  of the branch), the priorities the story was planned with as git has them (an edit of the
  story file committed since a review is no longer its "uncommitted edits"), the tool
  versions, the run's skipped tests and per-test signals, and the plugin's own code
  (`core.engine`: an update that keeps the version number serves no analysis of the old
  code); a project coverage report is part of the key unless this review produced it.
- `finalize` (parent): verdict from the resolver only, payload validation, the report and its
  test-artifacts mirror, the Review Gate row, the QA round (recorded through QA gating's one
  recorder: test-status.md and the rounds ledger together), the composite check, the finalize
  checkpoint.

Rounds (QA gating, seed 004): the report of round R is named by qa_gating.names (plain for
round 1, `-roundR` after); its header says the round, the reviewer's model and effort
(`qa.model` / `qa.effort`, else MODEL), and its round section lists the findings that are new,
still open and fixed since the previous round (qa_gating.fingerprints). A story whose QA
failure budget is spent is refused at the start of a round. A review that could not run the
tests at all (runner missing, a declared package not installed: `execution.cannot_run`; no
tier placed in its context: `tested_nothing`) is BLOCKED and
no round: its report is `qa-tests-KEY-untested.md` in the evidence directory, and the gate
row, the QA status and the round numbers are left as the last tested review left them. So is a
review whose reviewer gave nothing usable (findings that are no JSON or no findings list, a
payload marked incomplete): BLOCKED, `qa-tests-KEY-incomplete.md`, and none of the failure
budget spent on the reviewer's output.
A reviewer's payload never speaks for gaia: the saved report carries gaia's own sections
(`report.with_gaia_sections`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
import posixpath
import re
import shlex
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gaia_lib import __version__
from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.core import engine, jsonio, locks, paths, schema, writes
from gaia_lib.core.alongside import Alongside
from gaia_lib.core.errors import GaiaError
from gaia_lib.evidence import (
    attribution,
    coverage_run,
    discovery,
    execution,
    gomod,
    outcomes,
    runner_options,
    tcgen,
    testcases,
)
from gaia_lib.evidence.key_refs import names_key
from gaia_lib.gate import reports, verdict
from gaia_lib.gate import table as gate
from gaia_lib.qa_gating import budget, names, record
from gaia_lib.review_qa import checks as qa_checks
from gaia_lib.review_qa.context import SKILL, STATE_SKILL, Setup, setup
from gaia_lib.stacks import adapters as stacks
from gaia_lib.story.acceptance import AcceptanceCriterion

if TYPE_CHECKING:
    # imported where used: a review imports them while its suite runs (`Reads.while_running`)
    from gaia_lib.evidence import ac_coverage, placeholders, sut_mocking, sut_names
    from gaia_lib.evidence.head_start import HeadStart

    # nor before the run: the rules, the round's findings, the report and the QA ledger
    # (imported while the suite runs: `_run_once`)
    from gaia_lib.qa_gating import fingerprints
    from gaia_lib.review_qa import lost_evidence, priority_floor
    from gaia_lib.story.parser import Story

GATE_NAME = "QA Tests"
MODEL = "claude-opus-4-7"
TEMPERATURE = 0
WORKFLOW = "qa-tests"
ANALYSIS_STEP = 3  # seed 000 Phase 3A: `checkpoint write --workflow qa-tests --step 3`
FINALIZE_STEP = 8
TIMESTAMP_FIELDS = ("generated_at",)  # the only fields two identical runs may differ in
EXIT_FOR_VERDICT = {verdict.APPROVE: 0, verdict.REQUEST_CHANGES: 1, verdict.BLOCKED: 3}
ROUND_LOCK_SECONDS = 3600.0  # a whole review, test runs included, may wait for another


# One round's outputs. The cache and the test-case list (whose ids stay stable across rounds)
# are kept; everything else must be this round's, or a stale file could pass for evidence.
ROUND_FILES = ("fork-findings.json", "fork-report.md", "analysis-results.json",
               "analysis-results.md", "execution-evidence.json", "llm-findings.json")
RUN_OUTPUTS = ("tier_*", "attribution*")  # what a round's test run writes
COMPARED_FILES = 50  # test files compared across versions (`Reads.compared_files`)
BRANCH_VERSIONS = 30  # versions of them read from the branch's commits (`Reads.branch_before`)


def start_round(s: Setup, *, durable: bool = True) -> None:
    """A new review starts clean: no earlier round's evidence or fork output can be mistaken
    for this round's. A story whose QA failure budget is spent (parked) is refused. Without
    `durable`, the step-1 checkpoint is the caller's to make durable (`sync_checkpoint`)."""
    budget.check_can_start(s.project, s.key, exit_code=1)  # `review-qa KEY` makes it 3
    state = s.state_dir()
    with writes.scope("parent", s.project):
        for name in ROUND_FILES:
            writes.remove(state / name)
        # The last run's logs, reports and coverage: a round that runs nothing (a runner
        # missing) must not leave them beside its own evidence.
        for pattern in RUN_OUTPUTS:
            for path in state.glob(pattern):
                # a runner's own report directory too (jest's `tier_1-coverage/lcov.info`)
                for stale in ([path] if path.is_file() else sorted(path.rglob("*"))):
                    if stale.is_file() and not stale.is_symlink():
                        writes.remove(stale)
        checkpoint_step(s, 1, durable=durable)


# --- Phase 3A helpers --------------------------------------------------------------------


def sha256_bytes(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def story_acs_hash(criteria: Sequence[AcceptanceCriterion]) -> str:
    canonical = json.dumps([[ac.ac_id, ac.text, ac.edge_case] for ac in criteria],
                           separators=(",", ":"), ensure_ascii=False)
    return sha256_bytes(canonical.encode("utf-8"))


# --- Phase 3A: the whole evidence layer ------------------------------------------------------


@dataclass(frozen=True)
class Analysis:
    results: dict[str, Any]
    test_cases: list[dict[str, Any]]
    cached: bool
    state_dir: Path

    @property
    def analysis_path(self) -> Path:
        return self.state_dir / "analysis-results.json"

    @property
    def evidence_path(self) -> Path:
        return self.state_dir / "execution-evidence.json"


@dataclass(frozen=True)
class RunInputs:
    """What the review's one test run contributes to the analysis."""

    runner_skipped: Mapping[str, str]  # test id -> why it did not run
    coverage: tuple[Path, str] | None  # the review's own coverage report and its format
    note: str | None  # why branch evidence may be stale (coverage_command failed)
    attribution: Mapping[str, Any] | None  # coverage.py JSON with per-test contexts
    attribution_why: str | None
    # per test id: did it execute the story's sources (absent: not measured); the matcher's
    # `executes` signal
    executes: Mapping[str, bool] | None = None
    units: ac_coverage.UnitRuns | None = None  # the matcher's `units` signal
    runner_missing: str | None = None  # a required tier could not run its tests at all
    # ... or ran some, all passed, beside a test file its missing package kept from loading
    runner_partly: bool = False
    unrunnable: tuple[str, ...] = ()  # the tiers that could not (`execution.cannot_run`)
    # story test files in which the review read no test, with how many the runner ran there
    unread: Mapping[str, int] | None = None
    # of those, the first line the runner says one was declared on (the loop making them)
    unread_at: Mapping[str, int] | None = None
    # of those, the ones whose unread tests another test file declares, and that file
    unread_elsewhere: Mapping[str, str] | None = None
    sources: Sequence[str] = ()  # the story's sources the run measured per test
    # a measured source whose module the run imported from another file, and that file
    # (`attribution.imported_elsewhere`: a copy in site-packages shadowing a src layout)
    imported_elsewhere: Mapping[str, str] = field(default_factory=dict)
    runner_failed: Mapping[str, str] = field(default_factory=dict)  # test id -> why
    # those of `runner_failed` whose failure the runner located: test id -> its file's line
    failed_at: Mapping[str, int] = field(default_factory=dict)
    # the story's test files a run that stopped before any test names a line of (its
    # compile error's): file -> that line (`checks.stop_positions`)
    stopped_at: Mapping[str, int] = field(default_factory=dict)
    # those of `runner_failed` a required tier's run reported: the story's fail the review
    required_failed: AbstractSet[str] = frozenset()
    # tiers are configured but none is placed in the review's context: nothing was tested
    no_tier: str | None = None
    # per tier whose run ran tests, how many of the story's tests it never reached (a Go
    # test's panic ended its package's binary): its run line says so beside its counts
    never_reached: Mapping[str, int] = field(default_factory=dict)
    # who measured the story's code where the tiers did not (a `python -m unittest` tier):
    # the review's own pytest run of the story's tests, whose tests may differ from the tier's
    measured_by: str | None = None
    # where no run measured what each test executed: the story's sources a test's code names
    # none of (`Reads.static_calls`), shown in why such a test counts for no AC
    named_sources: Sequence[str] = ()
    # per test that executes or names none of the story's code, the project's sources beside
    # the File List's that its code names (`Reads.declared_elsewhere`): the file to add
    elsewhere: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # the tests that ran none of the story's lines but read what its code made when imported
    # or a cache answered (`Reads.unmeasured_reads`): unknown, so judged by neither check
    unmeasured_reads: AbstractSet[str] = frozenset()
    # a parametrised test's instances, id and outcome, in the runner's order
    # (`outcomes.instances`; a JS/TS table test's rows by their titles): which of its
    # table's rows ran
    instances: Mapping[str, Sequence[tuple[str, str]]] = field(default_factory=dict)
    # a Go test's subtests the runner skipped while others of it ran
    # (`outcomes.skipped_subtests`), by the names its source writes: read without them
    skipped_subtests: Mapping[str, Sequence[str]] = field(default_factory=dict)
    # a Python test some of whose runs (parametrised rows, classes running a base class's
    # test) the runner skipped while another ran (`outcomes.partly_skipped`): test id ->
    # (its runs, each skipped run's name and why)
    partly_skipped: Mapping[str, tuple[int, Sequence[tuple[str, str]]]] = field(
        default_factory=dict)
    # what the runner said of each such skip, and the line it names (`outcomes.
    # skipped_subtest_reasons`): `file::TestX/name` -> (`x_test.go:21: later`, 21)
    subtest_skips_said: Mapping[str, tuple[str, int | None]] = field(default_factory=dict)
    # a JS/TS test that passed with its first stored snapshot left unchecked by the run
    # (`outcomes.unchecked_snapshots`): test id -> that snapshot's name
    unchecked_snapshots: Mapping[str, str] = field(default_factory=dict)


def story_fingerprint(text: str) -> str:
    """The story text with its Review Gate table's body left out (the review writes there)."""
    out: list[str] = []
    in_gate = False
    for line in text.splitlines():
        if line.startswith("## "):
            in_gate = line.strip() == "## Review Gate"
        if in_gate and line.lstrip().startswith("|"):
            continue
        out.append(line)
    return "\n".join(out)


def cache_key(s: Setup, full: bool, test_paths: Sequence[str],
              run: RunInputs | None = None, gate_warnings: Sequence[str] = (),
              plugins: Mapping[str, str] | None = None,
              compared: Sequence[str | None] = (),
              floors: Mapping[str, priority_floor.Lowered] | None = None) -> str:
    report = None if run is not None and run.coverage is not None else \
        coverage_run.find_report(s.project)
    material = {
        "coverage_report": sha256_bytes(report[0].read_bytes()) if report else None,
        "review_coverage": _measured(run.coverage) if run is not None and run.coverage
        is not None else False,
        "runner_skipped": sorted(run.runner_skipped) if run is not None else None,
        "runner_failed": sorted(run.runner_failed.items()) if run is not None else None,
        "required_failed": sorted(run.required_failed) if run is not None else None,
        "attribution": run.attribution_why if run is not None else None,
        "runner_missing": run.runner_missing if run is not None else None,
        "no_tier": run.no_tier if run is not None else None,
        "unread": sorted((run.unread or {}).items()) if run is not None else None,
        "instances": sorted(run.instances.items()) if run is not None else None,
        "skipped_subtests": (sorted((t, list(n)) for t, n in run.skipped_subtests.items())
                             if run is not None else None),
        "subtest_skips_said": sorted(run.subtest_skips_said.items()) if run is not None
        else None,
        "executes": sorted((run.executes or {}).items()) if run is not None else None,
        "units": (sorted((t, sorted(u)) for t, u in run.units.by_test.items())
                  if run is not None and run.units is not None else None),
        "skill_version": __version__,
        "engine": engine.fingerprint(),
        "story_key": s.key,
        "story_acs_hash": story_acs_hash(s.story.acceptance_criteria),
        "story_sha256": sha256_bytes(story_fingerprint(s.story.text).encode("utf-8")),
        "stack": s.stack,
        "tool_versions": s.probe.tool_versions,
        "full": full,
        "tests": sorted(test_paths),
        # The story gate's File List check reads git, not only the files hashed above: a file
        # changed on the branch that the File List misses changes the analysis too.
        "gate_warnings": list(gate_warnings),
        # The story's tests on the base branch and in the branch's commits, which this
        # review's are compared with (`Reads.base_before`, `branch_before`).
        "compared": list(compared),
        # The priorities the story was planned with, read from git (`Reads.priority_floors`):
        # an edit committed since is no longer "the story file's uncommitted edits".
        "floors": sorted((low.ac_id, low.kept, low.now, low.where)
                         for low in (floors or {}).values()),
        # Where the tests belong (the architecture check's documents).
        "test_dirs_documents": {path.name: sha256_bytes(path.read_bytes())
                                for path in qa_checks.test_dirs_documents(s.project)
                                if path.is_file()},
        # The conftests and plugin modules the run loads (the run-integrity check's).
        "plugins": {rel: sha256_bytes(text.encode("utf-8"))
                    for rel, text in sorted((plugins or {}).items())},
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()[:32]


def _measured(report: tuple[Path, str]) -> str:
    """A digest of what the review's own coverage report measured, without the time it was
    written: coverage.py's JSON by its files and whether it measured branches (its `meta`
    holds a timestamp, new each run: the same run must keep the cache), any other format by
    its bytes. A run measuring branches where the cached one measured lines alone
    (`GAIA_COVERAGE_MODE=tracer`) is not served the lines-only analysis."""
    path, fmt = report
    try:
        data = path.read_bytes()
    except OSError:
        return "unreadable"
    if fmt == "coveragepy-json":
        try:
            doc = json.loads(data)
        except ValueError:
            return sha256_bytes(data)
        if isinstance(doc, dict):
            meta = doc.get("meta")
            branches = meta.get("branch_coverage") if isinstance(meta, dict) else None
            data = json.dumps([branches, doc.get("files")],
                              sort_keys=True).encode("utf-8")
    return sha256_bytes(data)


def _file_hashes(project: Path, rels: Iterable[str], story_rel: str | None = None
                 ) -> dict[str, str]:
    hashes = {}
    for rel in sorted(set(rels)):
        path = project / rel
        if path.is_file():
            data = path.read_bytes()
            if rel == story_rel:
                data = story_fingerprint(data.decode("utf-8", "replace")).encode("utf-8")
            hashes[rel] = sha256_bytes(data)
    return hashes


def _unlisted(project: Path, before: lost_evidence.Previous, read: Mapping[str, str]
              ) -> frozenset[str]:
    """The test files of `before` that are in the project as they were there, and that this
    review did not read (`read`: the files it hashed): the File List no longer names them
    (`lost_evidence.judge`)."""
    then = {rel: digest for rel, digest in before.files.items() if digest and rel not in read}
    return frozenset(rel for rel, digest in _file_hashes(project, then).items()
                     if digest == then[rel])


def _cache_hit(s: Setup, key: str) -> dict[str, Any] | None:
    path = s.state_dir() / ".cache" / f"{key}.json"
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    hashes = cached.get("file_hashes", {}) if isinstance(cached, dict) else {}
    story_rel = paths.relative_to_project(s.story_path, s.project)
    if not isinstance(hashes, dict) or _file_hashes(s.project, hashes, story_rel) != hashes:
        return None  # a file changed since: the cached evidence is stale
    from gaia_lib.review_qa import lost_evidence
    before = lost_evidence.previous(s.state_dir(), round_inputs(cached))
    if cached.get("previous_round") != (before.marker() if before else None):
        return None  # compared with another round than the one this review follows
    return dict(cached)


class Reads:
    """What the analysis reads from the project (test discovery, the test files, the matcher's
    AC coverage, the story gate's git diff), each read once, when first needed. `analyze`
    weighs its test run's results against the same reads it chose the run's tests from."""

    def __init__(self, s: Setup, full: bool, base: str | None) -> None:
        self.s = s
        self.full = full
        self.base = base
        self._read: dict[str, testcases.TestFile] = {}  # each file read once
        # the modules the listed test files' classes inherit tests from are the story's too
        self.shared = discovery.shared_test_modules(s.project, s.story.file_list,
                                                    lambda rel: self.read(rel).text)
        listed = [*(s.story.file_list or ()), *self.shared] if self.shared \
            else s.story.file_list
        self.found = discovery.discover(s.project, discovery.review_stacks(s.project, s.stack),
                                        listed, full=full, key=s.key)

    @functools.cached_property
    def gate(self) -> tuple[list[str], list[dict[str, Any]], bool]:
        """The story gate's warnings and findings: git's view of the branch, taken before
        the run changes files."""
        return qa_checks.gate_evidence(self.s, self.base)

    @functools.cached_property
    def priority_floors(self) -> Mapping[str, priority_floor.Lowered]:
        """The ACs whose priority the story's branch lowered (`priority_floor`): committed
        history and the story file, which the run changes neither of, so read after it."""
        from gaia_lib.review_qa import priority_floor
        if self.story_committed is not None and self.base_fork is not None:
            # on the base itself, commits after the story's: each version committed since
            versions = priority_floor.versions_since(self.s.project, self.s.story_path)
            committed = priority_floor.lowered_since(self.story_then, versions) \
                if self.story_then is not None else {}
            since = priority_floor.since_first_commit(self.base_fork[0], self.story_committed)
            return {ac_id: replace(low, where=since if ac_id in committed
                                   else priority_floor.UNCOMMITTED)
                    for ac_id, low in priority_floor.lowered_since(self.s.story,
                                                                   versions).items()}
        lowered = priority_floor.lowered(self.s.story, self.story_then)
        if not lowered or self.base_fork is None:
            return lowered
        where = priority_floor.where_lowered(self.s.project, self.base_fork[1])
        return {ac_id: replace(low, where=where) for ac_id, low in lowered.items()}

    def read(self, rel: str) -> testcases.TestFile:
        """A project file as a test file, read once."""
        if rel not in self._read:
            self._read[rel] = testcases.read_test_file(self.s.project, rel)
        return self._read[rel]

    @functools.cached_property
    def test_files(self) -> list[testcases.TestFile]:
        _ = self.file_hashes  # hashed as read: a cached analysis names the bytes it saw
        return [self.read(rel) for rel in self.found.all_files]

    @functools.cached_property
    def file_hashes(self) -> dict[str, str]:
        """The story (less its Review Gate), its test files, the snapshot files beside them
        (`snapshots`) and its File List, hashed."""
        from gaia_lib.evidence import snapshots

        story_rel = paths.relative_to_project(self.s.story_path, self.s.project)
        snaps = [snapshots.snapshot_file(rel) for rel in self.found.all_files]
        return _file_hashes(self.s.project, [story_rel, *self.found.all_files, *snaps,
                                             *self.file_list], story_rel)

    @functools.cached_property
    def cases(self) -> list[testcases.TestCase]:
        """The test files' tests; a Python test reading a constant of the story's code
        (`code_under_test`) reads its literal (`testcases.imported_constants`)."""
        code = self.code_under_test
        return [case for tf in self.test_files if tf.readable
                for case in testcases.split_tests(tf.path, tf.text, code)]

    @functools.cached_property
    def js_constants(self) -> dict[str, str]:
        """test_id -> the body of a JS/TS test reading a constant of the story's code it
        imports, with that constant written as its literal (`js_imports.imported_constants`):
        what the then-literals check reads it as; the matching reads it as written."""
        from gaia_lib.evidence import js_imports
        from gaia_lib.evidence.sut_mocking import JS_SUFFIXES

        code = self.code_under_test
        names = {rel: js_imports.imported_constants(rel, text, code)
                 for rel, text in self.texts.items() if rel.endswith(JS_SUFFIXES)}
        return {case.test_id: said for case in self.cases if names.get(case.file)
                and (said := js_imports.written_in(case.body, names[case.file])) != case.body}

    @functools.cached_property
    def texts(self) -> dict[str, str]:
        """The readable test files' texts, by path."""
        return {tf.path: tf.text for tf in self.test_files if tf.readable}

    @functools.cached_property
    def snapshots(self) -> dict[str, str]:
        """Per JS/TS test, the values its stored snapshots hold (`snapshots.of_tests`), read
        from the `.snap` file beside each test file that takes snapshots: what it asserts."""
        from gaia_lib.evidence import snapshots

        texts = self.texts
        snap_texts = {snap: text for rel, test_text in texts.items()
                      if snapshots.takes_snapshots(test_text)
                      for snap in (snapshots.snapshot_file(rel),)
                      for text in (_read_source(self.s.project / snap),) if text is not None}
        return snapshots.of_tests(self.cases, texts, snap_texts)

    @functools.cached_property
    def inherited(self) -> dict[str, tuple[str, ...]]:
        """The ids a test defined in a base class runs under (`testcases.inherited`)."""
        return testcases.inherited(self.texts.items(), self.cases)

    @functools.cached_property
    def inherited_elsewhere(self) -> list[str]:
        """The ids the Python test files outside the story run the tests of a module beside
        them under, from the classes they inherit there (`discovery.shared_test_modules`,
        `testcases.inherited`: rfc3986's `tests/test_uri.py` runs 19 of `tests/base.py`'s),
        a module that is no file of the story's: tests found outside it, as the File List's
        are in it."""
        story = set(self.file_list)
        others = [rel for rel in self.found.all_files if rel.endswith(".py") and rel not in story]
        modules = [m for m in discovery.shared_test_modules(
            self.s.project, others, lambda rel: self.read(rel).text) if m not in story]
        if not modules:
            return []
        texts = {m: self.read(m).text for m in modules}
        cases = [case for m, text in texts.items() for case in testcases.split_tests(m, text)]
        runs = testcases.inherited([*self.texts.items(), *texts.items()], cases)
        return sorted({alias for aliases in runs.values() for alias in aliases
                       if alias.partition("::")[0] in set(others)})

    @functools.cached_property
    def file_list(self) -> list[str]:
        """The File List's paths, and the modules its test files inherit tests from."""
        return [c for c in map(paths.listed_path, self.s.story.file_list or ()) if c] \
            + list(self.shared)

    @functools.cached_property
    def reading(self) -> ac_coverage.Reading:
        """What the matcher reads of the ACs and the tests: once, for both matchings. The
        matcher's code is imported here, by the first reader: while the suite runs."""
        from gaia_lib.evidence import ac_coverage

        return ac_coverage.read(self.s.key, self.s.story.acceptance_criteria, self.cases,
                                file_list=self.file_list)

    @functools.cached_property
    def coverage(self) -> ac_coverage.CoverageResult:
        from gaia_lib.evidence import ac_coverage

        return ac_coverage.analyze(self.s.key, self.s.story.acceptance_criteria, self.cases,
                                   file_list=self.file_list, reading=self.reading)

    @functools.cached_property
    def story_tests(self) -> list[str]:
        """The story's test files: those of the tests matched to an AC, and the File List's
        own test files (`holding_tests`: not a helper module beside them)."""
        holding = {tf.path for tf in self.holding_tests}
        return sorted({t.partition("::")[0] for e in self.coverage.per_ac for t in e.tests}
                      | {f for f in self.found.all_files if f in self.file_list and f in holding})

    @functools.cached_property
    def run_files(self) -> list[str]:
        """The test files the review runs: the File List's own, and those whose path or text
        names the story key. Only their tests can be this story's (`ac_coverage`'s
        attribution), so `story_tests` is among them: the run needs no matching first, and
        the matching is made while the suite runs."""
        claimed = set(self.file_list) - set(self.shared)  # their tests run under the listed
        texts = self.texts
        return [rel for rel in self.found.all_files if rel in claimed
                or names_key(f"{rel}\n{texts.get(rel, '')}", self.s.key)]

    @functools.cached_property
    def run_tests(self) -> list[str]:
        """The `run_files` the runner is given: those named as test files (`test_*.py`,
        `*.test.ts`: a file whose tests are made at run time is one), and those that declare a
        test or could not be read to tell. A helper module the story claims beside its tests
        (`tests/helpers.py`, `__tests__/utils.ts`) is neither: given alone, it fails the run
        (pytest collects nothing, vitest finds no test file, jest runs a suite of no test)."""
        holding = {tf.path for tf in self.holding_tests}
        return [rel for rel in self.run_files if rel in holding]

    @functools.cached_property
    def holding_tests(self) -> list[testcases.TestFile]:
        """The test files that are test files to a reader of the suite's shape (its pyramid,
        where its tests live): those that declare a test, are named as test files, or could
        not be read to tell. A helper module beside them (`tests/helpers.py`,
        `__tests__/utils.ts`) is not."""
        declaring = {case.file for case in self.cases}
        return [tf for tf in self.test_files if tf.path in declaring or not tf.readable
                or stacks.names_test_file(posixpath.basename(tf.path))
                or testcases.holds_tests(self.s.project, tf.path)]

    @functools.cached_property
    def sources(self) -> tuple[str, ...]:
        """The story's Python sources: the File List's `.py` files on disk that are no test
        file (none the review runs, none the stack's naming calls one). What the run measures
        per test, and what a test must execute to count."""
        if self.s.stack != "python-dev":
            return ()
        adapter = stacks.get(self.s.stack)
        run = set(self.run_files)
        return tuple(f for f in self.file_list if f.endswith(".py")
                     and f not in run and not adapter.is_test_file(f)
                     and (self.s.project / f).is_file())

    def matched(self, run: RunInputs | None) -> ac_coverage.CoverageResult:
        """The matcher's AC coverage weighed with the run's `executes` and `units` signals
        (without them: the matching that named the run's tests), its Go tests read without
        the subtests the run skipped (`RunInputs.skipped_subtests`: they checked nothing)."""
        gone = self.checkless_subtests(run)
        if not gone and (run is None or not (run.executes or run.units)):
            return self.coverage
        from gaia_lib.evidence import ac_coverage

        executes, units = (run.executes, run.units) if run is not None else (None, None)
        if gone:
            cases = [testcases.without_subtests(case, gone[case.test_id])
                     if case.test_id in gone else case for case in self.cases]
            return ac_coverage.analyze(self.s.key, self.s.story.acceptance_criteria, cases,
                                       file_list=self.file_list, executes=executes,
                                       units=units)
        return ac_coverage.analyze(self.s.key, self.s.story.acceptance_criteria, self.cases,
                                   file_list=self.file_list, executes=executes,
                                   units=units, reading=self.reading)

    @functools.cached_property
    def placeholder_subtests(self) -> dict[str, tuple[placeholders.Placeholder, ...]]:
        """The `t.Run("...")` subtests of this story's Go tests whose own function can report
        no failure (`placeholders.go_placeholder_subtests`), by test."""
        from gaia_lib.evidence import placeholders

        return placeholders.go_placeholder_subtests(self.cases, self.texts)

    def checkless_subtests(self, run: RunInputs | None) -> dict[str, tuple[str, ...]]:
        """Per Go test, the names of its subtests that check nothing: placeholders
        (`placeholder_subtests`) and those the run skipped (`RunInputs.skipped_subtests`)."""
        out = {test: tuple(p.test_id.removeprefix(test + "/") for p in found)
               for test, found in self.placeholder_subtests.items()}
        for test, skipped in (run.skipped_subtests if run is not None else {}).items():
            out[test] = tuple(dict.fromkeys((*out.get(test, ()), *skipped)))
        return out

    @functools.cached_property
    def base_fork(self) -> tuple[str, str] | None:
        """(the ref git found for the base branch, "main"; the commit where the story's branch
        left it: `priority_floor.fork_of`), or None where git has none."""
        from gaia_lib.review_qa import priority_floor

        return priority_floor.fork_of(self.s.project,
                                      self.base or self.s.config.pr_base or "main")

    @functools.cached_property
    def story_then(self) -> Story | None:
        """The story file where its branch left the base (`priority_floor.story_at`)."""
        from gaia_lib.review_qa import priority_floor

        return priority_floor.story_at(self.s.project, self.s.story_path, self.base_fork[1]) \
            if self.base_fork else None

    @functools.cached_property
    def compared_files(self) -> list[str]:
        """The test files a review compares across versions (`base_before`, `branch_before`):
        those of the story's tests now and the test files its File List names, now or where
        the branch left the base (`story_then`), at most COMPARED_FILES."""
        then = self.story_then
        listed = {rel for rel in (*self.file_list, *(
            c for c in map(paths.listed_path, (then.file_list or ()) if then else ()) if c))
            if stacks.names_test_file(posixpath.basename(rel))}
        return sorted(set(self.story_tests) | listed)[:COMPARED_FILES]

    def _cases_at(self, commit: str, rel: str) -> tuple[list[testcases.TestCase], str]:
        """The tests of `rel` at `commit`, and that version's text."""
        from gaia_lib.core import git

        shown = git.run(self.s.project, "show", f"{commit}:{rel}")
        # a file cut at the output bound, as one over the reader's, is not read at all
        if not shown.ok or shown.truncated or "\0" in shown.stdout:
            return [], ""
        return testcases.split_tests(rel, shown.stdout, self.code_under_test), shown.stdout

    def _hollow(self, read: Sequence[tuple[list[testcases.TestCase], str]]) -> set[str]:
        """Of the tests of other versions (`read`: per file version, its tests and text), those
        that were placeholders there (read in that version's text beside today's other files):
        a placeholder counted for no AC then, so its going thins none (jsonparser's
        `TestArrayOutOfBounds`, which only checks that its code does not panic, deleted: "AC5:
        ... matched to it on master ..., is gone")."""
        from gaia_lib.evidence import placeholders

        return {p.test_id for cases, text in read if cases
                for p in placeholders.placeholders(cases, {
                    **self.texts, **self.helper_texts, cases[0].file: text})}

    def _previous(self, where: str, read: Sequence[tuple[list[testcases.TestCase], str]],
                  files: Mapping[str, str]) -> lost_evidence.Previous | None:
        """The story's tests in a version read from git (`read`: per file version, its tests
        and text; `files`: its test files' hashes, `lost_evidence.reviewed_in`)."""
        from gaia_lib.review_qa import lost_evidence

        cases = [case for found, _ in read for case in found]
        present = {case.test_id for case in self.cases} - {
            p.test_id for p in self.placeholders}
        if cases and all(case.test_id in present for case in cases):
            # nothing of that version is gone, nor a placeholder now (the gap of the AC it
            # checked names it: sanitize-url's test made `expect(true).toBe(true)`): no test
            # of it to weigh (the matching is the cost of the comparison, and most reviews
            # delete nothing)
            return lost_evidence.Previous(
                0, {}, frozenset(lost_evidence.id_digest(c.test_id) for c in cases), where)
        found = lost_evidence.from_tests(where, self.s.key, self.s.story.acceptance_criteria,
                                         cases, sorted({*self.file_list, *self.compared_files}),
                                         self._hollow(read))
        return replace(found, files=dict(files)) if found is not None else None

    @functools.cached_property
    def story_committed(self) -> str | None:
        """On the base branch itself (HEAD where the branch left it: no branch of its own),
        the commit that first added the story file, when commits came after it; else None.
        There the story's tests are compared with those of that commit and of the commits
        since (`base_before`, `branch_before`): a developer working on main who deletes a P0
        AC's tests and commits had been compared with main as it now is, and APPROVED
        (jmespath's `test_index` and `test_root_indices` deleted)."""
        from gaia_lib.core import git

        if self.base_fork is None:
            return None
        head = git.run(self.s.project, "rev-parse", "HEAD")
        if not head.ok or head.stdout.strip() != self.base_fork[1]:
            return None
        added = git.lines(git.run(self.s.project, "log", "--diff-filter=A", "--format=%H", "--",
                                  paths.relative_to_project(self.s.story_path, self.s.project)))
        return added[-1] if added and added[-1] != self.base_fork[1] else None

    @functools.cached_property
    def base_before(self) -> lost_evidence.Previous | None:
        """The story's tests where its branch left the base, or on the base itself where the
        story was first committed (`story_committed`) (`lost_evidence.from_tests`)."""
        if self.base_fork is None:
            return None
        base, fork = self.base_fork
        where = f"on {base}"
        if self.story_committed is not None:
            fork, where = self.story_committed, \
                f"on {base} at the story's first commit ({self.story_committed[:7]})"
        read = [self._cases_at(fork, rel) for rel in self.compared_files]
        previous = self._previous(where, read, {
            rel: sha256_bytes(text.encode("utf-8")) if text else ""
            for rel, (_, text) in zip(self.compared_files, read, strict=True)})
        return replace(previous, commit=fork) if previous is not None else None

    def there_then(self, before: lost_evidence.Previous, present: AbstractSet[str],
                   outside: Sequence[str]) -> lost_evidence.Previous:
        """`before` with the tests outside the File List named as one of its gone tests that
        their files held at its commit too (`lost_evidence.namesakes`): where they were, no
        test moved there (itertools-ts's `async-stream.test.ts` groups, named as
        `stream.test.ts`'s)."""
        from gaia_lib.review_qa import lost_evidence

        if not before.commit:
            return before
        held = {case.test_id for rel, tests in lost_evidence.namesakes(
                    before, present, outside).items()
                for case in self._cases_at(before.commit, rel)[0] if case.test_id in tests}
        return replace(before, tests=before.tests | {
            lost_evidence.id_digest(t) for t in held}) if held else before

    @functools.cached_property
    def branch_before(self) -> lost_evidence.Previous | None:
        """The story's tests as the branch's own commits had them (`lost_evidence.from_tests`):
        a test committed on the branch and deleted since, before any review, is seen too. Each
        test in its newest committed version, from the newest BRANCH_VERSIONS file versions."""
        from gaia_lib.core import git

        if self.base_fork is None or not self.compared_files:
            return None
        log = git.run(self.s.project, "log", "--format=%x00%H", "--name-only",
                      f"{self.story_committed or self.base_fork[1]}..HEAD", "--",
                      *self.compared_files)
        if not log.ok:
            return None
        versions = [(commit, rel) for block in log.stdout.split("\0")[1:]
                    for commit, *changed in [block.split()] for rel in changed]
        newest: dict[str, testcases.TestCase] = {}
        read = []
        files: dict[str, str] = {}  # each file's newest version
        for commit, rel in versions[:BRANCH_VERSIONS]:
            cases, text = self._cases_at(commit, rel)
            files.setdefault(rel, sha256_bytes(text.encode("utf-8")) if text else "")
            # each test in its newest version: the one its placeholder rules read
            read.append(([case for case in cases if case.test_id not in newest], text))
            for case in cases:
                newest.setdefault(case.test_id, case)
        return self._previous("in the commits since" if self.story_committed
                              else "earlier on this branch", read, files)

    def while_running(self) -> None:
        """The reads a test run cannot change, made while it runs (`_run_once`): the matching
        that needs no run signal, the placeholders, mocking and static calls. Besides the test
        files, which `run_files` has already read, they read the File List's sources
        (`code_under_test`), the project's test configuration and setup files (`placeholders`,
        through `run_environ`), its package.json (`mocking`: the package's own name) and the
        project modules its JS/TS tests import (`static_calls`, through
        `sut_names.with_facades`, and the barrels they re-export: `barrels`)."""
        _ = self.coverage, self.story_tests, self.placeholders, self.mocking, self.static_calls
        _ = self.base_before, self.branch_before
        self.prepare_checks()

    def prepare_checks(self) -> None:
        """What the checks after the run read of the files alone, read now and remembered by
        the texts read: the File List sources' error handlers (`coverage_report.
        error_handlers`, for the branch-coverage check) and, per matched test, whether its
        every check only asks for a result to exist (`then_literals.presence_only`)."""
        from gaia_lib.evidence import coverage_report, then_literals

        for rel, text in self.code_under_test.items():
            language = qa_checks.LANGUAGE_OF_SUFFIX.get(posixpath.splitext(rel)[1])
            if language is not None:
                coverage_report.error_handlers(text, language)
        bodies = {case.test_id: case.body for case in self.cases}
        for entry in self.coverage.per_ac:
            for test in entry.tests:
                # as `checks.presence_only_tests` asks it, for most Then clauses (its cache key)
                then_literals.presence_only(bodies.get(test, ""), True)

    @functools.cached_property
    def story_helpers(self) -> list[str]:
        """The project modules the story's own test files take their checks or test helpers
        from (`placeholders.check_modules`: chrono-node's `test/test_util.ts` for
        `testSingleCase`; the helpers a bats file loads): what its tests check is theirs too,
        so they are of the story's files a QA round reviews (`round_inputs`), as are the
        project's pytest plugin modules their run loads (`plugins`: the conftests above them)."""
        from gaia_lib.evidence import placeholders

        texts = self.texts
        mine = {rel: texts[rel] for rel in self.story_tests if rel in texts}
        found = set(placeholders.check_modules(
            mine, lambda rel: texts.get(rel) or _read_source(self.s.project / rel)))
        found.update(rel for file, text in mine.items() if file.endswith(".bats")
                     for rel in placeholders.bats_loaded(file, text) if not rel.startswith("../"))
        # the project's pytest plugins a run of them loads: their conftests' fixtures (rfc3986's
        # `invalid_uri`) are what those tests run on
        found.update(self.plugins or ())
        return sorted(found - set(mine))

    @functools.cached_property
    def helper_texts(self) -> dict[str, str]:
        """The project files the placeholder rules read beside the test files, by path: the
        helpers a bats file loads (`placeholders.bats_loaded`: a check through a helper
        redefined to do nothing checks nothing) and the project modules a JS/TS test imports
        its `expect` or check helpers from (`placeholders.check_modules`: an `expect` the
        project defines itself, or a helper whose body cannot fail, fails nothing). The
        analysis hashes them with the files it reads."""
        from gaia_lib.evidence import placeholders

        texts = self.texts
        loaded = {rel: text for file, file_text in texts.items() if file.endswith(".bats")
                  for rel in placeholders.bats_loaded(file, file_text)
                  if rel not in texts and not rel.startswith("../")
                  for text in (_read_source(self.s.project / rel),) if text is not None}
        loaded.update(placeholders.check_modules(
            texts, lambda rel: _read_source(self.s.project / rel)))
        return loaded

    @functools.cached_property
    def go_noop_helpers(self) -> dict[str, frozenset[str]]:
        """Per Go package of the test files, its helpers that take a *testing.T and cannot
        fail (`placeholders.go_noop_helpers`): a call of one checks nothing."""
        from gaia_lib.evidence import placeholders

        return placeholders.go_noop_helpers(self.texts)

    @functools.cached_property
    def python_checking_helpers(self) -> dict[str, frozenset[str]]:
        """Per Python test file, the helpers it defines or imports that check
        (`placeholders.python_checking_helpers`): a call of one checks what it is handed."""
        from gaia_lib.evidence import placeholders

        return placeholders.python_checking_helpers(self.texts)

    @functools.cached_property
    def python_expected_errors(self) -> dict[str, dict[str, frozenset[str]]]:
        """Per Python test file, its helpers that expect an error, with the errors
        (`placeholders.python_expected_errors`): a call of one asserts that error."""
        from gaia_lib.evidence import placeholders

        return placeholders.python_expected_errors(self.texts)

    @functools.cached_property
    def go_checking_helpers(self) -> dict[str, dict[str, str]]:
        """Per Go package of the test files, its helpers that take a *testing.T and can fail
        (`placeholders.go_checking_helpers`): a call of one checks what it is handed."""
        from gaia_lib.evidence import placeholders

        return placeholders.go_checking_helpers(self.texts)

    @property
    def _story_cases_and_placeholders(self) -> tuple[list[testcases.TestCase], set[str]]:
        """This story's tests (not another story's or no story's), and its placeholders' ids:
        what the readers of a test's checks beside its placeholder rules are given."""
        others = {u.test for u in self.coverage.unattributed_tests}
        return ([case for case in self.cases if case.test_id not in others],
                {p.test_id for p in self.placeholders})

    @functools.cached_property
    def unfinished(self) -> list[placeholders.Unfinished]:
        """This story's JS/TS tests, placeholders aside, that call `expect(...)` with no
        matcher beside their other checks (`placeholders.unfinished_expects`)."""
        from gaia_lib.evidence import placeholders

        return placeholders.unfinished_expects(*self._story_cases_and_placeholders)

    @functools.cached_property
    def skips_nothing(self) -> list[placeholders.Unfinished]:
        """This story's Python tests, placeholders aside, whose body calls a skip decorator's
        maker (`placeholders.skips_nothing`)."""
        from gaia_lib.evidence import placeholders

        return placeholders.skips_nothing(*self._story_cases_and_placeholders)

    @functools.cached_property
    def own_eq(self) -> bool:
        """Whether a Python source file of the File List (no test file) defines `__eq__`: a
        test asking a value to equal itself runs it (`placeholders.placeholders`)."""
        return any(_DEFINES_EQ.search(text) for rel in self.file_list
                   if rel.endswith(".py") and not stacks.names_test_file(rel)
                   for text in (_read_source(self.s.project / rel),) if text is not None)

    @functools.cached_property
    def placeholders(self) -> list[placeholders.Placeholder]:
        """This story's tests that are placeholders (`placeholders.placeholders`), from the
        test files' texts, the files their rules read beside them (`helper_texts`), the
        variables the run sets (`run_environ`, which reads the project's test configuration
        files and the conftest and setup files above the test files) and whether its Go tests
        run with `-short` (`run_environ.go_short`)."""
        from gaia_lib.evidence import placeholders, run_environ

        others = {u.test for u in self.coverage.unattributed_tests}
        texts = self.texts
        environ = run_environ.run_environ(self.s.config, self.s.project, texts, texts)
        short = run_environ.go_short(self.s.config)
        # a File List test file whose only function is an example that lost its output
        # comment holds no test to name it by (go-cache's `example_test.go`)
        story_files = {c.file for c in self.cases if c.test_id not in others} | {
            f for f in self.file_list if f.endswith("_test.go")}
        return [p for p in placeholders.placeholders(self.cases, {**texts, **self.helper_texts},
                                                     environ, short, own_eq=self.own_eq,
                                                     code=self.code_under_test)
                if p.test_id not in others] + placeholders.go_unrun_examples(
            {f: texts[f] for f in story_files if f in texts})

    @functools.cached_property
    def plugins(self) -> dict[str, str] | None:
        """The project's own pytest plugin modules a run of the story's test files loads
        (`outcome_hooks.loaded_plugins`: the conftests above them, the modules named by `-p`,
        `pytest_plugins` or a `pytest11` entry point), by path, with their texts; None for a
        story with no Python test file. Read before the run starts (`analyze`), as pytest
        finds them: a conftest that rewrites its own file while the run goes is read as it
        was loaded."""
        from gaia_lib.evidence import outcome_hooks

        tests = [rel for rel in self.run_files if rel.endswith(".py")]
        if not tests:
            return None
        commands = [tier.command or "" for tier in self.s.config.tiers]
        return outcome_hooks.loaded_plugins(self.s.project, tests, commands, os.environ)

    @functools.cached_property
    def code_under_test(self) -> dict[str, str]:
        """The File List's sources that are no test file, with their texts."""
        adapter = stacks.get(self.s.stack) if self.s.stack else None
        return {rel: text for rel in self.file_list
                if rel not in self.texts and not (adapter and adapter.is_test_file(rel))
                for text in (_read_source(self.s.project / rel),) if text is not None}

    @functools.cached_property
    def barrels(self) -> dict[str, Mapping[str, tuple[str, str]]]:
        """The project modules the JS/TS tests import that re-export the story's code, with
        what each hands out of it (`barrels.barrels`): the story's code under the barrel's
        names, for `named_calls` and `mocking`."""
        from gaia_lib.evidence import barrels

        return barrels.barrels(self.s.project, self.texts, self.code_under_test)

    @functools.cached_property
    def static_calls(self) -> dict[str, bool]:
        """`named_calls` where no run measures what each test executes: every stack but
        Python's (whose run does, with coverage.py; without it, `named_calls` is read)."""
        return {} if self.s.stack == "python-dev" else self.named_calls

    @functools.cached_property
    def sut_names(self) -> sut_names.Names:
        """The names the story's tests call its code by (`named_calls`)."""
        from gaia_lib.evidence import sut_names as names

        return names.with_facades(self.s.project, self.texts, names.declared(
            self.s.project, self.code_under_test), self.barrels, self.code_under_test)

    @functools.cached_property
    def named_calls(self) -> dict[str, bool]:
        """Per story test, whether its code names the story's code (`sut_names.names_any`).
        The story's code is what the File List's sources declare (`code_under_test`), what a
        project module a JS/TS test imports declares when it imports one of them (a facade:
        each such module is read, `sut_names.with_facades`), and the names a barrel hands it
        out under (`barrels`); a Go test's code takes in its package's test files (its
        helpers). A test not judged (its language's sources declare nothing readable) is
        left out."""
        if not self.code_under_test:
            return {}
        from gaia_lib.evidence import sut_names

        others = {u.test for u in self.coverage.unattributed_tests}
        texts = self.texts
        names = self.sut_names
        # a Go test's helpers are its package's: every test file of its directory
        packages: dict[str, list[str]] = {}
        for rel, text in texts.items():
            if rel.endswith("_test.go"):
                packages.setdefault(posixpath.dirname(rel), []).append(text)
        def said(case: testcases.TestCase, code: str) -> bool | None:
            return sut_names.names_any(
                case.file, code, names, "\n".join(packages[posixpath.dirname(case.file)])
                if case.file.endswith("_test.go") else texts.get(case.file))

        def either(case: testcases.TestCase) -> bool | None:
            own = said(case, case.body)
            return own if own is not False or not case.group_table \
                else said(case, case.group_table)

        # a test in a `describe.each` group runs the rows its group's table makes: a
        # provider function the table calls may be where the story's code is named
        return {case.test_id: named for case in self.cases if case.test_id not in others
                for named in (either(case),)
                if named is not None}

    def unmeasured_reads(self, tests: AbstractSet[str]) -> frozenset[str]:
        """The tests of `tests` whose code names a memoised function of the story's code
        (`sut_names.memoised`, `sut_names.names_memoised`: a cache may have answered their
        call), or only reads values its code made when imported (`sut_names.import_time`,
        `sut_names.reads_import_time`: natsort's tests of its `ns` flags), or start a new
        Python interpreter (`sut_names.starts_python`: jsonpatch's command-line tests), which
        runs the code where the run does not measure: lines run say nothing against these."""
        from gaia_lib.evidence import sut_names

        memo = sut_names.memoised(self.code_under_test)
        made = sut_names.import_time(self.code_under_test)
        texts = self.texts
        return frozenset(case.test_id for case in self.cases if case.test_id in tests
                         and case.file.endswith(".py")
                         and (sut_names.names_memoised(case.body, memo)
                              or sut_names.reads_import_time(case.body, made)
                              or sut_names.starts_python(case.file, case.body,
                                                         texts.get(case.file))))

    def declared_elsewhere(self, tests: AbstractSet[str]) -> dict[str, list[str]]:
        """Per test of `tests` (ones executing or naming none of the story's code), the
        project's sources beside the File List's that its code names (`sut_names.beside`,
        `sut_names.declaring_named`); read only for such tests."""
        from gaia_lib.evidence import sut_names

        adapter = stacks.get(self.s.stack) if self.s.stack else None
        others = sut_names.each_declared(self.s.project, sut_names.beside(
            self.s.project, self.code_under_test,
            adapter.is_test_file if adapter else stacks.names_test_file))
        if not others:
            return {}
        texts = self.texts
        return {case.test_id: files for case in self.cases if case.test_id in tests
                for files in (sut_names.declaring_named(case.file, case.body, others,
                                                        texts.get(case.file)),) if files}

    @functools.cached_property
    def mocking(self) -> dict[str, sut_mocking.Finding]:
        """This story's tests that mock its own code (`sut_mocking.mocked_tests`): the File
        List's sources that are no test file are the code under test, also as a barrel
        hands it out (`barrels`), with what they import of the project's own values
        (`sut_mocking.project_modules`: the modules they import from are read)."""
        from gaia_lib.evidence import sut_mocking

        others = {u.test for u in self.coverage.unattributed_tests}
        texts = self.texts
        sources = [(rel, text) for rel, text in self.code_under_test.items()
                   if rel.endswith(sut_mocking.SUT_SUFFIXES)
                   or sut_mocking.is_shell_script(rel, text)]
        if not sources:
            return {}
        mine = [case for case in self.cases if case.test_id not in others]
        suts = sut_mocking.suts_of(sources, sut_mocking.project_modules(self.s.project, sources))
        return sut_mocking.mocked_tests(mine, texts, suts,
                                        sut_mocking.own_package(self.s.project), self.barrels)


_DEFINES_EQ = re.compile(r"^\s+def __eq__\s*\(", re.MULTILINE)


def _read_source(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
    except OSError:
        return None


def deterministic_analysis(s: Setup, *, full: bool = False, base: str | None = None,
                           use_cache: bool = True, run: RunInputs | None = None,
                           reads: Reads | None = None) -> tuple[dict[str, Any], bool]:
    """Phase 2 warnings + Phase 3A + Phase 4 evidence, from the files as they are (`reads`,
    when this analysis already has them: its `full` and `base` then apply) and what the
    review's test run (`run`, when there was one) reported: (analysis-results with its
    `cache_key`, from_cache)."""
    if reads is None:
        reads = Reads(s, full, base)
    key = cache_key(s, reads.full, reads.found.all_files, run, reads.gate[0], reads.plugins,
                    [b.marker() if b else None for b in (reads.base_before, reads.branch_before)],
                    reads.priority_floors)
    if use_cache:
        hit = _cache_hit(s, key)
        if hit is not None:
            return {**hit, "cache_key": key}, True
    results = _evidence(s, reads, run)
    writes.write_json(s.state_dir() / ".cache" / f"{key}.json", results, durable=False)
    return {**results, "cache_key": key}, False


def _unread_why(below: int | None, declared_in: str | None = None) -> str:
    """Why the runner's tests of a file are ones the review cannot read: another test file
    declares them all, which this one loads (`outcomes.unread_declared_elsewhere`: tapable's
    `HookTester.js`, its `describe` run by each file requiring it); a test call of the file
    whose title opens on the line below it (`testcases.title_below_line`: tapable's
    `SyncHooks.js`, `it(\n\t"should have to correct behavior",`), where it has one; else
    tests made at run time."""
    if declared_in is not None:
        return f"declared in {declared_in}, which this file loads; read as that file's"
    if below is not None:
        return (f"test calls whose title opens on the line below the call, as at line "
                f"{below}, or tests made at run time")
    return "made at run time, e.g. in a loop over fixtures"


def _evidence(s: Setup, reads: Reads, run: RunInputs | None) -> dict[str, Any]:
    from gaia_lib.review_qa import lost_evidence, rules
    found = reads.found
    warnings, gate_findings, listed_compared = reads.gate
    integrity = qa_checks.integrity_check(s, gate_findings, reads.priority_floors)
    test_files = reads.test_files
    cases = reads.cases
    criteria = s.story.acceptance_criteria
    file_list_rels = reads.file_list
    coverage = reads.matched(run)
    # a def that a later def or import of its name replaces is never collected: what it
    # checks, or fails to, is no test's (funcy's `test_decorator_access_args`, replaced by one
    # imported from `tests/py38_decorators.py`, had been said a placeholder)
    never_collected = testcases.shadowed(cases, reads.texts)
    found_placeholders = [p for p in reads.placeholders if p.test_id not in never_collected]
    # a skip the run reports of a test that is no story's or another story's (a run of the
    # whole suite, for a story without a File List) says nothing of this story
    others = {u.test for u in coverage.unattributed_tests}
    runner_skipped = {test: why for test, why in run.runner_skipped.items()
                      if test not in others} if run is not None else {}
    bodies = {case.test_id: case.body for case in cases}
    # a failed table test whose rows the run reported one by one counts for an AC its passing
    # rows check: it is judged AC by AC
    failed = run.runner_failed if run is not None else {}
    failed_for, by_ac = qa_checks.failed_tests(s.key, criteria, coverage, cases, failed,
                                               run.instances if run is not None else {},
                                               file_list_rels)
    excluded = {**idle_tests(run), **{t: why for t, why in failed.items() if t not in by_ac},
                **runner_skipped, **never_collected,
                **{p.test_id: f"is a placeholder, {p.reason}" for p in found_placeholders},
                **{test: f"mocks the code under test ({m.pattern} of {m.target})"
                   for test, m in reads.mocking.items()}}
    excluded.update(qa_checks.caught_only_tests(coverage, bodies))
    if run is None and s.blocked_reason:
        # no run could start (its runner, or a package it needs, is missing): none of the
        # story's tests ran, and each is unverified until it does, as a run stopped before
        # its tests leaves them (a review blocked at its tool probe had counted them)
        never = f"never run: {qa_checks.RUN_UNSTARTED} ({s.blocked_reason})"
        excluded.update({case.test_id: never for case in cases
                         if case.test_id not in excluded and case.test_id not in others})
    unchecked = qa_checks.unchecked_snapshot_tests(
        run.unchecked_snapshots if run is not None else {}, bodies)
    excluded.update({t: f"ran without checking anything ({why})" for t, why in unchecked.items()})
    weak = qa_checks.presence_only_tests(criteria, coverage, bodies, reads.go_noop_helpers,
                                         reads.python_checking_helpers)
    from gaia_lib.evidence.sut_mocking import JS_SUFFIXES  # loaded by the reads already

    js = any(case.file.endswith(JS_SUFFIXES) for case in cases)
    for ac_id, tests in [*qa_checks.unchanged_input_tests(criteria, coverage, bodies).items(),
                         *qa_checks.self_compared_tests(criteria, coverage, bodies,
                                                        reads.sut_names).items(),
                         *qa_checks.plainer_input_tests(criteria, coverage, bodies).items(),
                         *qa_checks.unshown_raise_tests(criteria, coverage, bodies).items(),
                         *qa_checks.unchecked_column_tests(criteria, coverage, bodies).items(),
                         *(qa_checks.skipped_row_tests(criteria, coverage, bodies,
                                                       run.instances).items() if run else ()),
                         *qa_checks.checkless_subtest_tests(
                             s.key, criteria, coverage, cases, reads.checkless_subtests(run),
                             run.skipped_subtests if run else {}, file_list_rels).items(),
                         *(qa_checks.unchecked_tests(criteria, coverage, bodies,
                                                     reads.sut_names.of(".js")).items()
                           if js else ())]:
        weak[ac_id] = {**tests, **weak.get(ac_id, {})}
    for ac_id, tests in failed_for.items():  # a failure says more than any other reason
        weak[ac_id] = {**weak.get(ac_id, {}), **tests}
    own = {
        # what this round is (`round_inputs`): the previous round is the newest of others
        "file_hashes": {**_file_hashes(s.project, [*reads.helper_texts, *(reads.plugins or ())]),
                        **reads.file_hashes},
        "test_cases": [{"id": c.test_id, "file": c.file, "name": c.name, "line": c.line}
                       for c in cases],
        "unattributed_tests": [*(u.test for u in coverage.unattributed_tests),
                               *reads.inherited_elsewhere],
        "story_test_files": reads.story_tests,
        "story_helpers": reads.story_helpers,
        "file_list": file_list_rels,
    }
    before = lost_evidence.previous(s.state_dir(), round_inputs(own))
    # a version in git the previous round reviewed as it is: that round speaks for it
    compared = [b for b in (before, reads.base_before, reads.branch_before) if b is not None
                and (b is before or not lost_evidence.reviewed_in(b, before))]
    now = lost_evidence.counting(lost_evidence.matches_of(coverage), excluded, weak)
    present = {case.test_id for case in cases}
    from gaia_lib.evidence.placeholders import UNRUN_EXAMPLE  # loaded by the reads already

    unrun = {p.test_id for p in found_placeholders if p.reason == UNRUN_EXAMPLE}
    # a test that counted for an AC then and is a placeholder now: the gap names it so
    hollow = {p.test_id: f"line {p.line}: {p.reason}" for p in found_placeholders
              if p.test_id not in unrun}
    outside = [u.test for u in coverage.unattributed_tests]
    judged = [lost_evidence.judge(reads.there_then(b, present, outside), now, present, unrun,
                                  outside, reads.texts, hollow, runner_skipped,
                                  _unlisted(s.project, b, reads.file_hashes))
              for b in compared]
    lost = lost_evidence.merged(judged) if judged else None
    for ac_id, tests in (lost.excluded_for.items() if lost else ()):
        weak[ac_id] = {**tests, **weak.get(ac_id, {})}
    per_ac = qa_checks.effective_coverage(s, coverage, excluded, weak, reads.priority_floors)
    for entry in per_ac:  # an AC whose tests then are all gone: its gap names them
        if lost and not entry["matched"] and entry["ac_id"] in lost.emptied:
            entry["gone"] = lost.emptied[entry["ac_id"]]
            if entry["ac_id"] in lost.hollowed:  # said placeholders there, not again
                entry["gone_placeholders"] = list(lost.hollowed[entry["ac_id"]][0])
    refusal_only = _refusal_only(criteria, per_ac, cases)
    # a test a module imports is at the import's line, where no def of its own comes after
    lines = {**testcases.imported_tests(reads.texts),
             **{case.test_id: case.line for case in cases},
             **testcases.imported_over(cases, reads.texts)}
    # the subtests the runner skipped, each by its test (`RunInputs.skipped_subtests`), and
    # those that are placeholders (`Reads.placeholder_subtests`)
    subtest_of = {f"{test}/{name}": test
                  for test, skipped in (run.skipped_subtests if run else {}).items()
                  for name in skipped}
    empty_subtests = [p for found in reads.placeholder_subtests.values() for p in found
                      if p.test_id not in subtest_of]
    said = run.subtest_skips_said if run else {}  # why each skipped, at which line
    literal_rows, literal_check = qa_checks.literal_evidence(
        criteria, per_ac, bodies, lines, reads.texts,
        {**reads.js_constants,
         **{case.test_id: case.constants for case in cases if case.constants},
         **_with_set_up_values(cases, reads.texts)}, reads.snapshots,
        reads.go_checking_helpers, reads.python_checking_helpers, reads.python_expected_errors,
        others)
    unread_at = (run.unread_at or {}) if run is not None else {}  # the loop making them
    elsewhere = (run.unread_elsewhere or {}) if run is not None else {}
    discovery_findings = [
        qa_checks.finding(tf.path, 1, "warning", "unreadable-test-file",
                          "test file is binary, not UTF-8 or larger than 1 MiB: not analysed",
                          False)
        for tf in test_files if not tf.readable
    ] + [
        qa_checks.finding(file, unread_at.get(file, below or 1), "warning", "unread-tests",
                          f"the runner ran {count} test(s) in this file that the review cannot "
                          f"read ({_unread_why(below, elsewhere.get(file))}): no AC is "
                          "matched to them", False)
        for file, count in ((run.unread or {}) if run is not None else {}).items()
        for below in (testcases.title_below_line(file, reads.texts.get(file, "")),)
    ]
    if found.timed_out:
        discovery_check = qa_checks.check(
            "test-discovery", "errored",
            error_reason="test discovery exceeded its 30 s wall-clock cap")
    elif not found.all_files:
        discovery_check = qa_checks.check("test-discovery", "skipped", discovery_findings,
                                          skip_reason=discovery.NO_TESTS_REASON,
                                          scope=found.scope)
    else:
        discovery_check = qa_checks.ran("test-discovery", discovery_findings, scope=found.scope)
    story_tests = reads.story_tests
    phase4 = qa_checks.phase4_evidence(s, reads.holding_tests)
    branch = qa_checks.branch_evidence(s, criteria,
                                       run.note if run else "the review ran no test",
                                       run.coverage if run else None,
                                       measured_by=run.measured_by if run else None)
    missing = s.blocked_reason or (run is not None and run.runner_missing and (
        f"{RUN_PARTLY if run.runner_partly else qa_checks.RUN_UNSTARTED} — "
        f"{run.runner_missing}"))
    checks = [
        integrity,
        discovery_check,
        qa_checks.ac_parse_check(s),
        qa_checks.coverage_check(s, per_ac, qa_checks.unowned_tests(
            s.key, cases, file_list_rels, coverage.unattributed_tests,
            [rel for rel in file_list_rels if not (s.project / rel).exists()],
            sectionless=s.story.file_list is None, inherited=reads.inherited_elsewhere,
            folders=[f"{rel}/" for rel in file_list_rels if (s.project / rel).is_dir()]),
            refusal_only, unrunnable=bool(missing)),
        qa_checks.placeholder_check([*found_placeholders, *empty_subtests], {
            **runner_skipped, **{subtest: "reported skipped by the runner (a subtest)" + (
                f": {said[subtest][0]}" if subtest in said else "") for subtest in subtest_of}},
                                    {**lines, **{subtest: said.get(subtest, ("", None))[1]
                                                 or lines.get(test, 1)
                                                 for subtest, test in subtest_of.items()}},
                                    reads.mocking,
                                    failed=_story_failed(reads, run), unchecked=unchecked,
                                    unfinished=reads.unfinished,
                                    skipping_nothing=reads.skips_nothing,
                                    failed_at=run.failed_at if run else {},
                                    stopped_at=run.stopped_at if run else {},
                                    required=run.required_failed if run else frozenset(),
                                    rows_cover={test: [e.ac_id for e in coverage.per_ac
                                                       if test in e.tests and test not in
                                                       failed_for.get(e.ac_id, {})]
                                                for test in by_ac},
                                    matches=_matched_not_counted(per_ac),
                                    partly_skipped={
                                        t: runs for t, runs in (
                                            run.partly_skipped if run else {}).items()
                                        if t not in others},
                                    took_then=lost_evidence.took_then(
                                        compared, _story_failed(reads, run),
                                        [ac.ac_id for ac in criteria])),
        qa_checks.run_integrity_check(reads.plugins),
        literal_check,
        branch,
        *qa_checks.rubric_checks(s, per_ac, phase4, story_tests, lines),
        qa_checks.round_coverage_check(s, [b.label for b in compared],
                                       lost.thinned if lost else {}),
    ]
    attribution_rows: list[dict[str, Any]] = []
    if run is not None:
        attribution_rows, attribution_check = qa_checks.attribution_evidence(
            s, [{**e, "tests": [t for t in e["tests"] if t not in run.unmeasured_reads]}
                for e in per_ac], reads.sources, run.attribution, run.attribution_why, lines,
            reads.inherited)
        checks.append(attribution_check)
    if missing:  # its tiers' counts are no test run (a module pytest could not collect)
        checks.append(qa_checks.check("tool-probe", "errored", error_reason=missing,
                                      suites=list(run.unrunnable if run is not None else ())))
    if run is not None and run.no_tier:
        checks.append(qa_checks.check("test-execution", "errored", error_reason=run.no_tier))
    checks = qa_checks.tests_shown(checks, [case.test_id for case in cases])
    critical_allowed = {
        "coverage": [e["ac_id"] for e in per_ac
                     if (not e["matched"] or e["ac_id"] in refusal_only)
                     and rules.ac_gap(e["priority"], e["edge_case"])[1]],
        "error-path": list(branch.get("critical_acs", [])),
    }
    results: dict[str, Any] = {
        **s.analysis_header(SKILL, MODEL, TEMPERATURE),
        "story_acs_hash": story_acs_hash(criteria),
        # what this round is, the files it read (the helpers the placeholder rules read
        # too: a change of one is a change): `round_inputs`
        **own,
        "checks": checks,
        "tests_discovered": found.counts,
        "discovery_scope": {"mode": found.scope, "dirs": list(found.scope_dirs)},
        "ac_coverage": [{"ac_id": e["ac_id"], "matched": e["matched"],
                         "test_count": e["test_count"]} for e in per_ac],
        "coverage": {
            "percent": _percent(per_ac),
            "per_ac": [{k: v for k, v in e.items() if k != "structured"} for e in per_ac],
        },
        "critical_allowed": critical_allowed,
        "unattributed_story_keys": {u.test: list(u.story_keys)
                                    for u in coverage.unattributed_tests},
        "unattributed_limits": _build_limits(
            s.project, [u.test for u in coverage.unattributed_tests if not u.story_keys],
            _go_here(s.probe.tool_versions)),
        "gate_warnings": warnings,
        # False: git compared no File List this round, so a divergence is not judged fixed
        "file_list_compared": listed_compared,
        "then_literals": literal_rows,
        "never_reached": dict(run.never_reached) if run is not None else {},
        "phase4": phase4,
        # the saved round this one was compared with (`lost_evidence`): the cache checks it
        "previous_round": before.marker() if before else None,
        # what an AC the lost rule left with no test was judged against: its round keeps it
        "lost_coverage": lost_evidence.carried(
            compared, judged, [e["ac_id"] for e in per_ac if not e["matched"]]),
        "unmatched_checks": _unmatched_checks(
            per_ac, cases, [u.test for u in coverage.unattributed_tests], bodies),
    }
    if run is not None:
        results["behavioural_attribution"] = attribution_rows
    return results


def _matched_not_counted(per_ac: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """test id -> the ACs it matched but does not count for (their `excluded`)."""
    out: dict[str, list[str]] = {}
    for entry in per_ac:
        for test in entry.get("excluded") or {}:
            out.setdefault(test, []).append(entry["ac_id"])
    return out


def _unmatched_checks(per_ac: Sequence[Mapping[str, Any]],
                      cases: Sequence[testcases.TestCase], outside: Sequence[str],
                      bodies: Mapping[str, str]) -> dict[str, str]:
    """Per story test no AC names (`report.unmatched`: counted, left out, or nearest), what its
    checks only ask (`then_literals.presence_only`: `assert natsorted(x) == natsorted(x)`):
    the report's list of such tests says it, where no finding would (a test matching no AC
    is judged by no AC's rules)."""
    from gaia_lib.evidence import then_literals
    from gaia_lib.review_qa import report as qa_report

    alone = qa_report.unmatched(per_ac, [case.test_id for case in cases], outside)
    return {test: f"only checks that "
                  f"{then_literals.presence_said(str(check), bodies.get(test, ''))} "
                  f"({' '.join(str(check).split())})"
            for test in alone
            for check in (then_literals.presence_only(bodies.get(test, "")),) if check}


def _with_set_up_values(cases: Sequence[testcases.TestCase], texts: Mapping[str, str]
                        ) -> dict[str, str]:
    """Per Python test reading an attribute its unittest class's `setUp` gives one literal
    (`then_literals.set_up_values`): its code (with its constants in place, where it reads
    any) with those literals in place too, for what it asserts."""
    from gaia_lib.evidence import then_literals

    classes_of: dict[str, dict[str, dict[str, str]]] = {}
    out: dict[str, str] = {}
    for case in cases:
        klass = case.name.rpartition("::")[0].rsplit("::", 1)[-1]
        if not (klass and case.file.endswith(".py") and case.file in texts):
            continue
        if case.file not in classes_of:
            classes_of[case.file] = then_literals.set_up_values(texts[case.file])
        code = case.constants or case.body
        written = then_literals.with_set_up_values(code, classes_of[case.file].get(klass, {}))
        if written != code:
            out[case.test_id] = written
    return out


def _refusal_only(criteria: Sequence[AcceptanceCriterion],
                  per_ac: Sequence[Mapping[str, Any]],
                  cases: Sequence[testcases.TestCase]) -> set[str]:
    """The ACs whose Then promises a result and a refusal, each test counting for them
    expecting the error (`evidence.halves`)."""
    from gaia_lib.evidence import halves  # read after the run, as the matcher is

    by_id = {case.test_id: case for case in cases}
    expected = {name.lower() for case in cases for name in case.exceptions}
    rows = {e["ac_id"]: e for e in per_ac}
    return {ac.ac_id for ac in criteria if ac.ac_id in rows and halves.refusal_only(
        ac, [by_id[t] for t in rows[ac.ac_id]["tests"] if t in by_id], expected)}


def _story_failed(reads: Reads, run: RunInputs | None) -> dict[str, str]:
    """The story's tests (of the test files it ran as the story's, or whose tests match an
    AC) that failed or did not finish in the review's run, with why: each a finding."""
    files = {*reads.run_tests, *reads.story_tests}
    return {test: why for test, why in (run.runner_failed if run is not None else {}).items()
            if test.partition("::")[0] in files}


def idle_tests(run: RunInputs | None) -> dict[str, str]:
    """The tests the run measured executing none of the story's sources, and why they do not
    count: not by words (the matcher's `executes`), nor by naming an AC's id; where the run
    imported a source's module from another file, that file (iniconfig's tests had run the
    copy pytest installs in site-packages, said only to "never execute the story's code")."""
    if run is None or not run.executes:
        return {}
    named = sorted(run.named_sources)
    copies = "; ".join(f"the run imported {source}'s module from {where}, another copy"
                       for source, where in sorted(run.imported_elsewhere.items()))
    why = (f"never executes the story's code ({', '.join(sorted(run.sources))})"
           + (f": {copies}" if copies else "")
           if run.sources else "names nothing of the story's code (what "
           f"{', '.join(named)} declare{'s' if len(named) == 1 else ''}): it tests other code")
    return {test: why + _elsewhere(run.elsewhere.get(test, ()))
            for test, ran in run.executes.items() if ran is False}


def _built(elsewhere: Mapping[str, Sequence[str]], coverage: tuple[Path, str] | None,
           project: Path) -> dict[str, list[str]]:
    """`elsewhere` without the Go files the run's cover profile shows it did not build
    (`gomod.left_out`): bitset's popcount test had been told to add `popcnt_amd64.go` and
    `popcnt_generic.go`, built only before Go 1.9, beside the `popcnt_19.go` it runs."""
    from gaia_lib.evidence import coverage_report

    whole = {test: list(files) for test, files in elsewhere.items()}
    if not elsewhere or coverage is None or coverage[1] != "go-cover":
        return whole
    try:
        profile = coverage_report.parse_go_cover(coverage[0].read_bytes())
    except (OSError, GaiaError):  # no profile to read: every file is kept
        return whole
    files = sorted({rel for named in elsewhere.values() for rel in named})
    texts = {rel: _read_source(project / rel) or "" for rel in files}
    out = gomod.left_out(files, texts, {record.file for record in profile.files},
                         gomod.modules(project, files))
    return {test: kept for test, named in elsewhere.items()
            if (kept := [rel for rel in named if rel not in out])}


def _build_limits(project: Path, tests: Sequence[str],
                  go_here: tuple[str, str, str] | None = None) -> dict[str, str]:
    """Per Go test file of `tests` that go builds only somewhere, what limits it
    (`gomod.build_limit`): bitset's outside count had named `popcnt_amd64_test.go`'s five
    tests, built only before Go 1.9, as the tests left out of the story's. Not a file the go
    that ran (`go_here`) builds (`gomod.builds_here`): x-time's `rate_test.go`, `//go:build
    go1.7`, had read "built only where `go1.7` holds" beside go 1.19."""
    files = sorted({test.partition("::")[0] for test in tests
                    if test.partition("::")[0].endswith("_test.go")})
    texts = {rel: _read_source(project / rel) or "" for rel in files}
    return {rel: limit for rel in files
            if (limit := gomod.build_limit(rel, texts[rel])) and not (
                go_here is not None and gomod.builds_here(rel, texts[rel], *go_here) is True)}


def _elsewhere(files: Sequence[str]) -> str:
    if not files:
        return ""
    what = files[0] if len(files) == 1 else f"{', '.join(files[:-1])} and {files[-1]}"
    return (f"; it names what {what} declare{'s' if len(files) == 1 else ''}, which the "
            "File List does not name: if the story changed it, add it to the File List")


def _percent(per_ac: Sequence[Mapping[str, Any]]) -> float:
    if not per_ac:
        return 0.0
    return round(100.0 * sum(1 for e in per_ac if e["matched"]) / len(per_ac), 1)


# The modules the reads made while the suite runs and the analysis after it need
# (`_run_once`): the matcher and the file checks, the reader of the run's coverage report,
# the story's priority history, the round's findings, the report and the QA ledger.
_IMPORTED_WHILE_RUNNING = (
    "gaia_lib.evidence.ac_coverage", "gaia_lib.evidence.placeholders",
    "gaia_lib.evidence.sut_mocking", "gaia_lib.evidence.sut_names",
    "gaia_lib.evidence.then_literals", "gaia_lib.evidence.coverage_report",
    "gaia_lib.review_qa.priority_floor", "gaia_lib.qa_gating.fingerprints",
    "gaia_lib.qa_gating.verdicts", "gaia_lib.review_qa.report")


def _run_once(s: Setup, context: str | None, reads: Reads, head: HeadStart | None = None,
              alongside: Callable[[], object] | None = None
              ) -> tuple[dict[str, Any], RunInputs]:
    """The review's one test run and what it yields (module docstring); `head`: its pytest
    Python, already started (`evidence.head_start`); `alongside`: the caller's own work done
    while the suite runs."""
    state = s.state_dir()
    test_paths = list(reads.run_tests)
    sources = reads.sources
    python = bool(sources)
    session = attribution.CoverageSetup(state, sources, s.project) if python else None
    # The reads a run cannot change (`Reads.while_running`) are done while the suite runs,
    # from the moment its process has started: until then, what this thread does (the run's
    # command, its coverage set-up) is on the way to the run, and the reads sharing the
    # interpreter with it would only delay it.
    before = coverage_run.stamps(s.project)  # the project's reports as the run finds them
    # Only one thread imports while the run goes: the reads' thread, which first imports what
    # every thread will need; the others wait for that. CPython 3.11's import locks can
    # deadlock when threads import at once (a weakref callback of a module lock waits on the
    # import lock for good: seen as a review that never ended).
    imported = threading.Event()

    def read() -> None:
        try:
            for module in _IMPORTED_WHILE_RUNNING:
                importlib.import_module(module)
        finally:
            imported.set()
        reads.while_running()

    def history_read() -> None:
        imported.wait()
        _ = reads.priority_floors

    # git's history of the story file (`Reads.priority_floors`), in a thread of its own: it
    # waits on git, not on this interpreter. The reads' thread is joined first (the inner
    # block): the history waits for its imports.
    with Alongside(history_read, name="gaia-review-history", signalled=True) as history, \
            Alongside(read, name="gaia-review-reads", signalled=True) as reading:

        def started() -> None:
            reading.start()
            history.start()
            # What the analysis after the run needs that no run changes, made while it goes:
            # the plugin code's fingerprint (the cache key's), the reader of the run's
            # coverage report, the rules, the round's findings, the report and the QA ledger
            # (none of them is on the way to the run; imported by the reads' thread).
            imported.wait()
            engine.fingerprint()
            if alongside is not None:
                alongside()

        evidence = execution.execute(s.config, s.key, s.project, state,
                                     context=execution.active_context(context),
                                     story_tests=test_paths, coverage=session, measure=True,
                                     on_start=started, head=head, story_sources=sources)
    # a Go package by its directory: its import path names it only through its go.mod
    go_modules = gomod.modules(s.project, [case.file for case in reads.cases
                                           if case.file.endswith("_test.go")])
    if go_modules:
        evidence = evidence.with_tests(lambda tests: outcomes.in_directories(tests, go_modules))
    report = evidence.coverage_report
    why = None if report else "the test run was not measured by coverage.py"
    ran_pytest = any(suite.command and "pytest" in suite.command for suite in evidence.suites)
    # A tier that timed out is not run again, by coverage_command or a measured run.
    timed_out = next((suite.name for suite in evidence.suites if suite.timeout), None)
    measured_by = None
    if python and report is None and not ran_pytest and test_paths and not timed_out:
        interpreter = _coverage_python(s)
        if interpreter is None:
            why = "coverage.py is not installed"
        else:
            report, why = attribution.measure(s.project, state, interpreter, test_paths,
                                              sources)
            if report is not None:
                tiers = ", ".join(
                    suite.name + (f" ({suite.runner})" if suite.runner else "")
                    for suite in evidence.suites if suite.skip_reason is None)
                measured_by = ("measured by the review's own pytest run of the story's tests"
                               + (f", not by {tiers}" if tiers else ""))
    # the run's own reports (coverage.py's, go's, vitest's, jest's; several as one), with the
    # one measured after it; else one a tier asking for coverage itself wrote in the project
    # (`jest --coverage`), if this run wrote it
    coverage = evidence.run_coverage or coverage_run.find_report(s.project, before)
    if report is not None and report != evidence.coverage_report:
        measured = (report, "coveragepy-json")
        coverage = execution.merge_reports([measured, *([coverage] if coverage else [])],
                                           state) or measured
    note = None
    ran = [suite for suite in evidence.suites if suite.skip_reason is None]
    idle = [(suite.name, why) for suite in ran
            for why in (execution.ran_no_test(suite, s.project),) if why]
    if coverage is None and timed_out:
        note = (f"the coverage_command was not run: {timed_out} timed out, and it runs the "
                "same tests")
    elif coverage is None and ran and len(idle) == len(ran):
        # a config that does not build, a test file that does not load: the coverage_command
        # runs the same tests, fails as they did and leaves its coverage/ in the project
        name, why = idle[0]
        note = (f"the coverage_command was not run: {name} ran no test ({why}), and it runs "
                "the same tests")
    elif coverage is None and session is not None and session.measured \
            and not session.ran_a_test():
        # nor after a measured run that started no test (its collection failed, or found
        # none): the same tests would fail the same way
        note = ("the coverage_command was not run: the test run ran no test, and it runs the "
                "same tests")
    elif coverage is None:  # no measured run: the project's own coverage_command, if any
        coverage, note = qa_checks.produce_coverage(s)
    attribution_data, load_why = attribution.load_report(attribution.contexts_of(report))
    test_ids = [c.test_id for c in reads.cases]
    executes = attribution.executes(attribution_data, test_ids, sources,
                                    reads.inherited) if python else None
    ran_units = attribution.units_run(attribution_data, test_ids, sources,
                                      reads.inherited) if python else None
    if not python:  # what each test's code names, where no run measured what it ran
        executes = {t: False for t, named in reads.static_calls.items() if not named}
    # a Python run coverage.py did not measure per test (not installed, the run stopped):
    # what each test's code names, as for the other stacks
    unmeasured = python and attribution_data is None
    if unmeasured:
        executes = {t: False for t, named in reads.named_calls.items() if not named}
        ran_units = None
    # an outcome of a Go test's name is not that of a file go did not build here
    not_built = _not_built_here(evidence, reads, _go_here(s.probe.tool_versions))
    skipped = {**_never_ran(evidence, reads, s.project, not_built),
               **outcomes.not_run(evidence.tests, reads.cases, reads.inherited, reads.texts),
               **_returned_early(reads, attribution.returned(attribution_data)
                                 if python else frozenset())}
    built = [case for case in reads.cases if case.test_id not in not_built]
    failed = outcomes.failed(evidence.tests, built, reads.inherited)
    required_failed = frozenset(outcomes.failed(
        [t for suite in evidence.suites if suite.required for t in suite.tests], built,
        reads.inherited))
    # a test the run made that no reading names (a metaclass's), failed: still a failed test
    unread = outcomes.unread_failed(evidence.tests, built, reads.inherited)
    required_failed |= frozenset(outcomes.unread_failed(
        [t for suite in evidence.suites if suite.required for t in suite.tests], built,
        reads.inherited))
    if python:  # a test that failed, was skipped or never ran executed what its run reached,
        # and a placeholder what it bothered to call: neither says what it tests. It is
        # matched by its words, and counted for none of its ACs for its reason (`excluded`)
        placeholder_ids = {p.test_id for p in reads.placeholders}
        executes, ran_units = _without(executes, ran_units,
                                       {*skipped, *failed, *placeholder_ids})
    if python and not unmeasured and executes:  # a cache's answer, or a value made at
        # import, runs no line: unknown
        ran_none = {t for t, ran in executes.items() if ran is False}
        answered = reads.unmeasured_reads(ran_none)
        executes = {t: ran for t, ran in executes.items() if t not in answered}
    else:
        answered = frozenset()
    untested = {t for t, ran in (executes or {}).items() if ran is False}
    cannot = {suite.name: why for suite in evidence.suites
              for why in (execution.cannot_run(suite, s.project),) if why}
    run = RunInputs(
        runner_skipped=skipped,
        never_reached=_never_reached(evidence, reads),
        runner_failed={**{t: why for t, (why, _) in unread.items()}, **failed},
        failed_at={**{t: at for t, (_, at) in unread.items() if at},
                   **outcomes.failed_lines(evidence.tests, built, reads.inherited)},
        stopped_at={**outcomes.unloaded_lines(evidence.tests),
                    **qa_checks.stop_positions(
                        [suite.stopped for suite in evidence.suites if suite.stopped],
                        [test.partition("::")[0] for test in skipped])},
        instances=outcomes.instances(evidence.tests, reads.cases, reads.inherited),
        skipped_subtests=outcomes.skipped_subtests(evidence.tests, reads.cases),
        partly_skipped=outcomes.partly_skipped(evidence.tests, built, reads.inherited),
        subtest_skips_said=outcomes.skipped_subtest_reasons(evidence.tests, reads.cases),
        unchecked_snapshots=outcomes.unchecked_snapshots(evidence.tests, reads.cases,
                                                         reads.inherited),
        required_failed=required_failed,
        coverage=coverage,
        note=note,
        measured_by=measured_by,
        attribution=attribution_data,
        attribution_why=why or (load_why if attribution_data is None else None),
        executes=executes or None,
        units=_unit_runs(ran_units),
        runner_missing=next((cannot[suite.name] for suite in evidence.suites
                             if suite.required and suite.name in cannot), None),
        runner_partly=next((suite.pass_count > 0 for suite in evidence.suites
                            if suite.required and suite.name in cannot), False),
        unrunnable=tuple(cannot),
        unread=outcomes.unread(evidence.tests, reads.cases, reads.story_tests) or None,
        unread_at=outcomes.unread_lines(evidence.tests, reads.cases, reads.story_tests) or None,
        unread_elsewhere=outcomes.unread_declared_elsewhere(
            evidence.tests, reads.cases, reads.story_tests) or None,
        sources=sources if python and not unmeasured else (),
        imported_elsewhere=attribution.imported_elsewhere(attribution_data) if python else {},
        no_tier=_no_tier(s, evidence),
        named_sources=() if python and not unmeasured else _declaring(reads.code_under_test),
        elsewhere=_built(reads.declared_elsewhere(untested), coverage, s.project)
        if untested else {},
        unmeasured_reads=answered,
    )
    # the evidence names each test as the review does: a Go test by its file, not its package
    return evidence.with_tests(lambda tests: outcomes.in_files(tests, built)).as_json(), run


def _without(executes: dict[str, bool] | None,
             units: tuple[frozenset[str], dict[str, frozenset[str]]] | None,
             tests: AbstractSet[str]
             ) -> tuple[dict[str, bool] | None,
                        tuple[frozenset[str], dict[str, frozenset[str]]] | None]:
    """The run's per-test signals less those of `tests`."""
    kept = {t: ran for t, ran in executes.items() if t not in tests} if executes else executes
    if units is None:
        return kept, None
    return kept, (units[0], {t: ran for t, ran in units[1].items() if t not in tests})


def _unit_runs(ran: tuple[frozenset[str], dict[str, frozenset[str]]] | None
               ) -> ac_coverage.UnitRuns | None:
    from gaia_lib.evidence import ac_coverage

    return ac_coverage.UnitRuns(*ran) if ran else None


def _declaring(code: Mapping[str, str]) -> tuple[str, ...]:
    """The sources of `code` that declare something a test can name (`sut_names.declaring`)."""
    from gaia_lib.evidence import sut_names

    return tuple(sut_names.declaring(code))


def _never_reached(evidence: execution.Evidence, reads: Reads) -> dict[str, int]:
    """Per tier whose run ran tests and wrote its per-test report, how many of the story's
    tests it named have no outcome in it (`outcomes.never_ran`): golang-set's run read
    "34 passed, 1 failed" where a panic had left 19 of its 54 tests unrun. So of a run cut
    off at its time limit, whose tests still running have an outcome of their own: x-time's
    read "25 passed, 0 failed, 1 still running" of 35."""
    out = {}
    for suite in evidence.suites:
        if suite.named and suite.per_test and not (suite.stopped or suite.no_report):
            missed = len(outcomes.never_ran(suite.tests, reads.cases, suite.named,
                                            reads.inherited, texts=reads.texts))
            if missed:
                out[suite.name] = missed
    return out


def _go_here(versions: Mapping[str, str]) -> tuple[str, str, str] | None:
    """(go's version, GOOS, GOARCH) where the probe found go (`tool_versions`), else None."""
    import platform

    version = versions.get("go")
    if not version:
        return None
    machine = platform.machine().lower()
    arch = {"x86_64": "amd64", "aarch64": "arm64", "i386": "386", "i686": "386"}.get(
        machine, machine)
    return version, platform.system().lower(), arch


def _never_ran(evidence: execution.Evidence, reads: Reads,
               project: Path | None = None,
               not_built: Mapping[str, str] | None = None) -> dict[str, str]:
    """The story's tests a run named that never ran in it (`outcomes.never_ran`), those of a
    run that stopped before running any test, those a run cut off at its time limit never
    reached (where it says what it ran; every one of its tests where it says nothing: jest
    writes its report when it ends), and those of a run that wrote no per-test report where
    its runner should have (missing, unreadable: none of them is known to have run, though it
    exited 0), unless another tier's run reported them: none verifies anything. A Go test
    whose file the go that ran does not build (`not_built`: `_not_built_here`) never ran,
    whatever the outcome of its name says: it is another file's test of that name."""
    out: dict[str, str] = {}
    for suite in evidence.suites:
        if not suite.named:
            continue
        if suite.timeout:
            if suite.per_test:
                out.update(dict.fromkeys(
                    outcomes.never_ran(suite.tests, reads.cases, suite.named, reads.inherited,
                                       texts=reads.texts),
                    "never run: the run hit its time limit first"))
            else:  # jest writes its report at its end: a run cut off reported no test
                named = set(suite.named)
                out.update(dict.fromkeys((case.test_id for case in reads.cases
                                          if case.file in named), _cut_off_blind(suite)))
        elif suite.stopped:
            named = set(suite.named)
            out.update(dict.fromkeys((case.test_id for case in reads.cases
                                      if case.file in named), _stopped(suite)))
        elif suite.per_test and suite.no_report:  # what the review's pytest plugin logged
            out.update(dict.fromkeys(
                outcomes.never_ran(suite.tests, reads.cases, suite.named, reads.inherited,
                                   texts=reads.texts),
                f"never run: the run wrote no per-test report ({suite.no_report}), and the "
                "review's progress log of it has no outcome for it"))
        elif suite.per_test:
            stops = _stops_at_failure(suite)
            out.update({test: why if why != outcomes.NO_OUTCOME or stops is None else
                        f"never run: the run stops at its first failure ({stops}), and a "
                        "test before it failed"
                        for test, why in outcomes.never_ran(
                            suite.tests, reads.cases, suite.named, reads.inherited,
                            texts=reads.texts).items()})
        else:  # no outcome per test: none of its tests is known to have run
            named = set(suite.named)
            out.update(dict.fromkeys((case.test_id for case in reads.cases
                                      if case.file in named), _no_outcomes(suite)))
    out.update({test: why for test, why in _unreported(evidence, reads, project).items()
                if test not in out})
    # Each tier is handed every story test file its runner takes, and runs those its own
    # config names (NestJS: `npm test` the unit specs, `npm run test:e2e` the e2e ones): a
    # test one tier ran did run, whatever another tier's report lacks.
    ran = outcomes.reported(evidence.tests, reads.cases, reads.inherited)
    out = {test: why for test, why in out.items() if test not in ran}
    return {**(not_built or {}), **out}


def _not_built_here(evidence: execution.Evidence, reads: Reads,
                    go_here: tuple[str, str, str] | None) -> dict[str, str]:
    """test_id -> why it never ran, for each Go test of a file the go that ran (`go_here`)
    does not build (`gomod.builds_here`), where a tier ran."""
    if go_here is None or not any(suite.skip_reason is None for suite in evidence.suites):
        return {}
    version, goos, goarch = go_here
    texts = reads.texts
    out = {}
    for case in reads.cases:
        text = texts.get(case.file)
        if (case.file.endswith("_test.go") and text is not None
                and gomod.builds_here(case.file, text, version, goos, goarch) is False):
            out[case.test_id] = (f"never run: {gomod.build_limit(case.file, text)}, and go "
                                 f"{version} on {goos}/{goarch} does not build it")
    return out


def _unreported(evidence: execution.Evidence, reads: Reads,
                project: Path | None = None) -> dict[str, str]:
    """The story's tests of the files a run took without naming them (a tier that runs a
    script of the project's, `test/run`, `make test`; a tier run as configured) that no
    outcome of it speaks of: a missing outcome is never a pass. Said by what the run did: it
    timed out, it stopped, it reported no outcome per test (its exit code alone), or its
    per-test report leaves them out (`outcomes.never_ran`); or, in `project`, every command
    that ran names test paths of its own and none holds the file (the demo's integration
    test, whose tier is placed in CI only): not run here. A bridge reports counts only: its
    runs are its own."""
    ran = [suite for suite in evidence.suites if suite.skip_reason is None]
    if evidence.bridge_used or not ran:
        return {}
    named = {file for suite in ran for file in suite.named}
    takers = {file: [suite for suite in ran if suite.runner is None
                     or stacks.runs_file(suite.runner, file)]
              for file in reads.story_tests if file not in named}
    out: dict[str, str] = {}
    for test, _ in outcomes.never_ran(evidence.tests, reads.cases,
                                      [f for f, suites in takers.items() if suites],
                                      reads.inherited).items():
        file = test.partition("::")[0]
        suites = takers[file]
        stopped = next((suite for suite in suites if suite.stopped), None)
        outside = project is not None and not any(
            _takes(suite, file, project) for suite in suites)
        if outside:  # each command names test paths of its own, none holding it
            out[test] = (f"not run here: no tier placed in '{evidence.context}' runs it "
                         f"({', '.join(suite.name for suite in suites)} ran other test "
                         "paths)")
        elif any(suite.timeout and suite.per_test for suite in suites):
            out[test] = "never run: the run hit its time limit first"
        elif any(suite.timeout for suite in suites):
            out[test] = _cut_off_blind(next(suite for suite in suites if suite.timeout))
        elif stopped:
            out[test] = _stopped(stopped)
        elif not any(suite.per_test for suite in suites):
            out[test] = _no_outcomes(suites[0])
        else:
            out[test] = "never run: the run's report has no outcome for it"
    return out


def _stopped(suite: execution.Suite) -> str:
    """Why a test of a run that stopped before running any test did not run: its cause is
    said once, on the report's test run line, not again for each test and each AC of them
    (go-runewidth's one compile error, 14 times over)."""
    return f"never run: {suite.name} {qa_checks.RUN_STOPPED} (the test run line says why)"


def _cut_off_blind(suite: execution.Suite) -> str:
    """Why a test of a run cut off at its time limit that says nothing of what it had run
    (jest writes its report when it ends) is not known to have run."""
    return ("not known to have run: the run hit its time limit before "
            f"{suite.runner or 'its command'} reported any test")


def _no_outcomes(suite: execution.Suite) -> str:
    """Why a test of a run that reported no outcome per test is not known to have run: the
    per-test report its runner should have written is missing or unreadable, or it was never
    asked for one (a command of the project's own: its exit code alone)."""
    if suite.no_report:
        return f"not known to have run: {suite.name} wrote no per-test report ({suite.no_report})"
    return f"not known to have run: {suite.name} reported no outcome per test, only its exit code"


def _takes(suite: execution.Suite, file: str, project: Path) -> bool:
    """Whether a tier's command runs `file`: it names no test path, or one holding it."""
    try:
        argv = shlex.split(suite.command)
    except ValueError:  # unbalanced quotes: read as taking everything
        return True
    return bool(execution.scope_to_story(argv, [file], project, suite.runner)[1])


def _no_tier(s: Setup, evidence: execution.Evidence) -> str | None:
    """Why nothing was tested when tiers are configured but none is placed in the context
    (a review that ran no test is BLOCKED: it cannot say the story's tests pass)."""
    if not (evidence.skipped and s.config.has_test_execution and s.config.tiers) or \
            evidence.bridge_used or s.config.tiers_for(evidence.context):
        return None
    guide = paths.plugin_root() / "knowledge" / "review-qa" / "test-tiers.md"
    return (f"no test tier is placed in context '{evidence.context}': nothing was tested (set "
            f"a tier's placement in .gaia/config/project-config.yaml: {guide})")


def _coverage_python(s: Setup) -> str | None:
    tool = next((p for p in s.probe.coverage if p.found and p.tool == "coverage"), None)
    if tool is None or not tool.path:
        return None
    return attribution.interpreter_of(tool.path, s.project)


def analyze(s: Setup, *, full: bool = False, base: str | None = None,
            context: str | None = None, use_cache: bool = True,
            run_tests: bool = True, checkpoint_after: bool = False,
            head: HeadStart | None = None,
            alongside: Callable[[], object] | None = None) -> Analysis:
    """Everything the fork computes; writes only under the evidence directory.

    With `run_tests`, the suite runs once (module docstring): the project is read first (the
    reads name the run's tests), then the suite runs, then the analysis weighs what the run
    reported against those reads. With
    `checkpoint_after` (the `analyze` phase and the whole review), the Phase 3A checkpoint is
    then recorded, unless this process is the fork (see record_analysis_checkpoint). `head`:
    the run's pytest Python, started before this (`evidence.head_start`); `alongside`: what
    the caller does while the suite runs (`_run_once`), if it runs."""
    state = s.state_dir()
    with writes.scope("fork", s.project):
        reads = Reads(s, full, base)
        evidence, run = None, None
        if run_tests and not s.blocked_reason:
            # git's view of the branch, and the plugins the run loads, are taken before the
            # run changes files
            _ = reads.gate, reads.plugins
            evidence, run = _run_once(s, context, reads, head, alongside)
        results, cached = deterministic_analysis(s, use_cache=use_cache, run=run, reads=reads)
        results = dict(results)
        schema.check(results, "analysis-results", "analysis-results.json")
        uncovered = [e["ac_id"] for e in results["coverage"]["per_ac"] if not e["matched"]]
        tc_path = state / f"qa-test-cases-{s.key}.json"
        existing = _read_json_list(tc_path)
        own = {e["ac_id"]: p for e in results["coverage"]["per_ac"]
               if (p := _priority(e.get("priority")))}  # an AC's own, else the story's
        cases = tcgen.generate(s.key, s.story.acceptance_criteria, uncovered, existing,
                               _priority(s.story.priority), ac_priorities=own)
        schema.check(cases, "qa-test-cases", tc_path.name)
        results["tc_count"] = len(cases)
        stamped = {**results, "generated_at": _utc_now()}
        # computed again by every review (writes: durability); the test cases are not: a
        # reviewer may have refined them
        writes.write_json(state / "analysis-results.json", stamped, durable=False)
        writes.write_text(state / "analysis-results.md", render_analysis_md(stamped),
                          durable=False)
        writes.write_json(tc_path, cases)
        if evidence is not None:
            schema.check(evidence, "execution-evidence", "execution-evidence.json")
            writes.write_json(state / "execution-evidence.json", evidence, durable=False)
    result = Analysis(stamped, cases, cached, state)
    if checkpoint_after:
        record_analysis_checkpoint(s, result)
    return result


def record_analysis_checkpoint(s: Setup, result: Analysis) -> bool:
    """Seed 000's Phase 3A checkpoint: step 3, `cache_key`, analysis-results.json hashed, so
    `gaia checkpoint validate --workflow qa-tests` sees the analysis drift.

    A fork may not write checkpoints (rule 3): when this runs inside one, nothing is written
    (False) and finalize, in the parent, records the same key and file with its step."""
    return checkpoint.record_analysis_step(s.project, WORKFLOW, s.key, ANALYSIS_STEP,
                                           result.analysis_path,
                                           str(result.results.get("cache_key", "")))


def _priority(value: str | None) -> str | None:
    return value if value in tcgen.PRIORITIES else None


def _read_json_list(path: Path) -> list[Any]:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return value if isinstance(value, list) else []


def _utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def render_analysis_md(results: Mapping[str, Any]) -> str:
    """analysis-results.md: its header, then the report's deterministic section. The test
    files discovered are said per stack, `13 (python-dev)`, not as the Python dict
    `{'python-dev': 13}` dpath's had shown."""
    from gaia_lib.review_qa import report as qa_report
    found = results.get("tests_discovered") or {}
    discovered = ", ".join(f"{count} ({stack})" for stack, count in found.items()) \
        if isinstance(found, Mapping) and found else "none"
    head = (f"# Analysis results: {results['story_key']}\n\n"
            f"- skill: {results['skill']} {results.get('skill_version', '')}\n"
            f"- stack: {results.get('stack', '')}\n"
            f"- test files discovered: {discovered}\n\n")
    return head + qa_report.render_deterministic(results)


def checkpoint_step(s: Setup, step: int, files: Sequence[Path] = (), *, durable: bool = True,
                    **variables: str) -> None:
    """Record the review's progress in the workflow checkpoint (parent scope only); without
    `durable`, made durable later (`sync_checkpoint`)."""
    checkpoint.record_step(s.project, WORKFLOW, s.key, step, files, variables, durable=durable)


def sync_checkpoint(s: Setup) -> None:
    """Make the checkpoint recorded without `durable` durable now."""
    checkpoint.sync_step(s.project, WORKFLOW)


# --- Phases 5-7 ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    verdict: str
    reason: str
    report_path: Path
    mirror_path: Path
    gate_verdict: str
    gate_note: str | None
    composite: str
    complete_payload: bool
    round: int = 1
    notes: tuple[str, ...] = ()  # QA gating messages (the parking message)
    summary: str = ""  # AC coverage and the findings by severity (`summary_line`)
    untested: bool = False  # no tier ran a test: no QA round, the gate row left as it was
    # why this review is no QA round (nothing was tested, the reviewer's output unusable)
    no_round: str | None = None

    @property
    def exit_code(self) -> int:
        return EXIT_FOR_VERDICT[self.verdict]


def summary_line(analysis: Mapping[str, Any], llm: Sequence[Mapping[str, Any]],
                 untested: bool = False, partly: bool = False) -> str:
    """What a verdict line alone hides: `3 of 5 ACs have a test; findings: 1 critical,
    4 warning, 0 suggestion` (deterministic findings and the reviewer's, as judged). Where
    nothing was tested (`untested`), no AC has a test that ran, whatever its words match:
    `no test ran for any of the 5 ACs` (a runner that was missing and one that could not
    start read alike); where the run's tests passed beside a test file a missing package kept
    from loading (`partly`), `not every test of the 5 ACs could run` (it had read "no test
    ran" of a run whose tests had passed)."""
    from gaia_lib.qa_gating import fingerprints
    per_ac = ((analysis.get("coverage") or {}).get("per_ac") or [])
    covered = sum(1 for e in per_ac if isinstance(e, Mapping) and e.get("matched"))
    severities = [str(f.get("severity", "")).lower()
                  for f in (*fingerprints.analysis_findings(analysis), *llm)]
    counts = ", ".join(f"{severities.count(level)} {level}"
                       for level in ("critical", "warning", "suggestion"))
    if untested and partly:
        return f"not every test of the {len(per_ac)} ACs could run; findings: {counts}"
    if untested:
        return f"no test ran for any of the {len(per_ac)} ACs; findings: {counts}"
    return f"{covered} of {len(per_ac)} ACs have a test; findings: {counts}"


def deterministic_payload(analysis: Mapping[str, Any],
                          llm_findings: Sequence[Mapping[str, Any]], note: str | None,
                          resolved: str) -> str:
    """The report body when no fork produced one (terminal / CI runs)."""
    from gaia_lib.review_qa import report as qa_report
    return (qa_report.render_deterministic(analysis) + "\n"
            + qa_report.render_llm_section(llm_findings, note) + f"\n**Verdict: {resolved}**\n")


def llm_findings_of(path: Path | None) -> tuple[list[Mapping[str, Any]], str | None]:
    """The reviewer's findings (a JSON list, or an object with a `findings` list) and, when
    the file cannot be read as such, why not: the review is then incomplete, never judged
    as if the reviewer had found nothing."""
    if path is None:
        return [], None
    try:
        value = jsonio.strict_loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        return [], f"the reviewer's findings file {path} cannot be read ({exc.strerror})"
    except ValueError as exc:
        return [], f"the reviewer's findings file {path} is not JSON ({exc})"
    findings = value.get("findings") if isinstance(value, dict) else value
    if not isinstance(findings, list):
        return [], f"the reviewer's findings file {path} holds no findings list"
    return [f for f in findings if isinstance(f, dict)], None


def judged_findings(analysis: Mapping[str, Any], path: Path | None
                    ) -> tuple[list[dict[str, Any]], str | None]:
    """The fork's findings as the verdict sees them: read from `path`, each Critical the rules
    do not allow demoted (the model cannot promote a finding into a blocker); and why the
    file could not be read, when it could not."""
    from gaia_lib.review_qa import rules
    allowed = analysis.get("critical_allowed")
    findings, problem = llm_findings_of(path)
    return rules.demote_llm_findings(findings, allowed if isinstance(allowed, dict) else {}), \
        problem


def ensure_analysis(s: Setup) -> None:
    """Without this round's analysis (the fork never ran it, or setup found the runner
    missing) compute the deterministic one, without test runs: a verdict always rests on
    evidence gaia computed."""
    if not (s.state_dir() / "analysis-results.json").is_file():
        analyze(s, run_tests=False)


def resolve_current(s: Setup, llm: verdict.Document | None) -> verdict.Resolution:
    """The resolver's verdict on this round's evidence files and the given findings."""
    state = s.state_dir()
    evidence_path = state / "execution-evidence.json"
    return verdict.resolve(
        verdict.read_document(str(state / "analysis-results.json")),
        llm,
        verdict.read_document(str(evidence_path)) if evidence_path.is_file() else None,
        None,
    )


def finalize(s: Setup, *, llm_findings: Path | None = None,
             payload: str | None = None) -> Outcome:
    """Verdict, report, gate row, composite check, checkpoint. Parent scope.

    Without this round's analysis (the fork never ran it, or setup found the runner missing)
    the deterministic analysis is computed here, without test runs: the verdict always rests
    on evidence gaia computed."""
    from gaia_lib.qa_gating import fingerprints, verdicts
    from gaia_lib.review_qa import report as qa_report
    state = s.state_dir()
    analysis_path = state / "analysis-results.json"
    evidence_path = state / "execution-evidence.json"
    ensure_analysis(s)
    with writes.scope("parent", s.project):
        findings_path = state / "llm-findings.json"
        analysis_bytes = analysis_path.read_bytes() if analysis_path.is_file() else b""
        analysis = json_object(analysis_bytes)
        findings, unreadable = judged_findings(analysis, llm_findings)
        # without a reviewer's findings, the judged set is the analysis's own: derivable
        writes.write_json(findings_path, {"findings": findings},
                          durable=llm_findings is not None)
        resolution = resolve_current(s, verdict.read_document(str(findings_path)))
        qa_agent = paths.plugin_root() / "agents" / "qa.md"  # the fork's system prompt
        system_prompt = qa_agent.read_text(encoding="utf-8") if qa_agent.is_file() else ""
        model_ran = llm_findings is not None or payload is not None
        evidence = json_object(evidence_path.read_bytes()) if evidence_path.is_file() else None
        inputs = round_inputs(analysis)
        incomplete = bool(unreadable or (payload and qa_report.payload_problems(payload)))
        expected = verdict.BLOCKED if incomplete else resolution.verdict
        # A review that could not run the tests is no QA round (tested_nothing); neither is one
        # whose reviewer gave nothing usable: the QA did not happen, no budget is spent on it.
        untested = tested_nothing(analysis, evidence)
        partly = bool(untested) and ran_some(analysis, evidence)
        no_round = (NOT_ALL_TESTED if partly else NOTHING_TESTED) if untested \
            else UNUSABLE_REVIEW if incomplete else None
        delta = None
        if no_round:
            number, again = record.current_highest(s.project, s.key), False
        else:
            number, again = _round_number(s, inputs)
            delta = _round_delta(s, number, inputs, analysis, findings, expected, model_ran)
        header = qa_report.render_header(s.key, s.story.title or "", qa_report.prompt_hash(
            system_prompt, analysis_bytes), qa_model(s) if model_ran else None, TEMPERATURE)
        if model_ran:
            header += f"- effort: {s.config.qa.effort or 'default'}\n"
        header += (f"- round: none ({no_round}: this review is no QA round)\n"
                   if no_round else
                   f"- round: {number}{' (reviewed again, files unchanged)' if again else ''}\n")
        header += qa_report.render_run(evidence, paths.relative_to_project(state, s.project),
                                       analysis.get("never_reached") or {}, {
            str(f["test"]) for check in analysis.get("checks") or ()
            for f in check.get("findings") or ()
            if f.get("rule") == "failed-test" and f.get("test")})
        if delta is not None:
            header += "\n" + fingerprints.render(delta)
        if payload is None:
            note = ("No LLM review in this run (terminal mode): findings above are deterministic."
                    if llm_findings is None else None)
            payload = deterministic_payload(analysis, findings, note, resolution.verdict)
        elif not qa_report.payload_problems(payload):
            payload = qa_report.with_gaia_sections(payload, analysis, findings)
        final = resolution.verdict
        problems = (unreadable,) if unreadable else ()
        text, complete = qa_report.assemble(header, payload, final, problems)
        if not complete:
            final = verdict.BLOCKED
            text, _ = qa_report.assemble(header, payload, final, problems)
        parked = None
        gate_note: str | None
        if delta is None:  # no round: its own report; the gate row and QA status unchanged
            report_path = mirror = state / reports.untested_basename(
                STATE_SKILL, s.key, "untested" if untested else "incomplete")
            writes.write_text(report_path, text)
            gate_verdict = next((row.status for row in gate.load_rows(s.story_path)
                                 if row.name == GATE_NAME), gate.UNVERIFIED)
            gate_note = f"unchanged: {no_round}"
        else:
            for why in ("untested", "incomplete"):  # a round: no earlier non-round report
                writes.remove(state / reports.untested_basename(STATE_SKILL, s.key, why))
            report_path = reports.review_report_path(s.project, s.key, STATE_SKILL,
                                                     round_number=number)
            writes.write_text(report_path, text)
            mirror = reports.mirror_path(s.project, STATE_SKILL, s.key, s.story_path)
            writes.write_text(mirror, text)
            gate_verdict, gate_note = _record_gate(s, final, report_path, evidence_path)
            parked = verdicts.record_gate_verdict(
                s.project, s.key, gate_verdict,
                paths.relative_to_project(report_path, s.project), round_number=number,
                findings=delta.counts()).parked
        rows = gate.load_rows(s.story_path)
        composite = gate.composite(rows).state
        checkpoint_step(s, FINALIZE_STEP, files=[analysis_path], verdict=final,
                        report=paths.relative_to_project(report_path, s.project),
                        cache_key=str(analysis.get("cache_key", "")))
    reason = (_explained(resolution.reason, analysis) if complete
              else f"{unreadable} -> BLOCKED" if unreadable
              else "review payload malformed -> BLOCKED")
    notes: tuple[str, ...] = ()
    if again:
        notes += (f"round {number} again: the story's files are unchanged since it, so no new "
                  f"QA round was recorded (this review's verdict replaces the round's)",)
    if no_round:
        why = (f"{NOT_ALL_TESTED} (a package the tests need is missing)" if partly
               else ("nothing was tested (a runner or a package the tests need is missing, or "
                     "no tier runs here)") if untested
               else "the reviewer's output could not be used")
        notes += (f"{why}: no QA round recorded, the QA Tests row and the QA status left as "
                  "they were, none of the failure budget spent",)
    if parked:
        notes += (parked,)
    return Outcome(final, reason, report_path, mirror, gate_verdict, gate_note, composite,
                   complete, number, notes, summary_line(analysis, findings, bool(untested),
                                                      partly),
                   untested=bool(untested), no_round=no_round)


UNTESTED_CHECKS = ("tool-probe", "test-execution")
# why a review is blocked whose run's tests passed beside a file that could not load
RUN_PARTLY = "the test run could not run all its tests"
NOTHING_TESTED = "nothing was tested"
# ... where its tests passed beside a test file a missing package kept from loading
NOT_ALL_TESTED = "not every test could run"
UNUSABLE_REVIEW = "the reviewer's output could not be used"


def tested_nothing(analysis: Mapping[str, Any],
                   evidence: Mapping[str, Any] | None = None) -> bool:
    """The review could not run the story's tests at all (its runner is missing, a package they
    need is not installed: the errored check names those tiers, whose counts are then no test
    run; or no tier is placed in its context) and no other tier ran a test (`evidence`):
    BLOCKED, and no QA round (seed 004: a round is a review that happened). Its report is
    `qa-tests-KEY-untested.md` in the evidence directory; the QA Tests row, the QA status and
    the round numbers are left as they were."""
    errored = [c for c in analysis.get("checks", []) or [] if isinstance(c, Mapping)
               and c.get("name") in UNTESTED_CHECKS and c.get("status") == "errored"]
    unrun = {name for c in errored for name in c.get("suites", []) or []}
    ran = any(isinstance(suite, Mapping) and suite.get("name") not in unrun
              and (suite.get("pass_count") or suite.get("fail_count"))
              for suite in (evidence or {}).get("suites", []) or [])
    return not ran and bool(errored)


def ran_some(analysis: Mapping[str, Any], evidence: Mapping[str, Any] | None) -> bool:
    """Whether a tier whose tests could not all run (`tested_nothing`'s errored checks name
    it) ran some: they passed beside a test file a missing package kept from loading."""
    unrun = {name for c in analysis.get("checks", []) or [] if isinstance(c, Mapping)
             and c.get("name") in UNTESTED_CHECKS and c.get("status") == "errored"
             for name in c.get("suites", []) or []}
    return any(isinstance(suite, Mapping) and suite.get("name") in unrun
               and suite.get("pass_count") for suite in (evidence or {}).get("suites", []) or [])


def _stops_at_failure(suite: execution.Suite) -> str | None:
    """The option of a run that failed a test and stops at its first failure(s)
    (`runner_options.stop_at_failure`: `pytest -x`, jest's `--bail`, go's `-failfast`), as its
    command writes it; None for any other run: the tests after that failure have no outcome
    because of it (a story test had read "never run: the runner's report has no outcome for
    it", beside a failed one)."""
    if not suite.fail_count:
        return None
    try:
        words = shlex.split(suite.command)
    except ValueError:
        return None
    return runner_options.stop_at_failure(suite.runner, words)


def _returned_early(reads: Reads, returned: AbstractSet[str]) -> dict[str, str]:
    """The tests that returned a skip decorator's maker's decorator (`return unittest.skip(
    ...)`, `Reads.skips_nothing`) and that the run saw return a value (`returned`): they ran
    none of their checks after that return, which skips nothing, and count for no AC (polib's
    `test_save_as_mofile`, no `msgfmt` on PATH, had passed and counted having checked
    nothing). test id -> why."""
    return {u.test_id: f"left at `{u.shown}` in this run (the run saw it return a value), "
                       "which skips nothing: none of its checks after that return ran"
            for u in reads.skips_nothing
            if u.test_id in returned and u.shown.startswith("return ")}


def _explained(reason: str, analysis: Mapping[str, Any]) -> str:
    """The resolver's reason, with why a check errored when that decided it (the resolver
    names only the check)."""
    for check in analysis.get("checks", []) or []:
        if (isinstance(check, Mapping) and check.get("status") == "errored"
                and check.get("error_reason") and f"'{check.get('name')}' errored" in reason):
            return f"{reason}: {check['error_reason']}"
    return reason


def qa_model(s: Setup) -> str:
    """The QA reviewer's model: project config `qa.model`, else the review's default."""
    return s.config.qa.model or MODEL


def round_inputs(analysis: Mapping[str, Any]) -> str:
    """What a round reviewed, as a digest: the hashes of the story's own files among those the
    analysis read (the story, its File List, the test files of its tests, matched to an AC
    or not: a test outside the File List named after its key is the story's; not another
    story's test file in a directory they share; the project modules those test files take
    their checks or test helpers from: `Reads.story_helpers`; the snapshot files beside those
    test files, what their `toMatchSnapshot()` asserts: plugin hooks' `.snap` deleted, four
    tests failing, had been "round 1 again"): one version of them is one QA round
    (qa_gating.fingerprints), whichever tiers a context ran on it (a CI context running a
    whole tier beside the story's, a local one running the story's tests only). A review that
    ran no test is no round at all (`tested_nothing`)."""
    from gaia_lib.evidence import snapshots

    hashes = analysis.get("file_hashes")
    outside = set(analysis.get("unattributed_tests") or ())
    tests = {str(p) for p in [*(analysis.get("story_test_files") or ()),
                              *(case.get("file") for case in analysis.get("test_cases") or ()
                                if isinstance(case, Mapping) and case.get("id") not in outside)]}
    own = {*tests, *(str(p) for p in [*(analysis.get("file_list") or ()),
                                      *(analysis.get("story_helpers") or ())]),
           *(snapshots.snapshot_file(p) for p in tests)}
    material = {"files": {path: digest for path, digest in hashes.items()
                          if path in own or path.endswith(".md")}
                if isinstance(hashes, Mapping) else hashes}
    return sha256_bytes(json.dumps(material, sort_keys=True, default=str).encode("utf-8"))


def _current(analysis: Mapping[str, Any], llm: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    from gaia_lib.qa_gating import fingerprints
    return fingerprints.collect([*fingerprints.analysis_findings(analysis), *llm])


def _round_number(s: Setup, inputs: str) -> tuple[int, bool]:
    """This review's round, and whether it is the newest recorded round again (seed 004's
    rounds; qa_gating.fingerprints: a review of unchanged files is no new round)."""
    from gaia_lib.qa_gating import fingerprints
    newest = record.current_highest(s.project, s.key)
    if newest and fingerprints.same_as(s.state_dir(), newest, inputs):
        return newest, True
    return names.next_report(s.project, s.key).round, False


def _round_delta(s: Setup, number: int, inputs: str, analysis: Mapping[str, Any],
                 llm: Sequence[Mapping[str, Any]], resolved: str,
                 reviewed: bool) -> fingerprints.Delta:
    """This round's findings against the newest earlier round's; saves this round's set.
    `reviewed`: a reviewer (the model) ran in this round. An earlier finding whose check
    judged nothing this round (skipped, errored), or that names an AC no test counts for this
    round (every AC, when the story's ACs could not be read), is unchecked / untested, not
    fixed, and held for the next round, but for one on an AC's words (ac-parse), which a
    round that read the ACs judged; so is an AC's over-coverage where its tests are still
    there, some no longer counting (prettytable's over-covered AC read "fixed" once one of its
    tests was marked skip); one naming a test the story no longer has is gone, not fixed."""
    from gaia_lib.qa_gating import fingerprints
    current = _current(analysis, llm)
    previous_round, previous, previous_reviewer = fingerprints.load_previous(
        s.state_dir(), number)
    idle = fingerprints.unjudged(analysis)
    checks = fingerprints.found_in(s.state_dir(), previous_round) if previous_round else {}
    acs = fingerprints.acs_in(s.state_dir(), previous_round) if previous_round else {}
    unchecked = [found for found, check in checks.items() if check in idle]
    if analysis.get("file_list_compared") is False:  # no base or branch to compare with
        from gaia_lib.story import filelist
        unchecked.append(fingerprints.fingerprint({
            "rule": filelist.WARNING,
            "file": paths.relative_to_project(s.story_path, s.project)}))
    coverage = analysis.get("coverage")
    per_ac = coverage.get("per_ac") if isinstance(coverage, Mapping) else None
    bare = {str(ac.get("ac_id")).upper() for ac in per_ac or ()
            if isinstance(ac, Mapping) and not ac.get("matched")}
    if not per_ac:  # no AC read (its section renamed): nothing judged any AC's tests
        bare = set(acs.values())
    # ac-parse judges an AC's words, read whenever the ACs are, whether a test counts or not
    untested = [found for found, ac in acs.items()
                if ac in bare and not (per_ac and checks.get(found) == "ac-parse")]
    # an over-covered AC is mended by fewer tests, not by one of them no longer counting
    # (skipped, failing, a placeholder: still the story's)
    crowded = {str(ac.get("ac_id")).upper() for ac in per_ac or () if isinstance(ac, Mapping)
               and len(ac.get("tests") or ()) + len(ac.get("excluded") or {}) > 1}
    untested += [found for found, ac in acs.items()
                 if ac in crowded and checks.get(found) == "over-coverage"]
    # a finding about a test the story no longer has: the test left, nothing was mended
    tests = fingerprints.tests_in(s.state_dir(), previous_round) if previous_round else {}
    cases = analysis.get("test_cases")
    present = {str(c.get("id")) for c in cases if isinstance(c, Mapping)} \
        if isinstance(cases, list) else None
    removed = [found for found, test in tests.items() if present is not None
               and test not in present and test.partition("[")[0] not in present]
    kept = fingerprints.held(previous or {}, current, [*unchecked, *untested])
    from gaia_lib.review_qa import lost_evidence
    every = [*fingerprints.analysis_findings(analysis), *llm]
    writes.write_json(fingerprints.saved_path(s.state_dir(), number), {
        **fingerprints.saved(number, current, inputs, resolved, fingerprints.collect(llm),
                             {**{k: v for k, v in checks.items() if k in kept},
                              **fingerprints.found_by(analysis)},
                             {**{k: v for k, v in acs.items() if k in kept},
                              **fingerprints.ac_of(every)}, kept,
                             {**{k: v for k, v in tests.items() if k in kept},
                              **fingerprints.tests_of(every)}),
        **lost_evidence.saved(per_ac if isinstance(per_ac, list) else [],
                              [str(c.get("id")) for c in analysis.get("test_cases") or ()
                               if isinstance(c, Mapping)],
                              analysis.get("lost_coverage"),
                              analysis.get("file_hashes")
                              if isinstance(analysis.get("file_hashes"), Mapping) else None)})
    return fingerprints.compare(number, current, previous, previous_round, reviewed=reviewed,
                                previous_reviewer=previous_reviewer, unchecked=unchecked,
                                untested=untested, removed=removed)


def json_object(data: bytes) -> dict[str, Any]:
    try:
        value = json.loads(data) if data else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _record_gate(s: Setup, final: str, report: Path, evidence: Path) -> tuple[str, str | None]:
    """The gate row through the review gate's own checks; a PASSED the proof-of-execution rules
    refuse (e.g. no tests ran) is recorded as UNVERIFIED with the reason."""
    wanted = verdict.GATE_VERDICT[final]
    note = None
    evidence_arg = str(evidence) if evidence.is_file() else None
    try:
        gate.check_proof(GATE_NAME, wanted, str(report), evidence_arg,
                         None if evidence_arg else "no execution evidence: no tier ran")
    except GaiaError as exc:
        note = exc.message
        wanted = gate.UNVERIFIED
    cell = gate.report_cell(str(report), s.project)
    gate.record_table_verdict(s.project, s.story_path, s.key, GATE_NAME, wanted, cell,
                              recorded=time.strftime("%Y-%m-%d", time.gmtime()),
                              record_round=False)
    return wanted, note


def _own_input(s: Setup, path: Path | None) -> bytes | None:
    """The bytes of `path` when it is one of the files a new round clears, else None."""
    if path is None or path.name not in ROUND_FILES:
        return None
    try:
        if path.resolve().parent != s.state_dir().resolve():
            return None
        return path.read_bytes()
    except OSError:
        return None


def run(project: Path, raw_key: str, *, llm_findings: Path | None = None,
        full: bool = False, context: str | None = None, base: str | None = None,
        use_cache: bool = True, head: HeadStart | None = None
        ) -> tuple[Setup, Analysis | None, Outcome]:
    """Every phase in order, for the terminal and CI. Concurrent runs on one story take turns:
    a round's evidence must not be cleared by the next round while it is being judged. A
    `base` git has no commit for is refused before anything is cleared (`named_base`)."""
    if base is not None:
        from gaia_lib.story import filelist
        filelist.named_base(project, base)
    s = setup(project, raw_key)
    with locks.locked(s.state_dir() / "round", timeout=ROUND_LOCK_SECONDS, exit_code=3):
        # findings kept where the skill keeps them (the evidence directory) are this round's
        # input: the new round's clean start must not take them away
        kept = _own_input(s, llm_findings)
        # the step-1 checkpoint's fsyncs wait for the disk: made while the suite runs, not
        # on the way to it (or after the analysis, when nothing ran), before anything is said
        start_round(s, durable=False)
        synced: list[bool] = []

        def sync_once() -> None:
            if not synced:
                synced.append(True)
                sync_checkpoint(s)

        try:
            if kept is not None and llm_findings is not None:
                with writes.scope("parent", s.project):
                    writes.write_bytes(llm_findings, kept)
            result = analyze(s, full=full, base=base, context=context, use_cache=use_cache,
                             checkpoint_after=True, head=head, alongside=sync_once)
        finally:
            sync_once()
        outcome = finalize(s, llm_findings=llm_findings)
    return s, result, outcome
