"""Filters evaluated over literal tables: which keep no row, which may keep one."""

from __future__ import annotations

import sys

import pytest

from gaia_lib.evidence import row_filters

CASES = '''\
CASES = [("+1", 1), ("-2", -2), ("3", 3)]
EMPTY_WEEK = [c for c in CASES if "W" in c[0]]
SOME = [c for c in CASES if c[1] > 0]
GROWN = [("a", 1)]
GROWN.append(("W", 2))
'''


def test_python_tables_reads_literal_tables_and_the_names_given_an_empty_filter() -> None:
    rows, kept_none = row_filters.python_tables(
        CASES, ["CASES", "EMPTY_WEEK", "SOME", "GROWN"])
    assert rows["CASES"] == (("+1", 1), ("-2", -2), ("3", 3))
    assert "GROWN" not in rows  # changed after its assignment: not a literal table
    assert kept_none == frozenset({"EMPTY_WEEK"})


@pytest.mark.parametrize(("comprehension", "keeps_none"), [
    ("[c for c in CASES if c is None]", True),
    ("[c for c in CASES if len(c[0]) > 5]", True),
    ("[c for c in CASES if c[0].startswith('+')]", False),
    ("[c for c in CASES if not c[1]]", True),
    ("[c for c in CASES if compute(c)]", False),   # a call it cannot evaluate: no verdict
    ("[c for c in OTHER if c is None]", False),    # not a table it knows
    ("[c for c in CASES if c[1] is None]", True),
    ("[c for c in CASES if c[0] is '+9']", True),   # no row equals it: none is it
    ("[c for c in CASES if c[0] is not '+1']", False),
    ("[c for c in CASES if c[0] == '-2' and c[0] is '+1']", True),
    ("[c for c in CASES if c[0] == '+1' and c[0] is '+1']", False),  # identity not promised
])
def test_a_comprehension_keeps_no_row_only_when_every_row_fails_its_condition(
        comprehension: str, keeps_none: bool) -> None:
    rows = {"CASES": (("+1", 1), ("-2", -2), ("3", 3))}
    assert row_filters.keeps_no_row_text(comprehension, rows) is keeps_none


def test_js_filters_that_keep_no_row_are_written_to_keep_nothing() -> None:
    text = 'const cases = [["1", 1], ["2", 2]];\n'
    rows = row_filters.js_tables(text, top=True)
    assert rows == {"cases": (("1", 1.0), ("2", 2.0))}
    lines = ['test.each(cases.filter(([i]) => i.startsWith("+")))("%s", (i, n) => {',
             '  expect(parse(i)).toBe(n);', '});']
    assert row_filters.js_unkept_filters(lines, rows)[0] == (
        'test.each(cases.filter(() => false))("%s", (i, n) => {')
    kept = ['test.each(cases.filter(([i]) => i === "1"))("%s", (i, n) => {']
    assert row_filters.js_unkept_filters(kept, rows) == kept


OWN_TABLES = '''def test_emails(emails_fixture):
    cases = ["a@b.co", "x@y.org"]
    grown = [("a", 1)]
    grown.append(("!", 2))
    again = ("a",)
    again = load()
    shown = ("a",)
    print(shown)
    nested = [["a"], ["b"]]
    for row in nested:
        row.append("!")
    if flag:
        guarded = ("a",)
    for email in [c for c in cases if c.startswith("!")]:
        assert not valid(email)
    for row in [r for r in nested if "!" in r]:
        assert row
    assert len(cases) == 2
'''


def test_a_python_test_s_own_tables_are_literals_it_binds_once_and_only_loops_over() -> None:
    own, bound = row_filters.python_own_tables(OWN_TABLES.splitlines())
    # appended, assigned again, handed to a call, a list a loop may change, under an `if`:
    # not literal tables
    assert own == {"cases": (1, ("a@b.co", "x@y.org"))}
    assert bound is not None and {"emails_fixture", "cases", "grown", "again", "row", "email",
                                  "guarded"} <= bound


def test_a_python_test_s_own_tables_are_read_in_a_method_and_not_in_code_it_cannot_parse() -> None:
    method = ['    def test_x(self):', '        cases = (("a", 1),)',
              '        text = """', 'column zero', '"""']
    assert row_filters.python_own_tables(method)[0] == {"cases": (1, (("a", 1),))}
    assert row_filters.python_own_tables(["def test_x(:", "    cases = ()"]) == ({}, None)


def test_js_filters_whose_callback_spans_lines_are_written_to_keep_nothing_on_its_first() -> None:
    rows = {"cases": ({"n": 1.0}, {"n": 2.0})}
    block = ['  cases', '    .filter((c) => {', '      return c.n > 10;', '    })',
             '    .forEach((c) => expect(f(c)).toBe(c.n));']
    assert row_filters.js_unkept_filters(block, rows) == [
        '  cases', '    .filter(() => false)', '', '', '    .forEach((c) => expect(f(c)).toBe(c.n));']
    broken = ['  for (const c of cases.filter(', '    (c) =>', '      c.n > 10 && c.n < 20,',
              '  )) {']
    assert row_filters.js_unkept_filters(broken, rows) == [
        '  for (const c of cases.filter(() => false)) {', '', '', '']
    kept = [line.replace("> 10", "> 1") for line in block]
    assert row_filters.js_unkept_filters(kept, rows) == kept
    # a statement other than a `const` before its return, or a second argument: not read
    longer = [*block[:2], '      let big = 10;', '      return c.n > big;', *block[3:]]
    assert row_filters.js_unkept_filters(longer, rows) == longer
    this_arg = ['  cases.filter((c) => c.n > 10,', '    self).forEach(check);']
    assert row_filters.js_unkept_filters(this_arg, rows) == this_arg


LOOP_BRANCHES = '''    def test_x(self):
        cases = [("a", 1), ("b", 2)]
        rows = [["a"], ["b"]]
        for text, n in cases:
            if n > 5:
                assert parse(text) == n
            if n > 1:
                assert parse(text)
            if (n > 5
                    and text):
                assert parse(text) == n
        for row in rows:
            if row[0] == "!":
                assert row
            if row[0] == "?":
                assert row
        for text in CASES:
            if text.endswith("!"): assert parse(text)
'''


def test_a_python_branch_no_row_of_its_loop_s_table_meets_is_found_by_its_line() -> None:
    """Over the test's own table and its module's (`rows`); not a branch some row meets, a
    condition on more than one line, a branch on its `if`'s line, nor one after the first
    statement of a loop over rows a loop may change (lists)."""
    lines = LOOP_BRANCHES.splitlines()
    assert row_filters.python_unmet_branches(lines, {"CASES": ("a", "b")}) == {4, 12}
    assert row_filters.python_unmet_branches(lines, {}) == {4, 12}
    # the module's table named again by the test is another value
    assert row_filters.python_unmet_branches(
        [*lines, "        CASES = load()"], {"CASES": ("a", "b")}) == {4, 12}


@pytest.mark.parametrize(("callback", "keeps_none"), [
    ('function (c) { return c.startsWith("!"); }', True),
    ('function bang(c) {\n  return c.startsWith("!");\n}', True),
    ('function (c) { return c === "b"; }', False),
    ('(c): boolean => c.startsWith("!")', True),
    ('(c: string | undefined): c is string => c === "!"', True),
    ('(c: Array<[string, number]>) => c === "!"', True),
    ('(c: string, i: number) => i > 5', True),    # its index: no row at 5
    ('async (c) => c === "!"', False),                     # a promise: always kept
    ('(c) => { const p = c[0]; return p === "!"; }', True),
    ('(c) => {\n  const p: string = c[0]\n  const bang = p === "!"\n  return bang\n}', True),
    ('(c) => { const [head] = [c]; return head === "!"; }', False),  # an array built: not read
    ('({ n }) => { const big = 10; return n > big; }', True),
    ('(c) => { const p = c[0]; return p === "a"; }', False),
    ('(c) => { let p = c[0]; return p === "!"; }', False),
    ('(c) => { const p = parse(c); return p === "!"; }', False),
    ('(c) => { const c2 = c; const c2 = "!"; return c2 === "!"; }', False),
    ('(c) => { const c = "!"; return c === "!"; }', False),   # its parameter declared again
    ('(c) => { log(c); return c === "!"; }', False),
    ('(c) => { if (c) return false; return c === "!"; }', False),
])
def test_a_js_filter_s_function_typed_or_block_callback_is_read_for_each_row(
        callback: str, keeps_none: bool) -> None:
    """A `function`, a typed parameter or return, a block of `const` bindings before its
    `return`: read for each row; another statement, a second parameter or an `async`
    callback gives no verdict; a second parameter is the row's index."""
    rows = {"cases": ("a", "b"), "nums": ({"n": 1.0}, {"n": 2.0})}
    table = "nums" if callback.startswith("({ n })") else "cases"
    lines = [f"  {table}.filter({callback}).forEach(check);"]
    kept = row_filters.js_unkept_filters("\n".join(lines).split("\n"), rows)
    assert (kept[0] == f"  {table}.filter(() => false).forEach(check);") is keeps_none


def test_a_js_filter_comparing_two_arrays_by_identity_gives_no_verdict() -> None:
    """`c.a !== c.b` holds in JS for two arrays alike: equal rows do not tell."""
    rows = {"cases": ({"a": ("x",), "b": ("x",)},)}
    lines = ["  cases.filter((c) => c.a !== c.b).forEach(check);"]
    assert row_filters.js_unkept_filters(lines, rows) == lines
    assert row_filters.js_unkept_filters([lines[0].replace("!==", "===")], rows) == [
        lines[0].replace("!==", "===")]


NESTED_BRANCHES = '''def test_x():
    cases = ["a", "b"]
    for i, c in enumerate(cases):
        if c.startswith("!"):
            assert parse(c)
        if i > 5:
            assert parse(c)
        if i == 1:
            assert parse(c)
    for n, c in enumerate(cases, 1):
        if n == 0:
            assert parse(c)
        if n == 2:
            assert parse(c)
    for n, c in enumerate(cases, start=10):
        if n < 10:
            assert parse(c)
    for pair in enumerate(("a", "b")):
        if pair[1] == "!":
            assert parse(pair)
    for c in cases:
        try:
            if c.startswith("!"):
                assert parse(c)
        except ValueError:
            pass
        with open(c) as handle:
            if c == "!":
                assert handle
            if c == "a":
                assert handle
'''


def test_a_python_branch_under_enumerate_a_try_or_a_with_in_the_loop_is_read() -> None:
    """`enumerate(table)` binds each row with its position (from its start); an `if` in a
    `try:` or a `with` block of the loop's body is read as one of the body."""
    lines = NESTED_BRANCHES.splitlines()
    assert row_filters.python_unmet_branches(lines, {}) == {3, 5, 10, 15, 18, 22, 27}


BRANCH_IN_A_TRY_STAR = '''def test_x():
    for c in ["a", "b"]:
        try:
            if c.startswith("!"):
                assert parse(c)
        except* ValueError:
            pass
'''


@pytest.mark.skipif(sys.version_info < (3, 11), reason="`except*` is Python >= 3.11")
def test_a_python_branch_in_a_try_with_except_star_handlers_is_read() -> None:
    """A `try:` whose handlers are `except*` (PEP 654) holds its block as a `try:` with
    `except` handlers does."""
    lines = BRANCH_IN_A_TRY_STAR.splitlines()
    assert row_filters.python_unmet_branches(lines, {}) == {3}


REBOUND_BRANCHES = '''def test_x():
    cases = ["a", "b"]
    for i, c in enumerate(cases):
        with open(c) as c:
            if c == "a":
                assert parse(c)
    for i, c in enumerate(cases, step):
        if i == 9:
            assert parse(c)
    for i, c in enumerate(cases, start=1, x=2):
        if i == 9:
            assert parse(c)
    for c in cases:
        match c:
            case str() as c:
                pass
        if c == "!":
            assert parse(c)
    for c in cases:
        try:
            pass
        except ValueError as c:
            pass
        if c == "!":
            assert parse(c)
    for c in cases:
        import c
        if c == "!":
            assert parse(c)
'''


def test_a_python_branch_whose_row_the_loop_may_bind_again_or_whose_position_is_unknown() -> None:
    """A `with ... as`, a `case ... as`, an `except ... as` or an `import` of the loop's
    target binds it again; an `enumerate` start not a literal: no verdict."""
    lines = REBOUND_BRANCHES.splitlines()
    assert row_filters.python_unmet_branches(lines, {}) == frozenset()


CHANGEABLE_WITH = '''def test_x():
    for c in [["a"], ["b"]]:
        with patch(c):
            if c[0] == "!":
                assert parse(c)
'''
CHANGEABLE_TRY = '''def test_x():
    for c in [["a"], ["b"]]:
        try:
            log(c)
            if c[0] == "!":
                assert parse(c)
        except ValueError:
            pass
'''


def test_a_python_branch_over_rows_a_with_or_a_statement_before_may_change_is_not_read() -> None:
    """Rows a call may change (lists): a `with` before the branch, or a statement before it in
    its `try`, gives no verdict; the first statement of a `try` first in the loop is read."""
    assert row_filters.python_unmet_branches(CHANGEABLE_WITH.splitlines(), {}) == frozenset()
    lines = CHANGEABLE_TRY.splitlines()
    assert row_filters.python_unmet_branches(lines, {}) == frozenset()
    assert row_filters.python_unmet_branches([*lines[:3], *lines[4:]], {}) == {3}


@pytest.mark.parametrize(("callback", "keeps_none"), [
    ('(c, i) => i > 5', True),
    ('(c, i) => i === 1', False),                          # the second row's index
    ('(c, i) => i >= 0 && c === "!"', True),
    ('(c, i) => c.startsWith("!")', True),                 # the index unused
    ('(c, i,) => c === "!"', True),
    ('(text: string, i: number): boolean => i > 1 && text === "a"', True),
    ('function (c, i) { return i > 5; }', True),
    ('function (c, i) {\n  const at = i;\n  return at === 1;\n}', False),
    ('(c, i) => { const i = 9; return i > 5; }', False),   # its index declared again
    ('(c, i) => i == "0"', False),                         # a coercion: not read
    ('(c, i, all) => all.length > 5', False),              # the array itself: not read
    ('(c, i = 0) => i > 5', False),                        # a default: not read
    ('(c, [i]) => i > 5', False),                          # an index destructured
    ('(c, c) => c > 5', False),                            # one name twice
])
def test_a_js_filter_s_second_parameter_is_read_as_the_row_s_index(
        callback: str, keeps_none: bool) -> None:
    """`(c, i) =>` binds `i` to each row's position (0, 1, ...); a third parameter, a default
    or a pattern for the index gives no verdict."""
    lines = [f"  cases.filter({callback}).forEach(check);"]
    kept = row_filters.js_unkept_filters(
        "\n".join(lines).split("\n"), {"cases": ("a", "b")})
    assert (kept[0] == "  cases.filter(() => false).forEach(check);") is keeps_none


def test_a_js_condition_of_constants_alone_is_read() -> None:
    holds = row_filters.js_constant_condition
    assert holds('"hello" === "hello"') is True
    assert holds("'a' === 'b'") is False
    assert holds("!false && 2 > 1") is True
    assert holds("1 == '1'") is None  # JS's coercion decides
    assert holds("model.title === 'hello'") is None  # a name
    assert holds("f() === 1") is None


def test_a_js_table_s_cells_no_literal_writes_are_read_as_values_not_known() -> None:
    """destr's number table holds `0.300_000_000_000_000_04` and `Number.POSITIVE_INFINITY`:
    its rows are read, those cells as values not known, which only a condition reading them
    cannot tell."""
    text = ('const cases = [\n  { input: "9", output: 9 },\n'
            '  { input: "0.30000000000000004", output: 0.300_000_000_000_000_04 },\n'
            '  { input: "9.9e10000", output: Number.POSITIVE_INFINITY },\n'
            '  { input: "x", output: f(1, [2]) },\n];\n')
    rows = row_filters.js_tables(text, top=True)["cases"]
    assert [row["input"] for row in rows if isinstance(row, dict)] == [
        "9", "0.30000000000000004", "9.9e10000", "x"]
    keep = ['cases.filter((c) => CONDITION).forEach(check);']
    for condition, keeps_none in [("c.input === ''", True), ("c.output === 1", False),
                                  ("[c.output].includes(7)", False), ("c.input === '9'", False)]:
        kept = row_filters.js_unkept_filters([keep[0].replace("CONDITION", condition)],
                                             {"cases": rows})
        assert (kept[0] == "cases.filter(() => false).forEach(check);") is keeps_none


JS_LOOP_ROWS = [
    "  for (const c of cases) {", "    if (c.input) continue;",
    "    expect(f(c.input)).toBe(c.output);", "  }"]


@pytest.mark.parametrize(("lines", "written"), [
    # every row takes the `continue`: what follows is a block never run, closed with the loop
    (JS_LOOP_ROWS, ["  for (const c of cases) {", "    if (false) {",
                     "    expect(f(c.input)).toBe(c.output);", "  }}"]),
    ([*JS_LOOP_ROWS[:1], "    if (c.input) { continue; }", *JS_LOOP_ROWS[2:]],
     ["  for (const c of cases) {", "    if (false) {", "    expect(f(c.input)).toBe(c.output);",
      "  }}"]),
    ([*JS_LOOP_ROWS[:1], "    if (c.input.length > 0) {", "      continue;", "    }",
      *JS_LOOP_ROWS[2:]],
     ["  for (const c of cases) {", "    if (false) {", "", "",
      "    expect(f(c.input)).toBe(c.output);", "  }}"]),
    (["  cases.forEach(({ input }) => {", "    if (typeof input === 'string') return;",
      "    expect(f(input)).toBe(1);", "  });"],
     ["  cases.forEach(({ input }) => {", "    if (false) {", "    expect(f(input)).toBe(1);",
      "  }});"]),
    # a branch no row meets never runs
    ([*JS_LOOP_ROWS[:1], "    if (c.input === '') {", "      expect(f(c.input)).toBe(1);",
      "    }", "  }"],
     [*JS_LOOP_ROWS[:1], "    if (false) {", "      expect(f(c.input)).toBe(1);", "    }",
      "  }"]),
    # some rows take it, the code decides, or a statement before it may change the row
    ([*JS_LOOP_ROWS[:1], "    if (c.input === '9') continue;", *JS_LOOP_ROWS[2:]], None),
    ([*JS_LOOP_ROWS[:1], "    if (f(c.input)) continue;", *JS_LOOP_ROWS[2:]], None),
    ([*JS_LOOP_ROWS[:1], "    c.input = '';", *JS_LOOP_ROWS[1:]], None),
    # a jump with nothing after it, or a table the loop does not run over
    ([*JS_LOOP_ROWS[:2], "  }"], None),
    ([JS_LOOP_ROWS[0].replace("cases", "other"), *JS_LOOP_ROWS[1:]], None),
])
def test_a_js_loop_s_branch_is_read_for_each_row_of_its_table(
        lines: list[str], written: list[str] | None) -> None:
    """`if (c.input) continue;` in a loop over rows whose every `input` is a non-empty
    string: the loop's checks after it never run (`js_unmet_branches`)."""
    rows = {"cases": ({"input": "9", "output": 9.0}, {"input": "-9", "output": -9.0})}
    assert row_filters.js_unmet_branches(lines, rows) == (written or lines)


PY_SKIPS = '''def test_rows():
    cases = ["9", "-9"]
    for raw in cases:
        if raw:
            continue
        assert parse(raw)
        assert raw
    for raw in cases:
        if raw: break
        assert parse(raw)
    for raw in cases:
        if raw == "9":
            continue
        assert parse(raw)
    for raw in cases:
        if raw:
            continue
        else:
            assert parse(raw)
        assert raw
    for raw in cases:
        if raw:
            return 1
        assert parse(raw)
    for raw in cases:
        assert parse(raw)
        if raw:
            continue
'''


def test_a_python_branch_every_row_meets_going_on_to_the_next_row_is_found_with_what_follows(
        ) -> None:
    """`if raw: continue` (or `break`, a bare `return`) over rows each of which meets it: the
    loop's statements after it never run. Not one some row fails, one with an `else`, one
    returning a value, nor one with nothing after it."""
    lines = PY_SKIPS.splitlines()
    assert row_filters.python_skipping_branches(lines, {}) == {3: (5, 6), 8: (9, 9)}


PY_JUMPS = '''def test_fields():
    result = parse("P1Y")
    for field in fields(result):
        if hasattr(result, field) or not hasattr(result, field):
            continue
        assert getattr(result, field) == 1
    for field in fields(result):
        continue
        assert getattr(result, field) == 1
    while pending():
        if field == "a" or field != "a":
            break
        assert step() == 1
    for field in fields(result):
        if field.startswith("_"):
            continue
        assert getattr(result, field) == 1
    for field in fields(result):
        if hasattr(result, field) or hasattr(other, field):
            continue
        assert getattr(result, field) == 1
'''


def test_a_python_jump_always_taken_in_any_loop_is_found_with_what_follows() -> None:
    """isodate's test_parse weakened to per-field checks after `if hasattr(r, f) or not
    hasattr(r, f): continue`: a condition or-ed with its own negation holds whatever it reads,
    over any loop, as does a `continue` of its own. Not a condition on the data, nor two
    different calls or-ed."""
    lines = PY_JUMPS.splitlines()
    assert row_filters.python_skipping_branches(lines, {}) == {
        3: (5, 5), 7: (8, 8), 10: (12, 12)}


def test_a_js_table_and_a_condition_on_its_row_are_read() -> None:
    """`js_table` reads a `.each` table's rows (an escaped backslash in a string, `"a\\\\B"`,
    is a backslash then `B`: the row of scule's custom splitters), a cell of code as a value
    not known; `js_holds` reads a condition on one row's cells, `UNDEFINED` for a cell it
    lacks (`if (customSplitters)`), None where it cannot be read."""
    rows = row_filters.js_table('[\n  ["fooBar", ["foo", "Bar"]],\n  // custom\n'
                                '  ["foo\\\\Bar", ["foo", "Bar"], ["\\\\"]],\n  [f(1), 2],\n]')
    assert rows is not None and rows[:2] == (("fooBar", ("foo", "Bar")),
                                             ("foo\\Bar", ("foo", "Bar"), ("\\",)))
    assert rows[2] == (row_filters.OPAQUE, 2.0)
    assert row_filters.js_table("cases") is None and row_filters.js_table("[1] + x") is None
    holds = row_filters.js_holds
    assert holds('input !== "fooBar"', {"input": "fooBar"}) is False
    assert holds('input !== "fooBar"', {"input": "FOOBar"}) is True
    assert holds("seps", {"seps": row_filters.UNDEFINED}) is False
    assert holds("seps", {"seps": ("\\",)}) is True
    assert holds("isWindows", {"seps": ("\\",)}) is None
    assert holds("seps", {"seps": row_filters.OPAQUE}) is None
