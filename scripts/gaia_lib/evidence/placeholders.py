"""The one placeholder-test detector: tests that look like tests but verify nothing.

Two views of the same patterns, both pure:
- `scan_lines(text, language)`: upstream's line detector (`placeholder-test-detector.sh`), one
  hit per non-comment line, first pattern wins, in this order:
    `expect(true|false)`                          -> expect_boolean_literal
    `assert True|False`                           -> assert_boolean_literal
    `assert_true(` / `assert_false(`              -> assert_true_false_helper
    test.todo, test.skip, it.skip, xit, xdescribe, xcontext, describe.skip (+ `(`) -> that token
    one-line empty `it|test(..., () => {})`, `@test "..." {}`               -> empty_block
- `classify(case)`: is one discovered test a placeholder, and why. A placeholder never covers
  an acceptance criterion; the review reports it as a finding. A test is a placeholder when
    * it is switched off in its source, unconditionally: a skip / todo / xfail marker on the
      test itself (`@pytest.mark.skip`, `@pytest.mark.xfail`, `@unittest.skip`, `it.skip(`,
      `test.todo(`, `xit(`, `@Disabled`, `@Ignore`, a table of no rows: `test.each([])`,
      `test.each(cases.filter(() => false))`, on one line or with its table on lines of its
      own (`test.each(` / `  cases.filter(() => false),` / `)("row %s", ...`), a pytest
      `parametrize` by `[c for c in CASES if False]`, or by a comprehension over a literal
      table that no row meets: `[c for c in CASES if c is None]`, CASES a module's list
      holding no None, ...) or a skip call as a top-level statement of its body
      (`pytest.skip(...)`, `self.skipTest(...)`, `t.Skip()`, bats `skip`); or, JS/TS, a
      group around it switched off (`describe.skip(`, `describe.todo(`, `xdescribe(`,
      `xcontext(`): a test named at run time in it (`test(t.input, ...)` in a loop over a
      table) is one whose skipped runs the runner names by their rows, not by its source,
      so its group's marker is what shows it; a skip inside a condition is a real test that
      sometimes skips, not a placeholder;
    * its body is empty (`pass`, `...`, `{}`, only comments or a docstring; said "its code is
      commented out" where a `//` / `#` line or a line inside a `/* ... */` block is code); a
      Python body
      starts after its signature, however many lines that takes (`) -> None:`), and is read
      as Python reads its indentation (`pyast.dedent`: a body at `\t    ` under a `def` at
      four spaces had not parsed, and a test that does not parse may check); a JS/TS
      arrow of one expression (`it("x", () => f())`) is a block returning it (`return f()`;
      a check returned is read as the check); a JS/TS table test's table, over lines or not
      (`test.each([` / rows / `])("%s", (a, b) => {`), is its declaration's, no statement
      of its body: its function's body is read as a plain test's;
    * every statement of its body is trivial: a boolean-literal assertion (`assert True`,
      `expect(true).toBe(true)`, typed `expect<boolean>(true).toBe(true)` alike,
      `assertTrue(true)`, `XCTAssertTrue(true)`), `pass`, `return`,
      bats `true` / `:`, or a block that never runs (`if false { t.Fatal(...) }`, `if !true {`,
      `if (false) {...}`, `if False:` / `if 0:`, a condition and-ed with false with no `or`
      beside it: `if (x && false)`, `if x and False:`, a random number out of its range:
      `Math.random() > 1`, `random.random() < 0`, a length below zero, Go's
      `len(os.Args) > 100`: `go test` hands its test binary a few flags; Python's
      `if __name__ == "__main__":`, the runner imports a test module): a check that cannot
      fail checks nothing (Go: nor `assert.True(t, len(v) >= 0)`, so `v, _ := f()` checked
      only so never reports a failure);
    * (bats) no statement after its first `run <command>` (its whole body, without one) is a
      check that can fail it: `run` keeps the status and output for checks the test never
      makes. A check is a `[ ]` / `[[ ]]` / `test`, an `assert_*` / `refute_*` / `assert` /
      `flunk` / `fail` call, `run -1 cmd` / `run ! cmd`, a call of a function it can see that
      can fail, or any other command (it fails the test); not `echo`, `printf`, `:`, `true`,
      `local`, `export`, `set`, `cd`, an assignment or a condition. A check is neutralised, and
      the reason names its line, when it is only text (`: assert_success x`,
      `echo 'assert_success x'`), runs in the background (`... &`), is negated by `!` and is
      not the test's last statement (bats ignores that status), has its failure dropped (`||
      :`, `|| true`, `|| echo ...`, a subshell `( ... ) || :` too), follows `set +e` and is not
      the last statement, reads only the `status` / `output` / `lines` the test itself set
      after its `run` (`output=1.9.3` then `assert_success "1.9.3"`) or by a `run` of what it
      wrote itself (`run echo 1.9.3`, `printf`, `true`), cannot fail (`_CANNOT_FAIL`,
      a glob anything matches: `[[ $output == * ]]`, a comparison or-ed with its negation, an
      `-o` with a constant truth: `-o 1 -eq 1`, `assert true`), or calls a function redefined
      to do nothing: one whose body is only such statements, `:`, `return 0` and calls of such
      functions (`assert_success() { :; }` in the test; `flunk() { return 0; }` in its file or
      in the helper it loads, `load test_helper`: rbenv's `assert_success` fails only through
      `flunk`). The test's own functions are read as code that never runs unless it calls
      them; one of its file's, after its `load` lines, hides the loaded helper's. With no
      check, the reason names a check that never runs (`if false; then`, after `return 0`),
      sits in a function it never calls or is commented out; else its `run`;
    * a statement after a bare `return` at the body's top level, and a one-statement branch
      under a constant-false condition without braces (`if (false) expect(...)`, on its line
      or the next), never run; in JS/TS and Python neither does one after the statement of
      any `return` there (`return validator.validate(x);` then `expect(...)`: a promise
      returned without the checks chained to it; the lines that go on with it, and a JS
      `function` declared after it, which is hoisted, run), nor, in JS/TS, after an `if` of
      constants alone that returns (`if ("a" === "a") return;`, read by
      `row_filters.js_constant_condition`), or in the block of one (`if (1 < 2) {`). A
      JS/TS block is the one its braces make, however it is indented
      (`testcases.brace_indented`: `if (false) {` or `try {` with its checks at its own
      level);
    * (Python, JS/TS) it has checks (`assert`, `raises`, `expect(`, `assert.x(`, `.should`),
      but none that runs can fail: each sits in code that never runs or is a boolean-literal
      assertion (`parse(x)` then `assert True`; `const d = decode(t)` then
      `if (false) expect(d.typ)...` or `return;` before the checks). A test with no check at
      all is not judged by this rule;
    * (JS/TS, its file read) it checks nothing of any kind: no `expect`, `assert`, `should`,
      `fail(` or `throw`, no `done` callback, testing-library query that throws
      (`getByText`), ava's `t.is(...)`, `.rejects` / `.resolves` or driver chain (`cy.`,
      `page.`, `request(app)`), no call named for a check or a test helper, nor of a function
      its file defines whose body may check (through another too: css-select's
      `parseSortStringify` parses, sorts and prints a selector, and checks nothing), one it
      imports from a checking library (chai, sinon, @testing-library/...) or from a module of
      the tests' side (`./helpers`, `__fixtures__`, `test-utils`), or one its file never
      binds (a set-up file's global): card-validator's month table test with its `expect`
      taken out, `expirationMonth(exp)` for every row. A name it imports from the story's
      own code (a File List source: `placeholders(code=...)`) is that code, not a check,
      whatever it is named: inject-stylesheet's `validate("")`, its `validateSelector`
      imported `as validate`, had read as a check with its `expect` taken out.
      Unless its own title (not its groups', which name the code: `validateSelector`) or
      comments say not throwing is what it checks ("does not throw", "works", "gracefully";
      not "should handle hours", which names the case whose result it checks), a
      comment holds a type check (`// @ts-expect-error`), its file is one of type tests
      (`*.test-d.ts`) or has a hook after each test (`afterEach`) at its top level or in a
      group around the test, whose checks may be the tests' (a hook in another group runs
      after none of its tests; one that may not check, `afterAll(fetchMock.restore)`, checks
      for none);
    * (Python, its file read) it checks nothing of any kind: no `assert`, no `raise`, no call named
      for a check (`self.assertX`, `pytest.raises`, `pytest.deprecated_call`, `fail`,
      `mock.assert_called...`, `check_output`, `verify(...)`: `_PY_CHECK_WORD`), no `check=True`,
      no call of a parameter (a fixture), no
      `self.x(...)` of a method its file does not define (a base class's; a name a class of the file
      binds, `unidecode = staticmethod(unidecode)`, is defined there, and checks where what it binds
      does), and no name of a function or method of its file that checks (through another too) nor
      one it imports from a module of test helpers (`conftest`, `tests.`, `helpers`, a relative
      import from its own directory): `for raw, normalized in pairs: normalize_hex(raw)`; a `try`
      whose `except ValueError: pass` is all its error check. A test whose name says not raising is
      what it checks (`test_parses_valid`, `test_import_tz`, `test_accepts_key`,
      `test_supports_weakref`, `test_no_error`),
      or whose docstring or comments do ("would raise", "doesn't raise", "regression", "bug #110"),
      is left alone;
    * (Go) it can never report a failure: no `t.Error` / `Fatal` / `Fail` call, no helper or
      assertion library handed its *testing.T (an asserter made from it, `is :=
      assert.New(t)`, is one only where the test calls it or hands it on: `_ = is` checks
      nothing), no panic (`_, _ = Split(s)` only shows that
      Split does not crash; a call of an exported `Must` function, `_ = MustParse(s)`, panics
      where the code fails, by Go's convention: it can fail, where it is not handed the
      *testing.T, `testenv.MustHaveGoBuild(t)`, a helper; not a panic a function it defers
      drops: `_go_swallows_panics`), before a return always taken: a bare `return` at its top
      level, or one directly inside a top-level `if` whose condition is always true (`if true {
      return }`, `if 1 == 1 {`, `if 2 > 1 {`, `if x || true {` with no `&&`, `if !debug {` of
      a false constant, a length not below zero); a return under a condition on data, in a
      closure, a subtest's func or a block within the `if`, leaves a real test, as do the
      checks made before it (a deferred one too: it runs on the return). It checks no value;
      what it does check is said: nothing where it calls no code (its checks taken out, and
      the calls of the code they made with them: `_go_calls_nothing`; a method called on a
      value it builds in place, `(v{1}).Bleach()`, is a call of code), else that its code
      returns without panicking (a call that never
      returns hangs it until `go test`'s timeout fails it), and where it waits for what its
      code must deliver (`wg.Wait()`, `<-ch`, not in a goroutine it leaves or a `select` with a
      `default`), that this comes (`_go_returns_only`). A test whose name or comments say
      that is what it checks ("won't block if not read from", "must not crash",
      `TestNoPanic`) is left alone, as a Python test saying it does not raise;
    * (Python) it returns a value and checks nothing (no assert, no `raises`, no `fail(`):
      pytest runs it and ignores what it returns (`def test_suite(): return suite`, a
      unittest `load_tests` suite that pytest collects as one empty test).
Code that never runs, for these rules, is also: a function the test defines, at its top level
or in a block of it (a loop's body), and never calls nor hands on (`def check():`,
`const verify = () => {`, `check := func() {`,
`const check = () => expect(x).toBe(1);`, a JS mock of a callback, whose callback runs only
when the mock is called: `const check = vi.fn(() => {`, `jest.fn(function () {`; `void check`
is no call, nor is a check that it exists, `expect(check).toBeDefined()`, which cannot fail,
nor a check of a mock's calls, `expect(check).toHaveBeenCalledWith(1)`, of which one that it
was not called, `.not.toHaveBeenCalled()`, `toHaveBeenCalledTimes(0)`, cannot fail either;
not a decorated one, which what it
registers may call, nor a method of a class the test defines), and a Go function literal it
keeps in a collection nothing reads but its declaration, more appends and its length
(`subtests = append(subtests, func(t *testing.T) {`: `_go_kept_closures_dead`); a loop over
a collection that is empty where it is written or declared and never filled (`for c in
[]:`, `cases.forEach` over `const cases = []`, `([] as number[]).forEach(`,
`[].forEach((x) => expect(...))` on one line, a Go goroutine the test never waits for (no
`wg.Wait()`, channel receive, `select` or sleep), a Go `range` over `[]struct{...}{}` or
`map[K]V{}`, a Python dict's `for k, v in cases.items():` over `cases = {}`), sliced to
nothing (`cases[:0]`) or filtered to nothing whatever its rows (`[c for c in CASES if False]`,
`cases.filter(() => false)`, a JS chain `.filter(() => false).forEach(...)`) or by a condition
no row of a literal table meets (Python: a comprehension over a list or tuple of literals its
module gives a name once and never changes, or writes in place, its condition read for each
row: `[c for c in CASES if "W" in c[0]]`, or one the test gives a name of its own by a
statement of its body before the loop, binds nowhere else and only loops over:
`cases = ["a@b.co"]` then `for e in [c for c in cases if c.startswith("!")]:`, and a branch
of a loop over such a table no row meets, `for c in cases:` (or `for i, c in
enumerate(cases):`, each row with its position) then `if c.startswith("!"):`, in the loop's
body or a `try:` or `with` block of it, its `else` and what follows it left running, and
what follows in the loop's body a branch every row meets that goes on to the next row (`if
c: continue`: `row_filters.python_skipping_branches`), and in any loop what follows a
`continue` or `break` always taken (of its own, or under a condition that holds whatever it
reads: `if hasattr(r, f) or not hasattr(r, f): continue`); JS: a
`.filter(...)` over a `const` array of literals its file or the test writes and never changes:
`cases.filter(([i]) => i.startsWith("+"))`, its callback, on one line or several (a block
`(c) => {` / `return c.n > 10;` / `}`, an expression broken over lines, `function (c) {`,
types aside: `(c: string): boolean =>`, `const p = c[0];` bindings before the `return`, a
second parameter bound to the row's index: `(c, i) => i > 5`), read for each row as JS reads
it; and a loop's branch: `for (const c of cases) {` or `cases.forEach((c) => {` then an `if`
no row meets, or one every row meets that goes on to the next row, `if (c.input) continue;`,
leaving what follows it in the loop never run: `row_filters.js_unmet_branches`; a condition
calling the test's code, or a table a
fixture, a class or the test names again, appends to or hands on, is not read), or a
counting loop that runs no time (`for (let i = 0; i < 0; i++)`, `range(0)`); a Python block
expecting the error a failed assertion raises (`with pytest.raises(Exception):`,
`AssertionError`, `BaseException`, `self.assertRaises(Exception)`) that holds an assertion:
the test passes exactly when that assertion fails (its reason says so); a `try`
whose handler drops the failure (a catch that is empty or only logs or returns, or, where
the try checks, only checks the caught error exists: `expect(e).toBeDefined()`,
`toBeInstanceOf(Error)`, which the failed assertion is; a finally that returns); in JS/TS,
a promise chain ending in a `.catch` that drops what it catches (`.catch(() => undefined)`),
a check handed to a helper of the test or its file that calls it in such a try (`soft(() =>
expect(x).toBe(1))` with `const soft = (fn) => { try { fn() } catch {} }`), or to a helper
of its file or of a module of its project it imports it from (`imported_swallowing_helpers`)
that makes its checks and calls the functions it is handed only inside one `try` whose catch
neither throws nor hands the error to a call but a `console` one's (chrono-node's
`testSingleCase`, `_checks_only_in_dropping_try`; a test that also calls a helper named as a
check or a test's, `testUnexpectedResult(...)`, that neither swallows nor cannot fail still
checks: `_live_helper_check`), a call of a
check helper of the test, its file or a module of its project it imports it from
(`imported_noop_checks`) that can fail nothing (`noop_checks`: named as a check,
`check(errors.length === 0)` with `function check(_c: boolean) { /* TODO */ }`; no call but a
`console` one's and no `throw` in it; not a generic one, whose types are its check) read as a
check that cannot fail,
an `expect(...)` of the test's or its file's own `expect`, or of one it imports from a module
of its project that the project defines (`export const expect = (x) => ({ toBe() {} })`,
`new Proxy(() => noop, { get: () => noop })` of nothing the module imports; one
handing on a package's is the runner's: `export { expect } from "@playwright/test"`,
`base.extend(...)`, `test.expect`, `chai.expect`; `imported_expect_origin`, the modules
`check_modules` reads), and a `setTimeout` callback, an async function called at once
(`(async () => { ... })();`), or
a `.then(...)` or an `expect(p).resolves` / `.rejects` check neither awaited, returned nor
kept, at the test's top level, in a test with
no `done` parameter, no fake timers and no `await` or `return` after it (its check runs
after the runner counted the test as passed), and a `switch` on a literal, or on the
`typeof` of one (a name holding one too), none of whose labels (all literals, no
`default`) matches it (`switch ("a") { case "b": }`,
`switch (typeof 1) { case "string": }`); and a block under a constant its file declares false
at the top level (JS/TS `const DEBUG = false`, Go's `const`). A name given an immutable literal by a
top-level statement reads as that literal until it is assigned again, when every assignment of
it is a top-level statement: `result = f(x)` then `result = "a"` then `assert result == "a"`
compares a literal with itself; in Python and JS/TS so does a name a top-level statement gives a
table of constants (`expected = ["a", "b"]`; JS/TS: an array or object of literals, any deep,
`const expected = { a: "c", d: [1] };`) that no code hands on, every other line naming it a
check comparing it (`assert expected == ["a", "b"]`, `expect(expected).toEqual(["a", "b"])`
beside a swallowed check of the code). In JS/TS, a check of a value the test builds from its
own constants alone, against such values, compares constants too: a name one statement of the
test declares with literals and other such names (`const stripped = { ...expected }`, `a +
1`: no call, no parameter, nothing the code returned) and that it hands to no code (every
other line naming it declares another such name from it, deletes or sets one of its members,
or checks it with no call), `expect(stripped.title).toEqual("hello")`
(`_own_data_checks_trivial`). A member a top-level statement gives a literal
(`model.title = "hello"`) reads as it up to the next line naming its object other than to
give another of its members a literal (a call may change it): `if (model.title === "hello")
return;` returns whatever the code does. Not in Python where the story's code defines that
member as a property (`@property def fuzzy`, `fuzzy = property(...)`; `FileScope.properties`):
giving it a value runs the setter and reading it the getter, so `entry.fuzzy = True` then
`self.assertTrue(entry.fuzzy)` checks the code. A reason quotes a statement without its `;`,
cut at 60 characters, `…` where it goes on.
A JS/TS or Go name given another's value at the top level
(`const b = a`, `b := a`, `x ? a : a`) reads as that name (JS: while it is not assigned again;
Go, which copies: up to the next line naming it), so `expect(a).toBe(b)` and
`want := err; if err != want` compare a value with itself; so does a Go name given the call
the `if` right after it compares it with, or gives another name just before
(`then_literals.same_calls_resolved`: `want := Join(x)` then `if got := Join(x); got !=
want`, or `got := Join(x)`, `want := Join(x)`, `if got != want`), and a Go value overwritten
by another before the checks of its block (`then_literals.go_overwritten_read`: `v = test.v`
then `if v.Compare(test.v) != 0`). A check that a top-level
early return already guards (`if (r !== "a") return;` then `expect(r).toBe("a")`; Python's
`if r != x: return` then `assert r == x`) cannot fail.
Python's own: a `try:` whose `except AssertionError` (or `Exception`, or bare; `except*`
alike) only passes, prints or logs, and `with suppress(AssertionError):` (or `Exception`);
`while False:`; a `return` inside a top-level `if True:`; a module name the file assigns
`False` once; a module table declared empty and never filled; a `try` whose `finally`
returns, breaks or continues (it drops the AssertionError its block, handlers or `else`
raised: `_python_finally_return_dead`); a block under a condition on the platform
(`sys.platform`, `os.name`, `platform.system()`) that the run's (`FileScope.platform`, the
review's `sys.platform`: it runs the tests) does not meet (`if sys.platform == "win32":` on
linux; what follows a return taken on it, `if sys.platform != "win32": return`), in a test
that sets no platform (nor its file: `monkeypatch.setattr(sys, "platform", ...)`) and takes no
fixture, which may set it, but its `parametrize` values and the runner's plain ones
(`_platform_kept`); the reason names the platform and the condition. In every language, a
block under a condition on an environment variable its run does not set (`environ`, as
`run_environ` counts it; `if os.getenv("SLOW"):`, `if (process.env.SLOW)`,
`if os.Getenv("SLOW") != ""`), and what follows a return taken when it is not set
(`if (!process.env.SLOW) return;`); the test's reason then names the variable. A block under
a condition that `CI` is not set (`if (!process.env.CI) {`) never runs either: every review
run sets it (`ALWAYS_SET`), unless the test file sets or unsets it itself. Likewise a Go
condition on `testing.Short()`, where the run's `-short` is known (`FileScope.short`,
`_go_short_read`): a return under `if testing.Short() {` in a `-short` run.
Checks that are always true: a block expecting an error that raises it itself at its top level
(`with self.assertRaises(ValueError):` or `with pytest.raises(ValueError):`, no message to
match, holding `raise ValueError(value)`), a non-empty string or number, `not False`,
`x or True`, a tuple (`assert (x, "msg")`), `isinstance(x, object)` (or a tuple of types
holding `object`), `all()` of nothing, `== mock.ANY`, arithmetic on constants, a check of
constants alone that holds (`assert 2 > 1`, `self.assertEqual(3, 3)`,
`self.assertGreater(2, 1)`; JS's `expect(2).toBeGreaterThan(1)`), `pytest.approx(x, rel=1)`
or a wider tolerance, a comparison or-ed with its negation (`a == b or a != b`,
`a === b || a !== b`); in Python, read with `ast` (`_always_truthy`, an `assert` or
`assertTrue` alone on its lines): a generator (`assert (r == e for _ in [0])`), a lambda, a
non-empty list, tuple, set or dict display (`assert [r == e]`), a bool asked to be True or
False (`assert (r == e) in (True, False)`), a function the test defines or a lambda it
binds once, not called (`check = lambda: r == e` then `assert check`), anything or-ed with
such a value or with a parameter bound only so whose every `parametrize` row is such a value
(a non-empty string:
`assert r == e or durationstring`; its table written in place or its file's, kept unchanged,
`FileScope.tables`), not a comprehension, which may be empty; in JS a pattern or predicate
anything meets (`toMatch(/.*/)`, `toMatch('')`, `toSatisfy(() => true)`), a value or-ed with
a truthy literal (`expect(x || "a").toBeTruthy()`), a negation or a `typeof` asked to exist
(`expect(!x).not.toBeNull()`: a boolean is never null) and a function itself asked to be truthy
or defined (`expect(() => parse([])).toBeTruthy()`: every function is, and nothing calls it), and
a check that a mock the test makes (`const fn = vi.fn()`) and hands to nothing was called
after the test called it itself, at its top level (`fn("a")` then `toHaveBeenCalled()`,
`toHaveBeenCalledWith("a")`, as many times):
the test checks its own calls (a mock the code under test may call is a real check). So with a
mock its file makes outside it, in a block holding the test (`const fn = vi.fn()` at the top
level or in its `describe`; `let fn` there, made `fn = vi.fn()` in a `beforeEach` or `beforeAll`
of such a block, its block or its one expression: `beforeEach(() => { fn = jest.fn() })`,
`beforeEach(() => (fn = vi.fn()))`), when no code that may run for the test hands it on: every
other line naming it declares it, makes it, sets it up (`fn.mockReturnValue(1)`), calls it or
checks it (`expect(fn)`); passed as an argument (by its hook too), kept in an object, named in a
`vi.mock` factory or as a fixture, given another value, it is handed on, and a real object's spy
(`vi.spyOn`) is no mock made here. Code that never runs for the test is another test's own
function and a hook (`beforeEach`, `afterAll`, ...) of a block not holding the test, in a file
with no `concurrent` (given another value, it is handed on for every test: the other test may
run first): its function a block or one expression (`beforeEach(() => render(fn))`,
`it("x", () => render(fn))`), a table test's too (`it.each(rows)("x %s", (n) => {`), but not a
hook's other argument nor a table test's table, which run as the file is read. Its calls are
counted (`toHaveBeenCalledTimes`) only when a `beforeEach` makes it anew and nothing else calls
it but statements of tests' own bodies (a block's, a table test's, a test's one expression; in a
file with no `concurrent`); calls forgotten in
between (`fn.mockClear()`, `vi.clearAllMocks()`) leave a real check.
In Go a condition never true (`!reflect.DeepEqual(x, x)`, `a != b && a == b`, a value
compared with itself by a method or a function: `v.Compare(v) != 0`, `v.NE(v)`,
`!v.Equal(v)`: `then_literals.GO_DEAD_BLOCK`), and an assertion library's check of a value
against itself (`assert.Equal(t, x, x)`).
A Python value asked to equal itself (`self.assertEqual(u, u)`) cannot fail unless the code
under test defines `__eq__` (`placeholders(own_eq=True)`): `==` runs that method then, and the
check fails where it is not reflexive (hyperlink's `test_identicalEqual`); an identity check
(`assertIs(u, u)`) never can.
A test with a trivial assertion beside real ones is not a placeholder (the line detector still
reports the line); of those, a JS/TS test calling `expect(...)` with no matcher after it is
named by `unfinished_expects` (its first such call and how many), which the review warns of:
a matcher taken out of `expect(() => parse('P1.5Y')).toThrow();` leaves a call that checks
nothing while the test's other checks keep it counted. A Python test calling a skip
decorator's maker in its body (`return unittest.skip("msgfmt not found")`, `pytest.mark.skip(
...)`: it makes a decorator and skips nothing) is named by `skips_nothing`, which the review
warns of: where the test returns it, it passes having checked nothing (polib's
`test_save_as_mofile` without `msgfmt` on PATH); whether it did in this run no reading of its
file can tell, and the run's measurement can (`attribution.returned`).

`caught_only` (a check of a matched test, not a placeholder rule): a test whose every check sits
where an error is caught, in a try that passes when nothing is thrown, or in a promise's
`.catch(...)` callback; the review counts it for no AC.

`scan_path` is the one function here that reads files: a file, or a directory walked for
the files whose path reads as a test file's (`TEST_PATH`: upstream's set, nothing pruned,
each path shown from the directory as given, sorted), for the command.
"""

from __future__ import annotations

import ast
import bisect
import os
import posixpath
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from gaia_lib.core import pyast
from gaia_lib.core.lazyre import AnyPattern
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import js_imports, row_filters, table_rows, testcases, then_literals
from gaia_lib.evidence.testcases import TestCase, brace_block_end

LANGUAGE_OF_SUFFIX = {
    ".py": "python", ".js": "js", ".jsx": "js", ".mjs": "js", ".cjs": "js", ".ts": "js",
    ".tsx": "js", ".go": "go", ".bats": "bats", ".java": "java", ".kt": "java",
    ".dart": "dart", ".swift": "swift", ".c": "c", ".cc": "c", ".cpp": "c",
}
# The upstream detector's --dir walk: files whose path reads as a test file's (matched on the
# whole path as shown, as `find -regex` does), nothing pruned.
TEST_PATH = lazy_re(r".*\.(?:test|spec)\.(?:ts|tsx|js|jsx|mjs|cjs)|.*\.bats|.*_test\.(?:py|go)"
                       r"|.*test_.*\.py|.*Test\.java|.*\.dart")

# --- upstream's line patterns, in its order (on the line less its leading white space) ------

_LINE_PATTERNS: tuple[tuple[AnyPattern, str | None], ...] = (
    (lazy_re(r"expect\((?:true|false)\)"), "expect_boolean_literal"),
    (lazy_re(r"^assert\s+(?:True|False)(?:\s*$|\s*[,;#])"), "assert_boolean_literal"),
    (lazy_re(r"\bassert_(?:true|false)\s*\("), "assert_true_false_helper"),
    # None: the matched token itself names the pattern
    (lazy_re(r"(?<![A-Za-z0-9_])(test\.todo|test\.skip|it\.skip|xit|xdescribe|xcontext|"
                r"describe\.skip)\s*\("), None),
    # a one-line empty callback, with parameters or `async` before its arrow
    (lazy_re(r"\b(?:it|test)\([^)]*,\s*(?:\([^)]*\)|async)\s*=>\s*\{\s*\}"),
     "empty_block"),
    (lazy_re(r'^@test\s+"[^"]*"\s*\{\s*\}\s*$'), "empty_block"),
)
_COMMENT_LINE = lazy_re(r"^(?:#|//|\*)")  # on the stripped line, as upstream skips them


@dataclass(frozen=True)
class LineHit:
    line: int  # 1-based
    pattern: str


def language_of(path: str) -> str | None:
    return LANGUAGE_OF_SUFFIX.get(PurePosixPath(path).suffix.lower())


def scan_lines(text: str) -> list[LineHit]:
    """Upstream's per-line detector: the first matching pattern of each non-comment line."""
    hits = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        if _COMMENT_LINE.match(stripped):
            continue
        for pattern, name in _LINE_PATTERNS:
            match = pattern.search(stripped)
            if match:
                hits.append(LineHit(number, name or match.group(1)))
                break
    return hits


# --- per-test classification ------------------------------------------------------------------


def _switched_off(marker: str) -> str:
    """How a marker switches a test off: an expected failure (`xfail`, `expectedFailure`,
    vitest's `it.fails`: the test runs and its failure is the pass) or a skip."""
    expected = ("xfail" in marker or "expectedFailure" in marker
                or marker.endswith((".fails", ".failing")))
    return "marked as an expected failure" if expected else "skipped"

# The reason a skip gives, as its first argument (`t.Skip("not ready")`, `pytest.skip(reason=
# "x")`, bats `skip "x"`): a string written in place, not one built (`t.Skipf("%d", n)` keeps
# its format); a JS `it.skip("title")` has no reason, its string is the title.
_SKIP_SAID = lazy_re(r"""\s*\(?\s*(?:(?:reason|msg)\s*=\s*)?(?P<q>["'`])"""
                     r"""(?P<said>(?:\\.|(?!(?P=q)).)*)(?P=q)""")


def _skip_said(after: str, width: int = 60) -> str:
    """`: "<reason>"` for the string a skip call or marker is given first (`after`: what
    follows its name), cut at `width`; "" where it is given none."""
    found = _SKIP_SAID.match(after)
    if found is None or not found.group("said").strip():
        return ""
    said = found.group("said").strip()
    return f': "{said[:width]}…"' if len(said) > width else f': "{said}"'


# A marker on the test itself (its declaration or the decorator / annotation lines above it).
_SOURCE_SKIP_MARKERS: dict[str, AnyPattern] = {
    "python": re.compile(r"@pytest\.mark\.(?:skip|xfail)\b(?!if)|@unittest\.(?:skip|"
                         r"expectedFailure)\b(?!If|Unless)|"
                         # a table filtered to nothing: pytest skips an empty parameter set
                         r"@pytest\.mark\.parametrize\(.*,\s*\[[^\[\]]*\bfor\b[^\[\]]*\bif\s+"
                         r"(?:False|None|0)\s*\]\s*[,)]"),
    "js": lazy_re(r"(?<![\w.])(?:(?:it|test|describe)\.(?:each|for)\(\s*(?:\[\s*\]|"
                     r"[\w$.]+\.filter\(\s*(?:\(\s*[^()]*\)|[\w$]+)\s*=>\s*false\s*\))"
                     r"(?:\s+as\s+[^()]*(?:\([^()]*\))?[^()]*)?\s*,?\s*\)|"
                     r"(?:it|test|describe)\.(?:skip|todo|fails|failing)(?:\.(?:each|for))?|"
                     r"x(?:it|test|describe|context))\s*[(`]"),
    "java": lazy_re(r"@(?:Disabled|Ignore)\b"),
    "dart": lazy_re(r"\bskip:\s*(?:true|['\"])"),
    "swift": lazy_re(r"\bXCTSkip\b"),
    "go": lazy_re(r"(?!)"),
    "bats": lazy_re(r"(?!)"),
    "c": lazy_re(r"\bTEST\s*\(\s*\w+\s*,\s*DISABLED_"),  # GoogleTest's disabled prefix
}
# A skip call as a statement of the body; it counts when it sits at the body's top level.
_BODY_SKIP_CALLS: dict[str, AnyPattern] = {
    "python": re.compile(r"^(?:pytest\.(?:skip|xfail)|self\.skipTest)\s*\("),
    "go": lazy_re(r"^t\.Skip(?:Now|f)?\s*\("),
    "bats": lazy_re(r"^skip\b"),
    "js": lazy_re(r"^(?:ctx\.|context\.|t\.)?skip\s*\("),
    "java": lazy_re(r"^(?:Assumptions\.)?(?:assumeTrue|assumeFalse)\s*\(\s*(?:true|false)"),
    "dart": lazy_re(r"(?!)"),
    "swift": lazy_re(r"^throw\s+XCTSkip\b"),
    "c": lazy_re(r"^(?:TEST_IGNORE(?:_MESSAGE)?|GTEST_SKIP)\s*\("),  # Unity, GoogleTest
}
_TRIVIAL_STATEMENT = re.compile(
    r"^(?:pass|\.\.\.|return|true|:|"
    r"assert\s+(?:True|1)\s*(?:,.*)?|"
    r"self\.assertTrue\(\s*True\s*\)|"
    r"expect\(\s*(?:true|1)\s*\)\.(?:toBe|toEqual|toStrictEqual)\(\s*(?:true|1)\s*\)|"
    r"expect\(\s*true\s*\)\.toBeTruthy\(\s*\)|"
    r"(?:Assert\.|Assertions\.)?assertTrue\(\s*true\s*\)|"
    r"XCTAssertTrue\(\s*true\s*\)|"
    r"expect\(\s*true\s*,\s*isTrue\s*\)|"
    r"assert\.(?:ok|isTrue)\(\s*true\s*\)|"
    r"TEST_ASSERT(?:_TRUE)?\(\s*(?:1|true)\s*\)|"
    # a Go test file's own helper handed `t` and a true literal (`assert(t, true)`)
    r"(?:assert|check|expect|ok)\(\s*t\s*,\s*(?:true|!false)\s*\)|"
    # Python values that are always true: a non-empty string, a non-zero number, `not False`,
    # anything `or True`, `isinstance(x, object)`, `all()` of nothing
    r"assert\s+(?:not\s+(?:False|None|0)|\"[^\"]+\"|'[^']+'|[1-9]\d*)\s*(?:,.*)?|"
    r"assert\s+.+\bor\s+(?:True|1)|"
    r"(?:self\.)?assertTrue\(\s*(?:[1-9]\d*|\"[^\"]+\"|'[^']+')\s*\)|"
    r"assert\s+isinstance\(.*,\s*(?:object|\([^()]*(?<![\w.])object\s*(?:,[^()]*)?\))\s*\)\s*(?:,.*)?|"
    r"(?:self\.)?assertIsInstance\(.*,\s*(?:object|\([^()]*(?<![\w.])object\s*(?:,[^()]*)?\))\s*\)|"
    r"assert\s+all\(\s*(?:\[\s*\]|\(\s*\)|.*\bfor\b.*\bin\s+(?:\[\s*\]|\(\s*\)))\s*\)\s*(?:,.*)?"
    r")\s*;?$"
)
# A check that cannot fail: a literal compared with itself (`self.assertIn("x", "x")`,
# `assert 1 == 1`, `expect("a").toBe("a")`), bats' `[ "$status" -ge 0 ]`, a JS `expect(x)`
# with no matcher, `expect.assertions(0)`, and type-only checks (`expectTypeOf`,
# `assertType`), which `vitest run` never fails.
_LITERAL = r"(?:\"[^\"]*\"|'[^']*'|-?\d+(?:\.\d+)?|true|false|True|False|None|null)"
_CANNOT_FAIL = re.compile(
    r"^(?:self\.)?assert(?:Equal|Equals|In|Is|StrictEqual|DeepEqual|ItemsEqual|CountEqual)?"
    rf"\(\s*(?P<a>{_LITERAL})\s*,\s*(?P=a)\s*(?:,[^,]*)?\)|"
    rf"^assert\s+(?P<b>{_LITERAL})\s*(?:==|in|is)\s*(?P=b)\s*(?:,.*)?|"
    rf"^expect\(\s*(?P<c>{_LITERAL})\s*\)\.(?:toBe|toEqual|toStrictEqual|toContain)"
    r"\(\s*(?P=c)\s*\)|"
    r"^\[\[?\s*\"?\$\{?status\}?\"?\s+-ge\s+0\s*\]\]?|"
    r"^expect\.assertions\(\s*0\s*\)|"
    r"^(?:expectTypeOf|assertType)\b|"
    # a value compared with itself: `expect(r).toEqual(r)`, `assertEqual(x, x)`, bats'
    # `[ "$status" -eq "$status" ]`, `assert_equal "$x" "$x"`
    r"^expect\((?P<d>[^()]+(?:\([^()]*\))?)\)\.(?:toBe|toEqual|toStrictEqual)\((?P=d)\)|"
    r"^(?:self\.)?assert(?:Equal|Equals|Is|StrictEqual|DeepEqual)\(\s*(?P<g>[\w.]+)\s*,"
    r"\s*(?P=g)\s*\)|"
    r"^(?:assert\s+)?\[\[?\s*(?P<e>\"?\$?\{?[\w#]+\}?\"?)\s+(?:-eq|-ge|-le|=|==)\s+(?P=e)"
    r"\s*\]\]?|"
    r"^(?:assert\s+)?\[\[?\s*-n\s+\"?\$\{?status\}?\"?\s*\]\]?|"  # status is never empty
    # matchers that accept anything, and arithmetic on constants
    r"^expect\(.*\)\.(?:toMatchObject\(\s*\{\s*\}\s*\)|toEqual\(\s*expect\.anything\(\)\s*\))|"
    r"^expect\(\s*[\d\s+*/.()-]+\)\.(?:toBe|toEqual|toStrictEqual)\(\s*-?[\d.]+\s*\)|"
    # a length or count is never negative
    r"^expect\([^;]*\.(?:length|size)\s*\)\.(?:toBeGreaterThanOrEqual\(\s*0\s*\)|"
    r"not\.toBeLessThan\(\s*0\s*\))|^assert\s+len\([^;]*\)\s*>=\s*0\s*(?:,.*)?$|"
    r"^assert_equal\s+(?P<f>\S+)\s+(?P=f)\s*$|"
    # a pattern or predicate anything meets, a value or-ed with a truthy literal, a condition
    # or-ed with its own negation
    r"^expect\(.*\)\.toMatch\(\s*(?:/\^?\.\*\$?/[a-z]*|\"\"|'')\s*\)|"
    r"^expect\(.*\)\.toSatisfy\(\s*(?:\(\s*[\w$]*\s*\)|[\w$]+)\s*=>\s*true\s*\)|"
    r"^expect\(.*\|\|\s*(?:\"[^\"]+\"|'[^']+'|[1-9]\d*|true)\s*\)\.(?:toBeTruthy|toBeDefined|"
    r"not\.toBeNull|not\.toBeUndefined|not\.toBeFalsy)\(\s*\)|"
    # a negation or a `typeof` asked to exist: a boolean or a type's name is never null nor
    # undefined (chrono-node's `expect(!result).not.toBeNull()`), a type's name never falsy
    r"^expect\(\s*!+\s*[\w$.?\[\]'\"]+(?:\([^()]*\))?\s*\)\.(?:toBeDefined|not\.toBeNull|"
    r"not\.toBeUndefined)\(\s*\)|"
    r"^expect\(\s*typeof\s+[\w$.?\[\]]+\s*\)\.(?:toBeDefined|toBeTruthy|not\.toBeNull|"
    r"not\.toBeUndefined|not\.toBeFalsy)\(\s*\)|"
    # a function itself asked to be truthy or defined (`expect(() => parse([])).toBeTruthy()`,
    # the `toThrow` check written with another matcher): every function is, and none is called
    r"^expect\(\s*(?:async\s+)?(?:function\b|(?:\([^()]*\)|[\w$]+)\s*=>)(?s:.*)\)\s*\.\s*"
    r"(?:toBeTruthy|toBeDefined|not\.toBeNull|not\.toBeUndefined|not\.toBeFalsy)\(\s*\)\s*;?\s*$|"
    r"^expect\(\s*(?P<h>[^|&()]+?)\s*===?\s*(?P<i>[^|&()]+?)\s*\|\|\s*(?P=h)\s*!==?\s*(?P=i)\s*\)"
    r"\.(?:toBe\(\s*true\s*\)|toBeTruthy\(\s*\))|"
    r"^expect\(\s*(?P<j>[^|&()]+?)\s*!==?\s*(?P<k>[^|&()]+?)\s*\|\|\s*(?P=j)\s*===?\s*(?P=k)\s*\)"
    r"\.(?:toBe\(\s*true\s*\)|toBeTruthy\(\s*\))|"
    r"^assert\s+(?P<l>[^=!]+?)\s*==\s*(?P<m>[^=!]+?)\s+or\s+(?P=l)\s*!=\s*(?P=m)\s*(?:,.*)?$|"
    # Python: arithmetic on constants, `mock.ANY` (equal to anything), a tolerance of 100%
    # or more (`pytest.approx(x, rel=1)`: anything from 0 to twice x, and more)
    r"^assert\s+.*\bapprox\(.*\brel\s*=\s*(?:[1-9]\d*(?:\.\d*)?|\d+e\+?\d+)\s*[,)].*$|"
    r"^assert\s+[\d\s+*/.()-]+==\s*-?[\d.]+\s*(?:,.*)?$|"
    r"^assert\s+.*==\s*(?:unittest\.)?(?:mock\.)?ANY\s*(?:,.*)?$|"
    r"^(?:self\.)?assertEqual\(.*,\s*(?:unittest\.)?(?:mock\.)?ANY\s*\)$|"
    r"^\[\[?\s*\"?\$\{?#\w+\}?\"?\s+-ge\s+0\s*\]\]?|"
    # a shell check that cannot fail the test: `[ ... ] || true`, `|| :`, `|| echo ...`
    r"^(?:\[\[?\s|(?:assert\w*|refute\w*|test)\b).*\|\|\s*(?::|true|echo\b[^|&]*)$"
)


_TYPE_ONLY = lazy_re(r"^(?:expectTypeOf|assertType)\b")
TYPE_ONLY = ": type checks, which a run without --typecheck never fails"
OWN_FAILURE = (" takes the AssertionError of a failing assertion inside it for the error it "
               "expects, so the test passes exactly when the assertion fails")


def _own_failure_note(block: str | None, shown: str) -> str:
    """What a reason adds where a block expects its own assertion's error: the block, unless
    the reason quotes it already."""
    if block is None:
        return ""
    return (": it" if shown.startswith(block) else f": `{block}`") + OWN_FAILURE


def _dangling_expect(text: str) -> bool:
    """`expect(value)` with no matcher after it: nothing is asserted."""
    if not text.startswith("expect("):
        return False
    depth = 0
    for at, char in enumerate(text):
        depth += (char == "(") - (char == ")")
        if depth == 0 and char == ")":
            return not text[at + 1:].strip(" ;")
    return False


def _asserts_a_tuple(text: str) -> bool:
    """`assert (x, "msg")`: a non-empty tuple, always true (Python's statement: Go's and JS's
    `assert(t, cond)` is a call of the file's own helper)."""
    text = text.rstrip()
    if not re.match(r"^assert\s*\(", text):
        return False
    depth, comma = 0, False
    for at in range(text.index("("), len(text)):
        depth += (text[at] in "([{") - (text[at] in ")]}")
        comma = comma or (text[at] == "," and depth == 1)
        if depth == 0:  # the first parenthesis closes: at the end, around a tuple
            return comma and at == len(text) - 1
    return False


# The nodes of a Python expression made of constants alone (`2 > 1`, `"a" in ("a", "b")`),
# which evaluating cannot make do anything else (no name, call, attribute nor arithmetic).
_CONSTANT_NODES = (ast.Expression, ast.Constant, ast.Tuple, ast.List, ast.Set, ast.Compare,
                   ast.BoolOp, ast.UnaryOp, ast.Load, ast.cmpop, ast.boolop, ast.Not, ast.USub,
                   ast.UAdd)
# unittest's checks of two values, as the comparison each makes (one value: `assertTrue(x)`)
_UNITTEST_COMPARES = {
    "assertEqual": "==", "assertEquals": "==", "assertNotEqual": "!=", "assertGreater": ">",
    "assertGreaterEqual": ">=", "assertLess": "<", "assertLessEqual": "<=", "assertIn": "in",
    "assertNotIn": "not in", "assertIs": "is", "assertIsNot": "is not",
}


def _constant_value(node: ast.expr) -> tuple[bool, object]:
    """(True, its value) when `node` is made of constants alone (`_CONSTANT_NODES`)."""
    if not all(isinstance(inner, _CONSTANT_NODES) for inner in ast.walk(ast.Expression(node))):
        return False, None
    try:
        return True, eval(compile(ast.Expression(node), "<check>", "eval"),  # noqa: S307
                          {"__builtins__": {}})
    except Exception:  # `1 < "a"`: no constant truth
        return False, None


def _constant_check_passes(text: str) -> bool:
    """A Python check of constants alone that holds: `assert 2 > 1`, `assert "a" != "b"`,
    `self.assertEqual(3, 3)`, `self.assertGreater(2, 1)`, `assertTrue(1 < 2)`."""
    if not re.match(r"^(?:assert\b|(?:self\.)?assert[A-Z]\w*\()", text):
        return False
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False
    if len(tree.body) != 1:
        return False
    statement = tree.body[0]
    if isinstance(statement, ast.Assert):
        known, value = _constant_value(statement.test)
        return known and bool(value)
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    call = statement.value
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
    if name in ("assertTrue", "assertFalse") and call.args:
        known, value = _constant_value(call.args[0])
        return known and bool(value) == (name == "assertTrue")
    op = _UNITTEST_COMPARES.get(name)
    if op is None or len(call.args) < 2:
        return False
    values = [_constant_value(arg) for arg in call.args[:2]]
    if not all(known for known, _ in values):
        return False
    compared = ast.parse(f"a {op} b", mode="eval").body
    assert isinstance(compared, ast.Compare)
    compared.left, compared.comparators = call.args[0], [call.args[1]]
    known, value = _constant_value(compared)
    return known and bool(value)


# A JS matcher comparing two number literals: `expect(2).toBeGreaterThan(1)`.
_JS_NUMBERS_COMPARED = lazy_re(r"^expect\(\s*(-?\d+(?:\.\d+)?)\s*\)\s*\.\s*(not\s*\.\s*)?"
                                  r"(toBe|toEqual|toStrictEqual|toBeGreaterThan|"
                                  r"toBeGreaterThanOrEqual|toBeLessThan|toBeLessThanOrEqual)"
                                  r"\(\s*(-?\d+(?:\.\d+)?)\s*\)\s*;?$")
_JS_ORDER = {"toBe": float.__eq__, "toEqual": float.__eq__, "toStrictEqual": float.__eq__,
             "toBeGreaterThan": float.__gt__, "toBeGreaterThanOrEqual": float.__ge__,
             "toBeLessThan": float.__lt__, "toBeLessThanOrEqual": float.__le__}


def _js_numbers_compared_pass(text: str) -> bool:
    """A JS check of two number literals that holds (`expect(2).toBeGreaterThan(1)`,
    `expect(1).not.toBe(2)`)."""
    found = _JS_NUMBERS_COMPARED.match(text)
    if found is None:
        return False
    holds = bool(_JS_ORDER[found.group(3)](float(found.group(1)), float(found.group(4))))
    return holds != bool(found.group(2))


# A JS matcher comparing two values written as literals: `expect(["a"]).toEqual(["a"])`.
_JS_VALUES_COMPARED = lazy_re(r"^expect\(")
_JS_VALUE_MATCHED = lazy_re(r"\s*\.\s*(not\s*\.\s*)?(?:toEqual|toStrictEqual)\(")
_JS_TOKEN = lazy_re(r"\s*(?:(\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*')|(-?\d+(?:\.\d+)?)\b|"
                       r"([A-Za-z_$][\w$]*)|([\[\]{}:,]))")


def js_literal(text: str) -> tuple[bool, object]:
    """(True, its value) when `text` is a JS literal made of literals alone: a string, a
    number, `true` / `false` / `null` / `undefined`, or an array or object of them, any deep
    (keys bare or quoted); (False, None) for anything else (a name, a call, a spread)."""
    tokens: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        found = _JS_TOKEN.match(text, at)
        if found is None:
            if text[at:].strip():
                return False, None
            break
        kind = next(i for i, group in enumerate(found.groups()) if group is not None)
        tokens.append(("sniw"[kind], found.group(kind + 1)))
        at = found.end()
    words = {"true": True, "false": False, "null": None, "undefined": ()}

    def value(i: int) -> tuple[int, object]:
        kind, piece = tokens[i]
        if kind == "s":
            return i + 1, ("string", piece[1:-1])
        if kind == "n":
            return i + 1, float(piece)
        if kind == "i" and piece in words:
            return i + 1, words[piece]
        if piece == "[":
            items: list[object] = []
            i += 1
            while tokens[i][1] != "]":
                i, item = value(i)
                items.append(item)
                i += tokens[i][1] == ","
            return i + 1, ("array", tuple(items))
        if piece == "{":
            entries: dict[str, object] = {}
            i += 1
            while tokens[i][1] != "}":
                key_kind, key = tokens[i]
                if key_kind not in "si" or tokens[i + 1][1] != ":":
                    raise ValueError(key)
                i, entries[key[1:-1] if key_kind == "s" else key] = value(i + 2)
                i += tokens[i][1] == ","
            return i + 1, ("object", tuple(sorted(entries.items())))
        raise ValueError(piece)

    try:
        end, found_value = value(0)
    except (ValueError, IndexError):
        return False, None
    return end == len(tokens), found_value


def _js_values_compared_pass(text: str) -> bool:
    """A JS check of two equal values written as literals (`expect(["a"]).toEqual(["a"])`,
    `expect({ a: "c" }).toStrictEqual({ a: "c" })`)."""
    if _JS_VALUES_COMPARED.match(text) is None:
        return False
    close = row_filters.closing_bracket(text, len("expect"))
    matcher = _JS_VALUE_MATCHED.match(text, close)
    if matcher is None or matcher.group(1):
        return False
    end = row_filters.closing_bracket(text, matcher.end() - 1)
    if text[end:].strip(" ;"):
        return False
    left = js_literal(text[len("expect("):close - 1])
    right = js_literal(text[matcher.end():end - 1])
    return left[0] and right[0] and left[1] == right[1]


_RETURNED = lazy_re(r"^return\s+(\S.*)$")
# `expect<Type>(` (cheerio's `expect<{ links: string[] }>(`): its type argument, to drop
_JS_TYPED_EXPECT = lazy_re(r"\bexpect(\.soft)?\s*<[^()\n;]*>\s*\(")

# A JS check whose value and expected value are made of literals only, the language's own
# objects and their methods: `expect("a=1;b=2".split(";")[0]).toBe("a=1")` (a name read as
# the string it holds, `_literals_propagated`) computes the test's own data, whatever the
# code under test does.
_JS_CHECK = re.compile(r"^expect\s*\(")
# A regex literal before its method (`/a+/.test(s)`): no names inside it
_JS_REGEX = lazy_re(r"/(?![/*])(?:[^/\\\n]|\\.)+/[a-z]*(?=\s*\.)")
_JS_READ_MATCHER = lazy_re(r"\s*\.\s*(?:not\s*\.\s*)?(?:toBe|toEqual|toStrictEqual|"
                           r"toBeGreaterThan|toBeGreaterThanOrEqual|toBeLessThan|"
                           r"toBeLessThanOrEqual)\(")
_JS_OWN_OBJECTS = frozenset((
    "expect", "true", "false", "null", "undefined", "NaN", "Infinity", "JSON", "Object",
    "Array", "String", "Number", "Boolean", "Math", "RegExp", "Set", "Map", "new", "typeof"))


def _js_constant_check(text: str) -> bool:
    """Whether a JS statement is a check of the test's own constants (above)."""
    if _JS_CHECK.match(text) is None or text.count("expect") > 1 + text.count("expect."):
        return False
    close = row_filters.closing_bracket(text, len("expect"))
    if js_literal(text[len("expect("):close - 1])[0] and _JS_READ_MATCHER.match(text, close):
        return False  # a literal compared: whether it holds is read as it is written (above)
    # the code alone (strings and regex literals blanked), what a template computes kept
    code = " ".join([testcases.code_lines([_JS_REGEX.sub("/ /", text)])[0],
                     *testcases.template_code(text)])
    if not re.search(r"\.\s*(?:not\s*\.\s*)?to[A-Z]\w*\s*\(", code):
        return False
    # an object literal's keys (`{ a: 1 }`) are no names
    free = set(re.findall(r"(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$]|\s*:)", code)) - _JS_OWN_OBJECTS
    return not free


def _shown(statement: str, width: int = 60) -> str:
    """A statement as a reason quotes it: without its `;`, at most `width` characters, and
    `…` where it goes on (cut short, or a line of a longer statement: `expectTypeOf(`)."""
    text = statement.rstrip().rstrip(";").rstrip()
    cut = text[:width]
    opened = sum(cut.count(c) for c in "([{") - sum(cut.count(c) for c in ")]}")
    return cut + "…" if len(text) > width or opened > 0 else cut


def _trivial(text: str, language: str = "") -> bool:
    """A statement that checks nothing that can fail (`_TRIVIAL_STATEMENT`, `_CANNOT_FAIL`;
    constants compared as `language` compares them: Python's, JS's)."""
    if language == "js":
        # the type a TypeScript check is given changes nothing it checks:
        # `expect<boolean>(true).toBe(true)` is `expect(true).toBe(true)`
        text = _JS_TYPED_EXPECT.sub(r"expect\1(", text)
    returned = _RETURNED.match(text) if language == "js" else None
    if returned is not None and _trivial(returned.group(1), language):
        return True  # a trivial check returned (an arrow's one expression: the runner waits)
    return bool(_TRIVIAL_STATEMENT.match(text) or _CANNOT_FAIL.match(text)
                or _BARE_RETURN.match(text) or _dangling_expect(text)
                or (language == "python" and _asserts_a_tuple(text))
                or (language == "python" and _constant_check_passes(text))
                or (language == "js" and (_js_numbers_compared_pass(text)
                                            or _js_values_compared_pass(text)
                                            or _js_constant_check(text))))


# A value asked to equal itself (`self.assertEqual(u, u)`): Python's `==` runs the class's
# `__eq__`, not an identity check.
_SELF_EQUAL = lazy_re(r"^(?:self\.)?assertEquals?\(\s*(?P<name>[\w.]+)\s*,\s*(?P=name)\s*\)")


def _trivial_here(text: str, language: str, outer: FileScope) -> bool:
    """`_trivial`, but for a Python value asked to equal itself where the story's code
    defines `__eq__` (`FileScope.own_eq`): that check runs the code, and fails where its
    `__eq__` is not reflexive (hyperlink's `test_identicalEqual`, `assertEqual(u, u)`)."""
    if language == "python" and outer.own_eq and _SELF_EQUAL.match(text):
        return False
    return _trivial(text, language)


# A bats `run` that checks no status itself (`run -1 cmd`, `run ! cmd` do).
_BATS_UNCHECKED = lazy_re(r"^run(?:\s+--[\w-]+)*\s+(?!-\d|-!|!)\S")
_PY_DOCSTRING = re.compile(r'^[rRbBuU]?("""|\'\'\')')


@dataclass(frozen=True)
class Placeholder:
    test_id: str
    file: str
    line: int  # the line that shows it (the marker, the skip call, or the declaration)
    reason: str  # "skipped in source (...)", "marked as an expected failure in source (...)",
    # "empty body", "asserts nothing real (...)"


_QUOTED = lazy_re(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _declaration_index(lines: list[str]) -> int:
    """Index of the test's own declaration in its body: the body starts with the comments and
    decorators written above it, a decorator's arguments on lines of their own too
    (`@pytest.mark.parametrize(` / `    "value",` / `    [1, 2],` / `)`)."""
    leading = 0
    depth = 0  # brackets a decorator left open
    for line in lines:
        stripped = line.strip()
        if depth <= 0 and (not stripped.startswith(("#", "//", "@", "/*", "*", "--"))
                           or stripped.startswith("@test")):
            break
        if depth > 0 or stripped.startswith("@"):
            code = _QUOTED.sub("", stripped)  # a bracket in a string is no bracket
            depth += sum(map(code.count, "([{")) - sum(map(code.count, ")]}"))
        leading += 1
    return min(leading, len(lines) - 1)


def _python_statements(lines: list[str]) -> list[tuple[int, int, str]]:
    """(index, indent, text) of the body's statements: comments, blank lines and a leading
    docstring removed."""
    out: list[tuple[int, int, str]] = []
    in_doc: str | None = None
    for index, line in enumerate(lines):
        stripped = line.strip()
        if in_doc is not None:
            if in_doc in stripped:
                in_doc = None
            continue
        if not stripped or stripped.startswith("#"):
            continue
        doc = _PY_DOCSTRING.match(stripped)
        if doc and not out:
            quote = doc.group(1)
            rest = stripped[doc.end():]
            if quote not in rest:
                in_doc = quote
            continue
        out.append((index, len(line) - len(line.lstrip()), stripped))
    return out


def _strip_line_comment(text: str, language: str) -> str:
    if language == "bats":  # a shell comment starts a word: `${#output}` is code
        found = re.search(r"(?:^|\s)#", text)
        return (text[:found.start()] if found else text).strip()
    cut = text.find("//")
    return (text[:cut] if cut >= 0 else text).strip()


_JS_BODY_BRACE = lazy_re(r"(?:=>|\))\s*$")  # what a JS function's body follows


def _code_brace(line: str, js: bool = False) -> int:
    """Where `line`'s first `{` outside a quoted string is (a title's `"renders {name}"` is
    no body), or -1; with `js`, the first after an `=>` or a `)` where one is (a destructured
    parameter's, `({ page }) => {`, opens no body)."""
    braces = [at for at, ch in testcases.code_columns(line) if ch == "{"]
    body = next((at for at in braces if _JS_BODY_BRACE.search(line[:at])), None) if js else None
    return body if body is not None else braces[0] if braces else -1


def _semicolon_parts(text: str) -> list[str]:
    """A line's statements: its text split at each `;` outside a quoted string (a cookie
    header's `"a=1;b=2"` is one value)."""
    cuts = [at for at, ch in testcases.code_columns(text) if ch == ";"] if ";" in text else []
    return [text[start + 1:stop]
            for start, stop in zip([-1, *cuts], [*cuts, len(text)], strict=True)]


def _brace_statements(lines: list[str], language: str) -> list[tuple[int, int, str]]:
    """Statements between the declaration's opening brace and its closing one."""
    joined_first = lines[0] if lines else ""
    out: list[tuple[int, int, str]] = []
    opened = _code_brace(joined_first, language == "js")
    head = joined_first[opened + 1:] if opened >= 0 else ""
    rest = lines[1:]
    if opened >= 0:
        close = head.rfind("}")
        inline = head[:close] if close >= 0 and not rest else head
        inline = _strip_line_comment(inline, language)
        if inline:
            out.append((0, 0, inline))
    in_block = False
    for offset, line in enumerate(rest, start=1):
        stripped = line.strip()
        if in_block:
            if "*/" in stripped:
                in_block = False
            continue
        if stripped.startswith("/*"):
            in_block = "*/" not in stripped
            continue
        text = _strip_line_comment(stripped, language)
        if offset == len(rest):  # the closing line: `}`, `});`, `})`
            text = re.sub(r"^\}\s*\)?\s*;?\s*$", "", text)
        # (`}}`: a block read as never run, closed with a loop's: `row_filters`)
        if not text or text in ("}", "});", "})", "}}", "}});", "}})"):
            continue
        for part in filter(None, (p.strip() for p in _semicolon_parts(text))):
            if part.startswith((".", "?.")) and out:  # a chain continued: `expect(x)\n.toBe(y)`
                at, indent, previous = out[-1]
                out[-1] = (at, indent, previous + part)
            else:
                out.append((offset, len(line) - len(line.lstrip()), part))
    return out


# A Python test that returns something (pytest warns and ignores it), and what checks a value.
_RETURNS_VALUE = lazy_re(r"^return\s+(?!None\s*$)\S")
_PY_CHECK = re.compile(r"\bassert|\braises\b|\bfail\(|\bexpect\(|\bwarns\b|\bdeprecated_call\b")


# What checks a result, where a test's checks can be told from its other code (a test with
# none is not judged here: its checks may sit in helpers it calls).
_CHECK: dict[str, AnyPattern] = {
    "python": _PY_CHECK,
    "js": lazy_re(r"\bexpect\w*\s*[(.<]|\bassert\w*\b|\.should\b"),
}


# A block whose condition is constant false: `if false {`, `if (false) {`, `if False:`, `if 0:`
# (or all of it on one line), a condition and-ed with false (`if (x && false)`, with no `||`
# beside it), a random number out of its range (`Math.random() > 1`: it lies in [0, 1)), a
# length below zero, Python 2 (`_PYTHON_2`).
_NEVER_TRUE_JS = (r"(?:false|0)\s*(?:&&[^)]*)?|(?:[^()|]|\([^()|]*\))*&&\s*false|"
                  r"Math\.random\(\)\s*(?:>=?\s*1(?:\.0*)?|<\s*0(?:\.0*)?)|"
                  r"1(?:\.0*)?\s*<=?\s*Math\.random\(\)|0(?:\.0*)?\s*>\s*Math\.random\(\)|"
                  r"[\w$.]+\.length\s*<\s*0")
# Python 2 asked for, on the Python 3 every run is: `sys.version_info[0] == 2`,
# `sys.version_info < (3,)`, `sys.version_info.major < 3`, `six.PY2`.
_PYTHON_2 = (r"sys\.version_info(?:\[0\]|\.major)\s*(?:==\s*2|<=?\s*2|<\s*3)|"
             r"sys\.version_info\s*<\s*\(\s*3\s*(?:,\s*0\s*)?,?\s*\)|(?:six\.)?PY2")
# A test module run as a script, asked for inside a test: the runner imports the module under
# its own name (pytest, unittest's loader), so `__name__` there is never "__main__".
_RUN_AS_SCRIPT = (r"__name__\s*==\s*(?P<q>[\"'])__main__(?P=q)|"
                  r"(?P<r>[\"'])__main__(?P=r)\s*==\s*__name__")
# ... as a test's line: what a reason names
_SCRIPT_GUARD = re.compile(r"^\s*if\s+(?:" + _RUN_AS_SCRIPT + r")(?:\s+and\s[^:]*)?\s*:")
RUN_AS_SCRIPT = ": `{guard}` never holds, as the runner imports the test module"
_NEVER_RUNS = re.compile(rf"^if\s*(?:\(\s*(?:{_NEVER_TRUE_JS})\s*\)|false(?:\s*&&[^{{]*)?|"
                         r"False(?:\s+and\s[^:]*)?|0|"
                         r"(?:(?!\bor\b)[^:#()]|\([^()]*\))*?\band\s+False|"
                         r"random\.random\(\)\s*(?:>=?\s*1(?:\.0*)?|<\s*0(?:\.0*)?)|"
                         r"len\([^()]*\)\s*<\s*0|" + _PYTHON_2 + r"|"
                         r"(?:" + _RUN_AS_SCRIPT + r")(?:\s+and\s[^:]*)?)\s*(?:\{|:)")


# A loop whose condition is constant false: `while False:`, `while (false) {`.
_NEVER_LOOPS = re.compile(r"^while\s*(?:\(\s*(?:false|0)\s*\)|False|0)\s*(?:\{|:)")
# A block whose condition is constant true: a `return` in it is a bare one.
_ALWAYS_RUNS = re.compile(r"^if\s*(?:\(\s*true\s*\)|True|1|true)\s*(?:\{|:)\s*$")
# The same condition on a one-statement branch without braces: `if (false) expect(x)...;`.
_NEVER_RUNS_INLINE = re.compile(rf"^if\s*\(\s*(?:{_NEVER_TRUE_JS})\s*\)\s*[^\s{{]")
# ... or its one statement on the lines below (read a level in: `testcases.brace_indented`).
_NEVER_RUNS_BELOW = re.compile(rf"^if\s*\(\s*(?:{_NEVER_TRUE_JS})\s*\)$")
# A shell `if false; then` (bats): what follows up to its `fi` never runs.
_NEVER_RUNS_SHELL = re.compile(r"^if\s+(?:false|\[\s*0\s*-eq\s*1\s*\])$")
# A `return` at the body's top level, with no value or a constant one (bats' `return 0`).
_BARE_RETURN = re.compile(r"^return(?:\s+(?:0|1|true|false|None|null))?$")
# ... with any value (JS/TS, Python): what follows the statement it starts never runs, but the
# lines that go on with it (deeper, or opening with a closing bracket, a `.` or an operator)
# and, in JS/TS, a `function` declaration, which is hoisted: the returned value may call it.
_RETURN = re.compile(r"^return\b")
_GOES_ON = lazy_re(r"^(?:[)\]}.,:?+*/%|&-]|\?\.|=>|\b(?:in|of|instanceof|and|or)\b)")
_HOISTED = lazy_re(r"^(?:async\s+)?function\b")
# JS/TS: an `if` whose condition is constants alone (`row_filters.js_constant_condition`,
# literal members read in: `model.title = "hello"` then `if (model.title === "hello")`),
# followed by its `return` on its line (`if (c) return;`, `if (c) { return x; }`) or by its
# block (`if (c) {`).
_JS_IF = lazy_re(r"^if\s*\(")
_JS_RETURNS = lazy_re(r"^\s*(?:\{\s*)?return\b")


def _js_if_always(text: str) -> str | None:
    """"return" when the JS/TS statement `text` is an `if` always taken that returns on its
    line, "block" when it opens a block always run (`_JS_IF`); None otherwise."""
    if _JS_IF.match(text) is None:
        return None
    end = row_filters.closing_bracket(text, text.index("("))
    if row_filters.js_constant_condition(text[text.index("(") + 1:end - 1]) is not True:
        return None
    rest = text[end:].strip()
    return "return" if _JS_RETURNS.match(rest) else "block" if rest == "{" else None


def _runs(statements: list[tuple[int, int, str]], language: str = ""
          ) -> list[tuple[int, int, str]]:
    """The statements less those that never run: a block under a constant-false condition
    (`_NEVER_RUNS`: its condition's line and every statement indented under it), a braceless
    one under one (`if (false) expect(...)`), everything after a bare `return` at the
    body's top level, and (JS/TS, Python) after the statement of any `return` there, or of a
    JS/TS `if` always taken that returns (`_js_if_always`)."""
    out: list[tuple[int, int, str]] = []
    dead_indent: int | None = None
    always: int | None = None  # inside an `if True:` at the top level
    dead_fi = 0
    returned: int | None = None  # the indent of a top-level `return` taken
    top = min((indent for index, indent, _ in statements if index > 0), default=0)
    before, line, last = "", -1, ""  # (JS/TS) the statements before this one on its line
    for index, indent, text in statements:
        before, line, last = (f"{before}{last};" if index == line else ""), index, text
        # (JS/TS) one in a block opened earlier on its line: `mockImplementation(() => {
        # delete o.x; return []; })` is not the test's own `return`
        inner = language == "js" and sum((ch == "{") - (ch == "}") for _, ch in
                                         testcases.code_columns(before)) > 0
        if returned is not None and indent <= returned and not _GOES_ON.match(text) and not (
                language == "js" and _HOISTED.match(text)):
            break  # past the statement of a return taken (what goes on with it is read on)
        if dead_indent is not None:
            if indent > dead_indent:
                continue
            dead_indent = None
        if always is not None and indent <= always:
            always = None
        if (_ALWAYS_RUNS.match(text) or (language == "js" and _js_if_always(text) == "block")
                ) and (index == 0 or indent <= top):
            always = indent
            continue
        if dead_fi:  # inside a bats `if false; then ... fi`
            dead_fi += text.startswith("if ") - (text == "fi")
            continue
        if _NEVER_RUNS.match(text) or _NEVER_LOOPS.match(text) or _NEVER_RUNS_BELOW.match(text):
            dead_indent = indent
            continue
        if _NEVER_RUNS_INLINE.match(text):
            continue
        if _NEVER_RUNS_SHELL.match(text):
            dead_fi = 1
            continue
        out.append((index, indent, text))
        taken = (index == 0 or indent <= top or always is not None) and not inner
        if _BARE_RETURN.match(text) and taken:
            break
        if taken and index > 0 and returned is None and language in ("js", "python") and (
                _RETURN.match(text) or (language == "js" and _js_if_always(text) == "return")):
            returned = indent
    return out


# --- code that never runs, read as `if false` blocks before the rules above look at it --------

_FALSE_CONSTANT = re.compile(r"^\s*const\s+([A-Za-z_$][\w$]*)\s*(?::\s*boolean\s*|bool\s*)?=\s*"
                            r"false\s*;?\s*$")
# A module's own constant declared false: JS/TS `const x = false` at the top level, Go's
# `const x = false` or a line of a `const ( ... )` group. A `var` may be set elsewhere.
_FILE_FALSE_CONSTANT: dict[str, AnyPattern] = {
    "python": re.compile(r"^([A-Za-z_]\w*)[ \t]*(?::[ \t]*bool[ \t]*)?=[ \t]*False[ \t]*$", re.M),
    "js": lazy_re(r"^(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::\s*boolean\s*)?=\s*"
                     r"false\s*;?\s*$", re.M),
    "go": lazy_re(r"^(?:const[ \t]+|[ \t]+)(\w+)(?:[ \t]+bool)?[ \t]*=[ \t]*false[ \t]*$",
                     re.M),
}
_GO_CONST_GROUP = lazy_re(r"^const\s*\(\n(.*?)^\)", re.M | re.S)


# JS/TS: an `expect` of the test's (or its file's) own in place of the runner's, whose checks
# fail nothing (`const expect = (x) => ({ toBe: () => undefined })`); chai's
# (`const expect = chai.expect`, `require("chai").expect`) is a real one.
_OWN_EXPECT = lazy_re(r"\b(?:(?:const|let|var)\s+expect\s*(?::[^=\n]+)?=(?!\s*(?:require|chai|"
                         r"await\s+import|import)\b)|function\s+expect\s*\()")


# JS/TS: an `expect` a test file imports from a module of its project (a relative specifier:
# `import { expect } from "./fixtures"`) is the runner's only when that module hands on a
# package's (`export { expect } from "@playwright/test"`; `import { expect as base } from
# "vitest"` then `export const expect = base.extend({...})`; `export const expect =
# test.expect`, `chai.expect`, `require("chai").expect`), through its project's modules up to
# MAX_EXPECT_DEPTH deep; one the project defines itself (`export const expect = (x) => ({
# toBe() {} })`, a function, an object, a class, a `jest.fn()`, what a global's constructor
# makes of nothing the module imports: `new Proxy(() => noop, { get: () => noop })`) is not,
# and its checks fail nothing. A module not read (not in the texts given) leaves the test
# alone.
MAX_EXPECT_DEPTH = 4
_DECLARES = r"^(?:export[ \t]+)?(?:default[ \t]+)?(?:declare[ \t]+)?"
_MOCK_MADE = lazy_re(r"^(?:jest|vi)\s*\.\s*(?:fn|spyOn)\s*\(")
_RHS_HEAD = lazy_re(r"^(?:await\s+)?(?:new\s+)?([A-Za-z_$][\w$]*)(?![\w$])(?!\s*=>)\s*"
                    r"(?:(?:\.|\?\.)\s*([A-Za-z_$][\w$]*))?")
_REQUIRED = lazy_re(r"^require\(\s*[\"']([^\"']+)[\"']\s*\)\s*(?:\.\s*([A-Za-z_$][\w$]*))?")
_MADE_NEW = lazy_re(r"^(?:await\s+)?new\s")
_NOT_A_VALUE = frozenset({"function", "async", "class", "new", "this", "true", "false", "null",
                          "undefined"})


def _module_origin(importer: str, spec: str, name: str, texts: Mapping[str, str],
                   depth: int) -> bool | None:
    """Whether the `name` that `importer`'s module specifier `spec` hands out is a package's
    (True), its project's own (False), or not known (None: its module not read)."""
    if not spec.startswith((".", "/")):
        return True
    target = next((c for c in js_imports.module_candidates(importer, spec) if c in texts), None)
    if target is None or depth >= MAX_EXPECT_DEPTH:
        return None
    return _exported_origin(target, texts[target], name, texts, depth + 1)


def _exported_origin(file: str, text: str, name: str, texts: Mapping[str, str],
                     depth: int) -> bool | None:
    """Whether the `name` module `file` exports is a package's, its project's own, or not
    known (`_module_origin`)."""
    for local, exported in js_imports.exported(text):
        if exported == name:
            return _local_origin(file, js_imports.code_of(text), local, texts, depth)
    everything = []
    for statement in js_imports.reexports(text):
        for original, exported in statement.named:
            if exported == name:
                return _module_origin(file, statement.spec, original, texts, depth)
            if exported == "*":
                everything.append(statement.spec)
    found = [_module_origin(file, spec, name, texts, depth) for spec in everything]
    return False if False in found else True if True in found else None


def _local_origin(file: str, code: str, local: str, texts: Mapping[str, str],
                  depth: int) -> bool | None:
    """Whether the value a module's name `local` holds (`code`: its comments blanked) is a
    package's, its project's own, or not known (`_module_origin`)."""
    for statement in js_imports.imports(code):
        for imported, bound in statement.named:
            if bound == local:
                return _module_origin(file, statement.spec, imported, texts, depth)
    name = re.escape(local)
    if re.search(rf"{_DECLARES}(?:async[ \t]+)?(?:function\*?|class)[ \t]+{name}\b", code, re.M):
        return False
    found = re.search(rf"{_DECLARES}(?:const|let|var)[ \t]+{name}\s*(?::[^=\n]+)?=(?!=)"
                      rf"|^(?:module\.)?exports\.{name}\s*=(?!=)", code, re.M)
    if found is None or depth >= MAX_EXPECT_DEPTH:
        return None
    value = code[found.end():].lstrip()
    required = _REQUIRED.match(value)
    if required is not None:
        return _module_origin(file, required.group(1), required.group(2) or "*", texts, depth + 1)
    head = _RHS_HEAD.match(value)
    if _MOCK_MADE.match(value) or head is None or head.group(1) in _NOT_A_VALUE:
        return False  # an arrow, a function, an object, a literal, a mock: its own
    if head.group(1) == local:
        return None
    if _MADE_NEW.match(value) and not _bound_in(code, head.group(1)):
        # `new Proxy(() => noop, { get: () => noop })`: a global's constructor makes it of
        # what it is given, the module's own unless it is given something it imports
        opening = value.find("(", head.end())
        given = value[opening:then_literals.closing(value, opening)] if opening >= 0 else ""
        bindings = {bound for statement in js_imports.imports(code)
                    for _, bound in statement.named}
        return None if any(re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", given)
                           for name in bindings) else False
    for statement in js_imports.imports(code):  # `ns.expect` of `import * as ns from "./h"`
        for imported, bound in statement.named:
            if bound == head.group(1):
                return _module_origin(file, statement.spec, head.group(2) or imported
                                      if imported == "*" else imported, texts, depth + 1)
    return _local_origin(file, code, head.group(1), texts, depth + 1)


def _bound_in(code: str, name: str) -> bool:
    """Whether a module (`code`) binds `name` itself: imports it or declares it at any depth
    (a name it binds nowhere is a global: `Proxy`, `Object`)."""
    own = re.escape(name)
    return any(bound == name for statement in js_imports.imports(code)
               for _, bound in statement.named) or re.search(
        rf"(?:\b(?:function\*?|class|const|let|var)\s+|[{{,]\s*){own}\b", code) is not None


def imported_expect_origin(file: str, text: str, texts: Mapping[str, str]) -> bool | None:
    """Whether the `expect` a JS/TS test file imports is a package's (True), its project's
    own (False: its checks fail nothing) or not known (None); True when it imports none."""
    for statement in js_imports.imports(text):
        for imported, bound in statement.named:
            if bound == "expect":
                return _module_origin(file, statement.spec, imported, texts, 0)
    return True


def check_modules(texts: Mapping[str, str], read: Callable[[str], str | None]
                  ) -> dict[str, str]:
    """The project modules (project-relative path -> text, as `read` gives them) the JS/TS
    test files of `texts` import `expect` or a check helper from (a name read as a check:
    `assertValid`, `check`, or a test helper's: `testSingleCase`), and those these modules
    import or re-export from, MAX_EXPECT_DEPTH deep: what `imported_expect_origin`,
    `imported_noop_checks` and `imported_swallowing_helpers` read."""
    out: dict[str, str] = {}
    todo = [(file, statement.spec, 0) for file, text in texts.items()
            if language_of(file) == "js" for statement in js_imports.imports(text)
            if any(_JS_CHECK_NAME.search(name) or _JS_TEST_HELPER.match(name)
                   for name in statement.bound)]
    while todo:
        importer, spec, depth = todo.pop()
        for candidate in js_imports.module_candidates(importer, spec):
            text = texts.get(candidate, out.get(candidate))
            if text is None and (text := read(candidate)) is not None:
                out[candidate] = text
                if depth + 1 < MAX_EXPECT_DEPTH:
                    todo += [(candidate, statement.spec, depth + 1) for statement in
                             (*js_imports.imports(text), *js_imports.reexports(text))]
            if text is not None:
                break
    return out


Position = tuple[int, int]  # (line, column), both from 0
Span = tuple[Position, Position]  # a brace block: its `{` and its `}`


@dataclass(frozen=True)
class OuterMock:
    """A JS/TS mock (`vi.fn()`, `jest.fn()`) a test file keeps in a name outside its tests
    (`let spy` in a `describe`, made in its `beforeEach`; `const spy = vi.fn()` at the top
    level): every line of the file naming it declares it, makes it anew, sets it up
    (`spy.mockReturnValue(1)`), calls it or checks it, but those handing it on, kept by
    where they run (`_outer_mocks`)."""
    name: str
    # where it is declared, the block holding that declaration (None: the module), and
    # whether the declaration makes the mock (`= vi.fn()`)
    declared: tuple[tuple[Position, Span | None, bool], ...]
    # each hook that makes it anew (`spy = vi.fn()`): the block holding the hook (None: the
    # module; the module's own top-level assignment too), and whether it runs before each test
    made: tuple[tuple[Span | None, bool], ...]
    # the lines calling it but for the statements of a test's own body (which run while
    # that test runs), every one in a file whose tests may run at once (`.concurrent`)
    calls: tuple[int, ...]
    # where a line hands it on runs (`_handed_scope`): in a test's own function ("test", its
    # block, or its function's extent), in a hook's ("hook", the block holding the hook; None:
    # the module), or anywhere else ("any", None), which may run for any test
    handed: tuple[tuple[str, Span | None], ...] = ()


@dataclass(frozen=True)
class FileScope:
    """What a test file declares at its top level that its tests' checks depend on."""
    false: frozenset[str] = frozenset()  # constants declared false (`_FILE_FALSE_CONSTANT`)
    own_expect: bool = False  # an `expect` of its own (`_OWN_EXPECT`)
    empty: frozenset[str] = frozenset()  # collections declared empty and never filled
    unset: frozenset[str] = frozenset()  # environment variables it reads that are not set
    always: frozenset[str] = frozenset()  # ... that every run sets and it leaves alone
    # its tables: names given a literal list or tuple (Python) or array (JS, `const`) once and
    # never changed, by name
    rows: Mapping[str, tuple[object, ...]] = field(default_factory=dict)
    mocks: tuple[OuterMock, ...] = ()  # JS/TS: its mocks outside its tests (`OuterMock`)
    swallowing: frozenset[str] = frozenset()  # JS/TS: its helpers that drop a callback's error
    noop: frozenset[str] = frozenset()  # JS/TS: its check helpers that cannot fail
    # bats: the functions its tests can call, its own and its loaded helpers' (`bats_functions`)
    shell: Mapping[str, ShellFunction] = field(default_factory=dict)
    # Python: the names whose use may check (`_python_checking_names`); None: not read
    checking: frozenset[str] | None = None
    # Go: what `testing.Short()` is in the run (`run_environ.go_short`); None: not known
    short: bool | None = None
    defined: frozenset[str] = frozenset()  # Python: the functions and methods it defines
    # Python: its tables of any cells, given once and never changed (`python_kept_tables`)
    tables: frozenset[str] = frozenset()
    platform: str | None = None  # the run's `sys.platform`; None: not known
    # JS/TS: its groups switched off, as (first line, last line, marker), 1-based
    off: tuple[tuple[int, int, str], ...] = ()
    # JS/TS: the names whose use may check, and every name it binds (`_js_checking_names`);
    # None: not read
    js_checking: frozenset[str] | None = None
    js_bound: frozenset[str] = frozenset()
    # JS/TS: the names it imports from the story's own code (`placeholders(code=...)`)
    js_code: frozenset[str] = frozenset()
    # JS/TS: (first line, last line) of the tests a hook after each test runs after
    js_after: tuple[tuple[int, int], ...] = ()
    # Python: the story's code defines `__eq__`, which `==` runs (`placeholders(own_eq=...)`)
    own_eq: bool = False
    # Python: the members the story's code defines as properties (`placeholders(code=...)`)
    properties: frozenset[str] = frozenset()


# A condition on an environment variable that holds only while the variable is set: Python
# `os.environ.get("X")`, `os.getenv("X")` (either compared with a non-empty literal), `"X" in
# os.environ`; JS `process.env.X` (or compared with a literal); Go `os.Getenv("X") != ""` or
# compared with a non-empty literal. `not`, `!` and Go's `== ""` turn it round.
_PY_ENV = (r"(?:os\.environ\.get|os\.getenv)\(\s*[\"'](?P<name>\w+)[\"']\s*"
           r"(?:,\s*(?:None|\"\"|''))?\s*\)(?:\s*==\s*(?:\"[^\"]+\"|'[^']+'|\d+))?|"
           r"[\"'](?P<inname>\w+)[\"']\s+in\s+os\.environ")
_ENV_GUARD = {
    "python": lazy_re(r"^(?P<indent>\s*)if\s+(?P<neg>not\s+)?(?:" + _PY_ENV
                         + r")\s*:(?P<rest>.*)$"),
    "js": lazy_re(r"^(?P<indent>\s*)if\s*\(\s*(?P<neg>!\s*)?process\.env(?:\."
                     r"(?P<name>[A-Za-z_]\w*)|\[\s*[\"'](?P<inname>\w+)[\"']\s*\])"
                     r"(?:\s*===?\s*(?:\"[^\"]+\"|'[^']+'))?\s*\)\s*(?P<rest>.*)$"),
    # (Go: and-ed with more, `if os.Getenv("STRICT") != "" && err != want {`, too)
    "go": lazy_re(r"^(?P<indent>\s*)if\s+os\.Getenv\(\s*\"(?P<name>\w+)\"\s*\)\s*"
                     r"(?:(?P<neg>==\s*\"\")|!=\s*\"\"|==\s*\"[^\"]+\")\s*(?P<more>&&[^{|]*)?"
                     r"(?P<rest>\{.*)$"),
}
_ENV_NAME = re.compile(r"(?:os\.environ\.get|os\.getenv|os\.Getenv)\(\s*[\"'](\w+)[\"']|"
                       r"process\.env(?:\.([A-Za-z_]\w*)|\[\s*[\"'](\w+)[\"']\s*\])|"
                       r"[\"'](\w+)[\"']\s+in\s+os\.environ")


# Code that sets an environment variable (`monkeypatch.setenv("X", ...)`, `os.environ["X"] =`,
# `process.env.X = `, `vi.stubEnv("X", ...)`, Go's `t.Setenv("X", ...)`), and code that may
# set any (`mock.patch.dict(os.environ, ...)`, `os.environ.update(...)`,
# `Object.assign(process.env, ...)`).
_SETS_ENV = re.compile(r"(?:setenv|setdefault|stubEnv|Setenv)\(\s*[\"'](\w+)[\"']|"
                       r"environ\[\s*[\"'](\w+)[\"']\s*\]\s*=(?!=)|"
                       r"process\.env(?:\.([A-Za-z_]\w*)|\[\s*[\"'](\w+)[\"']\s*\])\s*=(?!=)")
_SETS_ANY_ENV = re.compile(r"patch\.dict\(\s*(?:os\.)?environ\b|environ\.update\(|"
                           r"Object\.assign\(\s*process\.env\b|process\.env\s*=(?!=)")


def env_set_by(text: str) -> frozenset[str] | None:
    """The environment variables `text` sets (`_SETS_ENV`), None when it may set any."""
    if _SETS_ANY_ENV.search(text):
        return None
    return frozenset(name for found in _SETS_ENV.finditer(text) for name in found.groups()
                     if name)


def env_read_by(text: str) -> frozenset[str]:
    """The environment variables `text` reads (`os.getenv("X")`, `process.env.X`, ...)."""
    return frozenset(name for found in _ENV_NAME.finditer(text) for name in found.groups()
                     if name)


# What every review run sets, whatever the environment (`evidence.execution`): CI, so that
# runners never start a watch mode.
ALWAYS_SET = frozenset({"CI"})
_UNSETS_ENV = re.compile(r"\bdelete\s+process\.env\b|\b(?:delenv|Unsetenv|unsetenv)\(|"
                         r"\bdel\s+os\.environ\b|environ\.pop\(")


def _always_set(text: str) -> frozenset[str]:
    """The variables of `ALWAYS_SET` that `text` reads and neither sets nor unsets."""
    own = env_set_by(text)
    if own is None or _UNSETS_ENV.search(text):
        return frozenset()
    return frozenset(env_read_by(text) & ALWAYS_SET - own)


def _unset_env(text: str, environ: Mapping[str, str]) -> frozenset[str]:
    """The environment variables `text` reads that neither `environ` nor `text` sets."""
    own = env_set_by(text)
    if own is None:
        return frozenset()
    return frozenset(name for name in env_read_by(text)
                     if name not in environ and name not in own and name not in ALWAYS_SET)


def _unset_guard_matches(lines: list[str], language: str,
                         unset: frozenset[str]) -> list[tuple[int, re.Match[str]]]:
    """Each line of `lines` that is a condition on an environment variable not set."""
    guard = _ENV_GUARD.get(language)
    if guard is None or not unset:
        return []
    return [(index, found) for index, line in enumerate(lines) for found in (guard.match(line),)
            if found is not None and (found.group("name") or found.group("inname")) in unset]


def _unset_env_dead(lines: list[str], language: str, unset: frozenset[str],
                    always_set: frozenset[str] = frozenset()) -> list[str]:
    """A test's lines with each condition on an environment variable that is not set
    (`_ENV_GUARD`) read as the constant it is: a check under `if os.getenv("SLOW"):` never
    runs, and a test that returns when it is not set (`if (!process.env.SLOW) return;`)
    checks nothing after that. Likewise a check only while a variable every run sets is not
    set (`always_set`: `if (!process.env.CI) {`) never runs."""
    guards = _unset_guard_matches(lines, language, unset)
    set_guards = [(index, found) for index, found
                  in _unset_guard_matches(lines, language, always_set) if found.group("neg")]
    if not guards and not set_guards:
        return lines
    never, always = {"python": ("False", "True"), "js": ("(false)", "(true)"),
                     "go": ("false", "true")}[language]
    out = list(lines)
    for index, found in set_guards:  # `if (!process.env.CI)`: the run always sets it
        indent, rest = found.group("indent"), found.group("rest").strip()
        out[index] = f"{indent}if {never}{':' if language == 'python' else ''} {rest}".rstrip()
    for index, found in guards:
        indent, rest = found.group("indent"), found.group("rest").strip()
        if "more" in found.re.groupindex and found.group("more"):
            if not found.group("neg"):  # unset and-ed with anything: never true
                out[index] = f"{indent}if {never} {rest}".rstrip()
            continue  # `== ""` and-ed with more: as true as the rest
        if not found.group("neg"):
            out[index] = f"{indent}if {never}{':' if language == 'python' else ''} {rest}".rstrip()
        elif rest in ("", "{") or (language == "python" and rest.startswith("#")):
            out[index] = f"{indent}if {always}{':' if language == 'python' else ' ' + rest}"
        elif re.match(r"^(?:\{\s*)?return\b[^;]*;?\s*\}?$", rest):  # `if (!X) return;`
            out[index] = f"{indent}return"
    return out


# A Go condition on `testing.Short()` (`if testing.Short() {`, `if !testing.Short() {`, and-ed
# with more): `go test -short` makes it true.
_GO_SHORT_GUARD = lazy_re(r"^(?P<indent>\s*)if\s+(?P<neg>!\s*)?testing\.Short\(\)\s*"
                          r"(?P<more>&&[^{|]*)?(?P<rest>\{.*)$")


def _go_short_read(lines: list[str], short: bool | None) -> list[str]:
    """A Go test's lines with each condition on `testing.Short()` read as the constant it is
    in the run (`short`: whether its command passes `-short`; None: unknown, nothing read): a
    test that returns under `if testing.Short() {` in a `-short` run checks nothing after it,
    and a check under `if !testing.Short() {` never runs there. (A `t.Skip` under it the
    runner reports.)"""
    if short is None:
        return lines
    out = list(lines)
    for index, line in enumerate(lines):
        found = _GO_SHORT_GUARD.match(line)
        if found is None:
            continue
        holds = short != bool(found.group("neg"))
        if found.group("more") and holds:
            continue  # true and-ed with more: as true as the rest
        out[index] = f"{found.group('indent')}if {'true' if holds else 'false'} " \
                     f"{found.group('rest').strip()}"
    return out


_TOP_NAME = re.compile(r"^(?:(?:export\s+)?(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?"
                       r"=(?!=)", re.M)


NO_SCOPE = FileScope()


def _parametrized_by_no_row(lines: list[str], outer: FileScope) -> int | None:
    """The index of a pytest `parametrize` decorator among `lines` (those above a test's
    `def`) whose table has no row: a comprehension over a literal table that keeps none
    (`row_filters.keeps_no_row`), or a name its file gives such a table or an empty one
    (`outer`).
    pytest skips a test with an empty parameter set."""
    # its decorators: from the first `@` to the `def` (an argument may take a line of its own)
    head = next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), 0)
    start = next((at for at, line in enumerate(lines[:head]) if line.lstrip().startswith("@")),
                 head)
    text = pyast.dedent("\n".join(lines[start:head]))
    try:
        tree = ast.parse(text + "\ndef _f():\n    pass\n")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    function = tree.body[-1]
    assert isinstance(function, ast.FunctionDef)
    for decorator in function.decorator_list:
        if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "parametrize"):
            continue
        values = decorator.args[1] if len(decorator.args) > 1 else next(
            (word.value for word in decorator.keywords if word.arg == "argvalues"), None)
        if values is not None and (row_filters.keeps_no_row(values, outer.rows) or (
                isinstance(values, ast.Name) and values.id in outer.empty)):
            return start + decorator.lineno - 1
    return None


def file_scope(path: str, text: str, environ: Mapping[str, str] = os.environ,
               short: bool | None = None, platform: str | None = None) -> FileScope:
    """The constants a test file declares false at its top level (`_FILE_FALSE_CONSTANT`): a
    check under `if debug` in any of its tests never runs; whether it defines its own
    `expect` (JS/TS); the environment variables it reads that `environ` (the run's) does not
    set; (Go) what `testing.Short()` is in its run (`short`, None when not known); (Python)
    the platform its run is on (`platform`, `sys.platform`; None when not known)."""
    language = language_of(path)
    pattern = _FILE_FALSE_CONSTANT.get(language or "")
    if pattern is None:
        return NO_SCOPE
    unset, always = _unset_env(text, environ), _always_set(text)
    if language == "go":  # top-level `const x = false`, or a line of a const group
        scope = "\n".join([line for line in text.splitlines() if line.startswith("const ")]
                          + [group.group(1) for group in _GO_CONST_GROUP.finditer(text)])
        return FileScope(frozenset(pattern.findall(scope)), unset=unset, always=always,
                         short=short)
    top = "\n".join(line for line in text.splitlines() if line[:1] not in (" ", "\t"))
    named = [found.group(1) for found in _TOP_NAME.finditer(top)]
    # Python's module names may be set again: a constant is one assigned once, in the file
    false = {name for name in pattern.findall(top) if language != "python" or (
        named.count(name) == 1 and not re.search(rf"\b(?:global|nonlocal)\s+{name}\b", text))}
    rows, kept_none = row_filters.python_tables(text, named) if language == "python" else (
        row_filters.js_tables(text, top=True), frozenset())
    checking, defined = _python_checking_names(text) if language == "python" else (
        None, frozenset())
    return FileScope(frozenset(false), language == "js" and bool(_OWN_EXPECT.search(top)),
                     frozenset(name for name in set(named) if _empty(name, text, language or ""))
                     | kept_none, unset, always, rows,
                     _outer_mocks(text) if language == "js" else (),
                     swallowing_helpers(text) if language == "js" else frozenset(),
                     noop_checks(text, top=True)[0] if language == "js" else frozenset(),
                     checking=checking, defined=defined,
                     tables=row_filters.python_kept_tables(text, named)
                     if language == "python" else frozenset(),
                     platform=platform if language == "python"
                     and not _PLATFORM_PATCH.search(text) else None,
                     off=_groups_off(text) if language == "js" else (),
                     **_js_checks_read(path, text, language))


# A JS/TS group switched off: `describe.skip(`, `describe.todo(`, `xdescribe(`, `xcontext(`
_GROUP_OFF = lazy_re(r"(?<![\w$.])(describe\.(?:skip|todo)|xdescribe|xcontext|context\.skip)"
                     r"\s*\(")


def _groups_off(text: str) -> tuple[tuple[int, int, str], ...]:
    """(first line, last line, marker) of each group of a JS/TS file switched off, its
    comments and strings aside."""
    lines = text.splitlines()
    code = testcases.code_lines(lines)
    return tuple((i + 1, testcases.brace_block_end(lines, i, js=True) + 1, found.group(1))
                 for i, line in enumerate(code) for found in (_GROUP_OFF.search(line),)
                 if found)


def _false_constants_inlined(lines: list[str], outer: Iterable[str] = ()) -> list[str]:
    """A test's lines with each constant it, or its file (`outer`), declares false
    (`const strict = false`, Go's and JS's) read as `false` where it is used: a check under
    `if strict` never runs."""
    names = [m.group(1) for line in lines for m in (_FALSE_CONSTANT.match(line),) if m]
    names += [name for name in outer if name not in names]
    if not names:
        return lines
    used = re.compile(r"(?<![\w$.])(" + "|".join(map(re.escape, names)) + r")(?![\w$])")
    return [line if _FALSE_CONSTANT.match(line) else used.sub("false", line) for line in lines]


_TRY = lazy_re(r"^(\s*)try\s*\{\s*$")
# A catch that keeps the failure from the runner: empty, or only logging it.
_SWALLOWING_CATCH = lazy_re(r"^\s*\}\s*catch\s*(?:\([^)]*\))?\s*\{\s*"
                               r"(?:console\.\w+\([^;]*\);?\s*)?\}\s*;?\s*$")


# The line that closes a try and opens its handler, and a handler's statements that drop
# the failure (logging it, returning): a catch made only of them swallows it, and a finally
# that returns discards it.
_HANDLER = lazy_re(r"^\s*\}\s*(catch|finally)\b[^{]*\{\s*$")
_DROPPING = {
    "js": lazy_re(r"^(?:console\.\w+\(.*\)|return\b.*|//.*)?;?$"),
    # (where the try itself checks): a check any caught error passes, the failed assertion too
    "js_caught": lazy_re(r"^expect\(\s*[\w$]+\s*\)\.(?:(?:toBeDefined|toBeTruthy|not\.toBeNull|"
                            r"not\.toBeUndefined)\(\s*\)|toBeInstanceOf\(\s*Error\s*\))\s*;?$"),
    "python": lazy_re(r"^(?:pass|\.\.\.|print\(.*\)|(?:log(?:ger|ging)?|LOG)\.\w+\(.*\)|"
                         r"return(?:\s+None)?|#.*)$"),
}


_PY_TRY = re.compile(r"^(\s*)try\s*:\s*$")
# A Python handler that catches a failed assertion and drops it (`except*` too: it catches
# a failed assertion as much, wrapped in a group).
_PY_SWALLOWING = lazy_re(r"^except\s*\*?\s*(?:\(?[\w., ]*\b(?:AssertionError|Exception|"
                         r"BaseException)\b[\w., ]*\)?(?:\s+as\s+\w+)?)?\s*:\s*"
                         r"(?P<inline>\S.*)?$")


# `with suppress(AssertionError):` (or Exception, BaseException): a failed check inside is
# dropped as a swallowing except drops it.
_PY_SUPPRESS = re.compile(r"^(\s*)with\s+(?:contextlib\.)?suppress\(\s*[\w., ]*\b(?:AssertionError|"
                          r"Exception|BaseException)\b[\w., ]*\)\s*:\s*$")


def _python_swallowing_try_dead(lines: list[str]) -> list[str]:
    """A Python test's lines with each `try:` whose `except AssertionError` (or `Exception`,
    or a bare except) only passes, prints or logs, and each `with suppress(AssertionError):`,
    read as a block that never runs."""
    out = list(lines)
    for index, line in enumerate(lines):
        suppressed = _PY_SUPPRESS.match(line)
        if suppressed is not None:
            out[index] = f"{suppressed.group(1)}if False:"
            continue
        found = _PY_TRY.match(line)
        if found is None:
            continue
        indent = len(found.group(1))
        handler = next((at for at in range(index + 1, len(lines)) if lines[at].strip() and
                        len(lines[at]) - len(lines[at].lstrip()) <= indent), None)
        if handler is None:
            continue
        caught = _PY_SWALLOWING.match(lines[handler].strip())
        if caught is None:
            continue
        end = _block_end(lines, handler, "python")
        inside = [text.strip() for text in lines[handler + 1:end + 1] if text.strip()]
        if caught.group("inline"):
            inside.append(caught.group("inline"))
        if all(_DROPPING["python"].match(text) for text in inside):
            out[index] = f"{found.group(1)}if False:"
    return out


# A block expecting an error (`with self.assertRaises(ValueError):`, `with pytest.raises(E):`,
# no message to match) and the statement that raises one of its errors itself, at its top
# level (`raise ValueError(value)`): the block passes whatever the code before it does.
_PY_EXPECTS_RAISE = re.compile(r"^(\s*)with\s+(?:self\.assertRaises|(?:pytest\.)?raises)\(\s*"
                               r"(?P<names>[\w.]+|\(\s*[\w.]+(?:\s*,\s*[\w.]+)*\s*,?\s*\))\s*\)"
                               r"(?:\s+as\s+\w+)?\s*:\s*$")
_PY_RAISE_OF = lazy_re(r"^raise\s+(?:[\w.]+\.)?(\w+)\s*(?:\(.*\))?\s*(?:from\s+.*)?$")


def _python_self_raised_trivial(lines: list[str]) -> list[str]:
    """A Python test's lines with each block expecting an error that it raises itself
    (`_PY_EXPECTS_RAISE`) read as a check that cannot fail."""
    out = list(lines)
    for index, line in enumerate(lines):
        found = _PY_EXPECTS_RAISE.match(line)
        if found is None:
            continue
        expected = {name.rpartition(".")[2] for name in re.findall(r"[\w.]+",
                                                                  found.group("names"))}
        inside = [text for text in lines[index + 1:_block_end(lines, index, "python") + 1]
                  if text.strip() and not text.strip().startswith("#")]
        first = min((len(text) - len(text.lstrip()) for text in inside), default=0)
        if any(len(text) - len(text.lstrip()) == first and (raised := _PY_RAISE_OF.match(
                text.strip())) is not None and raised.group(1) in expected for text in inside):
            out[index] = f"{found.group(1)}assert True"
    return out


# A failed assertion's own error, and the classes above it: a block expecting one of them
# (`with pytest.raises(Exception):`, `self.assertRaises(AssertionError)`) takes the failure
# of an assertion inside it for the error it expects.
_ASSERTION_ERRORS = frozenset({"AssertionError", "Exception", "BaseException"})
# An assertion whose failure raises AssertionError: `assert`, unittest's own `assert...`
# methods and `fail` (not a project's helper, which may be what the block tests).
_PY_ASSERTION = lazy_re(
    r"^(?:assert\b(?!\s*=)|self\.(?:fail|assert(?:Equal|Equals|NotEqual|True|False|Is|IsNot|"
    r"IsNone|IsNotNone|In|NotIn|IsInstance|NotIsInstance|AlmostEqual|NotAlmostEqual|Greater|"
    r"GreaterEqual|Less|LessEqual|Regex|NotRegex|CountEqual|ListEqual|TupleEqual|SetEqual|"
    r"DictEqual|SequenceEqual|MultiLineEqual))\s*\()")


def _own_failure_block(lines: list[str]) -> str | None:
    """The first block of a Python test expecting the error its own assertion raises
    (`_python_own_failure_expected_dead`), as a reason quotes it (`with pytest.raises(
    Exception)`), or None."""
    read = _python_own_failure_expected_dead(lines)
    return next((_shown(line.strip().rstrip(":").rstrip()) for line, now in zip(
        lines, read, strict=True) if line != now), None)


def _python_own_failure_expected_dead(lines: list[str]) -> list[str]:
    """A Python test's lines with each block expecting an error that a failed assertion is
    (`_ASSERTION_ERRORS`) read as a block that never runs when it holds an assertion
    (`_PY_ASSERTION`) outside a function or `try` of its own: `with pytest.raises(Exception):
    assert "http" == f("HTTP")` passes exactly when the assertion fails, its failure being
    the error the block expects."""
    out = list(lines)
    for index, line in enumerate(lines):
        found = _PY_EXPECTS_RAISE.match(line)
        if found is None or not {name.rpartition(".")[2] for name in re.findall(
                r"[\w.]+", found.group("names"))} & _ASSERTION_ERRORS:
            continue
        inside = [text.strip() for text in lines[index + 1:_block_end(lines, index, "python")
                                                    + 1] if text.strip()]
        if any(re.match(r"(?:async\s+)?def\s|try\s*:|lambda\b", text) for text in inside):
            continue
        if any(_PY_ASSERTION.match(text) for text in inside):
            out[index] = f"{found.group(1)}if False:"
    return out


# --- Python, read with `ast`: checks that always hold, and blocks that never run --------------

def _python_def(lines: list[str]) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef,
                                           list[str]] | None:
    """A Python test's function parsed from `lines` (its decorators or `def`, then its body;
    line numbers kept), and its lines as parsed (dedented); None when it does not parse."""
    text = pyast.dedent("\n".join(lines))
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    function = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(function, _FUNCTION):
        return None
    return function, text.split("\n")


def _bound_once(function: ast.AST) -> dict[str, int]:
    """How many times each name is bound in `function` (its parameters too); a `global` or
    `nonlocal` name counts twice: it is never the function's own."""
    counts: dict[str, int] = {}
    for node in ast.walk(function):
        names = [node.id] if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) \
            else [node.arg] if isinstance(node, ast.arg) \
            else [node.name] if isinstance(node, (*_FUNCTION, ast.ClassDef)) \
            and node is not function \
            else [(a.asname or a.name).split(".")[0] for a in node.names] \
            if isinstance(node, (ast.Import, ast.ImportFrom)) \
            else [node.name] if isinstance(node, ast.ExceptHandler) and node.name \
            else list(node.names) * 2 if isinstance(node, (ast.Global, ast.Nonlocal)) else []
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return counts


# A value whose truth is always a bool: a comparison, `not`, and these builtins' results.
_BOOL_CALLS = frozenset({"bool", "isinstance", "issubclass", "hasattr", "callable"})


def _always_bool(node: ast.expr) -> bool:
    return isinstance(node, ast.Compare) or (
        isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        and node.func.id in _BOOL_CALLS)


def _always_truthy(node: ast.expr, truthy: frozenset[str] | set[str]) -> bool:
    """Whether a Python expression is true whatever the code does: a truthy constant, an
    f-string with text, a generator or a lambda (objects, always true), a non-empty list,
    tuple, set or dict display, a name of `truthy` (a function the test defines, a parameter
    whose every row is truthy), anything or-ed with such a value or with its own negation, a
    bool asked to be True or False (`(a == b) in (True, False)`), `bool()` of a truthy value."""
    if isinstance(node, ast.Constant):
        return bool(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and part.value for part in node.values)
    if isinstance(node, (ast.GeneratorExp, ast.Lambda)):
        return True
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return any(not isinstance(item, ast.Starred) for item in node.elts)
    if isinstance(node, ast.Dict):
        return any(key is not None for key in node.keys)
    if isinstance(node, ast.Name):
        return node.id in truthy
    if isinstance(node, ast.BoolOp):
        if isinstance(node.op, ast.And):
            return all(_always_truthy(value, truthy) for value in node.values)
        return any(_always_truthy(value, truthy) for value in node.values) or \
            row_filters.holds_whatever(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _always_falsy(node.operand)
    if isinstance(node, ast.IfExp):
        return _always_truthy(node.body, truthy) and _always_truthy(node.orelse, truthy)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(
            node.ops[0], ast.In) and isinstance(node.comparators[0], (ast.Tuple, ast.List,
                                                                       ast.Set)):
        kept = {item.value for item in node.comparators[0].elts
                if isinstance(item, ast.Constant) and isinstance(item.value, bool)}
        return kept == {True, False} and _always_bool(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
            node.func.id == "bool" and len(node.args) == 1 and not node.keywords:
        return _always_truthy(node.args[0], truthy)
    return False


def _always_falsy(node: ast.expr) -> bool:
    """A falsy constant or an empty display (`not []`: True)."""
    if isinstance(node, ast.Constant):
        return not node.value
    return isinstance(node, (ast.List, ast.Tuple, ast.Set, ast.Dict)) and not (
        node.keys if isinstance(node, ast.Dict) else node.elts)


def _parametrized(decorator: ast.Call) -> tuple[list[str], ast.expr | None]:
    """A `parametrize(...)` decorator's parameter names (none where not written as strings)
    and its table."""
    given = {word.arg: word.value for word in decorator.keywords}
    names = decorator.args[0] if decorator.args else given.get("argnames")
    values = decorator.args[1] if len(decorator.args) > 1 else given.get("argvalues")
    if isinstance(names, ast.Constant) and isinstance(names.value, str):
        return [name.strip() for name in names.value.split(",") if name.strip()], values
    if isinstance(names, (ast.List, ast.Tuple)):
        written = [n.value for n in names.elts
                   if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        return (written if len(written) == len(names.elts) else []), values
    return [], values


def _truthy_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef,
                       tables: Mapping[str, ast.expr]) -> set[str]:
    """The parameters a `parametrize` decorator of `function` gives a truthy value in every
    row (`_always_truthy`): its table written in place or a module table (`tables`, kept
    unchanged) of tuples, `pytest.param(...)` rows read by their values."""
    out: set[str] = set()
    for decorator in function.decorator_list:
        if not (isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "parametrize"):
            continue
        names, values = _parametrized(decorator)
        if isinstance(values, ast.Name):
            values = tables.get(values.id)
        if not names or not isinstance(values, (ast.List, ast.Tuple)) or not values.elts:
            continue
        rows: list[list[ast.expr]] = []
        for row in values.elts:
            if isinstance(row, ast.Call) and pyast.callee_name(row.func) == "param":
                cells = list(row.args)
            elif len(names) == 1:
                cells = [row]
            elif isinstance(row, (ast.Tuple, ast.List)):
                cells = list(row.elts)
            else:
                break
            if len(cells) != len(names) or any(isinstance(c, ast.Starred) for c in cells):
                break
            rows.append(cells)
        else:
            out |= {name for column, name in enumerate(names)
                    if all(_always_truthy(cells[column], set()) for cells in rows)}
    return out


def _python_truthy_checks_trivial(lines: list[str], outer: FileScope) -> list[str]:
    """A Python test's lines (its file's tables it names, its decorators, `def` and body) with
    each `assert` (or `self.assertTrue(...)`) of a value always true (`_always_truthy`; names:
    a lambda or function it binds once and never calls away from, a parameter bound only as
    such whose every row is truthy) read as `assert True`, on the statement's first line."""
    head = next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), None)
    if head is None or not any("assert" in line for line in lines[head:]):
        return lines
    start = next((at for at, line in enumerate(lines[:head]) if line.lstrip().startswith("@")),
                 head)
    parsed = _python_def(lines[start:])
    if parsed is None:
        return lines
    function, text = parsed
    tables: dict[str, ast.expr] = {}
    if start and outer.tables:
        try:
            module = ast.parse(pyast.dedent("\n".join(lines[:start])))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            module = ast.Module(body=[], type_ignores=[])
        tables = {target.id: statement.value for statement in module.body
                  if isinstance(statement, ast.Assign) for target in statement.targets
                  if isinstance(target, ast.Name) and target.id in outer.tables}
    counts = _bound_once(function)
    truthy = {name for name in _truthy_parameters(function, tables) if counts.get(name) == 1}
    truthy |= {node.name for node in function.body if isinstance(node, _FUNCTION)
               and not node.decorator_list and counts.get(node.name) == 1}
    every = tuple(ast.walk(function))  # walked twice below
    truthy |= {node.targets[0].id for node in every if isinstance(node, ast.Assign)
               and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
               and isinstance(node.value, ast.Lambda) and counts.get(node.targets[0].id) == 1}
    out = list(lines)
    for node in every:
        if not isinstance(node, (ast.Assert, ast.Expr)):
            continue
        test = node.test if isinstance(node, ast.Assert) else node.value.args[0] if (
            isinstance(node.value, ast.Call) and pyast.callee_name(node.value.func) == "assertTrue"
            and len(node.value.args) == 1) else None
        if test is None or not _always_truthy(test, truthy):
            continue
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        # the statement alone on its lines (`if x: assert [y]` keeps its `if`)
        after = text[last].encode()[node.end_col_offset or 0:].decode(errors="ignore")
        if text[first].encode()[:node.col_offset].strip() or after.strip()[:1] not in ("", "#"):
            continue
        at = start + first
        out[at] = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + "assert True"
        out[at + 1:start + last + 1] = [""] * (last - first)
    return out


def _python_finally_return_dead(lines: list[str]) -> list[str]:
    """A Python test's lines (from its `def`) with each `try` whose `finally` returns (or
    breaks, or continues: the failure the try raised is dropped) read as a block that never
    runs, its handlers and `else` too."""
    if not any(line.strip().startswith("finally") for line in lines):
        return lines
    parsed = _python_def(lines)
    if parsed is None:
        return lines
    function, text = parsed
    out = list(lines)
    for node in ast.walk(function):
        if not isinstance(node, ast.Try) or not any(
                isinstance(s, (ast.Return, ast.Break, ast.Continue)) for s in node.finalbody):
            continue
        heads = [node.lineno - 1, *(handler.lineno - 1 for handler in node.handlers)]
        if node.orelse:
            heads += [at for at in range(node.orelse[0].lineno - 1, node.lineno - 1, -1)
                      if re.match(r"\s*else\s*:", text[at])][:1]
        finally_at = next(at for at in range(node.finalbody[0].lineno - 1, node.lineno - 1, -1)
                          if re.match(r"\s*finally\s*:", text[at]))
        for at in [*heads, finally_at]:  # the `finally` still runs: `if True:`
            out[at] = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + (
                "if True:" if at == finally_at else "if False:")
    return out


# What a Python condition may read of the platform its run is on: `sys.platform`, `os.name`,
# `platform.system()`, as each reads on a platform (by `sys.platform`).
_OS_NAME = {"win32": "nt"}
_SYSTEM = {"linux": "Linux", "darwin": "Darwin", "win32": "Windows"}
_PLATFORM_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b}


def _platform_value(node: ast.expr, platform: str) -> object:
    """The value of a condition on the platform (`_OS_NAME`, `_SYSTEM`; constants,
    comparisons, `in`, `and` / `or` / `not`, a string's `startswith`, `endswith`, `lower`) on
    `platform`; raises LookupError for anything else."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return tuple(_platform_value(item, platform) for item in node.elts)
    dotted = ast.unparse(node)
    if dotted == "sys.platform":
        return platform
    if dotted == "os.name":
        return _OS_NAME.get(platform, "posix")
    if dotted == "platform.system()" and platform in _SYSTEM:
        return _SYSTEM[platform]
    if isinstance(node, ast.Compare):
        left = _platform_value(node.left, platform)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _platform_value(right_node, platform)
            if type(op) not in (ast.Eq, ast.NotEq, ast.In, ast.NotIn) or not isinstance(
                    left, str) or not isinstance(right, (str, tuple)):
                raise LookupError(dotted)
            if not _PLATFORM_COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):  # one known value may decide it (`os.name == "nt" and x`)
        deciding = isinstance(node.op, ast.Or)
        unknown = False
        for value in node.values:
            try:
                if bool(_platform_value(value, platform)) == deciding:
                    return deciding
            except (LookupError, TypeError, ValueError):
                unknown = True
        if unknown:
            raise LookupError(dotted)
        return not deciding
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return not _platform_value(node.operand, platform)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            node.func.attr in ("startswith", "endswith", "lower") and not node.keywords:
        owner = _platform_value(node.func.value, platform)
        args = [_platform_value(arg, platform) for arg in node.args]
        if isinstance(owner, str) and all(isinstance(a, (str, tuple)) for a in args):
            return getattr(owner, node.func.attr)(*args)
    raise LookupError(dotted)


# A test or its file setting what the platform reads (`monkeypatch.setattr(sys, "platform",
# "win32")`, `mock.patch("sys.platform", ...)`, `sys.platform = ...`): its conditions on it are
# not read.
_PLATFORM_PATCH = re.compile(r"\b(?:sys|os|platform)\s*,\s*[\"'](?:platform|name|system)[\"']|"
                             r"[\"'](?:sys\.platform|os\.name|platform\.system)[\"']|"
                             r"\b(?:sys\.platform|os\.name)\s*=(?!=)")
# The runner's fixtures that cannot change the platform (any other may: a conftest's)
_PLAIN_FIXTURES = frozenset({"self", "cls", "tmp_path", "tmpdir", "capsys", "capfd", "caplog",
                             "request", "monkeypatch", "recwarn", "subtests"})


def _platform_kept(lines: list[str]) -> bool:
    """Whether a Python test (`lines`: its decorators, `def` and body) reads the run's own
    platform: it sets none (`_PLATFORM_PATCH`), and takes no fixture but the runner's plain
    ones (`_PLAIN_FIXTURES`) and its `parametrize` values."""
    if _PLATFORM_PATCH.search("\n".join(lines)):
        return False
    head = next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), None)
    if head is None:
        return False
    start = next((at for at, line in enumerate(lines[:head]) if line.lstrip().startswith("@")),
                 head)
    parsed = _python_def(lines[start:])
    if parsed is None:
        return False
    function = parsed[0]
    given = {name for decorator in function.decorator_list if isinstance(decorator, ast.Call)
             and isinstance(decorator.func, ast.Attribute)
             and decorator.func.attr == "parametrize" for name in _parametrized(decorator)[0]}
    return {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                            *function.args.kwonlyargs)} <= given | _PLAIN_FIXTURES


def _python_platform_read(lines: list[str], platform: str | None) -> list[str]:
    """A Python test's lines (from its `def`) with each `if` on the platform (`_platform_value`:
    one reading `sys.platform`, `os.name` or `platform.system()`), its condition on its line,
    read as `if False:` where the run's platform does not meet it, `if True:` where it does (a
    `return` under it is taken)."""
    if platform is None or not re.search(r"\b(?:sys\.platform|os\.name|platform\.system)\b",
                                         "\n".join(lines)):
        return lines
    parsed = _python_def(lines)
    if parsed is None:
        return lines
    function, text = parsed
    if {"sys", "os", "platform"} & set(_bound_once(function)) - {
            name for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))
            for name in _bound_once(node)}:
        return lines  # a parameter or a variable of that name: not the module
    out = list(lines)
    for node in ast.walk(function):
        if not isinstance(node, ast.If) or node.test.end_lineno != node.lineno or \
                not re.match(r"\s*if\s", text[node.lineno - 1]) or not re.search(
                    r"\b(?:sys\.platform|os\.name|platform\.system)\b", ast.unparse(node.test)):
            continue
        try:
            holds = bool(_platform_value(node.test, platform))
        except (LookupError, TypeError, ValueError):
            continue
        at = node.lineno - 1
        indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
        if node.body[0].lineno == node.lineno:
            continue  # its block on its line: `if sys.platform == "x": assert ...`
        out[at] = indent + ("if True:" if holds else "if False:")
    return out


# A JS/TS helper that calls the function it is handed in a try whose catch drops the error
# (empty, comments, or only logging): `const soft = (fn) => { try { fn() } catch {} }`,
# `function quietly(check) { try { check(); } catch (e) { console.log(e) } }`.
_SWALLOWING_HELPER = lazy_re(
    r"(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*(?:async\s*)?"
    r"\(\s*([A-Za-z_$][\w$]*)(?:[^()]|\([^()]*\))*\)\s*(?::[^=]+?)?=>\s*|(?:async\s+)?"
    r"function\s+([A-Za-z_$][\w$]*)\s*\(\s*([A-Za-z_$][\w$]*)(?:[^()]|\([^()]*\))*\)\s*"
    r"(?::[^{]+)?)"
    r"\{\s*try\s*\{\s*(?:await\s+)?(?:\2|\4)\s*\(\s*\)\s*;?\s*\}\s*catch\s*(?:\([^()]*\))?\s*"
    r"\{(?P<caught>[^{}]*)\}\s*;?\s*\}")


def swallowing_helpers(text: str) -> frozenset[str]:
    """The helpers a JS/TS test file defines that drop the error of the function they are
    handed (`_SWALLOWING_HELPER`, its catch dropping as a test's own try's does:
    `_DROPPING`; or `_checks_only_in_dropping_try`): a check passed to one fails nothing."""
    return frozenset(
        found.group(1) or found.group(3) for found in _SWALLOWING_HELPER.finditer(text)
        if all(_DROPPING["js"].match(statement.strip()) for line in re.sub(
            r"/\*.*?\*/", "", found.group("caught"), flags=re.S).splitlines()
            for statement in _semicolon_parts(line))) | _checks_only_in_dropping_try(text)


# The names a JS function head declares as its parameters (`(chrono, text, checkResult?:
# CheckResult)`).
_JS_PARAMETER = lazy_re(r"(?:^|[(,])\s*(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*\??\s*(?=[:,)=])")
# between a function's parameters and its body: a return type, an arrow
_JS_BEFORE_BODY = lazy_re(r"\s*(?::[^{;=()]*)?\s*(?:=>)?\s*")


def _checks_only_in_dropping_try(text: str) -> frozenset[str]:
    """The top-level functions of a JS/TS text (a test file, a module of test helpers) that
    run every check they make and every function they are handed (a parameter called) only
    inside one `try` whose catch drops the error, with no `finally`: a catch holding no
    `throw` that hands the caught error to no call but a `console` one's (chrono-node's
    `testSingleCase(chrono, text, ref, checkResult)`: `try { expect(results)...;
    checkResult(results[0]) } catch (e) { e.stack = ...; console.log(e) }`). A check handed
    to one fails nothing."""
    code = _JS_STRING.sub('""', js_imports.code_of(text))
    out: set[str] = set()
    for found in _JS_FUNCTION_HEAD.finditer(code):
        name = found.group(1) or found.group(3)
        if found.group(6) is not None or code[code.rfind("\n", 0, found.start() + 1) + 1:][
                :1] in (" ", "\t"):
            continue  # an arrow of one expression, or no top-level function
        opening = code.find("(", found.end() - 1)
        if opening < 0:
            continue
        closing = row_filters.closing_bracket(code, opening)
        params = {p for p in _JS_PARAMETER.findall(code[opening:closing])}
        brace = code.find("{", closing)
        if brace < 0 or not _JS_BEFORE_BODY.fullmatch(code[closing:brace]):
            continue  # an overload's declaration (`function f(a: A);`): no body of its own
        end = row_filters.closing_bracket(code, brace)
        body = code[brace + 1:end - 1]
        if _dropping_try_holds_all(body, params):
            out.add(name)
    return frozenset(out)


# A helper's `try {`, its catch (the caught name, the block) and its `finally`.
_HELPER_TRY = lazy_re(r"\btry\s*\{")
_HELPER_CATCH = lazy_re(r"\s*catch\s*(?:\(\s*([A-Za-z_$][\w$]*)[^()]*\))?\s*\{")
_HELPER_FINALLY = lazy_re(r"\s*finally\b")


def _dropping_try_holds_all(body: str, params: AbstractSet[str]) -> bool:
    """Whether a JS function's body (`_checks_only_in_dropping_try`) has one `try` whose
    catch drops the error, and outside it no check, `throw` or call of a parameter."""
    tries = list(_HELPER_TRY.finditer(body))
    if len(tries) != 1:
        return False
    start = tries[0].start()
    tried_end = row_filters.closing_bracket(body, tries[0].end() - 1)
    caught = _HELPER_CATCH.match(body, tried_end)
    if caught is None:
        return False
    caught_end = row_filters.closing_bracket(body, caught.end() - 1)
    if _HELPER_FINALLY.match(body, caught_end):
        return False
    handler = body[caught.end():caught_end - 1]
    error = caught.group(1)
    if re.search(r"\bthrow\b", handler) or (error and _hands_on(handler, error)):
        return False
    tried = body[tries[0].end():tried_end - 1]
    if not re.search(r"\bexpect\s*\(|\bassert\w*\s*\(", tried):
        return False  # checks nothing itself: no helper of checks
    outside = body[:start] + body[caught_end:]
    called = "|".join(map(re.escape, sorted(params))) or r"(?!)"
    return not re.search(rf"\bexpect\s*\(|\bassert\w*\s*\(|\bthrow\b|\bfail\s*\(|"
                         rf"(?<![\w$.])(?:{called})\s*\(", outside)


def _hands_on(handler: str, error: str) -> bool:
    """Whether a catch block hands its caught error to a call other than a `console` one's
    (`done(e)`, `reject(e)`, `handle(e.message)`)."""
    code = handler
    while (found := _JS_CONSOLE_CALL.search(code)) is not None:
        code = code[:found.start()] + code[row_filters.closing_bracket(code, found.end() - 1):]
    return bool(re.search(rf"\([^()]*(?<![\w$.]){re.escape(error)}\b", code))


_HELPER_CALL = lazy_re(r"^(?:await\s+)?([A-Za-z_$][\w$]*)\s*\(")


def _live_helper_check(text: str, outer: FileScope) -> bool:
    """Whether a JS/TS statement calls a helper named as a check or a test's
    (`testUnexpectedResult(chrono, "in 15m")`) that neither swallows nor cannot fail: it
    may check, as a test's checks handed to a swallowing one cannot."""
    found = _HELPER_CALL.match(text)
    name = found.group(1) if found else ""
    return bool(found) and not _CHECK["js"].search(text) and (bool(
        _JS_CHECK_NAME.search(name)) or bool(_JS_TEST_HELPER.match(name))) \
        and name not in outer.swallowing | outer.noop


def imported_swallowing_helpers(file: str, text: str, texts: Mapping[str, str]
                                ) -> frozenset[str]:
    """The helpers a JS/TS test file imports from a module of its project (of `texts`) that
    run the checks they are handed only in a try whose catch drops the error
    (`_checks_only_in_dropping_try`), by the file's name for them."""
    return _imported_helpers(file, text, texts, _checks_only_in_dropping_try, lambda _: True)


def _imported_helpers(file: str, text: str, texts: Mapping[str, str],
                      defined: Callable[[str], frozenset[str]],
                      named: Callable[[str], bool]) -> frozenset[str]:
    """The names a JS/TS test file imports, from a module of its project (of `texts`), of
    what `defined` finds the module defines, each bound under a name `named` accepts."""
    out: set[str] = set()
    for statement in js_imports.imports(text):
        target = next((candidate for candidate in js_imports.module_candidates(
            file, statement.spec) if candidate in texts), None)
        if target is None:
            continue
        found = defined(texts[target])
        exported = dict((name, own) for own, name in js_imports.exported(texts[target]))
        out.update(bound for imported, bound in statement.named
                   if named(bound) and exported.get(imported) in found)
    return frozenset(out)


# JS/TS: a check helper the test file (or the test) defines whose body cannot fail: named as a
# check (`_JS_CHECK_NAME`: `check`, `assertValid`, `verifyRow`, ...) and holding no call but a
# `console` one's, no `throw`, no `new`, no `.should` and no `await` (`function check(_c:
# boolean): void { /* TODO */ }`, `const verify = (x) => x`). A call of it is a check that
# cannot fail; not one with type parameters (`function expectUnknown<T extends
# EnsureUnknown<T>>(t: T) {}`, `assertType<number[]>(result)`): a check of types, which a
# type-checking run (ts-jest) makes.
_JS_CHECK_NAME = lazy_re(r"assert|expect|check|verify|ensure|must|should|validat", re.I)
# a test helper's name (`testSingleCase`, `test_parse`): the module defining it is read
_JS_TEST_HELPER = lazy_re(r"test[A-Z_]")
_JS_FUNCTION_HEAD = lazy_re(
    r"(?:^|(?<=[;{}\n]))[ \t]*(?:export\s+)?(?:(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*"
    r"(?P<typed><[^()=]*>\s*)?(?=\()|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?=\s*"
    r"(?:async\s+)?(?:function\b\s*(?P<typed2><[^()=]*>)?[^(]*(?=\()|(?P<typed3><[^()=]*>\s*)?"
    r"(?=\()|([A-Za-z_$][\w$]*)\s*=>))")
_JS_STRING = lazy_re(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`$\\]*`")
_JS_CONSOLE_CALL = lazy_re(r"\bconsole\s*\.\s*\w+\s*\(")
_JS_MAY_FAIL = lazy_re(r"\(|`|\bthrow\b|\bnew\b|\.\s*should\b|\bawait\b|\byield\b")


def _cannot_fail(body: str) -> bool:
    """Whether a JS function's body (its comments blanked) holds nothing that may fail: no
    call but a `console` one's, no `throw`, `new`, `.should`, `await` or template."""
    code = _JS_STRING.sub('""', body)
    while (found := _JS_CONSOLE_CALL.search(code)) is not None:
        code = code[:found.start()] + code[row_filters.closing_bracket(code, found.end() - 1):]
    return _JS_MAY_FAIL.search(code) is None


def noop_checks(text: str, top: bool = False) -> tuple[frozenset[str], frozenset[str]]:
    """(the check helpers a JS/TS text defines whose body cannot fail, those it defines that
    may): by name, as `_JS_FUNCTION_HEAD` finds them (`function check(...) {`, `const check =
    (...) => {` or an arrow of one expression); `top`: only those at its top level (their
    line starting in column 0)."""
    code = js_imports.code_of(text)
    noop: set[str] = set()
    others: set[str] = set()
    for found in _JS_FUNCTION_HEAD.finditer(code):
        name = found.group(1) or found.group(3)
        if not _JS_CHECK_NAME.search(name) or (
                top and code[code.rfind("\n", 0, found.start() + 1) + 1:][:1] in (" ", "\t")):
            continue
        if found.group("typed") or found.group("typed2") or found.group("typed3"):
            others.add(name)  # a check of types
            continue
        at = found.end()
        if found.group(6) is None:  # past its parameters, its return type, its `=>`
            at = row_filters.closing_bracket(code, at)
            arrow = re.compile(r"\s*(?::[^={]+)?\s*(=>)?\s*").match(code, at)
            at = arrow.end() if arrow is not None else at
        else:
            at = re.compile(r"\s*").match(code, at).end()  # type: ignore[union-attr]
        if code[at:at + 1] == "{":
            body = code[at + 1:row_filters.closing_bracket(code, at) - 1]
        else:  # an arrow of one expression, up to its line's end
            body = code[at:].split("\n", 1)[0].rstrip().rstrip(";")
        (noop if _cannot_fail(body) else others).add(name)
    return frozenset(noop - others), frozenset(others)


def imported_noop_checks(file: str, text: str, texts: Mapping[str, str]) -> frozenset[str]:
    """The check helpers a JS/TS test file imports from a module of its project (of `texts`)
    that defines them there with a body that cannot fail (`noop_checks`), by the file's name
    for them: `import { assertValid } from "./helpers"` with `export function assertValid(_x)
    {}`."""
    return _imported_helpers(file, text, texts, lambda module: noop_checks(module, top=True)[0],
                             lambda bound: bound != "expect"
                             and bool(_JS_CHECK_NAME.search(bound)))


def _noop_check_calls_trivial(lines: list[str], outer: frozenset[str]) -> list[str]:
    """A JS/TS test's lines with each one-line call of a check helper that cannot fail
    (`noop_checks`: its file's, `outer`, and its own, which hide its file's of their name)
    read as a check that cannot fail."""
    own, others = noop_checks("\n".join(lines[1:]))
    helpers = (outer - others) | own
    if not helpers:
        return lines
    called = re.compile(r"^(\s*)(?:await\s+)?(?:void\s+)?(?:" + "|".join(
        map(re.escape, sorted(helpers))) + r")\s*\(")
    out = list(lines)
    for index, line in enumerate(lines[1:], start=1):
        found = called.match(line)
        text = line.rstrip()
        if found is not None and not text[row_filters.closing_bracket(
                text, found.end() - 1):].strip(" ;"):
            out[index] = f"{found.group(1)}expect(true).toBe(true);"
    return out


def _swallowed_calls_dead(lines: list[str], helpers: frozenset[str]) -> list[str]:
    """A JS/TS test's lines with each statement calling a swallowing helper (`soft(() =>
    expect(x).toBe(1))`) read as code that never runs: the checks it is handed fail
    nothing."""
    if not helpers:
        return lines
    called = re.compile(r"^(\s*)(?:await\s+)?(?:" + "|".join(map(re.escape, sorted(helpers)))
                        + r")\s*\(")
    out = list(lines)
    for index, line in enumerate(lines[1:], start=1):
        found = called.match(line)
        if found is None:
            continue
        if line.rstrip().endswith("("):  # its arguments on the lines below, up to its `)`
            last = _call_end(lines, index, found.end() - 1)
            if last > index:
                out[index] = f"{found.group(1)}{_NEVER['js']}"
                closing = out[last].rstrip().rstrip(";").rstrip()
                out[last] = closing[:-1] + "}"
                continue
        out[index] = (f"{found.group(1)}{_NEVER['js']}" if line.rstrip().endswith("{")
                      else f"{found.group(1)}if (false) {line.strip()}")
    return out


def _call_end(lines: list[str], index: int, opening: int) -> int:
    """The line closing the call whose `(` is at column `opening` of line `index`, when that
    line ends with its `)` (`);`, `});`); `index` when it is not found so."""
    text = "\n".join(lines[index:])
    end = row_filters.closing_bracket(text, opening)
    last = index + text.count("\n", 0, end)
    closing = lines[last].rstrip().rstrip(";").rstrip() if last < len(lines) else ""
    return last if last > index and closing.endswith(")") and end <= len(text) else index


def _js_swallowing_try_dead(lines: list[str]) -> list[str]:
    """A JS/TS test's lines with each `try {` whose handler swallows the failure read as a
    block that never runs: a catch that is empty or only logs or returns (`catch {}`,
    `catch (e) { console.log(e) }`), or a finally that returns (a `return` in `finally`
    discards the error in flight). An assertion that throws there fails nothing."""
    out = list(lines)
    for index, line in enumerate(lines):
        found = _TRY.match(line)
        if found is None:
            continue
        end = brace_block_end(lines, index)
        if end <= index:
            continue
        handler = _HANDLER.match(lines[end])
        if handler is not None:
            stop = brace_block_end(lines, end)
            inside = [text.strip() for text in lines[end + 1:stop]]
            checks = any("expect(" in text for text in lines[index + 1:end])
            dropped = all(_DROPPING["js"].match(t) or (checks and _DROPPING["js_caught"].match(t))
                          for t in inside) if handler.group(1) == "catch" \
                else any(t.startswith("return") for t in inside)
            if dropped:
                out[index] = f"{found.group(1)}if (false) {{"
                for at in range(end + 1, stop):  # its checks of the error pass for any error
                    if _DROPPING["js_caught"].match(lines[at].strip()):
                        indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
                        out[at] = f"{indent}if (false) {lines[at].strip()}"
        elif _SWALLOWING_CATCH.match(lines[end]):
            out[index] = f"{found.group(1)}if (false) {{"
    return out


_SWALLOWING_TRY_DEAD = {"js": _js_swallowing_try_dead, "python": _python_swallowing_try_dead}


# A JS/TS `catch` block, and what makes a try fail when nothing is thrown
_JS_CATCH = lazy_re(r"\bcatch\s*(?:\([^()]*\))?\s*\{")
# ... and a promise's: its `.catch(...)` callback runs only when the promise rejects
_JS_PROMISE_CATCH = lazy_re(r"\.\s*catch\s*\(")
_JS_THROWS = lazy_re(r"\bfail\s*\(|\bthrow\b")
_JS_TRY = lazy_re(r"\btry\s*\{")
_JS_CHECK = re.compile(r"\bexpect\s*\(")
_JS_FAILS = lazy_re(r"\bfail\s*\(|\bthrow\b|\bexpect\s*\(")
_JS_THROW_CHECKED = lazy_re(r"\.\s*(?:toThrow\w*|rejects)\b|\bexpect\s*\.\s*(?:assertions"
                            r"\s*\(\s*[1-9]|hasAssertions\s*\()")


def _python_caught_only(test_source: str) -> str | None:
    try:
        tree = ast.parse(pyast.dedent(test_source))
    except SyntaxError:
        return None

    def is_check(node: ast.AST) -> bool:
        return isinstance(node, ast.Assert) or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr.startswith("assert"))

    def fails(node: ast.AST) -> bool:  # `raise`, `pytest.fail(...)`, `self.fail(...)`, checks
        return isinstance(node, ast.Raise) or is_check(node) or (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("fail", "raises", "assertRaises"))

    checks = [node for node in ast.walk(tree) if is_check(node)]
    if not checks or any(isinstance(node, ast.With) for node in ast.walk(tree)):
        return None  # a `with pytest.raises(...)` checks the throw itself
    after: dict[int, list[ast.stmt]] = {}  # a try -> the statements after it in its block
    for node in ast.walk(tree):
        for block in (getattr(node, name, None) for name in ("body", "orelse", "finalbody")):
            if isinstance(block, list):
                for index, statement in enumerate(block):
                    after[id(statement)] = block[index + 1:]
    caught: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try) or not node.handlers:
            continue
        if any(fails(inner) for part in (*node.body, *node.orelse, *after.get(id(node), ()))
               for inner in ast.walk(part)):
            continue
        caught.update(id(inner) for handler in node.handlers for inner in ast.walk(handler))
    if not all(id(check) in caught for check in checks):
        return None
    return ast.unparse(checks[0])


def caught_only(test_source: str) -> str | None:
    """The first check of a test whose every check sits in a `catch` / `except` of a try that
    does not fail when nothing is thrown (no check, `fail(...)`, `throw` or `raise` in it or
    its `else`, nor, in Python, after it in its block: `except TypeError as e: assert ...;
    return` then `raise Exception("no TypeError")` fails when nothing is thrown), or in the
    callback of a promise's `.catch(...)` (in a test that throws or
    calls `fail(...)` nowhere else: a `.then(() => { throw ... })` before it fails when the
    promise resolves), in a test that does not check the throw otherwise (`toThrow`,
    `.rejects`, `expect.assertions(n)`, `expect.hasAssertions()`, `pytest.raises`,
    `assertRaises`): `try { chunk(xs, 0) } catch (e) { expect(e).toBeInstanceOf(RangeError) }`
    passes when nothing is thrown, and `return validate(x).catch((errors) => {
    expect(errors.length).toBe(0) })` when the promise resolves, so neither shows anything
    (jest's no-conditional-expect). None for any other test."""
    if "except" in test_source and "def " in test_source:
        return _python_caught_only(test_source)
    if "catch" not in test_source:  # no catch block nor promise catch to sit in
        return None
    code = "\n".join(testcases.code_lines(test_source.split("\n")))
    if _JS_THROW_CHECKED.search(code):
        return None
    checks = [m.start() for m in _JS_CHECK.finditer(code)]
    if not checks:
        return None
    spans = []
    for found in _JS_CATCH.finditer(code):
        start = found.end() - 1
        spans.append((start, then_literals.closing(code, start)))
    promised = [(found.end() - 1, row_filters.closing_bracket(code, found.end() - 1))
                for found in _JS_PROMISE_CATCH.finditer(code)]
    for found in _JS_TRY.finditer(code):
        start = found.end() - 1
        if _JS_FAILS.search(code, start, then_literals.closing(code, start)):
            return None  # a try that checks or fails itself: not judged here
    spans += promised
    if promised and any(not any(a < found.start() < b for a, b in spans)
                        for found in _JS_THROWS.finditer(code)):
        return None  # a chain that fails itself when the promise resolves: not judged here
    if not spans or not all(any(a < at < b for a, b in spans) for at in checks):
        return None
    line_end = test_source.find("\n", checks[0])
    shown = test_source[checks[0]:line_end if line_end >= 0 else None].strip()
    shown = shown.split(";")[0].rstrip("} ")
    while shown.endswith(")") and shown.count(")") > shown.count("("):
        shown = shown[:-1].rstrip()  # the `.catch(` call's own `)`
    return shown


# A promise chain ending in a `.catch` that drops what it catches: the checks in its `.then`
# fail nothing (`.catch(() => undefined)`, `.catch(() => {})`, `.catch(console.error)`).
_DROPPING_CATCH = lazy_re(r"\.catch\(\s*(?:(?:\(\s*[\w$]*\s*\)|[\w$]+)\s*=>\s*(?:undefined|null|"
                             r"\{\s*\}|console\.\w+\([^()]*\))|console\.\w+)\s*\)\s*;?\s*$")


def _dropped_chains_dead(lines: list[str]) -> list[str]:
    """A JS/TS test's lines with each statement whose promise chain ends in a dropping
    `.catch` (`_DROPPING_CATCH`) read as code that never runs."""
    out = list(lines)
    last = _body_end(lines, "js")
    top = _top_indent(lines[1:last])
    start = None
    for index, line in enumerate(lines[1:last], start=1):
        indent = len(line) - len(line.lstrip())
        if line.strip() and indent == top:
            start = index
        if start is not None and _DROPPING_CATCH.search(line):
            if start == index:
                out[index] = " " * indent + "if (false) " + line.strip()
            else:
                out[start] = " " * top + "if (false) {"
            start = None
    return out


_NEVER = {"python": "if False:", "go": "if false {", "js": "if (false) {"}
# A function a test defines in its body, by name: its checks run only where it is called.
_CLOSURE: dict[str, AnyPattern] = {
    "python": re.compile(r"^(\s+)(?:async\s+)?def\s+(\w+)\s*\("),
    "go": lazy_re(r"^(\s+)(\w+)\s*:?=\s*func\s*\(.*\{\s*$"),
    "js": lazy_re(r"^(\s+)(?:(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=\s*"
                     r"(?:(?:vi|jest)\s*\.\s*fn\s*(?:<[^()]*>)?\(\s*)?(?:async\s+)?"
                     r"(?:(?:\([^()]*\)|[\w$]+)\s*(?::\s*[\w<>\[\]]+\s*)?=>|"
                     r"function\b\s*\*?\s*[\w$]*\s*\([^()]*\))|"
                     r"(?:async\s+)?function\s*\*?\s*([\w$]+)\s*\().*\{\s*$"),
}
# A mock made of a callback (`const check = vi.fn(() => {`, `jest.fn(function () {`): the
# callback runs only when the mock is called.
_MOCK_OF_CALLBACK = lazy_re(r"=\s*(?:vi|jest)\s*\.\s*fn\s*(?:<[^()]*>)?\(\s*(?!\))")


def _body_end(lines: list[str], language: str) -> int:
    """The index past a test's own statements: its closing brace's line (a Go test carries
    its package-level table after it: testcases), or the end of a Python body."""
    return len(lines) if language == "python" else brace_block_end(
        lines, 0, js=language == "js", go=language == "go")  # JS: past `({ page }) =>`


def _top_indent(lines: list[str]) -> int:
    """The indentation of a body's own statements: its least."""
    return min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)


def _block_end(lines: list[str], index: int, language: str) -> int:
    """The last line of the block opened on `lines[index]`: by indentation (Python) or by
    braces."""
    if language != "python":
        return brace_block_end(lines, index, go=language == "go")
    indent = len(lines[index]) - len(lines[index].lstrip())
    end = index
    for at in range(index + 1, len(lines)):
        stripped = lines[at].strip()
        if stripped and len(lines[at]) - len(lines[at].lstrip()) <= indent:
            break
        end = at
    return end


# A JS arrow holding one expression on its own line: `const check = () => expect(f(1)).toBe(2);`
# (a mock of one too: `const check = vi.fn(() => expect(f(1)).toBe(2));`)
_ONE_LINE_ARROW = lazy_re(r"^(\s+)(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=\s*"
                          r"(?:(?:vi|jest)\s*\.\s*fn\s*(?:<[^()]*>)?\(\s*)?(?:async\s+)?"
                          r"(?:\([^()]*\)|[\w$]+)\s*(?::\s*[\w<>\[\]]+\s*)?=>\s*(?!\{)\S.*$")


def _presence_of(name: str, mock: bool = False) -> re.Pattern[str]:
    """A JS check that only asks for the function `name` to exist (`expect(check)
    .toBeDefined()`): it neither calls it nor fails, as a function the test defines exists;
    of a `mock`, also one that it was not called (`.not.toHaveBeenCalled()`,
    `toHaveBeenCalledTimes(0)`), which holds of a mock nothing calls."""
    own = re.escape(name)
    uncalled = (rf"|^(\s*)expect\(\s*{own}\s*\)\s*\.\s*(?:not\s*\.\s*(?:{_MOCK_MATCHER})\("
                rf"[^;]*\)|(?:toHaveBeenCalledTimes|toBeCalledTimes|toHaveReturnedTimes|"
                rf"toReturnTimes)\(\s*0\s*\))\s*;?\s*$") if mock else ""
    return re.compile(rf"^(\s*)expect\(\s*{own}\s*\)\s*\.\s*(?:toBeDefined|toBeTruthy|"
                      rf"not\s*\.\s*toBeUndefined|not\s*\.\s*toBeNull|not\s*\.\s*toBeFalsy)\(\s*\)"
                      rf"\s*;?\s*$|^(\s*)expect\(\s*{own}\s*\)\s*\.\s*(?:toBeInstanceOf\("
                      rf"\s*Function\s*\)|toBeTypeOf\(\s*[\"']function[\"']\s*\))\s*;?\s*$"
                      + uncalled)


# What a check of a mock reads of its calls (`expect(fn).toHaveBeenCalledWith(1)`): no call.
_MOCK_MATCHER = (r"toHaveBeenCalled\w*|toBeCalled\w*|toHaveBeenLastCalledWith|lastCalledWith|"
                 r"toHaveBeenNthCalledWith|nthCalledWith|toHaveReturned\w*|toReturn\w*|"
                 r"toHaveLastReturnedWith|lastReturnedWith|toHaveNthReturnedWith|nthReturnedWith")


def _mock_checked(name: str) -> re.Pattern[str]:
    """A JS check of the mock `name`'s calls (`expect(check).toHaveBeenCalled()`): it reads
    what the mock recorded, and calls it not."""
    return re.compile(rf"^\s*expect\(\s*{re.escape(name)}\s*\)\s*\.\s*(?:not\s*\.\s*)?"
                      rf"(?:{_MOCK_MATCHER})\(")


_CLASS_HEAD = lazy_re(r"^\s*class\b")


def _in_class(above: list[str], indent: int) -> bool:
    """Whether a line indented by `indent` below the lines `above` sits in a Python class's
    body (its enclosing blocks are the nearest lines above it less indented, in turn)."""
    for line in reversed(above):
        own = len(line) - len(line.lstrip())
        if line.strip() and own < indent:
            if _CLASS_HEAD.match(line):
                return True
            indent = own
    return False


def _uncalled_closures_dead(lines: list[str], language: str) -> list[str]:
    """A test's lines with each function it defines and never names again (`def check():`,
    `const verify = () => {`, `check := func() {`, JS's one-line
    `const check = () => expect(x).toBe(1);`), at its top level or in a block of it (`for
    raw in cases:` then `def check():`), read as a block that never runs: its checks
    are never called. A method of a class the test defines is not judged: what uses the
    class may call it. A JS check that it exists (`expect(check).toBeDefined()`) names it
    without calling it, and cannot fail. A JS mock of a callback (`const check = vi.fn(() =>
    {`) runs it only when called: a check of its calls names it without calling it, and one
    that it was not called (`expect(check).not.toHaveBeenCalled()`) cannot fail."""
    pattern = _CLOSURE.get(language)
    if pattern is None:
        return lines
    last = _body_end(lines, language)
    top = _top_indent(lines[1:last])
    out = list(lines)
    for index, line in enumerate(lines[1:last], start=1):
        found = pattern.match(line)
        one_line = None
        if found is None and language == "js" and line.count("(") == line.count(")"):
            found = one_line = _ONE_LINE_ARROW.match(line)
        # a statement of the test, at its top level or in a block of it (a loop's body); a
        # decorated one may be called by what it registers, a method by what uses its class
        if found is None or len(found.group(1)) < top or \
                lines[index - 1].strip().startswith("@") or \
                _in_class(lines[1:index], len(found.group(1))):
            continue
        name = next(group for group in found.groups()[1:] if group)
        end = index if one_line else _block_end(lines, index, language)
        # called, or handed on (an argument, a value returned or kept); `void check` is neither
        own = re.escape(name)
        named = re.compile(rf"(?<![\w$.]){own}\s*\(|[(\[,=:{{]\s*{own}\s*[,)\];}}]|"
                           rf"(?:return|yield|await)\s+{own}\b|(?<![\w$.]){own}\s*\.\s*(?:call|"
                           rf"apply|bind)\b|\b(?:defer|go)\s+{own}\b")
        mock = language == "js" and _MOCK_OF_CALLBACK.search(line) is not None
        exists = _presence_of(name, mock) if language == "js" else None
        checked = _mock_checked(name) if mock else None
        others = [at for at in range(len(lines)) if not index <= at <= end]
        if any(named.search(lines[at]) and not (exists and exists.match(lines[at]))
               and not (checked and checked.match(lines[at])) for at in others):
            continue
        out[index] = f"{found.group(1)}{_NEVER[language]}" if one_line is None else \
            f"{found.group(1)}if (false) {line.strip()}"
        for at in others:
            shown = exists.match(lines[at]) if exists else None
            if shown is not None:
                indent = next((group for group in shown.groups() if group), "")
                out[at] = f"{indent}expect(true).toBe(true);"
    return out


# A Go function literal kept in a collection (`subtests = append(subtests, func(t
# *testing.T) {`, `checks[name] = func() {`), and what reads such a collection without calling
# what it holds: its declaration, more appends, its length.
_GO_KEPT_CLOSURE = lazy_re(r"^(\s+)(?:(\w+)\s*=\s*append\(\s*(\w+)\s*,\s*|(\w+)\[[^\]]*\]\s*=\s*)"
                           r"func\s*\(.*\{\s*$")
_GO_COLLECTION_KEPT = (r"^\s*(?:var\s+{n}\b.*|{n}\s*:?=\s*(?:\[\]|map\[|make\()[^;]*|"
                       r"{n}\s*=\s*append\(\s*{n}\s*,.*)$|\b(?:len|cap)\(\s*{n}\s*\)")


def _go_kept_closures_dead(lines: list[str]) -> list[str]:
    """A Go test's lines with each function literal it keeps in a collection (appended to a
    slice, set in a map: `_GO_KEPT_CLOSURE`) read as a block that never runs when nothing
    reads that collection but its declaration, more appends and its length (`len(subtests)`):
    no `for _, f := range subtests`, no `t.Run(name, subtests[i])`, no call with it; the
    checks in it are never called."""
    last = _body_end(lines, "go")
    out = list(lines)
    for index, line in enumerate(lines[1:last], start=1):
        found = _GO_KEPT_CLOSURE.match(line)
        if found is None or (found.group(2) and found.group(2) != found.group(3)):
            continue
        name = found.group(2) or found.group(4)
        end = _block_end(lines, index, "go")
        kept = re.compile(_GO_COLLECTION_KEPT.format(n=re.escape(name)))
        named = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w])")
        if any(named.search(kept.sub("", lines[at])) for at in range(len(lines))
               if not index <= at <= end):
            continue
        out[index] = f"{found.group(1)}{_NEVER['go']}"
    return out


# A loop over a collection that is empty where it is written (`for c in []:`,
# `for (const c of [])`, `[].forEach(`, `range []T{}`) or named for one the test (or, in Go,
# its package's table) declares empty and never fills.
_LOOP: dict[str, AnyPattern] = {
    "python": re.compile(r"^(\s+)for\s+.+?\s+in\s+(\[\s*\]|\(\s*\)|\{\s*\}|[\w.]+\[0?:0\]|\w+|"
                         r"\[[^\[\]]*\bfor\b[^\[\]]*\bif\s+(?:False|None|0)\s*\])\s*:\s*$"),
    "js": lazy_re(r"^(\s+)(?:for\s*\(\s*(?:const|let|var)\s+.+?\s+of\s+(\[\s*\]|[\w$]+|"
                  r"[\w$.]+\.filter\(\s*\(\s*\)\s*=>\s*false\s*\))\s*\)|(\[\s*\]|[\w$]+)\.forEach\s*\().*\{\s*$"),
    "go": lazy_re(r"^(\s+)for\s+.*\brange\s+(\[\][\w.*]+\{\s*\}|[\w.]+\[0?:0\]|\w+)\s*\{\s*$"),
}
# A JS loop whose body is one statement on its own line: `[].forEach((x) => expect(x)...);`
_ONE_LINE_LOOP_JS = lazy_re(r"^(\s+)(?:for\s*\(\s*(?:const|let|var)\s+.+?\s+of\s+"
                               r"(\[\s*\]|[\w$]+)\s*\)\s*(?!\{)\S|(\[\s*\]|[\w$]+)\.forEach\s*\("
                               r"(?!.*\{\s*$))")
# A table filtered to nothing: `[c for c in CASES if False]`, `cases.filter(() => false)`.
_FILTERED_EMPTY = (r"\[[^\[\]\n]*\bfor\b[^\[\]\n]*\bif\s+(?:False|None|0)\s*\]|"
                   r"[\w$.]+\.filter\(\s*(?:\(\s*[^()]*\)|[\w$]+)\s*=>\s*false\s*\)")
_EMPTY_LITERAL = (r"(?:\[\s*\]|\(\s*\)|\{\s*\}|(?:dict|list|set|tuple)\(\s*\)|"
                  r"\[\][\w.*]+\s*\{\s*\}|map\[[^\]\n]+\][\w.*]+\s*\{\s*\}|"
                  rf"\[\]struct\s*\{{[^{{}}]*\}}\s*\{{\s*\}}|{_FILTERED_EMPTY})")
# A Python loop over a table's view (`cases.items()`, `iter(cases)`, `{}.items()`): the
# table's own rows.
_PY_VIEW = re.compile(r"(?<![\w.])(\w+|\{\s*\})\.(?:items|keys|values)\(\s*\)")
_PY_WRAPPED = re.compile(r"(?<![\w.])(?:iter|list|sorted|tuple|enumerate)\(\s*(\w+|\{\s*\}|"
                         r"\[\s*\])\s*\)")
# A JS chain over a table filtered to nothing (`cases.filter(() => false).forEach(...)`, its
# links on lines of their own too): the callback never runs.
_FALSE_FILTER_JS = lazy_re(r"\.filter\(\s*(?:\(\s*[^()]*\)|[\w$]+)\s*=>\s*false\s*\)\s*$")
_CHAIN_LOOP_JS = lazy_re(r"^(\s*)(.*?)\.\s*(?:forEach|map|flatMap|some|every|reduce)\s*\(")


# A counting loop whose bound it already meets: `for (let i = 0; i < 0; i++)`, Go's
# `for i := 0; i < 0; i++`, Python's `for _ in range(0):` / `range(3, 3)`.
_COUNTING: dict[str, AnyPattern] = {
    "js": lazy_re(r"^(\s+)for\s*\(\s*(?:let|var)\s+([\w$]+)\s*=\s*(-?\d+)\s*;\s*\2\s*(<=?)\s*"
                     r"(-?\d+)\s*;"),
    "go": lazy_re(r"^(\s+)for\s+(\w+)\s*:=\s*(-?\d+)\s*;\s*\2\s*(<=?)\s*(-?\d+)\s*;"),
    "python": re.compile(r"^(\s+)for\s+(\w+)\s+in\s+range\(\s*(?:(-?\d+)\s*,\s*)?(-?\d+)\s*\)\s*:"),
}


def _runs_no_times(line: str, language: str) -> re.Match[str] | None:
    """The match of a counting loop (`_COUNTING`) that runs no time, else None."""
    found = _COUNTING[language].match(line) if language in _COUNTING else None
    if found is None:
        return None
    if language == "python":
        start, stop = int(found.group(3) or 0), int(found.group(4))
        return found if start >= stop else None
    start, op, bound = int(found.group(3)), found.group(4), int(found.group(5))
    return found if start > bound or (op == "<" and start == bound) else None


def _empty(name: str, text: str, language: str) -> bool:
    """Whether `name` is declared an empty collection in `text` and never filled."""
    if name.startswith(("[", "(", "{")) or re.search(
            r"\[0?:0\]$|\.filter\(\s*\(\s*\)\s*=>\s*false\s*\)$", name):
        return True  # written empty, sliced or filtered to nothing (`cases[:0]`, `_LOOP`)
    own = re.escape(name)
    declared = re.search(rf"(?<![\w$.]){own}\s*(?::[^=\n]+)?:?=\s*{_EMPTY_LITERAL}\s*;?\s*$",
                         text, re.M)
    if declared is None and language == "go":
        declared = re.search(rf"^\s*var\s+{own}\s+\[\][\w.*]+\s*$", text, re.M)
    if declared is None:
        return False
    filled = re.compile(rf"(?<![\w$.]){own}\s*(?:\.(?:append|extend|push|unshift|splice|insert|"
                        rf"add|update)\b|\[[^\]]*\]\s*=(?!=)|\+=|:?=(?!=))")
    return not any(found.start() not in range(declared.start(), declared.end())
                   for found in filled.finditer(text))


def _false_filtered_chain(lines: list[str], index: int) -> str | None:
    """`lines[index]` read as code that never runs when it loops (`.forEach(`, `.map(`) over
    what a `.filter(() => false)` just before it left (`_CHAIN_LOOP_JS`), else None."""
    found = _CHAIN_LOOP_JS.match(lines[index])
    if found is None:
        return None
    chain, at = found.group(2), index
    while (not chain.strip() or chain.lstrip().startswith(".")) and at > 1:
        at -= 1  # a link on a line of its own continues the line before
        chain = lines[at].strip() + chain.strip()
    if not _FALSE_FILTER_JS.search(chain):
        return None
    line = lines[index]
    return found.group(1) + ("if (false) {" if line.rstrip().endswith("{")
                             else f"if (false) {line.strip()}")


# A Python loop over a comprehension: `for text, want in [c for c in CASES if ...]:`.
_PY_LOOP_OVER = re.compile(r"^(\s+)for\s+.+?\s+in\s+([\[(].*[\])])\s*:\s*$")
# A Python loop over a table, named or written in place: `for c in cases:`, `for c in ["a"]:`,
# `for i, c in enumerate(cases):`.
_PY_LOOP_ROWS = re.compile(r"^\s+for\s+.+?\s+in\s+(?:\w+|[\[(].*|enumerate\(.*)\s*:?\s*$")
_PY_ANY_LOOP = re.compile(r"^\s+(?:async\s+)?(?:for|while)\b")


def _empty_loops_dead(lines: list[str], language: str, outer: frozenset[str] = frozenset(),
                      rows: Mapping[str, tuple[object, ...]] | None = None) -> list[str]:
    """A test's lines with each loop over an empty collection (`_LOOP`; `outer`: those its
    file declares; `rows`: its file's literal tables, which a comprehension may filter to
    nothing, as the test's own are, `row_filters.python_own_tables`) read as a block that never
    runs: a table with no rows checks nothing."""
    pattern = _LOOP.get(language)
    if pattern is None:
        return lines
    text = "\n".join(lines)
    out = list(lines)
    own, bound = row_filters.python_own_tables(lines) if language == "python" and any(
        _PY_LOOP_OVER.match(line) for line in lines[1:]) else ({}, frozenset())
    # a name the test binds (a fixture, an assignment) is not its module's table
    tables = {} if bound is None else {name: table for name, table in (rows or {}).items()
                                       if name not in bound}
    # an `if` in a loop over a literal table that no row meets: `for c in cases:` then
    # `if c.startswith("!"):`
    looped = language == "python" and any(_PY_LOOP_ROWS.match(line) for line in lines[1:])
    unmet = row_filters.python_unmet_branches(lines, rows or {}) if looped else frozenset()
    # ... and one every row meets that goes on to the next row: `if c: continue` (in any
    # loop: a jump always taken)
    skipping = row_filters.python_skipping_branches(lines, rows or {}) if language == "python" \
        and any(_PY_ANY_LOOP.match(line) for line in lines[1:]) else {}
    for index, line in enumerate(lines[1:], start=1):
        if index in unmet:
            out[index] = f"{line[:len(line) - len(line.lstrip())]}{_NEVER[language]}"
            continue
        counted = _runs_no_times(line, language)
        if counted is not None:
            out[index] = f"{counted.group(1)}{_NEVER[language]}"
            continue
        chained = _false_filtered_chain(lines, index) if language == "js" else None
        if chained is not None:
            out[index] = chained
            continue
        over = _PY_LOOP_OVER.match(line) if language == "python" else None
        if over is not None and row_filters.keeps_no_row_text(over.group(2), tables | {
                name: table for name, (after, table) in own.items() if after < index}):
            out[index] = f"{over.group(1)}{_NEVER[language]}"
            continue
        found = pattern.match(_PY_WRAPPED.sub(r"\1", _PY_VIEW.sub(r"\1", line))
                              if language == "python" else line)
        if found is None and language == "js":
            single = _ONE_LINE_LOOP_JS.match(line)
            if single is not None:
                ranged = next(group for group in single.groups()[1:] if group)
                if ranged in outer or _empty(ranged, text, language):
                    out[index] = f"{single.group(1)}if (false) {line.strip()}"
            continue
        if found is None:
            continue
        ranged = next(group for group in found.groups()[1:] if group)
        if ranged in outer or _empty(ranged, text, language):
            out[index] = f"{found.group(1)}{_NEVER[language]}"
    for index, (first, last) in skipping.items():  # the rest of the loop under `if False:`
        out[index] = f"{lines[index][:len(lines[index]) - len(lines[index].lstrip())]}if False:"
        out[index + 1:first] = [""] * (first - index - 1)  # its `continue` on a line below
        out[first:last + 1] = [f"    {line}" if line.strip() else line
                               for line in out[first:last + 1]]
    return out


# JS/TS: a check in a callback the test does not wait for runs after the runner has counted
# the test as passed: `setTimeout(() => { expect(...) })`, `p.then((r) => { expect(r)... })`,
# an async function called and not awaited (`(async () => { ... })();`: its failures reject
# a promise nothing holds)
# or `expect(p).resolves.toEqual(...)` neither awaited nor returned, in a test with no `done`
# parameter, no fake timers, and no `await` or returned promise after it.
_LATER = lazy_re(r"^(\s+)(?:setTimeout\s*\(|\(\s*async\b|"
                 r"(?!return\b|await\b|const\b|let\b|var\b)"
                    r"(?:[^=]*\.then\s*\(|expect\s*\(.*\)\s*\.\s*(?:not\s*\.\s*)?"
                    r"(?:resolves|rejects)\s*\.))")
# `([] as number[])`: an empty array however typed
_EMPTY_CAST = lazy_re(r"\(\s*\[\s*\]\s+as\s+[\w$.<>\[\]|\s]+\)")
_DONE_PARAM = lazy_re(r"(?:\(\s*[A-Za-z_$][\w$]*\s*\)\s*=>|function\s*\w*\s*\(\s*[A-Za-z_$]"
                         r"[\w$]*\s*\))\s*\{")
_EACH_DONE = lazy_re(r",\s*done\s*\)\s*(?:=>\s*)?\{")
_WAITS = lazy_re(r"\b(?:useFakeTimers|runAllTimers|runOnlyPendingTimers|advanceTimers\w*|"
                    r"runAllTicks|waitFor|flush\w*)\b")


def _unawaited_callbacks_dead(lines: list[str]) -> list[str]:
    """A JS/TS test's lines with each callback it does not wait for (`_LATER`) read as code
    that never runs."""
    # (a `.each` test's one parameter is its row: jest hands `done` after the row's cells,
    # where the test names it so: `(input, expected, done) => {`)
    each = _JS_EACH_OPEN.search(lines[0])
    done = _EACH_DONE.search(lines[0]) if each else _DONE_PARAM.search(lines[0])
    if done or any(_WAITS.search(line) for line in lines):
        return lines
    last = _body_end(lines, "js")
    top = _top_indent(lines[1:last])
    out = list(lines)
    for index, line in enumerate(lines[1:last], start=1):
        found = _LATER.match(line)
        if found is None or len(found.group(1)) != top:  # a promise the test returns may hold it
            continue
        end = brace_block_end(lines, index) if line.rstrip().endswith("{") else \
            _statement_end(lines, index)
        # an `await` after it, or a promise returned, may let it run before the test ends
        if any(re.search(r"\bawait\b|^\s*return\s+\S", later) for later in lines[end + 1:]):
            continue
        # an `expect(p).resolves` check over lines keeps its words, its check among them
        # (`expect(p).resolves.toMatchObject(` with its expected value on the lines below had
        # read as no check at all, and the test as not judged); a chain's first line gives
        # way to the condition, its checks in the block below
        out[index] = found.group(1) + (
            "if (false) {" if end > index and not line.lstrip().startswith("expect") else
            "if (false) " + line.strip())
    return out


def _statement_end(lines: list[str], index: int) -> int:
    """The line where the statement starting on `lines[index]` closes the brackets it opens:
    a chain over lines (`store.put(k, v).then(() =>` with its next `.then((value) => {` and
    checks below; keyvaluecache's un-awaited chain had been read as its first line alone, its
    checks as live); `index` when it closes them there or never does."""
    depth = 0
    for at in range(index, len(lines)):
        for _, ch in testcases.code_columns(lines[at]):
            depth += (ch in "([{") - (ch in ")]}")
        if depth <= 0:
            return at
    return index


# Go: a goroutine the test starts, and what waits for one (a WaitGroup, a channel receive,
# a select, a sleep, an errgroup).
_GO_STARTED = lazy_re(r"^(\s*)go\s+func\s*\([^)]*\)\s*\{\s*$")
_GO_WAITS = lazy_re(r"\.Wait\(\)|<-|\bselect\s*\{|time\.Sleep\(|\.Go\(|Eventually\(")


def _go_unwaited_dead(lines: list[str]) -> list[str]:
    """A Go test's lines with each goroutine it starts (`go func() { ... }()`) read as code
    that never runs where nothing in the test waits for one (`_GO_WAITS`): the test may end
    first, and its checks with it."""
    if any(_GO_WAITS.search(line) for line in lines):
        return lines
    out = list(lines)
    for index, line in enumerate(lines):
        found = _GO_STARTED.match(line)
        if found is not None:
            out[index] = f"{found.group(1)}if false {{"
    return out


# An immutable literal a top-level statement gives a name; a check of that name after it
# checks the literal (`got := Comma(5)` then `got = "5"`: `if got != "5"` cannot fail).
_LITERAL_ASSIGNMENT: dict[str, AnyPattern] = {
    "python": re.compile(rf"^(\s*)(\w+)\s*=\s*({_LITERAL})\s*$"),
    "js": lazy_re(rf"^(\s*)(?:(?:const|let|var)\s+)?([\w$]+)(?:\s*:\s*\w+)?\s*=\s*"
                     rf"({_LITERAL})\s*;?\s*$"),
    "go": lazy_re(rf"^(\s*)(?:var\s+)?(\w+)(?:\s+\w+)?\s*:?=\s*({_LITERAL}|`[^`]*`)\s*$"),
}


def _assignment(name: str) -> re.Pattern[str]:
    """What may give `name` another value: an assignment (one of several too: `_, err :=`),
    `++` / `--`, or a pointer to it."""
    own = re.escape(name)
    return re.compile(rf"(?<![\w$.&]){own}\s*(?:[-+*/%|&]?=(?!=)|:=|\+\+|--)|&{own}\b|"
                      rf"(?<![\w$.]){own}\s*,[\w\s,]*:?=(?!=)")


# `_assignment` for every name of a line at once: a pattern per name costs a compile per name
# (a suite's tests assign hundreds); a name holding `$` (JS) is read by its own pattern, as
# `\b` and `&name` end at it.
_GIVEN = re.compile(r"(?<![\w$.&])([\w$]+)(?=\s*(?:[-+*/%|&]?=(?!=)|:=|\+\+|--))|&(\w+)|"
                    r"(?<![\w$.])([\w$]+)(?=\s*,[\w\s,]*:?=(?!=))")
# ... and Python's other ways of giving a name a value, which `_literals_propagated` reads too
_GLOBAL = re.compile(r"\b(?:global|nonlocal)\b")
_AS_NAME = re.compile(r"\bas\s+(?=(\w+))")
_FOR = re.compile(r"\bfor\b")
_IN_OF = lazy_re(r"\b(?:in|of)\b")
_WORD = re.compile(r"\w+")
_LOOSE_NAME = lazy_re(r"(?<![\w$.])(\w+)")
# a name as a whole token, not a member (`.a`); `_USE` also not where it is given a value or
# called, `_ALIAS_USE` not where it is a key (`a: 1`)
_TOKEN = lazy_re(r"(?<![\w$.])([\w$]+)(?![\w$])")
_USE = re.compile(r"(?<![\w$.])([\w$]+)(?![\w$]|\s*(?::?=(?!=)|\())")
_ALIAS_USE = lazy_re(r"(?<![\w$.])([\w$]+)(?![\w$]|\s*:(?!=))")


def _given(line: str) -> frozenset[str]:
    """The names (without `$`) `line` may give another value (`_assignment`)."""
    return frozenset(name for found in _GIVEN.finditer(line) for name in found.groups() if name)


def _given_or_bound(line: str) -> frozenset[str]:
    """`_given`, and the names a `global` / `nonlocal` statement, an `as` or a loop's head
    (`for a, b in ...`, up to a colon) names."""
    names = set(_given(line))
    declared = _GLOBAL.search(line)
    if declared is not None:
        names.update(_WORD.findall(line, declared.end()))
    names.update(_AS_NAME.findall(line))
    for loop in _FOR.finditer(line):
        colon = line.find(":", loop.end())
        end = len(line) if colon < 0 else colon
        heads = [m.start() for m in _IN_OF.finditer(line, loop.end(), end)]
        if heads:
            names.update(m.group(1) for m in _LOOSE_NAME.finditer(line, loop.end(), heads[-1])
                         if m.end() <= heads[-1])
    return frozenset(names)


def _gives(name: str, line: str) -> bool:
    """Whether `line` may give `name` another value (`_assignment`)."""
    if "$" in name:
        return _assignment(name).search(line) is not None
    return name in _given(line)


def _declared_shared(lines: list[str]) -> set[str]:
    """The names a Python `global` / `nonlocal` statement among `lines` declares: any call may
    give them another value."""
    return {name for line in lines for declared in (_GLOBAL.search(line),) if declared
            for name in _WORD.findall(line, declared.end())}


def _replace_token(pattern: AnyPattern, line: str, name: str, value: str) -> str:
    """`line` with each of `pattern`'s tokens that is `name` replaced by `value`."""
    if name not in line:
        return line
    return pattern.sub(lambda m: value if m.group(1) == name else m.group(0), line)


def _top_level(lines: list[str], out: list[str], language: str,
               pattern: AnyPattern) -> Iterator[tuple[int, re.Match[str], int, int]]:
    """(index, match, end of the body, its top indent) of each top-level statement of a
    test's body that `pattern` matches, read from `out` as rewritten so far."""
    last = _body_end(lines, language)
    top = _top_indent(lines[1:last])
    for index in range(1, last):
        found = pattern.match(out[index])
        if found is not None and len(found.group(1)) == top:
            yield index, found, last, top


def _literals_propagated(lines: list[str], language: str) -> list[str]:
    """A test's lines with a name read as the literal its last top-level assignment gave it
    (directly, or through a name that holds one), from there on, where every assignment of
    that name is a top-level statement (straight-line code: a loop or a branch may change
    it), and no `global` / `nonlocal` statement declares it."""
    pattern = _LITERAL_ASSIGNMENT.get(language)
    if pattern is None or len(lines) < 3:
        return lines
    out = list(lines)
    given: list[frozenset[str]] = []
    shared = _declared_shared(lines) if language == "python" else set()
    # as read so far: `got = want` after `want = "5"` gives `got` the literal too
    for index, found, last, top in _top_level(lines, out, language, pattern):
        name, value = found.group(2), found.group(3)
        if name in shared:
            continue
        if not given:
            given = [_given_or_bound(line) for line in lines]
        if "$" in name:
            # what may give it another value: an assignment, a pointer to it, a loop, `as`...
            own = re.escape(name)
            assigned = re.compile(_assignment(name).pattern
                                  + rf"|\b(?:global|nonlocal)\b.*\b{own}\b|\bas\s+{own}\b|"
                                  rf"\bfor\b[^:]*?(?<![\w$.]){own}\b[^:]*\b(?:in|of)\b")
            changes = [assigned.search(line) is not None for line in lines]
        else:
            changes = [name in names for names in given]
        if any(changes[at] and len(other) - len(other.lstrip()) != top
               for at, other in enumerate(lines[1:last], start=1)):
            continue
        for at in range(index + 1, last):
            if changes[at]:
                break
            out[at] = _replace_token(_USE, out[at], name, value)
    return out


# A literal a top-level statement gives a member (`cookies.foo = "%1"`, `r["a"] = 1`).
_MEMBER_ASSIGNMENT: dict[str, AnyPattern] = {
    "python": re.compile(rf"^(\s*)((\w+)(?:\.\w+|\[\s*{_LITERAL}\s*\])+)\s*=\s*({_LITERAL})\s*$"),
    "js": lazy_re(rf"^(\s*)(([\w$]+)(?:\.[\w$]+|\[\s*{_LITERAL}\s*\])+)\s*=\s*({_LITERAL})"
                  r"\s*;?\s*$"),
}


def _member_path(member: str) -> str:
    """A member as one spelling: `r["a"]` and `r['a']` as `r.a`."""
    return re.sub(r"""\[\s*(?:"([^"]*)"|'([^']*)')\s*\]""",
                  lambda m: f".{m.group(1) if m.group(1) is not None else m.group(2)}", member)


def _members_propagated(lines: list[str], language: str,
                        properties: frozenset[str] = frozenset()) -> list[str]:
    """A test's lines with a member read as the literal a top-level statement just gave it
    (`cookies.foo = "%1"` then `expect(cookies.foo).toBe("%1")`: the check reads the test's
    own value, whatever the code returned), up to the next line that names its object other
    than to read that member (a call may change it) or to give another of its members a
    literal (`model.views = 56`, which leaves `model.title` as it was); not a member named
    in `properties` (Python: the code's properties, whose setter and getter run)."""
    pattern = _MEMBER_ASSIGNMENT.get(language)
    if pattern is None or len(lines) < 3:
        return lines
    out = list(lines)
    for index, found, last, _ in _top_level(lines, out, language, pattern):
        member, owner, value = found.group(2), found.group(3), found.group(4)
        if _member_path(member).rsplit(".", 1)[-1] in properties:
            continue  # the code's property: giving and reading it run the code
        read = re.compile(rf"(?<![\w$.]){re.escape(member)}(?![\w$\[]|\s*=(?!=))")
        named = re.compile(rf"(?<![\w$.]){re.escape(owner)}(?![\w$])")
        path = _member_path(member)
        for at in range(index + 1, last):
            other = pattern.match(out[at])
            if other is not None and other.group(3) == owner and not (
                    f"{_member_path(other.group(2))}.".startswith(f"{path}.")
                    or f"{path}.".startswith(f"{_member_path(other.group(2))}.")):
                continue  # another member given a literal: this one stays
            if named.search(read.sub("", out[at])):
                break
            out[at] = read.sub(value.replace("\\", "\\\\"), out[at])
    return out


# A table of constants a top-level statement gives a name (`expected = ["a", "b"]`): while no
# code that runs hands it on (to a call, a method, a subscript, a loop), it stays that table,
# so a check comparing it with constants compares constants.
_PY_TABLE_ASSIGNMENT = re.compile(r"^(\s*)(\w+)\s*=\s*([\[({].*[\])}])\s*$")


def _compared_only(line: str, name: str) -> bool:
    """Whether the Python statement `line` is a check whose every use of `name` is one of
    the values it compares: an operand of an `assert`'s comparison, or one of the two values
    of a unittest comparison (`self.assertEqual(name, [...])`)."""
    try:
        tree = ast.parse(line.strip())
    except SyntaxError:  # a line of a longer statement: not read
        return False
    if len(tree.body) != 1:
        return False
    statement = tree.body[0]
    operands: list[ast.expr] = []
    if isinstance(statement, ast.Assert) and isinstance(statement.test, ast.Compare):
        operands = [statement.test.left, *statement.test.comparators]
    elif (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
          and isinstance(statement.value.func, ast.Attribute)
          and statement.value.func.attr in _UNITTEST_COMPARES):
        operands = list(statement.value.args[:2])
    uses = [node for node in ast.walk(statement) if isinstance(node, ast.Name) and node.id == name]
    return bool(operands) and all(any(use is operand for operand in operands) for use in uses)


def _tables_propagated(lines: list[str], language: str) -> list[str]:
    """A Python or JS/TS test's lines with a name read as the table of constants a top-level
    statement gave it (`expected = ["num2", "num3"]`), where every other line naming it, after
    it, is a check comparing it (`_compared_only`, `_js_compared_only`): `assert expected ==
    ["num2", "num3"]` beside a swallowed check of the code compares the test's own data with
    itself."""
    if len(lines) < 3 or language not in ("python", "js"):
        return lines
    pattern, compared = ((_PY_TABLE_ASSIGNMENT, _compared_only) if language == "python"
                         else (_JS_TABLE_ASSIGNMENT, _js_compared_only))
    out = list(lines)
    for index, found, _, _ in _top_level(lines, out, language, pattern):
        name, value = found.group(2), found.group(3)
        if language == "python":
            try:
                node = ast.parse(value, mode="eval").body
            except SyntaxError:
                continue
            if not isinstance(node, (ast.List, ast.Tuple, ast.Set)) or not _constant_value(
                    node)[0]:
                continue
        elif not js_literal(value)[0]:
            continue
        uses = [at for at in range(1, len(lines))
                if at != index and name in _TOKEN.findall(lines[at])]
        if not uses or any(at < index or not compared(lines[at], name) for at in uses):
            continue
        for at in uses:
            out[at] = _replace_token(_USE, out[at], name, value)
    return out


# ... and JS/TS's (`const expected = ["a", "b"];`, `const expected = { a: "c" };`): a value
# written as literals (`js_literal`), compared by value
_JS_TABLE_ASSIGNMENT = lazy_re(r"^(\s*)(?:const|let|var)\s+([\w$]+)(?:\s*:\s*[\w$<>\[\]]+)?\s*=\s*"
                               r"([\[{].*[\]}])\s*;?\s*$")
_JS_VALUE_MATCHER = r"\.(?:not\s*\.\s*)?(?:toEqual|toStrictEqual)\("


def _js_compared_only(line: str, name: str) -> bool:
    """Whether the JS/TS statement `line` is a value check whose one use of `name` is one of
    the values it compares: `expect(name).toEqual(...)`, `expect(...).toEqual(name)`."""
    own = re.escape(name)
    if _TOKEN.findall(line).count(name) != 1:
        return False
    head, tail = r"^\s*(?:await\s+)?expect\(", r"\)\s*;?\s*$"
    return bool(re.match(rf"{head}\s*{own}\s*\){_JS_VALUE_MATCHER}.*{tail}", line)
                or re.match(rf"{head}.*\){_JS_VALUE_MATCHER}\s*{own}\s*{tail}", line))


# A name given another name's value (`const b = a;`, `b := a`, or `x ? a : a`): comparing
# the two compares a value with itself.
_ALIAS = {
    "js": lazy_re(r"^(\s*)const\s+([\w$]+)(?:\s*:\s*[\w$.<>\[\]]+)?\s*=\s*(?:(?P<src>[\w$]+)|"
                     r"[^;]*\?\s*(?P<t>[\w$]+)\s*:\s*(?P=t))\s*;?\s*$"),
    "go": lazy_re(r"^(\s*)(\w+)\s*:=\s*(?:(?P<src>\w+))\s*$"),
}


def _aliases_resolved(lines: list[str], language: str) -> list[str]:
    """A test's lines with an alias read as the name it was given, at the test's top level.
    JS: `const b = a` shares `a`'s value (an object too) while `a` is not assigned again, so
    everywhere after it. Go copies the value, which a method or a pointer may change later:
    up to the next line that names `a` (`want := err` then `if err != want`).
    Python's are read only by `then_literals._py_aliases_resolved` (for `presence_only`), by
    JS's rule (a Python name shares its object too) but with Python's own ways of giving a
    name a value (`for`, `as`, `del`, `global`, unpacking) where this one reads `++`, `&a`
    and `:=`: one rule, two grammars, so each module keeps its own."""
    pattern = _ALIAS.get(language)
    if pattern is None or len(lines) < 3:
        return lines
    out = list(lines)
    for index, found, last, _ in _top_level(lines, out, language, pattern):
        alias, source = found.group(2), found.group("src") or found.group("t")
        if source in (alias, "true", "false", "nil", "null", "undefined"):
            continue
        if any(_gives(alias, other)
               for at, other in enumerate(lines[1:last], start=1) if at != index):
            continue
        for at in range(index + 1, last):
            if _gives(source, lines[at]):
                break
            out[at] = _replace_token(_ALIAS_USE, out[at], alias, source)
            if language == "go" and source in lines[at] and source in _TOKEN.findall(lines[at]):
                break
    return out


# A return taken when a value is not what a later check asks of it (`if (r !== "a") return;`
# then `expect(r).toBe("a")`): the check runs only when it passes.
_RETURN_UNLESS: dict[str, AnyPattern] = {
    "js": lazy_re(r"^(\s*)if\s*\(\s*(?P<a>[^()!=]+?(?:\([^()]*\))?)\s*!==?\s*(?P<b>[^()]+?)\s*\)"
                     r"\s*\{?\s*return\b[^;]*;?\s*\}?\s*$"),
    "python": re.compile(r"^(\s*)if\s+(?P<a>.+?)\s*!=\s*(?P<b>.+?)\s*:\s*(?P<then>return\b.*)?$"),
}
_CHECK_OF = {
    "js": r"^\s*expect\(\s*{a}\s*\)\.(?:toBe|toEqual|toStrictEqual)\(\s*{b}\s*\)\s*;?\s*$",
    "python": r"^\s*assert\s+{a}\s*==\s*{b}\s*(?:,.*)?$",
}


def _guarded_checks_trivial(lines: list[str], language: str) -> list[str]:
    """A test's lines with each check that a top-level early return already guards (the
    return is taken when the check would fail) read as a check that cannot fail."""
    pattern = _RETURN_UNLESS.get(language)
    if pattern is None:
        return lines
    out = list(lines)
    for index, line in enumerate(lines):
        found = pattern.match(line)
        if found is None or (language == "python" and not found.group("then") and not (
                index + 1 < len(lines) and re.fullmatch(r"\s+return\b.*", lines[index + 1]))):
            continue
        a, b = re.escape(found.group("a").strip()), re.escape(found.group("b").strip())
        check = re.compile(_CHECK_OF[language].format(a=a, b=b))
        for at in range(index + 1, len(lines)):
            if check.match(lines[at]):
                indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
                out[at] = indent + ("expect(true).toBe(true);" if language == "js"
                                    else "assert True")
    return out


# A JS `switch` on a literal (or on a literal's `typeof`), and its labels: with no `default`
# and no label equal to its value, none of its cases runs (`switch ("a") { case "b": ... }`,
# `switch (typeof 1) { case "string": ... }`).
_LITERAL_SWITCH = lazy_re(rf"^(\s*)switch\s*\(\s*(typeof\s+)?({_LITERAL}|undefined)\s*\)"
                          r"\s*\{\s*$")
_CASE_LABEL = lazy_re(r"^\s*(?:case\s+(.+?)\s*:|default\s*:)")


def _literal_value(text: str) -> object:
    """A JS literal's value, quotes and spellings aside (`'a'` is `"a"`, `1.0` is `1`)."""
    if text[:1] in "\"'":
        return ("string", text[1:-1])
    try:
        return ("number", float(text))
    except ValueError:
        return ("word", text)


def _typeof(text: str) -> str | None:
    """What JS's `typeof` gives for the literal `text` (`typeof null` is "object"), or None
    for a word JS does not spell so (Python's `True`)."""
    if text[:1] in "\"'":
        return "string"
    if re.fullmatch(r"-?\d+(?:\.\d+)?", text):
        return "number"
    return {"true": "boolean", "false": "boolean", "null": "object",
            "undefined": "undefined"}.get(text)


def _literal_switches_dead(lines: list[str]) -> list[str]:
    """A JS/TS test's lines with each `switch` on a literal (or on its `typeof`) that none of
    its labels (all of them literals) matches, and no `default`, read as a block that never
    runs."""
    out = list(lines)
    for index, line in enumerate(lines):
        found = _LITERAL_SWITCH.match(line)
        if found is None:
            continue
        typed = _typeof(found.group(3)) if found.group(2) else None
        if found.group(2) and typed is None:
            continue
        value = ("string", typed) if typed is not None else _literal_value(found.group(3))
        end = brace_block_end(lines, index)
        labels = [label for text in lines[index + 1:end] if (label := _CASE_LABEL.match(text))]
        if not labels or any(
                label.group(1) is None  # default
                or not re.fullmatch(rf"{_LITERAL}|undefined", label.group(1))
                or _literal_value(label.group(1)) == value
                for label in labels):
            continue
        out[index] = f"{found.group(1)}if (false) {{"
    return out


# JS/TS: a mock the test makes (`const fn = vi.fn()`), or that its file keeps outside it
# (`OuterMock`), which the test calls itself at its top level and nothing hands on: a check
# that it was called (with the arguments the test gave it, as often as the test called it)
# checks only the test's own calls, and cannot fail.
_OWN_MOCK = lazy_re(r"^(\s*)(?:const|let|var)\s+([\w$]+)\s*(?::[^=]+)?=\s*(?:jest|vi)\.fn\(")
_LITERALS = rf"\s*(?:{_LITERAL}(?:\s*,\s*{_LITERAL})*)?\s*"
# What forgets a mock's calls: its own reset, or every mock's.
_RESETS_ALL = lazy_re(r"^(?:vi|jest)\s*\.\s*(?:clear|reset|restore)AllMocks\(\s*\)\s*;?$")


def _own_mock_checks_trivial(lines: list[str],
                             outer: Mapping[str, bool] | None = None) -> list[str]:
    """A JS/TS test's lines with each check of a mock it only calls itself read as a check
    that cannot fail: `toHaveBeenCalled()` after a call, `toHaveBeenCalledTimes(n)` after n
    calls, `toHaveBeenCalledWith(...)` the literals of one of them. The mock is one the test
    makes (`_OWN_MOCK`) or one its file keeps outside it (`outer`, by name: whether the test
    is the only one to call it, on a mock made anew before it: only then are its calls
    counted). A mock named anywhere else in the test (handed to the code under test, called
    in a callback) is left alone."""
    last = _body_end(lines, "js")
    top = _top_indent(lines[1:last])
    out = list(lines)
    mocks = [(index, found.group(2), True) for index, line in enumerate(lines[1:last], start=1)
             if (found := _OWN_MOCK.match(line)) is not None and len(found.group(1)) == top]
    title_less = _TITLE.sub(_blank_string, lines[0]) if lines else ""
    mocks += [(0, name, counted) for name, counted in (outer or {}).items()
              if not _names(name).search(title_less)]  # not its parameter
    for index, name, counted in mocks:
        own = re.escape(name)
        named = _names(name)
        call = re.compile(rf"^(?:(?:const|let|var)\s+[\w$]+\s*=\s*)?(?:await\s+)?{own}\s*"
                          rf"\((?P<args>{_LITERALS})\)\s*;?$")
        setup = _mock_setup(name)
        check = re.compile(rf"^expect\(\s*{own}\s*\)\s*\.\s*(?:(?P<any>toHaveBeenCalled|toBeCalled)"
                           rf"\(\s*\)|(?P<once>toHaveBeenCalledOnce)\(\s*\)|(?:toHaveBeenCalledTimes|"
                           rf"toBeCalledTimes)\(\s*(?P<times>\d+)\s*\)|(?:toHaveBeenCalledWith|"
                           rf"toBeCalledWith)\((?P<args>{_LITERALS})\))\s*;?$")
        calls: list[str] = []
        trivial: list[int] = []
        for at in range(1, last):
            text = lines[at].strip()
            if _RESETS_ALL.match(text):
                if len(lines[at]) - len(lines[at].lstrip()) != top:
                    break  # its calls forgotten, or not
                calls = []
                continue
            if at == index or not named.search(text):
                continue
            if len(lines[at]) - len(lines[at].lstrip()) != top:
                break  # named in a block or a callback: it may run any number of times
            if (made := call.match(text)) is not None:
                calls.append(" ".join(made.group("args").split()))
                continue
            if setup.match(text):
                if _MOCK_RESET.search(text):
                    calls = []
                continue
            checked = check.match(text)
            if checked is None:
                break  # handed on, or checked otherwise
            if calls and (checked.group("any")
                          or (counted and checked.group("once") and len(calls) == 1)
                          or (counted and checked.group("times")
                              and int(checked.group("times")) == len(calls))
                          or (checked.group("args") is not None
                              and " ".join(checked.group("args").split()) in calls)):
                trivial.append(at)
        else:
            for at in trivial:
                out[at] = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + \
                    "expect(true).toBe(true);"
    return out


# JS/TS: a value the test builds from its own constants alone: a name one statement of it
# declares with literals and other such names (a spread, a member, an operator: `{
# ...expected }`, `a + 1`; no call, no parameter, nothing the code returned), that it hands to
# no code: every other line naming it declares another such name from it, deletes one of its
# members, sets one to such a value, or checks it (no call in the check but `expect`'s and its
# matcher's). A check of such a value against such values (`const stripped = { ...expected
# }` then `expect(stripped.title).toEqual("hello")`) compares the test's constants with
# themselves: it cannot fail whatever the code does. A declaration typed by a type of its own
# making (`const result: AssertEqual<typeof actual, number[]> = true`) is a check of types,
# which a type-checking run (ts-jest) makes: not read as constants.
_OWN_DECLARATION = lazy_re(r"^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::([^=]+))?=(?!=)\s*"
                           r"(.+?)\s*;?$")
_OWN_MEMBER = r"((?:\??\.[A-Za-z_$][\w$]*|\[[^\]\[()]*\])+)"
_OWN_MEMBER_SET = lazy_re(rf"^([A-Za-z_$][\w$]*){_OWN_MEMBER}\s*=(?!=)\s*(.+?)\s*;?$")
_OWN_DELETE = lazy_re(rf"^delete\s+([A-Za-z_$][\w$]*){_OWN_MEMBER}\s*;?$")
_OWN_CHECK = lazy_re(r"^(?:await\s+)?expect\(")
_OWN_MATCHER = lazy_re(r"\s*(?:\.\s*not\s*)?\.\s*[A-Za-z_$][\w$]*\s*\(")
_JS_PIECE = lazy_re(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'|`[^`$\\]*`|\d+(?:\.\d+)?|\.\.\.|\?\.|"
                    r"[A-Za-z_$][\w$]*|\S")
_JS_CONSTANT_WORDS = frozenset({"true", "false", "null", "undefined", "NaN", "Infinity"})
_OWN_PUNCTUATION = frozenset("{}[],:.+-*/%<>=!&|?")


def _built_from(text: str, own: Iterable[str]) -> set[str] | None:
    """The names of `own` a JS expression reads when it is built from literals and them alone
    (no call, no other name; an object's keys are no names); None when it is not."""
    pieces = _JS_PIECE.findall(text)
    read: set[str] = set()
    braces: list[str] = []
    for at, piece in enumerate(pieces):
        before = pieces[at - 1] if at else ""
        after = pieces[at + 1] if at + 1 < len(pieces) else ""
        if piece[0] in "\"'`" or piece[0].isdigit() or piece in ("...", "?."):
            continue
        if piece in "{[":
            braces.append(piece)
        elif piece in "}]":
            if not braces:
                return None
            braces.pop()
        if re.fullmatch(r"[A-Za-z_$][\w$]*", piece):
            if before in (".", "?.") or piece in _JS_CONSTANT_WORDS or (
                    after == ":" and before in ("{", ",") and braces[-1:] == ["{"]):
                continue  # a member, a constant, an object's key
            if piece not in own:
                return None
            read.add(piece)
        elif piece not in _OWN_PUNCTUATION:
            return None  # a call, a grouping, anything else
    return None if braces else read  # a value going on over lines is not read


def _own_check_parts(text: str) -> tuple[str, str] | None:
    """(subject, the matcher's arguments) of a JS check on one line, `expect(x).toBe(y)` or
    `expect(x).not.toEqual(y)`; None for another statement."""
    if _OWN_CHECK.match(text) is None:
        return None
    opened = text.index("(")
    close = row_filters.closing_bracket(text, opened)
    matcher = _OWN_MATCHER.match(text, close)
    if matcher is None:
        return None
    end = row_filters.closing_bracket(text, matcher.end() - 1)
    if text[end:].strip(" ;"):
        return None
    return text[opened + 1:close - 1], text[matcher.end():end - 1]


def _own_data_checks_trivial(lines: list[str]) -> list[str]:
    """A JS/TS test's lines with each check of a value it builds from its own constants alone
    against such values read as a check that cannot fail (rules above)."""
    texts = [_strip_line_comment(line.strip(), "js") for line in lines]
    declared: dict[str, list[tuple[int, str]]] = {}
    for at, text in enumerate(texts[1:], start=1):
        if (found := _OWN_DECLARATION.match(text)) is not None:
            typed = found.group(2) or ""
            declared.setdefault(found.group(1), []).append(
                (at, "(" if "<" in typed or "typeof" in typed else found.group(3)))
    own = {name for name, where in declared.items() if len(where) == 1}
    while own:
        kept = set(own)
        for name in own:
            at, value = declared[name][0]
            named = _names(name)
            if _built_from(value, kept) is None:
                kept.discard(name)
                continue
            for other, text in enumerate(texts[1:], start=1):
                if other == at or not named.search(text):
                    continue
                declaration = _OWN_DECLARATION.match(text)
                setting, deleting = _OWN_MEMBER_SET.match(text), _OWN_DELETE.match(text)
                check = _own_check_parts(text)
                if (declaration is not None and declaration.group(1) in kept
                        and declaration.group(1) != name) or (
                        deleting is not None and deleting.group(1) == name
                        and not named.search(deleting.group(2))) or (
                        setting is not None and setting.group(1) in kept
                        and not named.search(setting.group(2))
                        and _built_from(setting.group(3), kept) is not None) or (
                        check is not None and "(" not in check[0] + check[1]):
                    continue
                kept.discard(name)  # handed on, given another value, or read by code
                break
        if kept == own:
            break
        own = kept
    out = list(lines)
    for at, text in enumerate(texts[1:], start=1):
        check = _own_check_parts(text) if own else None
        if check is None:
            continue
        subject, expected = _built_from(check[0], own), _built_from(check[1], own)
        if subject and expected is not None:
            out[at] = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + \
                "expect(true).toBe(true);"
    return out


def _names(name: str) -> re.Pattern[str]:
    """Where a line names `name` (not as a property: `x.name`)."""
    return re.compile(rf"(?<![\w$.]){re.escape(name)}(?![\w$])")


def _mock_setup(name: str) -> re.Pattern[str]:
    """A statement setting mock `name` up (`spy.mockReturnValue(1)`, `spy.mockClear()`)."""
    return re.compile(rf"^{re.escape(name)}\s*\.\s*mock\w*\((?:[^()]|\([^()]*\))*\)\s*;?$")


_MOCK_RESET = lazy_re(r"\.\s*mock(?:Clear|Reset|Restore)\(")
# A test's or a describe's title: a string that names no value.
_TITLE = lazy_re(r"""(?<![\w$.])(?:it|test|describe|suite)(?:\.[\w$]+)*\s*\(\s*"""
                 r"""(?P<s>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\$])*`)""")
# A name given a mock by a statement: `const spy = vi.fn()`, `{ spy = jest.fn(); }`, or by an
# arrow's one expression: `() => (spy = vi.fn())`.
_MOCK_KEPT = lazy_re(r"(?:^|[{;]|=>[ \t]*\(?)[ \t]*(?:(?:const|let|var)[ \t]+)?"
                     r"([A-Za-z_$][\w$]*)[ \t]*(?::[^=\n]+)?=[ \t]*(?:jest|vi)\.fn\(", re.M)
# The head of a hook's function whose block opens after it, the hook's name its group:
# `beforeEach(() => {`, `afterAll(async () => {`; of a test's: `it("...", async () => {`.
_HOOK_HEAD = lazy_re(r"(?<![\w$.])((?:before|after)(?:Each|All))\s*\(\s*(?:async\s*)?"
                     r"(?:\([^()]*\)\s*=>|[\w$]+\s*=>|function\s*[\w$]*\s*\([^()]*\))\s*$")
# A hook whose function is one expression, what follows it: `beforeEach(() => (`.
_HOOK_EXPRESSION = lazy_re(r"(?<![\w$.])(beforeEach|beforeAll)\s*\(\s*(?:async\s*)?"
                           r"(?:\([^()]*\)|[\w$]+)\s*=>\s*\(?$")
_TEST_HEAD = lazy_re(r"^\s*(?:it|test)(?:\.(?:only|sequential))?\s*\(.*,\s*(?:async\s*)?"
                     r"(?:\([^()]*\)\s*=>|function\s*[\w$]*\s*\([^()]*\))\s*$")
_CONCURRENT = lazy_re(r"\bconcurrent\b")
# A hook's call or a test's (its function its first argument, or its second), to its `(`.
_RUNNER_CALL = lazy_re(r"(?<![\w$.])(?:(?P<hook>(?:before|after)(?:Each|All))|(?:it|test)"
                       r"(?:\.(?:only|sequential))?)\s*\(")
# A function written as an argument: `() =>`, `async (x) =>`, `x =>`, `function () {`.
_FUNCTION_ARGUMENT = lazy_re(r"\s*(?:async\s*)?(?:function\s*[\w$]*\s*\([^()]*\)|"
                             r"\([^()]*\)\s*=>|[\w$]+\s*=>)")


def _blank_string(found: re.Match[str]) -> str:
    """A title's text with its string's inside blanked, as long as it was."""
    text, start = found.group(0), found.start("s") - found.start()
    return text[:start + 1] + "_" * (len(text) - start - 2) + text[-1]


def _innermost(pairs: list[Span], at: Position) -> Span | None:
    """The innermost brace block holding position `at` (None: none, the module)."""
    holding = [pair for pair in pairs if pair[0] < at < pair[1]]
    return max(holding, default=None)


def _within(inner: Span | None, outer: Span | None) -> bool:
    """Block `inner` lies in block `outer` (None: the module)."""
    return outer is None or (inner is not None and outer[0] <= inner[0] and inner[1] <= outer[1])


def _outer_mocks(text: str) -> tuple[OuterMock, ...]:
    """The mocks a JS/TS test file keeps in a name (`OuterMock`): every line naming one
    (titles and whole-line comments aside) declares it (`let spy;`, `const spy = vi.fn()`),
    makes it anew (`spy = vi.fn()`), sets it up, calls it, starts a check of it
    (`expect(spy)`), or hands it on: names it twice, or otherwise (`render(spy)`,
    `{ onChange: spy }`, `vi.mock(..., () => ({ f: spy }))`, `spy.mock.calls`). Where each
    hand-on runs is kept (`_handed_scope`; a line giving the name another value may run before
    any test: "any"); in a file whose tests may run at once (`.concurrent`) a mock handed on
    anywhere is left out."""
    names = sorted(set(_MOCK_KEPT.findall(text)))
    if not names:
        return ()
    lines = text.splitlines()
    code = [_TITLE.sub(_blank_string, line) for line in lines]
    pairs: list[Span] | None = None
    scopes: list[FunctionScope] = []
    concurrent = bool(_CONCURRENT.search(text))
    out = []
    for name in names:
        own = re.escape(name)
        named = _names(name)
        declaration = re.compile(rf"^(?:let|var)\s+{own}\s*(?::[^=;]+)?;?$|"
                                 rf"^(?P<made>(?:const|let|var)\s+{own}\s*(?::[^=]+)?=\s*"
                                 rf"(?:jest|vi)\.fn\()")
        making = re.compile(rf"^{own}\s*=\s*(?:jest|vi)\.fn\(")
        setup, check = _mock_setup(name), re.compile(rf"^(?:await\s+)?expect\(\s*{own}\s*\)")
        call = re.compile(rf"^(?:(?:const|let|var)\s+[\w$]+\s*=\s*)?(?:await\s+)?{own}\s*\(")
        declared: list[tuple[Position, bool]] = []
        making_at: list[Position] = []
        calls: list[int] = []
        handed: list[Position] = []
        for at, line in enumerate(code):
            stripped = line.strip()
            hits = [found.start() for found in named.finditer(line)]
            if not hits or stripped.startswith("//") or (
                    stripped.startswith(("/*", "*")) and "*/" not in stripped[:-2]):
                continue  # a comment
            column = hits[0]
            if len(hits) > 1:
                handed.append((at, column))
                continue
            before = line[:column].strip()
            if (made := declaration.match(stripped)) is not None:
                declared.append(((at, column), made.group("made") is not None))
            elif making.match(line[column:]) and (not before or before.endswith(("{", ";"))
                                                  or _HOOK_EXPRESSION.search(before)):
                making_at.append((at, column))
            elif call.match(stripped):
                calls.append(at)
            elif not (setup.match(stripped) or check.match(stripped)):
                handed.append((at, column))
        if not declared or (handed and concurrent):
            continue
        if pairs is None:
            pairs = sorted(testcases.brace_pairs(lines))
            scopes = _function_scopes(lines)
        if not concurrent:  # a statement of a test's own body
            calls = [at for at in calls if not _in_test_body(pairs, lines, at, scopes)]
        made_by: list[tuple[Span | None, bool]] = []
        for at, column in making_at:
            body = _innermost(pairs, (at, column))
            one = _HOOK_EXPRESSION.search(lines[at][:column].strip())
            if one is not None:  # a hook's one expression: `beforeEach(() => (spy = vi.fn()))`
                made_by.append((body, one.group(1) == "beforeEach"))
                continue
            if body is None:  # the module's own statement
                made_by.append((None, False))
                continue
            (open_line, open_column), _ = body
            hook = _HOOK_HEAD.search(lines[open_line][:open_column])
            if hook is not None and hook.group(1).startswith("before"):
                made_by.append((_innermost(pairs, body[0]), hook.group(1) == "beforeEach"))
        # a line giving the name another value may do so for any test after it
        assigned = re.compile(rf"(?<![\w$.]){own}\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?"
                              rf"=(?![=>])|(?<![\w$.]){own}\s*(?:\+\+|--)|(?:\+\+|--)\s*{own}"
                              rf"(?![\w$])|[\[{{][^=;]*(?<![\w$.]){own}(?![\w$])[^=;]*[\]}}]\s*"
                              rf"=(?![=>])")
        out.append(OuterMock(name, tuple((where, _innermost(pairs, where), made)
                                         for where, made in declared),
                             tuple(made_by), tuple(calls),
                             tuple(("any", None) if assigned.search(code[where[0]])
                                   else _handed_scope(pairs, lines, where, scopes)
                                   for where in handed)))
    return tuple(out)


FunctionScope = tuple[str, Position, Span]  # "test" / "hook", its call's start, its extent


def _function_scopes(lines: list[str]) -> list[FunctionScope]:
    """Each test's or hook's function written in its call (`_RUNNER_CALL`, or a table test's
    own call: `it.each(rows)("x %s", (n) => ...)`), its body a block or one expression
    (`beforeEach(() => render(spy))`): ("test" or "hook", where its call opens, where the
    function starts and ends). A hook's other arguments and a table test's table are not its
    function: they run as the file is read. A call whose end is not found, or that holds
    another such call (a regex's bracket may have misled the count), is left out."""
    code = testcases.code_lines(lines)
    text = "\n".join(code)
    starts = [0]
    for line in code:
        starts.append(starts[-1] + len(line) + 1)

    def position(offset: int) -> Position:
        line = bisect.bisect_right(starts, offset) - 1
        return line, offset - starts[line]

    calls = [(found.end() - 1, bool(found.group("hook")))
             for found in _RUNNER_CALL.finditer(text)]
    calls += [(starts[line] + column, False) for line, column in testcases.js_each_calls(lines)]
    found: list[tuple[str, int, int, int]] = []
    for opening, hook in sorted(set(calls)):
        arguments, depth, start = [], 0, opening + 1
        for at in range(opening + 1, len(text)):
            char = text[at]
            if char in "([{":
                depth += 1
            elif char in ")]}":
                if not depth:
                    arguments.append((start, at))
                    break
                depth -= 1
            elif char == "," and not depth:
                arguments.append((start, at))
                start = at + 1
        else:
            continue  # not closed
        which = 0 if hook else 1
        if len(arguments) <= which:
            continue
        start, end = arguments[which]
        function = _FUNCTION_ARGUMENT.match(text, start)
        if function is None or function.end() > end:
            continue
        start += len(text[start:end]) - len(text[start:end].lstrip())
        found.append(("hook" if hook else "test", opening, start, end))
    openings = [opening for _, opening, _, _ in found]
    return [(kind, position(opening), (position(start), position(end)))
            for kind, opening, start, end in found
            if not any(start < other < end for other in openings)]


def _handed_scope(pairs: list[Span], lines: list[str], at: Position,
                  scopes: list[FunctionScope]) -> tuple[str, Span | None]:
    """Where the code at `at` runs, its nearest function a test's or a hook's: ("test", the
    test's block or function), ("hook", the block holding the hook; None: the module), else
    ("any", None): the module's or a describe's own code, a helper. A function a block tells
    (its head on the block's line: `it("x", () => {`) or its call does (`_function_scopes`:
    one of one expression, a table test's), the innermost."""
    found: tuple[str, Span | None] = ("any", None)
    opened: Position | None = None
    block = _innermost(pairs, at)
    while block is not None:
        (line, column), _ = block
        head = lines[line][:column]
        if _TEST_HEAD.match(head):
            found, opened = ("test", block), block[0]
            break
        if _HOOK_HEAD.search(head):
            found, opened = ("hook", _innermost(pairs, block[0])), block[0]
            break
        block = _innermost(pairs, block[0])
    inner = max(((extent, kind, call) for kind, call, extent in scopes
                 if extent[0] <= at <= extent[1]), default=None)
    if inner is None or (opened is not None and inner[0][0] < opened):
        return found
    extent, kind, call = inner
    return (kind, extent) if kind == "test" else (kind, _innermost(pairs, call))


# What comes right before a function's block: its arrow, or its parameters' `)`.
_BODY_BEFORE = lazy_re(r"(?:=>|\))\s*$")


def _in_test_body(pairs: list[Span], lines: list[str], at: int,
                  scopes: list[FunctionScope]) -> bool:
    """Line `at` is a statement of a test's own body: its innermost block is a test's
    function (`_TEST_HEAD`), and it starts there; or, for a test its call tells
    (`_function_scopes`: a table test's, one of one expression), it stands in the function's
    block or in its one expression, in no block of its own."""
    column = len(lines[at]) - len(lines[at].lstrip())
    block = _innermost(pairs, (at, column))
    if block is not None and block[0][0] == at:
        return False
    if block is not None and _TEST_HEAD.match(lines[block[0][0]][:block[0][1]]):
        return True
    extent = next((extent for kind, _, extent in scopes
                   if kind == "test" and extent[0] <= (at, column) <= extent[1]), None)
    if extent is None:
        return False
    if block is None or block[0] < extent[0]:
        return True  # the one expression itself
    # the function's own block: the outermost in its extent, opened after its `=>` or `)`
    (line, column), _ = block
    return not any(extent[0] <= pair[0] < block[0] and block[1] < pair[1] <= extent[1]
                   for pair in pairs) and bool(_BODY_BEFORE.search(lines[line][:column]))


def _visible_mocks(mocks: tuple[OuterMock, ...], at: Position, end: int) -> dict[str, bool]:
    """Of its file's `mocks`, those a JS/TS test (declared at `at`, up to line `end`) sees
    holding a mock: declared in a block holding it (the innermost such declaration) before
    it, made there or by a hook of a block holding it within that declaration's, and handed
    on by no code that may run for it (only by other tests and hooks of other blocks); by name,
    whether its calls are the test's alone (made anew before each test, and called
    elsewhere only by statements of other tests' own bodies)."""
    start = at[0]
    out = {}
    for mock in mocks:
        # handed on by code that may run for this test: its own, a hook of a block holding
        # it, or any but another test's and another block's hook
        if any(kind == "any" or (kind == "test" and block is not None
                                 and start <= block[0][0] <= end)
               or (kind == "hook" and (block is None or block[0] < at < block[1]))
               for kind, block in mock.handed):
            continue
        seen = [(where, block, made) for where, block, made in mock.declared
                if where[0] < start and (block is None or block[0] < at < block[1])]
        if not seen:
            continue
        innermost = max(seen, key=lambda found: found[1][0] if found[1] else (-1, -1))
        if sum(block == innermost[1] for _, block, _ in seen) > 1:
            continue
        _, block, made = innermost
        hooks = [each for hook, each in mock.made if _within(hook, block) and (
            hook is None or hook[0] < at < hook[1])]
        if made or hooks:
            out[mock.name] = any(hooks) and all(start <= line <= end for line in mock.calls)
    return out


_PY_DEF = re.compile(r"^\s*(?:async\s+)?def\s")


_EXPECT_STATEMENT = lazy_re(r"^(\s*)(?:await\s+)?expect\s*\(")


def _own_expect_dead(lines: list[str], outer: FileScope) -> list[str]:
    """A JS/TS test's lines with its `expect(...)` statements read as code that never runs
    when it, or its file, defines `expect` itself: those checks fail nothing."""
    if not outer.own_expect and not any(_OWN_EXPECT.search(line) for line in lines):
        return lines
    return [f"{found.group(1)}if (false) {line.strip()}"
            if (found := _EXPECT_STATEMENT.match(line)) else line for line in lines]


# A comment that is a line of code: it opens with a call (`// expect(dedent(x))`, `# assert
# add(1, 2) == 3` has one after `assert`) or chains one (`` // `).toEqual("y"); ``); not prose
# (`// later`), nor a `TODO(name):` note.
_COMMENTED_CALL = lazy_re(r"^[ \t]*(?://|#)[ \t]*(?!(?:TODO|FIXME|XXX|NOTE)\b)"
                          r"(?:(?:assert[ \t]+)?[\w$.]+\(|.*\)\.\w+\()")


# A line of code inside a `/* ... */` comment: a call, or a name given one's value
# (`classes := NewSet()`, `const total = sum(xs)`, `fmt.Println(all)`), its leading `*` of a
# comment's margin aside.
_BLOCK_COMMENT = re.compile(r"/\*(.*?)\*/", re.S)
_CODE_IN_BLOCK = lazy_re(r"^[ \t*]*(?!(?:TODO|FIXME|XXX|NOTE)\b)"
                         r"(?:(?:const|let|var)[ \t]+)?"
                         r"(?:[\w$.]+(?:[ \t]*,[ \t]*[\w$.]+)*[ \t]*:?=[ \t]*)?[\w$.]+\(")


def _block_commented_call(lines: Sequence[str]) -> bool:
    """Whether a block comment among `lines` holds code (golang-set's `Test_Example`, its
    whole example inside `/* ... */`): a test whose code is commented out."""
    return any(_CODE_IN_BLOCK.match(line)
               for block in _BLOCK_COMMENT.finditer("\n".join(lines))
               for line in block.group(1).splitlines())


def _never_run_read(lines: list[str], language: str, outer: FileScope,
                    mocks: Mapping[str, bool] | None = None) -> list[str]:
    """A test's lines with the code that never runs read as `if false` blocks (above)."""
    if language == "python":  # from its `def`: a decorator's arguments may come before it
        head = next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), 0)
        if head:
            return lines[:head] + _never_run_read(lines[head:], language, outer)
    lines = _unset_env_dead(_false_constants_inlined(lines, outer.false), language, outer.unset,
                            outer.always)
    if language == "python":  # read with `ast` first: the lines still parse
        lines = _python_finally_return_dead(_python_platform_read(lines, outer.platform))
    if language in _SWALLOWING_TRY_DEAD:  # Go has no try
        lines = _SWALLOWING_TRY_DEAD[language](lines)
    if language == "python":
        lines = _python_own_failure_expected_dead(_python_self_raised_trivial(lines))
    if language == "go":
        lines = _go_short_read(lines, outer.short)
        lines = _go_kept_closures_dead(_go_unwaited_dead(then_literals.go_overwritten_read(
            lines)))
    if language == "js":  # `([] as number[]).forEach(`: the cast keeps it an empty array
        lines = [_EMPTY_CAST.sub("[]", line) for line in lines]
        lines = _noop_check_calls_trivial(_swallowed_calls_dead(
            lines, outer.swallowing | swallowing_helpers("\n".join(lines))), outer.noop)
    lines = _empty_loops_dead(_uncalled_closures_dead(lines, language), language, outer.empty,
                              outer.rows)
    if language == "js":
        lines = _own_data_checks_trivial(_own_mock_checks_trivial(_own_expect_dead(
            _dropped_chains_dead(_unawaited_callbacks_dead(_literal_switches_dead(lines))),
            outer), mocks))
    lines = _literals_propagated(_aliases_resolved(_guarded_checks_trivial(lines, language),
                                                   language), language)
    lines = _members_propagated(_tables_propagated(lines, language), language,
                                outer.properties)
    # a name read as the literal it holds: `const x = 1` then `switch (typeof x)`
    return _literal_switches_dead(lines) if language == "js" else lines


def classify(case: TestCase, go_helpers: Mapping[str, str] | None = None,
             outer: FileScope = NO_SCOPE) -> Placeholder | None:
    """Why `case` is a placeholder test, or None when it is a real one (rules above);
    `go_helpers`: the functions its Go package's test files define (`go_functions`), by name;
    `outer`: what its file declares at its top level (`file_scope`)."""
    if language_of(case.file) == "js":  # its blocks as its braces make them
        group = next(((first, marker) for first, last, marker in outer.off
                      if first < case.line <= last), None)
        if group is not None:  # the group around it is switched off
            return Placeholder(case.test_id, case.file, group[0],
                               f"skipped in source ({group[1]} around it)")
        case = replace(case, body="\n".join(testcases.brace_indented(case.body.splitlines())))
    found = _classify(case, go_helpers, outer)
    if found is None:
        return None
    lines = case.body.splitlines()
    guards = [match for _, match in _unset_guard_matches(
        lines, language_of(case.file) or "", outer.unset)]
    if guards and not _classify(case, go_helpers, replace(outer, unset=frozenset())):
        named = ", ".join(dict.fromkeys(g.group("name") or g.group("inname") for g in guards))
        return Placeholder(found.test_id, found.file, found.line,
                           f"its checks run only when {named} is set, and the run does not "
                           f"set it ({guards[0].group(0).strip()[:60]})")
    if outer.platform is not None and language_of(case.file) == "python" and not _classify(
            case, go_helpers, replace(outer, platform=None)):
        own = lines[next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), 0):]
        changed = [(line, now.strip()) for line, now in zip(
            own, _python_platform_read(own, outer.platform), strict=True) if line != now]
        guard = next((line for line, now in changed if now == "if False:"), None) or next(
            (line for line, _ in changed), None)
        if guard is not None:
            return Placeholder(found.test_id, found.file, found.line,
                               f"its checks never run on {outer.platform}, the platform of the "
                               f"run ({_shown(guard.strip().rstrip(':').rstrip())})")
    short = [match for match in map(_GO_SHORT_GUARD.match, lines) if match] \
        if language_of(case.file) == "go" and outer.short is not None else []
    if short and not _classify(case, go_helpers, replace(outer, short=None)):
        shown = _shown(short[0].group(0)[:short[0].start("rest")].strip())
        return Placeholder(found.test_id, found.file, found.line,
                           f"its checks run only without -short, and the run passes -short "
                           f"({shown})" if outer.short else
                           f"its checks run only with -short, and the run does not pass it "
                           f"({shown})")
    return found  # a placeholder whatever the environment


@dataclass(frozen=True)
class Unfinished:
    """A JS/TS test with other checks that also calls `expect(value)` with no matcher after
    it (`_dangling_expect`): those calls check nothing, and the test passes whatever they
    are given (a `.toThrow()` taken out of `expect(() => parse('P1.5Y')).toThrow();`)."""
    test_id: str
    file: str
    line: int  # the first such call's
    count: int
    shown: str  # the first such call, as the source has it


def unfinished_expects(cases: Iterable[TestCase], skip: AbstractSet[str] = frozenset()
                       ) -> list[Unfinished]:
    """Of `cases` (but the tests in `skip`: the placeholders, said apart), each JS/TS test
    whose body calls `expect(...)` with no matcher after it, in their order."""
    found = []
    for case in cases:
        if language_of(case.file) != "js" or case.test_id in skip:
            continue
        lines = testcases.brace_indented(case.body.splitlines())
        decl = case.line - case.body_line if case.body_line else _declaration_index(lines)
        hits = [(index, text) for index, _, text in _brace_statements(lines[decl:], "js")
                if _dangling_expect(text)]
        if hits:
            index, text = hits[0]
            found.append(Unfinished(case.test_id, case.file, case.line + index, len(hits),
                                    _shown(text)))
    return found


# Python: a skip decorator's maker called as a statement of a test's body, returned or not:
# `unittest.skip("why")`, `unittest.skipIf(...)`, `pytest.mark.skip(...)`, `pytest.mark.xfail(`
_SKIP_MAKER = lazy_re(r"^\s+(?:return\s+)?(?:unittest\s*\.\s*(?:skip|skipIf|skipUnless|"
                      r"expectedFailure)|pytest\s*\.\s*mark\s*\.\s*(?:skip|skipif|xfail))"
                      r"\s*\(")


def skips_nothing(cases: Iterable[TestCase], skip: AbstractSet[str] = frozenset()
                  ) -> list[Unfinished]:
    """Of `cases` (but the tests in `skip`: the placeholders, said apart), each Python test
    whose body calls a skip decorator's maker (`_SKIP_MAKER`), with its first such call and
    how many, in their order."""
    found = []
    for case in cases:
        if language_of(case.file) != "python" or case.test_id in skip:
            continue
        lines = case.body.splitlines()
        start = next((i for i, line in enumerate(lines)
                      if re.match(r"\s*(?:async\s+)?def\s", line)), len(lines))
        hits = [(index, lines[index].strip()) for index in range(start + 1, len(lines))
                if _SKIP_MAKER.match(lines[index])]
        if hits:
            index, text = hits[0]
            found.append(Unfinished(case.test_id, case.file, case.line + index - start,
                                    len(hits), _shown(text)))
    return found


# JS/TS: a table-driven declaration, `test.each(` / `describe.for(`
_JS_EACH_OPEN = lazy_re(r"(?<![\w$.])(?:it|test|describe)\.(?:each|for)\(")


def _js_each_head(lines: list[str], decl: int) -> str | None:
    """The test's declaration `test.each(...)(` on one line when its table is written on
    lines of its own (`test.each(` / `  cases.filter(() => false),` / `)("row %s", ...`), its
    lines stripped and joined; None when it is written on one line."""
    found = _JS_EACH_OPEN.search(lines[decl])
    if found is None:
        return None
    text = "\n".join(lines[decl:])
    end = row_filters.closing_bracket(text, found.end() - 1)
    if "\n" not in text[:end]:
        return None
    line_end = len(text) if (at := text.find("\n", end)) < 0 else at
    return " ".join(part.strip() for part in text[:line_end].split("\n"))


def _js_each_table_out(lines: list[str], decl: int) -> list[str]:
    """A JS/TS table test's lines with its table (`test.each([` / `  ["a", ["a"]],` / `])("%s",
    (s, parts) => {`) out of its declaration's line, `test.each()("%s", (s, parts) => {`, the
    lines it took blank: its rows are data the runner hands the function, not statements of
    its body (read as such, the function's own statements sat a level below the body's top,
    where a `return;` before its checks was no return taken), and a brace in a row
    (`{ input: "a" }`) opens no body. Its lines are as many as they were."""
    found = _JS_EACH_OPEN.search(lines[decl])
    if found is None:
        return lines
    depth = 0
    for i, code in enumerate(testcases.code_lines(lines[decl:])):
        for k in range(found.end() - 1 if i == 0 else 0, len(code)):
            depth += (code[k] in "([{") - (code[k] in ")]}")
            if depth == 0:
                out = list(lines)
                out[decl] = lines[decl][:found.end()] + lines[decl + i][k:]
                out[decl + 1:decl + i + 1] = [""] * i
                return out
    return lines


def _one_expression_as_block(lines: list[str], decl: int) -> list[str]:
    """A JS/TS test's lines with its function of one expression (`it("x", () =>
    expect(f(1)).toBe(2))`, declared on `lines[decl]`) written as the block that returns it
    (`() => { return expect(f(1)).toBe(2)` / `});`): its statements are read as a block's
    are, and a promise it hands the runner is one returned."""
    found = testcases.js_one_expression(lines, decl)
    if found is None:
        return lines
    (arrow_line, arrow), (first_line, first) = found.arrow, found.first
    (end_line, end), close_line = found.end, found.close[0]
    out = list(lines)
    # what follows the expression (a timeout, the call's `)`) goes, a `});` after it
    out[end_line] = out[end_line][:end]
    out[end_line + 1:close_line + 1] = [""] * (close_line - end_line)
    out[first_line] = f"{out[first_line][:first]}return {out[first_line][first:]}"
    out[arrow_line] = f"{out[arrow_line][:arrow + 1]} {{{out[arrow_line][arrow + 1:]}"
    return [*out[:close_line + 1], "});"]


def _classify(case: TestCase, go_helpers: Mapping[str, str] | None,
              outer: FileScope) -> Placeholder | None:
    language = language_of(case.file)
    if language is None:
        return None
    lines = case.body.splitlines()
    if not lines:
        return None
    # where its declaration is: after its comments, or after the code its body starts with
    decl = case.line - case.body_line if case.body_line else _declaration_index(lines)
    if language == "python" and not case.body_line:  # past a module table its body holds
        decl = max(decl, next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), 0))
    base_line = case.line - decl  # absolute line number of the body's first line
    written_lines = lines
    if language == "js":  # a filter no row of its literal table meets keeps nothing
        lines = row_filters.js_unkept_filters(lines, outer.rows)
        # ... nor a branch of a loop over one, and a jump every row takes skips what follows
        branched = row_filters.js_unmet_branches(lines, outer.rows)
        if branched != lines:
            lines = testcases.brace_indented(branched)
    marker = _SOURCE_SKIP_MARKERS[language]
    for index, line in enumerate(lines[: decl + 1]):
        found = marker.search(line)
        if found:
            shown = found.group(0).strip().rstrip("(")
            said = _skip_said(line[found.end():]) if language == "python" else ""
            if line != written_lines[index]:
                shown, said = written_lines[index].strip()[:60], ""
            return Placeholder(case.test_id, case.file, base_line + index,
                               f"{_switched_off(shown)} in source ({shown}{said})")
    head = _js_each_head(lines, decl) if language == "js" else None
    if head is not None and marker.search(head):  # `test.each(` with its table below it
        shown = (_js_each_head(written_lines, decl) or head)[:60]
        return Placeholder(case.test_id, case.file, base_line + decl,
                           f"{_switched_off(shown)} in source ({shown})")
    unrowed = _parametrized_by_no_row(lines, outer) if language == "python" else None
    if unrowed is not None:
        return Placeholder(case.test_id, case.file, base_line + unrowed,
                           f"skipped in source ({lines[unrowed].strip()[:60]}: a table "
                           "of no rows)")
    # the mocks its file keeps outside it that it sees (JS/TS)
    mocks = _visible_mocks(outer.mocks, (case.line - 1, len(lines[decl]) - len(
        lines[decl].lstrip())), case.line - 1 + len(lines) - 1 - decl) if outer.mocks else None
    if language == "js":
        lines = _one_expression_as_block(_js_each_table_out(lines, decl), decl)
    if language == "python":  # its file's table it names and its decorators read too
        lines = _python_truthy_checks_trivial(lines, outer)
        if outer.platform is not None and not _platform_kept(lines):
            outer = replace(outer, platform=None)
    body = _never_run_read(lines[decl:], language, outer, mocks)
    if language == "python":
        # the statements after its signature, which may take several lines (`) -> None:`)
        sig = testcases.python_signature_end(body)
        statements = [(i + sig + 1, ind, t)
                      for i, ind, t in _python_statements(body[sig + 1:])]
        # a one-line `def test_x(): pass` (`) -> None: pass` after a longer signature)
        inline = body[sig].rpartition(":")[2].strip() if body[sig].rstrip().endswith(
            ("pass", "...")) and ":" in body[sig] else ""
        if inline:
            statements.insert(0, (0, 0, inline))
    else:
        # A Go test's body carries the package-level table it ranges over after its closing
        # brace (testcases): data, not statements.
        own = body[: brace_block_end(body, 0, go=True) + 1] if language == "go" else body
        statements = _brace_statements(own, language)
    if all(text in ("pass", "...") for _, _, text in statements):
        # its checks commented out, not yet written: said, as the fix differs
        commented = any(_COMMENTED_CALL.match(line) for line in written_lines[decl + 1:]) or (
            language != "python" and _block_commented_call(written_lines[decl + 1:]))
        return Placeholder(case.test_id, case.file, case.line, "empty body" + (
            ": its code is commented out" if commented else ""))
    top = min(indent for index, indent, _ in statements if index > 0) if any(
        index > 0 for index, _, _ in statements) else 0
    skip_call = _BODY_SKIP_CALLS[language]
    for index, indent, text in statements:
        if skip_call.search(text) and (index == 0 or indent <= top):
            shown = (text.split("(")[0].split()[:1] or [text])[0].strip()
            said = _skip_said(text[text.index(shown) + len(shown):])
            return Placeholder(case.test_id, case.file, base_line + decl + index,
                               f"{_switched_off(shown)} in source ({shown}{said})")
    def written(index: int, text: str) -> str:  # as the source has it, where read otherwise
        source = written_lines[decl + index].strip() if decl + index < len(lines) else text
        return _shown(text if text in source else source)

    # a block expecting the error its own assertion raises, as the source has it, and a
    # block under `if __name__ == "__main__":`
    expects_own = _own_failure_block(written_lines[decl:]) if language == "python" else None
    guard = next((line.strip().rstrip(":").rstrip() for line in written_lines[decl:]
                  if _SCRIPT_GUARD.match(line)), None) if language == "python" else None
    running = _runs(statements, language)
    if all(_trivial_here(text, language, outer) for _, _, text in running):
        # its first statement that runs: a function it defines first (a hook for the code,
        # `def hook(pairs):`) runs only where called, and is none of its checks; a bare
        # `return` first is shown: what it leaves out is said, or "(return)" reads as its check
        at, _, said_text = running[0] if running else statements[0]
        shown = written(at, said_text)
        first = (": it returns before its other statements" if _BARE_RETURN.match(
            shown.rstrip(";")) and len(running) < len(statements) else "")
        return Placeholder(case.test_id, case.file, base_line + decl + at,
                           f"asserts nothing real ({shown}){first}"
                           + (TYPE_ONLY if _TYPE_ONLY.match(said_text) else "")
                           + _own_failure_note(expects_own, shown))
    check = _CHECK.get(language)
    if check is not None:
        checks = [(index, text) for index, _, text in statements if check.search(text)]
        if checks and not any((check.search(text) and not _trivial_here(text, language, outer))
                              or (language == "js" and _live_helper_check(text, outer))
                              for _, _, text in _runs(statements, language)):
            index, text = checks[0]
            shown = written(index, text)
            return Placeholder(case.test_id, case.file, base_line + decl + index,
                               f"its checks never run or cannot fail ({shown})"
                               + (TYPE_ONLY if _TYPE_ONLY.match(text) else "")
                               + _own_failure_note(expects_own, shown)
                               + (RUN_AS_SCRIPT.format(guard=guard) if guard else ""))
    if language == "js" and outer.js_checking is not None and not any(
            first <= case.line <= last for first, last in outer.js_after) and not any(
            _CHECK["js"].search(text) for _, _, text in statements) and not _js_may_check(
            [text for _, _, text in statements], outer.js_checking, outer.js_bound,
            outer.js_code) and not (
            _JS_NO_RAISE_TITLE.search(title := case.name.rsplit(" > ", 1)[-1])
            or _NO_RAISE_SAID.search(title)
            or _JS_SAID_CHECKED.search(" ".join(_slash_comments(written_lines[decl:])))):
        return Placeholder(case.test_id, case.file, case.line,
                           "it checks nothing but that its code does not throw: no expect, "
                           "assert or throw, no helper that checks")
    # what follows the first `run` is what checks it (a fixture written before it checks nothing)
    unchecked = _bats_unchecked(statements, written_lines[decl:], outer.shell) \
        if language == "bats" else None
    if unchecked is not None:
        return Placeholder(case.test_id, case.file, base_line + decl + unchecked[0],
                           unchecked[1])
    if language == "go" and not _go_can_fail(_go_until_return(own, statements),
                                             go_helpers or {}):
        # where a failure it does write is kept from running: the first block that never
        # runs, as the source has it (`if got != got {`, a loop over an empty table)
        dead = next((at for at, line in enumerate(own) if _GO_FAILS.search(line)), None)
        # its names read as the calls they were given, as `go_without_dead_blocks` reads them
        read = then_literals.go_conditions_read("\n".join(own)).split("\n")
        opened = next((at for at in range(dead or 0, 0, -1)
                       if _GO_NEVER_OPENS.search(read[at])), None) if dead else None
        if opened is not None and decl + opened < len(written_lines):
            head = written_lines[decl + opened].strip().rstrip("{").rstrip()
            # its names read as the calls they were given where that is why: `expected :=
            # Format(input, config)` beside `output := Format(input, config)` (columnize's
            # `if output != expected` had said nothing of why it cannot fail)
            as_read = read[opened].strip().rstrip("{").rstrip()
            same = _GO_SAME_SIDES.match(as_read)
            said = f", read as {_shown(as_read)}" if as_read != head and same and \
                same.group(1) == same.group(2) else ""
            return Placeholder(case.test_id, case.file, base_line + decl + opened,
                               f"its checks never run or cannot fail ({_shown(head)}{said})")
        ran = _go_until_return(own, statements)
        if _go_swallows_panics(ran) and (_GO_PANIC.search(ran) or _go_must_panics(ran)):
            at = next(at for at, line in enumerate(own) if _GO_DEFERRED.match(line))
            return Placeholder(case.test_id, case.file, base_line + decl + at,
                               "never reports a failure: its deferred recover() drops the "
                               f"panics it fails by ({_shown(written_lines[decl + at].strip())}"
                               "), and no t.Error, t.Fatal or t.Fail call can run")
        # an assertion library given t whose only checks cannot fail: name the first
        futile = next((at for at, line in enumerate(own)
                       if then_literals.go_check_cannot_fail(line)), None)
        if futile is not None and decl + futile < len(written_lines):
            return Placeholder(case.test_id, case.file, base_line + decl + futile,
                               "its checks cannot fail ("
                               f"{_shown(written_lines[decl + futile].strip())}): it checks "
                               "nothing")
        # a check it had, commented out: name that line
        kept = next((at for at, line in enumerate(own) if _GO_COMMENTED_CHECK.match(line)), None)
        if kept is not None and decl + kept < len(written_lines):
            return Placeholder(case.test_id, case.file, base_line + decl + kept,
                               "never reports a failure: its check is commented out ("
                               f"{_shown(written_lines[decl + kept].strip())})")
        # a checking helper handed no row to check (`runTestCases(t, SwapCase, _M{})`)
        empty = next((at for at, line in enumerate(own)
                      if (called := _GO_HELPER_CALL.search(line))
                      and called.group(1) in (go_helpers or {})
                      and _GO_EMPTY_LITERAL.search(line[called.end():])), None)
        if empty is not None and decl + empty < len(written_lines):
            return Placeholder(case.test_id, case.file, base_line + decl + empty,
                               "never reports a failure: it hands its checking helper no row "
                               f"to check ({_shown(written_lines[decl + empty].strip())})")
        if _go_says_it_returns(case.name, written_lines[:decl + 1] + own):
            return None
        # a helper it hands its t to that cannot report a failure through it: that call, not
        # "no helper given t" (strcase's `toKebab(t)` whose table loop lost its `tb.Errorf`)
        handing = _go_hands_t(own)
        if handing is not None and decl + handing < len(written_lines):
            return Placeholder(case.test_id, case.file, base_line + decl + handing,
                               "never reports a failure: the helper it hands t to cannot report "
                               "one (no t.Error, t.Fatal or t.Fail call in it that can run: "
                               f"{_shown(_go_call_handing(written_lines[decl + handing]))}): "
                               f"{_go_returns_only(own)}")
        # an asserter it makes from t and never uses: that line, not "no assertion library
        # given t" (go-funk's `is := assert.New(t)` beside `_ = is`)
        made = next((at for at, line in enumerate(own)
                     if re.search(_GO_ASSERTER.format(t=r"\w+"), line)), None)
        if made is not None and decl + made < len(written_lines):
            return Placeholder(case.test_id, case.file, base_line + decl + made,
                               "never reports a failure: the asserter it makes from t is never "
                               f"used ({_shown(written_lines[decl + made].strip())}), and no "
                               f"t.Error, t.Fatal or t.Fail call can run: {_go_returns_only(own)}")
        return Placeholder(case.test_id, case.file, case.line,
                           "never reports a failure (no t.Error, t.Fatal or t.Fail call that "
                           "can run, no helper or assertion library given t): "
                           f"{_go_returns_only(own)}")
    if language == "python" and not any(_PY_CHECK.search(text) for _, _, text in statements):
        returned = next((index for index, indent, text in statements
                         if indent <= top and _RETURNS_VALUE.match(text)), None)
        if returned is not None:
            return Placeholder(case.test_id, case.file, base_line + decl + returned,
                               "returns a value and asserts nothing (pytest ignores what a "
                               "test returns)")
    if language == "python" and outer.checking is not None and not _python_may_check(
            lines[decl:], outer) and not _NO_RAISE_NAME.search(case.name) and not \
            _NO_RAISE_SAID.search(_python_words(lines[decl:])):
        return Placeholder(case.test_id, case.file, case.line,
                           "it checks nothing but that its code raises no exception: no "
                           "assertion, no `raises`, `fail` or raise, no helper that checks")
    return None


# --- a JS/TS test with no check of any kind ------------------------------------------------------

# What in a JS/TS test's own code may fail it, its strings aside: a check (`expect`, `assert`,
# `should`), `fail(` or `throw`, a `done` callback (handed an error, it fails the test),
# testing-library's queries that throw when nothing is found (`getByText`, `findAllByRole`),
# ava's and tap's `t.is(...)`, a promise's `.rejects` / `.resolves`, a browser or HTTP driver's
# chain (`cy.`, `page.`, `request(app).get(...)`), `nock`.
_JS_MAY_FAIL_CODE = lazy_re(
    r"\b(?:expect|assert\w*|should|fail|throw|done|nock)\b|\.\s*(?:rejects|resolves)\b|"
    r"\b(?:get|find)(?:All)?By[A-Z]\w*\s*\(|\bt\s*\.\s*\w+\s*\(|"
    r"\b(?:cy|page|browser|driver|request|agent)\s*\.")
_JS_CALLED = lazy_re(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(")
# Packages whose exports may check (assertion, mocking-verification, testing and browser
# libraries), but the test runner's own structure and mocks (`describe`, `vi`, `jest`).
_JS_CHECKING_PACKAGE = lazy_re(
    r"^(?:@testing-library/|@vue/test-utils|@playwright/|@jest/|@vitest/|chai|sinon|supertest|"
    r"nock|msw|expect|assert|node:assert|power-assert|should|uvu|tap|ava|testdouble|"
    r"fast-check|@fast-check/|vitest|jest|react-test-renderer|enzyme)(?:$|/)")
# vitest's type tests (`*.test-d.ts`): the type checker checks them, not a run
_JS_TYPE_TESTS = lazy_re(r"\.test-d\.[cm]?[jt]sx?$")
# a hook running after each test, whose checks may be the tests' (`afterEach(() => expect(...`);
# one that may not check (`_js_may_check`: `afterAll(fetchMock.restore)`,
# `afterEach(() => vi.restoreAllMocks())`) checks for none of them
_JS_AFTER_HOOK = lazy_re(r"\bafter(?:Each|All)\s*\(")
_JS_RUNNER_NAMES = frozenset({"describe", "it", "test", "suite", "bench", "beforeEach",
                              "afterEach", "beforeAll", "afterAll", "vi", "jest", "mock",
                              "fn", "spyOn"})
# A module of the tests' side of the project: a test directory, fixtures, helpers, utilities,
# mocks or set-up, by a folder or the file's own name.
_JS_TEST_SIDE = lazy_re(
    r"(?:^|/|[-_.])(?:tests?|__tests__|specs?|__fixtures__|fixtures?|helpers?|utils?|"
    r"support|mocks?|__mocks__|setup|testing|test-utils)(?:$|/|[-_.])")
# the folders that hold only the tests' side, whoever imports from them
_JS_TEST_DIR = lazy_re(
    r"(?:^|/)(?:tests?|__tests__|specs?|__fixtures__|fixtures?|mocks?|__mocks__|testing)(?:$|/)")


def _js_test_side(path: str, module: str) -> bool:
    """Whether `module`, a path a test file at `path` imports, is of the tests' side: a test
    folder on its way, or a helper's name (`_JS_TEST_SIDE`) past the folder it shares with
    the test file; a folder of the code named `helpers` that holds the test beside the code
    it tests says nothing (css-select's `src/helpers/selectors.spec.ts` importing
    `./selectors.js`, the code under test)."""
    shared = posixpath.commonpath([posixpath.dirname(path) or ".", posixpath.dirname(module)
                                   or "."]) if not module.startswith("..") else ""
    own = module[len(shared):].lstrip("/") if shared not in ("", ".") else module
    return bool(_JS_TEST_DIR.search(posixpath.dirname(module)) or _JS_TEST_SIDE.search(own))


def _js_checks_read(path: str, text: str, language: str | None) -> dict[str, Any]:
    """A JS/TS test file's `js_checking` and `js_bound` (`_js_checking_names`), unread for a
    file of type tests or with a hook after each test at its top level (`_JS_TYPE_TESTS`,
    `_JS_AFTER_HOOK`); a hook inside a group is its group's alone (`js_after`)."""
    if language != "js" or _JS_TYPE_TESTS.search(path):
        return {}
    checking, bound = _js_checking_names(path, text)
    scopes = _after_hook_scopes(text, checking, bound) if _JS_AFTER_HOOK.search(text) else ()
    if (1, len(text.splitlines())) in scopes:
        return {}
    return {"js_checking": checking, "js_bound": bound, "js_after": scopes}


# a JS/TS group of tests: `describe(`, `describe.each(...)(`, `context(`, `suite(`
_JS_GROUP = lazy_re(r"(?<![\w$.])(?:describe|context|suite)\b[\w$.]*\s*\(")


def _after_hook_scopes(text: str, checking: AbstractSet[str], bound: AbstractSet[str]
                       ) -> tuple[tuple[int, int], ...]:
    """(first line, last line), 1-based, of the tests each hook after each test of a JS/TS
    file runs after: the group around it, the whole file for one at its top level. A hook in
    one group runs after none of another's tests: minisearch's `afterEach` in its `remove`
    group had kept its `search` tests from being read, so one whose `expect` was taken out
    (a `console.log` of the results left) still counted for its AC. A hook that may not
    check (`_js_may_check` of what it is handed, the file's `checking` and `bound` names)
    is none: theme-cart's `afterAll(fetchMock.restore)` had kept its `updateItem()` tests
    from being read, one whose `expect` was taken out still counting for its AC."""
    lines = text.splitlines()
    code = testcases.code_lines(lines)
    scopes = []
    for at, line in enumerate(code):
        hook = _JS_AFTER_HOOK.search(line)
        if not hook:
            continue
        handed = " ".join([line[hook.end():], *code[at + 1:_statement_end(code, at) + 1]])
        if not _js_may_check([handed], checking, bound):
            continue
        scope = (1, len(lines))
        for group in range(at - 1, -1, -1):
            if _JS_GROUP.search(code[group]) and (
                    end := testcases.brace_block_end(lines, group, js=True)) >= at:
                scope = (group + 1, end + 1)
                break
        scopes.append(scope)
    return tuple(scopes)


# the names of the language and its runtimes a test calls that check nothing
_JS_GLOBALS = frozenset({
    "Array", "Boolean", "BigInt", "Date", "Error", "JSON", "Map", "Math", "Number", "Object",
    "Promise", "Reflect", "RegExp", "Set", "String", "Symbol", "WeakMap", "WeakSet", "Buffer",
    "URL", "URLSearchParams", "TextEncoder", "TextDecoder", "Uint8Array", "ArrayBuffer",
    "console", "parseInt", "parseFloat", "isNaN", "isFinite", "setTimeout", "setInterval",
    "clearTimeout", "clearInterval", "setImmediate", "queueMicrotask", "structuredClone",
    "require", "encodeURIComponent", "decodeURIComponent", "encodeURI", "decodeURI",
    "describe", "it", "test", "suite", "bench", "vi", "jest", "process", "globalThis",
    "if", "for", "while", "switch", "return", "catch", "typeof", "await", "new", "async",
    "function"})


def _js_function_body(code: str, start: int) -> str | None:
    """The body of the function whose head ends at `start`: its braced block (after its
    parameters, an arrow or a return type), or an arrow's one expression up to the line's end;
    None where it cannot be told (a head this reading does not follow)."""
    at, depth = start, 0
    while at < len(code):  # past the parameters, however they nest
        char = code[at]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                at += 1
                break
        elif depth == 0 and not char.isspace():
            break
        at += 1
    arrow = re.compile(r"\s*(?::[^={\n]+)?\s*(=>)?\s*").match(code, at)
    at = arrow.end() if arrow else at
    if at >= len(code):
        return None
    if code[at] != "{":
        return code[at:code.find("\n", at) if "\n" in code[at:] else len(code)] \
            if arrow and arrow.group(1) else None
    depth = 0
    for end in range(at, len(code)):
        depth += {"{": 1, "}": -1}.get(code[end], 0)
        if depth == 0:
            # an object type it returns (`(): { a: string } => {`) is no body: not told
            after = code[end + 1:].lstrip()
            return None if after.startswith(("{", "=>")) else code[at + 1:end]
    return None


def _js_checking_names(path: str, text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The names a JS/TS test file binds whose use may check: the functions it defines whose
    bodies may check (`_js_may_check`, through another of them too; one whose body this
    reading cannot tell, as if it did): css-select's `parseSortStringify`, which parses,
    sorts and prints a selector and returns it, checks nothing, and a test that only calls it
    checks nothing either; and those it imports from a checking package
    (`_JS_CHECKING_PACKAGE`) or from a module of the tests' side (`_JS_TEST_SIDE`:
    `./helpers`, `../__fixtures__/run`); not those it imports from the code under test
    (`../expiration-month`) or another package, nor the data of a JSON module, which holds no
    function (`require('../__fixtures__/cart.json')`: a value read from it checks nothing)."""
    code = js_imports.code_of(text)
    bodies: dict[str, list[str | None]] = {}
    for head in _JS_FUNCTION_HEAD.finditer(code):
        for name in (head.group(1), head.group(3)):
            if name:
                bodies.setdefault(name, []).append(_js_function_body(code, head.end()))
    bound = set(bodies) | js_imports.declared_anywhere(text)  # a parameter's name is not read
    found: set[str] = set()
    for statement in js_imports.imports(text):
        bound.update(statement.bound)
        if statement.spec.endswith(".json"):
            continue
        module = statement.spec if not statement.spec.startswith(".") else posixpath.normpath(
            posixpath.join(posixpath.dirname(path), statement.spec))
        if _JS_CHECKING_PACKAGE.match(statement.spec) or (
                statement.spec.startswith(".") and _js_test_side(path, module)):
            found.update(name for name in statement.bound if name not in _JS_RUNNER_NAMES)
    pending = dict(bodies)
    while True:  # a function that calls one that checks checks too
        checking = {name for name, texts in pending.items()
                    if any(body is None or _js_may_check([body], found, bound)
                           for body in texts)}
        if not checking:
            return frozenset(found), frozenset(bound)
        found |= checking
        pending = {name: texts for name, texts in pending.items() if name not in checking}


def _js_may_check(statements: Iterable[str], checking: AbstractSet[str],
                  bound: AbstractSet[str], story_code: AbstractSet[str] = frozenset()) -> bool:
    """Whether a JS/TS test's statements may fail it (`_JS_MAY_FAIL_CODE`), call a function
    named for a check or a test helper (`assertValid`, `testSingleCase`; not one of
    `story_code`, the names it imports from the story's own code) or one its file never
    binds (a global a set-up file defines, `render(...)`; not the language's own,
    `_JS_GLOBALS`), or use a name of `checking` (called, handed on, or read a member of)."""
    for text in statements:
        code = _JS_STRING.sub('""', text)
        if _JS_MAY_FAIL_CODE.search(code):
            return True
        if any(((_JS_CHECK_NAME.search(name) or _JS_TEST_HELPER.match(name))
                and name not in story_code)
               or (name not in bound and name not in _JS_GLOBALS)
               for name in _JS_CALLED.findall(code)):
            return True
        if checking & set(re.findall(r"[A-Za-z_$][\w$]*", code)):
            return True
    return False


def _slash_comments(lines: Iterable[str]) -> list[str]:
    """The comments of a JS/TS or Go test's lines (`// ...`, `/* ... */` within a line)."""
    return [found.group(1) or found.group(2) or "" for line in lines
            for found in re.finditer(r"//(.*)$|/\*(.*?)\*/", line)]


# --- a Python test with no check of any kind -----------------------------------------------------

# A call named for a check is taken at its word (`assert_valid(x)`, `pytest.raises`,
# `self.fail`, `check_output`, `data_regression.check`, `verify(...)`, `validate_email`);
# `pytest.deprecated_call()` fails the test when no DeprecationWarning is raised, as `warns`.
_PY_CHECK_WORD = re.compile(r"assert|expect|raises|warns|deprecated_call|fail|check|verify|"
                            r"ensure|validat|must|should", re.I)
# unittest's own methods that check nothing (any other `self.x(...)` it does not define may
# be a helper of a base class in another file)
_UNITTEST_PLAIN = frozenset({"subTest", "addCleanup", "enterContext", "id", "shortDescription",
                             "setUp", "tearDown", "doCleanups", "run", "debug", "skipTest"})
# A module of test helpers: what the file imports from it may check. A relative import from
# the test's own directory is one too.
_HELPER_MODULE = re.compile(r"(?:^|\.)(?:tests?|testing|conftest|test_\w*|\w*_tests?|helpers?|"
                            r"\w*_helpers?|support|fixtures?)(?:\.|$)")
_FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef)
# A test that says not raising is what it checks: in its name (`test_parses_valid`,
# `test_import_tz`, `test_accepts_unicode_key`, `test_supports_weakref`, `test_no_error`; not
# `test_unsupported_type`), or in its docstring or comments ("would raise a TypeError", "make
# sure it doesn't raise", "regression for bug #110"). A test that says it expects an error
# ("raises ValueError") and checks none is a placeholder.
_NOT_RAISING = r"(?:rais|throw|crash|fail|error|exception|warn)"
_NO_RAISE_WORDS = (rf"(?<!in)valid|accept|(?<!un)support|work|pass|succe|grace|import|smoke|bug|"
                   rf"regress|issue|(?:no|not|without|never)_?{_NOT_RAISING}|doesnt")
_NO_RAISE_NAME = re.compile(rf"handl|{_NO_RAISE_WORDS}", re.I)
_NO_RAISE_SAID = re.compile(rf"(?:\bnot|n't|\bnever|\bwithout|\bwould(?: have)?)\s+(?:\w+\s+)?"
                            rf"{_NOT_RAISING}|\bno\s+{_NOT_RAISING}|regress|\bbug|\bissue",
                            re.I)
# A JS/TS test whose title says not throwing is what it checks: as a Python test's name, but
# "handles", which a JS title uses for the case whose result it checks (`should handle hours:
# "8pm"`): any-date-parser's offset test with its `expect` taken out had still counted.
_JS_NO_RAISE_TITLE = re.compile(_NO_RAISE_WORDS, re.I)
# A JS/TS test whose comments say not throwing is what it checks, or that hold a type check
# (`// @ts-expect-error`: the compiler's, run by a type-checking step)
_JS_SAID_CHECKED = lazy_re(_NO_RAISE_SAID.pattern + r"|@ts-expect-error", re.I)


def _python_words(lines: list[str]) -> str:
    """A Python test's docstring and comments, as one text."""
    found = re.search(r'("""|\'\'\')(.*?)\1', "\n".join(lines), re.S)
    comments = [line.split("#", 1)[1] for line in lines if "#" in line]
    return " ".join([found.group(2) if found else "", *comments])


def _python_checks(function: ast.AST, checking: frozenset[str] | set[str],
                   defined: frozenset[str] | set[str]) -> bool:
    """Whether a Python function may check something: an `assert`, a `raise`, a call named
    for a check (`_PY_CHECK_WORD`) of nothing its file defines (a function of its own checks
    where its body does: uritemplate's `expected_set(expected)` only makes a set, and its
    caller's check taken out had left its fixture tests counted), `check=True`
    (`subprocess.run`), a name of `checking` (called, handed on, or the module it is read
    from), a call of one of its parameters (a fixture or callback that may check), or a
    `self.x(...)` of a method no code of its file defines (a base class's helper), or code
    it runs from a string (`exec("assert A @ B == A * B")`, where syntax older Pythons cannot
    parse is kept out of the module: mpmath's `test_matmul`) that may check."""
    params = set()
    if isinstance(function, _FUNCTION):
        params = {a.arg for a in (*function.args.posonlyargs, *function.args.args,
                                  *function.args.kwonlyargs)} - {"self", "cls"}
    for node in ast.walk(function):
        if isinstance(node, (ast.Assert, ast.Raise)):
            return True
        if isinstance(node, ast.Name) and node.id in checking:
            return True
        if isinstance(node, ast.Attribute) and node.attr in checking:
            return True
        if not isinstance(node, ast.Call):
            continue
        name = pyast.callee_name(node.func)
        if name in ("exec", "eval") and _python_string_checks(node, checking, defined):
            return True
        if (_PY_CHECK_WORD.search(name) and name not in defined) or name in params or any(
                word.arg == "check" and not (isinstance(word.value, ast.Constant)
                                             and not word.value.value)
                for word in node.keywords):
            return True
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) and \
                node.func.value.id == "self" and name not in defined and \
                name not in _UNITTEST_PLAIN:
            return True
    return False


def _python_string_checks(call: ast.Call, checking: frozenset[str] | set[str],
                          defined: frozenset[str] | set[str]) -> bool:
    """Whether the code an `exec(...)` / `eval(...)` call runs from a string written in the
    test may check (`_python_checks`); a string that does not parse checks nothing."""
    if not call.args or not isinstance(call.args[0], ast.Constant) or \
            not isinstance(call.args[0].value, str):
        return False
    try:
        tree = ast.parse(call.args[0].value)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return _python_checks(tree, checking, defined)


def _python_checking_names(text: str) -> tuple[frozenset[str] | None, frozenset[str]]:
    """The names a Python test file gives things that may check (a function or method of its
    own that checks, `_python_checks`, through another of them too; a name it imports from a
    module of test helpers, `_HELPER_MODULE`), and the functions and methods it defines;
    (None, ...) when the file does not parse."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None, frozenset()
    functions: dict[str, list[ast.AST]] = {}
    checking: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, _FUNCTION):
            functions.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.ClassDef):
            # `unidecode = staticmethod(unidecode)`: the class gives `self.unidecode` itself,
            # no base class's helper; it checks where what it binds does
            for statement in node.body:
                for name, value in _bound(statement):
                    functions.setdefault(name, []).append(value)
        elif isinstance(node, ast.ImportFrom) and (node.level == 1 or _HELPER_MODULE.search(
                node.module or "")):
            checking |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            checking |= {alias.asname or alias.name.split(".")[0] for alias in node.names
                         if _HELPER_MODULE.search(alias.name)}
    defined = frozenset(functions)
    grown = True
    while grown:  # a helper that calls a helper that checks checks
        grown = False
        for name, nodes in functions.items():
            if name not in checking and any(_python_checks(n, checking, defined)
                                            for n in nodes):
                checking.add(name)
                grown = True
    return frozenset(checking), defined


def _bound(statement: ast.stmt) -> list[tuple[str, ast.expr]]:
    """The names a class body's assignment binds, each with the value bound."""
    if isinstance(statement, ast.Assign):
        return [(target.id, statement.value) for target in statement.targets
                if isinstance(target, ast.Name)]
    if isinstance(statement, ast.AnnAssign) and statement.value is not None and \
            isinstance(statement.target, ast.Name):
        return [(statement.target.id, statement.value)]
    return []


def _python_may_check(lines: list[str], outer: FileScope) -> bool:
    """Whether a Python test (`lines`, from its `def`) may check something
    (`_python_checks`, with its file's checking names); a test that does not parse may."""
    head = next((at for at, line in enumerate(lines) if _PY_DEF.match(line)), 0)
    try:
        tree = ast.parse(pyast.dedent("\n".join(lines[head:])))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return True
    function = tree.body[0] if tree.body else None
    return function is None or _python_checks(function, outer.checking or frozenset(),
                                              outer.defined)


_GO_T_PARAM = lazy_re(r"\b(\w+)\s+(?:\*testing\.T|testing\.TB)\b")
# A Go test's failure other than its *testing.T's: a panic (a `Must` function's too:
# `_go_must_panics`), `log.Fatal`, an exit.
_GO_OTHER_FAILURE = lazy_re(r"\bpanic\s*\(|\blog\.(?:Fatal|Panic)|\bos\.Exit\s*\(")
# A function the test defers (`defer func() {`), and what in it may fail the test.
_GO_DEFERRED = lazy_re(r"^(\s*)defer\s+func\s*\(\s*\)\s*\{")
_GO_RECOVER = lazy_re(r"\brecover\s*\(\s*\)")
_GO_DEFER_FAILS = lazy_re(r"\b\w+\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(|\bpanic\s*\(|"
                          r"\blog\.(?:Fatal|Panic)|\bos\.Exit\s*\(")
_GO_PANIC = lazy_re(r"\bpanic\s*\(|\blog\.Panic\w*\s*\(")


def _go_must_panics(text: str) -> bool:
    """Whether Go code `text` calls a `Must` function, which by Go's convention panics where
    the code fails (`_ = MustParse(s)`, `regexp.MustCompile(p)`); not one handed its
    *testing.T, a helper (`testenv.MustHaveGoBuild(t)`), nor a call in a string or comment:
    `then_literals.go_must_calls`."""
    return bool(then_literals.go_must_calls(text, _GO_T_PARAM.findall(text)))


def _go_swallows_panics(text: str) -> bool:
    """Whether a Go test (or helper) defers, at its top level, a function that calls
    `recover()` and, whatever it recovers, fails nothing: no `t.Error` / `Fatal` / `Fail`, no
    panic again, no exit, no *testing.T handed on (`defer func() { recover() }()`, `defer
    func() { if r := recover(); r != nil { t.Log("recovered:", r) } }()`): every panic of the
    test ends there, unseen. A deferred recover that fails when it finds no panic (`if
    recover() == nil { t.Error(...) }`) is a check that the code panics."""
    lines = text.split("\n")
    top = min((len(line) - len(line.lstrip()) for line in lines[1:] if line.strip() and
               line.strip() != "}"), default=0)
    names = set(_GO_T_PARAM.findall(text))
    for index, line in enumerate(lines):
        found = _GO_DEFERRED.match(line)
        if found is None or len(found.group(1)) != top:
            continue
        end = testcases.brace_block_end(lines, index, go=True)
        block = "\n".join(lines[index:end + 1])
        handed = any(re.search(rf"[(,]\s*{re.escape(name)}\s*[,)]", block) for name in names)
        if _GO_RECOVER.search(block) and not _GO_DEFER_FAILS.search(block) and not handed \
                and not then_literals.go_must_calls(block, names):
            return True
    return False
MAX_GO_HELPER_DEPTH = 3


# A Go condition that is always true, read as the never-true ones are
# (`then_literals.GO_DEAD_BLOCK`): `true`, `!false` (a false constant reads `false`), a
# literal compared with itself (`1 == 1`, `"a" == "a"`), two numbers in order (`2 > 1`), a
# length not below zero, or anything or-ed with `true` (no `&&` beside it).
_GO_NUMBER = r"-?\d+(?:\.\d+)?"
_GO_ALWAYS_TRUE = lazy_re(
    r"^if\s+\(?\s*(?:true|!\s*false|(?P<a>-?\d+(?:\.\d+)?|\"[^\"\\]*\")\s*(?:==|<=|>=)\s*(?P=a)|"
    rf"(?P<x>{_GO_NUMBER})\s*(?P<op>==|!=|<=?|>=?)\s*(?P<y>{_GO_NUMBER})|"
    r"len\([^(){};]*\)\s*>=\s*0|0\s*<=\s*len\([^(){};]*\)|"
    r"true\s*\|\|[^{};&]*|[^{};&]*\|\|\s*true)\s*\)?\s*\{(?P<rest>.*)$")
_GO_ORDER = {"==": float.__eq__, "!=": float.__ne__, "<": float.__lt__, "<=": float.__le__,
             ">": float.__gt__, ">=": float.__ge__}
_GO_STRINGS = lazy_re(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|`[^`]*`|//.*$')


def _go_always_true(text: str) -> re.Match[str] | None:
    """`text` (a statement) opens an `if` block whose condition is always true
    (`_GO_ALWAYS_TRUE`)."""
    found = _GO_ALWAYS_TRUE.match(text)
    if found is None or (found.group("op") and not _GO_ORDER[found.group("op")](
            float(found.group("x")), float(found.group("y")))):
        return None
    return found


def _go_return_taken(own: list[str], index: int, text: str) -> int | None:
    """The last line of the block a top-level statement `text` (own[index]) opens when it is an
    `if` always true (`_go_always_true`) that returns in its own block (`if true { return }`,
    or a `return` line directly inside it, not in a block or a function within it): the test
    always returns there. None otherwise."""
    found = _go_always_true(text)
    if found is None:
        return None
    rest = _GO_STRINGS.sub("", found.group("rest")).strip()
    if re.fullmatch(r"return\s*;?\s*\}.*", rest):  # `if true { return }` on one line
        return index
    if rest:
        return None
    pairs = testcases.brace_pairs(own, go=True)
    block = max((pair for pair in pairs if pair[0][0] == index), default=None)  # its `{`
    if block is None:
        return None
    opened, closed = block
    # Lines strictly inside a block nested in this one (an inner `if`, a closure, a subtest).
    nested = [(start[0], stop[0]) for start, stop in pairs if opened < start and stop < closed]
    for at in range(index + 1, closed[0]):
        if (re.fullmatch(r"return\s*;?", _GO_STRINGS.sub("", own[at]).strip())
                and not any(first < at < last for first, last in nested)):
            return closed[0]
    return None


def _go_until_return(own: list[str], statements: list[tuple[int, int, str]]) -> str:
    """A Go test's code up to a return always taken at its top level (what follows never
    runs), as written: its lines, not its statements (`if x := f(); cond {` is one line to
    read). A return always taken is a bare `return`, or one directly inside an `if` block
    whose condition is always true (`if true { return }`, `if 1 == 1 {`: `_go_return_taken`;
    that block is kept whole)."""
    top = min((indent for index, indent, _ in statements if index > 0), default=0)
    for index, indent, text in statements:
        if index != 0 and indent > top:
            continue
        if _BARE_RETURN.match(text):
            return "\n".join(own[:index + 1])
        end = _go_return_taken(own, index, text) if index > 0 else None
        if end is not None:
            return "\n".join(own[:end + 1])
    return "\n".join(own)


def go_functions(texts: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per directory (a Go package), the functions and methods its `_test.go` files define,
    by name, each with its signature and body: the helpers a test may hand its *testing.T."""
    out: dict[str, dict[str, str]] = {}
    for rel, text in texts.items():
        if not rel.endswith("_test.go"):
            continue
        found = out.setdefault(str(PurePosixPath(rel).parent), {})
        for name, head, rest in testcases.go_functions(text):
            found.setdefault(name, head + rest)
    return out



# What `go test` runs by its name: a test, benchmark, example or fuzz target.
_GO_RUN_BY_NAME = lazy_re(r"^(?:Test|Benchmark|Example|Fuzz)(?![a-z])")


def python_checking_helpers(texts: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Per Python test file of `texts`, the names it gives things that may check
    (`_python_checking_names`: a method of its own base class that calls `assertEqual`,
    nameparser's `self.m(hn.first, "Ben", hn)`): a test's call of one checks what it is
    handed, whatever it is named."""
    out: dict[str, frozenset[str]] = {}
    for file, text in texts.items():
        if file.endswith(".py"):
            checking, _ = _python_checking_names(text)
            if checking:
                out[file] = checking
    return out


# The calls that expect an error: `assertRaises(X, ...)`, `with self.assertRaises(X):`,
# `pytest.raises(X)`; and the calls ending a `try` that fails where nothing was raised.
_EXPECTING = frozenset({"assertRaises", "assertRaisesRegex", "assertRaisesRegexp", "raises"})
_FAILING = frozenset({"fail"})


def _error_names(node: ast.expr | None) -> set[str]:
    """The exceptions an `except` clause or an expecting call names, by their last name."""
    if isinstance(node, ast.Tuple):
        return {name for item in node.elts for name in _error_names(item)}
    name = pyast.callee_name(node) if node is not None else ""
    return {name} if name else set()


def _always_fails(statement: ast.stmt) -> bool:
    """Whether `statement` fails the test wherever it runs: `self.fail()`, `pytest.fail()`,
    `raise AssertionError`, and a check that cannot pass, `self.assertFalse(True)`,
    `self.assertTrue(False)`, `assert False` (diff-match-patch's `try` blocks end in
    `self.assertFalse(True)`)."""
    if isinstance(statement, ast.Raise):
        raised = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return "AssertionError" in _error_names(raised)
    if isinstance(statement, ast.Assert):
        return isinstance(statement.test, ast.Constant) and not statement.test.value
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return False
    call = statement.value
    name = pyast.callee_name(call.func)
    first = call.args[0] if call.args else None
    return name in _FAILING or (
        name in ("assertFalse", "assertTrue") and isinstance(first, ast.Constant)
        and first.value is (name == "assertFalse"))


def _expected_errors(function: ast.AST) -> frozenset[str]:
    """The exceptions a function's body expects: what an expecting call names, and what a
    `try` ending in a statement that always fails (`_always_fails`) catches."""
    found: set[str] = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and pyast.callee_name(node.func) in _EXPECTING \
                and node.args:
            found |= _error_names(node.args[0])
        elif isinstance(node, ast.Try) and node.body and _always_fails(node.body[-1]):
            for handler in node.handlers:
                found |= _error_names(handler.type)
    return frozenset(found - {"Exception", "BaseException"})


def own_expected_errors(test_source: str) -> frozenset[str]:
    """The exceptions a Python test's own body expects (`_expected_errors`): a `try` ending in
    `self.assertFalse(True)` whose `except ValueError` takes the error asserts `ValueError`, as
    `assertRaises(ValueError, ...)` does. Empty for text that is no Python function."""
    if "def " not in test_source:
        return frozenset()
    parts = pyast.test_parts(test_source)
    return _expected_errors(parts[1]) if parts is not None else frozenset()


def python_expected_errors(texts: Mapping[str, str]) -> dict[str, dict[str, frozenset[str]]]:
    """Per Python test file of `texts`, its helpers (functions and methods not named as tests)
    that expect an error, each with the exceptions it expects (`_expected_errors`): a test's
    call of one asserts that error (json5's `self.check_fail(text)`, whose `try` ends in
    `self.fail()` and whose `except ValueError` takes the error)."""
    out: dict[str, dict[str, frozenset[str]]] = {}
    for file, text in texts.items():
        if not file.endswith(".py"):
            continue
        try:
            tree = pyast.module(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        helpers = {node.name: errors for node in ast.walk(tree)
                   if isinstance(node, _FUNCTION) and not node.name.startswith("test")
                   and (errors := _expected_errors(node))}
        if helpers:
            out[file] = helpers
    return out


def go_noop_helpers(texts: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Per directory (a Go package), the helpers its `_test.go` files define that take a
    *testing.T (or testing.TB) and cannot report a failure through it (`_go_can_fail`: one that
    calls `t.Helper()` and only logs, `t.Logf("got %v", got)`): a test's call of one checks
    nothing, whatever it is named (`assertPeek(t, l, 1, 1)`). Not the tests themselves
    (`TestX`, which `go test` runs and no test calls)."""
    out: dict[str, frozenset[str]] = {}
    for package, helpers in go_functions(texts).items():
        found = frozenset(name for name, text in helpers.items()
                          if not _GO_RUN_BY_NAME.match(name)
                          and _GO_T_PARAM.search(text.split("{", 1)[0])
                          and not _go_can_fail(text, helpers))
        if found:
            out[package] = found
    return out


def go_checking_helpers(texts: Mapping[str, str]) -> dict[str, dict[str, str]]:
    """Per directory (a Go package), the helpers its `_test.go` files define that take a
    *testing.T (or testing.TB) and can report a failure through it (`_go_can_fail`), by name,
    each with its signature and body: a test's call of one checks what it hands it
    (xstrings' `runTestCases(t, ToCamelCase, _M{"http_server": "HttpServer"})`, defined in
    `util_test.go`). Not the tests themselves (`TestX`)."""
    out: dict[str, dict[str, str]] = {}
    for package, helpers in go_functions(texts).items():
        found = {name: text for name, text in helpers.items()
                 if not _GO_RUN_BY_NAME.match(name)
                 and _GO_T_PARAM.search(text.split("{", 1)[0])
                 and _go_can_fail(text, helpers)}
        if found:
            out[package] = found
    return out


def go_placeholder_subtests(cases: Iterable[TestCase], texts: Mapping[str, str]
                            ) -> dict[str, tuple[Placeholder, ...]]:
    """test_id -> the `t.Run("...")` subtests of a Go test that can fail elsewhere whose own
    function can report no failure (`_go_can_fail`: empty, `// TODO`, only logs or skips),
    each a placeholder named `TestX/name` at its `t.Run` line: golang-lru's
    `t.Run("downsize", func(t *testing.T) { // TODO })` beside an `upsize` subtest that
    checks. `go test` reports such a subtest passed; it checks nothing. `texts`: the test
    files, where the package's helpers are looked up (`go_functions`)."""
    helpers = go_functions(texts)
    out: dict[str, tuple[Placeholder, ...]] = {}
    for case in cases:
        if not case.file.endswith("_test.go"):
            continue
        own = helpers.get(str(PurePosixPath(case.file).parent), {})
        found = testcases.run_subtests(case)
        if len(found) < 2 or not _go_can_fail(case.body, own):
            continue
        empty = tuple(Placeholder(f"{case.test_id}/{name}", case.file, line, SUBTEST_REASON)
                      for name, text, line in found if not _go_can_fail(text, own))
        if empty:
            out[case.test_id] = empty
    return out


SUBTEST_REASON = ("a subtest whose function can report no failure (no t.Error, t.Fatal or "
                  "t.Fail call that can run)")

# A Go test's failure written, and a block the reading above found never runs.
_GO_FAILS = lazy_re(r"\b\w+\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(")
# What a Go test waits at: a channel receive (`<-ch`, `case <-timer.C:`, not a send `ch <- v`
# nor a `chan<-` type) or a `Wait()` (a WaitGroup's, a Cond's)
_GO_WAITS = lazy_re(r"(?<![\w)\]])(?<![\w)\]]\s)<-\s*[A-Za-z_][\w.]*(?:\(\))?|\b[\w.]+\.Wait\(\)")
_GO_SELECT_DEFAULT = lazy_re(r"^\s*default\s*:")


# A Go test that says returning is what it checks, in its name (`TestNoPanic`,
# `TestDoesNotBlock`, `TestNonBlocking`) or its comments ("won't block if not read from",
# "must not crash", "without hanging"): a panic fails it and a call that never returns hangs it
# until go test's timeout fails it, so it checks what it says (as a Python test saying it does
# not raise).
_GO_STUCK = r"(?:block|hang|deadlock|stall|panic|crash)"
_GO_RETURNS_NAME = lazy_re(rf"(?:no|not|never|without|non)_?{_GO_STUCK}", re.I)
_GO_RETURNS_SAID = lazy_re(rf"(?:(?:\bnot|n't|\bnever|\bwithout|\bno)\s+(?:\w+\s+)?|\bnon-?)"
                           rf"{_GO_STUCK}", re.I)


def _go_says_it_returns(name: str, lines: Sequence[str]) -> bool:
    """Whether a Go test's name or comments say that its code returning is what it checks
    (clock's `TestMock_Ticker_Overflow`: "Ensure that the mock's Ticker channel won't block
    if not read from")."""
    return bool(_GO_RETURNS_NAME.search(name.rsplit("/", 1)[-1]) or _GO_RETURNS_SAID.search(
        " ".join(_slash_comments(lines))))


# A Go call, qualified or not (`Get(`, `funk.Get(`, `t.Logf(`), and the names before a `(`
# that call no code of anyone's: keywords, the builtins, conversions to a basic type.
_GO_CALL = lazy_re(r"(?<![\w.])([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\(")
_GO_NO_CODE = frozenset({
    "func", "if", "for", "switch", "return", "go", "defer", "select", "case", "range",
    "len", "cap", "make", "new", "append", "copy", "delete", "min", "max", "clear",
    "string", "bool", "byte", "rune", "int", "int8", "int16", "int32", "int64", "uint", "uint8",
    "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128",
    "interface", "struct", "map", "chan"})
# A method called on a value a Go test builds or picks in place: after a parenthesis, an index
# or a composite literal (`(money{5, "EUR"}).Rounded()`, `items[0].Close()`, `New().Reset()`).
_GO_METHOD_OF_VALUE = lazy_re(r"[)\]}]\s*\.\s*[A-Za-z_]\w*\s*\(")


def _go_calls_nothing(own: Sequence[str]) -> bool:
    """Whether a Go test (`own`, its declaration first) calls no code at all: no call past
    its declaration but keywords, builtins and conversions (`_GO_NO_CODE`), its *testing.T's
    methods (`t.Logf`) and an asserter made from it (`assert.New(t)`); a method called on a
    value it builds in place is code (`_GO_METHOD_OF_VALUE`: aurora's bleaching test, its
    checks taken out, still calling `(value{"x", RedFg, BlueBg}).Bleach()`, had read "it
    calls no code")."""
    if not own:
        return False
    first = own[0].split("{", 1)[1] if "{" in own[0] else ""
    text = _go_uncommented("\n".join([first, *own[1:]]))
    testing = set(_GO_T_PARAM.findall("\n".join(own)))
    if _GO_METHOD_OF_VALUE.search(text):
        return False
    for call in _GO_CALL.finditer(text):
        name = call.group(1)
        if name in _GO_NO_CODE or name.split(".")[0] in testing:
            continue
        if any(re.match(_GO_ASSERTER.format(t=re.escape(t)), text[call.start():])
               for t in testing):
            continue
        return False
    return True


def _go_returns_only(own: Sequence[str]) -> str:
    """What a Go test that reports no failure still checks: nothing where it calls no code
    (`_go_calls_nothing`: go-funk's `TestGetMap`, its checks and with them its calls of `Get`
    taken out, had been said to check "that its code returns without panicking"); else that
    its code returns without
    panicking (a panic fails it, and a call that never returns hangs it until `go test`'s
    timeout fails it), no value; where it waits for something its code must deliver (`<-ch`,
    `wg.Wait()`, not in a `select` with a `default`, nor in a goroutine it starts, which it
    need not wait for), that this comes, named (clock's `TestClock_Timer_Reset_Unlock`,
    waiting for its timer to fire after a `Reset`, had read "it checks nothing but that its
    code does not panic")."""
    if _go_calls_nothing(own):
        return "it calls no code: it checks nothing"
    nonblocking = any(_GO_SELECT_DEFAULT.match(line) for line in own)
    wait, depth, started = None, 0, None  # brace depth, and the depth a goroutine opened at
    for line in own:
        code = line.split("//", 1)[0]
        if started is None and re.match(r"\s*go\s+func\b", code):
            started = depth
        if started is None and not (nonblocking and code.lstrip().startswith("case ")):
            found = _GO_WAITS.search(re.sub(r"^\s*case\s+", "", code))
            if found:
                wait = found.group(0)
                break
        depth += code.count("{") - code.count("}")
        if started is not None and depth <= started:
            started = None
    said = (f", and that what it waits for comes ({wait}: a deadlock hangs it until go test's "
            "timeout)") if wait else ""
    return f"it checks no value, only that its code returns without panicking{said}"
_GO_NEVER_OPENS = lazy_re(r"^\s*if\s+false\s*\{|" + then_literals.GO_DEAD_BLOCK.pattern)
# an `if` comparing two sides (after a statement of its own): one value with itself when
# they are the same text
_GO_SAME_SIDES = lazy_re(r"^if\s+(?:[^;]*;\s*)?(.+?)\s*[!=]=\s*(.+)$")


# A line whose comment holds a Go check: a failing call of t, or a call handed t.
_GO_COMMENTED_CHECK = lazy_re(r"^\s*(?://|/\*)\s*(?:\w+\.(?:Error|Errorf|Fatal|Fatalf|Fail)\s*\(|"
                              r"[\w.]+\(\s*t\s*[,)])")


def _go_uncommented(text: str) -> str:
    """Go `text` as long as it is, its `//` and `/* */` comments blanked, its strings kept
    (`"http://x"` is no comment)."""
    masked = table_rows.masked_js(text)
    return "".join(" " if bare == " " and ch not in " \t\n" else ch
                   for ch, bare in zip(text, masked, strict=True))


# A Go composite literal with no element (`_M{}`, `[]string{}`, `map[string]int{}`) or nil.
_GO_EMPTY_LITERAL = lazy_re(r"(?:nil|(?:\[\]|map\[[^\]]*\])?[\w.*]+\s*\{\s*\})")
_GO_HELPER_CALL = lazy_re(r"(?<![\w.])(\w+)\s*\(")


def _go_hands_t(own: list[str]) -> int | None:
    """The first line of a Go test's `own` lines (its declaration first) that calls a function
    of its package handing it the test's *testing.T (`toKebab(t)`, `check(t, got)`), or None."""
    param = _GO_T_PARAM.search(own[0]) if own else None
    if param is None:
        return None
    handed = re.compile(rf"(?<![\w.])\w+\s*\(\s*{re.escape(param.group(1))}\s*[,)]")
    for at, line in enumerate(own):
        code = line.split("{", 1)[1] if at == 0 and "{" in line else "" if at == 0 else line
        if handed.search(code):
            return at
    return None


def _go_call_handing(line: str) -> str:
    """The statement of `line` that hands a test's t on, past a one-line test's declaration."""
    return line.split("{", 1)[1].rsplit("}", 1)[0].strip() if line.lstrip().startswith("func ") \
        else line.strip()
_GO_RANGE = lazy_re(r"^[ \t]*for\b[^{\n]*\brange[ \t]+(\w+)[ \t]*\{", re.M)
_GO_FAIL_CALL = lazy_re(r"\b\w+\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(")


# A Go table a function declares empty: `cases := [][]string{}`, `var cases []tc`.
_GO_LOCAL_EMPTY = lazy_re(r"^[ \t]*(?:(\w+)[ \t]*:=[ \t]*(?:\[\][^{\n]*|map\[[^\]\n]+\][^{\n]*)"
                          r"\{[ \t]*\}|var[ \t]+(\w+)[ \t]+\[\][^=\n]*)[ \t]*$", re.M)


def _go_local_empties(helper: str) -> set[str]:
    """The tables `helper` declares empty (`_GO_LOCAL_EMPTY`) and never fills (no `x =`,
    `x = append(...)`, `x[i] =` after the declaration)."""
    out = set()
    for found in _GO_LOCAL_EMPTY.finditer(helper):
        own = re.escape(found.group(1) or found.group(2))
        if not re.search(rf"(?<![\w.]){own}\s*(?:\[[^\]]*\]\s*)?=(?!=)", helper[found.end():]):
            out.add(found.group(1) or found.group(2))
    return out


def _go_hands_no_rows(text: str, name: str, at: int, helper: str) -> bool:
    """Whether the call of the package helper `name` at `at` in `text` hands it no row to
    check: every failure the helper can report lies in a loop over one of its parameters
    (`for k, v := range cases {`) and the call hands that parameter an empty literal (`_M{}`,
    `nil`): xstrings' `runTestCases(t, SwapCase, _M{})` checks nothing; or over a table the
    helper declares empty itself (`cases := [][]string{}` in strcase's `toScreamingSnake(tb)`,
    every row gone)."""
    parameters = [each for each, _ in then_literals.go_parameters(helper, name)]
    opening = text.find("(", at)
    arguments = then_literals.go_arguments(text, opening)
    fails = [found.start() for found in _GO_FAIL_CALL.finditer(helper)]
    if not fails:
        return False
    loops = [(found.group(1), found.end() - 1,
              then_literals.closing(helper, found.end() - 1))
             for found in _GO_RANGE.finditer(helper)]
    emptied = _go_local_empties(helper) | (
        {parameter for parameter, argument in zip(parameters, arguments, strict=True)
         if _GO_EMPTY_LITERAL.fullmatch(argument)}
        if len(arguments) == len(parameters) else set())
    return all(any(over in emptied and start < fail < end for over, start, end in loops)
               for fail in fails)


# An asserter a Go test makes from its *testing.T, bound to a name or not: the assertion
# libraries' constructor (`is := assert.New(t)`, `r := require.New(t)`, `c := qt.New(t)`).
_GO_ASSERTER = r"(?:\b(\w+)[ \t]*:?=[ \t]*)?(?<![\w.])\w+\.New[ \t]*\([ \t]*{t}[ \t]*\)"


def _go_idle_asserters(text: str, t: str) -> list[tuple[int, int]]:
    """Where Go code `text` makes an asserter from its *testing.T `t` that it never uses: a
    `pkg.New(t)` whose value is bound to no name, to `_`, or to one that no method is called
    on (`is.Equal(...)`) and that is handed to no call nor returned (`_ = is` is no use).
    Making one reports no failure: go-funk's `TestGetMap`, its `is.Equal` checks taken out
    and `_ = is` left, had read as a test handing t to an assertion library."""
    idle = []
    for found in re.finditer(_GO_ASSERTER.format(t=re.escape(t)), text):
        bound = found.group(1)
        if bound and bound != "_":
            name = re.escape(bound)
            rest = text[:found.start()] + text[found.end():]
            if re.search(rf"(?<![\w.]){name}[ \t]*\.[ \t]*\w|[(,][ \t]*{name}[ \t]*[,)]"
                         rf"|\breturn\b[^\n]*(?<![\w.]){name}\b", rest):
                continue
        idle.append((found.start(), found.end()))
    return idle


def _go_can_fail(text: str, helpers: Mapping[str, str], depth: int = 0) -> bool:
    """Whether a Go test (a function taking *testing.T) can report a failure: it calls a
    failing method of one of its *testing.T values (`t.Errorf`, `t.Fatal`, `t.Fail`), hands
    one to a function (`assert.Equal(t, ...)`; an asserter it makes, `is := assert.New(t)`,
    only when it uses it: `_go_idle_asserters`; a helper its package's tests define,
    `helpers`, only when that helper can fail in turn: one that only logs checks nothing) or
    to `t.Run` with a function value, or panics (calls a `Must` function too:
    `_go_must_panics`) / exits, outside a block that never runs (`if false { ... }`); a panic
    a deferred `recover()` drops fails nothing; nor does a check in a comment
    (`// require.Equal(t, want, got)`, `/* t.Errorf(...) */`). A function taking no
    *testing.T is not judged here."""
    text = then_literals.go_without_dead_blocks(_go_uncommented(text))
    names = set(_GO_T_PARAM.findall(text))
    if not names:
        return True
    for name in names:  # an asserter it never uses hands t to nothing that checks
        for start, end in _go_idle_asserters(text, name):
            text = text[:start] + " " * (end - start) + text[end:]
    swallowed = _go_swallows_panics(text)
    if _GO_OTHER_FAILURE.search(_GO_PANIC.sub("", text) if swallowed else text) or (
            not swallowed and _go_must_panics(text)):
        return True
    for name in names:
        own = re.escape(name)
        if re.search(rf"\b{own}\.(?:Error|Errorf|Fatal|Fatalf|Fail|FailNow)\s*\(", text):
            return True
        calls = list(re.finditer(rf"(\w+)\s*\((?:[^()]*[(,])?\s*{own}\s*[,)]", text))
        if not calls and re.search(rf"[(,]\s*{own}\s*[,)]", text):
            return True  # handed on in a call not read here: it may fail
        for call in calls:
            helper = helpers.get(call.group(1))
            if helper is None or depth >= MAX_GO_HELPER_DEPTH or (
                    _go_can_fail(helper, helpers, depth + 1)
                    and not _go_hands_no_rows(text, call.group(1), call.start(1), helper)):
                return True
        # t.Run(name, fn) with a function value: the checks live in that function
        if re.search(rf"\b{own}\.Run\s*\([^,]+,\s*(?!func\b)[\w.\[\]]+\s*\)", text):
            return True
    return False



# --- bats: which statements check the test's `run`, and which checks are neutralised ---------

# `load test_helper`: bats reads `test_helper.bash` beside the test file (or the name as given).
_BATS_LOAD = lazy_re(r"^[ \t]*load[ \t]+(['\"]?)([^'\"\s;]+)\1[ \t]*$", re.M)
# A function definition opening a line: `name() {`, `function name {`, what follows the `{`.
_SHELL_DEF = lazy_re(rf"^{testcases.SHELL_FUNCTION_HEAD}\s*(?:\{{(.*))?$")
# Commands that never fail a test, and words that only steer the flow.
_SHELL_NOOP = frozenset({":", "true", "echo", "printf", "local", "declare", "typeset", "export",
                         "readonly", "shift", "unset", "set", "trap", "load", "source", ".",
                         "return", "skip", "wait", "sleep", "cd", "pushd", "popd"})
_SHELL_FLOW = frozenset({"then", "else", "do", "done", "fi", "esac", ";;", "{", "}", "in"})
_SHELL_CONDITION = lazy_re(r"^(?:if|elif|while|until|for|case|select)\b")
_SHELL_ASSIGN = lazy_re(r"^[A-Za-z_]\w*(?:\[[^\]]*\])?\+?=")
# A check by name: bats-assert's and most projects' helpers, `flunk`, `fail`.
_BATS_CHECK_NAME = lazy_re(r"^(?:assert\w*|refute\w*|flunk|fail)$")
_BATS_TEST_BRACKET = lazy_re(r"^(?:\[\[?|test)$")
# A check whose failure is dropped: `|| :`, `|| true`, `|| echo ...`, `|| return 0`.
_DROPPED = lazy_re(r"\|\|\s*(?::|true|echo\b[^|&]*|return(?:\s+0)?)\s*$")
_BACKGROUND = lazy_re(r"(?<![&>|])&\s*$")
# What `run` leaves for checks to read, and the checks that read each.
_RUN_RESULT = lazy_re(r"\$\{?(status|output|lines|stderr)\b")
_READS = {"assert_success": {"status"}, "assert_failure": {"status"}, "assert_output": {"output"},
          "refute_output": {"output"}, "assert_line": {"lines"}, "refute_line": {"lines"},
          "assert_partial_output": {"output"}, "assert_regex": set()}
# A `run` of a command that only hands back what the test wrote: `run echo 1.9.3`.
_RUN_LITERAL = lazy_re(r"^run(?:\s+--[\w-]+)*\s+(?:echo|printf|true|false|:)(?:\s|$)")
_RESULT_SET = lazy_re(r"^(?:(?:local|export|declare)\s+)?(status|output|lines|stderr)=")


@dataclass(frozen=True)
class ShellFunction:
    """A shell function a bats test can call: its body's statements and where it is defined."""
    body: tuple[str, ...]
    where: str


def bats_loaded(file: str, text: str) -> list[str]:
    """The helper files a bats test file loads (`load test_helper`: `test/test_helper.bash`,
    or the name as given), project-relative, in the order bats tries them."""
    base = posixpath.dirname(file)
    out = []
    for found in _BATS_LOAD.finditer(text):
        name = posixpath.normpath(posixpath.join(base, found.group(2)))
        out += [f"{name}.bash", name]
    return out


def _shell_words(text: str) -> list[str]:
    """A statement's words, quoted strings kept whole (`echo 'assert_success x'` is two)."""
    return re.findall(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"|[^\s'\"]+", text)


def shell_function_defs(text: str, where: str, top: bool = True) -> dict[str, ShellFunction]:
    """The functions a shell text defines at its top level (`top`: a line starting in column
    0; a bats file's tests are no functions), by name: one-line `f() { return 0; }` and
    multi-line, up to the `}` that closes them."""
    out: dict[str, ShellFunction] = {}
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        found = _SHELL_DEF.match(line.strip()) if not top or line[:1] not in (" ", "\t") \
            else None
        index += 1
        if found is None or line.lstrip().startswith("@test"):
            continue
        name, rest = found.group(1) or found.group(2), (found.group(3) or "").strip()
        if rest.endswith("}") and rest.count("{") < rest.count("}"):  # one line
            out[name] = ShellFunction(tuple(p.strip() for p in _semicolon_parts(rest[:-1])), where)
            continue
        body: list[str] = [rest] if rest else []
        indent = len(line) - len(line.lstrip())
        while index < len(lines):
            inner = lines[index]
            index += 1
            if inner.strip() in ("}", "};") and len(inner) - len(inner.lstrip()) <= indent:
                break
            body += [p.strip() for p in _semicolon_parts(_strip_line_comment(inner, "bats"))]
        out[name] = ShellFunction(tuple(p for p in body if p), where)
    return out


def bats_functions(file: str, texts: Mapping[str, str]) -> dict[str, ShellFunction]:
    """The functions a bats test file's tests can call: those of the helpers it loads
    (`bats_loaded`, those of `texts`), then its own, which come after its `load` lines."""
    text = texts.get(file, "")
    out: dict[str, ShellFunction] = {}
    for helper in bats_loaded(file, text):
        if helper in texts:
            out.update(shell_function_defs(texts[helper], helper))
    out.update(shell_function_defs(text, file))
    return out


def _command(text: str) -> tuple[str, list[str]]:
    """A statement's command word and its words, flow words (`then`, `{`) and redirections
    aside."""
    words = [w for w in _shell_words(text) if not re.match(r"^\d*[<>]", w)]
    while words and words[0] in _SHELL_FLOW:
        words = words[1:]
    return (words[0] if words else ""), words


def _pipeline_parts(text: str) -> list[str]:
    """The commands of an and/or list and its pipelines, as the statement's status goes: the
    last of each `||` / `&&` list, every command of a pipeline."""
    code = _QUOTED.sub(lambda m: "x" * len(m.group(0)), text)
    last = max(code.rfind("||"), code.rfind("&&"))
    tail = text[last + 2:] if last >= 0 else text
    code = code[last + 2:] if last >= 0 else code
    cuts = [at for at, ch in enumerate(code) if ch == "|"]
    return [tail[a + 1:b].strip() for a, b in zip([-1, *cuts], [*cuts, len(tail)], strict=True)]


def _disabled(name: str, functions: Mapping[str, ShellFunction],
              seen: frozenset[str] = frozenset()) -> str | None:
    """The helper that makes `name` a function that can never fail (its body only `:`,
    `return 0`, `echo`, conditions, or calls of such helpers): `name` itself or the one it
    fails through (`flunk` for rbenv's `assert_success`); None when it can fail."""
    function = functions.get(name)
    if function is None or name in seen or len(seen) > 6:
        return None
    through = None
    for statement in function.body:
        head, words = _command(statement)
        if _SHELL_CONDITION.match(head) or not head:
            continue  # a condition steers: it fails nothing
        for part in _pipeline_parts(" ".join(words)):
            command, args = _command(part)
            if not command or command in _SHELL_FLOW or _SHELL_ASSIGN.match(command):
                continue
            if command in {"return", "exit"}:
                if args[1:] and args[1] not in ("0", "true"):
                    return None
                continue
            if command in _SHELL_NOOP:
                continue
            inner = _disabled(command, functions, seen | {name})
            if inner is None:
                return None
            through = through or inner
    return through or name


@dataclass(frozen=True)
class _Check:
    index: int  # its statement's line in the body
    reason: str | None  # why it cannot fail the test, None for a live check


def _bats_tautology(words: list[str], text: str) -> bool:
    """A `[ ]` / `[[ ]]` / `test` that holds whatever the run gave: `_CANNOT_FAIL`'s, a glob
    anything matches (`[[ $output == * ]]`), a comparison or-ed with its negation, an `-o`
    with a constant truth (`-o 1 -eq 1`)."""
    if _trivial(text, "bats"):
        return True
    inner = " ".join(w for w in words if w not in ("[", "]", "[[", "]]", "test"))
    if re.search(r"(?:==?|!=)\s+\*\s*$", inner) and words[0] == "[[" and "!=" not in inner:
        return True
    either = re.fullmatch(r"(.+?)\s*(==?|!=)\s*(.+?)\s*\|\|\s*(.+?)\s*(==?|!=)\s*(.+?)", inner)
    if either and either.group(1) == either.group(4) and either.group(3) == either.group(6) \
            and (either.group(2) == "!=") != (either.group(5) == "!="):
        return True
    for alternative in re.split(r"\s+-o\s+|\s*\|\|\s*", inner)[1:] if re.search(
            r"\s-o\s|\|\|", inner) else ():
        same = re.fullmatch(r"(\S+)\s+(?:-eq|-le|-ge|==?)\s+(\S+)", alternative.strip())
        if same and same.group(1) == same.group(2) and "$" not in same.group(1):
            return True
    return False


def _bats_check(text: str, index: int, last: bool, functions: Mapping[str, ShellFunction],
                overwritten: set[str], set_at: str = "") -> _Check | None:
    """Is statement `text` a check that can fail the test (None: no check at all)? A check
    neutralised carries why (module rules)."""
    shown = _shown(text)
    body = text
    if _BACKGROUND.search(body):
        return _Check(index, f"its check runs in the background, its status unread ({shown})")
    if _DROPPED.search(body):
        return _Check(index, f"its check's failure is dropped ({shown})")
    negated = body.startswith("!") and not body.startswith("!=")
    if negated:
        body = body[1:].strip()
    body = re.sub(r"^\(\s*(.*?)\s*\)$|^\{\s*(.*?)\s*;?\s*\}$", lambda m: m.group(1) or m.group(2)
                  or "", body)
    command, words = _command(body)
    if command == "run":
        if _BATS_UNCHECKED.match(body):
            return None
        live: _Check = _Check(index, None)
    elif command in (":", "echo", "printf") and any(
            _BATS_CHECK_NAME.match(w.strip("'\"").split()[0] if w.strip("'\"") else "")
            for w in words[1:]):
        return _Check(index, f"its check is only text, no command ({shown})")
    elif command in _SHELL_NOOP or command in _SHELL_FLOW or not command \
            or _SHELL_ASSIGN.match(command) or _SHELL_CONDITION.match(command):
        return None
    elif command == "assert" and words[1:2] in (["true"], [":"]):
        return _Check(index, f"its check cannot fail ({shown})")
    elif _BATS_TEST_BRACKET.match(command) or (command == "assert" and len(words) > 1
                                               and _BATS_TEST_BRACKET.match(words[1])):
        tested = words[1:] if command == "assert" else words
        if _bats_tautology(tested, " ".join(tested)):
            return _Check(index, f"its check cannot fail ({shown})")
        live = _Check(index, None)
    elif command in functions:
        cause = _disabled(command, functions)
        if cause is not None:
            where = functions[cause].where
            return _Check(index, f"`{command}` is redefined to do nothing ({where}) ({shown})"
                          if cause == command else f"`{command}` fails only through `{cause}`, "
                          f"redefined to do nothing ({where}) ({shown})")
        live = _Check(index, None)
    else:
        live = _Check(index, None)
    if negated and not last:
        return _Check(index, "bats ignores the status of a `!` command that is not the test's "
                             f"last ({shown})")
    if _trivial(body, "bats"):
        return _Check(index, f"its check cannot fail ({shown})")
    read = set(_RUN_RESULT.findall(body)) | (_READS.get(command, set()) | (
        {"output"} if command in ("assert_success", "assert_failure") and len(words) > 1
        else set()))
    if overwritten and read and read <= overwritten:
        return _Check(index, "its check reads the status and output the test set itself "
                             f"({_shown(set_at, 30)}), not its command's ({shown})")
    return live


def _bats_uncalled(statements: list[tuple[int, int, str]]
                   ) -> tuple[list[tuple[int, int, str]], dict[str, tuple[int, tuple[str, ...]]]]:
    """A test's statements less the functions it defines, and those functions by name (the
    line of their definition, their body)."""
    out: list[tuple[int, int, str]] = []
    defined: dict[str, tuple[int, tuple[str, ...]]] = {}
    name: str | None = None
    depth, at = 0, 0
    body: list[str] = []
    for index, indent, text in statements:
        if name is not None:
            if text in ("}", "};"):
                depth -= 1
                if depth == 0:
                    defined[name] = (at, tuple(body))
                    name = None
                    continue
            depth += text.endswith("{") - (text.startswith("}") and text not in ("}", "};"))
            body.append(text)
            continue
        found = _SHELL_DEF.match(text)
        if found is not None and found.group(3) is not None:
            name, depth, at = found.group(1) or found.group(2), 1, index
            rest = found.group(3).strip()
            body = [rest] if rest else []
            continue
        out.append((index, indent, text))
    return out, defined


_COMMENTED_CHECK = lazy_re(r"^\s*#\s*(?:assert\w*|refute\w*|flunk|\[\[?\s)")


def _bats_unchecked(statements: list[tuple[int, int, str]], written: list[str],
                    functions: Mapping[str, ShellFunction]) -> tuple[int, str] | None:
    """Where and why a bats test never fails, or None: no statement after its first unchecked
    `run` (the whole body without one) is a check that can fail it (module rules)."""
    ran_all = _runs(statements)
    ran, own = _bats_uncalled(ran_all)
    functions = {**functions, **{name: ShellFunction(body, "in the test")
                                 for name, (at, body) in own.items()}}
    first_run = next((i for i, (_, _, text) in enumerate(ran) if _BATS_UNCHECKED.match(text)),
                     None)
    segment = ran[first_run or 0:]
    last_index = len(segment) - 1
    set_e_off, overwritten, set_at = False, set[str](), ""
    reasons: list[_Check] = []
    for position, (index, _, text) in enumerate(segment):
        if re.fullmatch(r"set\s+\+e", text):
            set_e_off = True
        elif re.fullmatch(r"set\s+-e", text):
            set_e_off = False
        if _BATS_UNCHECKED.match(text):
            # `run echo 1.9.3`: the status and output are what the test wrote itself
            literal = _RUN_LITERAL.match(text)
            overwritten, set_at = ({"status", "output", "lines"}, text) if literal else (
                set[str](), "")
        elif (set_by := _RESULT_SET.match(text)) is not None:
            overwritten.add(set_by.group(1))
            set_at = set_at or text
        check = _bats_check(text, index, position == last_index, functions, overwritten,
                            set_at)
        if check is None:
            continue
        if check.reason is None and set_e_off and position != last_index:
            check = _Check(index, "after `set +e` only the test's last command can fail it "
                                  f"({_shown(text)})")
        if check.reason is None:
            return None
        reasons.append(check)
    if reasons:
        return reasons[0].index, f"never fails: {reasons[0].reason}"
    kept = set(ran_all)
    dead = [(index, text) for index, indent, text in statements
            if (index, indent, text) not in kept and _command(text)[0] not in ("", "fi")]
    named = next(((index, text) for index, text in dead
                  if _BATS_CHECK_NAME.match(_command(text)[0]) or text.startswith("[")), None)
    if named is not None:
        return named[0], f"never fails: its check never runs ({_shown(named[1])})"
    for name, (at, body) in own.items():
        if any(_bats_check(b, at, False, functions, set()) for b in body):
            return at, f"never fails: its check sits in `{name}`, which it never calls"
    after = (ran[first_run][0] if first_run is not None else 0)
    commented = next((at for at in range(after + 1, len(written))
                      if _COMMENTED_CHECK.match(written[at])), None)
    if commented is not None:
        return commented, ("never fails: its check is commented out "
                           f"({_shown(written[commented].strip())})")
    return after, ("never fails: `run` keeps the command's status and output for checks this "
                   "test never makes")


UNRUN_EXAMPLE = ("an Example with no `// Output:` comment, which `go test` compiles and never "
                 "runs")


def go_unrun_examples(texts: Mapping[str, str]) -> list[Placeholder]:
    """The Go `Example` functions of the test files `texts` (by path) that `go test` never runs
    (`testcases.go_unrun_examples`): a story's example whose output comment was removed checks
    nothing, where the test it was has left the story's tests without a word (goutils'
    `ExampleInitials`)."""
    return [Placeholder(case.test_id, case.file, case.line, UNRUN_EXAMPLE)
            for path, text in sorted(texts.items()) if path.endswith("_test.go")
            for case in testcases.go_unrun_examples(path, text)]


def placeholders(cases: Iterable[TestCase], texts: Mapping[str, str] | None = None,
                 environ: Mapping[str, str] = os.environ,
                 short: bool | None = None, platform: str | None = sys.platform,
                 own_eq: bool = False, code: Mapping[str, str] | None = None
                 ) -> list[Placeholder]:
    """Every placeholder among `cases`, in their order; `texts`: their test files' texts, by
    path, where a Go test's helpers are looked up (`go_functions`), and a bats file's helpers
    (the files it loads, `bats_loaded`, when `texts` holds them); `environ`: the environment
    their run has (this process's: the review's run inherits it); `short`: whether the run of
    Go tests passes `-short` (`run_environ.go_short`; None: not known); `platform`: the
    `sys.platform` of their run (this process's: the review runs them here); `own_eq`:
    whether the code under test defines `__eq__` (Python), which a value asked to equal
    itself runs (`FileScope.own_eq`). A JS/TS test file's `expect` and check helpers
    imported from its project are read in the modules of `texts` too (`check_modules`);
    `code`: the story's own sources, by path, whose names a JS/TS test imports are that code,
    not checks (`FileScope.js_code`), and whose Python properties a test's member given a
    literal may be (`FileScope.properties`)."""
    texts = texts or {}
    helpers = go_functions(texts)
    scopes = {path: replace(file_scope(path, text, environ), shell=bats_functions(path, texts))
              if path.endswith(".bats") else file_scope(path, text, environ, short, platform)
              for path, text in texts.items()}
    if own_eq:
        scopes = {path: replace(scope, own_eq=True) if language_of(path) == "python" else scope
                  for path, scope in scopes.items()}
    if properties := python_properties(code or {}):
        scopes = {path: replace(scope, properties=properties)
                  if language_of(path) == "python" else scope
                  for path, scope in scopes.items()}
    for path, text in texts.items():  # an `expect` it imports from its project, not a package
        if language_of(path) != "js":
            continue
        if imported_expect_origin(path, text, texts) is False:
            scopes[path] = replace(scopes[path], own_expect=True)
        if noop := imported_noop_checks(path, text, texts):  # its project's no-op helpers
            scopes[path] = replace(scopes[path], noop=scopes[path].noop | noop)
        if dropping := imported_swallowing_helpers(path, text, texts):  # ... and swallowing
            scopes[path] = replace(scopes[path], swallowing=scopes[path].swallowing | dropping)
        own = frozenset(local for statement in js_imports.imports(text)
                        if any(rel in (code or {}) for rel in
                               js_imports.module_candidates(path, statement.spec))
                        for imported, local in statement.named if imported != "*")
        if own:  # the story's code, whatever its names say
            scopes[path] = replace(scopes[path], js_code=own)
    return [found for case in cases
            for found in (classify(case, helpers.get(str(PurePosixPath(case.file).parent)),
                                   scopes.get(case.file, NO_SCOPE)),)
            if found is not None]


# A Python property: a method under `@property` (or `@<name>.setter`, `@cached_property`) or a
# class attribute given `property(...)`.
_PY_PROPERTY_DEF = re.compile(
    r"^[ \t]*@(?:\w+\.)*(?:property|cached_property|\w+\.(?:setter|getter))[ \t]*\n"
    r"(?:[ \t]*@.*\n)*[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)", re.MULTILINE)
_PY_PROPERTY_CALL = re.compile(r"^[ \t]+(\w+)[ \t]*=[ \t]*(?:builtins\.)?property\(",
                               re.MULTILINE)


def python_properties(code: Mapping[str, str]) -> frozenset[str]:
    """The names the Python sources of `code` (by path) define as properties."""
    return frozenset(name for path, text in code.items() if path.endswith(".py")
                     for pattern in (_PY_PROPERTY_DEF, _PY_PROPERTY_CALL)
                     for name in pattern.findall(text))


def _files_under(directory: str) -> list[str]:
    """The test files under `directory` as upstream's walk finds them (`TEST_PATH`), each
    path as shown from `directory` as given (`./a.test.js` for `.`), sorted."""
    found = []
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        found += [path for f in sorted(files)
                  if TEST_PATH.fullmatch(path := os.path.join(root, f))]
    return found


def scan_path(path: str) -> list[tuple[str, LineHit]]:
    """(file as shown, hit) for a file or every test file under a directory, the path as
    given. Unreadable or non-UTF-8 files raise OSError / UnicodeDecodeError for the caller."""
    files = _files_under(path) if os.path.isdir(path) else [path]
    hits = []
    for file in files:
        text = Path(file).read_bytes().decode("utf-8")
        hits += [(file, hit) for hit in scan_lines(text)]
    return hits
