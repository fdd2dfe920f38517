"""Split test files into individual test cases, per language, and read what each one says.

Pure text processing, no imports of the code under test: the coverage analyzer matches ACs
against these records. Unknown extensions yield no cases. `split_tests` finds the cases (name,
line, body); `read` adds what each says; `inherited` names the ids a Python test defined in a
base class runs under. Braces are read outside strings and comments (`brace_pairs`,
`brace_block_end`, `code_lines` for the code alone): a backslash escapes the character after it
in a string, but not in a Go raw (backquoted) string, `C:\\` (a JS template's escapes);
`js_each_calls` finds where a JS/TS table test's own call opens. A file holds tests
(`holds_tests`) where it declares a case, or, JS/TS, a test call whose title opens on the line
below it (`it(\n\t"should ...",`), which jest runs though no case is read of it. A JS/TS
function body's `{` follows `=>`, its parameters' `)`, or a TypeScript return type after them,
on one line or over up to MAX_RETURN_TYPE_LINES (`function rows(): Array<[\n  number,\n]> {`).
A case carries:
- `name`: its own name or description, with enclosing class / describe names (`A::test_b`,
  `describe text > it text`); a JS/TS table test by its name template, its table over as many
  lines as it takes (`test.each([...])("add(%i, %i)", ...)`, it.each`...`("returns $x", ...),
  vitest's `it.for([...])(...)`); vitest's `it.runIf(c)(...)`, `it.skipIf(c)(...)` and
  `it.fails(...)` are tests like `it(...)`, and so are jest's and mocha's switched-off
  `xit(...)` / `xtest(...)` (a placeholder: `evidence.placeholders`);
  a table test over two or more array rows written in place whose name fills in the rows'
  cells by place (`test.each([['empty array', [], []], ...])('%s', ...)`) is the tests its
  runner makes of it, one a row, each named as jest and vitest name it (`%s` a string's text
  or a number, `%d` / `%i` an integer, `%#` the row's index) and holding its own row alone
  (`_with_js_rows`); one whose titles are not certain (an array or object under `%s`, `%p`,
  `%j`, `%o`, `%%`), of object rows, or of one row stays one test, named by its template;
  a JS/TS test named at run time (`test(t.input + " with " + t.query, ...)` in a loop over a
  table) by that expression, up to MAX_EXPRESSION characters; a call of a name the file binds
  to `it` or `test` (`let testFunc = test;`, then `testFunc = test.skip` or `test.only` on some
  condition, `const t = only ? test.only : test`) is a call of it (`_aliases_read`: superjson's
  33 tests of its table loop went unread);
- `spoken`: for a JS/TS test whose own name is made at run time, its name as a reader of the
  source reads it: a template literal's text without its `${...}` code (`joinURL(${a}) ===
  ${b}`: `joinURL( ) === `), an expression's string literals (`t.input + " with " + t.query`:
  ` with `), a `.each` name template's text without what each row fills in (`joinURL($input)
  === $out`: `joinURL( ) === `; `%s`, `%d` ...), after its groups; "" where the name is
  written out (then it is `name`);
  `line`: the 1-based line of its declaration;
- `body`: a module-level table a `@pytest.mark.parametrize` names (`TEST_CASES`; the rows
  the test never checks blank: `_checked_rows`), then
  leading comments/decorators (a multi-line decorator whole: a parametrize table) + the
  declaration (a Python signature over several lines whole) + its body (a JS function's to
  its closing brace, past the braces of a destructured parameter, `async ({ page }) => {`; an
  arrow of one expression's, `it("x", () => expect(f(1)).toBe(2))`, to the end of the test's
  call, its brackets balanced: `js_one_expression`);
  for a test named at run time, its `describe()` group's code before it too (the table its
  loop runs over), and so for a `.each(cases)` test whose table its group declares before
  it, and for one in a `describe.each(contexts)` group (its rows in `contexts`' rows), from
  the declaration of `contexts` in the code around the group, and for a test looping over
  such a table, in it or around it (`for (const [input,
  expected] of cases)`, `cases.forEach(...)`); for a JS/TS test running over a table its file
  declares at its top level (a loop, `.each(cases)`, its group's table spreading it:
  `[...joinURLTests, ...]`), that table before it (`_with_js_tables`); of its group's code,
  the other tests declared there are left out (blank lines: `_without_tests`), so a test in a
  loop reads the table and what the loop computes, not its siblings' checks; for a Go test that
  ranges over a package-level table (`for _, tt := range splitTests`), that table after it;
  for a Go test calling a helper of its file whose one parameter is a *testing.T or testing.TB
  (`toSnake(t)` with its table and checks in `func toSnake(tb testing.TB)`), that helper after it
  (`_with_go_helpers`);
- `description`: what the test says about itself in prose: a Python docstring (a string as its
  first statement, in any quoting), the comment block above it, Gherkin-style step comments
  inside it (`# Given/When/Then/And/But ...`; other inner comments annotate code and stay in
  the body), Go subtest names (`t.Run("...")`) and table-case names (`name: "..."`);
- `named_rows(case)`: for a JS/TS test named at run time from the rows of the table it loops
  over (`test(t.input + " with " + JSON.stringify(t.query), ...)`), or from its `.each`
  table's object rows by the `$field`s of its name template (`test.each(tests)("$input with
  $query", ...)`), each row's name as the runner makes it: the values, in that row, of the
  fields the name reads (`t.input`, `t.query`: `"/" { param: { a: { nested: { object: 123 }
  } } }`);
- `exceptions`: the exception/error types it expects (`pytest.raises(X)`, `assertRaises(X)`,
  `toThrow(X)`, `assertThrows(X.class)`, `errors.Is(err, ErrX)`, `ErrorIs(t, err, ErrX)`);
- `asserted`: the string and number literals inside its assertions;
- `constants`: for a Python test reading constants of its file (an attribute its class or a
  base class there gives one literal, `self.TEST_ASCII`, `cls.X`, `TestX.X`; a module-level
  name in capitals given one literal that its body never assigns, `EXPECTED`), its body with
  those literals in place of their names (`with_constants`); none that anything assigns
  again (`self.X = ...` in `setUp`, `global X`). A name given a sum or product of numbers
  and such names is given that number (`BYTES_LEN = TIMESTAMP_LEN + RANDOMNESS_LEN`: 16).
  The same for a module-level constant of the story's own code (a File List source) that
  the test imports: `constants.BYTES_LEN` after `from ulid import constants`, `BYTES_LEN`
  after `from ulid.constants import BYTES_LEN` (`imported_constants`);
  a Go test reading a package-level constant given one literal, of its file or of a File
  List source in its directory (`const ( TEST_DOCUMENT_NB_ELEMENTS = 13 )`), the same
  (`with_go_constants`);
- `group_table`: for a JS/TS test in `describe.each` groups, each group's table, from
  `describe.each(` to the group's name (`_with_js_group_tables`): the rows its group hands the
  test's function, often spread from a function of the file (itertools-ts's
  `...dataProviderForReduce()`, whose rows call `Stream.of`); the review reads it for what
  the test runs (`sut_names.names_any`), the matcher does not;
- `expects_error`: it expects an error of some type (the patterns above, `.toThrow()`,
  `.rejects`, `assert.throws`, Go `if err == nil { t.Fatal(...) }`, testify's
  `assert.NotNil(t, err)`, quicktest's `c.Assert(err, qt.IsNotNil)`); `.not.toThrow()` is
  the opposite: that none is thrown.
A Go `TestMain(m *testing.M)` is no test: `go test` runs it in place of the tests; nor is an
`Example` function without an output comment (`// Output: ...`), which it compiles and never
runs (`_go_runs`).
Tests of one name in one file are two tests (two `test.each(...)("%s => %s", ...)` tables in
one group): the later ones' ids end ` #2`, ` #3` (`twin`), their names as the runner names
them. In Python the later `def` replaces the earlier, which never runs (`shadowed`), and so
does a later import of the name at the module's top level (in an `if` or `try` there too):
funcy's `tests/test_decorators.py` defines `test_decorator_access_args`, then imports one of
that name from `tests/py38_decorators.py`, and pytest runs the imported one alone under the
module's id (`imported_over`). A test a module only imports (`from .py38_funcs import
test_autocurry_posonly`) is one of its tests to pytest, at the line of the import
(`imported_tests`): its body is not read here.
A Python file's multi-line strings are text: their lines, even in column 0 (an expected XML
document), close no class and no test (`_in_python_strings`).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from gaia_lib.core import pyast
from gaia_lib.core.lazyre import AnyPattern
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import row_filters, table_rows


@dataclass(frozen=True)
class TestCase:
    __test__ = False  # a record, not a pytest test class

    file: str  # repo-relative POSIX path
    name: str  # the test's own name or description, with enclosing describe/class names
    line: int  # 1-based line of the test's declaration
    body: str  # leading comments/decorators + the declaration + its body
    description: str = ""  # docstring, comments, subtest names: see the module rules
    exceptions: tuple[str, ...] = ()  # expected exception / error names, sorted
    asserted: tuple[str, ...] = ()  # string and number literals inside assertions, sorted
    expects_error: bool = False  # it expects a throw / raise / error, of any type
    spoken: str = ""  # its name as its source reads, where it is made at run time (module rules)
    # the 1-based line its body starts on, where code before its own comments and declaration
    # starts it (a test named at run time: its group's table); 0: the body starts with them
    body_line: int = 0
    # how many tests of the same name its file declares before it (`split_tests`): a second
    # `test.each(...)("%s => %s", ...)` in one describe group is another test
    twin: int = 0
    # Python and Go: its body with the constants it reads written in place of their names,
    # where it reads any (`with_constants`, `with_go_constants`); "" where it reads none
    constants: str = ""
    # JS/TS: the tables of the `describe.each` groups around it, each from `describe.each(` to
    # its group's name (`_with_js_group_tables`); "" outside such a group
    group_table: str = ""

    @property
    def test_id(self) -> str:
        """`file::name`; a twin's with ` #2`, ` #3`, ... after it."""
        return f"{self.file}::{self.name}" + (f" #{self.twin + 1}" if self.twin else "")


_PY_DEF = re.compile(r"^(?P<indent>[ \t]*)(?:async[ \t]+)?def[ \t]+(?P<name>test\w*)[ \t]*\(")
_PY_CLASS = re.compile(r"^(?P<indent>[ \t]*)class[ \t]+(?P<name>\w+)")
_ANY_PY_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+\w+")
_JS_TEST = lazy_re(
    r"\b(?P<kind>x?(?:it|test|describe))(?:\.(?:only|skip|todo|concurrent|fails|failing|sequential|"
    r"(?:each|runIf|skipIf)\([^)]*\)))*[ \t]*\("
    r"[ \t]*(?P<q>['\"`])(?P<name>(?:\\.|(?!(?P=q)).)*)(?P=q)"
)
# A test named at run time (`test(t.input + " with " + t.query, () => {`, in a loop over a
# table; `test("case " + i, ...)`, a string the code adds to): its name is the expression that
# makes it, up to MAX_EXPRESSION characters.
_JS_DYNAMIC_TEST = lazy_re(
    r"\b(?:it|test)(?:\.(?:only|skip|todo|concurrent))*[ \t]*\([ \t]*"
    r"(?P<expr>(?:[A-Za-z_$]|(?P<q>['\"`])(?:\\.|(?!(?P=q)).)*(?P=q)[ \t]*\+)[^,]*?),"
    r"[ \t]*(?:async[ \t]*)?(?:\(|function\b|[A-Za-z_$]\w*[ \t]*=>)"
)
MAX_EXPRESSION = 80
_BATS_TEST = lazy_re(r"^@test[ \t]+(?P<q>['\"])(?P<name>.*)(?P=q)[ \t]*\{")
# A Go test, example or fuzz target; not `TestMain(m *testing.M)`, which `go test` runs in
# place of the tests (they run only if it calls `m.Run()`): no test itself
# An example's output comment, what `go test` compares the example's printing with; an example
# without one is compiled, never run.
_GO_OUTPUT = lazy_re(r"^[ \t]*//[ \t]*(?:unordered[ \t]+)?output:", re.M | re.I)


def _go_runs(case: TestCase) -> bool:
    """Whether `go test` runs it: every test and fuzz target, an example only with an output
    comment (`// Output: whoops`)."""
    return not case.name.startswith("Example") or _GO_OUTPUT.search(case.body) is not None


def go_unrun_examples(path: str, text: str) -> list[TestCase]:
    """The `Example` functions of the Go test file `text` (at `path`) that `go test` compiles
    and never runs: those with no output comment (`_go_runs`). No test: `split_tests` leaves
    them out."""
    return [case for case in _line_pattern_cases(path, text.splitlines(), _GO_TEST, go=True)
            if not _go_runs(case)]


_GO_TEST = lazy_re(r"^func[ \t]+(?!TestMain[ \t]*\([ \t]*\w*[ \t]*\*testing\.M\b)"
                   r"(?P<name>(?:Test|Example|Fuzz)\w*)[ \t]*\(")
_JVM_TEST = lazy_re(r"^\s*(?:public\s+|internal\s+)?(?:void|fun)\s+`?(?P<name>[^`(]+?)`?\s*\(")
_DART_TEST = lazy_re(r"\b(?:test|testWidgets)\(\s*(?P<q>['\"])(?P<name>.*?)(?P=q)")
_SWIFT_TEST = lazy_re(r"\bfunc[ \t]+(?P<name>test\w*)[ \t]*\(")
_C_TEST = lazy_re(
    r"^(?:TEST(?:_F|_P)?\(\s*(?P<suite>\w+)\s*,\s*(?P<case>\w+)\s*\)"
    r"|(?:static\s+)?void\s+(?P<fn>test_?\w*)\s*\()"
)

BRACE_LANGUAGES = {".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".java", ".kt", ".dart",
                   ".swift", ".c", ".cc", ".cpp", ".go"}


def _leading_comments(lines: list[str], index: int) -> int:
    """Index of the first comment/decorator line directly above `index`: they document a test."""
    start = index
    while start > 0:
        prev = lines[start - 1].strip()
        if prev.startswith(("#", "//", "@", "/*", "*", "--")) and not prev.startswith("@test"):
            start -= 1
        else:
            break
    return start


def _python_leading(lines: list[str], index: int, indent: int) -> int:
    """Index of the first comment/decorator line above the `def` at `index`, whole multi-line
    decorators included: a `@pytest.mark.parametrize(...)` table is what the test checks."""
    start = index
    j = index - 1
    while j >= 0:
        text = lines[j]
        stripped = text.strip()
        if not stripped:
            break
        if len(text) - len(text.lstrip()) > indent or stripped[0] in ")]}":
            j -= 1  # inside a decorator's brackets (or a body above: never a start)
            continue
        if not stripped.startswith(("@", "#")):
            break
        start = j
        j -= 1
    return start


# What comes right before a JS function body's `{`: an arrow, or the parameter list's `)`.
# What a JS/TS function body's `{` follows: `=>`, its parameters' `)`, or TypeScript's return
# type after them (`function cases(): Array<[string, (x: T) => T]> {`), which ends in a name,
# `>` or `]`, where an object literal's brace follows `(`, `[`, `,`, `:` or `=`.
_JS_BODY_BEFORE = lazy_re(r"(?:=>|\))\s*$|\)\s*:(?:[^{};=]|=>)*[\w$>\]]\s*$")
_JS_RETURN_TYPE = lazy_re(r"\)\s*:(?:[^{};=]|=>)*$")  # a return type not yet ended by its body
MAX_RETURN_TYPE_LINES = 16


def _code_columns(lines: list[str], index: int, start: int = 0,
                  go: bool = False) -> Iterator[tuple[int, int, str]]:
    """(line, column, character) of the code from `lines[index]` (its column `start`) on:
    what a string (quoted '...' or "...", to the end of its line at most; a backtick string
    across lines), a `//` line comment or a `/* */` comment holds is left out (`"{"` opens no
    block). A backslash escapes the character after it in a string but, with `go`, in a
    backquoted one: Go's is raw (`C:\\` ends at its backquote); a JS template's is not."""
    quote, comment = "", False
    for i in range(index, len(lines)):
        line = lines[i]
        if quote != "`":
            quote = ""  # a quoted string ends with its line
        k = start if i == index else 0
        stripped = line.lstrip()
        if i == index and not start and stripped.startswith("`") and line.count("`") % 2:
            k = len(line) - len(stripped) + 1  # it closes a table's template begun above
        while k < len(line):
            ch = line[k]
            if comment:
                if line.startswith("*/", k):
                    comment, k = False, k + 1
            elif quote:
                if ch == "\\" and not (go and quote == "`"):
                    k += 1  # the escaped character
                elif ch == quote:
                    quote = ""
            elif ch in "'\"`":
                quote = ch
            elif line.startswith("//", k):
                break
            elif line.startswith("/*", k):
                comment, k = True, k + 1
            else:
                yield i, k, ch
            k += 1


def code_columns(line: str) -> Iterator[tuple[int, str]]:
    """(column, character) of one line's code: what its strings and comments hold left out
    (`_code_columns`)."""
    return ((k, ch) for _, k, ch in _code_columns([line], 0))


# What a JS/TS template literal computes inside its text: code, not words (`${f(x)}`)
_TEMPLATE_CODE = lazy_re(r"\$\{([^{}]*)\}")


def template_code(text: str) -> list[str]:
    """The code the template literals of `text` compute (`${parse(x)}`), which `code_lines`
    blanks with the rest of a string."""
    return _TEMPLATE_CODE.findall(text)


def code_lines(lines: list[str]) -> list[str]:
    """`lines` with what their strings and comments hold blanked (`_code_columns`), each as
    long as it was: the code alone, where it stands."""
    out = [[" "] * len(line) for line in lines]
    for i, k, ch in _code_columns(lines, 0):
        out[i][k] = ch
    return ["".join(chars) for chars in out]


# A shell function's head: `name()`, `function name`, `function name()` (its name group 1 or
# 2); the `{` that opens its body may follow on its line.
SHELL_FUNCTION_HEAD = r"(?:function\s+([\w:.-]+)\s*(?:\(\s*\))?|([\w:.-]+)\s*\(\s*\))"
# A JS/TS statement head whose body may be one braceless statement on the next line.
_BRACELESS_HEAD = lazy_re(r"^(?:\}\s*)?(?:(?:else\s+)?if|for|while)\s*\(.*\)$|^(?:\}\s*)?else$")


def brace_indented(lines: list[str]) -> list[str]:
    """JS/TS `lines` with each line inside a brace, parenthesis or bracket opened on a line
    above indented past that line, the line closing it at least as far as it, and the one
    statement of a braceless `if (...)`, `else`, `for (...)` or `while (...)` past its head
    (brackets in strings and comments aside, `_code_columns`): a block read by its
    indentation is then the block its braces make, however the test was indented (`if
    (false) {` with its checks written at its own level, `if (false)` and a check on the next
    line at any level). A line is only ever moved in, two spaces past what it must pass, so
    code indented as its braces nest is left as it is. Each line's text and number are kept."""
    code = code_lines(lines)
    out: list[str] = []
    opened: list[int] = []  # per open bracket, the indentation of the line that opened it
    head: int | None = None  # a braceless head's indentation, for the line after it
    for line, text in zip(lines, code, strict=True):
        stripped, bare = line.strip(), text.strip()
        indent = len(line) - len(line.lstrip())
        if bare:
            if bare[0] in ")]}" and opened:
                indent = max(indent, opened[-1])
            elif head is not None and indent <= head and not bare.startswith("{"):
                indent = head + 2
            elif opened and indent <= opened[-1]:
                indent = opened[-1] + 2
        out.append(" " * indent + stripped if stripped else line)
        for ch in text:
            if ch in "([{":
                opened.append(indent)
            elif ch in ")]}" and opened:
                opened.pop()
        if bare:
            head = indent if _BRACELESS_HEAD.match(bare) and bare.count("(") == bare.count(
                ")") else None
    return out


def brace_pairs(lines: list[str], go: bool = False
                ) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Each brace block of `lines` as ((line, column) of its `{`, (line, column) of its `}`),
    braces in strings and comments aside (`_code_columns`; `go`: Go's raw strings); an
    unclosed one is left out."""
    opened: list[tuple[int, int]] = []
    pairs = []
    for i, k, ch in _code_columns(lines, 0, go=go):
        if ch == "{":
            opened.append((i, k))
        elif ch == "}" and opened:
            pairs.append((opened.pop(), (i, k)))
    return pairs


def brace_block_end(lines: list[str], index: int, js: bool = False, go: bool = False) -> int:
    """Last line of the brace block opened at or after `index`, braces in strings and comments
    aside (`_code_columns`; `go`: Go's raw strings). With `js`, the block is a function body:
    a brace before it that follows no `=>` or `)` (`({ page }) =>` destructuring,
    `[{ a: 1 }]` in an `.each` table) opens none."""
    depth = 0
    opened = False
    for i, k, ch in _code_columns(lines, index, go=go):
        # no block within the lines after the start, but for a TypeScript return type that
        # goes on over lines (a tuple type's members, one a line)
        if not opened and i > index + 4 and not (
                js and i <= index + MAX_RETURN_TYPE_LINES
                and _JS_RETURN_TYPE.search("\n".join([*lines[index:i], lines[i][:k]]))):
            return index
        if ch == "{":
            if opened or not js or _JS_BODY_BEFORE.search(lines[i][:k]) or (
                    i > index and _JS_BODY_BEFORE.search("\n".join([*lines[index:i],
                                                                    lines[i][:k]]))):
                depth += 1
                opened = True
        elif ch == "}" and (opened or not js):
            depth -= 1
            if opened and depth <= 0:
                return i
    return index if not opened and len(lines) - 1 > index + 3 else len(lines) - 1


# Line breaks `str.splitlines` makes and Python's tokenizer does not (a form feed): a file
# holding one numbers its lines otherwise than its syntax tree does.
_NOT_PYTHON_BREAKS = frozenset("\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _in_python_strings(text: str, lines: list[str]) -> frozenset[int]:
    """The indexes of the lines a multi-line string literal goes on over (each after its
    first): text, whose indentation ends no class and no function (an expected XML document
    written from column 0 inside a test method). Read off the file's syntax tree
    (`pyast.module`, which the other reads of the file share; adjacent literals joined across
    lines are one string there); a file that does not parse, or whose lines its tree numbers
    otherwise, is tokenized up to where it stops."""
    if not _NOT_PYTHON_BREAKS.intersection(text):
        try:
            tree = pyast.module(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            pass
        else:
            # rows count from 1: these are the indexes of the lines after its first
            return frozenset(
                index for node in ast.walk(tree)
                if isinstance(node, ast.JoinedStr) or (
                    isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)))
                for index in range(node.lineno, node.end_lineno or node.lineno))
    inside: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO("\n".join(lines) + "\n").readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                # rows count from 1: these are the indexes of the lines after its first
                inside.update(range(token.start[0], token.end[0]))
    except (tokenize.TokenError, SyntaxError):
        pass
    return frozenset(inside)


def _python_cases(path: str, text: str, lines: list[str]) -> Iterator[TestCase]:
    """Module-level `test*` functions and the methods of classes; a `test*` function defined
    inside another function is a helper pytest never collects. A multi-line string's lines
    (`_in_python_strings`) are no code: their indentation closes no block."""
    classes: list[tuple[int, str]] = []
    functions: list[int] = []  # the indents of the functions the line is inside
    strings = _in_python_strings(text, lines)
    for i, line in enumerate(lines):
        if not line.strip() or i in strings:
            continue
        indent = len(line) - len(line.lstrip())
        while classes and indent <= classes[-1][0]:
            classes.pop()
        while functions and indent <= functions[-1]:
            functions.pop()
        klass = _PY_CLASS.match(line)
        if klass:
            classes.append((len(klass.group("indent")), klass.group("name")))
            continue
        match = _PY_DEF.match(line)
        if _ANY_PY_DEF.match(line):
            nested = bool(functions)
            functions.append(indent)
            if nested:
                continue
        if not match:
            continue
        def_indent = len(match.group("indent"))
        end = i + python_signature_end(lines[i:]) + 1
        while end < len(lines):
            text = lines[end]
            if text.strip() and end not in strings and \
                    len(text) - len(text.lstrip()) <= def_indent:
                break
            end += 1
        start = _python_leading(lines, i, def_indent)
        prefix = "::".join(name for _, name in classes)
        name = f"{prefix}::{match.group('name')}" if prefix else match.group("name")
        yield TestCase(path, name, i + 1, "\n".join(lines[start:end]))


def _added_to(line: str, match: re.Match[str]) -> bool:
    """Whether a test's quoted title is only the start of its name, the code adding to it
    (`test("case " + tests.indexOf(t), ...)`): the runner names each row by what the code
    makes (`case 0`, `case 1`), so the test is one named at run time (`_JS_DYNAMIC_TEST`).
    A group's title is read as written (its tests keep their group)."""
    return not match.group("kind").endswith("describe") \
        and re.match(r"[ \t]*\+", line[match.end():]) is not None


# A name a JS/TS file binds to the test function (`let testFunc = test;`, `const t = cond ?
# test.only : test`): (the name, the function)
_JS_TEST_ALIAS = lazy_re(
    r"^[ \t]*(?:let|const|var)[ \t]+(?P<alias>[A-Za-z_$][\w$]*)[ \t]*(?::[^=;\n]+)?=[ \t]*"
    r"(?:[^;?\n]+\?[ \t]*(?:it|test)(?:\.\w+)?[ \t]*:[ \t]*)?(?P<kind>it|test)"
    r"(?:\.(?:only|skip|concurrent))?[ \t]*;?[ \t]*$", re.M)


def _aliases_read(lines: list[str]) -> list[str]:
    """`lines` with each call of a name bound to `it` or `test` written as a call of it,
    padded to the alias's width (`testFunc(name, ...)` -> `test    (name, ...)`: columns
    and lines stay where they were); `lines` itself where the file binds none (a name
    shorter than the function it stands for is left as it is)."""
    aliases = {m.group("alias"): m.group("kind") for m in _JS_TEST_ALIAS.finditer(
        "\n".join(lines)) if len(m.group("alias")) >= len(m.group("kind"))
        and m.group("alias") not in ("it", "test")}
    if not aliases:
        return lines
    call = re.compile(rf"(?<![\w$.])({'|'.join(map(re.escape, aliases))})(?=[ \t]*\()")
    out = [call.sub(lambda m: aliases[m.group(1)].ljust(len(m.group(1))), line)
           for line in lines]
    return lines if out == lines else out


def _alias_restored(case: TestCase, aliased: list[str], lines: list[str]) -> TestCase:
    """`case`, read from the `aliased` lines, with its body as the file writes it."""
    changed = [(new, old) for new, old in zip(aliased, lines, strict=True) if new != old]
    body = case.body
    for new, old in changed:
        body = body.replace(new, old)
    return replace(case, body=body) if body != case.body else case


def _js_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    """Each `it()` / `test()`, named by its `describe()` groups and its own name; a test named
    at run time also reads the code of its group before it (the table its loop runs over)."""
    describes: list[tuple[int, str, int]] = []  # (end line, name, start line)
    # A commented-out test (`// test("...")`, inside /* ... */) is not a test; a `/*` inside
    # a string opens no comment (`"/*"` in a table of malformed inputs): read as code.
    code = code_lines(lines)
    for i, line in enumerate(lines):
        while describes and i > describes[-1][0]:
            describes.pop()
        if not code[i].strip():
            continue
        groups = [group for _, group, _ in describes]
        found = False
        # a table it names, declared in its group before it (`const cases = [...]`,
        # `test.each(cases)`): the group's code before it is read too, as a loop's is
        named = _JS_EACH_NAMED.search(line)
        table_start = _group_table(lines, describes, i, [named.group(1)] if named else [])
        # ... or its group's (`describe.each(contexts)(...)` around `it.each(tests)`, each
        # row of `contexts` a title and the rows of its tests): from that table's declaration
        # in the code around the group, the other tables there not its data
        grouped = _JS_EACH_NAMED.search(lines[describes[-1][2]]) \
            if table_start is None and describes else None
        if grouped is not None:
            table_start = _declared_at(lines, describes[-2][2] + 1 if len(describes) > 1
                                       else 0, describes[-1][2], grouped.group(1))
        for match in _JS_TEST.finditer(line):
            if _added_to(line, match) or code[i][match.start()] == " ":
                continue  # ... or in a comment or a string after code (`f(); // it("x")`)
            found = True
            if match.group("kind").endswith("describe"):  # xdescribe: a group switched off
                describes.append((brace_block_end(lines, i, js=True), match.group("name"), i))
                continue
            call = (i, line.rindex("(", 0, match.start("q")))
            name = match.group("name")
            made = match.group("q") == "`" and "${" in name  # a template: code in its name
            spoken = template_text(name) if made else (
                each_text(name) if ".each(" in match.group(0) else None)
            case = _js_case(path, lines, i, [*groups, name], i, call, table_start,
                            spoken=spoken)
            # a loop in it or around it over a table its group declares before it (`for
            # (const [input, expected] of cases)`, `cases.forEach(...)`): that table is its
            # data too
            around = _enclosing_loops(lines, i, describes)
            looped = None if table_start is not None else _group_table(
                lines, describes, i, [*(a or b for a, b in _JS_LOOPED.findall(case.body)),
                                      *(name for _, name in around)])
            # ... else the loop around it, which says what its rows are (`t` of `for (const t
            # of joinURLTests)`), starts it
            if looped is None and table_start is None and around:
                looped = around[0][0]
            yield case if looped is None else _js_case(
                path, lines, i, [*groups, name], i, call, looped, spoken=spoken)
        # a group over a table that spans lines (`describe.each([\n ...])("%s", ...)`): its
        # tests are named by it, as jest and vitest name them, whatever the table
        group = None if found else _each_case(lines, i, _JS_DESCRIBE_EACH)
        if group is not None:
            describes.append((brace_block_end(lines, group[2][0], js=True), group[0], i))
            continue
        each = None if found else _each_case(lines, i)
        if each is not None:
            found = True
            yield _js_case(path, lines, i, [*groups, each[0]], each[1], each[2], table_start,
                           spoken=each_text(each[0]))
        dynamic = None if found else _JS_DYNAMIC_TEST.search(line)
        if dynamic is not None:
            expression = " ".join(dynamic.group("expr").split())[:MAX_EXPRESSION]
            call = (i, line.rindex("(", 0, dynamic.start("expr")))
            yield _js_case(path, lines, i, [*groups, expression], i, call,
                           describes[-1][2] + 1 if describes else None,
                           spoken=expression_text(dynamic.group("expr")))


# `test.each(cases)(...)`: a table test over a table it names
_JS_EACH_NAMED = lazy_re(r"\.each\s*\(\s*([A-Za-z_$][\w$]*)\s*\)")
# A loop over a named table: `for (const [a, b] of cases)`, `cases.forEach(`
_JS_LOOPED = lazy_re(r"\bfor\s*\(\s*(?:const|let|var)\b[^;)]*?\bof\s+([A-Za-z_$][\w$]*)\s*\)"
                     r"|(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*forEach\s*\(")
# A table a test runs over, by name: a loop over it (`for (const t of cases)`, `for (const k
# in cases)`, `cases.forEach(`), `.each(cases)`, or a table spreading it (`[...cases, ...]`)
_JS_TABLE_USE = lazy_re(r"\bfor\s*\(\s*(?:const|let|var)\b[^;)]*?\b(?:of|in)\s+([A-Za-z_$][\w$]*)"
                        r"\s*\)|(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*forEach\s*\("
                        r"|\.each\s*\(\s*([A-Za-z_$][\w$]*)\s*\)|\.\.\.\s*([A-Za-z_$][\w$]*)")
# A table the file declares at its top level: `const cases = [`, `export const tests = {`
_JS_TOP_TABLE = lazy_re(r"^(?:export\s+)?(?:const|let|var)\s+(?P<name>[A-Za-z_$][\w$]*)\s*"
                        r"(?::[^=]+)?=\s*[\[{]")


def _enclosing_loops(lines: list[str], at: int,
                     describes: list[tuple[int, str, int]]) -> list[tuple[int, str]]:
    """(line index, table name) of the loops around line `at` (`for (const t of cases) {
    test(...) }`) within its innermost group, outermost first: a loop whose block opens on its
    own line and closes at or after `at`."""
    first = describes[-1][2] + 1 if describes else 0
    return [(j, a or b) for j in range(first, at) for a, b in _JS_LOOPED.findall(lines[j])
            if "{" in code_lines([lines[j]])[0] and brace_block_end(lines, j, js=True) >= at]


def _js_table_end(lines: list[str], index: int) -> int:
    """The last line of the bracketed literal opened on `lines[index]`, brackets in strings and
    comments aside; the file's last line when it never closes."""
    depth = 0
    for i, _, ch in _code_columns(lines, index):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return len(lines) - 1


def _with_js_group_tables(cases: list[TestCase], lines: list[str]) -> list[TestCase]:
    """Each JS/TS test with the tables of the `describe.each` groups around it
    (`group_table`): the rows its group hands its function, often made by a function of the
    file (`describe.each([...dataProviderForReduce()])("Stream Reduce Test", (input,
    streamFactory, expected) => { it("", ...) })`), are what the test runs."""
    groups: list[tuple[int, int, str]] = []  # (first, last line index, the table's text)
    code = code_lines(lines)
    for i, line in enumerate(code):
        if ".each" not in line and ".for" not in line:
            continue
        group = _each_case(lines, i, _JS_DESCRIBE_EACH)
        if group is not None:
            groups.append((i, brace_block_end(lines, group[2][0], js=True),
                           "\n".join(lines[i:group[1] + 1])))
    if not groups:
        return cases
    return [replace(case, group_table=table) if table else case for case in cases
            for table in ("\n".join(text for first, last, text in groups
                                     if first < case.line - 1 <= last),)]


def _with_js_tables(cases: list[TestCase], lines: list[str]) -> list[TestCase]:
    """A JS/TS test that runs over a table its file declares at its top level, outside every
    group (`for (const t of joinURLTests)` around it, `.each(cases)`, its group's table
    spreading one: `[...joinURLTests, ...]`), holds that table's rows as much as one its group
    declares: the table is read as part of its body, before it (and the tables it spreads). Its
    `body_line` moves up by the lines put before it, so its own lines keep their numbers."""
    tables: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(lines):
        found = _JS_TOP_TABLE.match(lines[i])
        if found is not None:
            end = _js_table_end(lines, i)
            tables[found.group("name")] = (i, end)
            i = end
        i += 1
    if not tables:
        return cases
    out = []
    for case in cases:
        first = case.body_line - 1 if case.body_line else _leading_comments(lines, case.line - 1)
        code = "\n".join(code_lines(case.body.split("\n")))
        own = set(re.findall(r"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)", code))
        wanted = [n for n in (*(x for use in _JS_TABLE_USE.findall(code) for x in use if x),
                              *(n for _, n in _enclosing_loops(lines, case.line - 1, [])))
                  if n in tables and n not in own and tables[n][1] < first]
        used: list[str] = []
        while wanted:  # and the top-level tables those spread
            name = wanted.pop(0)
            if name in used:
                continue
            used.append(name)
            start, end = tables[name]
            wanted.extend(n for use in _JS_TABLE_USE.findall(
                "\n".join(code_lines(lines[start:end + 1]))) for n in use
                if n in tables and tables[n][1] < first)
        if not used:
            out.append(case)
            continue
        held = [line for name in sorted(used, key=lambda n: tables[n][0])
                for line in lines[tables[name][0]:tables[name][1] + 1]]
        out.append(replace(case, body="\n".join([*held, case.body]),
                           body_line=first + 1 - len(held)))
    return out


def _declared_at(lines: list[str], start: int, end: int, name: str) -> int | None:
    """The index of the line of `lines[start:end]` declaring `name` (`const contexts = [`),
    else None."""
    declared = re.compile(rf"\s*(?:const|let|var)\s+{re.escape(name)}\b")
    return next((k for k in range(start, end) if declared.match(lines[k])), None)


def _group_table(lines: list[str], describes: list[tuple[int, str, int]], at: int,
                 names: Iterable[str]) -> int | None:
    """The line index after the head of the innermost `describe()` group around line `at`
    when that group declares one of `names` before it (`const cases = [...]`), else None."""
    wanted = "|".join(sorted(map(re.escape, set(names))))
    if not describes or not wanted:
        return None
    first = describes[-1][2] + 1
    declared = re.compile(rf"\s*(?:const|let|var)\s+(?:{wanted})\b")
    return first if any(declared.match(earlier) for earlier in lines[first:at]) else None
_JS_STRING = lazy_re(r""""((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'|`((?:\\.|[^`\\])*)`""")


# What a `.each` table's name template fills in for each row: a field of an object row
# (`$input`, `$a.b`), a printf placeholder (`%s`, `%d`, `%i`, `%f`, `%j`, `%o`, `%p`, `%#`,
# `%$`, `%%`).
_EACH_PLACEHOLDER = lazy_re(r"\$[A-Za-z_][\w.]*|%[sdifjoOpc#$%]")


def each_text(title: str) -> str | None:
    """A `.each` test's name template without what each row fills in (`joinURL($input) ===
    $out`: `joinURL( ) === `): the row's values are no words the test says. None where it
    has none (its name is then its `name`)."""
    text = _EACH_PLACEHOLDER.sub(" ", title)
    return text if text != title else None


def template_text(template: str) -> str:
    """A template literal's text without its `${...}` parts (code, not words of the name)."""
    out: list[str] = []
    depth = 0
    at = 0
    while at < len(template):
        if depth == 0 and template[at] == "\\":  # an escaped character is text: `\${x}`
            out.append(template[at:at + 2])
            at += 2
            continue
        if depth == 0 and template.startswith("${", at):
            depth, at = 1, at + 2
            out.append(" ")
            continue
        ch = template[at]
        if depth:
            depth += {"{": 1, "}": -1}.get(ch, 0)
        else:
            out.append(ch)
        at += 1
    return "".join(out)


def expression_text(expression: str) -> str:
    """The words a name made by `expression` writes out: its string literals' text (a
    template's without its code), joined by spaces."""
    parts = []
    for found in _JS_STRING.finditer(expression):
        quoted, single, template = found.groups()
        parts.append(template_text(template) if template is not None
                     else quoted if quoted is not None else single or "")
    return " ".join(parts)


def _js_case(path: str, lines: list[str], at: int, names: list[str], body_from: int,
             call: tuple[int, int], start: int | None = None, spoken: str | None = None
             ) -> TestCase:
    """The test declared on line index `at`, named by its groups and its own name, its body
    from `start` (else its leading comments) to the end of its function: the end of its call
    (`call`: where its `(` opens) for an arrow of one expression (`_one_expression`), else of
    the block found from `body_from`."""
    end = _js_function_end(lines, call, body_from)
    first = _leading_comments(lines, at) if start is None else start
    before = lines[first:at] if start is None else _without_tests(lines, first, at)
    return TestCase(path, " > ".join(names), at + 1, "\n".join([*before, *lines[at : end + 1]]),
                    spoken=" > ".join([*names[:-1], spoken]) if spoken is not None else "",
                    body_line=first + 1 if start is not None else 0)


def _without_tests(lines: list[str], start: int, at: int) -> list[str]:
    """Lines `start` to `at` (not included), each line of a test declared among them blank: the
    code of its group a test reads before it (a table, what its loop computes) holds no
    other test's checks (entities' `for (const { input, xml, html } of testcases)`, whose
    `should HTML5 encode ${input}` came after five tests decoding). Blank, so the lines after
    keep their numbers."""
    out = list(lines[start:at])
    j = start
    while j < at:
        end = _js_test_end(lines, j)
        if end is None:
            j += 1
            continue
        for k in range(j, min(end, at - 1) + 1):
            out[k - start] = ""
        j = max(end, j) + 1
    return out


def _js_test_end(lines: list[str], index: int) -> int | None:
    """The last line of a test (`it(...)`, `test.each(...)(...)`, one named at run time)
    declared on `lines[index]`, else None."""
    line = lines[index]
    stripped = line.strip()
    if stripped.startswith(("//", "/*", "*")):
        return None
    match = next((m for m in _JS_TEST.finditer(line) if not _added_to(line, m)
                  and not m.group("kind").endswith("describe")), None)
    if match is not None:
        call: Position = (index, line.rindex("(", 0, match.start("q")))
        body_from = index
    elif (each := _each_case(lines, index)) is not None:
        _, body_from, call = each
    elif (dynamic := _JS_DYNAMIC_TEST.search(line)) is not None:
        call, body_from = (index, line.rindex("(", 0, dynamic.start("expr"))), index
    else:
        return None
    return _js_function_end(lines, call, body_from)


def _js_function_end(lines: list[str], call: Position, body_from: int) -> int:
    """The last line of a JS/TS test whose call opens at `call`: its call's for an arrow of one
    expression or a call holding no function (`_bare_call_end`), else its block's (found from
    `body_from`)."""
    expression = _one_expression(lines, call)
    if expression is not None:
        return expression.close[0]
    bare = _bare_call_end(lines, call)
    return bare if bare is not None else brace_block_end(lines, body_from, js=True)


def _bare_call_end(lines: list[str], call: Position) -> int | None:
    """The line closing a test's call that holds no function of its own (`it.todo("evicts
    ...")`, `it("x", namedCheck)`), whose `(` is at `call`; None when a brace or an arrow
    comes first (a function it declares) or the call never closes. keyvaluecache's
    `it.todo(...)` had run on to the next test's block and taken its checks as its own."""
    depth = 0
    previous = ""
    for i, _, ch in _code_columns(lines, call[0], call[1]):
        if ch == "{" or (ch == ">" and previous == "="):
            return None
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
            if depth <= 0:
                return i
        if not ch.isspace():
            previous = ch
    return None


Position = tuple[int, int]  # (line, column), both from 0


@dataclass(frozen=True)
class OneExpression:
    """Where a JS/TS test's function of one expression stands in its lines."""

    arrow: Position  # its arrow's `>`
    first: Position  # the expression's first character
    end: Position  # just past the expression: the `,` or `)` after it
    close: Position  # the `)` closing the test's call


def _one_expression(lines: list[str], call: Position) -> OneExpression | None:
    """A test's function of one expression (`it("x", () => expect(f(1)).toBe(2))`, over
    lines too), its call's `(` at `call` (`OneExpression`), so that the test ends with the
    expression, not at the next test's block. None when the arrow's body is a block, no arrow
    is among the call's own arguments (`function () {`), or the call never closes."""
    depth = 0
    arrow: Position | None = None
    first: Position | None = None
    last: Position | None = None
    for i, k, ch in _code_columns(lines, call[0], call[1]):
        if ch.isspace():
            continue
        if arrow is not None and first is None:  # the first code after the `=>`
            if ch == "{":
                return None
            first = (i, k)
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth <= 0:
                return OneExpression(arrow, first, last or (i, k), (i, k)) \
                    if arrow and first else None
        elif ch == "," and depth == 1 and first is not None and last is None:
            last = (i, k)  # a timeout after the function: `() => f(), 1000`
        elif ch == ">" and depth == 1 and arrow is None and k and lines[i][k - 1] == "=":
            arrow = (i, k)
    return None


def js_one_expression(lines: list[str], index: int) -> OneExpression | None:
    """Where the function of the JS/TS test declared on `lines[index]` (`it(`, a table test's
    own call, a test named at run time) stands, when it is an arrow of one expression; None
    otherwise."""
    line = lines[index]
    named = _JS_TEST.search(line)
    each = _each_case(lines, index)
    dynamic = _JS_DYNAMIC_TEST.search(line)
    if each is not None:
        call = each[2]
    elif named is not None and not named.group("kind").endswith("describe") \
            and not _added_to(line, named):
        call = (index, line.rindex("(", 0, named.start("q")))
    elif dynamic is not None:
        call = (index, line.rindex("(", 0, dynamic.start("expr")))
    else:
        return None
    return _one_expression(lines, call)


# `test.each([...])("name %s", fn)` / it.each`table`("name $a", fn), the table over lines.
_JS_EACH = lazy_re(r"\b(?:it|test)(?:\.(?:only|skip|todo|concurrent|sequential))*"
                      r"\.(?:each|for)\s*(?P<open>[(`])")
_JS_DESCRIBE_EACH = lazy_re(r"\bdescribe(?:\.(?:only|skip|concurrent|sequential))*"
                            r"\.(?:each|for)\s*(?P<open>[(`])")
_JS_NAME_AFTER = lazy_re(r"\s*\(\s*(?P<q>['\"`])(?P<name>(?:\\.|(?!(?P=q)).)*)(?P=q)")
_CLOSING = {"(": ")", "[": "]", "{": "}"}


def js_each_calls(lines: list[str]) -> list[tuple[int, int]]:
    """Where each JS/TS table test's own call opens, (line, column) of its `(`:
    `test.each([...])(` / it.each`table`(, before its name and its function."""
    out = []
    for index, line in enumerate(lines):
        if _JS_EACH.search(line) is not None and (each := _each_case(lines, index)) is not None:
            out.append(each[2])
    return out


def _each_case(lines: list[str], index: int, each: AnyPattern | None = None
               ) -> tuple[str, int, tuple[int, int]] | None:
    """(name, line index of the name, (line, column) of the `(` opening the call that names
    it) of a table test starting at `lines[index]`, whose table may span lines (the line-wise
    pattern sees only one-line tables), or with `each=_JS_DESCRIBE_EACH` of such a table's
    group; None when there is none."""
    match = (each or _JS_EACH).search(lines[index])
    if match is None:
        return None
    text = "\n".join(lines[index:])
    pos = match.end()
    if match.group("open") == "`":
        pos = text.find("`", pos)
        if pos < 0:
            return None
        pos += 1
    else:  # the table's brackets, as code has them (`"\\"`, `// don't` aside)
        stack = [")"]
        for i, k, ch in _code_columns(lines, index, pos):
            if ch in _CLOSING:
                stack.append(_CLOSING[ch])
            elif ch == stack[-1]:
                stack.pop()
                if not stack:
                    pos = sum(len(line) + 1 for line in lines[index:i]) + k + 1
                    break
        if stack:
            return None
    named = _JS_NAME_AFTER.match(text, pos)
    if named is None:
        return None
    call = text.index("(", pos)
    return named.group("name"), index + text.count("\n", 0, named.start("name")), (
        index + text.count("\n", 0, call), call - text.rfind("\n", 0, call) - 1)


# A printf placeholder of a `.each` name template whose text for a row is certain: `%s` (a
# string, a number, `true` ...), `%d` / `%i` (an integer), `%#` (the row's index); any other
# (`%p`, `%j`, `%o`, `%f`, `%$`, `%%`) prints as its runner formats it, which jest's and
# vitest's differ on.
_ROW_MARK = lazy_re(r"%[sdifjoOpc#$%]")
_FILLED = {"%s", "%d", "%i", "%#"}
_JS_WORD_VALUE = lazy_re(r"true|false|null|undefined|-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?")
_JS_INTEGER = lazy_re(r"-?(?:0|[1-9]\d*)")
_PLAIN_ESCAPE = lazy_re(r"\\(.)", re.S)


def _cell_text(cell: str, mark: str) -> str | None:
    """What `mark` prints for a row's cell written as `cell`, where that is certain: a string
    literal without code (`'empty array'`: its text), a number written as JS prints it, `true`,
    `false`, `null`, `undefined`; an integer for `%d` / `%i`. None for anything else (an
    array, an object, a name, a call)."""
    if mark in ("%d", "%i"):
        return cell if _JS_INTEGER.fullmatch(cell) else None
    if len(cell) >= 2 and cell[0] in "'\"`" and cell[-1] == cell[0]:
        inner = cell[1:-1]
        if cell[0] == "`" and "${" in inner:
            return None
        # an escaped quote or backslash is itself; another escape (`\n`, `\u00e9`) is not
        # worth reading
        if any(ch not in "'\"`\\" for ch in re.findall(r"\\(.)", inner, re.S)):
            return None
        return _PLAIN_ESCAPE.sub(r"\1", inner)
    return cell if _JS_WORD_VALUE.fullmatch(cell) else None


def _row_title(template: str, row: list[str], index: int) -> str | None:
    """A `.each` row's title as jest and vitest make it from `template`: `%#` its index, each
    other placeholder the next cell, in order (cells past the last placeholder print
    nothing). None when a placeholder's text is not certain (`_cell_text`)."""
    out: list[str] = []
    cells = iter(row)
    at = 0
    for mark in _ROW_MARK.finditer(template):
        if mark.group(0) not in _FILLED:
            return None
        out.append(template[at:mark.start()])
        at = mark.end()
        if mark.group(0) == "%#":
            out.append(str(index))
            continue
        cell = next(cells, None)
        text = None if cell is None else _cell_text(cell, mark.group(0))
        if text is None:
            return None
        out.append(text)
    return "".join(out) + template[at:]


def _with_js_rows(cases: list[TestCase]) -> list[TestCase]:
    """Each JS/TS table test over array rows written in place and named by placeholders
    (`test.each([['empty array', [], []], ['single element array', [1], [...]]])('%s', ...)`)
    as the tests the runner makes of it: one a row, named as the runner names it
    (`_row_title`), the test's body without the other rows (their lines kept empty, so the
    rest keep their numbers). A row is one case of the test, its cells that case's values:
    read together, every row's values would be evidence for the AC each row checks. A table
    of one row, of rows of another kind (objects, a spread) or a title not certain for some
    row stays one test."""
    out: list[TestCase] = []
    for case in cases:
        rows = _table_rows(case)
        out.extend(rows or [case])
    return out


def _table_rows(case: TestCase) -> list[TestCase]:
    """`case`'s rows as tests of their own (`_with_js_rows`); [] when it is no such table."""
    template = case.name.rsplit(" > ", 1)[-1]
    if not _ROW_MARK.search(template):
        return []
    lines = case.body.split("\n")
    code = table_rows.masked_js(case.body)
    # its own call: the first in its body from its declaration on (a table read before it,
    # `_with_js_tables`, comes first)
    declared = case.line - case.body_line if case.body_line else 0
    call = _JS_EACH.search(code, sum(len(line) + 1 for line in lines[:declared]))
    if call is None or call.group("open") != "(":
        return []
    opened = call.end()
    while opened < len(code) and code[opened].isspace():
        opened += 1
    if not code.startswith("[", opened):
        return []
    found = table_rows.elements(code, opened)
    table = found[0] if found else []
    if len(table) < 2:
        return []
    titles: list[str] = []
    for index, (start, end) in enumerate(table):
        row = table_rows.elements(code, start) if code[start] == "[" else None
        if row is None or row[1] != end - 1:  # an array, whole: not `[a, b].map(...)`
            return []
        title = _row_title(template, [case.body[a:b] for a, b in row[0]], index)
        if title is None:
            return []
        titles.append(title)
    groups = case.name.rsplit(" > ", 1)[:-1]
    out = []
    for index, title in enumerate(titles):
        body = case.body
        for other, (start, end) in reversed(list(enumerate(table))):
            if other == index:
                continue
            comma = end
            while comma < len(code) and code[comma] in " \t":
                comma += 1
            gone = comma + 1 if code.startswith(",", comma) else end
            body = body[:start] + "\n" * body.count("\n", start, gone) + body[gone:]
        out.append(replace(case, name=" > ".join([*groups, title]), body=body, spoken=""))
    return out


def _line_pattern_cases(
    path: str, lines: list[str], pattern: AnyPattern, go: bool = False
) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        match = pattern.search(line)
        if not match:
            continue
        groups = match.groupdict()
        if groups.get("suite"):
            name = f"{groups['suite']}.{groups['case']}"
        else:
            name = groups.get("name") or groups.get("fn") or ""
        if not name:
            continue
        end = brace_block_end(lines, i, go=go)
        start = _leading_comments(lines, i)
        yield TestCase(path, name.strip(), i + 1, "\n".join(lines[start : end + 1]))


_GO_VAR = lazy_re(r"^var[ \t]+(?P<name>[A-Za-z_]\w*)\b[^=\n]*=")
_GO_BLOCK_VAR = lazy_re(r"^[ \t]+(?P<name>[A-Za-z_]\w*)\b[^=\n{]*=")


def _composite_end(lines: list[str], index: int) -> int:
    """Last line of the composite literal starting on line `index`: braces balanced, past a
    type's own braces (`[]struct{ in string }{ ... }`), braces in strings and comments aside
    (`_code_columns`, Go's raw strings: jsonparser's rows hold malformed JSON, `{"a":`, whose
    lone brace had run the table to the end of its file)."""
    depth, opened, closed_on = 0, False, -1
    for i, _, ch in _code_columns(lines, index, go=True):
        if closed_on >= 0 and i > closed_on:
            return closed_on
        if not opened and i > index + 3:
            return index
        if ch == "{":
            depth, opened, closed_on = depth + 1, True, -1
        elif ch == "}":
            depth -= 1
            if opened and depth <= 0:
                closed_on = i
    return closed_on if closed_on >= 0 else (index if not opened else len(lines) - 1)


def _go_tables(lines: list[str]) -> dict[str, str]:
    """The package-level composite literals of a Go file (`var cases = []struct{...}{...}`,
    alone or in a `var ( ... )` block), by name: the tables table-driven tests range over."""
    tables: dict[str, str] = {}
    in_block, i = False, 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("var ("):
            in_block = True
        elif in_block and line.startswith(")"):
            in_block = False
        else:
            match = (_GO_BLOCK_VAR if in_block else _GO_VAR).match(line)
            if match and "{" in line:
                end = _composite_end(lines, i)
                tables[match.group("name")] = "\n".join(lines[i:end + 1])
                i = end
        i += 1
    return tables


# A Go test's own *testing.T parameter, by name (`func TestGet(t *testing.T)`)
_GO_TEST_PARAM = lazy_re(r"^func[ \t]+\w+[ \t]*\([ \t]*(?P<t>\w+)[ \t]+\*testing\.T\b", re.M)


def _handed_over(code: str, param: str, name: str) -> bool:
    """Whether the test's code hands table `name` whole to a call that also gets its
    *testing.T `param` first, on the call's first line (`runGetTests(t, "Get()", getTests,`):
    that call ranges over the table for the test."""
    return re.search(rf"\w[ \t]*\([ \t]*{re.escape(param)}[ \t]*,(?:[^\n]*?,)?[ \t]*"
                     rf"{re.escape(name)}[ \t]*[,)]", code) is not None


def _with_go_tables(cases: list[TestCase], lines: list[str]) -> list[TestCase]:
    """A Go test that ranges over a package-level table holds that table's rows as much as one
    declared inside it (the common layout): the table is read as part of its body. So does a
    test that hands the table to a runner of its file with its *testing.T (jsonparser's
    `runGetTests(t, "Get()", getTests, ...)`, the range in the runner): `_handed_over`."""
    tables = _go_tables(lines)
    if not tables:
        return cases
    out = []
    for case in cases:
        param = _GO_TEST_PARAM.search(case.body)
        code = "\n".join(code_lines(case.body.split("\n")))
        used = [name for name in tables
                if re.search(rf"\brange[ \t]+{re.escape(name)}\b", case.body)
                or (param is not None and _handed_over(code, param.group("t"), name))]
        out.append(replace(case, body="\n".join([case.body, *(tables[n] for n in used)]))
                   if used else case)
    return out


# A Go function of a test file whose one parameter is a *testing.T or testing.TB (`func
# toSnake(tb testing.TB) {`), not itself a test, benchmark or fuzz target: a test's body moved
# out whole. One handed values as well (`testFormat(t, arg, want)`) checks what each test hands
# it, which the test's own code holds.
_GO_HELPER = lazy_re(r"^func[ \t]+(?!Test|Benchmark|Example|Fuzz)(?P<name>[A-Za-z_]\w*)[ \t]*"
                     r"\([ \t]*\w+[ \t]+\*?testing\.(?:TB|T)[ \t]*\)")


def _go_helpers(lines: list[str]) -> dict[str, str]:
    """The helpers of a Go test file (`_GO_HELPER`) by name, each its source to its closing
    brace."""
    return {match.group("name"): "\n".join(lines[i:brace_block_end(lines, i, go=True) + 1])
            for i, line in enumerate(lines) if (match := _GO_HELPER.match(line))}


def _with_go_helpers(cases: list[TestCase], lines: list[str]) -> list[TestCase]:
    """A Go test whose code calls a helper of its file taking its *testing.T alone (`func
    TestToSnake(t *testing.T) { toSnake(t) }`, the table and its checks in `func toSnake(tb
    testing.TB)`) holds that
    helper's checks as much as its own: the helper is read after its body, as a table it ranges
    over is. A call in a string or comment is none."""
    helpers = _go_helpers(lines)
    if not helpers:
        return cases
    out = []
    for case in cases:
        code = "\n".join(code_lines(case.body.split("\n")))
        used = [name for name in helpers
                if re.search(rf"(?<![\w.]){re.escape(name)}[ \t]*\(", code)]
        out.append(replace(case, body="\n".join([case.body, *(helpers[n] for n in used)]))
                   if used else case)
    return out


_PY_DEF_LINE = lazy_re(r"^[ \t]*(?:async[ \t]+)?def[ \t]", re.M)
# A module-level name given a literal table: `CASES = [`, `TEST_CASES: list[...] = {`.
_PY_TABLE = re.compile(r"^(?P<name>[A-Za-z_]\w*)\s*(?::[^=\n]+)?=\s*[\[({]")


def _python_bracket_end(lines: list[str], index: int) -> int:
    """Last line of the bracketed literal opened on `lines[index]` (strings and `#` comments
    aside); the last line of the file when it never closes."""
    depth, quote = 0, ""
    for i in range(index, len(lines)):
        line, k = lines[i], 0
        while k < len(line):
            ch = line[k]
            if quote:
                if ch == "\\":
                    k += 1
                elif line.startswith(quote, k):
                    k += len(quote) - 1
                    quote = ""
            elif ch == "#":
                break
            elif ch in "'\"":
                quote = ch * 3 if line.startswith(ch * 3, k) else ch
                k += len(quote) - 1
            elif ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    return i
            k += 1
        if len(quote) == 1:
            quote = ""  # a one-quote string ends with its line
    return len(lines) - 1


def python_signature_end(lines: list[str]) -> int:
    """The index of the line that ends the signature of the `def` on `lines[0]`: its body
    starts after it. A signature may take several lines (`) -> None:` at the def's own indent,
    as black lays out long parameters); one whose parentheses never close ends on its line."""
    end = _python_bracket_end(lines, 0)
    return end if end < len(lines) - 1 or lines[end].rstrip().endswith(":") else 0


def _with_python_tables(cases: list[TestCase], lines: list[str]) -> list[TestCase]:
    """A pytest test whose `@pytest.mark.parametrize(...)` names a module-level table
    (`TEST_CASES`) holds that table's rows as much as one written in the decorator: the table
    is read as part of its decorators, before them."""
    tables: dict[str, str] = {}
    i = 0
    while i < len(lines):
        found = _PY_TABLE.match(lines[i])
        if found is not None:
            end = _python_bracket_end(lines, i)
            tables[found.group("name")] = "\n".join(lines[i:end + 1])
            i = end
        i += 1
    if not tables:
        return cases
    out = []
    for case in cases:
        head = _PY_DEF_LINE.split(case.body, 1)[0] if "parametrize" in case.body else ""
        used = [name for name in tables if "parametrize" in head
                and re.search(rf"(?<![\w.]){re.escape(name)}\b", head)]
        if len(used) == 1:
            table, body = _checked_rows(tables[used[0]], used[0], case.body)
            out.append(replace(case, body="\n".join([table, body])))
            continue
        out.append(replace(case, body="\n".join([*(tables[n] for n in used), case.body]))
                   if used else case)
    return out


def _checked_rows(table: str, name: str, test: str) -> tuple[str, str]:
    """A module table as a test parametrized by it holds it, and the test: the rows it never
    checks (`row_filters.python_unchecked_rows`: marked to skip, or returned on before any
    check, or compared with itself) left as blank lines, and the test as the rows left run it."""
    lines, own = table.split("\n"), test.split("\n")
    rows, edits = row_filters.python_unchecked_rows(table, name, test)
    for first, last in rows:
        lines[first:last + 1] = [""] * (last - first + 1)
    for at, text in edits.items():
        own[at] = own[at][:len(own[at]) - len(own[at].lstrip())] + text if text else ""
    return "\n".join(lines), "\n".join(own)


# A module-level constant by Python's convention: a name in capitals (`EXPECTED`, `TEST_CASES`).
_PY_CONSTANT_NAME = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")


def _literal(text: str, node: ast.expr) -> str | None:
    """The source of `node` where it is a literal (a string, number, or a tuple, list, set or
    dict of them: `ast.literal_eval` reads it), else None."""
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return ast.get_source_segment(text, node)


_FOLDED_OPS: dict[type[ast.operator], Callable[[int | float, int | float], int | float]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
}


def _folded(node: ast.expr, known: Mapping[str, str | None]) -> str | None:
    """The number `node` makes where it adds, subtracts, multiplies or floor-divides numbers
    and names `known` gives a number (`TIMESTAMP_LEN + RANDOMNESS_LEN`), written out; else
    None."""
    def number(found: object) -> int | float | None:
        # not a bool: `True + 1` is no constant's length
        return found if isinstance(found, (int, float)) and not isinstance(found, bool) \
            else None

    def value(part: ast.expr) -> int | float | None:
        if isinstance(part, ast.Constant):
            return number(part.value)
        if isinstance(part, ast.Name) and known.get(part.id):
            try:
                return number(ast.literal_eval(known[part.id] or ""))
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                return None
        if isinstance(part, ast.BinOp) and type(part.op) in _FOLDED_OPS:
            left, right = value(part.left), value(part.right)
            if left is None or right is None or (isinstance(part.op, ast.FloorDiv)
                                                 and right == 0):
                return None
            return _FOLDED_OPS[type(part.op)](left, right)
        return None

    if not isinstance(node, ast.BinOp):
        return None
    found = value(node)
    return None if found is None else repr(found)


def _assigned_literals(text: str, body: list[ast.stmt]) -> dict[str, str | None]:
    """name -> the literal source each statement of `body` gives it, or the number a sum or
    product of numbers and names given one before makes (`_folded`); None where a name is
    given a value twice, or one no literal."""
    out: dict[str, str | None] = {}
    for stmt in body:
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            targets, value = [stmt.target], stmt.value
        elif isinstance(stmt, ast.AugAssign):
            targets = [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name):
                literal = (_literal(text, value) or _folded(value, out)) \
                    if value is not None and len(targets) == 1 else None
                out[target.id] = None if target.id in out else literal
    return out


def _python_constants(text: str) -> tuple[dict[str, str],
                                          dict[str, tuple[dict[str, str], tuple[str, ...]]]]:
    """The constants a Python file's tests may read: (module-level names in capitals each
    given one literal, per class its attributes each given one literal and its bases' last
    names). Not a name anything assigns again (`self.NAME = ...` in `setUp`, `global NAME`):
    its value is not the literal. Nothing for a file Python cannot parse."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}, {}
    every = tuple(ast.walk(tree))  # walked three times below
    changed = {target.attr for node in every if isinstance(
        node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) for target in (
        node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)}
    changed |= {name for node in every if isinstance(node, (ast.Global, ast.Nonlocal))
                for name in node.names}
    module = {name: literal for name, literal in _assigned_literals(text, tree.body).items()
              if literal is not None and _PY_CONSTANT_NAME.fullmatch(name)
              and name not in changed}
    classes: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}
    for node in every:
        if isinstance(node, ast.ClassDef):
            own = {name: literal for name, literal in _assigned_literals(text, node.body).items()
                   if literal is not None and name not in changed}
            bases = tuple(ast.unparse(base).rsplit(".", 1)[-1] for base in node.bases)
            classes[node.name] = (own, bases)
    return module, classes


def _class_constants(klass: str, classes: dict[str, tuple[dict[str, str], tuple[str, ...]]]
                     ) -> dict[str, str]:
    """The attributes a method of `klass` reads as constants: its own, then its bases' in the
    file (the nearest definition wins, as Python's lookup finds it)."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    todo = [klass]
    while todo:
        name = todo.pop(0)
        if name in seen or name not in classes:
            continue
        seen.add(name)
        own, bases = classes[name]
        for attr, literal in own.items():
            out.setdefault(attr, literal)
        todo.extend(bases)
    return out


def _written(literal: str) -> Callable[[re.Match[str]], str]:
    """A replacement writing `literal` as it is (its backslashes are no group references)."""
    return lambda _: literal


def _source_of(module: str, code: Mapping[str, str]) -> str | None:
    """The path of `code` (File List sources, by repo-relative path) that the dotted
    `module` names (`pyast.module_names`: `pkg/mod.py` or `pkg/mod/__init__.py`, also under
    a `src/` layout)."""
    return next((rel for rel in code
                 if rel.endswith(".py") and module in pyast.module_names(rel)), None)


def imported_constants(text: str, code: Mapping[str, str]) -> dict[str, str]:
    """The module-level constants of the story's own code (`code`: the File List's sources,
    by path) a Python test file `text` reads through its imports, by the name it reads them
    by, with their literals (`_python_constants`): `constants.BYTES_LEN` after
    `from ulid import constants` or `import ulid.constants as constants`, `BYTES_LEN` after
    `from ulid.constants import BYTES_LEN`. Absolute imports only: a test file is seldom in
    the package it tests."""
    if not code:
        return {}
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    consts: dict[str, dict[str, str]] = {}

    def of(rel: str) -> dict[str, str]:
        if rel not in consts:
            consts[rel] = _python_constants(code[rel])[0]
        return consts[rel]

    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                whole = _source_of(f"{node.module}.{alias.name}", code)
                if whole is not None:
                    out.update({f"{alias.asname or alias.name}.{name}": literal
                                for name, literal in of(whole).items()})
                    continue
                home = _source_of(node.module, code)
                literal = of(home).get(alias.name) if home is not None else None
                if literal is not None:
                    out[alias.asname or alias.name] = literal
        elif isinstance(node, ast.Import):
            for alias in node.names:
                whole = _source_of(alias.name, code)
                if whole is not None:
                    out.update({f"{alias.asname or alias.name}.{name}": literal
                                for name, literal in of(whole).items()})
    return out


def with_constants(cases: list[TestCase], text: str,
                   imported: Mapping[str, str] | None = None) -> list[TestCase]:
    """Python: each test that reads a constant of its file (`self.TEST_ASCII`, `cls.CASES`,
    `TestX.CASES` for an attribute its class or a base class there gives one literal;
    `EXPECTED` for a module-level name in capitals its body never assigns), or one of the
    story's code it imports (`imported`: `imported_constants`), with that body with each
    such name replaced by its literal (`constants`): the value the test compares with, as
    written in place (Unidecode's `assertEqual(out, self.TEST_ASCII)` checks `'Ge '`,
    python-ulid's `len(ulid.bytes) == constants.BYTES_LEN` checks 16). Its file's own name
    shadows an imported one."""
    module, classes = _python_constants(text)
    module = {**(imported or {}), **module}
    if not module and not classes:
        return cases
    out = []
    for case in cases:
        klass = case.name.rpartition("::")[0].rsplit("::", 1)[-1]
        attrs = _class_constants(klass, classes) if klass else {}
        code = case.body
        for attr, literal in attrs.items():
            owner = "|".join(re.escape(n) for n in ("self", "cls", klass))
            code = re.sub(rf"(?<![\w.])(?:{owner})\.{re.escape(attr)}(?![\w(])(?!\s*=(?!=))",
                          _written(literal), code)
        code = _names_in_place(case.body, code, module, lambda name: (
            rf"(?<![\w.]){name}\s*(?::[^=\n]+)?=(?!=)|"
            rf"\b(?:for|as)\s+(?:[\w, ]*,\s*)?{name}\b"), "'\"")
        out.append(replace(case, constants=code) if code != case.body else case)
    return out


def _names_in_place(body: str, code: str, names: Mapping[str, str],
                    local: Callable[[str], str], quotes: str) -> str:
    """`code` (a test's `body`, perhaps rewritten) with each of `names` it reads written as
    its literal; not a name `body` declares again (`local`: the pattern of such a
    declaration, given the escaped name), nor one inside a string (`quotes` open one)."""
    for name, literal in names.items():
        if re.search(local(re.escape(name)), body):
            continue  # a local of its own
        code = re.sub(rf"(?<![\w.{quotes}]){re.escape(name)}(?![\w(])", _written(literal), code)
    return code


# A Go literal a constant is given: a number, an interpreted string, a raw string on one line.
_GO_CONST_LITERAL = r'(?:-?\d[\w.+-]*|"(?:[^"\\\n]|\\.)*"|`[^`\n]+`)'
# `const Name = 10`, `const Name Type = "x"` at the top level, and a `const ( ... )` block's
# lines of that form; a name without a literal (`A = iota`, a repeated line) is none.
_GO_CONST_ONE = re.compile(rf"^const[ \t]+(\w+)(?:[ \t]+[\w.]+)?[ \t]*=[ \t]*"
                           rf"({_GO_CONST_LITERAL})[ \t]*(?://[^\n]*)?$", re.M)
_GO_CONST_BLOCK = re.compile(r"^const[ \t]*\((?P<body>.*?)^\)", re.M | re.S)
_GO_CONST_LINE = re.compile(rf"^[ \t]*(\w+)(?:[ \t]+[\w.]+)?[ \t]*=[ \t]*"
                            rf"({_GO_CONST_LITERAL})[ \t]*(?://[^\n]*)?$", re.M)
_GO_RAW_STRING = re.compile(r"`[^`]*`")


def go_constants(text: str) -> dict[str, str]:
    """A Go file's package-level constants each given one literal, by name (`const (
    TEST_DOCUMENT_NB_ELEMENTS = 13 )` gives `{"TEST_DOCUMENT_NB_ELEMENTS": "13"}`). A raw
    string spanning lines is blanked first: its lines are text, not declarations."""
    code = _GO_RAW_STRING.sub(lambda m: m.group() if "\n" not in m.group()
                              else "\n" * m.group().count("\n"), text)
    out = dict(_GO_CONST_ONE.findall(code))
    for block in _GO_CONST_BLOCK.finditer(code):
        out.update(_GO_CONST_LINE.findall(block.group("body")))
    return out


def with_go_constants(cases: list[TestCase], path: str, text: str,
                      code: Mapping[str, str]) -> list[TestCase]:
    """Go: each test that reads a package-level constant given one literal (`go_constants`)
    of its file, or of a File List source in its directory (`code`: its package, whose names
    it reads unqualified), with that body with each such name replaced by its literal
    (`constants`): gojsonpointer's `len(result...) != TEST_DOCUMENT_NB_ELEMENTS` checks 13.
    Its file's own constant shadows a source's; a name the body declares again (`n := ...`,
    `var n`) is a local of its own."""
    home = str(PurePosixPath(path).parent)
    consts: dict[str, str] = {}
    for rel, source in code.items():
        if rel.endswith(".go") and str(PurePosixPath(rel).parent) == home:
            consts.update(go_constants(source))
    consts.update(go_constants(text))
    if not consts:
        return cases
    out = []
    for case in cases:
        body = _names_in_place(case.body, case.body, consts, lambda name: (
            rf"(?<![\w.]){name}(?:\s*,\s*\w+)*\s*:=|\b(?:var|const)\s+{name}\b"), "'\"`")
        out.append(replace(case, constants=body) if body != case.body else case)
    return out


def _jvm_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        if not line.strip().startswith("@Test"):
            continue
        for j in range(i, min(i + 4, len(lines))):
            match = _JVM_TEST.match(lines[j])
            if match:
                end = brace_block_end(lines, j)
                start = _leading_comments(lines, i)
                yield TestCase(path, match.group("name").strip(), j + 1,
                               "\n".join(lines[start : end + 1]))
                break


def _bats_cases(path: str, lines: list[str]) -> Iterator[TestCase]:
    for i, line in enumerate(lines):
        match = _BATS_TEST.match(line)
        if not match:
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != "}":
            end += 1
        start = _leading_comments(lines, i)
        yield TestCase(path, match.group("name"), i + 1, "\n".join(lines[start : end + 1]))


_GO_FUNC = lazy_re(r"^func[ \t]+(?:\([^)]*\)[ \t]*)?(\w+)[ \t]*\(", re.M)
_GO_TOP_LEVEL = lazy_re(r"^(?:func|type|var|const)\b", re.M)


def go_functions(text: str) -> Iterator[tuple[str, str, str]]:
    """Each function and method a Go file declares, in order: (its name, its declaration up to
    the name, the rest: parameters and body), to the next top-level declaration (a
    signature's `interface{}` opens no body)."""
    for match in _GO_FUNC.finditer(text):
        end = _GO_TOP_LEVEL.search(text, match.end())
        yield match.group(1), text[match.start():match.end()], \
            text[match.end():end.start() if end else None]


def shown(test_id: str) -> str:
    """A test id as a report shows it: each `${...}` of a JS/TS title made at run time as
    `${…}` (`joinURL(${t.input.map(...).join(", ")})` -> `joinURL(${…})`): the code that makes
    it is no name a reader can use; the rest of the title, and the id's file, still find it.
    A test titled with the empty string (`it("", ...)` in a group) shows its title as `""`
    (`Stream Reduce Test > ""`), not as a trailing ` > ` a sentence runs on from."""
    if test_id.endswith(" > "):
        test_id += '""'
    if "${" not in test_id:
        return test_id
    out: list[str] = []
    i = 0
    while (start := test_id.find("${", i)) >= 0:
        depth, j = 0, start + 1
        while j < len(test_id):
            depth += {"{": 1, "}": -1}.get(test_id[j], 0)
            if depth == 0:
                break
            j += 1
        if j >= len(test_id):  # unclosed: shown as written
            break
        out += [test_id[i:start], "${…}"]
        i = j + 1
    return "".join(out) + test_id[i:]


def shown_apart(test_ids: Iterable[str]) -> dict[str, str]:
    """Each of `test_ids` as a report shows it (`shown`), but as written where another of them
    would be shown the same: entities' `should default to XML encode ${input}` and `...
    ${encodedXML}`, two tests of one group, are both `should default to XML encode ${…}`."""
    ids = set(test_ids)
    short = {test_id: shown(test_id) for test_id in ids}
    seen = Counter(short.values())
    return {test_id: text if seen[text] == 1 else test_id for test_id, text in short.items()}


def split_tests(path: str, text: str, code: Mapping[str, str] | None = None
                ) -> list[TestCase]:
    """Every test case declared in `text`, the file at repo-relative `path` (name, line, body;
    `read` adds what it says: a review reads only the tests it may attribute). Tests of one
    name are told apart by their order (`TestCase.twin`). `code`: the story's own sources
    (the File List's, by path), whose constants a Python test reads as their literals
    (`imported_constants`)."""
    seen: Counter[str] = Counter()
    out = []
    for case in sorted(_declared(path, text, code or {}), key=lambda c: c.line):
        out.append(replace(case, twin=seen[case.name]) if seen[case.name] else case)
        seen[case.name] += 1
    return out


def _top_level_imports(text: str) -> dict[str, int]:
    """name -> the last line a Python module's top level binds it on by a `from ... import`
    (in an `if`, `try` or `with` block there too, not in a function or class); {} for text
    that does not parse."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError):
        return {}
    found: dict[str, int] = {}
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                name = alias.asname or alias.name
                found[name] = max(found.get(name, 0), node.lineno)
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody", "handlers"):
                for child in getattr(node, block, ()):
                    pending.extend(child.body if isinstance(child, ast.ExceptHandler)
                                   else [child])
    return found


def imported_tests(texts: Mapping[str, str]) -> dict[str, int]:
    """test id -> the line of its import, for each name starting `test` that a Python test
    file's top level imports (`texts`, by path): pytest collects it as the file's test
    (module rules)."""
    return {f"{rel}::{name}": line for rel, text in texts.items() if rel.endswith(".py")
            for name, line in _top_level_imports(text).items() if name.startswith("test")}


def imported_over(cases: Iterable[TestCase], texts: Mapping[str, str]) -> dict[str, int]:
    """test id -> the line of the import replacing it, for a Python test function of a module
    (not a method) whose name the module's top level imports after its `def` (module rules):
    pytest collects the module's last binding, the imported function, under the test's id."""
    imported = imported_tests(texts)
    return {case.test_id: line for case in cases if "::" not in case.name
            and (line := imported.get(case.test_id, 0)) > case.line}


def shadowed(cases: Iterable[TestCase], texts: Mapping[str, str] | None = None
             ) -> dict[str, str]:
    """test id -> why it never runs, for a Python test a later `def` of the same name in the
    same scope replaces (the module or class keeps the last one: the earlier one is never
    collected, whatever it checks), or a later import of its name (`imported_over`, of the
    test files' `texts`)."""
    cases = list(cases)
    last: dict[tuple[str, str], TestCase] = {}
    for case in cases:
        if case.file.endswith(".py"):
            key = (case.file, case.name)
            if key not in last or case.line > last[key].line:
                last[key] = case
    out = {test: f"its def never runs: a later import of the same name replaces it (line "
                 f"{line})"
           for test, line in imported_over(cases, texts or {}).items()}
    return {**out, **{case.test_id: f"never run: a later def of the same name replaces it "
                                    f"(line {last[(case.file, case.name)].line})"
                      for case in cases if case.file.endswith(".py")
                      and last[(case.file, case.name)] is not case}}


# A docstring is the body's first statement when it is a string, in any quoting:
# "Output: integer format" is one as much as a triple-quoted block.
_DOCSTRING = re.compile(r'^\s*[rRuUbB]?(?:(?P<q3>"""|\'\'\')(?P<doc>.*?)(?P=q3)|'
                        r'(?P<q1>["\'])(?P<line>(?:\\.|(?!(?P=q1))[^\\\n])*)(?P=q1)\s*(?:#.*)?$)',
                        re.S | re.M)
_COMMENT = re.compile(r"^\s*(?:#(?![!])|//+|/\*+|\*(?!/))\s?(?P<text>.*?)\s*(?:\*/)?\s*$")
_GHERKIN_STEP = lazy_re(r"(?:Given|When|Then|And|But)\b", re.I)
_NOT_PROSE = re.compile(r"^(?:noqa|type:\s*ignore|pragma|eslint|@ts-|nolint|istanbul|c8 )", re.I)
_SUBTEST = re.compile(r"""\b(?:t|s|b)\.Run\(\s*(?P<q>["`])(?P<text>[^"`\n]+)(?P=q)""")
_TABLE_NAME = re.compile(r"""^\s*\{?\s*(?:name|desc|description|title)\s*:\s*(?P<q>["'`])"""
                         r"""(?P<text>[^"'`\n]+)(?P=q)""", re.M)
_EXCEPTION_PATTERNS = (
    re.compile(r"\b(?:pytest\.raises|assertRaises(?:Regexp?|Regex)?|raises)\s*\(\s*"
               r"\(?(?P<names>[\w.]+(?:\s*,\s*[\w.]+)*)"),
    re.compile(r"\.(?:toThrow|toThrowError|rejects\.toThrow|toThrowErrorMatchingSnapshot)\s*\("
               r"\s*(?P<names>[A-Za-z_$][\w.$]*)"),
    re.compile(r"\b(?:rejects|throws)\s*\(\s*[^,()]*(?:\([^()]*\))?[^,()]*,\s*"
               r"(?P<names>[A-Z][\w.]*)"),
    re.compile(r"\bassertThrows\s*\(\s*(?P<names>[\w.]+)\.class"),
    re.compile(r"\b(?:errors\.Is|ErrorIs)\s*\([^,()]*(?:,\s*[^,()]*)?,\s*(?P<names>[\w.]+)\s*\)"),
)
_EXPECTS_ERROR = re.compile(
    r"\.(?:toThrow\w*|rejects)\b|\bassert\.(?:throws|rejects)\s*\(|\bpytest\.raises\s*\("
    r"|\bassertRaises\w*\s*\(|\bassertThrows\s*\(|\berr\s*==\s*nil\b"
    r"|\b(?:assert|require)\.(?:Error|ErrorIs|ErrorAs|Panics)\s*\(|\bshould\.throw\b"
    r"|\b(?:assert|require)\.NotNil\s*\(\s*\w+\s*,\s*err\w*\b"
    r"|\.Assert\(\s*err\w*\s*,\s*qt\.(?:IsNotNil|ErrorMatches|ErrorIs|ErrorAs)\b")
# A check that nothing is thrown (`.not.toThrow()`, over lines too): no error expected.
_NO_THROW = re.compile(r"\.\s*not\s*\.\s*toThrow\w*\b(?:\s*\([^()]*\))?")
_STRING_LITERAL = re.compile(r"""'([^'\n]{1,80})'|"([^"\n]{1,80})"|`([^`\n]{1,80})`""")
_NUMBER_LITERAL = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def _description(case: TestCase) -> str:
    parts: list[str] = []
    lines = case.body.splitlines()
    if case.file.lower().endswith(".py"):
        decl = next((i for i, line in enumerate(lines) if re.match(r"\s*(?:async\s+)?def\s", line)),
                    None)
        if decl is not None:
            colon = next((i for i in range(decl, len(lines)) if lines[i].rstrip().endswith(":")),
                         decl)
            doc = _DOCSTRING.match("\n".join(lines[colon + 1:]))
            if doc:
                parts.append(" ".join((doc.group("doc") or doc.group("line") or "").split()))
    decl = next((i for i, line in enumerate(lines) if line.strip()
                 and not _COMMENT.match(line) and not line.lstrip().startswith("@")), len(lines))
    for i, line in enumerate(lines):
        comment = _COMMENT.match(line)
        text = comment.group("text") if comment else ""
        # Comments above the test describe it; inside, only Given/When/Then steps do (the
        # rest annotate code and stay part of the body).
        if text and not _NOT_PROSE.match(text) and (i < decl or _GHERKIN_STEP.match(text)):
            parts.append(text)
    parts.extend(m.group("text") for m in _SUBTEST.finditer(case.body))
    parts.extend(m.group("text") for m in _TABLE_NAME.finditer(case.body))
    return "\n".join(parts)


def _subtest_spans(case: TestCase) -> dict[str, tuple[int, int]]:
    """A Go test's subtests, in order, each once, by their names as the source writes them (a
    `t.Run("...")` name, or a table row's `name: "..."`, the rows run by `t.Run(tc.name,
    ...)`): the first and last line of the body each takes (a `t.Run` call's function, a
    table row's braces). None for a test in another language, or a subtest whose braces are
    not found."""
    if not case.file.endswith(".go"):
        return {}
    lines = case.body.split("\n")
    pairs = brace_pairs(lines, go=True)
    spans: dict[str, tuple[int, int]] = {}
    for pattern, row in ((_SUBTEST, False), (_TABLE_NAME, True)):
        for found in pattern.finditer(case.body):
            name = found.group("text")
            at = case.body.count("\n", 0, found.start("text"))
            column = found.start("text") - (case.body.rfind("\n", 0, found.start("text")) + 1)
            if row:  # the innermost braces around the row's name
                block = max(((o, c) for o, c in pairs if o <= (at, column) <= c), default=None)
            else:  # the function the `t.Run` call is handed, opened on its line or the next
                block = min(((o, c) for o, c in pairs if o > (at, column)
                             and o[0] <= at + 1), default=None)
            if block is not None and name not in spans:
                spans[name] = (min(at, block[0][0]), block[1][0])
    return spans


def _without_lines(body: str, spans: Iterable[tuple[int, int]],
                   keep: tuple[int, int] = (-1, -1)) -> str:
    """`body` without the lines of `spans`, but those of `keep`."""
    gone = {i for start, end in spans for i in range(start, end + 1)
            if not keep[0] <= i <= keep[1]}
    return "\n".join(line for i, line in enumerate(body.split("\n")) if i not in gone)


def subtests(case: TestCase) -> tuple[tuple[str, str], ...]:
    """A Go test's subtests (`_subtest_spans`), each as its name and the test's body without
    the other subtests' lines: what it runs. None for a test in another language: its cases
    are tests of their own."""
    spans = _subtest_spans(case)
    return tuple((name, _without_lines(case.body, spans.values(), span))
                 for name, span in spans.items())


def run_subtests(case: TestCase) -> tuple[tuple[str, str, int], ...]:
    """A Go test's `t.Run("...")` subtests (not its table's rows, which share one function),
    each as its name, its own lines (the call and the function it is handed) and the line of
    its file the call is on."""
    spans = _subtest_spans(case)
    named = {m.group("text") for m in _SUBTEST.finditer(case.body)}
    lines = case.body.split("\n")
    declared = next((i for i, line in enumerate(lines) if line.startswith("func ")), 0)
    return tuple((name, "\n".join(lines[start:end + 1]), case.line + start - declared)
                 for name, (start, end) in spans.items() if name in named)


def subtest_case(case: TestCase, name: str) -> TestCase | None:
    """A Go test's subtest `name` (as its source writes it: `_subtest_spans`) read as a test
    of its own: named as `go test` names it (`TestX/name`, its test's name leading: a subtest
    is part of what its test is for), its own lines (the `t.Run` call and its function, or the
    table row) as its body, on the line of its file they start on. None where `case` has no
    such subtest."""
    span = _subtest_spans(case).get(name)
    if span is None:
        return None
    lines = case.body.split("\n")
    declared = next((i for i, line in enumerate(lines) if line.startswith("func ")), 0)
    return TestCase(file=case.file, name=f"{case.name}/{name}",
                    line=case.line + span[0] - declared,
                    body="\n".join(lines[span[0]:span[1] + 1]))


def without_subtests(case: TestCase, names: Iterable[str]) -> TestCase:
    """`case` (a read Go test) without the subtests `names` (as its source writes them): their
    lines gone from its body, their names from its description. A subtest the runner skipped
    ran none of its checks, and says nothing of what the test checks."""
    spans = _subtest_spans(case)
    gone = [spans[name] for name in names if name in spans]
    if not gone:
        return case
    dropped = {name for name in names if name in spans}
    return replace(case, body=_without_lines(case.body, gone), description="\n".join(
        line for line in case.description.split("\n") if line not in dropped))


# A row's field its run-time name reads: `t.query` in `t.input + " with " + t.query`, not a
# method called (`t.input.toString()` reads `t.input`; `JSON.stringify` is no field).
_NAME_FIELD = lazy_re(r"(?<![\w$.])[A-Za-z_$][\w$]*\.(?P<field>[A-Za-z_$][\w$]*)\b(?!\s*\()")


# A field of an object row that a `.each` name template prints: `$query` (jest, vitest).
_TEMPLATE_FIELD = lazy_re(r"\$(?P<field>[A-Za-z_]\w*)")


def named_rows(case: TestCase) -> tuple[str, ...]:
    """For a JS/TS test named at run time from the rows of the table it loops over
    (`test(t.input + " with " + JSON.stringify(t.query), ...)`), or from the object rows of
    its `.each` table by a template (`test.each(tests)("$input with $query", ...)`), each
    row's name as the runner gives it: the values of the fields the name reads (`"/" { param:
    { nested: ... } }`), in the table's order. () for any other test."""
    own = case.name.rsplit(" > ", 1)[-1]
    fields = {m.group("field") for m in _NAME_FIELD.finditer(own)} if case.spoken else set()
    if not fields:  # a `.each` table's name template: `"$input with $query"`
        fields = set(_TEMPLATE_FIELD.findall(own))
    if not case.body_line:
        return ()
    table = "\n".join(case.body.split("\n")[:max(case.line - case.body_line, 0)])
    if not fields:  # named by the key of an object table it loops over
        return _object_keys(table, own) if case.spoken and _JS_NAME.fullmatch(own) else ()
    rows: dict[tuple[int, int], list[str]] = {}
    for field in sorted(fields):
        for key in re.finditer(rf"""(?<![\w$])["']?{re.escape(field)}["']?\s*:\s*""", table):
            row = table_rows.enclosing(table, key.start(), key.end())
            if row is None or table[row[0]] != "{":
                continue
            rows.setdefault(row, []).append(table[key.end():_value_end(table, key.end(), row[1])])
    return tuple(" ".join(values) for _, values in sorted(rows.items()))


_JS_NAME = lazy_re(r"[A-Za-z_$][\w$]*")
# A loop over an object table's keys: `for (const [name, row] of Object.entries(cases))`,
# `for (const name of Object.keys(cases))`, `for (const name in cases)`
_KEYED_LOOP = lazy_re(
    r"\bfor\s*\(\s*(?:const|let|var)\s+(?:\[\s*(?P<entry>[A-Za-z_$][\w$]*)\s*,[^\]]*\]\s+of\s+"
    r"Object\.entries\s*\(|(?P<key>[A-Za-z_$][\w$]*)\s+(?:of\s+Object\.keys\s*\(|in\s+))\s*"
    r"(?P<table>[A-Za-z_$][\w$]*)")


def _object_keys(table: str, name: str) -> tuple[str, ...]:
    """The keys of the object literal `table` (a test's group code before it) declares and
    loops over with `name` as each key (`_KEYED_LOOP`: superjson's `testFunc(testName, ...)`
    over `Object.entries(cases)`), as written, in order: what the runner names each run by.
    () where it loops over no such literal, or one holding a key that is no string."""
    loop = next((m for m in _KEYED_LOOP.finditer(table)
                 if name in (m.group("entry"), m.group("key"))), None)
    if loop is None:
        return ()
    masked = table_rows.masked_js(table)
    declared = re.search(rf"(?<![\w$.]){re.escape(loop.group('table'))}\b", masked)
    opened = re.compile(r"(?<![=!<>])=(?![=>])\s*\{").search(masked, declared.end()) \
        if declared else None
    found = table_rows.elements(masked, opened.end() - 1) if opened else None
    if found is None:
        return ()
    keys = []
    for start, end in found[0]:
        key = re.match(r"""(['"`])((?:\\.|(?!\1).)*)\1\s*:|([A-Za-z_$][\w$]*)\s*:""",
                       table[start:end])
        if key is None:
            return ()
        keys.append(key.group(2) if key.group(2) is not None else key.group(3))
    return tuple(keys)


def _value_end(table: str, at: int, row_end: int) -> int:
    """Where the value written at `at` in a row (ending at `row_end`) ends: past the bracket
    closing an object or array, the quote closing a string, else at the next comma."""
    if table[at] in "[{(":
        depth = 0
        for i in range(at, row_end):
            depth += table[i] in "[{("
            depth -= table[i] in "]})"
            if depth == 0:
                return i + 1
        return row_end
    if table[at] in "'\"`":  # a string, commas and all
        return table.find(table[at], at + 1) + 1 or row_end
    return next((i for i in range(at, row_end) if table[i] in ",\n"), row_end)


def _exceptions(body: str) -> tuple[str, ...]:
    found: set[str] = set()
    for pattern in _EXCEPTION_PATTERNS:
        for match in pattern.finditer(body):
            for name in match.group("names").split(","):
                short = name.strip().rsplit(".", 1)[-1]
                if short and (short[0].isupper() or short.startswith("Err")):
                    found.add(short)
    return tuple(sorted(found))


def _asserted(body: str) -> tuple[str, ...]:
    # late: its patterns are compiled while the suite runs, not before the review's run
    from gaia_lib.evidence.then_literals import assertion_spans

    found: set[str] = set()
    for span in assertion_spans(body):
        for match in _STRING_LITERAL.finditer(span):
            found.add(next(g for g in match.groups() if g is not None))
        masked = _STRING_LITERAL.sub(" ", span)
        found.update(m.group(0) for m in _NUMBER_LITERAL.finditer(masked))
    return tuple(sorted(found))


def read(case: TestCase) -> TestCase:
    """`case` with what it says: description, exceptions, asserted literals, expects_error
    (a field already set is kept)."""
    exceptions = case.exceptions or _exceptions(_NO_THROW.sub("", case.body))
    return replace(case, description=case.description or _description(case),
                   exceptions=exceptions, asserted=case.asserted or _asserted(case.body),
                   expects_error=(case.expects_error or bool(exceptions)
                                  or expects_error(case.body)))


def expects_error(code: str) -> bool:
    """Whether `code` (a test, or one of its checks) expects an error of some type."""
    return _EXPECTS_ERROR.search(_NO_THROW.sub("", code)) is not None


def denies_error(code: str) -> bool:
    """Whether `code` checks that nothing is thrown (`.not.toThrow()`)."""
    return _NO_THROW.search(code) is not None


def _declared(path: str, text: str, code: Mapping[str, str]) -> list[TestCase]:
    lines = text.splitlines()
    lower = path.lower()
    suffix = lower[lower.rfind(".") :] if "." in lower else ""
    if suffix == ".py":
        return with_constants(_with_python_tables(list(_python_cases(path, text, lines)),
                                                  lines),
                              text, imported_constants(text, code))
    if suffix in (".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs"):
        aliased = _aliases_read(lines)
        found = _with_js_group_tables(
            _with_js_rows(_with_js_tables(list(_js_cases(path, aliased)), aliased)), aliased)
        return found if aliased is lines else [_alias_restored(case, aliased, lines)
                                               for case in found]
    if suffix == ".bats":
        return list(_bats_cases(path, lines))
    if suffix == ".go":
        return with_go_constants(
            _with_go_helpers(_with_go_tables(
                [c for c in _line_pattern_cases(path, lines, _GO_TEST, go=True) if _go_runs(c)],
                lines), lines), path, text, code)
    if suffix in (".java", ".kt"):
        return list(_jvm_cases(path, lines))
    if suffix == ".dart":
        return list(_line_pattern_cases(path, lines, _DART_TEST))
    if suffix == ".swift":
        return list(_line_pattern_cases(path, lines, _SWIFT_TEST))
    if suffix in (".c", ".cc", ".cpp"):
        return list(_line_pattern_cases(path, lines, _C_TEST))
    return []


_PY_CLASS_BASES = re.compile(r"^class[ \t]+(?P<name>\w+)[ \t]*\((?P<bases>[^)]*)\)", re.M)
_PY_TOP_CLASS = re.compile(r"^class[ \t]+(\w+)", re.M)


def class_bases(text: str) -> Iterator[tuple[str, str]]:
    """Python: (class, base) for each base of each top-level class of `text`, a base by its
    last name (`mixins.CacheTestMixin`: `CacheTestMixin`)."""
    for match in _PY_CLASS_BASES.finditer(text):
        for base in match.group("bases").split(","):
            short = base.strip().rsplit(".", 1)[-1]
            if short.isidentifier():
                yield match.group("name"), short


def defines_base_of(module: str, text: str) -> bool:
    """Python: whether `module` (its text) defines a top-level class that a top-level class
    of `text` inherits."""
    bases = {base for _, base in class_bases(text)}
    return bool(bases) and any(name in bases for name in _PY_TOP_CLASS.findall(module))


def inherited(files: Iterable[tuple[str, str]], cases: Iterable[TestCase]
              ) -> dict[str, tuple[str, ...]]:
    """Python: a test method defined in a base class (a mixin's shared tests in
    `tests/__init__.py`) runs as a method of every test class that inherits it, and the runner
    names it so. Per such test id, the ids it runs under (`tests/test_lru.py::LRUCacheTest::
    test_update` for `tests/__init__.py::CacheTestMixin::test_update`), through any depth of
    inheritance among the top-level classes of `files` ((path, text) pairs); a base is known by
    its last name (`mixins.CacheTestMixin`)."""
    subclasses: dict[str, list[tuple[str, str]]] = {}  # base name -> [(file, class)]
    for path, text in files:
        if not path.endswith(".py"):
            continue
        for name, short in class_bases(text):
            subclasses.setdefault(short, []).append((path, name))
    out: dict[str, tuple[str, ...]] = {}
    for case in cases:
        klass, _, method = case.name.rpartition("::")
        if not case.file.endswith(".py") or not klass:
            continue
        own = (case.file, klass.rsplit("::", 1)[-1])
        seen = {own}  # circular bases end here
        todo = [own[1]]
        while todo:
            for found in subclasses.get(todo.pop(), ()):
                if found not in seen:
                    seen.add(found)
                    todo.append(found[1])
        if len(seen) > 1:
            out[case.test_id] = tuple(sorted(f"{file}::{sub}::{method}"
                                             for file, sub in seen - {own}))
    return out


MAX_TEST_FILE_BYTES = 1 << 20  # a larger "test file" is data, not a test


@dataclass(frozen=True)
class TestFile:
    path: str
    text: str
    readable: bool  # False: binary / not UTF-8 / too large; text is empty then


def read_test_file(project: Path, rel: str) -> TestFile:
    path = project / rel
    try:
        data = path.read_bytes()[: MAX_TEST_FILE_BYTES + 1]
    except OSError:
        return TestFile(rel, "", False)
    if len(data) > MAX_TEST_FILE_BYTES or b"\x00" in data:
        return TestFile(rel, "", False)
    try:
        return TestFile(rel, data.decode("utf-8"), True)
    except UnicodeDecodeError:
        return TestFile(rel, "", False)


# A JS/TS test call whose title opens on the line below it (`it(\n\t"should ...",\n\tasync
# () => {...},\n\t15000\n)`, as a formatter lays out a call given a time limit): a test the
# runner runs, though `split_tests` reads no case of it.
_JS_TITLE_BELOW = lazy_re(r"(?<![\w$.])x?(?:it|test)(?:\.\w+)*[ \t]*\([ \t]*\r?\n[ \t]*['\"`]")
JS_SUFFIXES = (".js", ".jsx", ".ts", ".tsx", ".mjs", ".cjs", ".mts", ".cts")


def title_below_line(rel: str, text: str) -> int | None:
    """The line (1-based) of the first JS/TS test call in `text` whose title opens on the
    line below it (`_JS_TITLE_BELOW`), else None."""
    found = _JS_TITLE_BELOW.search(text) if rel.endswith(JS_SUFFIXES) else None
    return None if found is None else text.count("\n", 0, found.start()) + 1


def holds_tests(project: Path, rel: str) -> bool:
    """Whether a project file declares tests, whatever its name (`testtimeparse.py`, collected
    by a project's own `python_files`): a file that does is no code under test. A JS/TS file
    declares them too where a test call's title opens on the line below it
    (`_JS_TITLE_BELOW`: tapable's `__tests__/SyncHooks.js`, which jest runs, had been no test
    file to `gaia init` and to the review's run)."""
    found = read_test_file(project, rel)
    return found.readable and (bool(split_tests(rel, found.text))
                               or title_below_line(rel, found.text) is not None)
