from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core.errors import InvalidInput, MalformedFile
from gaia_lib.core.proc import run_tool
from gaia_lib.evidence import coverage_report as cr
from helpers.evidence import FIXTURES, copy_project, node_tools, run_python_project, sample
from helpers.tools import need

PY_SOURCE = (FIXTURES / "python" / "evcalc" / "parse.py").read_text()
JS_SOURCE = (FIXTURES / "js" / "src" / "parse.js").read_text()
JAVA_SOURCE = (FIXTURES / "java/src/main/java/com/example/evcalc/Parse.java").read_text()
GO_SOURCE = (FIXTURES / "go" / "parse.go").read_text()

PY_COVERED = (3, 6, 7, 8, 11, 12, 13, 16, 17, 18, 19, 20, 22, 23)
PY_MISSED = (9, 10, 21)
PY_HANDLERS = [
    cr.ErrorBranch("evcalc/parse.py", 9, "except"),
    cr.ErrorBranch("evcalc/parse.py", 20, "except"),
]


# --- real tool runs -----------------------------------------------------------------------------


def test_coveragepy_reports_from_a_real_run(tmp_path: Path) -> None:
    root = run_python_project(tmp_path)
    as_json = cr.parse_coveragepy_json((root / "cov.json").read_bytes())
    as_lcov = cr.parse_lcov((root / "cov.info").read_bytes())
    as_xml = cr.parse_cobertura((root / "cov.xml").read_bytes())
    for report in (as_json, as_lcov, as_xml):
        record = report.for_file("evcalc/parse.py")
        assert record is not None
        assert record.missed_lines == PY_MISSED
        # coverage.py's JSON also lists the docstring line (1) as executed.
        assert set(record.covered_lines) - {1} == set(PY_COVERED)
        assert [(a.line, a.taken) for a in record.branches] == [(11, True), (11, True)]
        assert cr.uncovered_error_branches(PY_SOURCE, record, "python") == PY_HANDLERS
    json_record = as_json.for_file("evcalc/parse.py")
    assert json_record is not None
    assert [a.branch for a in json_record.branches] == ["12", "13"]  # destination lines


@pytest.mark.slow
def test_jest_lcov_and_cobertura_from_a_real_run(tmp_path: Path) -> None:
    modules = node_tools()
    root = copy_project("js", tmp_path)
    result = run_tool(
        [str(modules / ".bin" / "jest"), "--rootDir", str(root), "--ci", "--coverage",
         "--coverageReporters=lcov", "--coverageReporters=cobertura"],
        cwd=root, timeout=180,
    )
    assert result.returncode == 1, result.stderr
    lcov = cr.parse_lcov((root / "coverage" / "lcov.info").read_bytes())
    cobertura = cr.parse_cobertura((root / "coverage" / "cobertura-coverage.xml").read_bytes())
    for report in (lcov, cobertura):
        record = report.for_file("src/parse.js")
        assert record is not None
        assert record.missed_lines == (8, 22)
        assert [(a.line, a.taken) for a in record.branches] == [
            (10, True), (10, True), (19, True), (19, False),
        ]
        assert cr.uncovered_error_branches(JS_SOURCE, record, "javascript") == [
            cr.ErrorBranch("src/parse.js", 7, "catch"),
        ]


def test_go_cover_profile_from_a_real_run(tmp_path: Path) -> None:
    go = need("go", "go is not installed; the committed profile is parsed below")
    root = copy_project("go", tmp_path)
    env = {"PATH": f"{Path(go).parent}:/usr/bin:/bin", "HOME": str(tmp_path),
           "GOCACHE": str(tmp_path / "gocache"), "GOFLAGS": "-mod=mod", "GOTOOLCHAIN": "local",
           "GOPATH": str(tmp_path / "gopath")}
    result = run_tool([go, "test", "-coverprofile=cover.out", "./..."], cwd=root, env=env,
                      timeout=300)
    assert result.returncode == 1, result.stderr
    report = cr.parse_go_cover((root / "cover.out").read_bytes())
    assert report.files == cr.parse_go_cover(sample("go-cover.out")).files


# --- committed samples --------------------------------------------------------------------------


def test_jacoco_sample() -> None:
    report = cr.parse_jacoco(sample("jacoco.xml"))
    assert report.files == (
        cr.FileCoverage(
            file="com/example/evcalc/Parse.java",
            covered_lines=(10, 14, 15, 17),
            missed_lines=(4, 11, 12),
            branches=(cr.BranchArc(14, "0", True), cr.BranchArc(14, "1", True)),
        ),
    )
    assert cr.uncovered_error_branches(JAVA_SOURCE, report.files[0], "java") == [
        cr.ErrorBranch("com/example/evcalc/Parse.java", 11, "catch"),
    ]


def test_go_cover_sample() -> None:
    report = cr.parse_go_cover(sample("go-cover.out"))
    assert report.files == (
        cr.FileCoverage("example.com/evcalc/parse.go", (10, 11, 12, 15, 16, 17, 18), (13, 14),
                        statements=(5, 6)),
    )
    assert report.for_file("parse.go") == report.files[0]  # suffix match
    assert cr.uncovered_error_branches(GO_SOURCE, report.files[0], "go") == [
        cr.ErrorBranch("example.com/evcalc/parse.go", 12, "err-check"),
    ]


def test_a_go_profile_counts_statements_as_go_does() -> None:
    """httprouter's path.go with its CleanPath test deleted: Go says 72% of its statements
    ran, while the lines its blocks span (their comments and blank lines too) say 73%. The
    statements are Go's figure; a block a second test binary lists again counts once, run
    where either ran it."""
    profile = ("mode: set\n"
               "example.com/router/path.go:21.31,23.16 2 1\n"  # the early return's test
               "example.com/router/path.go:23.16,25.3 1 1\n"
               "example.com/router/path.go:27.2,40.22 3 1\n"  # comments among its lines
               "example.com/router/path.go:40.22,52.4 4 0\n"
               "example.com/router/path.go:40.22,52.4 4 1\n"  # the same block, listed again
               "example.com/router/path.go:53.3,60.4 2 0\n")
    record = cr.parse_go_cover(profile).files[0]
    assert record.statements == (10, 12)
    assert (len(record.covered_lines), len(record.missed_lines)) == (31, 8)
    assert cr.parse_lcov("SF:a.py\nDA:1,1\nend_of_record\n").files[0].statements is None


@pytest.mark.parametrize(
    ("fmt", "name"),
    [("coveragepy-json", "coverage.json"), ("lcov", "coverage-lcov.info"),
     ("cobertura", "coverage-cobertura.xml")],
)
def test_coveragepy_samples_agree(fmt: str, name: str) -> None:
    record = cr.parse(fmt, sample(name)).for_file("evcalc/parse.py")
    assert record is not None
    assert record.missed_lines == PY_MISSED
    assert record.branches_taken == 2


def test_cobertura_sources_and_partial_branches() -> None:
    xml = (
        "<coverage><sources><source>/repo/src</source></sources><packages><package><classes>"
        '<class filename="a.py"><lines>'
        '<line number="1" hits="3" branch="true" condition-coverage="50% (1/2)"/>'
        '<line number="2" hits="0"/></lines></class>'
        '<class filename="a.py"><lines><line number="2" hits="1"/></lines></class>'
        "</classes></package></packages></coverage>"
    )
    report = cr.parse_cobertura(xml)
    assert report.sources == ("/repo/src",)
    assert report.files == (
        cr.FileCoverage("a.py", (1, 2), (), (cr.BranchArc(1, "0", True), cr.BranchArc(1, "1", False))),
    )


def test_lcov_merges_records_and_reads_untaken_dash() -> None:
    lcov = "SF:a.js\nDA:1,0\nBRDA:1,0,0,-\nend_of_record\nSF:a.js\nDA:1,2\nDA:2,0\nend_of_record\n"
    report = cr.parse_lcov(lcov)
    assert report.files == (cr.FileCoverage("a.js", (1,), (2,), (cr.BranchArc(1, "0.0", False),)),)


@pytest.mark.parametrize(
    ("fmt", "name"),
    [("coveragepy-json", "coverage.json"), ("lcov", "coverage-lcov.info"),
     ("cobertura", "coverage-cobertura.xml")],
)
def test_a_report_written_as_lcov_reads_back_to_its_lines_and_branches(
        fmt: str, name: str) -> None:
    report = cr.parse(fmt, sample(name))
    again = cr.parse_lcov(cr.to_lcov(report))
    assert [(r.file, r.covered_lines, r.missed_lines, [a.taken for a in r.branches])
            for r in again.files] == [
        (r.file, r.covered_lines, r.missed_lines, [a.taken for a in r.branches])
        for r in report.files]
    if fmt == "lcov":  # lcov's own branches keep their block and index
        assert again.files == report.files


# V8's lcov (vitest's default provider) as it wrote css-select's `querying.ts`: a branch record
# at each called function's first line and inside it, none for a function never called
V8_LCOV = ("SF:src/helpers/walk.ts\nFN:3,findAll\nFN:20,findOne\nFN:31,parentOf\n"
           "FNF:3\nFNH:2\nFNDA:4,findAll\nFNDA:0,findOne\nFNDA:9,parentOf\n"
           "DA:3,4\nDA:5,4\nDA:20,0\nDA:22,0\nDA:31,9\nDA:33,9\n"
           "BRDA:3,0,0,4\nBRDA:5,1,0,2\nBRDA:31,2,0,9\nBRDA:33,3,0,3\n"
           "BRF:4\nBRH:4\nend_of_record\n")


def test_v8_lcov_names_the_uncalled_functions_whose_branches_it_leaves_out() -> None:
    """css-select's review said `querying.ts` had "14 of 14 (100%) branches taken" with half
    its lines never run: V8 counts no branch of `findOne` and `getNextSiblings`, which no test
    called. The record keeps the functions FN / FNDA list, and names those two."""
    record = cr.parse_lcov(V8_LCOV).files[0]
    assert record.functions == ((3, "findAll", True), (20, "findOne", False),
                                (31, "parentOf", True))
    assert record.uncounted_functions == ("findOne",)
    # istanbul lists an uncalled function's branches as not taken: they are counted
    counted = cr.parse_lcov("SF:a.ts\nFN:2,unused\nFNDA:0,unused\nDA:2,0\n"
                            "BRDA:3,0,0,-\nend_of_record\n").files[0]
    assert counted.uncounted_functions == ()
    # lcov 2 writes the function's last line too
    two = cr.parse_lcov("SF:a.ts\nFN:2,9,unused\nFNDA:0,unused\nDA:2,0\nend_of_record\n")
    assert two.files[0].functions == ((2, "unused", False),)
    again = cr.parse_lcov(cr.to_lcov(cr.combined([cr.parse_lcov(V8_LCOV)]))).files[0]
    assert again.uncounted_functions == ("findOne",)


# V8's lcov of a file handing three callbacks to the same imported calls, as vitest writes it:
# V8 names them alike, and only the last one ran
_ALIKE_LCOV = ("SF:src/watch.ts\nFN:4,watch\nFN:9,__vite_ssr_import_0__.effect.defer\n"
               "FN:15,__vite_ssr_import_0__.effect.defer\nFN:21,__vite_ssr_import_0__.effect.defer\n"
               "FNF:4\nFNH:2\nFNDA:3,watch\nFNDA:0,__vite_ssr_import_0__.effect.defer\n"
               "FNDA:0,__vite_ssr_import_0__.effect.defer\n"
               "FNDA:2,__vite_ssr_import_0__.effect.defer\nDA:4,3\nDA:9,0\nDA:15,0\nDA:21,2\n"
               "end_of_record\n")


def test_lcov_functions_of_one_name_are_paired_with_their_calls_in_order() -> None:
    """solid-query's `createBaseQuery.ts` hands three callbacks to `createComputed(on(...))`,
    which V8 names alike: they had read as one function, called because the last one was,
    and the review said "4 of 13 functions never called" where the lcov lists 6 of 15."""
    record = cr.parse_lcov(_ALIKE_LCOV).files[0]
    assert [called for _, _, called in record.functions] == [True, False, False, True]
    assert [line for line, _, _ in record.functions] == [4, 9, 15, 21]
    again = cr.parse_lcov(cr.to_lcov(cr.parse_lcov(_ALIKE_LCOV))).files[0]
    assert again.functions == record.functions
    # a tool writing one FNDA for functions of one name: each is called when it counts a call
    one = cr.parse_lcov("SF:a.ts\nFN:2,f\nFN:8,f\nFNDA:1,f\nDA:2,1\nend_of_record\n")
    assert [called for _, _, called in one.files[0].functions] == [True, True]


# A barrel file that re-exports a store and its wrapper, and a store class with an unnamed
# method in istanbul's report: ts-jest's lcov as a jest run with coverage writes them.
_BARREL = """export type { Store } from "./Store";
export { Wrapping } from "./Wrapping";
export {
  MemoryStore,
} from "./MemoryStore";
export * from "./errors";
"""
_BARREL_LCOV = ("SF:src/index.ts\nFN:2,(anonymous_0)\nFN:3,(anonymous_1)\nFN:6,(anonymous_2)\n"
                "FNDA:0,(anonymous_0)\nFNDA:4,(anonymous_1)\nFNDA:0,(anonymous_2)\nDA:2,2\n"
                "DA:3,2\nDA:6,2\nend_of_record\n")
_STORE = """export class MemoryStore {
  constructor(private size = 10) {}

  async put(key: string) {
    return key;
  }

  clear() {
    this.items = [];
  }

  static sizeOf<V>(item: V) {
    return 1;
  }
  handlers = [() => {
    return 0;
  }];
}
"""
_STORE_LCOV = ("SF:src/MemoryStore.ts\nFN:2,(anonymous_0)\nFN:4,(anonymous_1)\n"
               "FN:8,(anonymous_2)\nFN:12,(anonymous_3)\nFN:15,(anonymous_4)\n"
               "FNDA:3,(anonymous_0)\nFNDA:3,(anonymous_1)\nFNDA:0,(anonymous_2)\n"
               "FNDA:0,(anonymous_3)\nFNDA:0,(anonymous_4)\nDA:2,3\nend_of_record\n")


def test_source_functions_leave_out_reexport_getters_and_name_anonymous_methods() -> None:
    """A re-export line's getters are no function of the source (keyvaluecache's `index.ts`
    had read "2 of 3 functions never called ((anonymous_0), (anonymous_2))"); a method
    istanbul calls `(anonymous_N)` is named as its line declares it (`clear`), else by its
    line."""
    barrel = cr.parse_lcov(_BARREL_LCOV).files[0]
    assert barrel.uncounted_functions == ("(anonymous_0)", "(anonymous_2)")
    assert cr.source_functions(barrel.functions, _BARREL) == ()
    store = cr.parse_lcov(_STORE_LCOV).files[0]
    named = cr.source_functions(store.functions, _STORE)
    assert named == ((2, "constructor", True), (4, "put", True), (8, "clear", False),
                     (12, "sizeOf", False), (15, "line 15", False))
    # a report with the functions' own names keeps them
    kept = ((4, "put", True), (99, "gone", False))
    assert cr.source_functions(kept, _STORE) == kept


_WATCH = """import { effect, on } from "./reactive"

export function watch(source, run) {
  effect(
    on(
      source,
      (value) => {
        run(value)
      },
    ),
  )
}
"""
_WATCH_LCOV = ("SF:src/watch.ts\nFN:3,watch\nFN:7,__vite_ssr_import_0__.effect.__vite_ssr_import_0__.on\n"
               "FNDA:1,watch\nFNDA:0,__vite_ssr_import_0__.effect.__vite_ssr_import_0__.on\n"
               "DA:3,1\nDA:7,0\nend_of_record\n")


def test_source_functions_name_a_function_vite_named_as_its_line_declares_it() -> None:
    """V8 names a callback handed to an imported call after vite's variable for the import
    (solid-query's `createBaseQuery.ts` had read "never called (...,
    __vite_ssr_import_2__.createComputed.__vite_ssr_import_2__.on.defer)"): no name of the
    source's, it is named by its line."""
    watch = cr.parse_lcov(_WATCH_LCOV).files[0]
    assert cr.source_functions(watch.functions, _WATCH) == (
        (3, "watch", True), (7, "line 7", False))


_SCHEDULE = """Schedule.prototype = {
  nextRun: function() {
    return this.runs.map(function(run) { return run + 1; });
  },
  stop: async () => { this.stopped = true; },
  pause: reason => reason,
};
"""
_SCHEDULE_LCOV = ("SF:lib/schedule.js\nFN:2,(anonymous_0)\nFN:3,(anonymous_1)\n"
                  "FN:5,(anonymous_2)\nFN:6,(anonymous_3)\nFNDA:0,(anonymous_0)\n"
                  "FNDA:0,(anonymous_1)\nFNDA:0,(anonymous_2)\nFNDA:0,(anonymous_3)\n"
                  "DA:2,0\nend_of_record\n")


def test_source_functions_name_an_object_literals_function_by_its_property() -> None:
    """A prototype written as an object literal (`nextRun: function() {`): istanbul calls its
    methods `(anonymous_N)`, and the report had named them by their lines (`line 2`); a
    callback inside one, on a line naming nothing, is still named by its line."""
    record = cr.parse_lcov(_SCHEDULE_LCOV).files[0]
    assert [name for _, name, _ in cr.source_functions(record.functions, _SCHEDULE)] == [
        "nextRun", "line 3", "stop", "pause"]


_MEMO = """export default function memo(fn) {
  return fn
}

memo.byKey = function (key) {
  return memo({ key })
}

memo.onExpire = async (callback) => memo({ callback })

memo.limit = limit => memo({ limit })
"""
_MEMO_LCOV = ("SF:src/memo.ts\nFN:1,memo\nFN:5,(anonymous_1)\nFN:9,(anonymous_2)\n"
              "FN:11,(anonymous_3)\nFNDA:1,memo\nFNDA:0,(anonymous_1)\nFNDA:0,(anonymous_2)\n"
              "FNDA:1,(anonymous_3)\nend_of_record\n")


def test_source_functions_name_a_function_by_the_member_it_is_assigned_to() -> None:
    """istanbul names `(anonymous_N)` a function assigned to a member of another
    (moize's `moize.matchesArg = function (argMatcher) {`): its line's member names it, as
    the source does, not `line 336`."""
    memo = cr.parse_lcov(_MEMO_LCOV).files[0]
    assert cr.source_functions(memo.functions, _MEMO) == (
        (1, "memo", True), (5, "memo.byKey", False), (9, "memo.onExpire", False),
        (11, "memo.limit", True))


_SUBSCRIBE = """export function subscribe(source, run) {
  watch(
    source,
    (value) => {
      if (value) {
        run(value)
      }
    },
  )
  cleanup(() => {
    if (source.closed) {
      return
    }
  })
}
"""
# V8 lists the callback at line 4 (never called) and not the one handed to `cleanup`, whose
# branches it counts
_SUBSCRIBE_LCOV = ("SF:src/subscribe.ts\nFN:1,subscribe\nFN:4,line4\nFNDA:1,subscribe\n"
                   "FNDA:0,line4\nDA:1,1\nDA:4,0\nDA:11,1\nBRDA:1,0,0,1\nBRDA:10,1,0,1\n"
                   "BRDA:11,2,0,0\nend_of_record\n")


def test_an_uncalled_js_function_ends_where_its_brackets_close() -> None:
    """solid-query's `createBaseQuery.ts`: the callback of `on(isRestoring, ...)`, never
    called, is followed by an `onCleanup(() => ...)` V8's lcov does not list; its branches
    had been counted as the callback's, and the report said "5 of them with no branch
    counted" where none of the six had one."""
    record = cr.parse_lcov(_SUBSCRIBE_LCOV).files[0]
    assert record.uncounted_functions == ()  # the next listed function is none
    ends = cr.js_last_lines(_SUBSCRIBE, [1, 4])
    assert ends == {1: 15, 4: 8}
    assert record.uncounted_within(ends) == ("line4",)
    # a closing bracket in a string or a comment closes nothing
    assert cr.js_last_lines("const f = () => {\n  log('}') // }\n}\n", [1]) == {1: 3}


_DELAY = """export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms))
"""
_DELAY_LCOV = ("SF:/w/src/delay.ts\nFN:1,(anonymous_0)\nFN:1,(anonymous_1)\n"
               "FNDA:0,(anonymous_0)\nFNDA:0,(anonymous_1)\nDA:1,1\nend_of_record\n")


def test_source_functions_name_a_second_function_of_a_line_as_inside_the_first() -> None:
    """istanbul lists an arrow and the arrow inside it on one line (minisearch's `wait`, whose
    promise callback sits on its line): the line's declared name is the outer one's, and the
    report read "never called (wait, wait)"."""
    delay = cr.parse_lcov(_DELAY_LCOV).files[0]
    assert cr.source_functions(delay.functions, _DELAY) == (
        (1, "pause", False), (1, "an inner function of pause", False))


_CATALOG = """export class Catalog {
  set sorter(value) {
    if (this._frozen) {
      throw Error('frozen');
    }
    this._sorter = value;
  }

  get sorter() {
    return this._sorter;
  }

  static get size() {
    return 0;
  }
}
"""
_CATALOG_LCOV = ("SF:lib/Catalog.js\nFN:2,(anonymous_0)\nFN:9,(anonymous_1)\n"
                 "FN:13,(anonymous_2)\nFNDA:0,(anonymous_0)\nFNDA:0,(anonymous_1)\n"
                 "FNDA:0,(anonymous_2)\nDA:2,0\nend_of_record\n")


def test_source_functions_name_an_accessor_with_get_or_set() -> None:
    """A getter and a setter of one property share its name: js-search's `Search.js` had read
    "never called (indexStrategy, indexStrategy, sanitizer, sanitizer, ...)", each name
    twice; each is named with the word that makes it one."""
    catalog = cr.parse_lcov(_CATALOG_LCOV).files[0]
    assert cr.source_functions(catalog.functions, _CATALOG) == (
        (2, "set sorter", False), (9, "get sorter", False), (13, "get size", False))
    # a method named `get` is no accessor
    assert cr.source_functions(((1, "(anonymous_0)", True),), "  get(key) {\n") == (
        (1, "get", True),)


def test_reports_combined_hit_what_either_hit() -> None:
    """One report's file and another's (a pytest tier's, a jest tier's) are both kept; a file
    both measure has a line covered, or a branch taken, where either has it."""
    python = cr.parse_coveragepy_json(
        '{"files": {"api/app.py": {"executed_lines": [1, 2], "missing_lines": [3], '
        '"executed_branches": [[2, 4]], "missing_branches": [[2, 3]]}}}')
    unit = cr.parse_lcov("SF:/w/web/codes.js\nDA:1,1\nDA:2,0\nBRDA:1,0,0,1\n"
                         "BRDA:1,0,1,0\nend_of_record\n")
    e2e = cr.parse_lcov("SF:/w/web/codes.js\nDA:1,1\nDA:2,3\nDA:3,0\nBRDA:1,0,0,0\n"
                        "BRDA:1,0,1,1\nend_of_record\n")
    merged = cr.parse_lcov(cr.to_lcov(cr.combined([python, unit, e2e])))
    assert [r.file for r in merged.files] == ["/w/web/codes.js", "api/app.py"]
    web, api = merged.files
    assert (web.covered_lines, web.missed_lines) == ((1, 2), (3,))
    assert [a.taken for a in web.branches] == [True, True]
    assert (api.covered_lines, api.missed_lines) == ((1, 2), (3,))
    assert sorted(a.taken for a in api.branches) == [False, True]


def test_for_file_is_none_when_ambiguous_or_absent() -> None:
    report = cr.parse_lcov("SF:a/x.py\nend_of_record\nSF:b/x.py\nend_of_record\n")
    assert report.for_file("x.py") is None
    assert report.for_file("c/y.py") is None
    assert report.for_file("a/x.py") is not None


# --- uncovered_error_branches -----------------------------------------------------------------


def _cov(covered: tuple[int, ...], missed: tuple[int, ...]) -> cr.FileCoverage:
    return cr.FileCoverage("f", covered, missed)


def test_python_handlers_ignore_strings_and_comments() -> None:
    source = (
        'MSG = """\nexcept this\n"""\n'   # 1-3
        "# except nothing\n"              # 4
        "try:\n"                          # 5
        "    x = 1\n"                     # 6
        "except KeyError: x = 2\n"        # 7 one-line handler
        "except (ValueError,\n"           # 8 multi-line header
        "        TypeError):\n"           # 9
        "    x = 3\n"                     # 10
    )
    assert cr.uncovered_error_branches(source, _cov((1, 5, 6), (7, 10)), "py") == [
        cr.ErrorBranch("f", 7, "except"), cr.ErrorBranch("f", 8, "except"),
    ]
    # Executed handlers and handlers the tool never measured are no evidence.
    assert cr.uncovered_error_branches(source, _cov((7, 10), ()), "python") == []
    assert cr.uncovered_error_branches(source, _cov((), ()), "python") == []


UNIT_SOURCES = {
    "python": (
        "import os\n"                              # 1
        "try:\n"                                   # 2 module level
        "    import fast\n"                        # 3
        "except OSError:\n"                        # 4
        "    fast = None\n"                        # 5
        "@register\n"                              # 6
        "class Email(Validator):\n"                # 7
        "    # the method, then its class\n"     # 8
        "    def __call__(self, value):\n"         # 9
        "        try:\n"                           # 10
        "            value.encode('idna')\n"       # 11
        "        except UnicodeError:\n"           # 12
        "            pass\n"                       # 13
        "\n"                                       # 14
        "async def fetch(url):\n"                  # 15
        "    try:\n"                               # 16
        "        return await get(url)\n"          # 17
        "    except TimeoutError:\n"               # 18
        "        return None\n"                    # 19
    ),
    "go": (
        "func (d *Decoder) decodeInt(name string) error {\n"  # 1
        "\tif err != nil {\n"                                 # 2
        "\t\treturn fmt.Errorf(\"%s: %w\", name, err)\n"      # 3
        "\t}\n"                                               # 4
        "}\n"                                                  # 5
        "func Decode(input any) error {\n"                     # 6
        "\tif err != nil {\n"                                 # 7
        "\t\treturn wrap(err)\n"                               # 8
        "\t}\n"                                               # 9
        "}\n"                                                  # 10
    ),
    "ts": (
        "export class FormApi {\n"                  # 1
        "  submit() {\n"                            # 2
        "    try { run() } catch (e) {\n"           # 3
        "      this.fail(e)\n"                      # 4
        "    }\n"                                   # 5
        "  }\n"                                     # 6
        "}\n"                                       # 7
        "export const parse = (s: string) => {\n"   # 8
        "  try { return JSON.parse(s) } catch {\n"  # 9
        "    return null\n"                         # 10
        "  }\n"                                     # 11
        "}\n"                                       # 12
    ),
}


GO_UNEXPORTED = (
    "func (p *Pointer) walk(doc any) {\n"           # 1
    "\tn, err := strconv.Atoi(tok)\n"              # 2
    "\tif err != nil {\n"                          # 3
    "\t\tp.err = fmt.Errorf(\"bad index %s\", tok)\n"  # 4
    "\t}\n"                                        # 5
    "}\n"                                           # 6
    "func (p *Pointer) Get(doc any) any {\n"       # 7
    "\tp.walk(doc)\n"                              # 8
    "}\n"                                           # 9
    "var walked = walk\n"                           # 10
    "func Delete(p *Pointer, doc any) {\n"         # 11
    "\tp.walk(doc)\n"                              # 12
    "}\n"                                           # 13
)


def test_a_go_handler_in_an_unexported_function_names_the_functions_calling_it() -> None:
    """gojsonpointer's index check sits in `implementation`, which no AC names; `Get`, `Set`
    and `Delete` call it, and the AC of its error names `Get`: the callers follow the
    function and its receiver's type, in the file's order."""
    found = cr.uncovered_error_branches(GO_UNEXPORTED, _cov((1, 2, 3, 7, 8), (4,)), "go")
    assert [(b.line, b.units) for b in found] == [(3, ("walk", "Pointer", "Get", "Delete"))]
    assert cr.go_callers(GO_UNEXPORTED.split("\n"), "Get") == []


@pytest.mark.parametrize(("language", "covered", "missed", "units"), [
    ("python", (1, 2, 3, 7, 9, 10, 11, 15, 16, 17), (5, 13, 19),
     [(4, ()), (12, ("__call__", "Email")), (18, ("fetch",))]),
    ("go", (1, 2, 6, 7), (3, 8), [(2, ("decodeInt", "Decoder")), (7, ("Decode",))]),
    ("ts", (1, 2, 3, 8, 9), (4, 10), [(3, ("FormApi",)), (9, ("parse",))]),
])
def test_each_handler_names_the_function_or_class_it_sits_in(
        language: str, covered: tuple[int, ...], missed: tuple[int, ...],
        units: list[tuple[int, tuple[str, ...]]]) -> None:
    # The narrowest first: a method before its class, a Go method before its receiver's type;
    # module-level code sits in none.
    found = cr.uncovered_error_branches(UNIT_SOURCES[language], _cov(covered, missed), language)
    assert [(b.line, b.units) for b in found] == units


def test_python_import_fallbacks_are_no_error_paths() -> None:
    source = (
        "try:\n"                                          # 1
        "    from contextlib import ExitStack\n"          # 2
        "except ImportError:\n"                           # 3
        "    from contextlib2 import ExitStack\n"         # 4
        "try:\n"                                          # 5
        "    import ujson as json\n"                      # 6
        "except (ImportError, ModuleNotFoundError) as e:\n"  # 7
        "    import json\n"                               # 8
        "try:\n"                                          # 9
        "    load()\n"                                    # 10
        "except (ImportError, OSError):\n"                # 11 not only a fallback
        "    pass\n"                                      # 12
    )
    assert cr.uncovered_error_branches(source, _cov((1, 2, 5, 6, 9, 10), (4, 8, 12)),
                                       "python") == [cr.ErrorBranch("f", 11, "except")]


def test_python_version_metadata_fallbacks_are_no_error_paths() -> None:
    """A package reading its own version from its installed metadata falls back when run
    from a checkout (`PackageNotFoundError`, pkg_resources' `DistributionNotFound`): which
    branch runs depends on how it was installed, not on a behaviour a story's tests drive."""
    source = (
        "from importlib import metadata\n"                 # 1
        "try:\n"                                           # 2
        "    __version__ = metadata.version('confbox')\n"  # 3
        "except metadata.PackageNotFoundError:\n"          # 4
        "    __version__ = 'unknown'\n"                    # 5
        "try:\n"                                           # 6
        "    release = pkg_resources.get_distribution('confbox').version\n"  # 7
        "except pkg_resources.DistributionNotFound:\n"     # 8
        "    release = None\n"                             # 9
        "def load(path):\n"                                # 10
        "    try:\n"                                       # 11
        "        return parse(path)\n"                     # 12
        "    except ValueError:\n"                         # 13
        "        return None\n"                            # 14
    )
    found = cr.uncovered_error_branches(source, _cov((1, 2, 3, 6, 7, 10, 11, 12), (5, 9, 14)),
                                        "python")
    assert [(b.line, b.caught) for b in found] == [(13, ("ValueError",))]


def test_python_except_star_handlers_are_read_as_except_handlers() -> None:
    """PEP 654's `except* X:` names what it catches as `except X:` does: an import fallback
    so written is left out, and the others keep their names."""
    source = (
        "try:\n"                                   # 1
        "    import ujson as json\n"               # 2
        "except* ImportError:\n"                   # 3
        "    import json\n"                        # 4
        "try:\n"                                   # 5
        "    load()\n"                             # 6
        "except* (ValueError, errors.Bad) as eg:\n"  # 7
        "    report(eg)\n"                         # 8
    )
    found = cr.uncovered_error_branches(source, _cov((1, 2, 5, 6), (4, 8)), "python")
    assert [(b.line, b.kind, b.caught) for b in found] == [(7, "except", ("ValueError", "Bad"))]


def test_python_source_that_does_not_tokenize_is_not_analysed() -> None:
    assert cr.uncovered_error_branches("try:\n  x = (\nexcept:\n", _cov((), (3,)), "python") == []


def test_brace_handlers_skip_promise_catch_strings_and_comments() -> None:
    source = (
        "try {\n"                                 # 1
        "  run();\n"                              # 2
        "} catch {\n"                             # 3 optional binding
        "  recover();\n"                          # 4
        "}\n"                                     # 5
        "p.catch(e => { log(e); });\n"            # 6 promise, not a block
        'const s = "catch (x) { }";\n'            # 7 string
        "// catch (y) {\n"                        # 8 comment
        "try { a(); } catch (e) { b(); }\n"       # 9 one line: covered with the try
    )
    assert cr.uncovered_error_branches(source, _cov((2, 6, 7, 9), (4,)), "ts") == [
        cr.ErrorBranch("f", 3, "catch"),
    ]


def test_go_else_if_err_check() -> None:
    source = 'if x {\n\ty()\n} else if err != nil {\n\treturn fmt.Errorf("y: %w", err)\n}\n'
    assert cr.uncovered_error_branches(source, _cov((1, 2, 3), (4, 5)), "go-dev") == [
        cr.ErrorBranch("f", 3, "err-check"),
    ]


@pytest.mark.parametrize(("language", "source", "missed", "handling"), [
    # Go: `return err` and `return nil, err` hand the error on; wrapping or keeping it handles it
    ("go", "if err != nil {\n\treturn err\n}\n", (2, 3), None),
    ("go", "if err := f(); err != nil {\n\treturn false, err\n}\n", (2, 3), None),
    ("go", "if err != nil {\n\treturn nil, fmt.Errorf(\"decoding: %w\", err)\n}\n", (2, 3), 1),
    ("go", "if err != nil {\n\terrs = append(errs, err)\n}\n", (2, 3), 1),
    # Python: a bare `raise`, or re-raising the caught exception by its name
    ("python", "try:\n    f()\nexcept KeyError:\n    raise\n", (4,), None),
    ("python", "try:\n    f()\nexcept KeyError as e:  # why\n    raise e\n", (4,), None),
    ("python", "try:\n    f()\nexcept KeyError as e:\n    raise ValueError(e)\n", (4,), 3),
    ("python", "try:\n    f()\nexcept KeyError:\n    log()\n    raise\n", (4, 5), 3),
    # JS / Java: throwing the caught error again
    ("ts", "try {\n  f();\n} catch (e) {\n  throw e;\n}\n", (4, 5), None),
    ("java", "try {\n  f();\n} catch (IOException e) {\n  throw e;\n}\n", (4, 5), None),
    ("ts", "try {\n  f();\n} catch (e) {\n  throw new ParseError(e);\n}\n", (4, 5), 3),
])
def test_a_handler_that_only_passes_the_error_on_is_no_error_path(
        language: str, source: str, missed: tuple[int, ...], handling: int | None) -> None:
    found = cr.uncovered_error_branches(source, _cov((1,), missed), language)
    assert [branch.line for branch in found] == ([handling] if handling else [])


def test_unknown_language() -> None:
    with pytest.raises(InvalidInput, match="unknown language 'cobol'"):
        cr.uncovered_error_branches("", _cov((), ()), "cobol")
    with pytest.raises(InvalidInput, match="unknown language 'cobol'"):
        cr.error_handlers("", "cobol")


def test_a_source_of_newer_syntax_still_has_its_handlers_found() -> None:
    """A project's Python may be newer than the review's: a source this Python cannot parse
    (`type` aliases, 3.12) is read by the tokenizer, to the same handlers."""
    source = ("type Pair = tuple[int, int]\n"  # 1
              "try:\n"                          # 2
              "    x = 1\n"                     # 3
              "except ValueError:\n"            # 4
              "    # say why\n"                 # 5
              "    x = 2\n"                     # 6
              "x += 1\n")                       # 7
    handlers = cr.error_handlers(source, "python")
    assert [(header, caught) for header, _, caught in handlers] == [(4, ("ValueError",))]
    assert 6 in handlers[0][1] and 7 not in handlers[0][1]
    assert cr.error_handlers("x = 1  # no handler: except in a comment\n", "python") == ()


def test_a_sources_error_handlers_are_read_from_its_text_alone() -> None:
    """What the branch check judges against a run's coverage, read with no run (a review
    reads it while its suite runs): each handler's header line, body lines and what it
    catches."""
    source = ("try:\n"                     # 1
              "    x = 1\n"                # 2
              "except (KeyError, os.error) as e:\n"  # 3
              "    x = 2\n"                # 4
              "    log(e)\n"               # 5
              "x += 1\n")                  # 6
    assert cr.error_handlers(source, "py") == ((3, (4, 5), ("KeyError", "error")),)
    go = "func f() {\n\tif err != nil {\n\t\treturn wrap(err)\n\t}\n}\n"
    assert cr.error_handlers(go, "go") == ((2, (3, 4), ()),)


# --- malformed and hostile input --------------------------------------------------------------


@pytest.mark.parametrize("fmt", cr.FORMATS)
@pytest.mark.parametrize(
    ("data", "message"),
    [(b"", "is empty"), (b"\x00\x01\x02binary", "is binary"), (b"\xc3\x28 bad", "not UTF-8")],
)
def test_unusable_bytes_are_refused(fmt: str, data: bytes, message: str) -> None:
    with pytest.raises(MalformedFile, match=message) as info:
        cr.parse(fmt, data, exit_code=4)
    assert info.value.exit_code == 4


@pytest.mark.parametrize(
    ("fmt", "name", "message"),
    [
        ("coveragepy-json", "coverage.json", "is truncated"),
        ("lcov", "coverage-lcov.info", "is truncated: record for"),
        ("cobertura", "coverage-cobertura.xml", "is truncated"),
        ("jacoco", "jacoco.xml", "is truncated"),
        ("go-cover", "go-cover.out", "is truncated"),
    ],
)
def test_truncated_reports_are_refused(fmt: str, name: str, message: str) -> None:
    data = sample(name)
    with pytest.raises(MalformedFile, match=message):
        cr.parse(fmt, data[: len(data) // 2 + 1])


def test_billion_laughs_cobertura_is_refused() -> None:
    bomb = (
        '<!DOCTYPE coverage [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<coverage><packages><package><classes><class filename="&b;"/></classes></package>'
        "</packages></coverage>"
    )
    with pytest.raises(MalformedFile, match="declares XML entities"):
        cr.parse_cobertura(bomb)


def test_oversized_report_is_refused() -> None:
    flood = b"SF:a.py\n" + b"DA:1,1\n" * (50 * 1024 * 1024 // 7)
    with pytest.raises(MalformedFile, match="too large"):
        cr.parse_lcov(flood)


@pytest.mark.parametrize(
    ("fmt", "data", "message"),
    [
        ("coveragepy-json", "[]", "no 'files' object"),
        ("coveragepy-json", '{"files": {"a.py": {"executed_lines": "1"}}}', "is not a list"),
        ("coveragepy-json", '{"files": {"a.py": {"executed_lines": [true]}}}', "expected a number"),
        ("coveragepy-json", '{"files": {"a.py": {"missing_branches": [[1]]}}}', "bad arc"),
        ("lcov", "DA:1,1\n", "data outside a record"),
        ("lcov", "SF:a\nSF:b\n", "SF inside an unfinished record"),
        ("lcov", "SF:a\nDA:x,1\nend_of_record\n", "expected a number"),
        ("lcov", "TN:\n", "no SF records"),
        ("lcov", "end_of_record\n", "end_of_record without SF"),
        ("cobertura", "<report/>", "not <coverage>"),
        ("cobertura", '<coverage><class filename="a"><lines><line number="1" hits="1" '
                      'branch="true" condition-coverage="half"/></lines></class></coverage>',
         "bad condition-coverage"),
        ("jacoco", "<coverage/>", "not <report>"),
        ("jacoco", '<report><package name="p"><sourcefile/></package></report>', "has no name"),
        ("go-cover", "a.go:1.1,2.2 1 1\n", "does not start with 'mode:'"),
        ("go-cover", "mode: set\nnot a block\nx.go:1.1,2.1 1 0\n", "malformed block \\(line 2\\)"),
        ("go-cover", "mode: set\nx.go:5.1,2.1 1 0\n", "ends before it starts"),
    ],
)
def test_malformed_reports(fmt: str, data: str, message: str) -> None:
    with pytest.raises(MalformedFile, match=message):
        cr.parse(fmt, data)


def test_unknown_format() -> None:
    with pytest.raises(InvalidInput, match="unknown coverage format 'gcov'"):
        cr.parse("gcov", "x")


@pytest.mark.parametrize(("language", "source", "names"), [
    ("python-dev", "import os\n\ndef set_key(p):\n    def inner():\n        pass\n\n\n"
                   "async def fetch():\n    pass\n\nclass Store:\n    def get(self):\n"
                   "        pass\n", ["set_key", "fetch", "Store"]),
    ("go-dev", "package p\n\nfunc Parse(s string) {}\n\nfunc (d *Decoder) decode() {}\n",
     ["Parse", "decode", "Decoder"]),
    ("ts-dev", "export function getQuery(u) {}\nexport const withQuery = (u) => u;\n"
               "class Parser {}\n  const local = 1;\n", ["getQuery", "withQuery", "Parser"]),
    ("bash-dev", "f() { :; }\n", []),
])
def test_the_names_a_source_declares_at_its_top_level(language: str, source: str,
                                                      names: list[str]) -> None:
    assert cr.declared(source, language) == names


def test_a_handler_names_the_exception_it_raises_in_place_of_the_one_it_caught() -> None:
    # natsort's key factory turns a TypeError from a bad `alg` into a ValueError: what reaches
    # the caller is the ValueError; raising again what it caught names nothing new.
    source = (
        "def make_key(alg):\n"                                      # 1
        "    try:\n"                                                # 2
        "        DEFAULT | alg\n"                                   # 3
        "    except TypeError:\n"                                   # 4
        "        msg = 'alg must be a flag'\n"                      # 5
        "        raise ValueError(msg + f', got {alg}')\n"          # 6
        "    try:\n"                                                # 7
        "        parts = split(alg)\n"                              # 8
        "    except KeyError as exc:\n"                             # 9
        "        raise KeyError(str(exc)) from exc\n"               # 10
        "    except OSError:\n"                                     # 11
        "        raise errors.Unreadable('no such file')\n"         # 12
    )
    found = cr.uncovered_error_branches(source, _cov((1, 2, 3, 7, 8), (5, 6, 10, 12)), "python")
    assert [(b.line, b.caught, b.raised) for b in found] == [
        (4, ("TypeError",), ("ValueError",)), (9, ("KeyError",), ()),
        (11, ("OSError",), ("Unreadable",))]


def test_a_handler_after_a_docstring_line_at_column_0_sits_in_its_method() -> None:
    # a doctest continued with a backslash puts a docstring line at column 0: it is no
    # module-level code, and the handler below is still the method's
    source = ('class Release:\n'
              '    @classmethod\n'
              '    def parse(cls, text):\n'
              '        """\n'
              "        >>> Release.parse('1.2.3-rc.1')\n"
              '        Release(major=1, minor=2, \\\n'
              "prerelease='rc.1')\n"
              '        """\n'
              '        try:\n'
              '            return cls(*text.split("."))\n'
              '        except TypeError:\n'
              '            raise ValueError(text)\n')
    assert cr.enclosing_units(source.splitlines(), 11, "python") == ("parse", "Release")
    # a file that does not parse keeps the rule of the column-0 line
    assert cr.enclosing_units([*source.splitlines()[:10], "        except TypeError"], 11,
                              "python") == ()


def test_a_handler_says_whether_it_hands_an_error_on() -> None:
    """One raising again or raising another hands it on; one returning a value keeps what it
    caught from the caller (polib's `_is_file`: `except (TypeError, ValueError): return
    False`), which no AC saying that exception is raised is about."""
    source = (
        "def is_file(value):\n"                                     # 1
        "    try:\n"                                                # 2
        "        return exists(value)\n"                            # 3
        "    except (TypeError, ValueError):\n"                     # 4
        "        return False\n"                                    # 5
        "    try:\n"                                                # 6
        "        check(value)\n"                                    # 7
        "    except KeyError:\n"                                    # 8
        "        log(value)\n"                                      # 9
        "        if strict:\n"                                      # 10
        "            raise\n"                                       # 11
        "    except OSError:\n"                                     # 12
        "        raise Unreadable(value)\n"                         # 13
    )
    found = cr.uncovered_error_branches(source, _cov((1, 2, 3, 6, 7), (5, 9, 10, 11, 13)),
                                        "python")
    assert [(b.line, b.hands_on) for b in found] == [(4, False), (8, True), (12, True)]


def test_a_go_err_check_names_the_error_it_returns_in_place_of_the_one_it_caught() -> None:
    # a form reader wraps a field's failed parse in its own error type: that type, or a named
    # error value, is what the caller gets; a message built by a call names none
    source = (
        "func (r *Reader) field(v reflect.Value, key, text string) error {\n"   # 1
        "\tif err := parseInto(v, text); err != nil {\n"                        # 2
        "\t\treturn FieldError{Key: key, Err: err}\n"                           # 3
        "\t}\n"                                                                 # 4
        "\tif n, err := strconv.Atoi(text); err != nil {\n"                     # 5
        "\t\treturn 0, ErrNotANumber\n"                                         # 6
        "\t}\n"                                                                 # 7
        "\tif err := check(v); err != nil {\n"                                  # 8
        "\t\treturn fmt.Errorf(\"reader: %s: %w\", err.Error(), err)\n"         # 9
        "\t}\n"                                                                 # 10
        "\treturn nil\n"                                                        # 11
        "}\n"                                                                   # 12
    )
    found = cr.uncovered_error_branches(source, _cov((1, 2, 5, 8, 11), (3, 6, 9)), "go")
    assert [(b.line, b.raised) for b in found] == [
        (2, ("FieldError",)), (5, ("ErrNotANumber",)), (8, ())]


def test_a_go_err_check_returning_an_unexported_error_variable_names_its_message() -> None:
    # a form reader's path parser refuses a non-numeric index with its own error variable:
    # known by its message, which an AC quotes; a returned local error names nothing
    source = (
        "var errBadPath = errors.New(\"form: bad path\")\n"                   # 1
        "\n"                                                                  # 2
        "func parsePath(key string) ([]int, error) {\n"                       # 3
        "\tif n, err := strconv.Atoi(key); err != nil {\n"                    # 4
        "\t\treturn nil, errBadPath\n"                                        # 5
        "\t}\n"                                                               # 6
        "\tif err := check(key); err != nil {\n"                              # 7
        "\t\treturn nil, wrapped(err)\n"                                      # 8
        "\t}\n"                                                               # 9
        "\treturn nil, nil\n"                                                 # 10
        "}\n"                                                                 # 11
    )
    found = cr.uncovered_error_branches(source, _cov((3, 4, 7, 10), (5, 8)), "go")
    assert [(b.line, b.raised) for b in found] == [(4, ("form: bad path",)), (7, ())]


_ERRORS = '''"use strict";
class NotFound extends Error {
    constructor() {
        super("no such key: it is not in the store");
    }
}
exports.NotFound = NotFound;
function lookup(store, key, fallback = null) {
    return key in store ? store[key] : fallback;
}
exports.lookup = lookup;
exports.keys = (store) => Object.keys(store);
'''
# istanbul's lcov (jest's default provider) of it: the constructor and `keys` never called
_ERRORS_LCOV = ("SF:dist/errors.js\nFN:3,(anonymous_0)\nFN:8,lookup\nFN:12,(anonymous_2)\n"
                "FNDA:0,(anonymous_0)\nFNDA:3,lookup\nFNDA:0,(anonymous_2)\n"
                "DA:4,0\nDA:9,3\nDA:12,0\nBRDA:8,0,0,1\nBRDA:9,1,0,2\nBRDA:9,1,1,1\n"
                "end_of_record\n")


def test_an_uncalled_js_function_with_no_branch_in_its_code_leaves_none_out() -> None:
    """A compiled error class whose constructor no test called: its code holds no branch, so
    the report's branch share leaves none of it out, and no function is named as one whose
    branches were not counted."""
    record = cr.parse_lcov(_ERRORS_LCOV).files[0]
    ends = cr.js_last_lines(_ERRORS, [line for line, _, _ in record.functions])
    assert cr.js_branchless(_ERRORS, ends) == {3, 12}
    assert record.uncounted_within(ends, cr.js_branchless(_ERRORS, ends)) == ()
    # a default value or a `?` is a branch; a `?` in a string is none
    assert cr.js_branchless("function f(a, b = 2) {\n  return a;\n}\n", {1: 3}) == frozenset()
    assert cr.js_branchless("const g = (a) => a ? 1 : 2;\n", {1: 1}) == frozenset()
    assert cr.js_branchless('const h = (a) => log("a ? b");\n', {1: 1}) == {1}
