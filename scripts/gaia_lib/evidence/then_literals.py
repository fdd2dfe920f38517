"""Literals an acceptance criterion's Then clause promises, and whether a test asserts them.

`then_literals` pulls the checkable values out of a Then clause: HTTP status codes, quoted
strings ('…' "…" `…` “…”), numbers, enum-like names (UPPER_CASE, CamelCase; not the
names of formats, protocols, languages and products, `TOML`, `JavaScript`: prose; the
matcher's `mentioned` keeps a product's, as the words a test may share) and
true/false/null (each kept as the AC spells it too, `None`, for messages: `Literal.shown`).
`asserted_literals` reports which of them appear inside an assertion of a
test's source (a string the Then writes in double quotes, `"2"`, also in any quotes of the
test's code, `'2'`, for the review's reading: `quoted_in`) (`assert`, `expect(…)…` and
`expect<Type>(…)…`, `assertEquals(`, `assert_eq!`,
`[ "$status" -eq … ]`, Go `if … { t.Errorf(…) }`, `c.Assert(…)` …; true/false/null also by
the assertions named for them: `assertIsNone(`, `toBeNull()`, `assert.Nil(`, `assertFalse(`
…): the evidence behind a "weak assertion" finding. A Go test comparing the error a call
gave with a named one (`_, err := Parse("123")` then `if err != errStrSize {`) asserts what it
handed that call, the input it checks is refused (`asserted_literals`; not the matcher's);
one comparing what a call gave with a name (`if err.Error() != estr {`) asserts the literal
value that name was given (`estr := "schema: interface must be a struct"`), whatever the name;
a status the Then promises, by its code or as a quoted status line (`405 Method Not
Allowed`), is asserted by its code or by Go's net/http name for it
(`http.StatusMethodNotAllowed`).
A table-driven test's data table holds its expected values, so it
counts as an assertion too: a pytest `@pytest.mark.parametrize(…)` decorator (with the
table its module declares where it names one: `@pytest.mark.parametrize("s, expected",
PARSE_TEST_CASES)`), a Go
`[]struct{…}{…}` table (or a map of rows, or rows of a named type), a JS `.each(…)` table
(a tagged-template one, ``.each`a | expected ${"x"} | ${["x"]}` ``, by the code of its
cells, row by row: `table_rows.template_tables`; to a reader of strings it is one string).
A JS `.each([...])` table of array rows whose function checks one cell against the code's
result (`toEqual(expected)`) and hands another only to the code it runs
(`compactField(values)`, `const r = f(a)`) counts without that input column: the code's
input is no value the test checks (the `2` of `[1, 2, 3]` is no "step of 2"), and a row's
input is every row's check where the table is read whole (`_without_inputs`).
An inline snapshot's text (`toMatchInlineSnapshot(`[ "foo", "Bar", ]`)`) is the value its
check expects, as `toEqual(["foo", "Bar"])` writes it: `templates_opened` gives it, and a
tagged-template table, as code.
A loop over literal values whose variable an assertion uses (`for spec in ("css1", "css4"):`
then `assertRaises(ValueError, f, spec=spec)`; JS `for (const x of [...])`) is such a table too:
its header counts as part of the assertion; so does the statement giving a name the loop runs
over a literal table, where it is the one statement giving that name a value (`test_pairs =
(("#09c", "#0099cc"), ...)` then `for raw, normalized in test_pairs:` and `assert normalized
== normalize_hex(raw)`; `enumerate(test_pairs)`, JS `const cases = [...]` alike), the numbers
of its rows' tuples too (`(218, 165, 32)`).
A call of a function the test defines whose body checks (`const check = (i, o) =>
expect(f(i)).toEqual(o)`, `function check(`, Python's nested `def check(`) is an assertion
too: `check(row.input, row.output)` in a loop makes the loop's table the checked values, as an
`expect` written in the loop does; what a helper whose checks only ask for a result is handed
it checks not (`checked_literals`). So is a Go test's call of a function value it defines
whose body can fail the test (`f := func(s string, want uint64) { ... t.Fatalf(...) }` then
`f("65536", 0)`, one case a call), for the values a test asserts (`asserted_literals`; not the
matcher's): fastjson's number tests had read as asserting none of the values they hand it.
So is a JS test's call of a function its file defines
outside it, in the `describe` around it (`var check = function(r, e) { expect(...) }`:
`js_check_calls`): what it hands one is what it asserts.
An expected value kept in a variable named for it (`want := []string{"a", "b"}` then
`if !reflect.DeepEqual(got, want)`, `expected = ...` then `assert result == expected`) is
asserted where the variable is: its assignment counts as part of the assertion; for the
values a test asserts (`asserted_literals`), each `+=` adding to it too (`expected := "a\\n"`
then `expected += "b"`).
A function named as a call with no arguments or with one-letter parameters (`dumps()`,
`FtoaWithDigits(f, n)`) is the API the Then speaks of, not a value. A quoted list of quoted
values (`["foo", "foobar"]`) promises each value: Go's `[]string{"foo", "foobar"}` and
Python's `("foo", "foobar")` assert the same list.
A name written in backticks (`dataUpdatedAt`, `state.data`, `max_age`: an identifier
starting in lower case, not true/false/null; `ValueError`, `PENDING`, `Version` are values a
test asserts by name) names the field or property the Then speaks of, not a value it
promises, unless it stands where a value does: after `is`, `equals`, `returns`, `is set
to`, ... ("the status is `success`"), at the end of what a word giving a value gives ("the
result is the lower-case scheme `http`"; not after a preposition, "the value of `x`", nor
before the noun it qualifies, "returns the `data` field"), as the whole of a parenthesis
after a clause giving a value ("it returns the scheme in lower case (`http`)"; not "the
timestamp is set (`dataUpdatedAt`)"), or in a list after one ("gives `lo` and `ok`"); nor
is a lone sign (`-`, `+`, `/`: prose's dash, an
operator or a separator the Then names, which any string a test asserts may hold); nor is a
keyword argument in backticks ("as a generator when `iter=True`": what the call is given, which
a test may pass by position; natsort's test of it calls `order_by_index(given, index, True)`),
nor a JS option written as an object literal writes it, but where a value stands ("unless the
caller passes `cancelRefetch: false`": what solid-query's test hands `fetchNextPage`, which
had drawn "no test of AC6 asserts any of `cancelRefetch: false`"; "the state is `isPaused:
true`" promises it),
nor a call in backticks but where a value stands, as a name's ("equals `Version('1.0')`";
`parse('2d')` returns ...: the call the Then speaks of, whose input any check of its result
holds), nor, beside a value the Then does promise, one it names as what the code
is given ("`1m` for 60000", "for the input 'foo'").
A value holding a placeholder beside its fixed text (`tanstack-query-<queryHash>`,
`E<N>-S<M>`: a name in angle brackets with a capital or an underscore, as no HTML tag is
written; an ellipsis where a value stands, `Range(min=..., max=...)`, not `Loading...`; a
tuple or list of plain lower-case names in backticks, `(key, value)`, `[old, new]`, no keyword
among them; a lower-case word in angle brackets that is no HTML element, beside words,
`<key> is not allowed`, or quoted in them, `Listener not added for "<event>"`; a name with a
star for its middle, `get_*_string`; a number whose digits trail off in an ellipsis,
`0.1000000000000000055...`, `3.14159…`) writes a pattern
of values, which a test builds from its parts
(`` `${prefix}-${queryHash}` ``), not one it can assert as written. Nor is a file name's
extension naming the kind of file after it ("a compiled `.mo` file opened with `mofile`
gives a `MOFile`"): the file is what the code is given.
A value in a condition the Then sets its promise under ("half up when the context asks for
`ROUND_HALF_UP`", "unless `DEBUG` is set") is what the code is given, which a test sets before
asserting what comes of it: no promised value (py-moneyed's rounding test, setting
`ROUND_HALF_UP` and asserting the amounts it rounds to, had drawn a warning that no test
asserts it); one the condition says comes of it still is ("if the token expired `EXPIRED` is
returned"), and so is the code the Then says it agrees with ("accepted exactly when Go's own
`encoding/xml` accepts it").
What the Then says the code gives no longer ("`MultipleInvalid` is raised instead of a
`TypeError`", "rather than `None`") is no promised value either: a test checks the other.
Nor is what it says an input lacks ("a list key without `[]` is refused", "missing its
`@`"), which says which input, as a condition does: goji/param's list AC had drawn "no test
of AC5 asserts any of `[]`", its tests sending the key `Slice` and checking the error.
A package's type naming the kind of value the code gives ("a `time.Time` value", "a
`json.Number` object"; not an error's type) is no promised value either.
A power written with a name for its base or exponent (`2^n`, `n^2`, `2**k`) is a formula for
the value, which a test checks for its own n (`16` for four elements): no literal.
A Go guard whose whole condition is a name or a call (`if b.IsSubset(a) { t.Error(...) }`)
fails where it is true: it checks a promised `false`, as `if !ok {` checks a `true`.
A Go package a Then names by its import path as the code to agree with ("accepted exactly
when Go's own `encoding/json` accepts it") is asserted by a check comparing with what a call
of it gives (`exp := json.Valid(in)` then `if got != exp {`: fastjson's validation test had
read as asserting none of `encoding/json`, `01`), for the values a test asserts
(`asserted_literals`; not the matcher's).
A Python assertion of a name, a property or a call alone (`assert v.is_stable`, `assert
is_valid(x)`) checks a promised `true`, its negation (`assert not v.is_draft`) a `false`, as
`assertTrue` and `assertFalse` do (`asserted_literals`, the review's reading; not the
matcher's, for which such a check agrees with no value of the AC).
A statement continued on its next line by a backslash (`assert span(br()).render() == \\`
then the expected markup on the line under it) is one assertion, the value on the next line
asserted by it, as Python reads it (inside a string too, where the backslash and the line break
are no part of the value), for the values a test asserts (`asserted_literals`) and for a test
whose checks only ask for a result (`presence_only`); not the matcher's: dominate's XHTML test,
whose `assert ... == \\` has `'<span>hi<br />there</span>'` on its next line, had drawn a
warning that no test asserts `<br />`, and a comment test whose one check, `assert d.render()
!= \\` over `'Hi there'`, asks only that a result is not one other value had counted for its
AC, where the same check on one line does not.
A number written as a term of a sum or a product of numbers alone (`Color(232+23)`, a
palette's index of gray 23 as the code's table builds it) is asserted, for the values a test
asserts (`checked_in`; not the matcher's, for which any term of a sum is none): aurora's
capped-gray test had drawn "no test of AC3 asserts any of `23`".
A number joined by a hyphen to `bit` (`a 32-bit integer`, `the 4-bit version number`, `the
largest unsigned 64-bit value`), or to `byte`, `character` or `digit` (`the 3-byte machine
identifier`, `its 20-character text`, `a 6-digit code`) is the width of the kind of value the
Then speaks of, not a value the code gives: no literal (xid's "saved as its 20-character
text" had drawn a warning that no test asserts `20`, of tests asserting the text; properties'
"a number too large for a 32-bit integer fails
as out of range" had drawn a warning that no test asserts `32`).
A number naming a document or a part of one (`RFC 3986`, `section 5.2.4`, `PEP 440`, `§ 3`)
says where the behaviour is written down, not a value the code gives: no literal (the
matcher's `mentioned` keeps it, as the words a test may share).
A clock time written bare (`10:30`, `10:30:50`) is one value, as its quoted spelling is, not
the two or three numbers it is written with: "its next run is at 10:30" is checked by a check
writing `"10:30"` (or `time(10, 30)`, its parts as consecutive arguments), not by one
comparing some other job's minute with 30 (`assert next.minute == 30` after scheduling
"10:30" in another time zone, the hour 16). So is a version or an address written bare
(`4.0.0`, `1.2.3-beta.1`, `10.0.0.1`): "4.0.0, minor and patch reset to 0" is checked by a
check of "4.0.0", not by one of the `0` alone.
A moment written as a UTC date and time (`1970-01-01 00:00:00 UTC`, `2021-03-04T05:06:07Z`)
is checked by a check writing it, with Go's `+0000` before its `UTC` or not, or making that
moment from its Unix time: `time.Unix(0, 0)`, `datetime.fromtimestamp(0, ...)`, `new Date(0)`
(milliseconds) (a fake clock's "starts at the Unix epoch (`1970-01-01 00:00:00 UTC`)" had
drawn a warning that no test asserts it, its test comparing the time with `time.Unix(0, 0)`).
`then_literals(..., mentioned=True)` keeps both, as strings: the matcher's evidence (a test
asserting on the field a Then names checks what it speaks of), not a promise a test must
assert.
An object or array literal (`{ red: 'Five', sel: 'Seven' }`) is found however a test lays it
out: over lines, with trailing commas, in the other quotes (`_as_code`).
An empty list (`[]`) is asserted where a check writes one as a value (`== []`, Go's
`[]string{}`), not by the brackets of a type (Go's `[]string{"A", "B"}`, TypeScript's
`string[]`) or of a key (`"Slice[]"`): goji/param's tests of a table `fruityNames =
[]string{...}` and of the key `"PSlice[]"` had been said to assert `[]`.
An HTML element's start tag written bare (`<del>`, `<ins>`) is asserted by a check writing
that element with its attributes (`<del style="background:#ffe6e6;">`): the same element.
A literal is found as a test writes it: raw (Go's `foo\\*`, Python's r'foo\\*') or escaped in
a quoted string whose backslashes escape (Go's, JS's, Python's "foo\\\\*"): an assertion and a
table are read as written and with those strings decoded (`decoded`). A value the Then
itself writes with escapes (`\\033[1;32m`, `\\x1b[0m`: a terminal's colour codes) is also
found as the characters they spell (`spelled_out`), for the values a test asserts
(`asserted_literals`; not the matcher's), where one of them is a character no one types
(ESC, a line break; `foo\\*` is no `foo*`): a Go example's `// Output:` comment holds the ESC
character itself, and a test may write `"\\x1b[1;32m"` for the AC's `\\033[1;32m` (aurora's
example of bold green text had drawn "no test of AC5 asserts any of `\\033[1;32m99\\033[0m`").
`check_line` finds where in its file a check `presence_only` names is.
`promises_a_result` tells a Then promising what the code returns ("the number 900 is
returned") from one promising only that it accepts its input ("`1.2.3` is accepted",
"returns no error"): a check only that the code does not throw or return an error
(`checked_literals`) checks the values it is handed for the second alone.
`written_values` reads the values an AC writes anywhere, quoted or bare (`1.2-beta.3`,
`maxsize=0`, `CRON_TZ=<zone>` by its fixed part), `empty_values` the empty ones it writes as
code (`""`, `[]`: evidence only beside another value of the AC, in one row), and
`table_strings` / `in_table` whether a test's data table holds one: its rows are the inputs
it checks.
A unittest class's `setUp` giving an attribute one literal (`self.expected = '1.0 KiB'`, then
`assertEqual(str(size), self.expected)` in a test of it) hands each test that value: a test
comparing with `self.expected` asserts the literal (`set_up_values`, `with_set_up_values`:
the review's reading, for what a test asserts; not the matcher's), as one comparing with a
class attribute does (`testcases.with_constants`); not an attribute the file assigns
anywhere else too. Pure.
"""

from __future__ import annotations

import ast
import calendar
import dataclasses
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache

from gaia_lib.core import pyast
from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence.table_rows import elements, masked_js, template_tables
from gaia_lib.evidence.words import CLOCK, STOP_WORDS

STATUS, STRING, NUMBER, ENUM, KEYWORD = "status", "string", "number", "enum", "keyword"


@dataclass(frozen=True)
class Literal:
    kind: str  # status | string | number | enum | keyword
    value: str  # normalised: quotes removed; keywords lower-case (true/false/null)
    # as the AC writes it (`None`, `nil`), for messages; not part of the literal's identity
    spelled: str = field(default="", compare=False)

    @property
    def shown(self) -> str:
        """The literal as the AC spells it, in backticks: how a message names it."""
        return f"`{self.spelled or self.value}`"


# An empty pair of double quotes (`""`, the empty string an AC names) is quoted text too,
# holding no literal: read as no quote, it pairs each quote after it with the wrong one
# (`"" and "0" are valid` gave ` and ` as a value).
_QUOTED_RE = re.compile(
    r"(?<![\w])'([^'\n]+)'(?![\w])"  # 'single' (not an apostrophe inside a word)
    r'|"([^"\n]*)"'
    r"|`([^`\n]+)`"
    r"|“([^”\n]*)”"
    r"|‘([^’\n]+)’"
)
# A minus after a digit or a percent sign is a range's dash ("0-255", "0%-100%"): 255, 100.
# A version or an address written bare (`4.0.0`, `1.2.3-beta.1`, `v2.0.0+build.5`,
# `10.0.0.1`): one value, as its quoted spelling is, not the numbers it is written with (the
# `0` of "4.0.0, the patch reset to 0" is checked by a check of "4.0.0")
_DOTTED_RE = lazy_re(r"(?<![\w.-])v?\d+(?:\.\d+){2,}(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?"
                     r"(?:\+[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?(?![\w-]|\.\w)")
_NUMBER_RE = re.compile(r"(?<![\w.])(?<![A-Za-z]-)((?:(?<![\d%])-)?\d+(?:\.\d+)?)(?!\.?\d)"
                        r"(?![\w])")
# A number naming a document or a part of one ("RFC 3986 section 5.2.4", "PEP 440", "§ 3"):
# where the behaviour is written down, not a value the code gives.
_REFERENCE_RE = lazy_re(r"\b(?:RFC|PEP|ISO|IEEE|ECMA|[Ss]ections?|[Cc]hapter|[Aa]ppendix)"
                        r"[\s-]*\d+(?:\.\d+)*(?![\w.]\w)|§+\s*\d+(?:\.\d+)*")
# A power written with a name for its base or exponent (`2^n`, `n^2`, `2**k`): a formula for
# the value, which a test checks for its own n (`16` for four elements), not the number.
_FORMULA_RE = lazy_re(r"(?<![\w.])(?:\d+\s*(?:\^|\*\*)\s*[A-Za-z]\w*"
                      r"|[A-Za-z]\w*\s*(?:\^|\*\*)\s*\d+)(?![\w.])")
# A number joined by a hyphen to `bit`, `byte`, `character` or `digit` (`32-bit integer`,
# `3-byte machine identifier`, `20-character text`): the width of a kind of value.
_WIDTH_RE = lazy_re(r"(?<![\w.-])\d+-(?:bits?|bytes?|char(?:acter)?s?|digits?)\b")
_STATUS_CONTEXT_RE = lazy_re(
    r"\b(status|http|code|error|response|respon\w*|return\w*|reject\w*|fail\w*)\b", re.IGNORECASE
)
_UPPER_RE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\w-])")
_CAMEL_RE = re.compile(r"(?<![\w-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+(?![\w-])")
_KEYWORD_RE = re.compile(r"(?<![\w-])(true|false|null|True|False|None|nil)(?![\w-])")
_KEYWORD_VALUE = {"True": "true", "False": "false", "None": "null", "nil": "null"}
# How an assertion spells a keyword: the value in each language, and the assertions named
# for it (`assertIsNone(x)`, `expect(x).toBeNull()`, `assert.Nil(t, x)`, `qt.IsNil`,
# `assertTrue(x)`, `toBeFalsy()`).
_KEYWORD_SPELLINGS = {
    "true": r"true|True|assertTrue|toBeTruthy|toBeTrue|IsTrue",
    "false": r"false|False|assertFalse|toBeFalsy|toBeFalse|IsFalse",
    "null": r"null|None|nil|nullptr|assertIsNone|assertNull|toBeNull|toBeNil|Nil|IsNil",
    "NaN": r"NaN|nan|toBeNaN|isNaN|isnan|IsNaN",
    "undefined": r"undefined|toBeUndefined",
}
# A check that a result is not NaN: `expect(isNaN(x)).toBe(false)`, `.not.toBeNaN()`,
# `assert not math.isnan(x)`.
_NOT_NAN = lazy_re(r"isNaN\s*\((?s:.*)\)\s*\)\s*\.\s*(?:toBe\s*\(\s*false|toEqual\s*\(\s*false|"
                   r"toBeFalsy)|\.\s*not\s*\.\s*toBeNaN|\bnot\s+(?:math\.|np\.|numpy\.)?isnan\b")
# All-caps words that are prose (protocol, document and cache-policy names, ids), not enum
# values: "the TOML text of the dictionary" (tomlkit), "the underlying LRU store" (a cache);
# and so are the CamelCase names of languages and products (`_PRODUCTS`): "the text is
# decoded as JavaScript would decode it" (json5's strings) had drawn "no test of AC4 asserts
# any of `JavaScript`".
_NOT_ENUMS = frozenset({
    "A", "I", "AC", "API", "ASCII", "CLI", "CMYK", "CSS", "CSV", "DB", "DNS", "FIFO", "FR",
    "GIF", "HSL", "HSV", "HTML", "HTTP", "HTTPS", "ID", "INI", "ISO", "JPEG", "JSON", "JWT",
    "LFU", "LIFO", "LRU", "MIME", "NFR", "OK", "PDF", "PNG", "QA", "REST", "RFC", "RGB", "RGBA",
    "SQL", "SVG", "TCP", "TLS", "TOML", "TTL", "UI", "URI", "URL", "UTC", "UTF", "UUID", "UX",
    "XML", "YAML",
})
_PRODUCTS = frozenset({  # as the words a test may share, the matcher's `mentioned` keeps them
    "CoffeeScript", "GitHub", "GitLab", "GraphQL", "JavaScript", "LaTeX", "MongoDB", "MySQL",
    "NumPy", "OpenAPI", "PostgreSQL", "PowerShell", "PyPI", "PyYAML", "TypeScript",
})
# A function named as a call with no arguments or with one-letter parameters (`dumps()`,
# `FtoaWithDigits(f, n)`): the API the Then speaks of, not a value a test could assert.
_SIGNATURE_RE = re.compile(r"[A-Za-z_][\w.]*\(\s*(?:[A-Za-z_](?:\s*,\s*[A-Za-z_])*)?\s*\)")
# A list of quoted values in one code span (`["foo", "foobar"]`): its items are the literals.
_LIST_RE = re.compile(r"""\[\s*(?:"[^"]*"|'[^']*')(?:\s*,\s*(?:"[^"]*"|'[^']*'))*\s*,?\s*\]""")
_LIST_ITEMS = lazy_re(r""""([^"]*)"|'([^']*)'""")
_ID_RE = lazy_re(r"^(AC(-EC)?\d+|FR-?\d+|NFR-?\d+|E\d+(-S\d+)?|TC-[\w-]+)$")


# A name in code (`dataUpdatedAt`, `state.data`, `$el`), and the words after which a
# backticked one stands where a value does ("the status is `success`", "set to `strict`").
# ... an element of one by its index or key among them (`options[0]`, `meta.values['a']`): a
# place in what the code gives, as a name is
_CODE_NAME_RE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[(?:\d+|'\w+'|\"\w+\")\])*")
_VALUE_BEFORE_RE = re.compile(
    r"\b(?:is|are|was|were|be|been|becomes?|became|equals?|equal\s+to|returns?|returned|"
    r"gives?|yields?|reads?|shows?|(?:set|defaults?|changes?|changed|falls?\s+back|resets?|"
    r"evaluates?|resolves?|resolved|converted|mapped|normali[sz]ed)\s+to)\s*$", re.IGNORECASE)


# A keyword argument in code (`iter=True`, `alg=ns.REAL`): what a call is given, not a value.
_ARGUMENT_RE = re.compile(r"[A-Za-z_]\w*\s*=(?!=)\s*\S.*")
# A JS option as an object literal writes it (`cancelRefetch: false`, `retry: 3`): a
# lower-case name and one value of code; what a call is given where it stands where no value
# does ("unless the caller passes `cancelRefetch: false`"), not a message (`Error: boom`)
_OPTION_RE = re.compile(r"[a-z_$][\w$]*\s*:\s*(?:true|false|null|undefined|-?\d[\d.]*|"
                        r"'[^']*'|\"[^\"]*\"|[A-Za-z_$][\w$.]*)")
# A call in code (`parse('2d')`, `ms(60000)`): the call the Then speaks of and its input.
_CALL_RE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\(.*\)", re.S)
# The words before a value that is what the code is given ("`1m` for 60000", "for the input
# 'foo'"), not what it gives.
_INPUT_BEFORE_RE = re.compile(
    r"\bfor\s+(?:(?:the\s+)?(?:inputs?|arguments?|strings?|numbers?|values?)\s+)?$",
    re.IGNORECASE)
# A condition the Then sets its promise under ("half up when the context asks for
# `ROUND_HALF_UP`", "unless `DEBUG` is set"): a value in it, up to the clause's end, is what
# the code is given, which a test sets and asserts what comes of; but a value the clause says
# comes of it is promised ("if the token expired `EXPIRED` is returned"), and so is the code
# the Then says it agrees with ("accepted exactly when Go's own `encoding/xml` accepts it")
_CONDITION_BEFORE_RE = re.compile(
    r"(?<!exactly )(?<!only )(?<!just )"
    r"\b(?:when|whenever|if|unless)\s+(?:(?!\b(?:then|is|are|was|were|becomes?|equals?|"
    r"returns?|gives?|yields?|reads?|shows?)\b)[^,;:.])*$", re.IGNORECASE)
_RESULT_AFTER_RE = re.compile(
    r"\s*(?:is|are|was|were|gets?|get)\s+(?:returned|raised|thrown|shown|logged|emitted|"
    r"printed|reported|given|produced)\b", re.IGNORECASE)


def _in_condition(before: str, after: str) -> bool:
    """Whether a value stands in a condition of the Then (`_CONDITION_BEFORE_RE`)."""
    return (_CONDITION_BEFORE_RE.search(before) is not None
            and _RESULT_AFTER_RE.match(after) is None)


# A number that bounds or changes what the code is given, not what it gives: "even with more
# than 256 different lines" (go-diff), "adding 60 seconds makes a minute" (pysrt); a test
# builds such an input, and asserts what comes of it
_INPUT_BOUND_BEFORE_RE = re.compile(
    r"\b(?:with|given|past)\s+(?:more|fewer|less)\s+than\s+$"
    r"|\b(?:adding|subtracting|removing|inserting)\s+(?:(?:another|a\s+further)\s+)?$",
    re.IGNORECASE)
# What the code gives no longer, that the Then names beside what it gives ("`MultipleInvalid`
# is raised instead of a `TypeError`"): no value it promises.
_REPLACED_WORDS = r"\b(?:instead\s+of|rather\s+than)\s+(?:(?:an?|the)\s+)?"
_REPLACED_BEFORE_RE = re.compile(_REPLACED_WORDS + "$", re.IGNORECASE)
_REPLACED_NAME_RE = re.compile(_REPLACED_WORDS + r"`?[A-Za-z_]\w*`?", re.IGNORECASE)


# What the code is given lacks, that the Then names to say which input ("a list key without
# `[]` is refused", "a name without `@`"): no value the code gives.
_LACKING_BEFORE_RE = re.compile(
    r"\b(?:without|lacking|missing)\s+(?:(?:an?|the|any|its)\s+)?$", re.IGNORECASE)


def without_replaced(text: str) -> str:
    """`text` without the names it says the code gives no longer ("instead of a
    `TypeError`"): what it promises."""
    return _REPLACED_NAME_RE.sub(" ", text)


# The words by which a Then gives what something is, returns or becomes (`returns`, `gives`,
# `is returned`, `is normalised`, `is lower-cased`), and a copula: "it returns the scheme in
# lower case (`http`)", "the result is the lower-case scheme `http`".
_GIVES = (r"returns?|returned|gives?|gave|yields?|yielded|produces?|produced|outputs?|"
          r"reads?|shows?|shown|reports?|reported|becomes?|became|equals?|equalled|renders?|"
          r"rendered|prints?|printed|formats?|formatted|encodes?|encoded|decodes?|decoded|"
          r"normali[sz]es?|normali[sz]ed|(?:lower|upper)[- ]?cased?|(?:lower|upper)[- ]?cases|"
          r"converts?|converted|seriali[sz]es?|seriali[sz]ed|comes?\s+back|came\s+back")
_GIVES_RE = re.compile(rf"\b(?:{_GIVES})\b", re.IGNORECASE)
_COPULA_RE = lazy_re(r"\b(?:is|are|was|were|be|been|being|stays?|remains?)\s+"
                     r"(?P<next>[A-Za-z][\w-]*)", re.IGNORECASE)
# Where a clause of a Then starts: a comma, a conjunction, a condition ("when", "if").
_CLAUSE_BREAK_RE = lazy_re(
    r"[,;:.!?()]|\b(?:and|or|nor|but|when|whenever|if|unless|while|where|whose|which|then|so|"
    r"after|before|once|until|because|otherwise|though|although)\b", re.IGNORECASE)
# Prepositions: a name after one is what the value is of, in or for ("the value of `x`").
_PREPOSITIONS = frozenset((
    "in", "on", "at", "by", "for", "with", "from", "into", "onto", "over", "under", "about",
    "of", "to", "via", "per", "without", "within", "through", "against", "between", "among",
    "across", "after", "before", "than", "like", "including", "except", "as", "inside"))
# What may follow a value ending its clause (a name modifying a noun is followed by the noun:
# "returns the `data` field").
_AFTER_A_VALUE = _PREPOSITIONS | {
    "and", "or", "nor", "but", "when", "whenever", "if", "unless", "while", "where", "then",
    "so", "once", "until", "because", "otherwise", "instead", "again", "too", "only", "also",
    "each", "every", "both", "either", "respectively", "exactly", "always", "still", "whatever",
    "whichever", "wherever", "regardless", "whereas", "although", "though", "since", "yet"}
# A past participle after a copula: a state ("is set", "is called"), not a value it gives.
_PARTICIPLE_RE = lazy_re(r"\w+(?:ed|en)|set|put|kept|made|done|run|hit|cut|shut|left|held|"
                         r"sent|built|spent|lost|found|met|read|told|thrown|shown|known|"
                         r"drawn|torn|worn|begun|gone|come|got", re.IGNORECASE)
# A list of names going on ("gives `lo` and `ok`", "`a`, `b` or `c`"): its items stand where
# its first does.
_LIST_SEPARATOR = r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|/)\s*"
_LIST_BEFORE_RE = re.compile(rf"(?:`[^`\n]+`{_LIST_SEPARATOR})+$")
_LIST_AFTER_RE = lazy_re(rf"(?:{_LIST_SEPARATOR}`[^`\n]+`)+")


def _clause(before: str) -> str:
    """The clause of a Then that `before` (its text up to a point) ends in."""
    breaks = list(_CLAUSE_BREAK_RE.finditer(before))
    return before[breaks[-1].end():] if breaks else before


def _gives_a_value(clause: str) -> int | None:
    """Where in `clause` a word giving a value ends (`_GIVES`, or a copula not followed by a
    participle of a state: "is set", "is called"), or None."""
    found = [m.end() for m in _GIVES_RE.finditer(clause)]
    for copula in _COPULA_RE.finditer(clause):
        following = copula.group("next")
        if _GIVES_RE.fullmatch(following):
            found.append(copula.end())
        elif not _PARTICIPLE_RE.fullmatch(following):
            found.append(copula.start("next"))
    return max(found) if found else None


def _stands_for_a_value(before: str, after: str) -> bool:
    """Whether a name in backticks stands where a value does (module docstring), from the
    Then's text `before` and `after` it. An item of a list of them stands where its first
    does ("gives `lo` and `ok`")."""
    following = re.match(r"\s*([A-Za-z][\w-]*)", after)
    # a noun's modifier ("the `data` field") or a clause's subject ("and `max_age` stays")
    modifies = following is not None and following.group(1).lower() not in _AFTER_A_VALUE
    listed = _LIST_BEFORE_RE.search(before)
    if listed and modifies:
        return False
    before = before[:listed.start()] if listed else before
    if _VALUE_BEFORE_RE.search(before):  # "the status is `success`", "set to `strict`"
        return True
    if modifies:
        return False
    rest = _LIST_AFTER_RE.match(after)
    after = after[rest.end():] if rest else after
    if re.search(r"\(\s*$", before) and re.match(r"\s*\)", after):
        # the whole of a parenthesis after a clause giving a value: "it returns the scheme
        # in lower case (`http`)", not "the timestamp is set (`dataUpdatedAt`)"
        return _opening_after_a_value(before) is not None
    clause = _clause(before)
    at = _gives_a_value(clause)
    if at is None:
        return False
    # the end of the noun phrase it gives: "is the lower-case scheme `http`" (not after a
    # preposition: "the value of `x`"), at most a few words on
    between = re.findall(r"\S+", clause[at:])
    return len(between) <= 5 and all(re.fullmatch(r"[A-Za-z][\w'-]*", word) and
                                     word.lower() not in _PREPOSITIONS for word in between)


# A value as a Then writes one: in quotes or backticks, a number, or a keyword value.
_WRITTEN_VALUE_RE = lazy_re(r"`[^`]+`|'[^']*'|\"[^\"]*\"|\b\d[\d.,_]*\b|"
                            r"\b(?:NaN|null|None|nil|undefined|true|false|True|False)\b")


def _examples_of_its_value(before: str) -> bool:
    """Whether what stands at the end of `before` is in a parenthesis after a clause that
    already gave its value ("it returns NaN (`parse('foo')`, ..."): the cases it holds for."""
    listed = _LIST_BEFORE_RE.search(before)
    found = _opening_after_a_value(before[:listed.start()] if listed else before)
    return found is not None and _WRITTEN_VALUE_RE.search(found[0][found[1]:]) is not None


def _opening_after_a_value(before: str) -> tuple[str, int] | None:
    """When `before` ends with an opening parenthesis after a clause with a word giving a
    value (`_gives_a_value`): that clause and where in it the word ends."""
    if not re.search(r"\(\s*$", before):
        return None
    clause = _clause(before.rstrip()[:-1])
    at = _gives_a_value(clause)
    return None if at is None else (clause, at)


# A package's type (`time.Time`, `json.Number`; not an error's, `strconv.NumError`) and the
# nouns such a type qualifies where the Then names what kind of value comes back
_TYPE_OF_A_VALUE = lazy_re(r"[a-z][a-z0-9_]*\.[A-Z]\w*(?<!Error)(?<!Exception)")
_VALUE_NOUN = r"\s+(?:values?|instances?|objects?|structs?)\b"


# a placeholder beside fixed text (`tanstack-query-<queryHash>`, `E<N>-S<M>`): a code name
# with a capital or an underscore in angle brackets, as no HTML tag is written
_TEMPLATE_RE = lazy_re(r"\S<(?:[a-z]+[A-Z_]\w*|[A-Z][A-Z_0-9]*)>|<(?:[a-z]+[A-Z_]\w*|"
                       r"[A-Z][A-Z_0-9]*)>\S")
# ... or a lower-case word in angle brackets that is no HTML element, beside words
# (superjson's "`<key> is not allowed as a property`", its tests filling in `__proto__`),
# quoted in the message too (`Listener not added for "<event>"`)
_WORD_PLACEHOLDER_RE = lazy_re(r"(?:^|[\s\"'])<([a-z][a-z0-9_-]*)>(?:[\s\"']|$)")
_HTML_ELEMENTS = frozenset({
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo",
    "blockquote", "body", "br", "button", "canvas", "caption", "cite", "code", "col",
    "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "div", "dl", "dt",
    "em", "embed", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3",
    "h4", "h5", "h6", "head", "header", "hr", "html", "i", "iframe", "img", "input", "ins",
    "kbd", "label", "legend", "li", "link", "main", "map", "mark", "meta", "meter", "nav",
    "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre",
    "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "section", "select", "slot",
    "small", "source", "span", "strong", "style", "sub", "summary", "sup", "svg", "table",
    "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr",
    "track", "u", "ul", "var", "video", "wbr"
})
# ... or an ellipsis standing where a value does, beside fixed text (`Range(min=..., max=...)`,
# `[1, …]`), not one closing a text (`Loading...`)
_ELLIPSIS_VALUE_RE = lazy_re(r"[=(\[{,:]\s*(?:\.\.\.|…)\s*[,)\]}]")
# ... or a number whose digits trail off in an ellipsis (`0.1000000000000000055...`): the
# value's first digits, which no test writes as they stand
_CUT_NUMBER_RE = lazy_re(r"[-+]?\d+(?:\.\d+)?\s*(?:\.\.\.|…)")
# ... or a snake_case name with a star for its middle part (prettytable's "`get_*_string`";
# not a glob's `a*b`)
_STARRED_NAME_RE = lazy_re(r"[A-Za-z]\w*_\*_\w*[A-Za-z]")
# A file name's extension naming the kind of file after it ("a compiled `.mo` file")
_EXTENSION_RE = lazy_re(r"\.[A-Za-z][A-Za-z0-9]*")
_FILE_NOUN_RE = lazy_re(r"\s+files?\b")
# ... or a tuple of names standing for its parts (dictdiffer's "an `add` of `(key, value)`")
_NAMES_TUPLE_RE = lazy_re(r"[(\[]\s*[a-z_][a-z0-9_]*(?:\s*,\s*[a-z_][a-z0-9_]*)+\s*[)\]]")


def _only_mentioned(value: str, backticked: bool, before: str, after: str = "") -> bool:
    """A quoted value the Then only mentions (module docstring): a lone sign, a keyword
    argument or a call in backticks, or a name in backticks not standing where a value does
    (`_stands_for_a_value`: `before` and `after`, the Then's text around it)."""
    if len(value) == 1 and not value.isalnum():
        return True
    if _TEMPLATE_RE.search(value) and "</" not in value:
        return True  # `tanstack-query-<queryHash>`: a pattern of values, no value itself
    if "</" not in value and any(name not in _HTML_ELEMENTS
                                 for name in _WORD_PLACEHOLDER_RE.findall(value)):
        return True  # `<key> is not allowed as a property`: likewise
    if _ELLIPSIS_VALUE_RE.search(value) or _CUT_NUMBER_RE.fullmatch(value):
        return True  # `Range(min=..., max=...)`, `0.1000000000000000055...`: likewise
    if backticked and _NAMES_TUPLE_RE.fullmatch(value) and not _KEYWORD_RE.search(value):
        return True  # `(key, value)`: likewise
    if backticked and _STARRED_NAME_RE.fullmatch(value):
        return True  # `get_*_string`: the names of that shape, no value
    if backticked and _EXTENSION_RE.fullmatch(value) and _FILE_NOUN_RE.match(after):
        return True  # "a compiled `.mo` file": the kind of file, no value
    if backticked and _ARGUMENT_RE.fullmatch(value):
        return True
    if backticked and _OPTION_RE.fullmatch(value):
        return not _stands_for_a_value(before, after)
    if backticked and _CALL_RE.fullmatch(value):  # a value only where one stands
        return not _stands_for_a_value(before, after) or _examples_of_its_value(before)
    if not backticked or not _CODE_NAME_RE.fullmatch(value):
        return False
    last = value.rsplit(".", 1)[-1]
    if _TYPE_OF_A_VALUE.fullmatch(value) and re.match(_VALUE_NOUN, after):
        return True  # a package's type naming the noun after it: "a `time.Time` value"
    if last[0].isupper() or _KEYWORD_RE.fullmatch(last) or last in ("undefined", "NaN"):
        return False  # a value: true/false/null, a type's, an enum's or an exception's name
    return not _stands_for_a_value(before, after)


def then_literals(then_text: str, setting: str = "", *,
                  mentioned: bool = False) -> tuple[Literal, ...]:
    """The literals in `then_text`, in order of appearance, each value once. An enum-like name
    the AC's Given or When (`setting`) spells too names what it acts on, not a value it
    promises ("Given a NullUUID ..., then nil gives an invalid NullUUID"). A name in backticks
    and a lone sign (`_only_mentioned`) are no promised values; `mentioned` keeps them."""
    named = set(re.findall(r"[A-Za-z_]\w*", setting))
    found: list[tuple[int, Literal]] = []
    given: set[int] = set()  # where a value the code is given stands (`_INPUT_BEFORE_RE`)
    # Quoted text is one string literal; blank it so its words are not read again.
    masked = list(then_text)
    for match in _QUOTED_RE.finditer(then_text):
        value = next(g for g in match.groups() if g is not None).strip()
        items = _LIST_ITEMS.findall(value) if _LIST_RE.fullmatch(value) else []
        if not mentioned and (_only_mentioned(value, match.group(3) is not None,
                                              then_text[:match.start()],
                                              then_text[match.end():])
                              or _REPLACED_BEFORE_RE.search(then_text[:match.start()])
                              or _LACKING_BEFORE_RE.search(then_text[:match.start()])
                              or _in_condition(then_text[:match.start()],
                                               then_text[match.end():])):
            pass  # blanked below, and no literal
        elif items:  # `["foo", "foobar"]`: each value, as any language's list literal holds it
            found += [(match.start(), Literal(STRING, a or b)) for a, b in items if a or b]
        elif value and not _SIGNATURE_RE.fullmatch(value):
            found.append((match.start(), Literal(STRING, value)))
            if _INPUT_BEFORE_RE.search(then_text[:match.start()]):
                given.add(match.start())
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    text = "".join(masked)
    if not mentioned:  # a document's number or a part of it names where a rule is written
        text = _REFERENCE_RE.sub(lambda m: " " * len(m.group(0)), text)
        text = _FORMULA_RE.sub(lambda m: " " * len(m.group(0)), text)
        text = _WIDTH_RE.sub(lambda m: " " * len(m.group(0)), text)
    for match in CLOCK.finditer(text):
        found.append((match.start(), Literal(STRING, match.group(0))))
        text = text[:match.start()] + " " * len(match.group(0)) + text[match.end():]
    for match in _DOTTED_RE.finditer(text):
        found.append((match.start(), Literal(STRING, match.group(0))))
        text = text[:match.start()] + " " * len(match.group(0)) + text[match.end():]
    for match in _NUMBER_RE.finditer(text):
        value = match.group(1)
        if not mentioned and _INPUT_BOUND_BEFORE_RE.search(text[:match.start()]):
            continue
        # "returns 422", "status 201", "a 404 error": the words around a 3-digit number.
        around = text[max(0, match.start() - 40):match.end() + 25]
        is_status = (
            re.fullmatch(r"[1-5]\d\d", value) is not None
            and _STATUS_CONTEXT_RE.search(around) is not None
        )
        found.append((match.start(), Literal(STATUS if is_status else NUMBER, value)))
        if _INPUT_BEFORE_RE.search(text[:match.start()]):
            given.add(match.start())
    for match in _KEYWORD_RE.finditer(text):
        word = match.group(1)
        # "a null array", "a false positive": an adjective of the noun after it, no value
        # ("True whatever its brand" is one)
        after = re.match(r"\s+([a-z]+)", text[match.end():])
        if after and after.group(1) not in STOP_WORDS and after.group(1) not in _AFTER_A_VALUE:
            continue
        found.append((match.start(), Literal(KEYWORD, _KEYWORD_VALUE.get(word, word), word)))
    for pattern in (_UPPER_RE, _CAMEL_RE):
        for match in pattern.finditer(text):
            word = match.group(0)
            # Two capitals alone ("FROM->TO", "Ü to UE") are prose or data, not an enum name.
            if word in _NOT_ENUMS or word in named or _ID_RE.match(word) or (
                    not mentioned and word in _PRODUCTS) or (
                    pattern is _UPPER_RE and len(word) < 3 and "_" not in word):
                continue
            if not mentioned and (_REPLACED_BEFORE_RE.search(text[:match.start()])
                                  or _LACKING_BEFORE_RE.search(text[:match.start()])
                                  or _in_condition(text[:match.start()], text[match.end():])):
                continue
            if pattern is _CAMEL_RE or word.isupper():
                found.append((match.start(), Literal(ENUM, word)))
    # what the code is given is no promise, where the Then promises something else
    if not mentioned and len(given) < len(found):
        found = [(at, literal) for at, literal in found if at not in given]
    seen: set[Literal] = set()
    ordered = []
    for _, literal in sorted(found, key=lambda item: item[0]):
        if literal not in seen:
            seen.add(literal)
            ordered.append(literal)
    return tuple(ordered)


# --- assertions in test source ----------------------------------------------------------------

_ASSERT_START_RE = re.compile(
    r"(?<![\w.])assert\b"  # python assert, bats-assert's `assert` family below too
    r"|\bassert[A-Z_]\w*\s*[(!]"  # assertEqual( assertEquals( assertThat( assert_eq! assert_equal(
    r"|\bassert\.\w+\s*\("  # node:assert / chai assert.equal(
    r"|\b(?:self|this)\.assert\w*\s*\("
    r"|\bexpect(?:\.soft)?\s*\("  # jest / vitest / chai expect(...)..., vitest expect.soft(
    # ... given the type of what it checks (cheerio: `expect<{ links: string[] }>(`)
    r"|\bexpect(?:\.soft)?\s*<[^()\n;]*>\s*\("
    r"|\b(?:require|assert)\.[A-Z]\w*\s*\("  # testify require.Equal( assert.Equal(
    r"|\b\w+\.Assert\s*\("  # quicktest c.Assert(got, qt.Equals, want)
    r"|\bpytest\.raises\s*\("
    # `from pytest import raises` (natsort's tests): `with raises(TypeError, match=...)`
    r"|(?<![\w.])(?<!def )raises\s*\("
    r"|\b(?:assert_output|assert_line|assert_equal|assert_success|assert_failure|refute\w*)\b"
    # bats / shell test: [ "$status" -eq 0 ]  [[ $output == *x* ]]; not a row of a JS table
    # written over lines (`[` alone on its line, `[ "a", 1 ],`)
    r"|(?m:^[ \t]*\[\[?[ \t](?![^\n]*,[ \t]*$))"
)
_TABLE_START_RE = re.compile(
    r"@pytest\.mark\.parametrize\s*\("
    r"|(?<![\w\]])\[\]\s*struct\s*\{"  # Go: tests := []struct{ in, want string }{ {...}, }
    r"|\bmap\[[^\]\n]*\]\s*struct\s*\{"  # Go: tests := map[string]struct{ ... }{ "x": {...} }
    # Go: rows of a named type, `[]testCase{{...}, ...}` or `testList{\n {...},\n}.validate(t)`
    r"|\[\]\s*\*?[A-Za-z_][\w.]*\s*\{\s*\{|\b[A-Za-z_]\w*\{[ \t]*\n\s*\{"
    r"|\b(?:it|test|describe)\.each\s*[(`]"
)
_EACH_NAMED_RE = re.compile(r"\b(?:it|test|describe)\.(?:each|for)\s*\(\s*([A-Za-z_$][\w$]*)\s*\)")
GO_FAIL_RE = re.compile(r"\bt\.(?:Errorf|Error|Fatalf|Fatal|FailNow|Fail)\s*\(")
_COMMENT_LINE_RE = re.compile(r"^\s*(#(?!!)|//).*$", re.MULTILINE)


# A string in a test's code on one line, in double or single quotes, escapes kept.
QUOTED_CODE = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
# what `_statement_end` reads: brackets, `;` and newlines, and the quoted strings it steps
# over (a `;` or a bracket in one is text: `toBe("a; b")`; a template's `${...}` is code,
# and a tagged-template table is read cell by cell); and the code after a newline
_STATEMENT_MARK = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|' + QUOTED_CODE
                             + r"|[()\[\]{};\n]")
_NEXT_CODE = re.compile(r"\S")


# A JS `.each` table of rows written in place, from its start: `test.each([`
_EACH_ROWS_RE = lazy_re(r"(?:it|test)\.each\s*\(\s*\[")
# After the table's call: the test's name (as `masked_js` leaves it) and its function's `(`
_EACH_FUNCTION_RE = lazy_re(r"\s*\(\s*(['\"`])_*\1\s*,\s*(?:async\s*)?(?:function\b[^(]*)?\(")
_PARAMETER_RE = lazy_re(r"(?P<name>[A-Za-z_$][\w$]*)\s*\??\s*(?::[^=]*)?")
# A call that checks what it is handed: `expect(`, `assert(`, `assert.equal(`, `.toEqual(`
# (not a conversion: `x.toString(`, `toFixed(`, `toLowerCase(`)
_CHECK_CALLEE_RE = lazy_re(r"(?:expect|assert\w*)(?:\.\w+)*|.*\b(?!to(?:String|Fixed|Precision|"
                           r"LowerCase|UpperCase|ISOString|JSON|Locale\w*)\b)to[A-Z]\w*")
_CALLEE_RE = lazy_re(r"[\w$.]+\s*$")


def _without_inputs(span: str) -> str:
    """A JS `.each` table of array rows (`span`, from `test.each([`, its function too) without
    the cells its function only hands to the code it runs (`compactField(values)`), where a
    check compares another cell with the code's result (`toEqual(expected)`): the row's input
    is no value the test checks. Each such cell
    blanked, its lines kept; `span` as it is where no cell is so handed, a parameter is a
    pattern (`({ a, b })`), or a row is no array."""
    start = _EACH_ROWS_RE.match(span)
    if start is None:
        return span
    code = masked_js(span)
    table = elements(code, start.end() - 1)
    if table is None:
        return span
    rows, close = table
    call = re.compile(r"\s*(?:as\b[^()]*)?\)").match(code, close + 1)  # `] as Row[])`
    head = _EACH_FUNCTION_RE.match(code, call.end()) if call else None
    params = elements(code, head.end() - 1) if head else None
    if params is None:
        return span
    names = []
    for first, last in params[0]:
        parameter = _PARAMETER_RE.fullmatch(span, first, last)
        if parameter is None:
            return span
        names.append(parameter.group("name"))
    uses = _parameter_uses(code, params[1] + 1, names)
    handed = {at for at, name in enumerate(names) if uses[name] == {"code"}}
    if not handed or not any("check" in uses[name] for name in names):
        return span
    out = list(span)
    for first, _ in rows:
        if code[first] != "[":
            return span
        row = elements(code, first)
        if row is None:
            return span
        for at, (a, b) in enumerate(row[0]):
            if at in handed:
                out[a:b] = [ch if ch == "\n" else " " for ch in span[a:b]]
    return "".join(out)


_NOT_CALLS = frozenset({"if", "for", "while", "switch", "return", "typeof", "await", "catch",
                        "function", "new", "in", "of"})


def _parameter_uses(code: str, body: int, names: Sequence[str]) -> dict[str, set[str]]:
    """How the function whose body starts at `body` of `code` (`masked_js`) reads each of
    `names`: "check" as an argument of a check (`expect(x)`, `.toEqual(x)`, `assert.equal(
    x, ...)`), "code" of another call (`compactField(x)`), "other" outside any call."""
    uses: dict[str, set[str]] = {name: set() for name in names}
    calls: list[str] = []  # per open bracket: "check", "code", or "other" (no call's)
    at = body
    while at < len(code):
        ch = code[at]
        if ch in "([{":
            callee = _CALLEE_RE.search(code, max(body, at - 80), at) if ch == "(" else None
            word = callee.group().strip() if callee else ""
            calls.append("other" if not word or word in _NOT_CALLS else
                         "check" if _CHECK_CALLEE_RE.fullmatch(word) else "code")
        elif ch in ")]}":
            if calls:
                calls.pop()
        elif (ch.isalpha() or ch in "_$") and not re.match(r"[\w$.]", code[at - 1]):
            name = re.match(r"[\w$]+", code[at:at + 80])
            assert name is not None
            if name.group() in uses:
                uses[name.group()].add(calls[-1] if calls else "other")
            at += len(name.group())
            continue
        at += 1
    return uses


def _statement_end(source: str, start: int) -> int:
    """End of the statement starting at `start`: the first newline (or `;`) outside brackets,
    continuing across a newline when the next line carries on a chain (`.toBe(…)`)."""
    depth = 0
    for mark in _STATEMENT_MARK.finditer(source, start):
        ch = mark.group()
        if len(ch) > 1:  # a string: text, not code
            continue
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth = max(0, depth - 1)
        elif depth == 0:
            if ch == ";":
                return mark.start()
            after = _NEXT_CODE.search(source, mark.end())
            if after is None or after.group() != ".":
                return mark.start()
    return len(source)


_GO_IF_RE = lazy_re(r"^\s*(?:\}\s*else\s+)?if\b")


def _go_guard(lines: list[str], row: int) -> str:
    """The `if` line guarding the Go failure call on line `row` (up to 3 lines above), or "";
    none past an `else` (`if ok { ... } else { t.Error(...) }` fails where `ok` is false:
    its `if` line is no guard failing where its condition holds)."""
    for back in range(row, max(-1, row - 4), -1):
        if _GO_IF_RE.match(lines[back]):
            return lines[back]
        if _GO_ELSE_RE.match(lines[back]):
            return ""
    return ""


_GO_ELSE_RE = re.compile(r"^\s*\}?\s*else\b")


def go_guards(source: str) -> tuple[str, ...]:
    """The `if` lines guarding a Go test's failure calls (`if err == nil {` above
    `t.Fatal("want an error")`): its checks, as `assertion_spans` reads them too."""
    code = _COMMENT_LINE_RE.sub("", source)
    lines = code.splitlines()
    return tuple(guard for match in GO_FAIL_RE.finditer(code)
                 if (guard := _go_guard(lines, code.count("\n", 0, match.start()))))


# A function a test defines in its body: JS `const check = (a, b) =>`, `function check(`;
# Python `def check(`.
_JS_HELPER_RE = re.compile(r"\b(?:const|let|var)\s+(?P<arrow>[A-Za-z_$][\w$]*)\s*(?::[^=\n]+)?="
                           r"\s*(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*(?::[^=;\n]+)?=>"
                           r"|\bfunction\s*\*?\s*(?P<function>[A-Za-z_$][\w$]*)\s*\([^()]*\)"
                           r"[^{;\n]*\{")
# A function expression a file's `describe` gives a name (`var check = function(r, e) {`)
_JS_FUNCTION_EXPR_RE = re.compile(r"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*"
                                  r"(?:async\s+)?function\b\s*\*?\s*[\w$]*\s*\([^()]*\)"
                                  r"[^{;\n]*\{")
_PY_HELPER_RE = re.compile(r"^(?P<indent>[ \t]+)(?:async[ \t]+)?def[ \t]+(?P<name>\w+)[ \t]*\(",
                           re.M)


def _helpers(code: str) -> dict[str, tuple[int, int]]:
    """The functions `code` (a test's body) defines whose bodies check (`_ASSERT_START_RE`),
    by name: where each definition starts and its body ends."""
    found: dict[str, tuple[int, int]] = {}
    for match in _JS_HELPER_RE.finditer(code):
        if match.group("function"):
            end = closing(code, match.end() - 1)
        else:
            body = _NEXT_CODE.search(code, match.end())
            if body is None:
                continue
            end = closing(code, body.start()) if body.group() == "{" else \
                _statement_end(code, body.start())
        if _ASSERT_START_RE.search(code, match.end(), end):
            found[match.group("arrow") or match.group("function")] = (match.start(), end)
    for match in _PY_HELPER_RE.finditer(code):
        indent, end = len(match.group("indent")), len(code)
        for line in re.finditer(r"^([ \t]*)\S.*$", code[match.end():], re.M):
            if line.start() > 0 and len(line.group(1)) <= indent:
                end = match.end() + line.start()
                break
        if _ASSERT_START_RE.search(code, match.end(), end):
            found[match.group("name")] = (match.start(), end)
    return found


def _helper_calls(code: str) -> list[str]:
    """The statements calling a function the test defines that checks (`_helpers`): a check
    of what it is handed (`check(testCase.input, testCase.output)`)."""
    spans = []
    for name, (start, end) in _helpers(code).items():
        for call in re.finditer(rf"(?<![\w$.]){re.escape(name)}\s*\(", code):
            if not start <= call.start() < end:
                spans.append(code[call.start():_statement_end(code, call.start())])
    return spans


def js_check_calls(test_source: str, file_text: str) -> tuple[str, ...]:
    """The statements of a JS test (`test_source`) calling a function its file (`file_text`)
    defines outside it, in the `describe` around it, whose body checks (`_helpers`: `var
    validateSearchResults = function(results, expected) { expect(...) }`): what it hands one
    is what it asserts (js-search's `validateSearchResults(search.search('167'), [doc])`)."""
    names = set(_helpers(file_text))
    names.update(match.group(1) for match in _JS_FUNCTION_EXPR_RE.finditer(file_text)
                 if _ASSERT_START_RE.search(file_text, match.end(),
                                            closing(file_text, match.end() - 1)))
    spans = []
    for name in sorted(names):
        for call in re.finditer(rf"(?<![\w$.]){re.escape(name)}\s*\(", test_source):
            spans.append(test_source[call.start():_statement_end(test_source, call.start())])
    return tuple(spans)


def _template_cells(code: str) -> list[str]:
    """Each tagged-template `.each` table of `code` as the code of its cells, a row a line
    (`"fooBar" | ["foo", "Bar"]`): the values it holds, which its template's text hides."""
    if "`" not in code:
        return []
    return ["\n".join(" | ".join(row) for row in table.rows)
            for table in template_tables(code) if table.rows]


# A statement that calls a helper named as a check (`self.check_size(1000, '1 KB')`,
# `expect_plural(2, 'box', 'boxes', '2 boxes')`, `verifyParsed(...)`): its name says it checks
# what it is handed, wherever it is defined.
_CHECK_HELPER_CALL = lazy_re(
    r"^[ \t]*(?:(?:self|cls|this)\.)?(?P<name>[A-Za-z_]\w*)[ \t]*\(", re.M)
_CHECKING_NAME = re.compile(r"(?:^|_)(?:check|assert|expect|verify|ensure)(?:_|$)|"
                            r"^(?:check|assert|expect|verify|ensure)[A-Z]")


def helper_check_calls(source: str) -> tuple[str, ...]:
    """The text of each statement of `source` (comments removed) that calls a helper named as
    a check (`_CHECKING_NAME`), beside the assertion statements: one case handed to it."""
    code = _COMMENT_LINE_RE.sub("", source)
    return tuple(code[m.start("name"):_statement_end(code, m.start("name"))]
                 for m in _CHECK_HELPER_CALL.finditer(code)
                 if _CHECKING_NAME.search(m.group("name"))
                 and not _ASSERT_START_RE.match(code, m.start("name")))


@lru_cache(maxsize=4096)
def go_parameters(helper: str, name: str) -> list[tuple[str, str]]:
    """The parameters of the Go function `name` (`helper`: its declaration), each as its name
    and type (`converter`, `func(string) string`); a name grouped with the next (`a, b
    func()`) takes its type."""
    declared = re.search(rf"\b{re.escape(name)}\s*\(", helper)
    if declared is None:
        return []
    opening = declared.end() - 1
    parts = [part.strip() for part in
             top_level_parts(helper[opening + 1:closing(helper, opening) - 1], ",", "\"`")]
    out: list[tuple[str, str]] = []
    pending: list[str] = []
    for part in parts:
        typed = part.split(None, 1)
        if len(typed) == 1:
            pending.append(part)
            continue
        out += [(each, typed[1]) for each in (*pending, typed[0])]
        pending = []
    return out + [(each, "") for each in pending]


def go_arguments(code: str, opening: int) -> list[str]:
    """The arguments of the Go call whose `(` is at `opening` in `code`, each stripped."""
    return [argument.strip() for argument in
            top_level_parts(code[opening + 1:closing(code, opening) - 1], ",", "\"`")]


def go_helper_checks(source: str, helpers: Mapping[str, str]
                     ) -> tuple[tuple[str, ...], frozenset[str]]:
    """A Go test's (`source`) calls of the helpers of its package that check (`helpers`: by
    name, each declaration taking a *testing.T and able to fail:
    `placeholders.go_checking_helpers`): the text of each call, a check of the values it hands
    the helper (`runTestCases(t, ToCamelCase, _M{"http_server": "HttpServer"})`), and the
    capitalised names it hands where the helper takes a function (`ToCamelCase`): code the
    test runs, not a value it checks."""
    code = _COMMENT_LINE_RE.sub("", source)
    spans: list[str] = []
    handed: set[str] = set()
    for name, helper in helpers.items():
        takes_function = [kind.startswith("func") for _, kind in go_parameters(helper, name)]
        # a method is called on a value (`s.check(t, ...)`); a function by its name alone
        before = r"(?<!\w)" if helper.startswith("func (") else r"(?<![\w.])"
        for call in re.finditer(rf"{before}{re.escape(name)}\s*\(", code):
            opening = call.end() - 1
            end = closing(code, opening)
            spans.append(code[call.start():end])
            arguments = go_arguments(code, opening)
            handed.update(argument for argument, is_function in zip(arguments, takes_function,
                                                                          strict=False)
                          if is_function and re.fullmatch(r"[A-Z]\w*", argument))
    return tuple(spans), frozenset(handed)


@lru_cache(maxsize=4096)
def check_statements(source: str) -> tuple[str, ...]:
    """The text of each assertion statement in `source` (comments removed) on its own: no data
    table, no helper's checks (a table holds many cases; a statement, one)."""
    code = _COMMENT_LINE_RE.sub("", source)
    return tuple(code[m.start():_statement_end(code, m.start())]
                 for m in _ASSERT_START_RE.finditer(code))


@lru_cache(maxsize=4096)
def assertion_spans(source: str) -> tuple[str, ...]:
    """The text of each assertion statement in `source` (comments removed), a call of a
    function it defines that checks too (`_helper_calls`). Remembered per source: the
    matcher and the test reader both ask it of every test."""
    code = _COMMENT_LINE_RE.sub("", source)
    spans = [
        code[m.start():_statement_end(code, m.start())]
        for m in _ASSERT_START_RE.finditer(code)
    ] + [_without_inputs(code[m.start():_statement_end(code, m.start())])
         for m in _TABLE_START_RE.finditer(code)]
    spans += _helper_calls(code) + _template_cells(code)
    # a JS `.each` test over a table its text declares (`const cases = [...]`, its group's
    # code before it: `test.each(cases)`): that table's rows, as a table written in place's
    spans += [table for name in dict.fromkeys(_EACH_NAMED_RE.findall(code))
              if (table := _named_table(code, name)) is not None]
    # Go has no assert statement: the checked values sit in the `if` guarding t.Errorf.
    lines = code.splitlines()
    guards = []
    for match in GO_FAIL_RE.finditer(code):
        row = code.count("\n", 0, match.start())
        spans.append(code[match.start():_statement_end(code, match.start())])
        if guard := _go_guard(lines, row):
            guards.append(guard)
    spans += guards + _go_compared_values(code, guards) + _go_example_output(source)
    return (*spans, *_expected_values(code, spans), *_looped_values(code, spans))


# The names a Go guard compares (`x != out`, `got == want`, a row of a table of values by
# the loop's index: `result != outs[i]` over `outs := []string{"bar", "baz"}`), and a
# statement giving a name a literal value (`out := "Bob"`, `out = 10`, `want := []string{`),
# not a call's result.
_GO_COMPARED = lazy_re(r"(?<![\w.$])([A-Za-z_]\w*)(?:\[\w+\])?\s*[!=]=\s*([A-Za-z_]\w*)"
                       r"(?:\[\w+\])?(?![\w.(\[])")
_GO_LITERAL_VALUE = r"\s*:?=(?!=)\s*(?:[\"`']|-?\d|\[\]|map\[)"


def _go_compared_values(code: str, guards: Sequence[str]) -> list[str]:
    """The statements giving a literal value to a name a Go guard compares (`out := "Bob
    Manuel"` then `if x := Wrap(in, 10); x != out {`): the value the guard checks, whatever
    the name (a `want` or `expected` one `_expected_values` reads already)."""
    names = {name for guard in guards for pair in _GO_COMPARED.findall(guard) for name in pair
             if name not in ("nil", "true", "false") and not _EXPECTED_NAME_RE.fullmatch(name)}
    found = []
    for name in sorted(names):
        given = re.compile(rf"(?<![\w.$]){re.escape(name)}{_GO_LITERAL_VALUE}")
        found += [code[m.start():_statement_end(code, m.start())] for m in given.finditer(code)]
    return found


# A Go example's output comment and the comment lines after it: what `go test` compares the
# example's printing with (`// Output:` then `// tHIS iS a.tEST`), its one check.
_GO_EXAMPLE_HEAD = lazy_re(r"\bfunc\s+Example\w*\s*\(\s*\)")
_GO_OUTPUT_BLOCK = lazy_re(r"^[ \t]*//[ \t]*(?:unordered[ \t]+)?output:(?P<first>[^\n]*)"
                           r"(?P<rest>(?:\n[ \t]*//[^\n]*)*)", re.M | re.I)


def _go_example_output(source: str) -> list[str]:
    """The text of a Go example's output comment (`_GO_OUTPUT_BLOCK`), its `//` removed."""
    if not _GO_EXAMPLE_HEAD.search(source):
        return []
    return ["\n".join([block.group("first").strip(),
                       *(line.strip()[2:].strip() for line in block.group("rest").split("\n")
                         if line.strip())]).strip()
            for block in _GO_OUTPUT_BLOCK.finditer(source)]


# A check that the code accepts what it is given: it does not throw, or returns no error.
_ACCEPTS = lazy_re(r"\.\s*not\s*\.\s*toThrow\b|\b(?:require|assert)\.NoError\b|"
                   r"\berr\w*\s*!=\s*nil\b")
# A call of a Go `Must` function (`MustParse(s)`, `regexp.MustCompile(p)`,
# `template.Must(t.Parse(s))`): by Go's convention an exported `Must` function panics where its
# plain form returns an error, and `go test` fails a test that panics, so the call is a check
# that the code accepts what it is given, as `if err != nil { t.Fatal(err) }` is. (A
# `Must` helper handed the test's *testing.T, `testenv.MustHaveGoBuild(t)`, is a helper.)
GO_MUST_CALL = lazy_re(r"(?<![\w$])(?:[A-Za-z_]\w*\.)*Must(?:[A-Z_]\w*)?\s*\(")
# A Go test function (`func TestX(t *testing.T) {`): its *testing.T's name.
_GO_TEST_HEAD = re.compile(r"\bfunc\s+Test\w*\s*\(\s*(\w+)\s+\*testing\.T\s*\)")
# A Go string, rune or comment: no call is written in one (a raw string may span lines).
_GO_NOT_CODE = lazy_re(r"\"(?:\\.|[^\"\\\n])*\"|`[^`]*`|'(?:\\.|[^'\\\n])*'|"
                       r"//[^\n]*|/\*.*?\*/", re.S)
# What comes before the name a Go function or method declares: `func `, `func (v V) `.
_GO_FUNC_BEFORE = lazy_re(r"\bfunc\s*(?:\([^()]*\)\s*)?$")


def go_must_calls(code: str, handed: Iterable[str] = ()) -> list[int]:
    """Where Go `code` calls a `Must` function (`GO_MUST_CALL`): each call's offset. None in
    its strings and comments (`t.Logf("MustParse(%q)", s)`), nor where it declares one
    (`func MustParse(s string) Version {`, a method's `func (v V) Must() {`), nor a call
    handed one of the names `handed` (a test's *testing.T) as an argument: a helper
    (`testenv.MustHaveGoBuild(t)`, `MustHaveDebugOptionsSupport(t)`), which fails, skips or
    does nothing as it is written to, not by a panic."""
    bare = _GO_NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), code)
    names = [re.escape(name) for name in handed]
    found = []
    for match in GO_MUST_CALL.finditer(bare):
        if _GO_FUNC_BEFORE.search(bare, max(0, match.start() - 200), match.start()):
            continue
        depth, end = 0, len(bare)
        for at in range(match.end() - 1, len(bare)):
            depth += (bare[at] == "(") - (bare[at] == ")")
            if depth == 0:
                end = at
                break
        arguments = bare[match.end():end]
        if not any(re.search(rf"(?:^|,)\s*{name}\s*(?:,|$)", arguments) for name in names):
            found.append(match.start())
    return found


def go_must_statements(code: str) -> list[str]:
    """The lines of a Go test's `code` that call a `Must` function (`go_must_calls`), each
    stripped: its checks of that kind. None where `code` is no Go test (`func TestX(t
    *testing.T)`), or where it hands its *testing.T to a call (its checks may sit there)."""
    head = _GO_TEST_HEAD.search(code)
    if head is None or re.search(rf"[(,]\s*{re.escape(head.group(1))}\s*[,)]", code):
        return []
    rows = {code.count("\n", 0, at) for at in go_must_calls(code)}
    return [line.strip() for row, line in enumerate(code.split("\n")) if row in rows]


def checked_literals(test_source: str, literals: Sequence[Literal],
                     accepted: bool = True, not_one_value: bool = True) -> tuple[Literal, ...]:
    """`asserted_literals` but for a loop's rows (`_looped_values`) unless a check is that the code
    accepts what it is given (`expect(() => f(v)).not.toThrow()`, `NoError`, a Go error guard or
    `Must` call: `go_must_statements`): what a test whose checks only ask for a result to exist
    (`presence_only`) still checks of the AC's values. A loop's rows whose results it only asks
    to be there (`for raw, normalized in test_pairs:` then `assert f(raw), normalized ==
    f(raw)`) it checks nothing of. A check that the code accepts what it is given checks the
    values it is given whole (`titleCase("foo-bar")`, a row's `"foo-bar"`): a string the AC
    promises only inside another (`1.2.3` in a row's `"v1.2.3"`, the input the code turns into
    it) is no value the code was given, nor is one in a Go check that never runs (`if "1.2.3" !=
    "1.2.3" {`: `go_without_dead_blocks`). It checks them only where the AC's values are what
    the code accepts (`accepted`); where its Then promises what the code returns
    (`promises_a_result`: "then the number 900 is returned"), such a check asks only that the
    code runs, as `toBeDefined()` asks only that a result exists: neither it nor a Go test whose
    every check is an error guard or a `Must` call checks any of them. A Python `assert f(x)` of
    a result's truthiness checks a promised `true` as `assertTrue` and `toBeTruthy()` do ("a
    valid number is accepted with True": `assert card_number(value)`). An assertion's message is
    no check (`assert f(x), f(x) == "http"`, `assertTrue(f(x), "http")`). Nor, with
    `not_one_value` (a Then promising no difference), is a check that a result is not a value
    (`_ONLY_WHAT_IT_IS_NOT`: `.not.toBe({ message: 'error' })`, `assert f(x) != "http"`): it
    denies the value it names, and passes whatever else the code gives."""
    test_source = code = go_testify_forwarded(_COMMENT_LINE_RE.sub("", test_source))
    must = go_must_statements(code)
    if GO_FAIL_RE.search(code) or must:
        test_source = code = go_without_dead_blocks(code)
        must = go_must_statements(code)
    spans = assertion_spans(test_source)
    checks = [code[m.start():_statement_end(code, m.start())]
              for m in _ASSERT_START_RE.finditer(code)]
    if GO_FAIL_RE.search(code) or must:
        return _given_in([*spans, *must], literals) if accepted else ()
    looped = set(_looped_values(code, spans))
    if any(_ACCEPTS.search(check) for check in checks):
        if accepted:
            return _given_in(spans, literals)
        spans = tuple(span for span in spans if not _ACCEPTS.search(span))
    # a type check asks for the very value a Then promising a type names (tomlkit's "it
    # returns a `TOMLDocument`" and `assert isinstance(load(fp), TOMLDocument)`)
    typed = {name for span in spans for name in _types_checked(_without_message(span))}
    # what a helper of the test whose checks only ask for a result is handed, it checks not
    calls = set(_helper_calls(code))
    spans = tuple(span for span in spans if span not in calls and not (
        not_one_value and _ONLY_WHAT_IT_IS_NOT.match(span.strip())) and not (
        # that a result exists: whatever the call it names is given or returns
        not accepted and _PRESENCE_CHECK.match(_without_message(span).strip())))
    found = asserted_in([_without_message(span) for span in spans if span not in looped],
                        literals)
    found += tuple(lit for lit in literals if lit not in found and lit.value in typed)
    true = Literal(KEYWORD, "true")
    if true in literals and true not in found and any(
            _PY_TRUTHY.match(check.strip()) and _truthy_of_a_value(check.strip(), code)
            for check in checks):
        found = tuple(lit for lit in literals if lit in found or lit == true)
    return found


# A Python type check: `assert isinstance(x, T)`, `assertIsInstance(x, (T, U))`, `type(x) is T`.
_TYPE_CHECK_HEAD = re.compile(r"^(?:assert\s+isinstance|(?:self\.)?assertIsInstance)\s*\(")
_TYPE_IS = re.compile(r"^assert\s+type\s*\((?:[^()]|\([^()]*\))*\)\s+(?:is|==)\s+([\w.]+)")


def _types_checked(span: str) -> set[str]:
    """The types a Python type check names, each as written and by its last dotted part
    (`tomlkit.TOMLDocument`, `TOMLDocument`); empty for any other check."""
    span = span.strip()
    named = _TYPE_IS.match(span)
    if named is not None:
        types = [named.group(1)]
    elif (head := _TYPE_CHECK_HEAD.match(span)) is not None:
        parts = list(top_level_parts(span[head.end():], ",", "\"'"))
        types = re.findall(r"[A-Za-z_][\w.]*", parts[1].strip().strip("()")) if len(parts) > 1 \
            else []
    else:
        return set()
    return {*types, *(name.rsplit(".", 1)[-1] for name in types)}


def checks_a_named_type(test_source: str, names: AbstractSet[str]) -> bool:
    """Whether a check of Python test code `test_source` is a type check (`_types_checked`)
    of a type of `names`, the Then's: `assert isinstance(load(fp), TOMLDocument)` for "then
    it returns a `TOMLDocument`" asks for the value the Then promises, not only for one."""
    return any(_types_checked(_without_message(span)) & names
               for span in assertion_spans(test_source))


# A Python assertion whose second part is its message: `assert X, msg`, `assertTrue(X, msg)`.
_WITH_MESSAGE = lazy_re(r"^(?P<head>assert\s+|(?:self\.)?assertTrue\s*\()(?P<rest>(?s:.+))$")


def _without_message(span: str) -> str:
    """`span` without the message of the Python assertion it is (`assert X, msg` ->
    `assert X`), else as it is."""
    found = _WITH_MESSAGE.match(span.strip())
    if found is None:
        return span
    rest = found.group("rest")
    condition = _first_argument(rest)
    return span if condition == rest else found.group("head") + condition


def _given_in(spans: Sequence[str], literals: Iterable[Literal]) -> tuple[Literal, ...]:
    """`asserted_in`, a string literal only as a whole quoted value (`"foo-bar"`, `'foo-bar'`,
    `` `foo-bar` ``), as written or decoded."""
    read = [*spans, *(text for text in map(decoded, spans) if text not in spans)]
    return tuple(lit for lit in literals if any(
        re.search(rf"(?<![\w$])([\"'`]){re.escape(lit.value)}\1", span) is not None
        if lit.kind == STRING else _occurs(lit, span) for span in read))


# A variable named for the value a test expects: want, wantErr, expected, expectedOutput, exp.
_EXPECTED_NAME_RE = re.compile(r"(?<![\w.$])((?:want|expected|expect|exp|golden)(?:[A-Z_]\w*)?)"
                               r"(?![\w(])")


# A loop's header: Python `for a, b in (...):`, JS `for (const x of [...])`; the variables.
_PY_LOOP_RE = re.compile(r"^[ \t]*for\s+([\w\s,()]+?)\s+in\b", re.M)
_JS_LOOP_RE = re.compile(r"\bfor\s*\(\s*(?:const|let|var)\s+([\w\s,{}\[\]]+?)\s+of\b")
_GO_LOOP_RE = re.compile(r"\bfor\s+([\w\s,]+?)\s*:=\s*range\b")


def _looped_values(code: str, spans: Sequence[str], indexed: bool = False) -> list[str]:
    """The headers of the loops whose variables the assertions use, and the literal tables
    the names they loop over hold (`_named_table`; module docstring). A Go loop's row (`for
    _, tc := range tests`, a map's value) is checked through its variable; with `indexed`,
    a loop by index (`for i := range ins`, `ins[i]` handed to the code while `outs[i]` is
    checked) holds its table's rows as data too, though not as values checked."""
    found = []
    for pattern in (_PY_LOOP_RE, _JS_LOOP_RE, _GO_LOOP_RE):
        for match in pattern.finditer(code):
            names = set(re.findall(r"[A-Za-z_$][\w$]*", match.group(1))) - {"const", "let", "var"}
            if pattern is _GO_LOOP_RE:  # the row (a map's value), not an index or a key
                held = [n.strip() for n in match.group(1).split(",")]
                names = {held[1]} if len(held) == 2 else {held[0]} if indexed else set()
            # a Go name said only in a failure's message (`t.Fatalf("panic inserting route
            # '%s'", route)`) is named for the reader, not checked
            checking = [span for span in spans if pattern is not _GO_LOOP_RE
                        or not GO_FAIL_RE.match(span)]
            used = any(re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", span)
                       for name in names - {"_"} for span in checking)
            if not used:
                continue
            if pattern is _PY_LOOP_RE:
                header = code[match.start():_statement_end(code, match.start())]
            elif pattern is _GO_LOOP_RE:  # `for in, out := range table`, up to its body's `{`
                body = code.find("{", match.end())
                header = code[match.start():body if body >= 0 else len(code)]
            else:  # the parenthesised header, not the loop's body
                header = code[match.start():closing(code, code.index("(", match.start()))]
            found.append(header)
            looped = header[match.end() - match.start():]
            found += [table for name in dict.fromkeys(re.findall(r"(?<![\w$.])[A-Za-z_$][\w$]*",
                                                                 looped))
                      if (table := _named_table(code, name)) is not None
                      # a Go table of rows is read as such already (`_TABLE_START_RE`)
                      and not (pattern is _GO_LOOP_RE
                               and _TABLE_START_RE.search(table, 0, table.find("{") + 1))]
    return found


# A parametrize decorator's argument that names a table (`PARSE_TEST_CASES`), not a string
# of parameter names nor a call (`pytest.param(`, `zip(a, b)`) nor an attribute
_PARAMETRIZE_ARGUMENT = lazy_re(r"(?<![\w.\"'])([A-Za-z_]\w*)\s*(?=[,)])")


def _parametrize_names(code: str) -> list[str]:
    """The names the `@pytest.mark.parametrize(...)` decorators of `code` hand their rows in,
    each decorator's arguments read outside its strings."""
    found = []
    for match in re.finditer(r"@pytest\.mark\.parametrize\s*\(", code):
        arguments = code[match.end():closing(code, match.end() - 1)]  # with its `)`
        bare = re.sub(r"[rbfuRBFU]*(?:\"[^\"\n]*\"|'[^'\n]*')", '""', arguments)
        bare = re.sub(r"\b\w+\s*=(?!=)[^,]*", "", bare)  # `ids=IDS`: no rows
        found += [name for name in _PARAMETRIZE_ARGUMENT.findall(bare)
                  if name not in ("True", "False", "None")]
    return found


def _named_table(code: str, name: str) -> str | None:
    """The statement giving `name` a literal list, tuple, set or object (`test_pairs = (...)`,
    `const cases = [...]`) when it is the only one giving `name` a value, or None."""
    given = list(_py_assigned(name).finditer(code))
    if len(given) != 1:
        return None
    start = given[0].start()
    # Python's and JS's brackets; Go's composite literal, `map[string]string{` / `[]string{`
    if re.compile(rf"{re.escape(name)}\s*(?::[^=\n]+)?:?=\s*(?:(?:map\[[^\]\n]*\]|\[\])"
                  rf"[\w.*]+\s*)?[\[({{]").match(code, start) is None:
        return None
    return code[start:_statement_end(code, start)]


def closing(code: str, opening: int) -> int:
    """The index just past the bracket that closes the one at `opening` (or the end)."""
    depth = 0
    for i in range(opening, len(code)):
        if code[i] in "([{":
            depth += 1
        elif code[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(code)


def _expected_values(code: str, spans: Sequence[str]) -> list[str]:
    """The assignments of the expected-value variables the assertions use (module docstring),
    and the literal a name an assertion is handed holds there (`_handed_literals`)."""
    found = []
    for name in _expected_names(spans):
        assign = re.compile(rf"(?<![\w.$]){re.escape(name)}(?:\s*:\s*[^=\n]+)?\s*:?=(?!=)")
        found += [code[m.start():_statement_end(code, m.start())] for m in assign.finditer(code)]
    return found + _handed_literals(code)


# A Python or JS statement giving a name a literal: a string, a number or a bracketed one
# (`target = ((datetime(2013, 8, 5, 20, 0), 3, 17, 37, 'At 8PM'), ...)`, `const want = [`)
_LITERAL_GIVEN = lazy_re(r"(?m)^[ \t]*(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)"
                         r"(?:\s*:\s*[^=\n]+)?\s*=(?!=)\s*(?=[-+]?\d|[\"'`\[({]|[rbuf]{1,2}[\"'])")
_HANDED_NAME = lazy_re(r"(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$])(?!\s*[(\[.])")
_PY_ASSERT = lazy_re(r"assert\b")


def _handed_to_call(name: str, code: str) -> bool:
    """Whether `code` hands `name` to a call, as an argument or a keyword's value."""
    return re.search(rf"[(,]\s*(?:[A-Za-z_]\w*\s*=\s*)?{re.escape(name)}\s*[,)]", code) \
        is not None


def _handed_literals(code: str) -> list[str]:
    """For each assertion (`_ASSERT_START_RE`), the statement giving a literal to a name it is
    handed itself, the last such statement before it (parsedatetime's `target = ((...), ...)`
    then `self.assertExpectedResult(self.cal.nlp(text, start), target)`, `target` given
    another value after): the value it checks. A name is handed itself as an argument of
    the assertion's own call (`assertEqual(x, target)`, `.toEqual(want)`) or an operand of
    Python's `assert` (`assert parse(s) == result`), and handed to no call, in it or out of it
    (`parse(data)`, `decode(token, options=options)`: what the code is given)."""
    given: dict[str, list[int]] = {}
    for match in _LITERAL_GIVEN.finditer(code):
        given.setdefault(match.group(1), []).append(match.start(1))
    if not given:
        return []
    out: dict[str, None] = {}
    for match in _ASSERT_START_RE.finditer(code):
        span = code[match.start():_statement_end(code, match.start())]
        level = 0 if _PY_ASSERT.match(span) else 1
        depth = 0
        depths = []
        for char in span:
            if char in ")]}":
                depth -= 1
            depths.append(depth)
            if char in "([{":
                depth += 1
        names = list(_HANDED_NAME.finditer(span))
        # a name the assertion also hands the code (`assertEqual(obj, parse(unparse(obj)))`),
        # or another call does (`decode(token, options=options)`), is the code's input
        inputs = {n.group() for n in names if depths[n.start()] > level}
        rest = code[:match.start()] + code[match.start() + len(span):]
        for name in names:
            if name.group() not in given or depths[name.start()] != level \
                    or name.group() in inputs or _handed_to_call(name.group(), rest):
                continue
            before = [at for at in given[name.group()] if at < match.start()]
            if before:  # a literal it was last given before the assertion
                at = code.rfind("\n", 0, before[-1]) + 1
                out.setdefault(code[at:_statement_end(code, at)])
    return list(out)


# An HTTP header's name (`If-None-Match`, `Content-Type`, `X-Request-Id`): the protocol reads
# it in any case, and so may a test (`"if-none-match" in r.request.headers`).
_HEADER_NAME = re.compile(r"[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+")


# An HTML element's start tag as a Then writes it bare: `<del>`, `<ins>`, `<br>`.
_START_TAG = re.compile(r"<([a-z][a-z0-9]*)>")


# A number as a story writes it in text, grouped or with decimals: `1,000,000`, `3.14`.
_NUMBER_TEXT = re.compile(r"[-+]?\d+(?:[.,]\d+)+")


# A run of spaces and tabs, as a story's Markdown folds it.
_FOLDED = re.compile(r"[ \t]+")
_BRACKETED = re.compile(r"\{.*\}|\[.*\]", re.S)
# An empty list standing as a value: brackets no word or bracket comes before and no type
# after (`x == []`, `toEqual([])`), or Go's empty slice of a type (`[]string{}`).
_EMPTY_LIST = re.compile(r"(?<![\w$\]])\[\s*\](?![\w$*\[(])"
                         r"|(?<![\w$\]])(?:\[\])+\*?[\w.]+\s*\{\s*\}")


def _as_code(text: str) -> str:
    """An object or array literal as written whatever its layout: no white space, no comma
    before a closing bracket, one kind of quotes."""
    return re.sub(r",(?=[}\]])", "", re.sub(r"\s+", "", text)).replace('"', "'")


# A subscript's opening bracket: right after a name, a call or another subscript (`A[`,
# `f(x)[`, `rows[1][`), where a list's opens after an operator, a comma or a bracket.
_SUBSCRIPT_OPENING = re.compile(r"(?<=[\w$)\]])\[")


def _subscripts(span: str) -> list[tuple[int, int]]:
    """Where `span`'s subscripts are (`A[0, 0]`, `B[0, 0].delta`): the index of each one's
    opening bracket and of the end of its closing one."""
    return [(found.start(), closing(span, found.start()))
            for found in _SUBSCRIPT_OPENING.finditer(span)]


def _occurs(literal: Literal, span: str) -> bool:
    if literal.kind == STRING:
        if _HEADER_NAME.fullmatch(literal.value):
            return re.search(rf"(?<![\w-]){re.escape(literal.value)}(?![\w-])", span,
                             re.IGNORECASE) is not None
        tag = _START_TAG.fullmatch(literal.value)
        if tag and tag.group(1) in _HTML_ELEMENTS:
            # an element's start tag (`<del>`): written with attributes or not
            # (`<del style="background:#ffe6e6;">`), the same element
            return re.search(rf"<{tag.group(1)}(?=[\s>/])", span) is not None
        if CLOCK.fullmatch(literal.value):
            # the time written whole ("10:30", "10:30:00"), or its parts as consecutive
            # arguments (`time(10, 30)`, `datetime(2010, 1, 6, 10, 30)`)
            whole = rf"(?<![\w.:]){re.escape(literal.value)}(?!\w|\.\d)"
            args = r"\s*,\s*".join(f"0?{int(part)}" for part in literal.value.split(":"))
            args = rf"(?<![\w.]){args}(?![\w.])"
            return re.search(whole, span) is not None or re.search(args, span) is not None
        if _NUMBER_TEXT.fullmatch(literal.value):
            # a number written as text (`1,000,000`, `3.14`): not a part of a longer one
            # (`1,000,000.42`, `21,000,000`, `3.141`), as a group of three digits after a
            # comma or decimals continue it
            return re.search(rf"(?<![\w.])(?<!\d,){re.escape(literal.value)}"
                             r"(?!\w|\.\d|,\d{3})", span) is not None
        if _as_code(literal.value) == "[]":
            # an empty list where it stands as a value (`== []`, Go's `[]string{}`), not the
            # brackets of a type (Go's `[]string{"A", "B"}`, TypeScript's `string[]`) nor of
            # a key (`"Slice[]"`)
            return _EMPTY_LIST.search(span) is not None
        if _BRACKETED.fullmatch(literal.value):
            # an object or array literal (`{ red: 'Five', sel: 'Seven' }`), which a test may
            # write over lines, with trailing commas or the other quotes (cheerio's nested
            # `{\n  red: 'Five',\n  sel: 'Seven',\n}`): the same value
            return _as_code(literal.value) in _as_code(span)
        moment = _UTC_MOMENT.fullmatch(literal.value)
        if moment:
            return _moment_occurs(literal.value, moment, span)
        if not re.fullmatch(r"\w+", literal.value):
            # a story's Markdown folds runs of spaces (`"hello   goodbye"`): compare folded;
            # not a line break, which a code span never holds (a test's `"Bob\nAnn"` is no
            # `Bob Ann`)
            return literal.value in span or _FOLDED.sub(" ", literal.value) in _FOLDED.sub(
                " ", span)
        # A word: not inside another word, but it may lead a name made of it (`onSuccess` in
        # `onSuccessMock`, not `Equal` in `DeepEqual`, nor `admin` in `administrator`).
        word = rf"{_NOT_CHECK_NAME}(?<![\w$]){re.escape(literal.value)}(?![a-z0-9])"
        return re.search(word, span) is not None
    if literal.kind in (STATUS, NUMBER):
        # not an index or a key a value is read at (`body.items[0]`, `rows[1][2]`, each of a
        # matrix's `A[0, 0]`): where the test looks, not what it expects
        number = rf"(?<![\w.])(?<![\w$)\]]\[){re.escape(literal.value)}(?!\.?\d)(?![\w])"
        looked = _subscripts(span)
        return any(not _added_or_multiplied(span, found)
                   and not any(start < found.start() < end for start, end in looked)
                   for found in re.finditer(number, span))
    if literal.kind == KEYWORD or (literal.kind == ENUM and literal.value in _KEYWORD_SPELLINGS):
        if literal.value == "NaN" and _NOT_NAN.search(span):
            return False  # that a result is not NaN: no NaN asserted
        spelled = _KEYWORD_SPELLINGS.get(literal.value, re.escape(literal.value))
        if literal.value == "true" and _GO_NOT_NAME.search(span):
            return True  # a Go guard failing on `!ok`: that `ok` is true is checked
        if literal.value == "false" and _GO_BARE_GUARD.search(span):
            return True  # a Go guard failing on `ok` alone: that `ok` is false is checked
        return re.search(rf"(?<![\w])(?:{spelled})(?![\w])", span) is not None
    return re.search(rf"{_NOT_CHECK_NAME}(?<![\w]){re.escape(literal.value)}(?![\w])",
                     span) is not None


# A `+` or `*` with a name, a call or an index on its other side, before or after a number
_OPERAND_BEFORE = lazy_re(r"[\w$)\]]\s*[+*]\s*$")
_OPERAND_AFTER = lazy_re(r"^\s*[+*]\s*[A-Za-z_$(]")


def _added_or_multiplied(span: str, found: re.Match[str]) -> bool:
    """Whether a number is a term of a sum or a product with a value the test computes
    (`toBe(index + 1)`, `assert total == price * 2`): the expected value is the result, not
    the number (getItemIndex's `toBe(index + 1)` had read as asserting `1`). A difference is
    not read so: `abs(x - 0.5) < 1e-9` asserts 0.5."""
    return bool(_OPERAND_BEFORE.search(span[:found.start()])
                or _OPERAND_AFTER.match(span[found.end():]))


# A moment as a UTC date and time: `1970-01-01 00:00:00 UTC`, `2021-03-04T05:06:07Z`.
_UTC_MOMENT = re.compile(r"(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d)(?::(\d\d))?"
                         r"(?: ?UTC|Z| ?\+00:?00)")


def _moment_occurs(value: str, moment: re.Match[str], span: str) -> bool:
    """A UTC moment written as the literal is (or as Go prints it, `+0000 UTC`), or made from
    its Unix time in seconds (`time.Unix(0, 0)`, `fromtimestamp(0`) or milliseconds (`new
    Date(0)`)."""
    if value in span or value.replace(" UTC", " +0000 UTC") in span:
        return True
    year, month, day, hour, minute, second = (int(part or 0) for part in moment.groups())
    try:
        seconds = calendar.timegm((year, month, day, hour, minute, second))
    except (ValueError, OverflowError):
        return False
    made = (rf"\bUnix\(\s*{seconds}\s*,\s*0\s*\)", rf"\b(?:utc)?fromtimestamp\(\s*{seconds}\b",
            rf"\bnew\s+Date\(\s*{seconds * 1000}\s*\)")
    return any(re.search(form, span) for form in made)


# A Go guard on a negated value (`if !ok {`, `if !ok || v != 1 {`, `if !c.Contains("a") {`):
# the test fails where it is false, so it checks that it is true.
# A Python assertion of a name, a property or a call alone, or of its negation (`assert
# v.is_stable`, `assert not v.is_draft`, `assert is_valid(x)`): it checks that the value is true
# (false where negated), as `assertTrue` / `assertFalse` do.
_PY_BARE_ASSERT = lazy_re(r"^assert\s+(?P<negated>not\s+)?(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*"
                          r"(?:\((?:[^()\n]|\([^()\n]*\))*\))?$")
_GO_NOT_NAME = lazy_re(r"^\s*if\b[^{\n]*?(?<![\w.)\]])!\s*[A-Za-z_]", re.M)
# A Go guard whose whole condition is a name or a call (`if ok {`, `if b.IsSubset(a) {`): the
# test fails where it is true, so it checks that it is false.
_GO_BARE_GUARD = lazy_re(r"^\s*if\s+(?!(?:true|false)\s*\{)(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*"
                         r"(?:\((?:[^(){}\n]|\([^(){}\n]*\))*\))?\s*\{", re.M)


# Not the name of testify's check (`require.Error(t, err)`, `assert.Equal(`): how the test
# checks, not a value it checks (go-toml's AC on `DecodeError`'s `Error` method).
_NOT_CHECK_NAME = r"(?<!require\.)(?<!assert\.)"


# A quoted string whose backslashes escape: "…" and '…' (Go, JS, Python), not after a word
# character (Python's r"…" is raw, as Go's `…` is)
_ESCAPED_STRING_RE = re.compile(r"""(?<![\w`])(["'])((?:(?!\1)[^\\\n]|\\.)*)\1""")
_ESCAPE_RE = re.compile(r"\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|"
                        r"U([0-9A-Fa-f]{8})|(.))", re.S)
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
            "0": "\0"}


def _unescaped(match: re.Match[str]) -> str:
    code = next((g for g in match.groups()[:4] if g is not None), None)
    if code is not None:
        return chr(min(int(code, 16), 0x10FFFF))
    char = match.group(5)
    return _ESCAPED.get(char, char)  # JS's `\*` is `*` (Python's keeps it: read as written)


def _decode(text: str) -> str:
    return _ESCAPE_RE.sub(_unescaped, text)


# A three-digit octal escape (`\\033`), as Go, C and Python write one.
_OCTAL_ESCAPE_RE = re.compile(r"\\([0-3][0-7]{2})")


def spelled_out(value: str) -> str:
    """`value` as the characters its backslash escapes spell (`\\033[0m` -> ESC `[0m`), an
    octal escape's too: a value an AC writes with escapes (`\\*` spells `*`, as JS reads it:
    `asserted_literals` takes only a value spelling a character no one types)."""
    return _decode(_OCTAL_ESCAPE_RE.sub(lambda m: f"\\x{int(m.group(1), 8):02x}", value))


@lru_cache(maxsize=4096)
def decoded(code: str) -> str:
    """`code` with each quoted string whose backslashes escape decoded, quotes kept
    (`"foo\\\\*"` -> `"foo\\*"`): the value a test writes, as an AC spells it."""
    if "\\" not in code:
        return code
    return _ESCAPED_STRING_RE.sub(
        lambda m: m.group(1) + _decode(m.group(2)) + m.group(1), code)


# An inline snapshot's template holds the value its check expects, as pretty-format writes it
# (`toMatchInlineSnapshot(`[ "foo", "Bar", ]`)`): what `toEqual(["foo", "Bar"])` writes as code.
_INLINE_SNAPSHOT = lazy_re(r"\.\s*to(?:Match|ThrowErrorMatching)InlineSnapshot\s*\(\s*`")


@lru_cache(maxsize=4096)
def templates_opened(code: str) -> str:
    """`code` with the backquotes blanked of each template whose text holds values, not words:
    a tagged-template `.each` table's (`table_rows.template_tables`) and an inline snapshot's
    (`_INLINE_SNAPSHOT`; not one computing parts of itself, `${...}`), each as long as it was:
    what they hold reads as code, their strings as strings."""
    if "`" not in code:
        return code
    chars = list(code)
    for table in template_tables(code):
        chars[table.start] = chars[table.end - 1] = " "
    for found in _INLINE_SNAPSHOT.finditer(code):
        opened = close = found.end() - 1
        close += 1
        while close < len(code) and code[close] != "`":
            close += 2 if code[close] == "\\" else 1
        if close < len(code) and "${" not in code[opened:close]:
            chars[opened] = chars[close] = " "
    return "".join(chars)


def as_keyword(literal: Literal) -> Literal:
    """A string spelling a keyword (`None`, `true`, `nil` in backticks) as that keyword, which
    the assertions named for it check (`assertIsNone(x)`): how the weak-assertion check reads a
    Then's values. The matcher keeps the string (read as a keyword, its looser spellings gave
    held-out tests ACs they do not verify)."""
    if literal.kind == STRING and _KEYWORD_RE.fullmatch(literal.value):
        return Literal(KEYWORD, _KEYWORD_VALUE.get(literal.value, literal.value), literal.value)
    return literal


# An environment variable a test sets, by its name: `os.Setenv("X", ...)`, `t.Setenv`,
# `monkeypatch.setenv("X", ...)`, `vi.stubEnv`, `os.environ["X"] = ...`, `process.env.X = ...`.
_ENV_SET = lazy_re(r"""(?:\b(?:[Ss]etenv|putenv|stubEnv)\s*\(\s*|\benviron\s*\[\s*)"""
                   r"""(['"`])(?P<quoted>\w+)\1|\bprocess\.env(?:\.(?P<member>\w+)|\[\s*"""
                   r"""(['"`])(?P<indexed>\w+)\4\s*\])\s*=(?!=)""")


def named_as_key(literal: Literal, test_sources: Iterable[str]) -> bool:
    """Whether `literal`, a name in quotes, is a name the tests set up by and never check: a
    plain lower-case one (`readonly`) they write as a key of a mapping (`{'readonly': True}`)
    or a keyword argument (`readonly=True`): in "fields whose rules are `readonly` are
    removed" it says which fields, not a value the code gives; or an environment variable's
    they set, whole or after a prefix (`os.Setenv("ENV_CONFIG_MULTI_WORD_VAR", "foo")` for
    `MULTI_WORD_VAR`): envconfig's "read from the underscored name (`MULTI_WORD_VAR`)" says
    where the code reads, and a test setting it checks what the code read there."""
    if literal.kind != STRING or not re.fullmatch(r"\w+", literal.value):
        return False
    sources = list(test_sources)
    if re.fullmatch(r"[a-z_][a-z0-9_]*", literal.value):
        key = re.compile(rf"""(?<![\w$.])(['"]?){re.escape(literal.value)}\1\s*(?:=(?!=)|:(?!:))""")
        written = any(key.search(source) for source in sources)
    else:
        written = any(name == literal.value or name.endswith(f"_{literal.value}")
                      for source in sources for found in _ENV_SET.finditer(source)
                      for name in (found.group("quoted") or found.group("member")
                                   or found.group("indexed"),))
    return written and not any(asserted_literals(source, (literal,)) for source in sources)


# A backslash ending a line (not one a backslash before it escapes), which joins the line to
# the next, in code and in a string alike
_CONTINUED_LINE = re.compile(r"(?<!\\)((?:\\\\)*)\\\r?\n")


def asserted_literals(test_source: str, literals: Iterable[Literal]) -> tuple[Literal, ...]:
    """The `literals` that occur inside an assertion in `test_source`, in the given order; a
    pytest test parametrized by a table its module declares (`@pytest.mark.parametrize("s,
    expected", PARSE_TEST_CASES)`, the table before the test as `testcases` gives it) checks
    that table's rows, as it does a table written in the decorator; a Go test comparing the
    error a call gave with a named one checks what it handed that call (`_go_refused_calls`:
    `_, err := Parse("123")` then `if err != errStrSize {` asserts `123` is refused), and one
    comparing what a call gave with a name checks the value the name was given
    (`_go_compared_with_call`). (The
    matcher reads such a table as the test's data, `table_strings`, not as its assertions:
    counted as asserted there too, it gave inflection's `test_singularize_plural` the
    pluralizing AC.)"""
    test_source = _CONTINUED_LINE.sub(r"\1", go_testify_forwarded(test_source))
    code = _COMMENT_LINE_RE.sub("", test_source)
    tables = [table for name in dict.fromkeys(_parametrize_names(code))
              if (table := _named_table(code, name)) is not None]
    spans = assertion_spans(test_source)
    read = (*spans, *_added_to_expected(code, spans), *tables, *_go_refused_calls(code),
            *_go_compared_with_call(code), *_go_checking_value_calls(code))
    found = checked_in(read, literals)
    # a value the Then writes with escapes of characters no one types (`\\033`), as they spell
    spelled = {lit: dataclasses.replace(lit, value=value) for lit in literals
               if lit.kind == STRING and "\\" in lit.value
               and not (value := spelled_out(lit.value)).isprintable()}
    found_spelled = set(asserted_in(read, spelled.values()))
    return tuple(lit for lit in literals if lit in found or _status_asserted(lit, read)
                 or spelled.get(lit) in found_spelled
                 or _yes_or_no_asserted(lit, spans) or _go_package_compared(lit, code, spans))


def _yes_or_no_asserted(literal: Literal, spans: Sequence[str]) -> bool:
    """Whether a Python assertion of a name, a property or a call alone (`assert
    v.is_stable`) checks `literal` as a promised `true`, or its negation (`assert not
    v.is_draft`) as a `false`."""
    if literal.kind != KEYWORD or literal.value not in ("true", "false"):
        return False
    return any((bare := _PY_BARE_ASSERT.match(_without_message(span).strip())) is not None
               and (bare.group("negated") is None) == (literal.value == "true")
               for span in spans)


# A status line as a Then quotes it (`405 Method Not Allowed`): a code and its reason phrase.
_STATUS_LINE_RE = re.compile(r"([1-5]\d\d)\s+([A-Za-z][A-Za-z' -]*)")
# Go's net/http names where they are not the reason phrase's words run together.
_GO_STATUS_NAMES = {203: "NonAuthoritativeInfo", 413: "RequestEntityTooLarge",
                    416: "RequestedRangeNotSatisfiable", 418: "Teapot",
                    422: "UnprocessableEntity"}


def _status_asserted(literal: Literal, spans: Sequence[str]) -> bool:
    """A status the Then promises, by its code (`returns 405`, "redirected (`301`)") or as a
    quoted status line whose phrase is the code's own (`405 Method Not Allowed`), checked by
    its code or by the name
    Go's net/http gives it (`http.StatusMethodNotAllowed`). Read for the values a test
    asserts, not by the matcher."""
    from http import HTTPStatus

    line = _STATUS_LINE_RE.fullmatch(literal.value) if literal.kind == STRING else None
    code = (literal.value if literal.kind == STATUS or re.fullmatch(r"[1-5]\d\d", literal.value)
            else line.group(1) if line else "")
    try:
        phrase = HTTPStatus(int(code)).phrase if code else ""
    except ValueError:
        return False
    if not phrase or (line and re.sub(r"[^a-z]", "", line.group(2).lower())
                      != re.sub(r"[^a-z]", "", phrase.lower())):
        return False
    if line and asserted_in(spans, [Literal(STATUS, code)]):
        return True
    names = {re.sub(r"[^A-Za-z0-9]", "", phrase), _GO_STATUS_NAMES.get(int(code), "")} - {""}
    return any(re.search(rf"(?<![\w.])(?:http\.)?Status{name}\b", span)
               for span in spans for name in names)


# A Go package's import path as a Then names it (`encoding/json`, `golang.org/x/net/idna`, a
# major version after it: `/v2`): the package's name is its last part
_GO_IMPORT_PATH = lazy_re(r"[a-z][\w.-]*(?:/[\w.-]+)*/(?P<name>[a-z]\w*)(?:/v\d+)?")


def _go_package_compared(literal: Literal, code: str, spans: Sequence[str]) -> bool:
    """Whether a Go package the Then names by its import path (`encoding/json`: the code the
    story's is to agree with) is what a check of `code` compares with: a check calling it
    (`if got != json.Valid(in) {`), or comparing a name a call of it gives (`exp :=
    json.Valid(in)` then `if got != exp {`). Read for the values a test asserts, not by the
    matcher."""
    path = _GO_IMPORT_PATH.fullmatch(literal.value) if literal.kind == STRING else None
    if path is None:
        return False
    call = rf"(?<![\w.]){path.group('name')}\.[A-Z]\w*\s*\("
    if any(re.search(call, span) for span in spans):
        return True
    names = {name for span in spans for pair in _GO_COMPARED.findall(span) for name in pair}
    return any(re.search(rf"(?<![\w.$]){re.escape(name)}\s*:?=(?!=)\s*{call}", code)
               for name in names)


# A Go guard comparing what a call gave with a name: `if err.Error() != estr {`, `if estr !=
# got.String() {`.
_GO_CALL_COMPARED = lazy_re(
    r"^[ \t]*(?:\}\s*else\s+)?if\s+(?:[^{};\n]*\)\s*[!=]=\s*(?P<after>[A-Za-z_]\w*)|"
    r"(?P<before>[A-Za-z_]\w*)\s*[!=]=\s*[\w.]+\([^{;\n]*\))\s*\{", re.M)


def _go_compared_with_call(code: str) -> list[str]:
    """The statements giving a literal value to a name a Go guard compares with what a call
    gave (`estr := "schema: interface must be a struct"` then `if err.Error() != estr {`):
    the value the guard checks, as `_go_compared_values` reads a name compared with a name.
    Read for the values a test asserts, not by the matcher."""
    found = []
    for guard in _GO_CALL_COMPARED.finditer(code):
        name = guard.group("after") or guard.group("before")
        if name in ("nil", "true", "false"):
            continue
        given = re.compile(rf"(?<![\w.$]){re.escape(name)}{_GO_LITERAL_VALUE}")
        found += [code[m.start():_statement_end(code, m.start())]
                  for m in given.finditer(code[:guard.start()])]
    return found


# A function value a Go test defines: `f := func(s string, want uint64) {`
_GO_FUNCTION_VALUE = lazy_re(r"(?<![\w.])(?P<name>[A-Za-z_]\w*)\s*:?=\s*func\s*\([^()]*\)"
                             r"[^{;\n]*\{")


def _go_checking_value_calls(code: str) -> list[str]:
    """The statements calling a function value a Go test defines whose body can fail the test
    (`f := func(s string, want uint64) { ... t.Fatalf(...) }` then `f("65536", 0)`): each
    call checks what it hands the function, as a call of a JS or Python test's checking
    helper does (`_helper_calls`). Read for the values a test asserts, not by the matcher."""
    found = []
    for value in _GO_FUNCTION_VALUE.finditer(code):
        end = closing(code, value.end() - 1)
        if not GO_FAIL_RE.search(code, value.end(), end):
            continue
        call = re.compile(rf"(?<![\w.]){re.escape(value.group('name'))}\s*\(")
        found += [code[m.start():_statement_end(code, m.start())]
                  for m in call.finditer(code) if not value.start() <= m.start() < end]
    return found


# A Go guard comparing an error with a named one, not nil: `if err != errStrSize {`, `if err
# == ErrX {`, `if !errors.Is(err, ErrX) {`.
_GO_NAMED_ERROR_GUARD = lazy_re(
    r"^[ \t]*(?:\}\s*else\s+)?if\s+(?:(?P<name>[eE]rr\w*)\s*[!=]=\s*(?!nil\b)(?:\w+\.)?"
    r"[A-Za-z_]\w*|!?\s*errors\.Is\s*\(\s*(?P<is>[eE]rr\w*)\s*,\s*(?!nil\b)(?:\w+\.)?"
    r"[A-Za-z_]\w*\s*\))\s*\{", re.M)


def _go_refused_calls(code: str) -> list[str]:
    """The statement giving the error a Go guard compares with a named error, the last one
    before it giving that name (`_, err := Parse("123")` then `if err != errStrSize {`): what
    it hands the code is the input the test checks is refused, as `pytest.raises` holds the
    call it expects to raise. Read for the values a test asserts, not by the matcher."""
    out = []
    for guard in _GO_NAMED_ERROR_GUARD.finditer(code):
        name = re.escape(guard.group("name") or guard.group("is"))
        given = list(re.finditer(rf"^[ \t]*(?:[\w.]+\s*,\s*)*{name}\s*:?=(?!=)",
                                 code[:guard.start()], re.M))
        if given:
            out.append(code[given[-1].start():_statement_end(code, given[-1].start())])
    return out


def _added_to_expected(code: str, spans: Sequence[str]) -> list[str]:
    """The statements adding to an expected-value variable the assertions use (`expected :=
    "Column A ...\\n"` then `expected += "x  <none>  z"`: columnize's expected text built a
    line at a time): part of the value asserted, as its first assignment is. Read for the
    values a test asserts, not by the matcher, whose evidence they are not: the rows they add
    gave columnize's `TestUnmatchedColumnCounts` the column widths' AC."""
    return [code[m.start():_statement_end(code, m.start())] for name in _expected_names(spans)
            for m in re.finditer(rf"(?<![\w.$]){re.escape(name)}\s*\+=", code)]


def _expected_names(spans: Sequence[str]) -> list[str]:
    """The expected-value variables (`_EXPECTED_NAME_RE`) the assertions `spans` use, sorted."""
    return sorted({name for span in spans for name in _EXPECTED_NAME_RE.findall(span)})


# A string written in a test's code, each quote's kind: `'2'`, `"2"`, `` `2` ``
_CODE_STRING_RE = re.compile(QUOTED_CODE + r"|`(?:[^`\\$]|\\.)*`")


def quoted_in(spans: Sequence[str], literals: Iterable[Literal]) -> tuple[Literal, ...]:
    """The string `literals` a Then writes in double quotes (`"2"`, the text 2) that one of
    `spans` (from `assertion_spans`) holds as a string of its code in any quotes (`'2'`,
    `` `2` ``): the same value, where `asserted_in` reads the quotes as written. For the
    review's reading of what a test asserts, not the matcher's: svelte-jsoneditor's sorting
    AC3 promises `"1"`, `"2"`, `"10"`, which its natural-sort test asserts as `['1', '2',
    '10']`."""
    written = {found.group()[1:-1] for span in spans for found in _CODE_STRING_RE.finditer(span)}
    return tuple(lit for lit in literals if lit.kind == STRING and len(lit.value) > 1
                 and lit.value[0] == lit.value[-1] == '"' and lit.value[1:-1] in written)


def asserted_in(spans: Sequence[str], literals: Iterable[Literal]) -> tuple[Literal, ...]:
    """The `literals` that occur in one of `spans` (from `assertion_spans`), in order, as
    written or decoded (`decoded`)."""
    read = [*spans, *(text for text in map(decoded, spans) if text not in spans)]
    return tuple(lit for lit in literals if any(_occurs(lit, span) for span in read))


# A number beside a `+` or `*` whose other side is a number alone (`240+15`), and the text
# before and after that pair: a sum or product of numbers, not of a value the test computes.
_NUMBER_TERMS = lazy_re(r"(?<![\w.$])(\d+)\s*[+*]\s*(\d+)(?![\w.])")
_OPERATOR_BEFORE = lazy_re(r"[\w$)\]]\s*[-+*/%]\s*$")
_OPERATOR_AFTER = lazy_re(r"^\s*[-+*/%]")


def checked_in(spans: Sequence[str], literals: Iterable[Literal]) -> tuple[Literal, ...]:
    """`asserted_in`, and a number written as a term of a sum or a product of numbers alone
    (`Color(232+23)`: a palette's index of gray 23, written as the code's table builds it),
    which writes the number it checks, where a sum with a value the test computes (`idx + 23`)
    does not. Read for the values a test asserts, not by the matcher."""
    found = set(asserted_in(spans, literals))
    return tuple(lit for lit in literals if lit in found or (
        lit.kind == NUMBER and any(
            lit.value in terms.groups()
            and not _OPERATOR_BEFORE.search(span[:terms.start()])
            and not _OPERATOR_AFTER.match(span[terms.end():])
            for span in spans for terms in _NUMBER_TERMS.finditer(span))))


# A Python literal (a string, a number, True/False/None), an operand of a comparison (no
# `and` / `or`: one comparison) and an argument of a call.
_PY_LITERAL = r"(?:[rbfuRBFU]*(?:\"[^\"\n]*\"|'[^'\n]*')|-?\d+(?:\.\d+)?|None|True|False)"
_PY_OPERAND = (r"(?:(?!\s(?:and|or|if|for)\s)(?:[^,=<>!()\[\]\"']|\([^()]*\)|\[[^\[\]]*\]|"
               r"\"[^\"\n]*\"|'[^'\n]*'))+?")
_PY_ARGUMENT = r"(?:[^,()\[\]\"']|\([^()]*\)|\[[^\[\]]*\]|\"[^\"\n]*\"|'[^'\n]*')+?"
# A check that only asks for a result to exist: any value passes it.
# What any value of a type matches: `expect.any(Object)`, `expect.anything()`,
# `expect.objectContaining({})`, `expect.arrayContaining([])`.
_ANY_VALUE = (r"expect\s*\.\s*(?:any\s*\(\s*[\w$.]+\s*\)|anything\s*\(\s*\)|"
              r"objectContaining\s*\(\s*\{\s*\}\s*\)|arrayContaining\s*\(\s*\[\s*\]\s*\))")
_PRESENCE_CHECK = re.compile(
    r"^expect\s*\((?s:.*)\)\s*\.\s*(?:toBeDefined|not\s*\.\s*(?:toBeUndefined|toBeNull|toThrow|"
    r"toBeNaN|toBeFalsy))"
    r"\s*\(\s*\)\s*;?$"
    # that a result is not NaN, spelled out: `expect(Number.isNaN(x)).toBe(false)`,
    # `assert not math.isnan(x)`
    r"|^expect\s*\(\s*(?:Number\s*\.\s*)?isNaN\s*\((?s:.*)\)\s*\)\s*\.\s*(?:toBe\s*\(\s*false"
    r"\s*\)|toEqual\s*\(\s*false\s*\)|toBeFalsy\s*\(\s*\))\s*;?$"
    r"|^assert\s+not\s+(?:math\s*\.\s*|numpy\s*\.\s*|np\s*\.\s*)?isnan\s*\("
    r"|^assert\s+(?s:.+?)\s+is\s+not\s+None\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assertIsNotNone\s*\("
    # a comparison written where the message goes checks only that the first value is truthy:
    # `assert x, x == y`, `assertTrue(x, y)`
    # (a message is a string or a name: `assertTrue(ok, msg)` checks `ok`)
    r"|^assert\s+(?:[^,()\[\]]|\([^()]*\)|\[[^\[\]]*\])+,(?!\s*[rbfuRBFU]*[\"'])[^,]*(?:==|!=)"
    r"|^(?:self\.)?assertTrue\s*\((?:[^,()]|\([^()]*\))+,(?!\s*[rbfuRBFU]*[\"']|\s*\w+\s*\))"
    r"|^(?:require|assert)\.(?:NotNil|NoError)\s*\("
    # a value compared with itself (Python's `==` calls the type's own `__eq__`, so it can
    # fail, but it checks no value the AC promises)
    r"|^assert\s+(?P<same>[\w.]+(?:\([^()]*\))?)\s*(?:==|is)\s*(?P=same)\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assert(?:Equal|Equals|Is)\(\s*(?P<same2>[\w.]+(?:\([^()]*\))?)\s*,\s*"
    r"(?P=same2)\s*(?:,[^,()]*)?\)\s*$"
    # ... in JS: `expect(titleCase(input)).toEqual(titleCase(input))`, `expect(x).toBe(x)`
    r"|^expect\s*\(\s*(?P<same4>[\w$.]+(?:\([^()]*\))?)\s*\)\s*\.\s*"
    r"(?:toBe|toEqual|toStrictEqual|toMatchObject)\s*\(\s*(?P=same4)\s*\)\s*;?$"
    # ... or a copy of it: `expect({ ...expected }).toEqual(expected)`
    r"|^expect\s*\(\s*\{\s*\.\.\.(?P<spread>[\w$.]+)\s*\}\s*\)\s*\.\s*"
    r"(?:toEqual|toStrictEqual|toMatchObject)\s*\(\s*(?P=spread)\s*\)\s*;?$"
    r"|^expect\s*\(\s*(?P<spread2>[\w$.]+)\s*\)\s*\.\s*(?:toEqual|toStrictEqual|toMatchObject)"
    r"\s*\(\s*\{\s*\.\.\.(?P=spread2)\s*\}\s*\)\s*;?$"
    # a length no less than zero: any value's
    r"|^assert\s+len\((?s:.+)\)\s*>=\s*0\s*(?:,(?s:.*))?$"
    r"|^expect\s*\((?s:.+)\.length\s*\)\s*\.\s*toBeGreaterThanOrEqual\s*\(\s*0\s*\)\s*;?$"
    # a value's str() compared with its own f-string (`str(x) == f"{x}"`): both are its __str__
    r"|^assert\s+str\(\s*(?P<fs>[\w.]+)\s*\)\s*==\s*f(?P<q>[\"'])\{(?P=fs)\}(?P=q)\s*(?:,(?s:.*))?$"
    r"|^assert\s+f(?P<q2>[\"'])\{(?P<fs2>[\w.]+)\}(?P=q2)\s*==\s*str\(\s*(?P=fs2)\s*\)\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assertEqual\(\s*str\(\s*(?P<fs3>[\w.]+)\s*\)\s*,\s*f(?P<q3>[\"'])\{(?P=fs3)\}"
    r"(?P=q3)\s*\)\s*$"
    # a type check any value passes: `isinstance(x, object)`, or a tuple of types holding it
    r"|^assert\s+isinstance\((?s:.*),\s*(?:object|\([^()]*(?<![\w.])object\s*(?:,[^()]*)?\))\s*\)"
    r"\s*(?:,(?s:.*))?$"
    # an asymmetric matcher any value of a type passes (`expect.any(Object)`, `anything()`,
    # `objectContaining({})`), or an object only with keys whose values it so reads
    r"|^expect\s*\((?s:.*)\)\s*\.\s*(?:toEqual|toStrictEqual|toMatchObject)\s*\(\s*"
    r"(?:" + _ANY_VALUE + r"|\{(?:\s*(?:[\w$]+|\"[^\"]*\"|'[^']*')\s*:\s*" + _ANY_VALUE
    + r"\s*,?)+\s*\})\s*\)\s*;?$"
    r"|^expect\s*\((?s:.*)\)\s*\.\s*toHaveProperty\s*\(\s*(?:\"[^\"]*\"|'[^']*'|`[^`$]*`)\s*\)"
    r"\s*;?$"
    # its type: nearly every result passes; not null nor undefined: any value
    r"|^expect\s*\((?s:.*)\)\s*\.\s*toBeTypeOf\s*\(\s*[\"'`]\w+[\"'`]\s*\)\s*;?$"
    r"|^expect\s*\(\s*typeof\s+(?s:.+)\)\s*\.\s*(?:toBe|toEqual|toStrictEqual)\s*"
    r"\(\s*[\"'`]\w+[\"'`]\s*\)\s*;?$"
    r"|^expect\s*\((?s:.*)\)\s*\.\s*not\s*\.\s*(?:toBe|toEqual|toStrictEqual)\s*\(\s*"
    r"(?:null|undefined)\s*\)\s*;?$"
    # ... in Python: `assert isinstance(x, str)`, `assertIsInstance(x, str)`, `type(x) is str`
    # (an AC promising a type names it: the asserted literal keeps such a test), and `!= None`
    r"|^assert\s+isinstance\s*\((?:[^()]|\([^()]*\))*\)\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assertIsInstance\s*\("
    r"|^assert\s+type\s*\((?:[^()]|\([^()]*\))*\)\s+(?:is|==)\s+[\w.]+\s*(?:,(?s:.*))?$"
    r"|^assert\s+(?:(?!\s(?:and|or)\s)[^,=<>!])+?\s*!=\s*None\s*(?:,(?s:.*))?$"
    # that a function or attribute exists: `assert callable(parse)`, `hasattr(m, "parse")`,
    # `expect(typeof parse).toBe("function")`, `expect(parse).toBeInstanceOf(Function)`
    r"|^assert\s+(?:callable|hasattr)\s*\([^()]*\)\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assertTrue\s*\(\s*(?:callable|hasattr)\s*\([^()]*\)\s*\)"
    r"|^expect\s*\(\s*[\w$.]+\s*\)\s*\.\s*toBeInstanceOf\s*\(\s*Function\s*\)\s*;?$")
# A check only that a result is not one other value: `.not.toBe("FOO")`, and in Python one
# literal (`assert f(x) != "ftp"`, `assertNotEqual(f(x), "ftp")`; two values compared,
# `assert a != b`, are a check that they differ).
_ONLY_WHAT_IT_IS_NOT = re.compile(
    r"^expect\s*\((?s:.*)\)\s*\.\s*not\s*\.\s*(?:toBe|toEqual|toStrictEqual)\s*\((?s:.*)\)\s*;?$"
    r"|^assert\s+(?:" + _PY_OPERAND + r"\s*!=\s*" + _PY_LITERAL + r"|" + _PY_LITERAL
    + r"\s*!=\s*" + _PY_OPERAND + r")\s*(?:,(?s:.*))?$"
    r"|^(?:self\.)?assertNotEqual\s*\(\s*(?:" + _PY_ARGUMENT + r"\s*,\s*" + _PY_LITERAL + r"|"
    + _PY_LITERAL + r"\s*,\s*" + _PY_ARGUMENT + r")\s*(?:,[^,]*)?\)\s*$")
# A Then clause that promises a difference ("compares unequal", "differs from", "!="): a
# check that a result is not one value is what it promises.
_DIFFERENCE_RE = re.compile(r"\b(?:unequal|inequal\w*|differ\w*|distinct|not\s+(?:be\s+)?"
                            r"(?:equal|the\s+same|identical)|never\s+equals?)\b|!=|≠",
                            re.IGNORECASE)


# A Then promising that no error comes ("returns no error", "without an exception", "does
# not throw"): what a check that the code accepts its input checks.
_NO_ERROR_RE = re.compile(r"\b(?:no|without|never)\s+(?:an?\s+|any\s+)?(?:errors?|exceptions?|"
                          r"panics?)\b|\b(?:not|n't|never)\s+(?:\w+\s+)?(?:throws?|raises?|"
                          r"panics?|errors?|fails?)\b", re.IGNORECASE)


# A Then that the code takes its input: "it is accepted", "is valid", "succeeds", "works".
_ACCEPTANCE_RE = lazy_re(r"\b(?:accept\w*|valid|succeed\w*|works?)\b", re.IGNORECASE)


def promises_acceptance(then: str) -> bool:
    """Whether a Then clause says the code takes its input ("then it is accepted", "returns
    no error", "does not throw"): a test failing only where the code raises checks it."""
    return _ACCEPTANCE_RE.search(then) is not None or _NO_ERROR_RE.search(then) is not None


# A Then promising a failure but for a case it names: "reading fails and says so (...),
# unless the reader is told to ignore unknown keys".
_SPARED_RE = lazy_re(r"\b(?:fail\w*|rais\w*|throw\w*|reject\w*|refus\w*|errors?)\b"
                     r"(?:[^.;]|\.(?!\s|$))*?"  # within its sentence: `Foo.Bar` holds no end
                     r"\b(?:unless|except\s+(?:when|if|where))\b", re.IGNORECASE)


def spares_a_case(then: str) -> bool:
    """Whether a Then clause promises a failure save in a case it names (`_SPARED_RE`): there
    the code accepts its input, and a test checking only that checks that case (gorilla/
    schema's `TestInvalidPathIgnoreUnknownKeys`, `if err != nil { t.Fatal(err) }` with
    unknown keys ignored)."""
    return _SPARED_RE.search(then) is not None


def promises_a_result(then: str) -> bool:
    """Whether a Then clause promises what the code returns, gives or becomes (`_GIVES`:
    "then the number 900 is returned", "`foo-bar` becomes `Foo Bar`"), not only that it
    accepts its input ("then `1.2.3` is accepted", "returns no error", "does not throw")."""
    return _GIVES_RE.search(then) is not None and _NO_ERROR_RE.search(then) is None


def only_what_it_is_not(check: str) -> bool:
    """Whether an assertion checks only that a result is not one value
    (`_ONLY_WHAT_IT_IS_NOT`: `.not.toBe(['a', 'b'])`, `assert f(x) != "ftp"`)."""
    return _ONLY_WHAT_IT_IS_NOT.match(check.strip()) is not None


def promises_a_difference(then: str) -> bool:
    """Whether a Then clause promises that something differs (`_DIFFERENCE_RE`)."""
    return _DIFFERENCE_RE.search(then) is not None


# A Python check that a value differs from the literal it was made of
# (`assert Marker("a") != "a"`): a check of how it compares, not only of what it is not.
_UNEQUAL = lazy_re(r"^(?:assert\s+(?P<a>.+?)\s*!=\s*(?P<b>.+?)|(?:self\.)?assertNotEqual\s*"
                   r"\(\s*(?P<c>.+)\))\s*(?:,.*)?$", re.S)
_PY_LITERAL_RE = lazy_re(_PY_LITERAL)


def _unequal_to_its_source(check: str) -> bool:
    """`assert Requirement("a>=1") != "a>=1"`: the literal a value is compared with unequal
    is one the other side is made of."""
    if _UNEQUAL.match(check) is None:
        return False
    literals = [m.group(0) for m in _PY_LITERAL_RE.finditer(check)
                if m.group(0)[-1:] in "\"'"]
    return any(check.count(literal) > 1 for literal in literals)


# A Go guard that fails on an error, or on a missing result (`if err != nil`, `if v == nil`,
# an empty string or list: `if x == ""`, `if len(got) == 0`, which any other value passes);
# `if err == nil { t.Fatal(...) }` asks for an error: a real check of an error path.
_GO_NIL_GUARD = re.compile(r"^\s*(?:\}\s*else\s+)?if\s+(?:[^;{]*;\s*)?(?:(?:\w+\.)*[eE]rr\w*\s*!="
                           r"\s*nil|(?:\w+\.)*(?![eE]rr)\w+\s*==\s*(?:nil|\"\")|"
                           r"len\(\s*(?:\w+\.)*\w+\s*\)\s*==\s*0)\s*\{")


# `expect(X).toBeTruthy()` / `.not.toBeFalsy()`: X the whole argument.
_JS_TRUTHY = re.compile(r"^expect\s*\((?P<x>(?s:.*))\)\s*\.\s*(?:toBeTruthy|not\s*\.\s*toBeFalsy)"
                        r"\s*\(\s*\)\s*;?$")
# A call or construction as a whole value: `defu(a, b)`, `new Parser(x)`, `await load(p)`.
_JS_CALLED = re.compile(r"^\s*(?:await\s+)?(?:new\s+)?"
                        r"(?P<callee>[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\(")
# Words a function's name starts with when it answers yes or no (`isValid`, `has`,
# `startsWith`, `Array.isArray`): its truthiness is its answer, a real check.
_PREDICATE_WORDS = frozenset((
    "is", "has", "have", "can", "should", "must", "was", "were", "will", "are", "does", "did",
    "do", "contains", "contain", "includes", "include", "matches", "match", "exists", "exist",
    "equals", "equal", "validate", "verify", "check", "test", "some", "every", "starts",
    "ends", "satisfies", "accepts", "allows", "supports", "needs", "compare", "same", "deep",
    "boolean", "within", "in", "not", "any", "all", "ok"))


def _whole_call(text: str) -> str | None:
    """The callee of `text` when it is one call (or `new`) whose parentheses close at its end
    (`find(key)`, not `find(a) === b`), else None."""
    found = _JS_CALLED.match(text)
    if found is None:
        return None
    depth = 0
    for at in range(found.end() - 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[at], 0)
        if depth == 0:
            return "".join(found.group("callee").split()) if not text[at + 1:].strip() else None
    return None


def _answers_yes_or_no(callee: str) -> bool:
    last = callee.rsplit(".", 1)[-1]
    first = re.split(r"(?<=[a-z0-9])(?=[A-Z])|_", last)[0].lower()
    return first in _PREDICATE_WORDS or "valid" in last.lower()


# Python: `assert X` or `assertTrue(X)`, with or without a message.
_PY_TRUTHY = re.compile(r"^(?:assert\s+(?P<x>(?s:.+))|(?:self\.)?assertTrue\s*\((?P<y>(?s:.+))\))$")
# What a Python function's name holds when it answers yes or no beyond `_PREDICATE_WORDS`
# (`os.path.isfile`, `s.startswith`, `math.isclose`, `np.array_equal`, `filecmp.cmp`).
_PY_PREDICATE_PARTS = lazy_re(r"^_*(?:is|has|can|should|was)|equal|close|match|same|valid|"
                              r"contain|exist|cmp|compar|check|verify|assert|expect|test|"
                              r"rais|startswith|endswith|bool|differ|search|eq$|ne$",
                              re.IGNORECASE)


def _first_argument(text: str) -> str:
    """`text` up to its first comma outside brackets and quoted strings (an assert's
    condition before its message, a call's first argument)."""
    return next(top_level_parts(text, ",", "\"'"))


def top_level_parts(text: str, stops: str, quotes: str) -> Iterator[str]:
    """`text` split at each of the characters `stops` outside brackets and strings quoted
    by `quotes`."""
    depth, quote, start = 0, "", 0
    for at, char in enumerate(text):
        if quote:
            quote = "" if char == quote and text[at - 1] != "\\" else quote
        elif char in quotes:
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char in stops and depth == 0:
            yield text[start:at]
            start = at + 1
    yield text[start:]


def _truthy_of_a_value(check: str, code: str) -> bool:
    """`expect(X).toBeTruthy()`, Python's `assert X` or `assertTrue(X)`, where X is a call
    of a function that does not answer yes or no (`expect(queryCache.find(key)).toBeTruthy()`,
    `expect(defu(a, b)).toBeTruthy()`, `assert normalize_scheme("HTTP")`), or a name given
    one such call's value once: any object passes, as `toBeDefined()` and `is not None` do. A
    comparison, a predicate (`isValid(x)`, `list.includes(x)`, `os.path.isfile(p)`,
    `re.match(p, s)`), a property (`state.isPaused`), a name given any other value, or a
    call of a name given a comparison (`_bound_to_a_comparison`: a tinydb query) is a check
    of a yes or a no."""
    js = _JS_TRUTHY.match(check)
    python = js is None
    if js is not None:
        value = js.group("x").strip()
    elif (found := _PY_TRUTHY.match(check)) is not None:
        value = _first_argument(found.group("x") or found.group("y")).strip()
    else:
        return False
    if re.fullmatch(r"[A-Za-z_$][\w$]*", value):
        given = re.findall(rf"(?<![\w$.]){re.escape(value)}\s*=(?![=>])([^\n]*)", code)
        declared = (len(list(_py_assigned(value).finditer(code))) == 1 if python else
                    re.search(rf"\b(?:const|let|var)\s+{re.escape(value)}\s*=", code))
        if len(given) != 1 or not declared:
            return False
        value = given[0].strip().rstrip(";").rstrip()
    callee = _whole_call(value)
    if callee is None or _answers_yes_or_no(callee):
        return False
    if python and _bound_to_a_comparison(callee, code):
        return False
    return not python or _PY_PREDICATE_PARTS.search(callee.rsplit(".", 1)[-1]) is None


# A comparison operator of Python, not part of `=`, `->` or another operator.
_PY_COMPARISON = re.compile(r"(?<![=!<>\-])(?:==|!=|<=|>=|<|>)(?![=>])")


def _bound_to_a_comparison(callee: str, code: str) -> bool:
    """Whether `callee` is a name the Python test gives, once, a comparison (`query1 =
    User.name == 'John'`): a test that then calls it (`assert query1(data)`) holds a
    predicate built by overloading the comparison, as tinydb's queries are, and its call
    answers yes or no: tinydb's `test_orm_usage` had read "only checks that a result
    exists"."""
    if not re.fullmatch(r"[A-Za-z_]\w*", callee):
        return False
    given = re.findall(rf"^\s*{re.escape(callee)}\s*=(?!=)([^\n]*)$", code, re.MULTILINE)
    return len(given) == 1 and _PY_COMPARISON.search(
        re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "''", given[0])) is not None


# A Go operand, as written on one line: a name with its selectors, indexes and calls
# (`v`, `test.v`, `tc.in[0]`, `v.String()`).
_GO_OPERAND = (r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*|\[[^\[\]{};\n]*\]|"
               r"\((?:[^(){};\n]|\([^(){};\n]*\))*\))*")
# Comparing methods and functions, by what they give a value compared with itself: an order
# of it (`v.Compare(v)`, `strings.Compare(a, a)`: 0), an equality or a non-strict order (`true`:
# `v.Equal(v)`, `v.LTE(v)`, `reflect.DeepEqual(x, x)`), or an inequality or a strict order
# (`false`: `v.NE(v)`, `v.LT(v)`, `t.Before(t)`).
_GO_ORDER_METHOD = r"(?:Compare|Cmp|CompareTo)"
_GO_TRUE_METHOD = (r"(?:Equal|Equals|EQ|Eq|IsEqual|EqualTo|LTE|Lte|LE|Le|GTE|Gte|GE|Ge|"
                   r"LessOrEqual|GreaterOrEqual)")
_GO_FALSE_METHOD = (r"(?:NE|Ne|NotEqual|NotEquals|LT|Lt|Less|LessThan|GT|Gt|Greater|"
                    r"GreaterThan|Before|After)")
_GO_ORDER_FUNCTION = r"(?:[A-Za-z_]\w*\.)*Compare"
_GO_TRUE_FUNCTION = (r"(?:(?:[A-Za-z_]\w*\.)*(?:DeepEqual|Equal|Equals|EqualFold|EqualValues|"
                     r"ObjectsAreEqual)|errors\.Is)")


def _go_self(callee: str, name: str, method: bool) -> str:
    """A comparison of one operand with itself by `callee`: a method of it taking it
    (`v.Compare(v)`) or a function taking it twice (`strings.Compare(a, a)`); `name`: the
    group the operand is kept in (each unique in a pattern)."""
    operand = rf"(?P<{name}>{_GO_OPERAND})"
    if method:
        return rf"{operand}\s*\.\s*{callee}\(\s*(?P={name})\s*\)"
    return rf"{callee}\(\s*{operand}\s*,\s*(?P={name})\s*\)"


# A Go comparison of a value with itself whose outcome is fixed: read as that outcome.
_GO_SELF_COMPARED = lazy_re("|".join([
    _go_self(_GO_ORDER_METHOD, "sm1", True), _go_self(_GO_ORDER_FUNCTION, "sf1", False),
    _go_self(_GO_TRUE_METHOD, "sm2", True), _go_self(_GO_TRUE_FUNCTION, "sf2", False),
    _go_self(_GO_FALSE_METHOD, "sm3", True)]))
# A Go condition that is never true: `false`, `!true` alone (Go's `assert not True`), a value
# unequal to itself (`got != got`,
# `!reflect.DeepEqual(got, got)`, `!errors.Is(err, err)`), or ordered before or after itself
# (`v < v`), also through a method or a function comparing it with itself
# (`v.Compare(v) != 0`, `strings.Compare(a, a) < 0`, `!v.Equal(v)`, `v.NE(v)`, `v.LT(v)`,
# `!reflect.DeepEqual(f(x), f(x))`), a comparison and its contradiction
# (`a != b && a == b`), one and-ed with `false`, a length below zero (`!(len(v) >= 0)` too),
# or more arguments than
# `go test` ever hands its test binary (`len(os.Args) > 100`).
GO_DEAD_BLOCK = lazy_re(
    r"\bif\s+(?:[^{};]*;\s*)?(?:false\b[^{]*|!\s*true\s*|(?P<x>[^{};]+?)\s*!=\s*(?P=x)\s*|"
    rf"(?P<lt>{_GO_OPERAND})\s*[<>](?![<>=-])\s*(?P=lt)\s*|"
    r"!\s*(?:reflect\.DeepEqual|cmp\.Equal|bytes\.Equal|errors\.Is)\(\s*(?P<y>[^,(){};]+?)\s*,"
    r"\s*(?P=y)\s*\)\s*|"
    + rf"(?:{_go_self(_GO_ORDER_METHOD, 'dm1', True)}|"
    rf"{_go_self(_GO_ORDER_FUNCTION, 'df1', False)})\s*(?:!=|<|>)\s*0\s*|"
    rf"!\s*(?:{_go_self(_GO_TRUE_METHOD, 'dm2', True)}|"
    rf"{_go_self(_GO_TRUE_FUNCTION, 'df2', False)})\s*|"
    rf"{_go_self(_GO_FALSE_METHOD, 'dm3', True)}\s*|"
    r"(?P<p>[^{};&|]+?)\s*!=\s*(?P<q>[^{};&|]+?)\s*&&\s*(?P=p)\s*==\s*(?P=q)\s*|"
    r"(?P<r>[^{};&|]+?)\s*==\s*(?P<s>[^{};&|]+?)\s*&&\s*(?P=r)\s*!=\s*(?P=s)\s*|"
    r"[^{};|]*&&\s*false\s*|"
    r"(?:len\([^(){};]*\)\s*<\s*0|0\s*>\s*len\([^(){};]*\)|!\s*\(\s*len\([^(){};]*\)\s*>=\s*0\s*\)|"
    r"len\(os\.Args\)\s*>=?\s*[1-9]\d{2,})\s*(?:&&[^{};|]*)?)\{")
# An assertion library's check that cannot fail: a boolean literal asked to be itself
# (`require.True(t, true)`, `assert.False(t, false)`: Go's `assert True`), a literal nil
# asked to be nil (`require.NoError(t, nil)`, `assert.Nil(t, nil)`), that a length is
# not negative, which no length fails (`assert.True(t, len(v) >= 0)`,
# `require.GreaterOrEqual(t, len(v), 0)`), or that a value equals itself
# (`assert.Equal(t, got, got)`, `assert.True(t, v.Equal(v))`, `assert.False(t, v.LT(v))`,
# quicktest's `c.Assert(got, qt.DeepEquals, got)`), and the file's own `assert(t, true)`,
# `assert(t, got == got)`, `assert(t, ok || true)`.
_GO_PLAIN_LITERAL = r"\"[^\"\n]*\"|`[^`\n]*`|-?\d+(?:\.\d+)?"
_GO_CANNOT_FAIL_CHECK = re.compile(
    r"^[ \t]*(?:(?:assert|require)\.(?:True\(\s*\w+\s*,\s*len\([^(){};]*\)\s*>=\s*0|"
    r"True\(\s*\w+\s*,\s*(?:true|!\s*false)|False\(\s*\w+\s*,\s*(?:false|!\s*true)|"
    r"(?:NoError|Nil)\(\s*\w+\s*,\s*nil|"
    r"False\(\s*\w+\s*,\s*len\([^(){};]*\)\s*<\s*0|"
    r"GreaterOrEqual\(\s*\w+\s*,\s*len\([^(){};]*\)\s*,\s*0|"
    rf"(?:Equal|EqualValues|Exactly|ObjectsAreEqual)\(\s*\w+\s*,\s*(?P<a>{_GO_OPERAND})\s*,"
    r"\s*(?P=a)|"
    rf"True\(\s*\w+\s*,\s*(?:{_go_self(_GO_TRUE_METHOD, 'am', True)}|"
    rf"{_go_self(_GO_TRUE_FUNCTION, 'af', False)})|"
    rf"False\(\s*\w+\s*,\s*{_go_self(_GO_FALSE_METHOD, 'fm', True)})"
    r"\s*(?:,\s*\"[^\"]*\"\s*)?\)|"
    rf"\w+\.(?:Assert|Check)\(\s*(?:\w+\s*,\s*)?(?P<b>{_GO_OPERAND})\s*,\s*qt\.(?:Equals|"
    r"DeepEquals)\s*,\s*(?P=b)\s*(?:,[^()\n]*)?\)|"
    # the test file's own helper handed a condition always true (gjson's `assert(t, true)`):
    # a true literal, a value or a literal compared with itself, anything or-ed with true
    r"(?:assert|check|expect|ok)\(\s*\w+\s*,\s*(?:true|!\s*false|"
    rf"(?P<c>{_GO_OPERAND}|{_GO_PLAIN_LITERAL})\s*(?:==|<=|>=)\s*(?P=c)|"
    r"[^\n]*\|\|\s*true)\s*\))[ \t]*$",
    re.M)
# A Go value given another's by a plain assignment, at any depth: `got = tc.want` (a table
# row's field), `v = test.v`, `tc.want = got`.
_GO_OVERWRITE = lazy_re(r"^(\s*)(\w+(?:\.\w+)*)\s*=\s*(\w+(?:\.\w+)*)\s*$")
# A Go check: an `if` (the names its statement gives values), an assertion library's call.
_GO_CHECK_LINE = lazy_re(r"^\s*(?:\}\s*else\s+)?if\s+(?:(?P<names>[\w\s,.]+)(?::=|=(?!=))"
                         r"[^{]*;)?[^{]*\{\s*$|"
                         r"^\s*(?:(?:assert|require)\.\w+|\w+\.(?:Assert|Check))\(")
# A statement declaring Go names: `a, b := ...`, `for _, tc := range`, `var a T`.
_GO_DECLARES = lazy_re(r"^\s*(?:for\s+|if\s+)?(?P<names>\w+(?:\s*,\s*\w+)*)\s*:=|"
                       r"^\s*var\s+(?P<var>\w+(?:\s*,\s*\w+)*)")


_GO_QUOTED = lazy_re(r'"(?:\\.|[^"\\])*"|`[^`]*`|\'(?:\\.|[^\'\\])*\'|//.*$')
_GO_FUNC_LITERAL = lazy_re(r"\bfunc\s*\(")


def _go_closures(lines: list[str]) -> list[tuple[int, int]]:
    """The (first, last) lines of each function literal among a Go test's lines after its
    declaration (`func(t *testing.T) {` ... `})`)."""
    code = [_GO_QUOTED.sub('""', line) for line in lines]
    found = []
    for index, line in enumerate(code[1:], start=1):
        if not _GO_FUNC_LITERAL.search(line) or "{" not in line:
            continue
        depth = 0
        for at in range(index, len(code)):
            depth += code[at].count("{") - code[at].count("}")
            if depth <= 0:
                found.append((index, at))
                break
    return found


def _go_set_elsewhere(lines: list[str], index: int, name: str) -> bool:
    """Whether a Go variable `name`, overwritten on `lines[index]`, may be given a value by
    code that runs when other code is called: a function literal not holding that line
    assigns it (a callback the code under test calls: `walker := func(p string) error {
    sawFoo2 = true ...`), or something takes its address (`&name`)."""
    own = re.escape(name)
    if re.search(rf"&\s*{own}(?![\w])", "\n".join(lines)):
        return True
    assigns = re.compile(rf"(?<![\w.]){own}(?:\.\w+)*\s*(?:[-+*/%|&^]?=(?!=)|\+\+|--)")
    return any(not first <= index <= last and any(
        assigns.search(lines[at]) for at in range(first, last + 1))
        for first, last in _go_closures(lines))


def go_overwritten_read(lines: list[str]) -> list[str]:
    """A Go test's lines with a value overwritten by another (`_GO_OVERWRITE`) read as that
    other in the checks after it in its block (`got := Join(x)`, `got = tc.want`, `if
    got != tc.want {` compares `tc.want` with itself; `v = test.v`, `if v.Compare(test.v) != 0
    {` or `if c := v.Compare(test.v); c != 0 {`: a method of it reads it too; `assert.Equal(t,
    tc.want, got)`), up to a line of the block that names either's variable otherwise (that
    may give it another value or hand it on: `&got`, a call with it, `hdr, err = next()` after
    `hdr.Xattrs = x`), or an `if` whose own statement gives it one. Only a variable the test
    declares before, that no function literal elsewhere in it sets and whose address it never
    takes (a package's variable, or one a callback sets, may change in any call)."""
    out = list(lines)
    for index, line in enumerate(lines):
        found = _GO_OVERWRITE.match(line)
        if found is None or found.group(2) == found.group(3):
            continue
        indent, target, source = len(found.group(1)), found.group(2), found.group(3)
        roots = {target.split(".")[0], source.split(".")[0]}
        if not any(target.split(".")[0] in re.findall(r"\w+", declared.group("names") or
                                                       declared.group("var") or "")
                   for declared in map(_GO_DECLARES.match, lines[:index]) if declared) or \
                _go_set_elsewhere(lines, index, target.split(".")[0]):
            continue
        named = re.compile(rf"(?<![\w.]){re.escape(target)}(?![\w])")
        either = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, roots)) + r")(?![\w])")
        for at in range(index + 1, len(lines)):
            later = lines[at]
            if later.strip() and len(later) - len(later.lstrip()) < indent:
                break  # the block ended
            check = _GO_CHECK_LINE.match(later)
            given = re.findall(r"\w+", check.group("names") or "") if check else []
            if check is None or roots & set(given):
                if either.search(later):
                    break
                continue
            out[at] = named.sub(source, later)
    return out


# A Go `if` whose statement gives a name a comparison of a value with itself
# (`if comp := v.Compare(v); comp != 0 {`): its condition reads the comparison.
_GO_SELF_BINDING = re.compile(r"(?P<head>\bif\s+(?P<name>\w+)\s*:=\s*(?P<value>[^;{}\n]+?)\s*;)"
                              r"(?P<rest>[^{}\n]*\{)")


def go_conditions_read(text: str) -> str:
    """A Go test's code with the names its conditions compare read as the values they hold:
    a value overwritten by another before its check (`go_overwritten_read`: `v = test.v` then
    `if v.Compare(test.v) != 0`), the call a name was given, in the check right after it
    (`same_calls_resolved`), and a
    comparison of a value with itself that an `if`'s own statement gives a name (`if comp :=
    v.Compare(v); comp != 0 {` reads `v.Compare(v) != 0`)."""
    text = same_calls_resolved("\n".join(go_overwritten_read(text.split("\n"))))

    def bound(found: re.Match[str]) -> str:
        value = found.group("value")
        if _GO_SELF_COMPARED.fullmatch(value) is None:
            return found.group(0)
        own = re.compile(rf"(?<![\w.]){re.escape(found.group('name'))}(?![\w])")
        return found.group("head") + own.sub(value.replace("\\", r"\\"), found.group("rest"))

    return _GO_SELF_BINDING.sub(bound, text)


def go_check_cannot_fail(line: str) -> bool:
    """`line` is an assertion library's check that cannot fail (`_GO_CANNOT_FAIL_CHECK`:
    `require.True(t, true)`, `assert.True(t, len(v) >= 0)`)."""
    return _GO_CANNOT_FAIL_CHECK.fullmatch(line.rstrip()) is not None


# testify's forward form: `r := require.New(t)` (or `assert.New(t)`), then `r.Equal(a, b)`
_GO_TESTIFY_NEW = re.compile(r"^[ \t]*(\w+)\s*:?=\s*(require|assert)\.New\(\s*(\w+)\s*\)[ \t]*$",
                             re.M)


def go_testify_forwarded(text: str) -> str:
    """`text` with testify's forward form read as its plain calls: each `r.Equal(a, b)` of an
    `r := require.New(t)` is `require.Equal(t, a, b)`, and the line making `r` goes (blank,
    so lines keep their numbers), where every use of `r` is such a call (flect's tests: its
    `r.True(true)` had passed for a check, the test handing `t` to `require.New`). An `r`
    handed on or read otherwise leaves the text as written."""
    for found in list(_GO_TESTIFY_NEW.finditer(text))[::-1]:
        name, package, t = found.groups()
        rest = text[:found.start()] + text[found.end():]
        uses = re.findall(rf"(?<![\w.]){re.escape(name)}\b(\s*\.\s*[A-Z]\w*\s*\()?", rest)
        if not uses or not all(uses):
            continue
        own = rf"(?<![\w.]){re.escape(name)}\s*\.\s*([A-Z]\w*)\s*\(\s*"
        text = re.sub(own + r"(?=\S)(?!\))", rf"{package}.\1({t}, ",
                      re.sub(own + r"\)", rf"{package}.\1({t})", rest))
    return text


def go_without_dead_blocks(text: str) -> str:
    """`text` with the bodies of its `if false { ... }` blocks removed (braces matched; an
    `else if` with its `else`), and its assertion library's checks that cannot fail
    (`_GO_CANNOT_FAIL_CHECK`); its conditions read as `go_conditions_read` reads them (`want :=
    Join(x)` then `if got := Join(x); got != want {`, `if c := v.Compare(v); c != 0 {` never
    open)."""
    text = go_conditions_read(_GO_CANNOT_FAIL_CHECK.sub("", go_testify_forwarded(text)))
    while (match := GO_DEAD_BLOCK.search(text)) is not None:
        depth, end = 0, len(text)
        for i in range(match.end() - 1, len(text)):
            if text[i] == "{":
                depth += 1
            elif text[i] == "}":
                depth -= 1
                if depth == 0:
                    end = i + 1
                    break
        # `} else if <never> {...}` goes whole: the chain goes on at its next `else`
        start = match.start()
        before = re.search(r"\belse\s+$", text[:start])
        text = text[:before.start() if before else start] + text[end:]
    return text


# A Python name given another's value by a statement of a test's body (`expected = got`).
_PY_ALIAS = re.compile(r"^([ \t]+)(\w+)[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*$", re.M)


def _py_assigned(name: str) -> re.Pattern[str]:
    """What may give a Python name another value: an assignment (one of several too), a loop,
    `as`, `global` / `nonlocal`, `del`."""
    own = re.escape(name)
    return re.compile(rf"(?<![\w.]){own}\s*(?:[-+*/%|&@^]?=(?!=)|:[^=\n]+=(?!=))|"
                      rf"(?<![\w.]){own}\s*,[\w\s,*]*=(?!=)|,\s*{own}\s*(?:,[\w\s,*]*)?=(?!=)|"
                      rf"\bfor\b[^\n]*?(?<![\w.]){own}\b[^\n]*\bin\b|\bas\s+{own}\b|"
                      rf"\b(?:global|nonlocal|del)\b[^\n]*\b{own}\b|\b{own}\s*:=")


def _py_aliases_resolved(code: str) -> str:
    """A Python test's code with an alias read as the name it was given (`expected = got`
    then `assert got == expected` compares `got` with itself): where the alias is a statement
    of the body's top level, the alias is given no other value in the test, and up to where
    the name it was given is given another.
    `placeholders._aliases_resolved` reads JS and Go aliases: by this rule for JS (`const
    b = a` shares `a`'s object as a Python name does), stopping sooner for Go (which copies),
    and with their ways of giving a name a value (`++`, `&a`, `:=`) where this one reads
    Python's (`for`, `as`, `del`, `global`, unpacking): one rule, two grammars."""
    head = re.match(r"\s*(?:@.*\n\s*)*(?:async\s+)?def\s.*", code)
    if head is None:
        return code
    body = [line for line in code[head.end():].splitlines()[1:] if line.strip()]
    top = min((len(line) - len(line.lstrip()) for line in body), default=0)
    for found in list(_PY_ALIAS.finditer(code)):
        alias, source = found.group(2), found.group(3)
        if len(found.group(1)) != top or source in (alias, "True", "False", "None"):
            continue
        if any(m.start() != found.start(2) for m in _py_assigned(alias).finditer(code)):
            continue
        rest = code[found.end():]
        changed = _py_assigned(source).search(rest)
        upto = changed.start() if changed else len(rest)
        used = re.compile(rf"(?<![\w.]){re.escape(alias)}(?!\w|\s*=(?!=))")
        code = code[:found.end()] + used.sub(source, rest[:upto]) + rest[upto:]
    return code


# A name given a value by a statement of its own (`expected = f(x)`, `const want = f(x);`,
# `want := f(x)`), and a Go `if` whose statement gives one (`if got := f(x); got != want {`).
_BINDING = re.compile(r"^[ \t]*(?:(?:const|let|var)\s+)?(?P<name>[A-Za-z_$][\w$]*)"
                      r"(?:\s*:(?!=)[^=\n]*)?\s*:?=(?![=>])\s*(?P<value>.+?)\s*;?\s*$")
_GO_IF_BINDING = re.compile(r"^(?P<head>[ \t]*(?:\}\s*else\s+)?if\s+(?P<name>\w+)\s*:=\s*"
                            r"(?P<value>[^;{]+?)\s*;)(?P<rest>[^{]*\{)")


def same_calls_resolved(code: str) -> str:
    """`code` with a name read as the call whose value it was given, in a check right after
    it that compares it with that very call (`expected = f(x)` then `assert expected ==
    f(x)`, `const expected = f(x);` then `expect(f(x)).toEqual(expected)`): the call compared
    with itself. Where the statement gives the name its one value in the test (no `&name`
    hands it on) and nothing but statements giving other names the same call stand between
    it and the check (an assertion, or a Go `if`): what runs between may change what the
    call returns. A Go `if` may compare two such names (`got := Join(x)`, `want :=
    Join(x)`, `if got != want`: Go's `!=` is its own, a Python or JS type's `==` may be
    what a test checks, `assertEqual(tzutc(), tzutc())`), and its own statement gives one
    too (`want := Join(x)` then `if got := Join(x); got != want`). Not an identity check
    (`is`, `assertIs`): that one call gives the same object twice is what a cache's or a
    singleton's test checks."""
    lines = code.split("\n")
    called: dict[int, tuple[str, str]] = {}  # line -> (name, the call's text)
    for at, line in enumerate(lines):
        found = _BINDING.match(line)
        if found is None or _whole_call(found.group("value")) is None:
            continue
        name = found.group("name")
        if len(list(_py_assigned(name).finditer(code))) == 1 and not re.search(
                rf"&\s*{re.escape(name)}(?![\w$])", code):
            called[at] = (name, " ".join(found.group("value").split()))
    out = list(lines)
    for at, (name, call) in called.items():
        check, partners = at + 1, set()
        while check < len(lines) and (not lines[check].strip() or lines[check].lstrip(
                ).startswith(("#", "//")) or called.get(check, ("", ""))[1] == call):
            partners.add(called.get(check, ("", ""))[0])
            check += 1
        if check == len(lines):
            continue
        go_if = _GO_IF_RE.match(out[check]) is not None
        if go_if:
            rows = [check]
        elif _ASSERT_START_RE.match(out[check].lstrip()):
            joined = "\n".join(out)
            ends = _statement_end(joined, sum(len(x) + 1 for x in out[:check]))
            rows = list(range(check, joined.count("\n", 0, ends) + 1))
        else:
            continue
        said = " ".join(" ".join(out[row] for row in rows).split())
        if call not in said and not (go_if and any(
                re.search(rf"(?<![\w$.]){re.escape(other)}(?![\w$])", said)
                for other in partners if other)):
            continue
        if not go_if and re.search(r"(?<![\w.])is(?!\w)|\bassertIs\s*\(", said):
            continue
        own = re.compile(rf"(?<![\w$.]){re.escape(name)}(?![\w$])(?!\s*:?=(?!=))")
        for row in rows:
            out[row] = own.sub(call.replace("\\", r"\\"), out[row])  # as written
    for at, line in enumerate(out):
        found = _GO_IF_BINDING.match(line)
        if found is None or _whole_call(found.group("value")) is None:
            continue
        value = " ".join(found.group("value").split())
        if value in " ".join(found.group("rest").split()):  # compared with its own call
            own = re.compile(rf"(?<![\w$.]){re.escape(found.group('name'))}(?![\w$])")
            rest = own.sub(value.replace("\\", r"\\"), found.group("rest"))
            out[at] = found.group("head") + rest + line[found.end():]
    return "\n".join(out)


# A JS/TS statement that only calls the code: `parse('foo')`, `await load(x)`, `const r =
# parse('foo')` (the callee: its name, or the object whose method it calls).
_JS_CALL_STATEMENT = lazy_re(
    r"(?:(?:const|let|var)\s+[\w$]+\s*=\s*)?(?:await\s+)?([A-Za-z_$][\w$]*)(?:\.[\w$]+)*"
    r"\s*\((?s:.*)\)")
# `try { ... } catch (e) {}`: a try whose catch is empty (what it runs: group 1)
_SWALLOWING_TRY = lazy_re(r"\btry\s*\{([^{}]*)\}\s*catch\s*(?:\([^()]*\))?\s*\{\s*\}")
# `for (const c of cases) { ... }`: a loop whose body holds no block (what it runs: group 1)
_PLAIN_LOOP = lazy_re(r"\bfor\s*\([^()]*\)\s*\{([^{}]*)\}")
# A name given data, with no call in it (`const testCases = [{ input: "9e2", output: 900 }]`,
# typed or not: `const cases: Array<{ input: string }> = [...]`)
_DATA = lazy_re(r"(?:const|let|var)\s+[\w$]+\s*(?::[^=()]*)?=\s*[^()]*")
# A statement that prints: `console.log(destr(input), output)`
_JS_PRINT = lazy_re(r"console\s*\.\s*\w+\s*\((?s:.*)\)")
# Words of any check a JS/TS test can make (`expect`, node's `assert`, chai's `should`, a
# `fail()`, a `throw`, jest's `done(err)` callback)
_JS_CHECK_WORD = lazy_re(r"\b(?:expect|assert\w*|should|fail|throw|done|t\.\w+)\b")


def js_calls_only(test_source: str, names: AbstractSet[str]) -> str | None:
    """The first statement of a JS/TS test (`it(...)`, `test(...)`) whose every statement only
    calls the code under test (`names`: what it is called by, `sut_names`), awaited or its
    result bound to a name no statement reads, in a try whose catch is empty or in a loop,
    beside names given data alone and what it prints (`console.log(destr(x))`, a call there
    at least where nothing else calls it), and which has no check of any kind
    (`_JS_CHECK_WORD`): it
    passes whatever the code returns (and, in such a try, whether or not it throws). None for
    any other test, or one whose body is not read."""
    code = _COMMENT_LINE_RE.sub("", test_source)
    head = re.search(r"(?:=>|\bfunction\b[^{]*)\s*\{", code)
    end = code.rfind("}")
    if head is None or end <= head.end() or _JS_CHECK_WORD.search(code[head.end():end]):
        return None
    # a try whose catch swallows what it catches, and a loop, only run their calls
    body = _SWALLOWING_TRY.sub(lambda m: m.group(1), code[head.end():end])
    body = _PLAIN_LOOP.sub(lambda m: m.group(1), body)
    statements = [part.strip() for part in top_level_parts(body, ";\n", "'\"`")]
    statements = [part for part in statements if part and not _DATA.fullmatch(part)]
    if not statements:
        return None
    calls = [statement for statement in statements if not _JS_PRINT.fullmatch(statement)]
    printed = [statement for statement in statements if statement not in calls]
    for statement in calls:
        call = _JS_CALL_STATEMENT.fullmatch(statement)
        if call is None or call.group(1) not in names:
            return None
    # what it prints is the code's only where it calls it there (`console.log(destr(x))`)
    if not calls and not any(name in names for statement in printed
                             for name in re.findall(r"([A-Za-z_$][\w$]*)\s*\(", statement)):
        return None
    return " ".join(statements[0].split())


# A Python call named for a check (`assert_valid(x)`, `self.fail`, `check(...)`), taken at its
# word: a test making one may check.
_PY_CHECK_CALL = lazy_re(r"assert|expect|raises|warns|fail|check|verify|ensure|validat|must|"
                         r"should", re.I)


def python_calls_only(test_source: str, checking: AbstractSet[str] = frozenset()) -> str | None:
    """The first call of a pytest test function (the last `def test...` of `test_source`, its
    decorators and the module table before it aside) whose body only calls code and binds
    names: no `assert`, no `with` (`pytest.raises`), `raise`, `try`, `if`, nested function
    or lambda, no call named for a check (`_PY_CHECK_CALL`) nor of a helper of its file that
    checks (`checking`: nameparser's `self.m(hn.first, "Ben", hn)`, a base class's method
    around `assertEqual`). It passes whatever the code returns, failing only where a call
    raises (python-ulid's `test_ulid_min_input`: `constructor(value)` over a table of
    16-byte and 26-character values). None for any other test, or one whose text does not
    parse."""
    import ast

    try:
        tree = ast.parse(pyast.dedent(test_source))
    except (SyntaxError, ValueError):
        return None
    tests = [node for node in tree.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
             and node.name.startswith("test")]
    if not tests:
        return None
    body = tests[-1].body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # its docstring
    first: ast.Call | None = None
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call | ast.Await):
            pass
        elif not isinstance(statement, ast.Assign | ast.AnnAssign | ast.For):
            return None
        for node in ast.walk(statement):
            if isinstance(node, ast.stmt) and not isinstance(
                    node, ast.Expr | ast.Assign | ast.AnnAssign | ast.For):
                return None
            if isinstance(node, ast.Lambda | ast.comprehension):
                return None
            if isinstance(node, ast.Call):
                callee = pyast.callee_name(node.func)
                if _PY_CHECK_CALL.search(callee) or callee in checking:
                    return None
                first = first or node
    if first is None:
        return None
    return " ".join((ast.unparse(first)).split())


def python_check_calls(test_source: str, checking: AbstractSet[str]) -> tuple[str, ...]:
    """The calls a Python test makes of its file's helpers that check (`checking`:
    `placeholders.python_checking_helpers`), as code: what it hands them is what it asserts
    (nameparser's `self.m(hn.nickname, "Ben", hn)`). () for a test that does not parse."""
    import ast

    try:
        tree = ast.parse(pyast.dedent(test_source))
    except (SyntaxError, ValueError, RecursionError):
        return ()
    return tuple(ast.unparse(node) for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and pyast.callee_name(node.func) in checking)


# A Python comment's start, where its line's strings are masked (`masked_js`): a `#` at the
# line's start or after a space (not JS's `this.#count`)
_PY_COMMENT_START = re.compile(r"(?:^|(?<=\s))#")


def without_trailing_comments(code: str) -> str:
    """`code` without the Python comment ending each of its lines (`  # a note`),
    read outside its strings; a line's code before one is kept."""
    out = []
    for line, bare in zip(code.split("\n"), masked_js(code).split("\n"), strict=True):
        comment = _PY_COMMENT_START.search(bare)
        out.append(line[:comment.start()].rstrip() if comment else line)
    return "\n".join(out)


# A check `presence_only` gives that asks only that the code threw or returned no error.
_THROWS_NOTHING = lazy_re(r"\.\s*not\s*\.\s*toThrow\b")
_NO_ERROR = lazy_re(r"\b(?:require|assert)\.NoError\b|\berr\w*\s*!=\s*nil\b")


def presence_said(check: str, test_source: str = "") -> str:
    """What a check `presence_only` gave asks, as a reason says it: "nothing is thrown"
    (`.not.toThrow()`), "no error is returned" (Go's `if err != nil {`, testify's
    `NoError`), naming the call that returned it where `test_source` shows it (`rand.Read
    returns no error`: gjson's random-data test guards the error of its random bytes, not of
    the code), else "a result exists" (a Go error check read as that had sent a reader
    looking for a result the test never reads), or "a result is not one other value" for
    `_ONLY_WHAT_IT_IS_NOT` (`assert s != 2`: ordered-set's check that a set differs from a
    number had read "only checks that a result exists"), or "a result is of the type it
    names" for a type check naming a class other than `object` (`assertIsInstance(r,
    OrderedDict)`: jsonmerge's check of the class its `objClass` option picks had read "only
    checks that a result exists"), or, for a Go `Must` call, that it does not panic, named
    (`MustParse does not panic`: blang/semver's `_ = MustParse("32.2.1-alpha")` had read "only
    checks that a result exists", where it drops the result)."""
    if _THROWS_NOTHING.search(check):
        return "nothing is thrown"
    must = GO_MUST_CALL.search(check) if go_must_calls(check) else None
    if must is not None:
        return f"{must.group(0).rstrip('( ')} does not panic"
    if _NO_ERROR.search(check):
        call = go_error_source(test_source, check) if test_source else None
        return f"{call} returns no error" if call else "no error is returned"
    if test_source and (same := _equals_itself(check, test_source)):
        return "the code's result equals itself" if "(" in same else "a value equals itself"
    if _ONLY_WHAT_IT_IS_NOT.match(" ".join(check.split())):
        # `assert s != 2` reads a result and compares it: it is more than its existence
        return "a result is not one other value"
    types = _types_checked(check)
    if (types and "object" not in types) or _JS_TYPE_CHECK.match(check.strip()):
        # a type check tells one class from another: more than the result's existence
        return "a result is of the type it names"
    return "a result exists"


# A JS/TS check of a result's type (`expect(x).toBeTypeOf("string")`,
# `expect(typeof x).toBe("string")`), not that a function exists (`typeof f` is "function").
_JS_TYPE_CHECK = lazy_re(
    r"^expect\s*\((?s:.*)\)\s*\.\s*toBeTypeOf\s*\(\s*[\"'`](?!function)\w+[\"'`]"
    r"|^expect\s*\(\s*typeof\s+(?s:.+)\)\s*\.\s*(?:toBe|toEqual|toStrictEqual)\s*"
    r"\(\s*[\"'`](?!function)\w+[\"'`]")


_SELF_GROUPS = ("same", "same2", "same4", "spread", "spread2")


def _equals_itself(check: str, test_source: str) -> str:
    """What `check`, as `presence_only` gave it from `test_source`, compares with itself, read
    as that function reads it (`f(x)` where `const want = f(x)` then `expect(f(x)).toBe(want)`:
    css-select's test had read "only checks that a result exists"), else ""."""
    written = _COMMENT_LINE_RE.sub("", test_source)
    code = same_calls_resolved(_py_aliases_resolved(written))
    shown = [" ".join(without_trailing_comments(
        written[m.start():_statement_end(written, m.start())]).split())
        for m in _ASSERT_START_RE.finditer(written)]
    read = [without_trailing_comments(code[m.start():_statement_end(code, m.start())]).strip()
            for m in _ASSERT_START_RE.finditer(code)]
    wanted = " ".join(check.split())
    if len(shown) != len(read) or wanted not in shown:
        return ""
    found = _PRESENCE_CHECK.match(read[shown.index(wanted)])
    return next((found.group(name) for name in _SELF_GROUPS if found and found.group(name)), "")


_GO_GUARDED_NAME = lazy_re(r"^\s*(?:\}\s*else\s+)?if\s+(?P<init>[^;{]*;)?\s*(?P<name>\w+)"
                           r"\s*!=\s*nil")
_GO_FIRST_CALL = lazy_re(r"((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\s*\(")


def go_error_source(test_source: str, check: str) -> str | None:
    """The call whose error a Go guard (`check`, `if err != nil {` as `test_source` writes it)
    reads (pure): the one in its own init statement (`if _, err := f(x); err != nil`), else the
    one assigning that name on the nearest line above it (`n, err := rand.Read(b)`); None
    where neither shows one."""
    guard = _GO_GUARDED_NAME.match(check)
    if guard is None:
        return None
    if guard.group("init"):
        found = _GO_FIRST_CALL.search(guard.group("init").partition("=")[2])
        return found.group(1) if found else None
    lines = test_source.splitlines()
    at = next((row for row, line in enumerate(lines) if line.strip() == check.strip()), None)
    assigned = re.compile(rf"(?:^|[\s,]){re.escape(guard.group('name'))}\s*(?:,\s*\w+\s*)*:?=(?!=)")
    for line in reversed(lines[:at] if at is not None else []):
        if (found := assigned.search(line)) is not None:
            call = _GO_FIRST_CALL.search(line[found.end():])
            return call.group(1) if call else None
    return None


@lru_cache(maxsize=4096)  # asked per AC a test is matched to, and warmed while the suite runs
def presence_only(test_source: str, not_one_value: bool = True) -> str | None:
    """The first check of a test whose every check only asks for a result to exist
    (`expect(x).toBeDefined()`, `.not.toBeNull()`, `.not.toBeNaN()` or
    `expect(Number.isNaN(x)).toBe(false)`, `.not.toThrow()`, `assert x is not None`,
    `assertIsNotNone(x)`, testify's `NotNil` / `NoError`, a Go `if err != nil { t.Fatal(err) }`
    or `Must` call (`_ = MustParse(s)`: `go_must_statements`),
    a comparison where the message goes: `assert x, x == y`, `assertTrue(x, y)`, that a
    function exists: `assert callable(f)`, `expect(typeof f).toBe("function")`, a result's
    type: `expect(x).toBeTypeOf("string")`, `assert isinstance(x, str)`, `assert x != None`,
    only what it is not (`_ONLY_WHAT_IT_IS_NOT`: `.not.toBe("FOO")`, `assert f(x) != "ftp"`,
    `assertNotEqual(f(x), "ftp")`; not with `not_one_value` false, for a Then promising a
    difference: `promises_a_difference`), a length
    no less than zero: `assert len(x) >= 0`, `expect(x.length).toBeGreaterThanOrEqual(0)`,
    that it equals itself: Python's `assert x == x`, JS's `expect(f(a)).toEqual(f(a))`,
    that a value a function returns is truthy (`_truthy_of_a_value`: `assert f(x)`,
    `expect(f(x)).toBeTruthy()`), (Go) every other
    check under a condition never true (`!reflect.DeepEqual(got, got)`), that it matches what
    any value of a type does (`toEqual(expect.any(Object))`, `objectContaining({})`, keys
    whose values are `expect.anything()`), or has a property (`toHaveProperty("a")`),
    (not a guard of the error of a `testing/quick` run, `if err := quick.Check(f, nil); err !=
    nil`: it fails where the property `f` does not hold; nor a guard failing where a deferred
    `recover()` got nothing, `if r := recover(); r == nil {`: `go_recovers_nothing`, a check
    that the code panicked), also through an alias the body gives it
    (`expected = got` then `assert got == expected`) or a name given the very call it is
    compared with (`expected = f(x)` then `assert expected == f(x)`: `same_calls_resolved`),
    and `str(x) == f"{x}"`, or that it is
    an `object`: `isinstance(x, (A, object))`), each read without the Python comment after
    it (`assert v == v  # a version`):
    it holds whatever value the code returns. None when the test has another check, or none
    at all (its checks may sit in a helper), or is a Go test handing its *testing.T to a
    helper (`sameText(want, buf.String(), t)` after its error guard: `go_hands_its_t`)."""
    written = _COMMENT_LINE_RE.sub("", _CONTINUED_LINE.sub(r"\1", test_source))
    bare = _GO_NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), written)
    head = _GO_TEST_HEAD.search(bare)
    if head is not None and go_hands_its_t(bare, re.escape(head.group(1))):
        return None  # its checks may sit in the helper it hands its *testing.T to
    code = same_calls_resolved(_py_aliases_resolved(written))
    if GO_FAIL_RE.search(code):  # a Go check under a condition never true never runs
        code = go_without_dead_blocks(code)
    # a comment after a check is none of it (`assert v == v  # a version`)
    checks = [without_trailing_comments(code[m.start():_statement_end(code, m.start())]).strip()
              for m in _ASSERT_START_RE.finditer(code)]
    shown = [written[m.start():_statement_end(written, m.start())].strip()
             for m in _ASSERT_START_RE.finditer(written)]
    lines = code.splitlines()
    for match in GO_FAIL_RE.finditer(code):
        row = code.count("\n", 0, match.start())
        guard = _go_guard(lines, row)
        checks.append(guard.strip() if _GO_NIL_GUARD.match(guard)
                      and not _reads_a_property(code, guard)
                      and not go_recovers_nothing(code, guard) else "")
    must = go_must_statements(go_without_dead_blocks(code))
    checks += must
    if not checks or not all(_PRESENCE_CHECK.match(check) or _GO_NIL_GUARD.match(check)
                             or (not_one_value and _ONLY_WHAT_IT_IS_NOT.match(check)
                                 and not _unequal_to_its_source(check))
                             or check in must or _truthy_of_a_value(check, code)
                             for check in checks):
        return None
    return " ".join((shown[0] if shown and code != written else checks[0]).split())


# A Go guard that fails on an error only (`if err != nil {`, `if _, err := f(x); err != nil {`):
# a check that the call before it returned no error, reading nothing else it returned.
_GO_ERROR_GUARD = re.compile(r"^\s*(?:\}\s*else\s+)?if\s+(?:[^;{]*;\s*)?(?:\w+\.)*[eE]rr\w*\s*!="
                             r"\s*nil\s*\{")
# A JS/TS check that a call throws nothing, a whole statement: `expect(() => f()).not.toThrow()`.
_NOTHING_THROWN = re.compile(
    r"^expect\s*\((?s:.*)\)\s*\.\s*not\s*\.\s*toThrow\s*\(\s*\)\s*;?$")
# testify's check that an error is nil: `require.NoError(t, err)`, `assert.Nil(t, err)`.
_NO_ERROR_CHECK = re.compile(r"^(?:require|assert)\.(?:NoError\s*\(|Nil\s*\(\s*\w+\s*,\s*"
                             r"(?:\w+\.)*[eE]rr\w*\s*\))")
# A Go failure other than the *testing.T's: a panic, `log.Fatal`, an exit (the checks may be there).
_GO_OTHER_FAIL = re.compile(r"\bpanic\s*\(|\blog\.(?:Fatal|Panic)|\bos\.Exit\s*\(")
# A run of `testing/quick` (`quick.Check(f, nil)`, `quick.CheckEqual(f, g, nil)`): the error it
# returns says the property `f` did not hold for some input, so a guard of that error checks
# what the code returned, not only that it accepted its input.
_GO_QUICK_RUNS = frozenset(("quick.Check", "quick.CheckEqual"))


# A Go name given what `recover()` returns: `r := recover()`, `if r := recover(); ...`.
_GO_RECOVERED = re.compile(r"\b(\w+)\s*:?=\s*recover\s*\(\s*\)")
_GO_NIL_NAME = re.compile(r"(\w+)\s*==\s*nil\s*\{")


def go_recovers_nothing(code: str, guard: str) -> bool:
    """Whether the Go guard `guard` of `code` fails where a deferred `recover()` got nothing
    (`if r := recover(); r == nil {`, or `r := recover()` then `if r == nil {`, or `if recover()
    == nil {`): a check that the code panicked, not that a result exists (bitset's nil-receiver
    tests had read "only checks that a result exists" for a Then promising a panic)."""
    if re.search(r"\brecover\s*\(\s*\)\s*==\s*nil", guard):
        return True
    compared = _GO_NIL_NAME.search(guard)
    return compared is not None and compared.group(1) in set(_GO_RECOVERED.findall(code))


def _reads_a_property(code: str, guard: str) -> bool:
    """Whether the Go error guard `guard` of `code` reads the error of a `testing/quick` run."""
    return go_error_source(code, guard) in _GO_QUICK_RUNS


@lru_cache(maxsize=4096)
def go_hands_its_t(bare: str, own: str, noop: frozenset[str] = frozenset()) -> bool:
    """Whether a Go test's code (`bare`: its strings and comments blanked) hands its
    *testing.T (`own`, escaped) to a helper or a library other than testify's checks, in any
    place of the call (`checkPeek(t, l, 1)`, `sameText(want, got, t)`): its checks may sit
    there. `noop`: helpers that cannot fail (they only log), which check nothing."""
    for handed in re.finditer(rf"[(,]\s*{own}\s*[,)]", bare):
        call = re.search(r"((?:\w+\.)*\w+)\s*\((?:[^()]*[(,])?\s*$",
                         bare[max(0, handed.start() - 200):handed.start() + 1])
        name = call.group(1) if call else ""
        if name not in noop and not re.match(r"(?:require|assert)\.[A-Z]", name):
            return True
    return False


def accepts_only(test_source: str, noop: frozenset[str] = frozenset()) -> str | None:
    """The first check of a test whose every check only asks the code to accept what it is
    given: a Go error guard (`if err != nil { t.Fatal(err) }`), a Go `Must` call
    (`go_must_statements`), testify's `NoError`, `expect(() => f(x)).not.toThrow()`. Such a test
    reads nothing the code returns: a Go test whose checks of it log (`if v != 1 { t.Logf(...)
    }`) or were taken out, the calls left, fails only where setting it up fails. None when it
    has another check, none at all, or may check elsewhere: a Go test handing its *testing.T to
    a helper (`checkPeek(t, l, 1)`) or a library other than testify's checks, a function value
    to `t.Run` (`t.Run(tc.name, tc.check)`), or that can panic or exit; a guard of the error of
    a `testing/quick` run (`quick.Check(f, nil)`) reads whether its property held, another
    check; `noop`: the helpers of
    its package that cannot fail (they only log), whose calls check nothing
    (`placeholders.go_noop_helpers`)."""
    written = _COMMENT_LINE_RE.sub("", test_source)
    bare = _GO_NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), written)
    head = _GO_TEST_HEAD.search(bare)
    fails = GO_FAIL_RE
    code = written
    if head is not None:
        own = re.escape(head.group(1))
        fails = re.compile(rf"\b{own}\.(?:Errorf|Error|Fatalf|Fatal|FailNow|Fail)\s*\(")
        code = go_without_dead_blocks(written)
        bare = _GO_NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), code)
        if _GO_OTHER_FAIL.search(bare) or re.search(
                rf"\b{own}\.Run\s*\([^,]+,\s*(?!func\b)[\w.\[\]]+\s*\)", bare):
            return None  # a panic or exit may fail it; a subtest's function value, check
        if go_hands_its_t(bare, own, noop):
            return None  # its checks may sit in the helper (or library) it is handed to
    starts = [m.start() for m in _ASSERT_START_RE.finditer(code)]
    checks = [code[at:_statement_end(code, at)].strip() for at in starts]
    checks = [check for check in checks
              if not any(re.match(rf"{re.escape(name)}\s*\(", check) for name in noop)]
    lines = code.splitlines()
    for match in fails.finditer(code):
        guard = _go_guard(lines, code.count("\n", 0, match.start()))
        checks.append("" if _reads_a_property(code, guard) else guard.strip())
    if head is not None:  # its `Must` calls, but a helper's handed its *testing.T
        rows = {code.count("\n", 0, at) for at in go_must_calls(code, [head.group(1)])}
        checks += [line.strip() for row, line in enumerate(code.split("\n")) if row in rows]
    if not checks or not all(_GO_ERROR_GUARD.match(check) or _NOTHING_THROWN.match(check)
                             or _NO_ERROR_CHECK.match(check) or GO_MUST_CALL.search(check)
                             for check in checks):
        return None
    return " ".join(checks[0].split())


# The parameters a table-driven test takes: a JS `.each(...)` table's callback, after the
# test's name (`("%s => %s", (input, expected) => {`), and pytest's parametrize names.
_EACH_PARAMS_RE = lazy_re(
    r"""\.each\b[\s\S]*?[)`]\s*\(\s*(?:"[^"\n]*"|'[^'\n]*'|`[^`\n]*`)\s*,\s*"""
    r"""(?:async\s*)?(?:function\b\s*[\w$]*\s*)?\(([^)]*)\)\s*(?::[^={]*)?(?:=>|\{)""")
_PARAMETRIZE_RE = lazy_re(
    r"""@pytest\.mark\.parametrize\(\s*(?:"([^"]+)"|'([^']+)'|[(\[]([^)\]]*)[)\]])""")
_PY_DEF_RE = lazy_re(r"^[ \t]*(?:async[ \t]+)?def[ \t]+\w+[ \t]*\([^)]*\)[^:\n]*:", re.M)


def check_line(text: str, start: int, end: int, check: str) -> int:
    """The 1-based line of `text` (a test file), from `start` (the test's declaration) to
    `end`, on which `check` begins, as `presence_only` writes it (its white space one space):
    the line holding it, or the first line of it where it takes several
    (`expect(` / `parse(x),` / `).toBeDefined()`); `start` when none does."""
    for number, line in enumerate(text.splitlines()[start - 1:end], start):
        said = " ".join(line.split())
        if said.startswith(("//", "#")):  # a check commented out is none
            continue
        if check in said or ("(" in said and check.startswith(said)):
            return number
    return start


def ignored_parameter(test_source: str) -> str | None:
    """A parameter of a table-driven test that its body never reads (`expected` in
    `test.each(rows)("%s => %s", (input, expected) => { expect(f(input)).toBeDefined() })`,
    or a parametrize name its function never uses), or a variable of a loop over a literal
    table (`_looped_values`) that the code after its header never reads (`normalized` in
    `for raw, normalized in test_pairs:` then `assert normalize_hex(raw) is not None`; not
    one named `_...`, nor `enumerate`'s position): that column of its table is checked by
    nothing, whatever values it holds. None when it reads every one, or takes none."""
    found = _EACH_PARAMS_RE.search(test_source)
    decorated = _PARAMETRIZE_RE.search(test_source) if found is None else None
    definition = _PY_DEF_RE.search(test_source, decorated.end()) if decorated else None
    if found is not None:
        names = [re.split(r"[:=]", part)[0].strip(" {}[].?") for part in found.group(1).split(",")]
        body = test_source[found.end():]
    elif decorated is not None and definition is not None:
        names = re.findall(r"\w+", next(g for g in decorated.groups() if g is not None))
        body = test_source[definition.end():]
    else:
        return _unread_loop_variable(_COMMENT_LINE_RE.sub("", test_source))
    return next((name for name in names
                 if name and not re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", body)),
                None)


def _unread_loop_variable(code: str) -> str | None:
    """A variable of a loop over a literal table that nothing after its header reads."""
    for header in _looped_values(code, assertion_spans(code)):
        loop = _PY_LOOP_RE.match(header) or _JS_LOOP_RE.match(header)
        if loop is None:
            continue  # a named table's statement
        looped = re.sub(r"^\s*enumerate\s*\(", "", header[loop.end():])
        if not re.match(r"\s*[\[({]", looped) and not any(
                _named_table(code, name) for name in re.findall(r"[A-Za-z_$][\w$]*", looped)):
            continue  # a loop over what no literal holds
        after = code[code.index(header) + len(header):]
        names: list[str] = re.findall(r"[A-Za-z_$][\w$]*", loop.group(1))
        if re.match(r"\s*enumerate\s*\(", header[loop.end():]):
            names = names[1:]  # a row's position, not a column of it
        for name in names:
            if name not in ("const", "let", "var") and not name.startswith("_") and not \
                    re.search(rf"(?<![\w$.]){re.escape(name)}(?![\w$])", after):
                return name
    return None


def missing_literals(test_source: str, literals: Sequence[Literal]) -> tuple[Literal, ...]:
    """The complement: promised by the Then clause, asserted nowhere."""
    asserted = set(asserted_literals(test_source, literals))
    return tuple(lit for lit in literals if lit not in asserted)


# --- values an AC writes, held in a test's data table --------------------------------------

# A value written without quotes: digits with letters, a sign or a hyphen (`1.2-beta.3`,
# `1.7rc2`, `0-59`), or three or more dotted parts (`1.2.3`); a `key=value` setting
# (`maxsize=0`, `CRON_TZ=UTC`), or its fixed part where a placeholder follows
# (`CRON_TZ=<zone>`: `CRON_TZ=`).
_BARE_VALUE_RE = re.compile(r"(?<![\w.+~=<>-])[\w.+~-]*\d[\w.+~-]*")
_SETTING_RE = re.compile(r"(?<![\w<])[A-Za-z_]\w*=(?:<[^>\s]*>|[^\s,;:()<>`'\"]+)")
_NAME_ONLY_RE = re.compile(r"[A-Za-z_$][\w$.]*(?:\(\))?|[A-Za-z]+\d+|\d+(?:\.\d+)?")
# A data table's string literals (the header of a loop over literal values too).
_TABLE_STRING_RE = re.compile(r"'((?:[^'\\\n]|\\.)*)'|\"((?:[^\"\\\n]|\\.)*)\"|"
                              r"`((?:[^`\\]|\\.)*)`")


def _setting(value: str) -> str:
    """`CRON_TZ=<zone>` -> `CRON_TZ=`: the part a placeholder leaves fixed."""
    return value.split("<", 1)[0]


def is_signature(value: str) -> bool:
    """Whether `value` is a function named with its parameters (`dumps()`, `f(a, b)`), not a
    value (`_SIGNATURE_RE`)."""
    return _SIGNATURE_RE.fullmatch(value) is not None


# An empty value written as code: the empty string, array or object (`""`, `[]`, `{}`).
_EMPTY_VALUE_RE = re.compile(r"`(\"\"|''|\[\s*\]|\{\s*\})`")


def empty_values(text: str) -> tuple[str, ...]:
    """The empty values `text` writes as code (`_EMPTY_VALUE_RE`), as written, each once; none
    is a `written_values` value: any table holds one, and alone it decides nothing."""
    return tuple(dict.fromkeys(m.group(1) for m in _EMPTY_VALUE_RE.finditer(text)))


def written_values(text: str) -> tuple[str, ...]:
    """The values an AC writes literally, in order, each once: its quoted values
    (`"1985-04-12"`, `5/15`), the values it writes bare (`1.2-beta.3`, `1.7rc2`, `1.2.3`) and
    its settings (`maxsize=0`, `CRON_TZ=<zone>` as `CRON_TZ=`). Not a name (`parse`,
    `parse()`, `int64`), a plain number (`60`, `1.5`: the Then's numbers are its literals),
    nor anything with fewer than two word characters (`*`, `?`)."""
    found: list[tuple[int, str]] = []
    masked = list(text)
    for match in _QUOTED_RE.finditer(text):
        value = next(g for g in match.groups() if g is not None).strip()
        found.append((match.start(), _setting(value) if "=<" in value else value))
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    bare = "".join(masked)
    for match in _SETTING_RE.finditer(bare):
        found.append((match.start(), _setting(match.group(0))))
        masked[match.start():match.end()] = " " * (match.end() - match.start())
    bare = "".join(masked)
    for match in _BARE_VALUE_RE.finditer(bare):
        value = match.group(0).rstrip(".-+~")
        if re.search(r"[A-Za-z+~-]", value) or value.count(".") >= 2:
            found.append((match.start(), value))
    out: dict[str, None] = {}
    for _, value in sorted(found):
        if (len(re.findall(r"\w", value)) >= 2 and not _NAME_ONLY_RE.fullmatch(value)
                and not _ID_RE.match(value) and not _SIGNATURE_RE.fullmatch(value)):
            out.setdefault(value)
    return tuple(out)


def check_strings(source: str) -> tuple[str, ...]:
    """The string literals of a test's check statements (`check_statements`, the calls of its
    helpers named as checks too): the inputs it hands the code it checks and the values it
    compares with (`assertEqual(timeparse('3d2h32m'), 268320)`: `3d2h32m`)."""
    return _string_literals((*check_statements(source), *helper_check_calls(source)))


def _string_literals(spans: Iterable[str], decoded: bool = False) -> tuple[str, ...]:
    """The string literals of `spans`, as written; with `decoded`, each one holding an escape
    (not a template) also as it reads."""
    found: list[str] = []
    for span in spans:
        for m in _TABLE_STRING_RE.finditer(span):
            found.append(next(g for g in m.groups() if g is not None))
            if decoded and m.group(3) is None and "\\" in found[-1]:
                found.append(_decode(found[-1]))
    return tuple(found)


def table_strings(source: str) -> tuple[str, ...]:
    """The string literals of a test's data tables (`_TABLE_START_RE`: parametrize rows, a Go
    table, a JS `.each` table, written in place or declared by the name it is handed, a
    tagged-template one's cells) and of a loop its assertions use: its header, and the
    literal table a name it runs over holds (`_looped_values`)."""
    code = _COMMENT_LINE_RE.sub("", source)
    spans = assertion_spans(source)
    tables = [code[m.start():_statement_end(code, m.start())]
              for m in _TABLE_START_RE.finditer(code)] + _looped_values(code, spans, True) + \
        _template_cells(code)
    # a `.each` test over a table its text declares (`test.each(joinURLTests)`): its rows, as
    # a loop's over it are
    tables += [table for name in dict.fromkeys(_EACH_NAMED_RE.findall(code))
               if (table := _named_table(code, name)) is not None]
    return _string_literals(tables, decoded=True)


def in_table(value: str, strings: Iterable[str]) -> bool:
    """Whether a data table holds `value` (`written_values`): a whole string of it, or a
    word of one (`"CRON_TZ=UTC  0 5 * * * *"` holds `CRON_TZ=`, a setting's fixed part, by
    its start)."""
    for string in strings:
        if string == value:
            return True
        for word in string.split():
            if word == value or (value.endswith("=") and word.startswith(value)):
                return True
    return False


_SET_UP_METHODS = ("setUp", "setup_method", "asyncSetUp")


def set_up_values(text: str) -> dict[str, dict[str, str]]:
    """Per class of a Python test file: the attributes its set-up method (`setUp`,
    `setup_method`), or a base class's in the file, gives one literal (a string, a number, a
    bool or None) as it is written, `self.expected = '1.0 KiB'` (the first base's before
    the next, the class's own before them, as Python looks them up). Not an attribute the
    file assigns anywhere else (`self.x = ...` in a test, `obj.x += 1`): its value is not
    that literal. Nothing for a file Python cannot parse."""
    try:
        tree = pyast.module(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    assigned: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for part in ast.walk(target):
                    if isinstance(part, ast.Attribute):
                        assigned[part.attr] = assigned.get(part.attr, 0) + 1
    own: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {}
    for klass in ast.walk(tree):
        if not isinstance(klass, ast.ClassDef):
            continue
        values: dict[str, str] = {}
        for method in klass.body:
            if not (isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
                    and method.name in _SET_UP_METHODS and method.args.args):
                continue
            me = method.args.args[0].arg
            for statement in method.body:
                if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
                    continue
                target, value = statement.targets[0], statement.value
                if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub):
                    value = value.operand
                if (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                        and target.value.id == me and assigned.get(target.attr) == 1
                        and isinstance(value, ast.Constant)
                        and isinstance(value.value, str | int | float | type(None))
                        and (written := ast.get_source_segment(text, statement.value))):
                    values[target.attr] = written
        own[klass.name] = (values, tuple(ast.unparse(b).rsplit(".", 1)[-1]
                                         for b in klass.bases))

    def inherited(name: str, seen: frozenset[str]) -> dict[str, str]:
        if name not in own or name in seen:
            return {}
        values, bases = own[name]
        merged: dict[str, str] = {}
        for base in reversed(bases):
            merged.update(inherited(base, seen | {name}))
        return {**merged, **values}

    return {name: inherited(name, frozenset()) for name in own}


def with_set_up_values(code: str, values: Mapping[str, str]) -> str:
    """`code` (a test method's source) with each `self.<attr>` of `values` (its class's,
    `set_up_values`) written as its literal; not where the test gives it again, or calls it."""
    for attr, literal in values.items():
        code = re.sub(rf"(?<![\w.])self\.{re.escape(attr)}(?![\w(])(?!\s*=(?!=))",
                      literal.replace("\\", "\\\\"), code)
    return code
