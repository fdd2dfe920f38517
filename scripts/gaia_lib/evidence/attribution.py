"""Behavioural attribution (Python stack): do an AC's tests execute the story's own code?

Matching a test to an AC by name says what the test claims; running the story's tests measured
per test says what it does. An AC whose tests never execute a line of the story's File List
sources is covered in name only.
`CoverageSetup` adds the review's pytest plugin (runner_plugins/gaia_coverage_plugin.py) to a
pytest run: the review's one test run then gives the JUnit report, line coverage and per-test
contexts (labelled by node id) together, measured by line probes compiled into the story's
sources (or, with GAIA_COVERAGE_MODE=tracer, by coverage.py's tracer, branches included);
`measure` runs the story's tests that way when no test tier is configured; `attribute` (per
AC), `executes` (per test, the matcher's `executes` signal) and `units_run` (per test, the
functions and classes of the sources whose body it ran: the matcher's `units`) are the pure
rules.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, proc, writes
from gaia_lib.evidence import plugins
from gaia_lib.stacks import coverage_config, pytest_config

RCFILE = """[run]
branch = {branch}
data_file = {data_file}
"""
# GAIA_COVERAGE_MODE=tracer: coverage.py's tracer with branches, at several times the run's cost;
# by default the story's sources carry line probes (runner_plugins/gaia_line_probes.py).
# Branch data only in tracer mode: a tier that falls back to the tracer then appends lines to
# the same data file as a probed one.
MODE_VAR = "GAIA_COVERAGE_MODE"
REPORT_NAME = "attribution-coverage.json"  # the measured run's coverage.py JSON report
RUN_TIMEOUT_SECONDS = 600
PLUGIN = "gaia_coverage_plugin"  # scripts/runner_plugins/gaia_coverage_plugin.py
PLUGIN_DIR = Path(plugins.PLUGIN_DIR)


def _qualified(test_id: str) -> tuple[str, str]:
    """`tests/unit/test_x.py::TestA::test_b` -> ("test_x", "TestA.test_b")."""
    file, _, name = test_id.partition("::")
    stem = Path(file).stem
    return stem, name.replace("::", ".")


def _suffixes(text: str, sep: str) -> list[str]:
    """`text` and each of its tails after a `sep`: a/b/c -> a/b/c, b/c, c."""
    out = [text]
    start = text.find(sep)
    while start != -1:
        out.append(text[start + 1:])
        start = text.find(sep, start + 1)
    return out


class LabelIndex:
    """Context labels, and which tests they name. A label names a test when it is the plugin's
    pytest node id (`tests/test_x.py::TestA::test_b`, parameters `[...]` ignored, relative to
    pytest's rootdir: either may be the other's tail after a "/") or coverage.py's own
    test_function label `module.qualname` (the module may carry its package path). Indexed, so
    that asking costs a few dictionary lookups whatever the number of labels: a real suite's
    parametrized tests give thousands, and a review asks for every discovered test. Each label
    may carry values (`tagged`): `found` gives those of the labels naming a test."""

    def __init__(self, labels: Iterable[str] = ()) -> None:
        self._nodes: dict[str, set[str]] = {}  # node ids without parameters
        self._node_tails: dict[str, set[str]] = {}  # ... and each of their tails after a "/"
        self._dotted_tails: dict[str, set[str]] = {}  # `module.qualname` labels, "." tails
        for label in labels:
            self.add(label, "")

    @classmethod
    def tagged(cls, pairs: Iterable[tuple[str, str]]) -> LabelIndex:
        index = cls()
        for label, value in pairs:
            index.add(label, value)
        return index

    def add(self, label: str, value: str) -> None:
        if "::" in label:
            node = label.split("[", 1)[0]
            self._nodes.setdefault(node, set()).add(value)
            for tail in _suffixes(node, "/"):
                self._node_tails.setdefault(tail, set()).add(value)
        else:
            for tail in _suffixes(label, "."):
                self._dotted_tails.setdefault(tail, set()).add(value)

    def found(self, test_id: str) -> set[str]:
        """The values of the labels naming `test_id` (empty: none names it)."""
        out = set(self._node_tails.get(test_id, ()))  # node == test_id, or ends "/" + it
        for tail in _suffixes(test_id, "/")[1:]:  # test_id ends with "/" + node
            out.update(self._nodes.get(tail, ()))
        stem, qualname = _qualified(test_id)
        out.update(self._dotted_tails.get(f"{stem}.{qualname}", ()))
        return out

    def names(self, test_id: str) -> bool:
        """Does any of the labels name `test_id`?"""
        return bool(self.found(test_id))


def files_by_context(report: Mapping[str, Any]) -> dict[str, set[str]]:
    """From `coverage json --show-contexts`: context label -> files it executed lines of."""
    found: dict[str, set[str]] = {}
    files = report.get("files", {}) if isinstance(report, Mapping) else {}
    for path, data in files.items():
        contexts = data.get("contexts", {}) if isinstance(data, Mapping) else {}
        for labels in contexts.values():
            for label in labels:
                if label:
                    found.setdefault(label, set()).add(str(path))
    return found


def _tests_ran(report: Mapping[str, Any]) -> list[str] | None:
    """The tests the measured run ran, as the plugin lists them; None when it lists none."""
    tests = report.get("tests") if isinstance(report, Mapping) else None
    return [str(t) for t in tests if isinstance(t, str)] if isinstance(tests, list) else None


def imported_elsewhere(report: Mapping[str, Any] | None) -> dict[str, str]:
    """Measured file -> the file the run imported its module from instead, as the plugin
    reports it (a copy installed in site-packages shadowing a src layout's package)."""
    found = report.get("imported_elsewhere") if isinstance(report, Mapping) else None
    return {str(k): str(v) for k, v in found.items()
            if isinstance(k, str) and isinstance(v, str)} if isinstance(found, Mapping) else {}


def returned(report: Mapping[str, Any] | None) -> frozenset[str]:
    """The tests the measured run saw return a value other than None, as the plugin reports
    them (pytest's and unittest's warnings of it)."""
    found = report.get("returned") if isinstance(report, Mapping) else None
    return frozenset(t for t in found if isinstance(t, str)) if isinstance(found, list) \
        else frozenset()


def _found(index: LabelIndex, test: str, aliases: Mapping[str, Sequence[str]]) -> set[str]:
    """The values of the labels naming `test` or an id it runs under (`aliases`)."""
    found = index.found(test)
    for alias in aliases.get(test, ()):
        found |= index.found(alias)
    return found


def _named(index: LabelIndex, test: str, aliases: Mapping[str, Sequence[str]]) -> bool:
    return bool(_found(index, test, aliases))


def attribute(per_ac: Iterable[tuple[str, Sequence[str]]], report: Mapping[str, Any],
              sources: Iterable[str], aliases: Mapping[str, Sequence[str]] | None = None
              ) -> list[dict[str, Any]]:
    """Per AC: which of its tests executed any of `sources` (the File List's non-test files),
    from the plugin's contexts report. `executes_story_code` is True when one of them did,
    False when the run ran some of them and none did, None when it ran none of them (nothing
    is known: they were not part of the run). `aliases`: the ids an inherited test runs under
    (`testcases.inherited`)."""
    source_set = set(sources)
    aliases = aliases or {}
    executed = files_by_context(report)
    touching = LabelIndex(label for label, files in executed.items() if files & source_set)
    ran = _tests_ran(report)
    measured = LabelIndex(ran) if ran is not None else None
    rows = []
    for ac_id, tests in per_ac:
        executing = sorted(test for test in tests if _named(touching, test, aliases))
        known = measured is None or any(_named(measured, t, aliases) for t in tests)
        rows.append({"ac_id": ac_id, "tests": list(tests), "tests_executing_story_code": executing,
                     "executes_story_code": bool(executing) if executing or known else None})
    return rows


def executes(report: Mapping[str, Any] | None, test_ids: Iterable[str],
             sources: Iterable[str], aliases: Mapping[str, Sequence[str]] | None = None
             ) -> dict[str, bool]:
    """Per test id, whether it executed any of `sources`, from the plugin's contexts report:
    True when a context of the test (or of an id it runs under: `aliases`) ran a line of one
    of them; False when the report lists the test among those the measured run ran (`tests`)
    and no context of it touched them. A test the measured run did not run is left out:
    nothing is known about it."""
    if not report:
        return {}
    aliases = aliases or {}
    executed = files_by_context(report)
    source_set = set(sources)
    touching = LabelIndex(label for label, files in executed.items() if files & source_set)
    measured = LabelIndex(_tests_ran(report) or [])
    out: dict[str, bool] = {}
    for test in test_ids:
        if _named(touching, test, aliases):
            out[test] = True
        elif _named(measured, test, aliases):
            out[test] = False
    return out


def units_run(report: Mapping[str, Any] | None, test_ids: Iterable[str], sources: Iterable[str],
              aliases: Mapping[str, Sequence[str]] | None = None
              ) -> tuple[frozenset[str], dict[str, frozenset[str]]] | None:
    """The top-level functions and classes of `sources` and their classes' methods the
    plugin names (`units` of each file: a class only when it has a method; no dunder
    method), and per test id the ones whose body it ran;
    only the tests the measured run ran (`tests`) are listed. None without a report or
    without unit data (an older report)."""
    if not report or _tests_ran(report) is None:
        return None
    aliases = aliases or {}
    source_set = set(sources)
    pairs: list[tuple[str, str]] = []
    defined: set[str] = set()
    for path, data in report.get("files", {}).items():
        units = data.get("units") if isinstance(data, Mapping) else None
        if path in source_set and isinstance(units, Mapping):
            for name, labels in units.items():
                defined.add(str(name))
                pairs.extend((label, str(name)) for label in labels if isinstance(label, str))
    if not defined:
        return None
    index = LabelIndex.tagged(pairs)
    measured = LabelIndex(_tests_ran(report) or [])
    ran = {test: frozenset(_found(index, test, aliases))
           for test in test_ids if _named(measured, test, aliases)}
    return frozenset(defined), ran


def interpreter_of(executable: str, cwd: Path) -> str | None:
    """The Python a `pytest` launcher script runs under: its shebang's interpreter."""
    found = shutil.which(executable, path=None) if "/" not in executable else None
    path = Path(found) if found else (cwd / executable)
    try:
        first = path.read_bytes()[:256].split(b"\n", 1)[0].decode("utf-8", "replace")
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if not words:
        return None
    if Path(words[0]).name == "env" and len(words) > 1:
        return words[1]
    return words[0]


@dataclass
class CoverageSetup:
    """One review's coverage.py session: config, data file and the two reports, all in the
    evidence directory. `wrap` adds the plugin to a pytest command; `env` is its environment."""

    state_dir: Path
    include: tuple[str, ...] = ()  # the story's sources: only they are measured
    # The project root the include paths and the reports' file names are relative to, where
    # a tier may run in a subdirectory of it (`cd api && pytest`); None: the run's directory.
    root: Path | None = None
    measured: bool = field(default=False)
    tracer: bool = field(default_factory=lambda: os.environ.get(MODE_VAR) == "tracer")

    @property
    def rcfile(self) -> Path:
        return self.state_dir / "attribution.coveragerc"

    @property
    def data_file(self) -> Path:
        return self.state_dir / "attribution.coverage"

    @property
    def report(self) -> Path:
        return self.state_dir / REPORT_NAME

    @property
    def contexts(self) -> Path:
        return self.state_dir / "attribution-contexts.json"

    @property
    def progress(self) -> Path:
        """The tests the run started and finished, as they happen (the plugin's docstring)."""
        return self.state_dir / "attribution-progress.txt"

    def reset(self) -> None:
        # Measuring only the story's sources keeps the run fast and the report small: a
        # whole-project report with per-test contexts runs to hundreds of MiB on a real suite.
        include = "".join(f"    {self.root / pattern if self.root else pattern}\n"
                          for pattern in self.include)
        writes.write_text(self.rcfile, RCFILE.format(data_file=self.data_file,
                                                     branch=self.tracer)
                          + (f"include =\n{include}" if include else "")
                          + self._report_section(), durable=False)
        for path in (self.data_file, self.report, self.contexts, self.progress):
            writes.remove(path)
            writes.check_writable(path)  # the test run's own process writes them
        self.measured = False

    def _report_section(self) -> str:
        # The review's own rcfile replaces the project's, whose excluded lines (`raise err`,
        # `def to_`) its own coverage report leaves out: the story's figures keep them out too.
        if self.root is None:
            return ""
        found = coverage_config.report_exclusions(coverage_config.read(self.root))
        lines = "".join(f"{key} =\n" + "".join(f"    {regex}\n" for regex in regexes)
                        for key, regexes in found.items() if regexes)
        return f"[report]\n{lines}" if lines else ""

    def wrap(self, argv: Sequence[str]) -> list[str] | None:
        """`[python, -m, pytest, ...]` or `[pytest, ...]` with the plugin loaded, or None when
        it is no pytest command."""
        if len(argv) >= 3 and argv[1] == "-m" and argv[2] == "pytest":
            at = 3
        elif argv and Path(argv[0]).name in ("pytest", "py.test"):
            at = 1
        else:
            return None
        self.measured = True
        return [*argv[:at], "-p", PLUGIN, *argv[at:]]

    def env(self) -> dict[str, str]:
        env = plugins.measured_env()
        env.update(GAIA_COVERAGE_RCFILE=str(self.rcfile), GAIA_COVERAGE_REPORT=str(self.report),
                   GAIA_COVERAGE_CONTEXTS=str(self.contexts),
                   GAIA_COVERAGE_DATA=str(self.data_file),
                   GAIA_COVERAGE_PROGRESS=str(self.progress),
                   GAIA_COVERAGE_PROBES="0" if self.tracer else "1",
                   GAIA_COVERAGE_CACHE=os.path.join(paths.data_root(), "cache", "line-probes"))
        if self.root is not None:
            env["GAIA_COVERAGE_ROOT"] = str(self.root)
        return env

    def ran_a_test(self) -> bool:
        """Whether the measured run(s) started a test (the plugin's progress log)."""
        try:
            with open(self.progress, encoding="utf-8", errors="replace") as log:
                return any(line.startswith("> ") for line in log)
        except OSError:
            return False

    def collect(self) -> tuple[Path | None, str | None]:
        """The coverage report the measured run(s) wrote; (None, why) when there is none: a
        run that started no test (its collection failed, or found none) measured nothing,
        whatever coverage.py it has; else the plugin says why in the run's output."""
        if not self.measured:
            return None, "no pytest run was measured"
        if self.report.is_file():
            return self.report, None
        if not self.ran_a_test():
            return None, ("the test run ran no test (its collection failed or found none): "
                          "nothing was measured")
        return None, ("the test run wrote no coverage report (is coverage.py installed in its "
                      "Python? the run's stdout and stderr logs say why)")


def load_report(path: Path | None) -> tuple[dict[str, Any] | None, str | None]:
    if path is None:
        return None, "no coverage report"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return None, f"coverage report unreadable: {exc}"
    return (data if isinstance(data, dict) else None), None


def measure(project: Path, state_dir: Path, python: str, tests: Sequence[str],
            include: Sequence[str] = ()) -> tuple[Path | None, str | None]:
    """Run the story's tests once, measured (no tier configured); (the coverage report's
    path, or None and why)."""
    setup = CoverageSetup(state_dir, tuple(include), project)
    setup.reset()
    options = ["-q", "-p", "no:cacheprovider"]
    if pytest_config.pytest_cov_in(project, options):  # its threshold is the whole suite's
        options.append("--no-cov")
    argv = setup.wrap([python, "-m", "pytest", *options, *tests])
    assert argv is not None  # a `python -m pytest` command always takes the plugin
    run = proc.run_tool(argv, cwd=project, timeout=RUN_TIMEOUT_SECONDS, env=setup.env(),
                        contain=True)
    if run.error or run.timed_out:
        return None, f"the measured test run did not complete ({run.error or 'timed out'})"
    return setup.collect()


def contexts_of(report: Path | None) -> Path | None:
    """The contexts-by-file report the plugin wrote beside its coverage report."""
    if report is None:
        return None
    path = report.with_name("attribution-contexts.json")
    return path if path.is_file() else None
