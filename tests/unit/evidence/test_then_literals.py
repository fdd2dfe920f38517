from __future__ import annotations

import re

import pytest

from gaia_lib.evidence import then_literals as literals_module
from gaia_lib.evidence.then_literals import (
    Literal,
    accepts_only,
    as_keyword,
    asserted_literals,
    assertion_spans,
    check_line,
    check_statements,
    checked_in,
    checked_literals,
    empty_values,
    go_guards,
    helper_check_calls,
    ignored_parameter,
    in_table,
    js_calls_only,
    missing_literals,
    only_what_it_is_not,
    presence_only,
    promises_a_difference,
    promises_a_result,
    promises_acceptance,
    python_calls_only,
    table_strings,
    templates_opened,
    then_literals,
    without_trailing_comments,
    written_values,
)

S, N, ST, E, K = "string", "number", "status", "enum", "keyword"


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        ("a 422 error is returned", [(ST, "422")]),
        ("the API responds with status 201 Created", [(ST, "201")]),
        ("3 items are listed", [(N, "3")]),
        ("100 rows are shown", [(N, "100")]),
        ("the total is 12.50 and the discount -5", [(N, "12.50"), (N, "-5")]),
        ("the order status is 'confirmed'", [(S, "confirmed")]),
        ("the user's order is shown", []),
        ('the banner reads "Welcome back"', [(S, "Welcome back")]),
        ("the flag `--force` is required", [(S, "--force")]),
        # a list of quoted values promises each value (Go's []string{...} holds them)
        ('it returns `["foo", "foobar"]` in order, `[]` when none',
         [(S, "foo"), (S, "foobar"), (S, "[]")]),
        # a function named as a call (no arguments, one-letter parameters) is no value
        ("`dumps()` renders it and `FtoaWithDigits(f, n)` cuts it", []),
        ("it equals `len(spec)`, `Version('1.0')` and `f(x, 2)`",
         [(S, "len(spec)"), (S, "Version('1.0')"), (S, "f(x, 2)")]),
        # a call elsewhere is the call the Then speaks of, and its input: no value (ms's ACs)
        ("it returns the duration (`parse('2d')` returns 172800000, `parse('1h')` returns "
         "3600000)", [(N, "172800000"), (N, "3600000")]),
        ("it returns NaN (`parse('foo')`, `parse('☃')`)", [(E, "NaN")]),
        ("it returns the scheme in lower case (`Scheme('http')`)", [(S, "Scheme('http')")]),
        # beside a value it promises, what the code is given ("for ...") is no promise
        ("it returns milliseconds, such as `172800000` for '2d'", [(S, "172800000")]),
        ("it returns `1m` for 60000, and for the input 'x' it returns 'y'",
         [(S, "1m"), (S, "y")]),
        ("it returns 422 for `bad@`", [(ST, "422")]),
        ("`ValueError` is raised for a `Version`", [(S, "ValueError"), (S, "Version")]),
        ("a message is shown for `x-1`", [(S, "x-1")]),  # nothing else: kept
        ("the title is “Hello” and the label ‘Hi’", [(S, "Hello"), (S, "Hi")]),
        ('the code is "422" and not 500', [(S, "422"), (ST, "500")]),
        ("status becomes PENDING_REVIEW then SHIPPED", [(E, "PENDING_REVIEW"), (E, "SHIPPED")]),
        ("ValidationError is thrown", [(E, "ValidationError")]),
        ("active is false, deleted_at is null and ok is True", [(K, "false"), (K, "null"),
                                                                (K, "true")]),
        ("result is None", [(K, "null")]),
        # an adjective of the noun after it is no value ("a null array", "false positives")
        ("pushing onto a null array creates it, with no false positives", []),
        ("the field is still null and valid is false", [(K, "null"), (K, "false")]),
        ("the HTTP API returns JSON per AC1, FR-12 and E3-S2", []),
        ("it is transliterated to plain ASCII letters", []),
        ("a rule written as FROM->TO maps Ü to UE, state ON_HOLD", [(E, "ON_HOLD")]),
        ("version 2 of story E1-S1 is kept", [(N, "2")]),
        ("422 and 422 again", [(N, "422")]),
        # a range's dash is no minus sign; an acronym in prose is no enum value
        ("each channel is clamped into 0-255 (or 0%-100%)", [(N, "0"), (N, "255"), (N, "100")]),
        ("I get the RGB color a browser would render", []),
        ("", []),
        # card-validator's month AC: the empty string it names is quoted text holding no value,
        # not a quote that pairs the next ones wrongly (` and ` was a value)
        ('"1" to "12" are valid, "" and "0" are only potentially valid, and "13" is not',
         [(S, "1"), (S, "12"), (S, "0"), (S, "13")]),
        # a number bounding or changing what the code is given: the test builds that input
        # and asserts what comes of it (go-diff's and pysrt's ACs had drawn warnings that no
        # test asserts 256 or 60); one the code gives is kept
        ("nothing is lost, even with more than 256 different lines", []),
        ("a part past its range carries, so adding 60 seconds makes a minute", []),
        ("the list holds more than 256 lines", [(N, "256")]),
        ("adding them gives 60", [(N, "60")]),
    ],
)
def test_then_literals(then: str, expected: list[tuple[str, str]]) -> None:
    assert then_literals(then) == tuple(Literal(kind, value) for kind, value in expected)


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        # a name in backticks is the field the Then speaks of, not a value it promises
        ("`dataUpdatedAt` is set to the time", []),
        ("`state.dataUpdatedAt` is set and `max_age` stays", []),
        ("it is passed to `useMutation` with `$el`", []),
        # ... unless it stands where a value does
        ("`status` is `success` and the mode is set to `strict`", [(S, "success"), (S, "strict")]),
        # a lone dash is prose's, in any quoting
        ("the sign is `-` and a cell shows \"-\"", []),
        # ... as is any lone sign: an operator or a separator the Then names
        ("joined with `/`, a `+` in front, `*` and `_` kept", []),
        # values in backticks stay: true/false/null, numbers, versions, flags, type names
        ("`isFetching` is `false` and `None` is returned", [(S, "false"), (S, "None")]),
        ("`42` items, `1.2-beta.3` kept, `--force` required", [(S, "42"), (S, "1.2-beta.3"),
                                                              (S, "--force")]),
        ("`ValueError` is raised for a `Version`, `PENDING` stays",
         [(S, "ValueError"), (S, "Version"), (S, "PENDING")]),
        # a keyword argument is what a call is given (a test may pass it by position)
        ("a generator is returned when `iter=True`, sorted by `alg = ns.REAL`", []),
        # ... not a comparison
        ("the result is `a == b`", [(S, "a == b")]),
        # a JS option as an object literal writes it is what a call is given ...
        ("the request is cancelled, unless the caller passes `cancelRefetch: false`", []),
        # ... unless it stands where a value does; a message with a colon is a value
        ("the state is `isPaused: true` and the message is `Error: not found`",
         [(S, "isPaused: true"), (S, "Error: not found")]),
    ],
)
def test_a_name_or_a_dash_in_backticks_is_no_promised_value(
        then: str, expected: list[tuple[str, str]]) -> None:
    assert then_literals(then) == tuple(Literal(kind, value) for kind, value in expected)


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        # what the Then says a result is, returns or becomes, however it is written
        ("it returns the scheme in lower case (`http`).", [(S, "http")]),
        ("every triplet is returned in upper case (`abc`)", [(S, "abc")]),
        ("the host is lower-cased (`localhost`, `example`)", [(S, "localhost"), (S, "example")]),
        ("the result is the lower-case scheme `http`", [(S, "http")]),
        ("the value is a `date` when the format holds only dates", [(S, "date")]),
        ("the scheme is normalised to `http`", [(S, "http")]),
        ("`NodeInterface` then reports `user`", [(S, "NodeInterface"), (S, "user")]),
        ("on `look` it gives `lo` and `ok`, in order", [(S, "lo"), (S, "ok")]),
        # a name the Then speaks of as a thing that is set, called or present stays one
        ("`dataUpdatedAt` is set and `flush()` is called", []),
        ("the timestamp is set (`dataUpdatedAt`)", []),
        ("the timestamp (`dataUpdatedAt`) is updated", []),
        ("it returns the `data` field of the response", []),
        ("it returns the value of `maxAge` unchanged", []),
        ("it is accepted with `smtputf8` set", []),
        ("the status is `success` and `max_age` stays", [(S, "success")]),
        ("when `croniter` itself is given `max_years`, it raises", []),
        ("(for `dns` and `python.org`, the same UUID)", []),
    ],
)
def test_a_name_in_backticks_the_then_gives_as_a_result_is_a_promised_value(
        then: str, expected: list[tuple[str, str]]) -> None:
    """rfc3986's AC1, "then it returns the scheme in lower case (`http`)": `http` was read as
    a name the Then mentions, so a test only asking for a result to exist covered it."""
    assert then_literals(then) == tuple(Literal(kind, value) for kind, value in expected)


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        ("they are stored under the key `tanstack-query-<queryHash>`", []),
        ("the file is `<STORY_KEY>.md` and the status is `done`", [(S, "done")]),
        # HTML is written in lower case: a tag beside text is a value
        ("the output is `<b>bold</b>`", [(S, "<b>bold</b>")]),
        ("the output is `<br>text`", [(S, "<br>text")]),
        ("the tag `<DIV>` alone is kept", [(S, "<DIV>")]),
        # voluptuous's repr AC: an ellipsis stands for each argument's value
        ("it reads `Range(min=..., max=..., msg=...)` with the given values", []),
        ("it reads `[1, …]`", []),
        ("the label reads `Loading...`", [(S, "Loading...")]),
        # a number cut short: its first digits, then an ellipsis for the rest
        ("it holds `0.5` (not `0.5000000000000000277...`)", [(S, "0.5")]),
        ("pi prints as `3.14159…` here", []),
        ("the amount reads `1.25` ...", [(S, "1.25")]),
        # dictdiffer's diff AC: a tuple of names stands for the pair the code reports
        ("it is reported as an `add` of `(key, value)`, a `change` of `(old, new)`", []),
        ("it gives `[first, rest]`", []),
        ("it gives `(true, false)`", [(S, "(true, false)")]),
        ("it gives `(1, 2)`", [(S, "(1, 2)")]),
        # superjson's prototype pollution AC: its tests fill the key in
        ("it throws `<key> is not allowed as a property`", []),
        ("the output is `<br> text`", [(S, "<br> text")]),
        # a message quoting the name it is given: a relay's "is told `Unknown route
        # "<topic>"`", its test expecting `'Unknown route "orders"'`
        ("it is told `Unknown route \"<topic>\"`", []),
        ("it is told `Unknown route '<topic>'`", []),
        ("the output is `\"<br>\" text`", [(S, '"<br>" text')]),
        # prettytable's format AC: "the matching `get_*_string` method"; a glob is a value
        ("it returns what the matching `get_*_string` method does", []),
        # superjson's shared references: a place in the result, as a name is; where a value
        # stands it is one
        ("`selected` is the very object in `options[0]`", []),
        ("the result is `items[2]`", [(S, "items[2]")]),
        ("the pattern is `a*b`", [(S, "a*b")]),
    ],
)
def test_a_value_holding_a_placeholder_is_a_pattern_no_test_asserts_as_written(
        then: str, expected: list[tuple[str, str]]) -> None:
    """query-persist-client-core's "stored under the key `tanstack-query-<queryHash>`": the
    review warned that no test asserts it, where its tests build the key from its parts.
    decimal's "the shortest decimal that prints as that float (`0.1`, not
    `0.1000000000000000055...`)" had drawn a warning that no test asserts the number cut
    short, which none can write as the AC does. framebus's "is told `Listener not added for
    "<event>"`" had drawn a warning that no test asserts it, its test expecting the message
    for `"event-name"`."""
    assert then_literals(then) == tuple(Literal(kind, value) for kind, value in expected)
    assert then_literals(then, mentioned=True)


def test_what_the_code_gives_no_longer_is_no_promised_value() -> None:
    """voluptuous's "`MultipleInvalid` is raised instead of a `TypeError`": the review warned
    that no test asserts `TypeError`, where its tests rightly assert `MultipleInvalid`."""
    assert then_literals("then `MultipleInvalid` is raised instead of a `TypeError`") == (
        Literal(S, "MultipleInvalid"),)
    assert then_literals("then MultipleInvalid is raised rather than TypeError") == (
        Literal(E, "MultipleInvalid"),)
    assert then_literals("then a `TypeError` is raised") == (Literal(S, "TypeError"),)
    assert Literal(S, "TypeError") in then_literals(
        "then `MultipleInvalid` is raised instead of a `TypeError`", mentioned=True)


def test_what_an_input_lacks_is_no_promised_value() -> None:
    """A form parser's "a list key without `[]` ... is refused": the review warned that no
    test asserts `[]`, where its tests send the bare key and check the error."""
    then = ("the list holds the values in order, and a list key without `[]` or with a name "
            "inside the brackets is refused")
    assert then_literals(then) == ()
    assert then_literals("then an address missing its `@` gives `InvalidAddress`") == (
        Literal(S, "InvalidAddress"),)
    assert then_literals("then a request without CSRF_TOKEN is refused with PermissionError") == (
        Literal(E, "PermissionError"),)
    assert then_literals("then the result is `[]`") == (Literal(S, "[]"),)
    assert Literal(S, "[]") in then_literals(then, mentioned=True)


def test_a_keyword_before_a_word_that_is_no_noun_is_a_value() -> None:
    """validators' "accepted with True whatever its brand": no adjective of a noun."""
    assert then_literals("a valid number is accepted with True whatever its brand") == (
        Literal(K, "true"),)
    assert then_literals("no false positives, and a null array is created") == ()


def test_mentioned_keeps_the_names_and_dashes_a_then_writes() -> None:
    """The matcher's evidence: a test asserting on a field the Then names checks it."""
    then = ("`dataUpdatedAt` is set, the sign is `-` and the status is `success` when "
            "`iter=True`")
    assert then_literals(then, mentioned=True) == (
        Literal(S, "dataUpdatedAt"), Literal(S, "-"), Literal(S, "success"),
        Literal(S, "iter=True"))


LITERALS = then_literals('a 422 error is returned with code "INVALID_EMAIL" and valid is false')
L422, CODE, FALSE = LITERALS


def test_a_name_the_given_or_when_spells_is_no_promised_value() -> None:
    then = "nil gives an invalid NullUUID and ErrInvalid is returned"
    assert then_literals(then) == (Literal(E, "NullUUID"), Literal(E, "ErrInvalid"))
    assert then_literals(then, "a NullUUID when a value is scanned") == (
        Literal(E, "ErrInvalid"),)


def test_a_value_in_a_condition_of_the_then_is_what_the_code_is_given() -> None:
    # a rounding mode the caller's setting asks for: the test sets it, and asserts the amounts
    then = ("totals are rounded half to even, and half up when the ledger's setting asks for "
            "`HALF_UP`")
    assert then_literals(then) == ()
    assert then_literals("the total is `0.00` unless `STRICT` is set") == (Literal(S, "0.00"),)
    # what the condition says comes of it is promised, and so is a value after the clause
    assert then_literals("if the card expired `EXPIRED` is returned") == (Literal(S, "EXPIRED"),)
    assert then_literals("when saved, the status is `DONE`") == (Literal(S, "DONE"),)
    # the matcher's words keep it
    assert Literal(S, "HALF_UP") in then_literals(then, mentioned=True)


def test_fixture_literals() -> None:
    assert (Literal(ST, "422"), Literal(S, "INVALID_EMAIL"), Literal(K, "false")) == LITERALS


@pytest.mark.parametrize(
    ("source", "asserted"),
    [
        # python
        ("def test_x(c):\n    r = c.post('/s')\n    assert r.status_code == 422\n", [L422]),
        ("    assert r.json() == {'code': 'INVALID_EMAIL', 'valid': False}\n", [CODE, FALSE]),
        ("    self.assertEqual(r.status_code, 422)\n", [L422]),
        ("    with pytest.raises(Err, match='INVALID_EMAIL'):\n        go()\n", [CODE]),
        # ... imported by name (`from pytest import raises`, as natsort's tests do); a helper
        # of that name defined in the test file is no check in itself
        ("    with raises(Err, match='INVALID_EMAIL'):\n        go()\n", [CODE]),
        ("def raises(code='INVALID_EMAIL'):\n    return code\n", []),
        # a value that is only used, or only in a comment, is not asserted
        ("    r = c.post('/s', json={'code': 'INVALID_EMAIL'})\n    assert r\n", []),
        ("    # assert r.status_code == 422\n    assert r\n", []),
        ("    print(422)\n", []),
        # jest / vitest, including a chain continued on the next line
        ("expect(res.status).toBe(422);\n", [L422]),
        ("expect(res.body.code)\n  .toEqual('INVALID_EMAIL');\n", [CODE]),
        ("expect(res.body).toBeDefined();\nconst code = 'INVALID_EMAIL';\n", []),
        ("expect(res.valid).toBe(false);\n", [FALSE]),
        ("assert.equal(res.status, 422);\n", [L422]),
        # java / rust / go
        ("assertEquals(422, response.getStatus());\n", [L422]),
        ("assertThat(body.code()).isEqualTo(\"INVALID_EMAIL\");\n", [CODE]),
        ("assert_eq!(resp.status(), 422);\n", [L422]),
        ("if got := resp.Code; got != 422 {\n\tt.Errorf(\"got %d\", got)\n}\n", [L422]),
        ("assert.Equal(t, \"INVALID_EMAIL\", body.Code)\n", [CODE]),
        ("require.False(t, body.Valid)\n", [FALSE]),  # testify's False asserts false
        # assertions named for the keyword they check
        ("    self.assertFalse(r.valid)\n", [FALSE]),
        ("expect(res.valid).toBeFalsy();\n", [FALSE]),
        ("c.Assert(body.Valid, qt.IsFalse)\n", [FALSE]),
        ("    self.assertFalsey(r.valid)\n", []),
        # bats
        ('  run post\n  [ "$status" -eq 422 ]\n', [L422]),
        ('  [[ "$output" == *INVALID_EMAIL* ]]\n', [CODE]),
        ('  assert_output --partial "INVALID_EMAIL"\n', [CODE]),
        # number boundaries: 4220 and 42.2 are not 422
        ("    assert total == 4220 and ratio == 42.2\n", []),
        # a table-driven test's data table holds its expected values
        ("@pytest.mark.parametrize(\n    'code',\n    ['INVALID_EMAIL', 422],\n)\n"
         "def test_x(code):\n    assert post() == code\n", [L422, CODE]),
        ("\ttests := []struct{ in, want string }{\n\t\t{\"x\", \"INVALID_EMAIL\"},\n\t}\n"
         "\tfor _, tc := range tests {\n\t\tif got := f(tc.in); got != tc.want {\n"
         "\t\t\tt.Errorf(\"got %s\", got)\n\t\t}\n\t}\n", [CODE]),
        # ... also a map of rows, or rows of a named type checked by a helper
        ("\ttests := map[string]struct{ want string }{\n\t\t\"bad\": {\"INVALID_EMAIL\"},\n"
         "\t}\n", [CODE]),
        ("\ttests := []testCase{{422, \"INVALID_EMAIL\"}}\n\trun(t, tests)\n", [L422, CODE]),
        ("\ttestList{\n\t\t{\"bad\", post(), \"INVALID_EMAIL\"},\n\t}.validate(t)\n", [CODE]),
        ("it.each([[422, false]])('rejects', (code, ok) => { expect(post()).toBe(code) })\n",
         [L422, FALSE]),
        # vitest's expect.soft checks as expect does (the test fails at its end)
        ("expect.soft(res.status).toBe(422);\n", [L422]),
        # ... and so does an expect given the type of what it checks (cheerio's #4239 test)
        ("expect<{ code: string }>(\n  post(),\n).toStrictEqual({ code: 'INVALID_EMAIL' });\n",
         [CODE]),
        # ... but a table of inputs a test never iterates is no table: plain data is not asserted
        ("    cases = ['INVALID_EMAIL']\n    assert run(cases)\n", []),
        ("\tinputs := []string{\"INVALID_EMAIL\"}\n\tpost(inputs)\n", []),
        ("    message = f\"code{{\n    {422}}}\"\n", []),
    ],
)
def test_asserted_literals(source: str, asserted: list[Literal]) -> None:
    assert asserted_literals(source, LITERALS) == tuple(asserted)


def test_the_name_of_a_testify_check_is_no_value_it_asserts() -> None:
    """go-toml's AC names `DecodeError`'s `Error` method; `require.Error(t, err)` checks that
    an error came back, and no test asserted `Error` by it; one comparing the text does."""
    error = then_literals("then `Error` returns the message and `Equal` its kind")
    assert [lit.value for lit in error] == ["Error", "Equal"]
    assert asserted_literals("\terr := d.UnmarshalText(b)\n\trequire.Error(t, err)\n"
                             "\tassert.Equal(t, 1, n)\n", error) == ()
    assert asserted_literals('\trequire.Equal(t, "Error", kind)\n', error) == (error[0],)


@pytest.mark.parametrize("source", [
    "    self.assertIsNone(r.deleted_at)\n", "expect(res.deletedAt).toBeNull();\n",
    "\tassert.Nil(t, body.DeletedAt)\n", "\tc.Assert(body.DeletedAt, qt.IsNil)\n",
    "    assert r.deleted_at is None\n",
])
def test_null_is_asserted_by_the_assertions_named_for_it(source: str) -> None:
    null = Literal(K, "null")
    assert asserted_literals(source, [null]) == (null,)


def test_a_keyword_in_backticks_is_asserted_by_the_assertions_named_for_it() -> None:
    # pytimeparse: "then it returns `None` instead of a number", and a test checking the result
    # with `assertIsNone(...)` was said to assert no `None`
    (none,) = then_literals("then it returns `None` instead of a number", "a sign inside it")
    source = "        self.assertIsNone(parse_span('4 m - 2 s'))\n"
    assert asserted_literals(source, [as_keyword(none)]) == (Literal(K, "null"),)
    assert as_keyword(none).shown == "`None`"
    assert as_keyword(Literal(S, "timeout")) == Literal(S, "timeout")


@pytest.mark.parametrize(("source", "found"), [
    ("expect(Number.isNaN(parse('foo'))).toBe(true);\n", True),
    ("expect(parse('foo')).toBeNaN();\n", True),
    ("    assert math.isnan(parse('foo'))\n", True),
    ("expect(parse('1m')).toBe(60000);\n", False),
    ("expect(parse('nanos')).toBe(1);\n", False),
    # that a result is not NaN (vercel/ms 33)
    ("expect(Number.isNaN(parse('10'))).toBe(false);\n", False),
    ("expect(parse('10')).not.toBeNaN();\n", False),
    ("    assert not math.isnan(parse('10'))\n", False),
])
def test_nan_is_asserted_by_the_checks_named_for_it(source: str, found: bool) -> None:
    # vercel/ms: "it returns NaN" read NaN as a name; its tests check it by isNaN / toBeNaN
    (nan,) = then_literals("it returns NaN (`parse('foo')`)", "a string with no duration")
    assert asserted_literals(source, [nan]) == ((nan,) if found else ())


def test_missing_literals_is_the_complement_in_order() -> None:
    source = "expect(res.status).toBe(422);\n"
    assert missing_literals(source, LITERALS) == (CODE, FALSE)
    assert asserted_literals(source, ()) == ()


@pytest.mark.parametrize(("source", "found"), [
    ("\tif !reflect.DeepEqual(actual, expected) {\n\t\tt.Fatal(actual)\n\t}\n", False),
    ("expect(onSuccessMock).toHaveBeenCalledTimes(1);\n", True),
    ("    assert user.role == 'administrator'\n", False),
    ("    assert user.role == 'admin'\n", True),
    ("    assert banner == 'admin: signed in'\n", True),
])
def test_a_word_is_asserted_as_a_word_not_inside_another(source: str, found: bool) -> None:
    # `Equal`, `onSuccess`, `admin`: a word a Then clause quotes is not found inside another
    # word (DeepEqual, administrator), but may lead a name made of it (onSuccessMock).
    literals = [Literal(S, "Equal"), Literal(S, "onSuccess"), Literal(S, "admin")]
    assert bool(asserted_literals(source, literals)) is found


@pytest.mark.parametrize(("source", "found"), [
    ('    assert "if-none-match" in r.request.headers\n', True),
    ("    expect(res.headers['If-None-Match']).toBe(tag)\n", True),
    ('    assert "x-if-none-match-seen" in r.headers\n', False),  # a longer name holding it
    ('    assert "if none match" in text\n', False),
])
def test_a_header_name_is_asserted_in_any_case(source: str, found: bool) -> None:
    """An HTTP header name a Then quotes (`If-None-Match`) is read in any case, as the
    protocol reads it: cachecontrol's test checks `"if-none-match" in r.request.headers`."""
    header = Literal(S, "If-None-Match")
    assert bool(asserted_literals(source, [header])) is found
    # a value that is no header name keeps its case
    assert not asserted_literals("    assert r.text == 'invalid input.'\n",
                                 [Literal(S, "Invalid input.")])


def test_a_quoted_phrase_is_still_found_inside_a_longer_string() -> None:
    phrase = Literal(S, "not found")
    assert asserted_literals("    assert r.text == 'user not found (404)'\n", [phrase]) == (
        phrase,)


@pytest.mark.parametrize(("source", "asserted"), [
    # Go: the expected value in `want`, compared in the `if` guarding t.Errorf
    ('got := Split("ls -l")\nwant := []string{"ls", "-l"}\n'
     'if !reflect.DeepEqual(got, want) {\n\tt.Errorf("got %q", got)\n}', ["ls", "-l"]),
    ('expected = ["a", "b"]\nassert split("a b") == expected', ["a", "b"]),
    ('const expectedWords: string[] = ["a"];\nexpect(split("x")).toEqual(expectedWords);', ["a"]),
    # the input is not the expectation: `got` and a `want` no assertion uses are not asserted
    ('got := Split("ls")\nwant := "ls"\nif got == nil {\n\tt.Fatal("nil")\n}', []),
])
def test_an_expected_value_kept_in_a_variable_is_asserted_where_it_is_compared(
        source: str, asserted: list[str]) -> None:
    literals = [Literal("string", v) for v in ("ls", "-l", "a", "b")]
    assert [lit.value for lit in asserted_literals(source, literals)] == asserted


def test_an_expected_text_built_a_line_at_a_time_is_asserted_where_it_is_compared() -> None:
    """columnize's empty-field test writes its expected output's second line with `+=`: the
    placeholder it promises (`<none>`) is in that line, and was said asserted by no test."""
    source = ('cfg := DefaultConfig()\ncfg.Empty = "(blank)"\nout := Format(rows, cfg)\n'
              'expected := "Name  Age\\n"\nexpected += "Ann   (blank)"\n'
              'if out != expected {\n\tt.Fatalf("got %q", out)\n}\n')
    blank = Literal(S, "(blank)")
    assert asserted_literals(source, [blank]) == (blank,)


@pytest.mark.parametrize(("source", "asserted"), [
    # goutils: the expected text in `out`, the result in `x`, compared in the guard
    ('in := "Ann Lee.Roy"\nout := "AL"\n\nif x := Initials(in); x != out {\n'
     '\tt.Errorf("Initials(%v) = %v, want %v", in, x, out)\n}', ["AL"]),
    # a name given a call is the code's result, whatever its input
    ('got := Initials("Ann Lee.Roy")\nif got != strings.ToUpper(got) {\n\tt.Error(got)\n}',
     []),
])
def test_a_go_guard_asserts_the_literal_a_compared_name_holds(
        source: str, asserted: list[str]) -> None:
    """Go's `if x := f(in); x != out { t.Errorf(...) }` compares the result with `out`, whatever
    the name: its literal is asserted there, and the input `in`, which the guard does not
    compare, is not."""
    literals = [Literal(S, v) for v in ("Ann Lee.Roy", "AL")]
    assert [lit.value for lit in asserted_literals(source, literals)] == asserted


def test_a_go_guard_asserts_the_row_of_a_table_it_compares_by_the_loops_index() -> None:
    """gojsonpointer's array test loops over `ins` and `outs`, two slices of one length, and
    fails where `result != outs[i]`: the values of `outs` are what it asserts; those of `ins`,
    which it hands the code, are not."""
    source = ('ins := []string{`/list/0`, `/list/1`}\nouts := []string{"red", "blue"}\n'
              'for i := range ins {\n\tp, _ := New(ins[i])\n\tgot, _ := p.Get(doc)\n'
              '\tif got != outs[i] {\n\t\tt.Errorf("Get(%v) = %v", ins[i], got)\n\t}\n}\n')
    wanted = [Literal(S, v) for v in ("/list/0", "red", "blue")]
    assert [lit.value for lit in asserted_literals(source, wanted)] == ["red", "blue"]


@pytest.mark.parametrize(("source", "found"), [
    # the brackets of a Go slice's type, of a TypeScript type, of a form's key: no empty list
    ('names := []string{"A", "banana"}\nfor i, want := range names {\n'
     '\tif got := nameOf(i); got != want {\n\t\tt.Errorf("got %v", got)\n\t}\n}\n', False),
    ('if got := fieldOf("PSlice[]"); got != "PSlice" {\n\tt.Errorf("got %v", got)\n}\n', False),
    ("expect<string[]>(keys(form)).toEqual(['a'])\n", False),
    # an empty list as a value
    ("assert parse('') == []\n", True),
    ("expect(keys({})).toEqual([])\n", True),
    ('if got := Split(""); !reflect.DeepEqual(got, []string{}) {\n\tt.Error(got)\n}\n', True),
])
def test_an_empty_list_is_asserted_only_where_it_stands_as_a_value(source: str,
                                                                    found: bool) -> None:
    """goji/param's tests, a Go table `[]string{...}` and a key `"PSlice[]"`, had been said to
    assert the `[]` of an AC's Then."""
    empty = Literal(S, "[]")
    assert asserted_literals(source, [empty]) == ((empty,) if found else ())


def test_a_go_example_asserts_its_output_comment() -> None:
    """`go test` compares an Example's printing with its `// Output:` comment: that comment is
    the example's check, and what it prints is asserted."""
    example = ('func ExampleSwapCase() {\n\tin := "Some Words.Here"\n\tfmt.Println(SwapCase(in))\n'
               '\t// Output:\n\t// sOME wORDS.hERE\n}\n')
    words = [Literal(S, "Some Words.Here"), Literal(S, "sOME wORDS.hERE")]
    assert asserted_literals(example, words) == (words[1],)
    unordered = example.replace("// Output:", "// Unordered output:")
    assert asserted_literals(unordered, words) == (words[1],)
    # a comment that is no output block is no check
    assert asserted_literals(example.replace("// Output:", "// Prints:"), words) == ()


def test_a_then_value_written_with_escapes_is_asserted_as_the_bytes_they_spell() -> None:
    """A terminal-colour AC writes its escape codes as escapes (`\\033[1;33mwarn\\033[0m`); a Go
    example's `// Output:` comment holds the bytes they spell (ESC itself), and a test may spell
    them another way (`"\\x1b[1;33m"`): both check the value the AC promises."""
    esc = "\x1b"
    example = ('func ExampleWarn() {\n\tfmt.Println(Warn("warn"))\n\n'
               f'\t// Output: {esc}[1;33mwarn{esc}[0m\n}}\n')
    promised = Literal(S, "\\033[1;33mwarn\\033[0m")
    assert asserted_literals(example, [promised]) == (promised,)
    hexed = ('func TestWarn(t *testing.T) {\n\tif got := Warn("warn"); '
             'got != "\\x1b[1;33mwarn\\x1b[0m" {\n\t\tt.Errorf("got %q", got)\n\t}\n}\n')
    assert asserted_literals(hexed, [promised]) == (promised,)
    # another colour's bytes are not it, nor is an escape of a character one types its character
    assert asserted_literals(example.replace("[1;33m", "[1;31m"), [promised]) == ()
    star = Literal(S, "foo\\*")
    assert asserted_literals('if got != "foo*" {\n\tt.Errorf("got %q", got)\n}\n', [star]) == ()


def test_a_number_written_as_a_term_of_a_sum_of_numbers_is_asserted() -> None:
    """A palette AC promises the last shade of gray, `15`; the test expects the palette index
    of that shade written as the code's table builds it, `Shade(240+15)`: the sum of two
    numbers writes the 15 it checks. A number added to a value the test computes (`idx + 15`)
    is still no promised value: the result is."""
    fifteen = Literal(N, "15")
    constant = ('func TestShadeCapped(t *testing.T) {\n'
                '\tif got := Gray(99); got != Shade(240+15) {\n\t\tt.Errorf("got %d", got)\n\t}\n}\n')
    assert asserted_literals(constant, [fifteen]) == (fifteen,)
    computed = constant.replace("Shade(240+15)", "Shade(idx+15)")
    assert asserted_literals(computed, [fifteen]) == ()
    scaled = constant.replace("Shade(240+15)", "Shade(n*240+15)")
    assert asserted_literals(scaled, [fifteen]) == ()
    # what a Go test hands a checking helper of its package is read the same way
    assert checked_in(['checkShade(t, Gray(99), Shade(240+15))'], [fifteen]) == (fifteen,)


def test_a_value_on_the_line_a_backslash_continues_an_assertion_on_is_asserted() -> None:
    """A markup test writes its long comparison over two lines, `assert ...render() == \\`
    then the expected text, once in a triple-quoted string opened with a backslash: both
    assert the `<hr />` the Then promises; a value on the line after an assertion that ends
    there is asserted by none."""
    hr = Literal("string", "<hr />")
    continued = ("def test_xml_mode():\n    assert p('a', hr()).render(xml=True) == \\\n"
                 "        '<p>a<hr /></p>'\n")
    assert asserted_literals(continued, [hr]) == (hr,)
    in_a_string = ("def test_xml_mode():\n    assert hr().render(xml=True) == '''\\\n"
                   "<hr />'''\n")
    assert asserted_literals(in_a_string, [hr]) == (hr,)
    ended = "def test_xml_mode():\n    assert hr().render()\n    shown = '<hr />'\n"
    assert asserted_literals(ended, [hr]) == ()


def test_a_check_a_backslash_continues_is_read_whole_for_what_it_asks() -> None:
    """`assert x.render() != \\` with the value under it asks only that the result is not
    that value, as the same check on one line does."""
    one_line = "def test_note():\n    n = note('hi')\n    assert n.render() != 'hi'\n"
    continued = one_line.replace(" != 'hi'", " != \\\n        'hi'")
    assert presence_only(one_line) == presence_only(continued) == "assert n.render() != 'hi'"
    checked = continued.replace("!=", "==")
    assert presence_only(checked) is None


def test_a_quoted_value_whose_spaces_the_story_folded_is_still_found() -> None:
    # the story's Markdown reads `"hello   goodbye"` as "hello goodbye"
    folded = Literal("string", "hello goodbye")
    assert asserted_literals('assert split("x") == "hello   goodbye"', [folded]) == (folded,)
    assert asserted_literals('assert split("x") == "hello-goodbye"', [folded]) == ()


def test_a_line_break_a_test_writes_is_no_space_of_the_story() -> None:
    """goutils' AC wraps `Ann Lee Ann Lee` (its input) into `Ann Lee` and `Ann Lee`: the test's
    expected `"Ann Lee\nAnn Lee"` asserts the lines, not the input its line break replaced."""
    source = ('in := "Ann Lee Ann Lee"\nout := "Ann Lee\\nAnn Lee"\n'
              'if x := Wrap(in, 7); x != out {\n\tt.Errorf("got %q", x)\n}\n')
    line, given = Literal(S, "Ann Lee"), Literal(S, "Ann Lee Ann Lee")
    assert asserted_literals(source, [line, given]) == (line,)


# go-shellquote's AC3 promises `foo\*` (one backslash); its tests write it either way
ESCAPED = Literal(S, "foo\\*")


@pytest.mark.parametrize(("source", "found"), [
    ('if got := Join("foo*"); got != `foo\\*` {\n\tt.Errorf("got %q", got)\n}', True),  # raw
    ('if got := Join("foo*"); got != "foo\\\\*" {\n\tt.Errorf("got %q", got)\n}', True),
    ("assert join('foo*') == r'foo\\*'", True),  # Python raw
    ("assert join('foo*') == 'foo\\\\*'", True),
    ('expect(join("foo*")).toBe("foo\\\\*")', True),
    ("expect(join('foo*')).toBe('foo\\u005c*')", True),  # a backslash by its code point
    # other strings: no backslash, or two
    ('if got := Join("foo*"); got != "foo*" {\n\tt.Errorf("got %q", got)\n}', False),
    ('if got := Join("foo*"); got != "foo\\\\\\\\*" {\n\tt.Errorf("got %q", got)\n}', False),
    ('if got := Join("foo*"); got != `foo\\\\*` {\n\tt.Errorf("got %q", got)\n}', False),
])
def test_a_literal_is_found_written_raw_or_escaped(source: str, found: bool) -> None:
    assert asserted_literals(source, [ESCAPED]) == ((ESCAPED,) if found else ())


def test_a_data_tables_escaped_string_holds_what_it_decodes_to() -> None:
    """go-shellquote's quote_test.go: `{[]string{"foo*", ...}, "foo\\* M\\{ovies,usic} ..."}`."""
    source = ('func TestSimpleJoin(t *testing.T) {\n\tfor _, elem := range simpleJoinTest {\n'
              '\t\tif output := Join(elem.input...); output != elem.output {\n'
              '\t\t\tt.Errorf("got %q", output)\n\t\t}\n\t}\n}\n'
              'var simpleJoinTest = []struct {\n\tinput  []string\n\toutput string\n}{\n'
              '\t{[]string{"foo*", "ab[cd]"}, "foo\\\\* ab\\\\[cd]"},\n}\n')
    strings = table_strings(source)
    assert in_table("foo\\*", strings)
    assert in_table("ab\\[cd]", strings)
    assert not in_table("foo\\?", strings)  # a string it does not hold
    assert asserted_literals(source, [ESCAPED]) == (ESCAPED,)


@pytest.mark.parametrize(("source", "asserted"), [
    # a Python loop over literal values its assertion uses is the test's table
    ('for spec in ("css1", "css4"):\n    self.assertRaises(ValueError, names, spec)',
     ["css1", "css4"]),
    # JS: the loop's header, not its body (the body's own literals are asserted or not)
    ("for (const spec of ['css1', 'css4']) {\n  setup('html5')\n  expect(() => names(spec))"
     ".toThrow()\n}", ["css1", "css4"]),
    # a loop whose variable no assertion uses is set-up, not a table
    ('for spec in ("css1", "css4"):\n    names(spec)\nassert done() == "html5"', ["html5"]),
])
def test_a_loop_over_values_an_assertion_uses_is_a_table(source: str,
                                                         asserted: list[str]) -> None:
    literals = [Literal("string", v) for v in ("css1", "css4", "html5")]
    assert [lit.value for lit in asserted_literals(source, literals)] == asserted


# webcolors' tests: a table the test names once, then loops over
_PAIRS = ('    def test_normalize_hex(self):\n'
          '        test_pairs = (\n'
          '            ("#0099CC", "#0099cc"),\n'
          '            ("#09c", "#0099cc"),\n'
          '        )\n'
          '        for raw, normalized in test_pairs:\n'
          '            assert normalized == webcolors.normalize_hex(raw)\n')
_TRIPLES = ('    def test_parse_simple_color(self):\n'
            '        test_pairs = (\n'
            '            ("#ffffff", (255, 255, 255)),\n'
            '            ("#daa520", (218, 165, 32)),\n'
            '        )\n'
            '        for raw, parsed in test_pairs:\n'
            '            result = webcolors.html5_parse_simple_color(raw)\n'
            '            assert parsed == result\n')


@pytest.mark.parametrize(("source", "then", "asserted"), [
    (_PAIRS, "then it returns `#0099cc`", ["#0099cc"]),
    # the numbers of a tuple in a row
    (_TRIPLES, "then it returns the HTML5SimpleColor (218, 165, 32).", ["218", "165", "32"]),
    # a row the loop reaches through enumerate(), JS's `const` table
    (_PAIRS.replace("raw, normalized in test_pairs", "i, (raw, normalized) in "
                    "enumerate(test_pairs)"), "then it returns `#0099cc`", ["#0099cc"]),
    ("it('x', () => {\n  const cases = [['#09c', '#0099cc']];\n"
     "  for (const [raw, want] of cases) {\n    expect(normalizeHex(raw)).toBe(want);\n  }\n"
     "});", "then it returns `#0099cc`", ["#0099cc"]),
    # a name given a value twice holds no one table; a table no check's variable reads sets up
    (_PAIRS.replace("        for raw", "        test_pairs += extra\n        for raw"),
     "then it returns `#0099cc`", []),
    (_PAIRS.replace("assert normalized == webcolors.normalize_hex(raw)",
                    "webcolors.normalize_hex(raw)\n        assert done()"),
     "then it returns `#0099cc`", []),
])
def test_a_table_a_name_holds_is_the_loop_over_it(source: str, then: str,
                                                  asserted: list[str]) -> None:
    found = asserted_literals(source, then_literals(then))
    assert [lit.value for lit in found] == asserted


@pytest.mark.parametrize(("source", "check"), [
    ('it("x", () => {\n  expect(slugify("A")).toBeDefined();\n});',
     'expect(slugify("A")).toBeDefined()'),
    ('it("x", () => {\n  expect(() => slugify("A")).not.toThrow();\n'
     '  expect(slugify("A")).not.toBeNull()\n});', 'expect(() => slugify("A")).not.toThrow()'),
    # what it is not, with no value given: that it is not NaN (vercel/ms), not falsy
    ('it("x", () => {\n  expect(ms("2d")).not.toBeNaN();\n  expect(ms("1h")).not.toBeFalsy();\n'
     '});', 'expect(ms("2d")).not.toBeNaN()'),
    ("it('x', () => {\n  expect(Number.isNaN(parse('10'))).toBe(false);\n});",
     "expect(Number.isNaN(parse('10'))).toBe(false)"),
    ("def test_x():\n    assert not math.isnan(parse('10'))\n", "assert not math.isnan(parse('10'))"),
    ('def test_x():\n    r = slugify("A")\n    assert r is not None\n', "assert r is not None"),
    ('def test_x(self):\n    self.assertIsNotNone(slugify("A"))\n',
     'self.assertIsNotNone(slugify("A"))'),
    ('func TestX(t *testing.T) {\n\tv, err := Parse("1.2.3")\n\tif err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n\t_ = v\n}', "if err != nil {"),
    ('func TestX(t *testing.T) {\n\tv := New()\n\tif v == nil {\n\t\tt.Fatal("nil")\n\t}\n}',
     "if v == nil {"),
    ('func TestX(t *testing.T) {\n\tv, err := Parse("1")\n\trequire.NoError(t, err)\n'
     '\tassert.NotNil(t, v)\n}', "require.NoError(t, err)"),
    ('def test_x():\n    r = parse("x")\n    assert r, r.offset == -7\n', "assert r, r.offset == -7"),
    ('def test_x(self):\n    r = parse("x")\n    self.assertTrue(r.offset, timedelta(hours=-7))\n',
     "self.assertTrue(r.offset, timedelta(hours=-7))"),
    ('def test_x(self):\n    self.assertTrue(is_valid("x"), "x is valid")\n', None),
    ('def test_x(self):\n    self.assertTrue(is_valid("x"), msg)\n', None),
    ('def test_x():\n    assert add(1, 2) == 3\n', None),
    ('def test_x():\n    assert parse("a", strict=True) == ["a"], "parses"\n', None),
    ('def test_x():\n    assert r.offset == -7, f"got {r.offset}"\n', None),
    # that a function exists
    ('def test_x():\n    assert callable(parse)\n', "assert callable(parse)"),
    ('def test_x(self):\n    self.assertTrue(hasattr(iso8601, "parse_date"))\n',
     'self.assertTrue(hasattr(iso8601, "parse_date"))'),
    ('it("x", () => {\n  expect(typeof slugify).toBe("function");\n});',
     'expect(typeof slugify).toBe("function")'),
    ('it("x", () => {\n  expect(slugify).toBeInstanceOf(Function);\n});',
     "expect(slugify).toBeInstanceOf(Function)"),
    # a Python value compared with itself checks its own __eq__, no value the AC promises
    ('def test_x():\n    r = parse_duration("P1D")\n    assert r == r\n', "assert r == r"),
    ('def test_x(self):\n    r = parse_duration("P1D")\n    self.assertEqual(r, r)\n',
     "self.assertEqual(r, r)"),
    ('def test_x():\n    r = parse_duration("P1D")\n    assert r == r\n    assert r.days == 1\n',
     None),
    # ... a call compared with the same call (jsonpointer's example test weakened)
    ('def test_x(self):\n    self.assertEqual(resolve_pointer(doc, "/foo"), '
     'resolve_pointer(doc, "/foo"))\n    self.assertEqual(resolve_pointer(doc, "/"), '
     'resolve_pointer(doc, "/"), "same")\n',
     'self.assertEqual(resolve_pointer(doc, "/foo"), resolve_pointer(doc, "/foo"))'),
    ('def test_x():\n    assert resolve_pointer(doc, "/foo") == resolve_pointer(doc, "/foo")\n',
     'assert resolve_pointer(doc, "/foo") == resolve_pointer(doc, "/foo")'),
    ('def test_x(self):\n    self.assertEqual(resolve_pointer(doc, "/foo"), '
     'resolve_pointer(doc, "/bar"))\n', None),
    # a Python alias of the result compared with it, its str() with its own f-string, a type
    # check any value passes
    ('def test_x(text, expected):\n    got = parse(text)\n    expected = got\n'
     '    assert got == expected\n', "assert got == expected"),
    ('@pytest.mark.parametrize("text, expected", [("P1D", timedelta(days=1))])\n'
     'def test_x(text, expected):\n    got = parse(text)\n    expected = got\n'
     '    assert got == expected\n', "assert got == expected"),
    ('def test_x():\n    got = parse("a")\n    expected = got\n    got = parse("b")\n'
     '    assert got == expected\n', None),
    ('def test_x():\n    got = parse("a")\n    for expected in CASES:\n'
     '        assert got == expected\n', None),
    ('def test_x():\n    expected = WANT\n    assert parse("a") == expected\n', None),
    ('def test_x():\n    r = parse("P1D")\n    assert isinstance(r, (timedelta, Duration, object))\n'
     '    assert str(r) == f"{r}"\n', "assert isinstance(r, (timedelta, Duration, object))"),
    ('def test_x():\n    r = parse("P1D")\n    assert str(r) == f"{r!r}"\n', None),
    ('def test_x():\n    r = parse("P1D")\n    assert str(r) == f"{r}"\n    assert r.days == 1\n',
     None),
    # a result's type, or only what it is not: any string but one passes
    ('it("x", () => {\n  expect(typeof slugify("a")).toBe("string");\n});',
     'expect(typeof slugify("a")).toBe("string")'),
    ('it("x", () => {\n  expect(kebabCase("FooBAR")).toBeTypeOf("string");\n});',
     'expect(kebabCase("FooBAR")).toBeTypeOf("string")'),
    ('it("x", () => {\n  expect(kebabCase("FooBAR")).not.toBe("FOO-BAR");\n});',
     'expect(kebabCase("FooBAR")).not.toBe("FOO-BAR")'),
    ('it("x", () => {\n  expect(kebabCase("FooBAR")).not.toBe("FOO-BAR");\n'
     '  expect(kebabCase("FooBAR")).toBe("foo-bar");\n});', None),
    # a JS value compared with itself; a length no less than zero (scule's table, weakened)
    ('  test.each([["a-b", "A B"]])("%s", (input, expected) => {\n'
     '    expect(titleCase(input)).toEqual(titleCase(input));\n  });',
     "expect(titleCase(input)).toEqual(titleCase(input))"),
    ('it("x", () => {\n  expect(expected).toBe(expected);\n});', "expect(expected).toBe(expected)"),
    ('it("x", () => {\n  expect(titleCase(a)).toEqual(titleCase(b));\n});', None),
    ('it("x", () => {\n  expect(titleCase("a").length).toBeGreaterThanOrEqual(0);\n});',
     'expect(titleCase("a").length).toBeGreaterThanOrEqual(0)'),
    ('def test_x():\n    assert len(split("a b")) >= 0\n', 'assert len(split("a b")) >= 0'),
    ('def test_x():\n    assert len(split("a b")) >= 2\n', None),
    # Python's checks of a result's type, and `!= None`, as JS's `toBeTypeOf`
    ("def test_x():\n    assert isinstance(slugify('A'), str)\n",
     "assert isinstance(slugify('A'), str)"),
    ("def test_x(self):\n    self.assertIsInstance(slugify('A'), str)\n",
     "self.assertIsInstance(slugify('A'), str)"),
    ("def test_x():\n    assert type(slugify('A')) is str\n", "assert type(slugify('A')) is str"),
    ("def test_x():\n    assert slugify('A') != None\n", "assert slugify('A') != None"),
    ("def test_x():\n    assert isinstance(slugify('A'), str) and slugify('A') == 'a'\n", None),
    ("def test_x():\n    assert slugify('A') == 'a' and slugify('B') != None\n", None),
    # a value a function returns found truthy: any object passes (defu's merge weakened);
    # a predicate's answer, a comparison, a flag, a name given a flag's value are checks
    ('it("x", () => {\n  expect(defu({ a: 1 }, { b: 2 })).toBeTruthy();\n});',
     "expect(defu({ a: 1 }, { b: 2 })).toBeTruthy()"),
    ('it("x", () => {\n  const merged = defu(a, b)\n  expect(merged).toBeTruthy()\n});',
     "expect(merged).toBeTruthy()"),
    ('it("x", async () => {\n  expect(new Parser("a")).not.toBeFalsy()\n});',
     'expect(new Parser("a")).not.toBeFalsy()'),
    ('it("x", () => {\n  expect(cache.find({ key: [1] })).toBeTruthy()\n});',
     "expect(cache.find({ key: [1] })).toBeTruthy()"),
    ('it("x", () => {\n  expect(isValidEmail("a@b.co")).toBeTruthy()\n});', None),
    ('it("x", () => {\n  expect(tags.includes("a")).toBeTruthy()\n});', None),
    ('it("x", () => {\n  expect(Array.isArray(split("a"))).toBeTruthy()\n});', None),
    ('it("x", () => {\n  expect(emailValid("a")).toBeTruthy()\n});', None),
    ('it("x", () => {\n  expect(defu(a, b) === a).toBeTruthy()\n});', None),
    ('it("x", () => {\n  expect(observer.getCurrentResult().isPaused).toBeTruthy()\n});', None),
    ('it("x", () => {\n  let running = false\n  running = start()\n  expect(running).toBeTruthy()'
     '\n});', None),
    ('it("x", () => {\n  const ok = isValid(x)\n  expect(ok).toBeTruthy()\n});', None),
    # a semicolon in the call's string is no end of it (cookie-es's header)
    ('it("x", () => {\n  const cookies = parse("foo=%1;bar=bar");\n'
     '  expect(cookies).toBeTruthy();\n});', "expect(cookies).toBeTruthy()"),
    # a value compared with a copy of itself
    ('it("x", () => {\n  const expected = { foo: "%1" };\n'
     '  expect({ ...expected }).toEqual(expected);\n});',
     "expect({ ...expected }).toEqual(expected)"),
    ('it("x", () => {\n  const got = parse("a=1");\n  expect(got).toStrictEqual({ ...got });\n});',
     "expect(got).toStrictEqual({ ...got })"),
    ('it("x", () => {\n  expect({ ...parse("a=1") }).toEqual({ a: "1" });\n});', None),
    ('it("x", () => {\n  expect(defu(a, b)).toBeTruthy()\n  expect(defu(a, b).a).toBe(1)\n});',
     None),
    # an asymmetric matcher any value of a type passes, or keys whose values it so reads
    ('it("x", () => {\n  expect(parse("a=1")).toEqual(expect.any(Object));\n});',
     'expect(parse("a=1")).toEqual(expect.any(Object))'),
    ('it("x", () => {\n  expect(parse("a=1")).toStrictEqual(expect.objectContaining({}))\n});',
     'expect(parse("a=1")).toStrictEqual(expect.objectContaining({}))'),
    ('it("x", () => {\n  expect(parse("a=1")).toMatchObject({ a: expect.anything(),\n'
     '    "b-c": expect.any(String) });\n});',
     'expect(parse("a=1")).toMatchObject({ a: expect.anything(), "b-c": expect.any(String) })'),
    ('it("x", () => {\n  expect(parse("a=1")).toHaveProperty("a");\n});',
     'expect(parse("a=1")).toHaveProperty("a")'),
    ('it("x", () => {\n  expect(parse("a=1")).toMatchObject({ a: "1", b: expect.anything() });'
     '\n});', None),
    ('it("x", () => {\n  expect(parse("a=1")).toHaveProperty("a", "1");\n});', None),
    ('it("x", () => {\n  expect(parse("a=1")).toEqual(expect.objectContaining({ a: "1" }));\n'
     '});', None),
    # (Go) every other check under a condition never true: go-shellquote's Split test with
    # `!reflect.DeepEqual(got, got)` keeps only its error guard
    ('func TestSplit(t *testing.T) {\n\tgot, err := Split("a b")\n\tif err != nil {\n'
     '\t\tt.Fatalf("Split: %v", err)\n\t}\n\tif !reflect.DeepEqual(got, got) {\n'
     '\t\tt.Errorf("got %q", got)\n\t}\n}\n', "if err != nil {"),
    ('func TestSplit(t *testing.T) {\n\tgot, err := Split("a b")\n\tif err != nil {\n'
     '\t\tt.Fatalf("Split: %v", err)\n\t}\n\tif !reflect.DeepEqual(got, want) {\n'
     '\t\tt.Errorf("got %q", got)\n\t}\n}\n', None),
    # ... through a comparing method or a call (blang/semver's TestParseTolerant): a
    # comparison of the result with itself, in an `else if` of the error guard's chain,
    # leaves the guards of errors alone
    ('func TestParseTolerant(t *testing.T) {\n\tfor _, test := range tolerantFormatTests {\n'
     '\t\tif v, err := ParseTolerant(test.result); err != nil {\n'
     '\t\t\tt.Errorf("Error parsing %q: %q", test.result, err)\n'
     '\t\t} else if comp := test.v.Compare(test.v); comp != 0 {\n'
     '\t\t\tt.Errorf("expected %q but got %q", test.v, v)\n'
     '\t\t} else if err := v.Validate(); err != nil {\n'
     '\t\t\tt.Errorf("Error validating %q: %q", test.v, err)\n\t\t}\n\t}\n}\n',
     "if v, err := ParseTolerant(test.result); err != nil {"),
    ('func TestX(t *testing.T) {\n\tv, err := ParseTolerant("1.2")\n\tif err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n\tif v.String() != v.String() {\n'
     '\t\tt.Errorf("got %q", v)\n\t}\n\tif !v.Equal(v) {\n\t\tt.Errorf("got %q", v)\n'
     '\t}\n}\n', "if err != nil {"),
    ('func TestX(t *testing.T) {\n\tv, err := ParseTolerant("1.2")\n\tif err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n\tif v.NE(want) {\n\t\tt.Errorf("got %q", v)\n\t}\n}\n', None),
    # ... or the result overwritten by the row's value before its check (`v = test.v`)
    ('func TestX(t *testing.T) {\n\tfor _, test := range tests {\n'
     '\t\tv, err := ParseTolerant(test.result)\n\t\tif err != nil {\n'
     '\t\t\tt.Errorf("Error parsing %q: %q", test.result, err)\n\t\t\tcontinue\n\t\t}\n'
     '\t\tv = test.v\n\t\tif v.Compare(test.v) != 0 {\n\t\t\tt.Errorf("got %q", v)\n\t\t}\n'
     '\t}\n}\n', "if err != nil {"),
    # (Go) a `Must` function's call: it panics where the code returns an error, and checks
    # nothing of what it returns
    ('func TestMustParse(t *testing.T) {\n\t_ = MustParse("32.2.1-alpha")\n}\n',
     '_ = MustParse("32.2.1-alpha")'),
    ('func TestX(t *testing.T) {\n\tre := regexp.MustCompile(`a+`)\n'
     '\tif _, err := Split(re, "aa"); err != nil {\n\t\tt.Fatal(err)\n\t}\n}\n',
     'if _, err := Split(re, "aa"); err != nil {'),
    ('func TestX(t *testing.T) {\n\tv := MustParse("1.2.3")\n\tif v.Major != 1 {\n'
     '\t\tt.Errorf("major %d", v.Major)\n\t}\n}\n', None),
    # ... not one inside another check, nor a name in a string
    ('func TestX(t *testing.T) {\n\tassert.Equal(t, "1.2.3", MustParse("1.2.3").String())\n}\n',
     None),
    ('func TestX(t *testing.T) {\n\tt.Log("MustParse(s)")\n}\n', None),
    # (Go) a guard that fails only on the zero value: goutils' CapitalizeFully test made to ask
    # only for a non-empty result, or a non-empty list
    ('func TestX(t *testing.T) {\n\tin := "aB cD"\n\tif x := Title(in); x == "" {\n'
     '\t\tt.Errorf("Title(%v) is empty", in)\n\t}\n}\n', 'if x := Title(in); x == "" {'),
    ('func TestX(t *testing.T) {\n\tif got := Split("a b"); len(got) == 0 {\n'
     '\t\tt.Error("none")\n\t}\n}\n', 'if got := Split("a b"); len(got) == 0 {'),
    ('func TestX(t *testing.T) {\n\tif x := Title("a"); x == "A" {\n\t\treturn\n\t}\n'
     '\tt.Error("not A")\n}\n', None),
    # another check beside it, an error asked for, no check at all (a helper may hold it)
    ('it("x", () => {\n  expect(slugify("A")).toBeDefined();\n  expect(slugify("A")).toBe("a");\n'
     '});', None),
    ('def test_x():\n    r = slugify("A")\n    assert r is not None, "none"\n    assert r == "a"\n',
     None),
    ('func TestX(t *testing.T) {\n\t_, err := Parse("bad")\n\tif err == nil {\n'
     '\t\tt.Fatal("want error")\n\t}\n}', None),
    ('def test_x():\n    check(slugify("A"))\n', None),
])
def test_a_test_whose_every_check_only_asks_for_a_result_passes_any_value(
        source: str, check: str | None) -> None:
    assert presence_only(source) == check


@pytest.mark.parametrize(("source", "check"), [
    # a value a function returns found truthy, as JS's `toBeTruthy()`: any object passes
    ('def test_x():\n    assert normalize_scheme("htTp")\n    assert normalize_scheme("HTTP")\n',
     'assert normalize_scheme("htTp")'),
    ('def test_x():\n    r = normalize_scheme("HTTP")\n    assert r, "no scheme"\n',
     'assert r, "no scheme"'),
    ('def test_x(self):\n    self.assertTrue(urlparse("http://a").geturl())\n', None),
    ('def test_x(self):\n    self.assertTrue(parse_uri("http://a"))\n',
     'self.assertTrue(parse_uri("http://a"))'),
    # a predicate's answer, a comparison, a property, a name given twice are checks
    ('def test_x():\n    assert os.path.isfile(path)\n', None),
    ('def test_x():\n    assert _is_compatible("any", (2, 4))\n', None),
    ('def test_x():\n    assert re.match("a", s)\n', None),
    ('def test_x():\n    assert s.startswith("a")\n', None),
    ('def test_x():\n    assert np.array_equal(a, b)\n', None),
    ('def test_x():\n    assert raises(TypeError, lambda: curry(1))\n', None),
    ('def test_x():\n    assert normalize_scheme("HTTP") == "http"\n', None),
    ('def test_x():\n    assert uri.is_valid\n', None),
    ('def test_x():\n    r = f(1)\n    r = g(r)\n    assert r\n', None),
    ('def test_x(r):\n    assert r\n', None),
    # a call of a name given a comparison: a predicate built by overloading it (a query of a
    # document store), whose call answers yes or no; a name given a call is no such thing
    ("def test_x():\n    query = Where().age.year == 2000\n    assert query({'age': {'year': "
     "2000}})\n", None),
    ("def test_x():\n    older = Where().age > 30\n    assert older(doc)\n", None),
    ("def test_x():\n    query = Where().name.exists()\n    assert query({'name': '=='})\n",
     "assert query({'name': '=='})"),
    # only what it is not: unequal to one literal
    ('def test_x():\n    assert normalize_scheme("HTTP") != "ftp"\n',
     'assert normalize_scheme("HTTP") != "ftp"'),
    ('def test_x():\n    assert "ftp" != normalize_scheme("HTTP"), "not ftp"\n',
     'assert "ftp" != normalize_scheme("HTTP"), "not ftp"'),
    ('def test_x(self):\n    self.assertNotEqual(normalize_scheme("HTTP"), "ftp")\n',
     'self.assertNotEqual(normalize_scheme("HTTP"), "ftp")'),
    # ... not two values found to differ, nor a value unequal to what it was made of
    ('def test_x():\n    assert req1 != req2\n', None),
    ('def test_x(self):\n    self.assertNotEqual(tz.tzlocal(), tz.UTC)\n', None),
    ('def test_x():\n    assert Marker("os_name == \'nt\'") != "os_name == \'nt\'"\n', None),
    ('def test_x():\n    assert f("HTTP") != "ftp" and f("A") == "a"\n', None),
])
def test_a_python_check_of_truthiness_or_of_what_a_result_is_not_passes_nearly_any_value(
        source: str, check: str | None) -> None:
    """rfc3986's scheme test weakened to `assert normalize_scheme("htTp")` got no warning
    while `is not None` did, and `assert f("HTTP") != "ftp"` covered "returns `http`"."""
    assert presence_only(source) == check


def test_a_check_of_what_a_result_is_not_is_what_a_then_promising_a_difference_asks() -> None:
    source = 'def test_x():\n    utc = FixedTzOffset(0, "UTC")\n    assert utc != "spam"\n'
    assert presence_only(source) == 'assert utc != "spam"'
    assert presence_only(source, not_one_value=False) is None
    assert presence_only('it("x", () => {\n  expect(f("a")).not.toBe("A");\n});', False) is None
    assert presence_only('def test_x():\n    assert f("a") != None\n', False) == \
        'assert f("a") != None'
    assert promises_a_difference("it compares unequal to objects that are not offsets")
    assert promises_a_difference("the two hashes differ") and promises_a_difference("a != b")
    assert not promises_a_difference("it returns the scheme in lower case (`http`)")


@pytest.mark.parametrize(("source", "checked"), [
    ("def test_x():\n    assert card_number(value)\n", True),
    ("def test_x():\n    ok = card_number(value)\n    assert ok\n", True),
    ("def test_x():\n    assert card_number(value) is not None\n", False),
])
def test_a_python_truthiness_check_holds_a_promised_true(source: str, checked: bool) -> None:
    """validators' `assert card_number(value)` for "accepted with True", as `assertTrue` and
    `toBeTruthy()` hold it."""
    literals = then_literals("it is accepted with True, else a falsy ValidationError")
    assert checked_literals(source, literals) == ((Literal(K, "true"),) if checked else ())


@pytest.mark.parametrize("source", [
    'def test_x():\n    assert normalize_scheme("HTTP"), normalize_scheme("HTTP") == "http"\n',
    'def test_x():\n    assert normalize_scheme("HTTP") is not None, "want http"\n',
    'def test_x(self):\n    self.assertTrue(normalize_scheme("HTTP"), "http")\n',
])
def test_a_value_in_an_assertions_message_is_checked_by_nothing(source: str) -> None:
    """rfc3986's scheme test weakened to `assert f(x), f(x) == "http"`: the message holds
    the AC's value, but only the condition is checked."""
    literals = then_literals("it returns the scheme in lower case (`http`)")
    assert presence_only(source) is not None
    assert checked_literals(source, literals) == ()
    assert checked_literals(source.replace(", ", " == 'http', ", 1), literals) == literals


@pytest.mark.parametrize("check", [
    'assert iso8601.FixedOffset(2, 0, "+2:00") is not None',
    'self.assertIsNotNone(iso8601.FixedOffset(2, 0, "+2:00"))',
    'expect(FixedOffset(2, 0, "+2:00")).toBeDefined()',
])
def test_a_name_a_presence_check_calls_is_checked_by_nothing(check: str) -> None:
    """iso8601's FixedOffset equality test weakened to `assert iso8601.FixedOffset(2, 0,
    "+2:00") is not None`: the check names the class the Then writes, and passes whatever it
    builds. Compared with a value, the name is checked."""
    literals = then_literals("a `FixedOffset` of two hours compares equal to a timezone of "
                             "two hours")
    source = f"def test_fixedoffset_eq():\n    {check}\n"
    assert presence_only(source) is not None
    assert checked_literals(source, literals, accepted=False) == ()
    compared = 'assert iso8601.FixedOffset(2, 0, "+2:00") == timezone(timedelta(hours=2))'
    assert checked_literals(source.replace(check, compared), literals, accepted=False) == literals


@pytest.mark.parametrize("check", [
    "expect(result._unsafeUnwrapErr()).not.toBe({ message: 'error' })",
    "expect(result._unsafeUnwrapErr()).not.toEqual({ message: 'error' })",
])
def test_a_value_a_check_denies_is_checked_by_nothing(check: str) -> None:
    """neverthrow 8.0.0's fromThrowable error-handler test weakened to `.not.toBe({ message:
    'error' })`: it names the AC's value only to deny it, and passes whatever else the handler
    builds. Where the Then promises a difference (`not_one_value` false), denying is checking."""
    literals = then_literals("the Err holds what the handler built (`{ message: 'error' }`)")
    source = f"it('x', () => {{\n  const result = safeThrower()\n  {check}\n}})\n"
    assert presence_only(source) is not None
    assert checked_literals(source, literals) == ()
    assert checked_literals(source, literals, not_one_value=False) == literals
    assert checked_literals(source.replace(".not.", "."), literals) == literals


@pytest.mark.parametrize(("text", "values"), [
    # written bare: digits with letters or a hyphen, three dotted parts
    ("1.2-beta sorts before 1.2-beta.3, and 1.7rc2 is read leniently as 1.2.3 is",
     ("1.2-beta", "1.2-beta.3", "1.7rc2", "1.2.3")),
    # a setting, and the fixed part of one whose value is a placeholder
    ("a spec prefixed with `CRON_TZ=<zone>` or TZ=<zone>, a cache with maxsize=0",
     ("CRON_TZ=", "TZ=", "maxsize=0")),
    # quoted values; not names, calls, plain numbers, ids or signs alone
    ('when "1985-04-12" is parsed by `parse()` into an int64 of 60 (AC-EC1), `*` or `?`',
     ("1985-04-12",)),
])
def test_the_values_an_ac_writes(text: str, values: tuple[str, ...]) -> None:
    assert written_values(text) == values


def test_a_data_tables_strings_hold_a_value_whole_or_as_a_word() -> None:
    source = ('func TestParse(t *testing.T) {\n'
              '\tentries := []struct {\n\t\texpr string\n\t}{\n'
              '\t\t{"CRON_TZ=UTC  0 5 * * * *"},\n\t\t{"1.2-beta.3"},\n\t}\n'
              '\tfor _, c := range entries {\n\t\tif Parse(c.expr) == nil {\n'
              '\t\t\tt.Errorf("nil for %s", "1.0.0")\n\t\t}\n\t}\n}\n')
    strings = table_strings(source)
    assert strings == ("CRON_TZ=UTC  0 5 * * * *", "1.2-beta.3")
    assert in_table("CRON_TZ=", strings)  # a setting's fixed part, by a word's start
    assert in_table("1.2-beta.3", strings)
    assert not in_table("1.2-beta", strings)  # a word is whole
    assert not in_table("1.0.0", strings)  # outside the table


# scule's splitByCase table: a row written over lines of its own (`[` alone on its line)
SPLIT_ROWS = ('  test.each([\n    ["fooBar", ["foo", "Bar"]],\n    [\n      "foo\\\\Bar.fuzz",\n'
              '      ["foo", "Bar", "fuzz"],\n      ["\\\\", "."],\n    ],\n'
              '  ])("%s => %s", (input, expected, seps?) => {\n'
              '    expect(splitByCase(input, seps)).BODY;\n  });\n')


TITLE_ROWS = ('  test.each([\n    ["foo-bar", "Foo Bar"],\n  ])("%s => %s", (input, expected) => {\n'
              '    expect(titleCase(input)).BODY;\n  });\n')


@pytest.mark.parametrize(("source", "unread"), [
    # scule's titleCase test weakened: its table's `expected` column is read by nothing
    (TITLE_ROWS.replace("BODY", "toBeDefined()"), "expected"),
    (TITLE_ROWS.replace("BODY", "toBe(expected)"), None),
    ("  it.each`\n  a | b\n  ${1} | ${2}\n  `('$a', ({ a, b }) => {\n"
     "    expect(f(a)).toBeDefined();\n  });\n", "b"),
    ("  it.each(['foo'])('accepts %s', async (v: string) => {\n"
     "    expect(() => validate(v)).not.toThrow();\n  });\n", None),
    ('@pytest.mark.parametrize("value, expected", [("a", "A")])\n'
     "def test_up(value, expected):\n    assert up(value) is not None\n", "expected"),
    ('@pytest.mark.parametrize(("value", "expected"), [("a", "A")])\n'
     "def test_up(value, expected):\n    assert up(value) == expected\n", None),
    ("def test_up():\n    assert up('a') is not None\n", None),  # no table
    # a TypeScript optional parameter (`seps?`) read by its name
    (SPLIT_ROWS.replace("BODY", "toMatchObject(expected)"), None),
    (SPLIT_ROWS.replace("BODY", "toBeDefined()"), "expected"),
])
def test_a_table_column_no_check_reads_is_named(source: str, unread: str | None) -> None:
    assert ignored_parameter(source) == unread


@pytest.mark.parametrize(("body", "check"), [
    ("toBeDefined()", "expect(splitByCase(input, seps)).toBeDefined()"),
    ("toBeTruthy()", "expect(splitByCase(input, seps)).toBeTruthy()"),
    ("toMatchObject(splitByCase(input, seps))",
     "expect(splitByCase(input, seps)).toMatchObject(splitByCase(input, seps))"),
    ("toMatchObject(expected)", None),
])
def test_a_js_table_row_over_lines_is_no_check(body: str, check: str | None) -> None:
    """unjs/scule 04, 06, 11: a row of the table on lines of its own (`[` / cells / `],`)
    was read as a bats `[ ... ]` check, which no presence check is, so a table test whose
    only check was `toBeDefined()` was read as checking more; its rows' literals were
    asserted. A bats test's own `[ "$status" -eq 0 ]` still is a check."""
    source = SPLIT_ROWS.replace("BODY", body)
    assert presence_only(source) == check
    spans = assertion_spans(source)  # the check and the table whole: no row alone
    assert f"expect(splitByCase(input, seps)).{body}" in spans
    assert not any(span.lstrip().startswith("[") for span in spans)
    assert assertion_spans('  run post\n  [ "$status" -eq 422 ]\n') == ('  [ "$status" -eq 422 ]',)


@pytest.mark.parametrize(("source", "unread"), [
    # webcolors' table test weakened: the loop's `normalized` column is read by nothing
    (_PAIRS.replace("assert normalized == webcolors.normalize_hex(raw)",
                    "assert webcolors.normalize_hex(raw) is not None"), "normalized"),
    (_PAIRS, None),
    ('for i, spec in enumerate(("css1", "css4")):\n    assert names(spec) is not None\n', None),
    ('for _skip, spec in (("a", "css1"),):\n    assert names(spec) is not None\n', None),
    ("for (const [raw, want] of [['#09c', '#0099cc']]) {\n"
     "  expect(normalizeHex(raw)).toBeDefined();\n}\n", "want"),
    # a loop over what no literal holds is no table
    ("for raw, want in load_rows():\n    assert f(raw) is not None\n", None),
])
def test_a_loop_variable_no_check_reads_is_named(source: str, unread: str | None) -> None:
    assert ignored_parameter(source) == unread


@pytest.mark.parametrize(("source", "checked"), [
    # the code handed the value whole, and accepting it
    ('func TestX(t *testing.T) {\n\tif _, err := Parse("1.2.3"); err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n}\n', ["1.2.3"]),
    ("it('x', () => {\n  expect(() => parse('1.2.3')).not.toThrow();\n});\n", ["1.2.3"]),
    # ... only inside another value it was handed: the input the code turns into it
    ('func TestX(t *testing.T) {\n\tif _, err := Parse("v1.2.3"); err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n}\n', []),
    ('func TestX(t *testing.T) {\n\tfor _, c := range []string{"v1.2.3", "1.2.3-alpha"} {\n'
     '\t\tif _, err := Parse(c); err != nil {\n\t\t\tt.Fatal(err)\n\t\t}\n\t}\n}\n', []),
    # a `Must` function's call: it panics unless the code accepts what it is handed
    ('func TestX(t *testing.T) {\n\t_ = MustParse("1.2.3")\n}\n', ["1.2.3"]),
    ('func TestX(t *testing.T) {\n\t_ = MustParse("v1.2.3")\n}\n', []),
    # ... or in a check that never runs
    ('func TestX(t *testing.T) {\n\tv, err := Parse("v1.2.3")\n\tif err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n\tif "1.2.3" != "1.2.3" {\n\t\tt.Error(v)\n\t}\n}\n', []),
])
def test_a_check_that_the_code_accepts_its_input_checks_the_values_it_is_handed_whole(
        source: str, checked: list[str]) -> None:
    """(`checked_literals`) An AC's value inside another the code was handed (`1.2.3` in
    `"v1.2.3"`) is no value a check that it accepts its input checks."""
    literals = [Literal("string", "1.2.3")]
    assert [lit.value for lit in checked_literals(source, literals)] == checked



@pytest.mark.parametrize(("source", "checked"), [
    ("it('x', () => {\n  expect(() => parse('1.2.3')).not.toThrow();\n});\n", []),
    ("it('x', () => {\n  for (const c of ['1.2.3']) {\n"
     "    expect(() => parse(c)).not.toThrow();\n  }\n});\n", []),
    ('func TestX(t *testing.T) {\n\tif _, err := Parse("1.2.3"); err != nil {\n'
     '\t\tt.Fatal(err)\n\t}\n}\n', []),
    # beside a check of the result, that check's value still counts (a check only of what it
    # is not denies its value: test_a_value_a_check_denies_is_checked_by_nothing)
    ("it('x', () => {\n  expect(() => parse('1.2.3')).not.toThrow();\n"
     "  expect(parse('v')).toBe('1.2.3');\n});\n", ["1.2.3"]),
])
def test_a_check_that_the_code_accepts_its_input_checks_no_result_a_then_promises(
        source: str, checked: list[str]) -> None:
    """(`checked_literals`, `accepted` false) Where the Then promises what the code returns,
    a check that it runs without throwing (or returns no error) checks none of the values
    it is handed: it asks only that the code runs, as `toBeDefined()` asks for a result."""
    literals = [Literal("string", "1.2.3")]
    assert [lit.value for lit in checked_literals(source, literals, False)] == checked


@pytest.mark.parametrize(("then", "result"), [
    ("the number 9, -9, 900 or Infinity is returned", True),
    ('"foo-bar" becomes "Foo Bar"', True),
    ("it returns the normalized version `1.2.3`", True),
    ("`1.2.3` is accepted", False),
    ("it returns no error", False),
    ("`v1` is parsed without an exception", False),
    ("it does not throw", False),
    ("the key is kept in the result", False),
])
def test_a_then_promising_what_the_code_returns_is_told(then: str, result: bool) -> None:
    assert promises_a_result(then) is result


_HELPED = ('  it("parses number", () => {\n'
           '    const testCases = [\n      { input: "9e2", output: 900 },\n    ];\n'
           "    HELPER\n"
           "    for (const testCase of testCases) {\n"
           "      check(testCase.input, testCase.output);\n    }\n  });\n")


@pytest.mark.parametrize(("helper", "asserted"), [
    # destr's number test with its check moved into a helper the loop calls
    ("const check = (input: string, output: unknown) =>\n"
     "      expect(destr(input)).toStrictEqual(output);", ["900"]),
    ("const check = (input, output) => {\n      expect(destr(input)).toBe(output);\n    };",
     ["900"]),
    ("function check(input: string, output: unknown) {\n"
     "      expect(destr(input)).toStrictEqual(output);\n    }", ["900"]),
    # a helper that checks nothing: what it is handed is asserted by nothing
    ("const check = (input, output) => console.log(destr(input), output);", []),
])
def test_a_call_of_a_helper_the_test_defines_that_checks_is_a_check(
        helper: str, asserted: list[str]) -> None:
    """(`assertion_spans`) `check(testCase.input, testCase.output)` of a `check` the test
    defines holding an `expect`: the loop's rows are its expected values, as they are for an
    `expect` written in the loop."""
    source = _HELPED.replace("HELPER", helper)
    literals = [Literal(N, "900")]
    assert [lit.value for lit in asserted_literals(source, literals)] == asserted


def test_a_python_helper_the_test_defines_that_checks_is_a_check() -> None:
    source = ("def test_x():\n    def check(value, expected):\n        assert f(value) == expected\n"
              "\n    for raw, want in ((\"a\", \"900\"),):\n        check(raw, want)\n")
    assert asserted_literals(source, [Literal(S, "900")]) == (Literal(S, "900"),)
    assert asserted_literals(source.replace("assert f(value) == expected", "print(value)"),
                             [Literal(S, "900")]) == ()


def test_what_a_helper_only_asking_for_a_result_is_handed_is_checked_by_nothing() -> None:
    """(`checked_literals`) `check("foo-bar", "Foo Bar")` of a helper whose check is
    `toBeDefined()` checks neither value; one whose check is that the code accepts what it
    is given checks the value handed to it whole, where the values are what it accepts."""
    defined = ('it("x", () => {\n  const check = (a, b) => expect(f(a)).toBeDefined();\n'
               '  check("foo-bar", "Foo Bar");\n});\n')
    accepts = ('it("x", () => {\n  const check = (a) => expect(() => f(a)).not.toThrow();\n'
               '  check("foo-bar");\n});\n')
    literals = [Literal(S, "foo-bar"), Literal(S, "Foo Bar")]
    assert presence_only(defined) == "expect(f(a)).toBeDefined()"
    assert checked_literals(defined, literals) == ()
    assert checked_literals(accepts, literals) == (Literal(S, "foo-bar"),)
    assert checked_literals(accepts, literals, False) == ()

_SAME_CALL = ('    def test_normalize_hex(self):\n'
              '        for raw, normalized in test_pairs:\n'
              '            expected = webcolors.normalize_hex(raw)\n'
              '            assert expected == webcolors.normalize_hex(raw)\n')


@pytest.mark.parametrize(("source", "check"), [
    # a name given the very call it is compared with: the call compared with itself
    (_SAME_CALL, "assert expected == webcolors.normalize_hex(raw)"),
    (_SAME_CALL.replace("assert expected == webcolors.normalize_hex(raw)",
                        "self.assertEqual(webcolors.normalize_hex(raw), expected)"),
     "self.assertEqual(webcolors.normalize_hex(raw), expected)"),
    ('it("x", () => {\n  const expected = normalize("#09C");\n'
     '  expect(normalize("#09C")).toEqual(expected);\n});\n',
     'expect(normalize("#09C")).toEqual(expected)'),
    # a different call, or one between that may change what the call returns
    (_SAME_CALL.replace("assert expected == webcolors.normalize_hex(raw)",
                        "assert expected == webcolors.normalize_hex(raw.upper())"), None),
    ("def test_x():\n    before = obj.value()\n    obj.mutate()\n"
     "    assert before == obj.value()\n", None),
    # a name given another value too
    ("def test_x():\n    expected = f(x)\n    assert expected == f(x)\n    expected = 2\n"
     "    assert expected == g(x)\n", None),
    # two results compared by the type's own `==`, or by identity: dateutil's equality and
    # singleton tests
    ("def testEquality(self):\n    UTC0 = tz.tzutc()\n    UTC1 = tz.tzutc()\n\n"
     "    self.assertEqual(UTC0, UTC1)\n", None),
    ("def test_singleton(args):\n    tz1 = tz.tzoffset(*args)\n"
     "    assert tz1 is tz.tzoffset(*args)\n", None),
    # a name given a call, then an attribute of it read twice: as HEAD reads it
    ("def test_caching(self):\n    meta = Metadata.from_raw(RAW)\n\n"
     "    assert meta.version is meta.version\n", "assert meta.version is meta.version"),
])
def test_a_name_given_the_call_it_is_compared_with_checks_only_a_result(
        source: str, check: str | None) -> None:
    assert presence_only(source) == check



def test_the_line_a_check_begins_on() -> None:
    """On its own line, over several (its first), on the declaration's, or, where the text
    has it nowhere between the two lines, the first; a check commented out is none."""
    text = ('it("a", () => {\n  // expect(r).toBeDefined()\n  const r = f();\n'
            '  expect(r).toBeDefined();\n});\nit("b", () => {\n  expect(\n    f(1),\n'
            '  ).not.toBeNull();\n});\nit("c", () => expect(f()).toBeTruthy());\n')
    assert check_line(text, 1, 5, "expect(r).toBeDefined()") == 4
    assert check_line(text, 6, 10, "expect( f(1), ).not.toBeNull()") == 7
    assert check_line(text, 11, 11, "expect(f()).toBeTruthy()") == 11
    assert check_line(text, 1, 3, "expect(r).toBeDefined()") == 1


@pytest.mark.parametrize(("body", "first"), [
    # vercel/ms: the expect lines removed, the calls kept
    ("  it('should return NaN if invalid', () => {\n    parse('foo');\n    parse('☃');\n  });",
     "parse('foo')"),
    ("  it('x', async () => {\n    const r = await parse(\n      'foo'\n    )\n  });",
     "const r = await parse( 'foo' )"),
    ("  test('x', function () { format(1); });", "format(1)"),
    ("  it('x', () => {\n    ms.parse('1h');\n  });", "ms.parse('1h')"),
    # ms: the toThrow checks turned into calls in a try that swallows what they throw
    ("  it('throws', () => {\n    try { format(NaN) } catch {}\n    try {\n"
     "      format(Infinity);\n    } catch (e) {}\n  });", "format(NaN)"),
    ("  it('x', () => {\n    try { format(NaN) } catch (e) { expect(e).toBeTruthy() }\n  });",
     None),
    # destr: a table's loop whose expect was removed, the call kept
    ('  it("parses number (AC5)", () => {\n    const testCases: Array<{ input: string; output: '
     'unknown }> = [\n      { input: "9e2", output: 900 },\n    ];\n'
     '    for (const testCase of testCases) {\n      parse(testCase.input);\n    }\n  });',
     "parse(testCase.input)"),
    ('  it("x", () => {\n    const cases = [{ input: "9e2" }];\n    for (const c of cases) {\n'
     '      expect(parse(c.input)).toBe(900);\n    }\n  });', None),
    ('  it("x", () => {\n    const got = compute(1);\n    parse(got);\n  });', None),
    # destr 57: what the code returns printed, not checked
    ('  it("parses number (AC5)", () => {\n    for (const c of cases) {\n'
     '      console.log(parse(c.input), c.output);\n    }\n  });',
     "console.log(parse(c.input), c.output)"),
    ('  it("x", () => {\n    console.log("nothing of the code");\n  });', None),
    # a check of any kind, a call of anything else, a branch: not read as checking nothing
    ("  it('x', () => {\n    expect(parse('foo')).toBeNaN();\n  });", None),
    ("  it('x', () => {\n    check(parse('foo'));\n  });", None),
    ("  it('x', () => {\n    parse('foo');\n    if (x) parse('b');\n  });", None),
    ("  it('x', () => {\n    assert.equal(parse('foo'), 1);\n  });", None),
    ("  it('x', (done) => {\n    parse('foo', done);\n  });", None),
    ("  it('x', () => {});", None),
])
def test_a_js_test_that_only_calls_the_code_checks_nothing(body: str, first: str | None) -> None:
    assert js_calls_only(body, frozenset({"parse", "format", "ms"})) == first


TEMPLATE_TABLE = """  test.each`
    input                | expected
    ${"fooBar"}          | ${["foo", "Bar"]}
    ${"foo_bar-baz/qux"} | ${["foo", "bar", "baz", "qux"]}
  `("$input => $expected", ({ input, expected }) => {
    expect(splitByCase(input)).toEqual(expected);
  });
"""


def test_a_tagged_template_tables_cells_are_its_data() -> None:
    """unjs/scule 55: the values of a ``test.each`input | expected ...` `` table are its
    cells' code, which a reader of strings sees as one template string."""
    strings = table_strings(TEMPLATE_TABLE)
    assert strings == ("fooBar", "foo", "Bar", "foo_bar-baz/qux", "foo", "bar", "baz", "qux")
    assert in_table("foo_bar-baz/qux", strings)
    assert asserted_literals(TEMPLATE_TABLE, [Literal(S, "qux"), Literal(S, "FOO")]) == (
        Literal(S, "qux"),)
    # a template that is no table holds no data
    assert table_strings('  test("x", () => {\n    expect(f(`${"a"} b`)).toBe(1);\n  });\n') \
        == ()


def test_a_tagged_template_table_is_opened_to_code_and_no_other_template() -> None:
    """unjs/scule 55: a tagged-template table's cells are code: its backquotes are blanked,
    the text as long as it was; a template that is no table is left a string."""
    table = templates_opened(TEMPLATE_TABLE)
    assert len(table) == len(TEMPLATE_TABLE) and "`" not in table
    assert '${"fooBar"}' in table
    message = '  it("x", () => {\n    expect(f()).toBe(`"a" and "b"`);\n  });\n'
    assert templates_opened(message) == message


def test_check_statements_are_the_assertions_alone_without_tables() -> None:
    source = ('test.each([\n  ["fooBar", ["foo", "Bar"]],\n])("%s", (i, e) => {\n'
              '  // expect(nothing).toBe(1)\n'
              '  expect(splitByCase(i)).toEqual(e);\n});\n')
    assert check_statements(source) == ("expect(splitByCase(i)).toEqual(e)",)
    # the table is one too, but for the input its function hands the code
    assert any('["foo", "Bar"]]' in span and "fooBar" not in span
               for span in assertion_spans(source))



def test_a_semicolon_or_bracket_in_a_string_does_not_end_a_check() -> None:
    """A `;` or a bracket written in a string is its text: the check goes on after it (a
    diff's `"a;b"` had cut the check there, its expected value unread)."""
    source = ('test("x", () => {\n  expect(render(d)).toBe("<del>a;</del>)");\n'
              "  expect(g('x')).toEqual(';');\n});\n")
    assert check_statements(source) == ('expect(render(d)).toBe("<del>a;</del>)")',
                                        "expect(g('x')).toEqual(';')")
    python = ('def test_x():\n    assert f("it\'s") == \'a;b\'\n'
              '    assert g() == """x\ny)"""\n')
    assert check_statements(python) == ('assert f("it\'s") == \'a;b\'',
                                        'assert g() == """x\ny)"""')

SNAPSHOT = """  test("fooBar", () => {
    expect(splitByCase("fooBar")).toMatchInlineSnapshot(`
      [
        "foo",
        "Bar",
      ]
    `);
  });
"""


def test_an_inline_snapshots_text_is_opened_to_code() -> None:
    """unjs/scule 48: an inline snapshot's text is the value its check expects (what
    `toEqual(["foo", "Bar"])` writes as code): its backquotes are blanked, the text as long as
    it was; one computing parts of itself is left a string."""
    opened = templates_opened(SNAPSHOT)
    assert len(opened) == len(SNAPSHOT) and "`" not in opened
    assert opened.replace(" ", "") == SNAPSHOT.replace(" ", "").replace("`", "")
    thrown = "expect(() => f()).toThrowErrorMatchingInlineSnapshot(`\"bad input\"`);\n"
    assert templates_opened(thrown) == thrown.replace("`", " ")
    computed = SNAPSHOT.replace('"Bar",', '"${bar}",')
    assert templates_opened(computed) == computed


@pytest.mark.parametrize(("text", "empties"), [
    ('Given the empty string `""`, when `splitByCase` is called with it', ('""',)),
    ("then it returns the empty array `[]`, or `{ }`, and `''` again, `[]`", ("[]", "{ }", "''")),
    ('it returns `["foo", ""]` for `"a b"`, ``', ()),  # a value holding one is no empty one
])
def test_the_empty_values_a_text_writes_as_code(text: str, empties: tuple[str, ...]) -> None:
    """The empty values an AC writes as code, which `written_values` never reads (any table
    holds one): the matcher pairs them with the AC's other value, in one row."""
    assert empty_values(text) == empties
    assert not set(empties) & set(written_values(text))


def test_a_js_each_table_its_text_declares_is_asserted_as_one_written_in_place() -> None:
    """unjs/scule 54 (`const cases = [...]` in the describe group, `test.each(cases)(...)`):
    its rows were asserted only by accident, a row on lines of its own read as a bats check;
    the table the test names is now read as `test.each([...])`'s own."""
    named = ('  const cases: [string, string[]][] = [\n    ["FOOBar", ["FOO", "Bar"]],\n  ];\n'
             '  test.each(cases)("%s => %s", (input, expected) => {\n'
             "    expect(splitByCase(input)).toMatchObject(expected);\n  });\n")
    literals = then_literals('then the run stays one part: `["FOO", "Bar"]`')
    assert checked_literals(named, literals) == literals
    other = named.replace("test.each(cases)", "test.each(others)")
    assert checked_literals(other, literals) == ()


@pytest.mark.parametrize(("source", "found"), [
    ("        self.assertEqual('1,000,000', format_number(1000000))\n", True),
    ("        assert format_number(x) == 'about 1,000,000 rows'\n", True),
    ("        self.assertEqual('1,000,000.42', format_number(1000000.42))\n", False),
    ("        self.assertEqual('21,000,000', format_number(21000000))\n", False),
    ("        self.assertEqual('1,000,000,000', format_number(10 ** 9))\n", False),
])
def test_a_number_written_as_a_string_is_not_asserted_by_a_longer_number(
        source: str, found: bool) -> None:
    """humanfriendly 10.0, E1-S3's AC3 promises `1,000,000`: with its row deleted,
    test_format_number's `'1,000,000.42'` still asserted it, as a substring, and the AC
    stayed covered. A number is not found inside a longer one."""
    assert bool(asserted_literals(source, [Literal(S, "1,000,000")])) is found


def test_a_number_written_as_a_string_is_asserted_beside_other_values() -> None:
    """Beside a comma of the code (`(3.14,2)`) a number is still whole: only a group of
    three digits or decimals after it continue it."""
    assert asserted_literals("    assert f(x) == ('3.14',2)\n", [Literal(S, "3.14")])
    assert not asserted_literals("    assert f(x) == '3.141'\n", [Literal(S, "3.14")])


def test_a_call_of_a_helper_named_as_a_check_is_a_check_of_what_it_is_handed() -> None:
    """humanfriendly's test_parse_size rewritten through `self.check_size(1000, '1 KB')`: the
    helper's name says it checks; a call of the code (`parse_size('1 KB')`) says nothing."""
    source = ("    def test_parse_size(self):\n        self.check_size(1000, '1 KB')\n"
              "        expect_plural(2, 'box', 'boxes', '2 boxes')\n"
              "        verifyParsed('x')\n        parse_size('1 KB')\n"
              "        self.assertEqual(1, parse_size('1'))\n")
    assert helper_check_calls(source) == ("check_size(1000, '1 KB')",
                                          "expect_plural(2, 'box', 'boxes', '2 boxes')",
                                          "verifyParsed('x')")


_GO_SET_UP = ("func TestPeek(t *testing.T) {\n\tl, err := NewLRU(2, nil)\n\tif err != nil {\n"
              "\t\tt.Fatalf(\"err: %v\", err)\n\t}\n")


@pytest.mark.parametrize(("rest", "noop", "check"), [
    # its check of the value logs, or is gone: only the set-up's error guard can fail
    ("\tif v, _ := l.Peek(1); v != 1 {\n\t\tt.Logf(\"got %v\", v)\n\t}\n}\n", (),
     "if err != nil {"),
    ("\tl.Peek(1)\n}\n", (), "if err != nil {"),
    ("\tcheckPeek(t, l, 1)\n}\n", ("checkPeek",), "if err != nil {"),
    ("\tv := MustPeek(l, 1)\n\t_ = v\n}\n", (), "if err != nil {"),
    ("\trequire.NoError(t, l.Check())\n}\n", (), "require.NoError(t, l.Check())"),
    # a check of the value, a helper or library that may check, a panic: more than that
    ("\tif v, _ := l.Peek(1); v != 1 {\n\t\tt.Errorf(\"got %v\", v)\n\t}\n}\n", (), None),
    ("\tcheckPeek(t, l, 1)\n}\n", (), None),
    ("\tcheck.Peek(t, l, 1)\n}\n", (), None),
    ("\trequire.Equal(t, 1, l.Len())\n}\n", (), None),
    ("\tif l.Len() != 0 {\n\t\tpanic(\"not empty\")\n\t}\n}\n", (), None),
    ("\tfor _, tc := range cases {\n\t\tt.Run(tc.name, tc.check)\n\t}\n}\n", (), None),
    ("\tif v, _ := l.Peek(1); v != 1 {\n\t\tt.Fatal()\n\t}\n}\n", (), None),
])
def test_a_go_test_checking_only_that_its_set_up_runs_accepts_only(
        rest: str, noop: tuple[str, ...], check: str | None) -> None:
    assert accepts_only(_GO_SET_UP + rest, frozenset(noop)) == check


def test_a_go_property_run_by_testing_quick_is_more_than_an_error_guard() -> None:
    """go-shellquote's join-then-split property rewritten: `quick.Check` returns an error when
    the property returned false for an input, so its `err != nil` guard reads the property's
    result (the words come back), not only that the code accepted them."""
    body = ("func TestRoundTrip(t *testing.T) {\n\tprop := func(words []string) bool {\n"
            "\t\tout, err := Parse(Render(words))\n\t\treturn err == nil && "
            "reflect.DeepEqual(out, words)\n\t}\n"
            "\tif err := quick.Check(prop, nil); err != nil {\n\t\tt.Error(err)\n\t}\n}\n")
    apart = body.replace("\tif err := quick.Check(prop, nil); err != nil {",
                         "\terr := quick.Check(prop, nil)\n\tif err != nil {")
    for source in (body, apart):
        assert presence_only(source) is None
        assert accepts_only(source) is None
    loaded = body.replace("quick.Check(prop, nil)", "Load(prop)")
    assert presence_only(loaded) == accepts_only(loaded) == "if err := Load(prop); err != nil {"


def test_a_js_test_asking_only_that_nothing_is_thrown_accepts_only() -> None:
    assert accepts_only('it("parses", () => {\n  expect(() => parse("9")).not.toThrow();\n});\n'
                        ) == 'expect(() => parse("9")).not.toThrow()'
    assert accepts_only('it("parses", () => {\n  expect(() => parse("9")).not.toThrow();\n'
                        '  expect(parse("9")).toBe(9);\n});\n') is None


def test_a_each_tests_table_declared_by_name_is_its_data_table() -> None:
    """ufo's joinURL rows as `test.each(joinURLTests)("joinURL($input) === $out", ...)`, the
    table a `const` declared above its group: its strings are the test's table, as they are
    for a loop over the same table, so the AC whose URL one row promises is that row's."""
    table = ('const joinURLTests = [\n  { input: ["a", "b/", "/c"], out: "a/b/c" },\n'
             '  { input: ["https://google.com/", "./foo", "/bar"],\n'
             '    out: "https://google.com/foo/bar" },\n] as const;\n\n')
    each = (table + 'describe("joinURL", () => {\n'
            '  test.each(joinURLTests)("joinURL($input) === $out", ({ input, out }) => {\n'
            '    expect(joinURL(...input)).toBe(out);\n  });\n});\n')
    looped = (table + 'describe("joinURL", () => {\n  for (const t of joinURLTests) {\n'
              '    test(`joinURL(${t.input}) === ${t.out}`, () => {\n'
              '      expect(joinURL(...t.input)).toBe(t.out);\n    });\n  }\n});\n')
    for source in (each, looped):
        assert in_table("https://google.com/foo/bar", table_strings(source))
    # a name handed to `.each` that no literal table gives is none
    assert not in_table("a/b/c", table_strings(each.replace("const joinURLTests = [",
                                                              "const other = [")))


@pytest.mark.parametrize(("function", "handed"), [
    # the input handed to the code, the expected value compared with its result
    ("(values, expected) => { expect(compactField(values)).toEqual(expected); }", True),
    ("function (values, expected) { const r = compactField(values);\n"
     "  assert.deepEqual(r, expected) }", True),
    # handed to a helper that may check both: each cell is its check's
    ("(values, expected) => { checkCompact(values, expected); }", False),
    # checked as it is, too
    ("(values, expected) => { expect(values).toHaveLength(1);\n"
     "  expect(compactField(values)).toEqual(expected); }", False),
    # a pattern binds the cells otherwise
    ("([values], expected) => { expect(compactField(values)).toEqual(expected); }", False),
])
def test_a_each_tables_input_column_is_no_value_its_check_asserts(
        function: str, handed: bool) -> None:
    """cron-parser's compactField tests as one `test.each([['single', [1], [...]], ...])`
    table: the `9` of `[9, 11, 13]`, the values the code is handed, is no value the test
    checks (the `2` of `[1, 2, 3]` read as asserted was "a step of 2" in the row of 1..3);
    the expected cell compared with the code's result is. Where no check visibly compares one
    cell and the code takes another, the table counts whole, as before."""
    source = ("test.each([\n  ['single', [1], [{ start: 1, count: 1 }]],\n"
              "  ['stepped', [9, 11, 13], [{ start: 9, end: 13, step: 2 }]],\n"
              "])('%s', " + function.replace("(", "(_title, ", 1) + ");\n")
    table = next(span for span in assertion_spans(source) if span.startswith("test.each("))
    rows = [" ".join(row.split()) for row in re.findall(r"^  (\[.*\]),$", table, re.M)]
    assert rows == (["['single', , [{ start: 1, count: 1 }]]",
                     "['stepped', , [{ start: 9, end: 13, step: 2 }]]"] if handed else
                    ["['single', [1], [{ start: 1, count: 1 }]]",
                     "['stepped', [9, 11, 13], [{ start: 9, end: 13, step: 2 }]]"])
    assert table.count("\n") == source.count("\n") - 1  # its lines kept


@pytest.mark.parametrize(("check", "only_not"), [
    ("expect(result._unsafeUnwrapErr()).not.toBe(['boooom!', 'ahhhhh!'])", True),
    ('assert f(x) != "ftp"', True),
    ("expect(result._unsafeUnwrapErr()).toEqual(['boooom!', 'ahhhhh!'])", False),
    ("expect(result.isErr()).toBe(true)", False),
])
def test_a_check_only_that_a_result_is_not_one_value(check: str, only_not: bool) -> None:
    assert only_what_it_is_not(check) is only_not


def test_a_clock_time_the_then_writes_bare_is_one_value() -> None:
    """schedule 1.2.2's AC: "its next run is at 10:30 (and 50 seconds where given)": the
    time is one value, not the numbers 10 and 30; a malformed one it quotes is a string."""
    assert then_literals('its next run is at 10:30 (and 50 seconds where given); a malformed '
                         'time such as "2:30:000001" is refused') == (
        Literal(S, "10:30"), Literal(N, "50"), Literal(S, "2:30:000001"))
    assert then_literals("it runs at 06:30:15 every day") == (Literal(S, "06:30:15"),)
    assert then_literals("a ratio of 16:9 or 100:30 is kept") == (
        Literal(N, "16"), Literal(N, "9"), Literal(N, "100"), Literal(N, "30"))


def test_a_package_type_naming_the_kind_of_value_is_no_promised_value() -> None:
    """go-toml's AC: "`AsTime` returns a `time.Time` value in the zone": the type says what
    kind of value comes back (a weak-assertion warning named `time.Time`); named alone, or an
    error's type, it is what the test checks."""
    assert then_literals("then a `time.Time` value is returned in UTC") == ()
    assert then_literals("then it returns a `json.Number` object holding 12") == (
        Literal(N, "12"),)
    assert then_literals("then `time.Time` is returned") == (Literal(S, "time.Time"),)
    assert then_literals("then a `strconv.NumError` value is returned") == (
        Literal(S, "strconv.NumError"),)


def test_a_version_or_address_the_then_writes_bare_is_one_value() -> None:
    """semver's bump AC: "the next major version is 4.0.0, minor and patch reset to 0": a
    test asserting "4.0.0" checks it (the weak-assertion warning had named the `0` alone);
    its parts are no numbers of their own, and a decimal stays a number."""
    assert then_literals("the next major version is 4.0.0, minor and patch reset to 0") == (
        Literal(S, "4.0.0"), Literal(N, "0"))
    assert then_literals("1.2.3-beta.1 sorts before v1.2.3+build.5, and 10.0.0.1 is kept; "
                         "the ratio is 1.5.") == (
        Literal(S, "1.2.3-beta.1"), Literal(S, "v1.2.3+build.5"), Literal(S, "10.0.0.1"),
        Literal(N, "1.5"))
    version = then_literals("the next major version is 4.0.0")
    assert asserted_literals('    assert bump_major("3.2.1") == "4.0.0"\n', version) == version
    assert asserted_literals("    assert bump(v).major == 4\n", version) == ()


@pytest.mark.parametrize(("source", "found"), [
    ('    assert every().day.at("10:30").do(job).next_run.hour == 10\n', True),
    ('    assert job.next_run == datetime(2010, 1, 6, 10, 30)\n', True),
    ('    assert job.at_time == time(10, 30, 0)\n', True),
    ('    assert str(job.at_time) == "10:30:00"\n', True),
    # schedule's test_tz_daily_half_hour_offset: "10:30" in New York, checked in Berlin
    ('    assert next.hour == 16\n    assert next.minute == 30\n', False),
    ('    assert every().hour.at(":30").do(job).next_run.minute == 10\n', False),
    ('    assert f(x) == "110:30"\n', False),
])
def test_a_clock_time_is_asserted_whole_or_by_its_parts_in_order(source: str,
                                                                  found: bool) -> None:
    """schedule 1.2.2, its `test_at_time` deleted: sixteen tests comparing some job's hour
    or minute with 10 or 30 still asserted the AC's "10:30". A check asserts a clock time
    where it writes it, or its parts as consecutive arguments."""
    assert bool(asserted_literals(source, [Literal(S, "10:30")])) is found


@pytest.mark.parametrize(("source", "found"), [
    ('\tif got := fake.Now(); !got.Equal(time.Unix(0, 0)) {\n\t\tt.Fatal(got)\n\t}\n', True),
    ('\tif s := fake.Now().String(); s != "1970-01-01 00:00:00 +0000 UTC" {\n'
     '\t\tt.Fatal(s)\n\t}\n', True),
    ('    assert fake.now() == datetime.fromtimestamp(0, tz=timezone.utc)\n', True),
    ('    expect(fake.now()).toEqual(new Date(0));\n', True),
    ('\tif got := fake.Now(); !got.Equal(time.Unix(10, 0)) {\n\t\tt.Fatal(got)\n\t}\n', False),
    ('    expect(fake.now()).toEqual(new Date(1000));\n', False),
])
def test_a_utc_moment_is_asserted_as_written_or_made_from_its_unix_time(source: str,
                                                                        found: bool) -> None:
    """A fake clock's AC: "a new one starts at the Unix epoch (`1970-01-01 00:00:00 UTC`)":
    its test comparing the time with `time.Unix(0, 0)` asserts it; one comparing it with ten
    seconds later does not."""
    literals = then_literals("a new one starts at the Unix epoch (`1970-01-01 00:00:00 UTC`)")
    assert literals == (Literal(S, "1970-01-01 00:00:00 UTC"),)
    assert bool(asserted_literals(source, literals)) is found


def test_a_go_tests_checks_are_the_ifs_its_failures_are_under() -> None:
    source = ('func TestPrice(t *testing.T) {\n\tgot, err := Price("pro")\n\tif err != nil {\n'
              '\t\tt.Fatal(err)\n\t}\n\t// t.Errorf("not a call")\n\tif got != 49 {\n'
              '\t\tt.Errorf("got %d", got)\n\t}\n\tt.Log("done")\n}\n')
    assert go_guards(source) == ("\tif err != nil {", "\tif got != 49 {")


def test_a_module_table_a_parametrize_names_holds_the_checked_values() -> None:
    """isodate's test_parse runs over PARSE_TEST_CASES, declared at the module's top: the
    AC's "P3Y6M4DT12H30M5S" and the 3 years ... 5 seconds of its row are checked there, as in
    a table written in the decorator (no weak-assertion finding)."""
    from gaia_lib.evidence import testcases

    text = ('PARSE_TEST_CASES = (\n'
            '    ("P18Y9M4DT11H9M8S", Duration(4, 8, 0, 0, 9, 11, 0, 9, 18), None),\n'
            '    ("P3Y6M4DT12H30M5S", Duration(4, 5, 0, 0, 30, 12, 0, 6, 3), None),\n'
            ')\n'
            'IDS = ("P42D",)\n\n\n'
            '@pytest.mark.parametrize(\n'
            '    "durationstring, expectation, altstr",\n'
            '    PARSE_TEST_CASES,\n'
            ')\n'
            'def test_parse(durationstring, expectation, altstr):\n'
            '    """Parse an ISO duration string and compare it to the expected value."""\n'
            '    result = parse_duration(durationstring)\n'
            '    assert result == expectation\n\n\n'
            '@pytest.mark.parametrize("durationstring", ["P1D"], ids=IDS)\n'
            'def test_ids(durationstring):\n'
            '    assert parse_duration(durationstring)\n\n\n'
            '@pytest.mark.parametrize("durationstring, expectation, altstr", PARSE_TEST_CASES)\n'
            'def test_one_line(durationstring, expectation, altstr):\n'
            '    assert parse_duration(durationstring) == expectation\n')
    cases = {c.name: c for c in testcases.split_tests("tests/test_duration.py", text)}
    literals = then_literals('then the result is "P3Y6M4DT12H30M5S", 30 and 12')
    assert asserted_literals(cases["test_parse"].body, literals) == literals
    assert asserted_literals(cases["test_one_line"].body, literals) == literals
    # a keyword argument's table (`ids=IDS`) holds no rows
    assert asserted_literals(cases["test_ids"].body, then_literals('then "P42D"')) == ()


ULID_MIN_INPUT = (
    '@pytest.mark.parametrize(\n'
    '    ("constructor", "value"),\n'
    '    [\n'
    '        (ULID, b"\\x00" * 16),\n'
    '        (ULID.from_str, "0" * 26),\n'
    '    ],\n'
    ')\n'
    'def test_ulid_min_input(constructor, value) -> None:\n'
    '    constructor(value)\n')


@pytest.mark.parametrize(("source", "call"), [
    # python-ulid: a table of 16-byte and 26-character values, each only handed to the code
    (ULID_MIN_INPUT, "constructor(value)"),
    ('def test_x():\n    """Doc."""\n    ulid = ULID()\n    ulid.to_uuid4()\n', "ULID()"),
    ("def test_x():\n    for v in VALUES:\n        parse(v)\n", "parse(v)"),
    # any check, or a call named for one, is a check
    ("def test_x():\n    assert ULID()\n", None),
    ("def test_x():\n    with pytest.raises(ValueError):\n        ULID(1)\n", None),
    ("def test_x():\n    check_valid(ULID())\n", None),
    ("def test_x(self):\n    self.assertTrue(ULID())\n", None),
    ("def test_x():\n    if ULID():\n        pytest.fail('x')\n", None),
    ("def test_x():\n    f = lambda: ULID()\n    f()\n", None),
    ("def test_x():\n    pass\n", None),
    ("not python {\n", None),
])
def test_a_python_test_that_only_calls_the_code(source: str, call: str | None) -> None:
    assert python_calls_only(source) == call


@pytest.mark.parametrize(("then", "acceptance"), [
    ("then it is accepted", True), ("then no error is raised", True),
    ("then it does not throw", True), ("then the value is valid", True),
    ("then it is 16 bytes long and its string form is 26 characters", False),
    ('then "created" is returned', False),
])
def test_a_then_that_the_code_takes_its_input(then: str, acceptance: bool) -> None:
    assert promises_acceptance(then) is acceptance


def test_a_comment_after_a_check_is_none_of_it() -> None:
    """python-ulid's `assert uuid.version == 4  # a lint note` made `uuid.version ==
    uuid.version`: still a value compared with itself, its comment aside."""
    body = ("def test_to_uuid4() -> None:\n    ulid = ULID()\n    uuid = ulid.to_uuid4()\n"
            "    assert uuid.version == uuid.version  # noqa: PLR2004\n")
    assert presence_only(body) == "assert uuid.version == uuid.version"
    assert presence_only(body.replace("uuid.version  #", "4  #")) is None
    assert without_trailing_comments('assert a == "#x"  # c\nexpect(this.#n).toBe(x);\n'
                                     'assert a // 2 == 1\nurl = "http://a#b"') == (
        'assert a == "#x"\nexpect(this.#n).toBe(x);\nassert a // 2 == 1\nurl = "http://a#b"')


def test_a_string_continued_on_its_next_line_keeps_the_lines_of_the_check() -> None:
    """A test comparing with a string whose first line ends in a backslash (`'''\\` and
    the markup on the next line) had stopped the review: the masked code had a line fewer."""
    body = ("def test_escape():\n    assert code('<>').render() == '''\\\n"
            "<code>&lt;&gt;</code>'''  # escaped\n")
    assert without_trailing_comments(body) == body.replace("  # escaped", "")
    assert presence_only(body) is None


def test_a_go_checking_helper_call_is_a_check_and_the_function_it_takes_is_code() -> None:
    # xstrings' util_test.go: `runTestCases(t, converter func(string) string, cases _M)`
    from gaia_lib.evidence.then_literals import go_helper_checks

    helpers = {"runCases": "func runCases(t *testing.T, a, b func(string) string, n int) {",
               "check": "func (s *suite) check(t *testing.T, want Kind) {"}
    body = ('func TestX(t *testing.T) {\n\t// runCases(t, Old, Older, 1)\n'
            '\trunCases(t, ToTitle, ToUpper, map[string]string{\n\t\t"a_b": "AB",\n\t}, Max)\n'
            '\ts.check(t, KindLower)\n}\n')
    spans, handed = go_helper_checks(body, helpers)
    assert handed == {"ToTitle", "ToUpper"}
    assert spans[0].startswith("runCases(t, ToTitle") and '"AB"' in spans[0]
    assert spans[1] == "check(t, KindLower)"


def test_an_object_literal_is_asserted_however_the_test_lays_it_out() -> None:
    """cheerio's nested map AC promises `{ red: 'Five', sel: 'Seven' }`; its test compares the
    result with that object written over lines, inside another, with trailing commas."""
    nested = then_literals("then the key holds `{ red: 'Five', sel: 'Seven' }`")
    assert [lit.value for lit in nested] == ["{ red: 'Five', sel: 'Seven' }"]
    source = ("expect(pick(doc)).toStrictEqual({\n  section: {\n    red: \"Five\",\n"
              "    sel: 'Seven',\n  },\n});\n")
    assert asserted_literals(source, nested) == tuple(nested)
    assert asserted_literals("expect(pick(doc)).toStrictEqual({ red: 'Five', sel: 'Six' });\n",
                             nested) == ()


def test_a_go_error_check_names_the_call_whose_error_it_reads() -> None:
    """gjson's random-data test: its only check guards the error of `rand.Read`, the random
    bytes it feeds the code, and the report's "only checks that no error is returned" read as
    the code's error. The call is named: the line assigning the name above the guard, or the
    guard's own init statement; a name no line assigns keeps the general words."""
    body = ('func TestNoise(t *testing.T) {\n\tb := make([]byte, 64)\n'
            '\tfor i := 0; i < 100; i++ {\n\t\tn, err := rand.Read(b)\n\t\tif err != nil {\n'
            '\t\t\tt.Fatal(err)\n\t\t}\n\t\tParse(string(b[:n]))\n\t}\n}\n')
    check = literals_module.presence_only(body)
    assert check == "if err != nil {"
    assert literals_module.presence_said(check, body) == "rand.Read returns no error"
    assert literals_module.go_error_source(
        "", "if _, err := doc.Lookup(p); err != nil {") == "doc.Lookup"
    assert literals_module.presence_said("if err != nil {", "\tif err != nil {\n") == (
        "no error is returned")


def test_a_go_must_call_is_said_to_check_that_it_does_not_panic() -> None:
    """blang/semver's `TestMustParse` is `_ = MustParse("32.2.1-alpha")`: the report said it
    "only checks that a result exists", of a result it drops; it checks that the call does
    not panic."""
    body = 'func TestMustParse(t *testing.T) {\n\t_ = MustParse("32.2.1-alpha")\n}\n'
    check = literals_module.presence_only(body)
    assert check is not None and "MustParse" in check
    assert literals_module.presence_said(check, body) == "MustParse does not panic"
    assert literals_module.presence_said("_ = semver.MustParse(v)") == \
        "semver.MustParse does not panic"


def test_testify_s_forward_form_is_read_as_its_plain_checks() -> None:
    """flect's tests make `r := require.New(t)` and check with `r.Equal(want, got)`: a value
    checked so is asserted; an `r` handed on is left as written."""
    from gaia_lib.evidence.then_literals import go_testify_forwarded

    body = ('func Test_Key(t *testing.T) {\n\tr := require.New(t)\n'
            '\tr.Equal("foo/bar/baz", Key("Foo/bar/baz"))\n\tr.NoError()\n}\n')
    assert go_testify_forwarded(body) == (
        'func Test_Key(t *testing.T) {\n\n\trequire.Equal(t, "foo/bar/baz", Key("Foo/bar/baz"))'
        '\n\trequire.NoError(t)\n}\n')
    promised = then_literals("then the key is `foo/bar/baz`")
    assert asserted_literals(body, promised) == tuple(promised)
    handed = body.replace("\tr.NoError()\n", "\tcheckAll(r)\n")
    assert go_testify_forwarded(handed) == handed


def test_a_go_map_of_inputs_to_results_a_loop_checks_is_asserted() -> None:
    """flect's key test: a `map[string]string` of inputs and the names they become, looped
    over `for in, out := range table` with `r.Equal(out, Key(in))`, had AC9's `foo/bar/baz`
    warned of as asserted by no test."""
    from gaia_lib.evidence.then_literals import table_strings

    body = ('func Test_Ident_Key(t *testing.T) {\n\ttable := map[string]string{\n'
            '\t\t"Foo/bar/baz":   "foo/bar/baz",\n\t\t"Foo\\\\bar\\\\baz": "foo/bar/baz",\n\t}\n\n'
            '\tfor in, out := range table {\n\t\tt.Run(in, func(st *testing.T) {\n'
            '\t\t\tr := require.New(st)\n\t\t\tr.Equal(out, Key(in))\n\t\t})\n\t}\n}\n')
    promised = then_literals("then the key is `foo/bar/baz`, for `Foo\\bar\\baz` too")
    assert asserted_literals(body, promised) == tuple(promised)
    # a slice of inputs, each checked through a guard, likewise
    guarded = ('func TestJoin(t *testing.T) {\n\tins := []string{"foo/bar/baz"}\n'
               '\tfor _, in := range ins {\n\t\tif got := Key(in); got != in {\n'
               '\t\t\tt.Errorf("%s", got)\n\t\t}\n\t}\n}\n')
    assert "foo/bar/baz" in table_strings(guarded)


def test_a_go_loop_naming_its_rows_only_in_a_failure_message_asserts_none_of_them() -> None:
    """httprouter's trailing-slash test registers a list of routes, each named in the
    `t.Fatalf` of a panic: the routes are set-up, not values it checks."""
    from gaia_lib.evidence.then_literals import table_strings

    body = ('func TestTree(t *testing.T) {\n\troutes := [...]string{\n\t\t"/src/*filepath",\n\t}\n'
            '\tfor _, route := range routes {\n\t\trecv := catchPanic(func() {\n'
            '\t\t\ttree.addRoute(route, fakeHandler(route))\n\t\t})\n\t\tif recv != nil {\n'
            '\t\t\tt.Fatalf("panic inserting route \'%s\': %v", route, recv)\n\t\t}\n\t}\n}\n')
    assert "/src/*filepath" not in table_strings(body)


def test_a_literal_a_name_holds_when_an_assertion_is_handed_it_is_asserted() -> None:
    """parsedatetime's nlp test gives `target` a tuple of expected entries and hands it to its
    own `self.assertExpectedResult(...)`, then gives `target` another value: AC4's flags `3`,
    `1`, `2` had been warned of as asserted by no test."""
    body = ("    def testLongPhrase(self):\n"
            "        start = datetime.datetime(2013, 8, 1, 21, 25, 0).timetuple()\n"
            "        target = ((datetime.datetime(2013, 8, 5, 20, 0), 3, 17, 37, 'At 8PM'),\n"
            "                  (datetime.datetime(2013, 8, 8, 9, 0), 1, 173, 182, 'next week'),\n"
            "                  (datetime.datetime(2013, 8, 1, 21, 30), 2, 120, 132, 'in 5'))\n"
            "        self.assertExpectedResult(self.cal.nlp('At 8PM ...', start), target)\n"
            "        target = datetime.datetime(2013, 1, 1, 17, 0, 0).timetuple()\n")
    flags = then_literals("then one entry whose flags say date and time (3), a date alone 1 "
                          "and a time alone 2")
    assert [lit.value for lit in flags] == ["3", "1", "2"]
    assert asserted_literals(body, flags) == tuple(flags)
    # given after the assertion only: not what it checked
    late = body.replace("        target = ((", "        other = ((").replace(
        "start), target)", "start), other2)")
    assert asserted_literals(late + "        other2 = (3, 1, 2)\n", flags) == ()


@pytest.mark.parametrize("body", [
    # round trip: the literal is the code's input too
    "    obj = {'a': {'#text': 'y'}}\n    self.assertEqual(obj, parse(unparse(obj)))\n",
    # handed to the code before the check: unchanged input, not a promised value
    "    options = {'verify': 'y'}\n    decode(token, options=options)\n"
    "    assert options == orig_options\n",
    # inside a call the assertion makes
    "    data = {'a': 'y'}\n    assert parse(data) == expectedish\n",
])
def test_a_literal_handed_to_the_code_is_its_input_not_a_checked_value(body: str) -> None:
    assert asserted_literals(body, [Literal(S, "y")]) == ()


def test_a_check_of_the_codes_result_against_itself_is_said_so() -> None:
    """css-select's sort test, its expected value made the code's own result (`const want =
    parseSortStringify("*[class]")`): the finding read "only checks that a result exists"."""
    from gaia_lib.evidence.then_literals import presence_only, presence_said

    body = ('it("should move universal selectors last", () => {\n'
            '    const want = parseSortStringify("*[class]");\n'
            '    expect(parseSortStringify("*[class]")).toBe(want);\n});\n')
    check = presence_only(body)
    assert check == 'expect(parseSortStringify("*[class]")).toBe(want)'
    assert presence_said(check, body) == "the code's result equals itself"
    python = "def test_a():\n    assert f(1) == f(1)\n"
    assert presence_said("assert f(1) == f(1)", python) == "the code's result equals itself"
    exists = "def test_a():\n    assert f(1) is not None\n"
    assert presence_said("assert f(1) is not None", exists) == "a result exists"
    placeholder = 'it("a", () => {\n    expect(true).toBe(true);\n});\n'
    assert presence_said("expect(true).toBe(true)", placeholder) == "a value equals itself"


def test_a_check_that_a_result_is_not_one_value_is_said_so() -> None:
    """ordered-set's check that an empty set is unequal to a number (`assert s != 2`) was said
    to check only "that a result exists": it reads the result and compares it."""
    from gaia_lib.evidence.then_literals import presence_only, presence_said

    body = "def test_unequal_to_a_number():\n    items = Bag()\n    assert items != 2\n"
    check = presence_only(body)
    assert check == "assert items != 2"
    assert presence_said(check, body) == "a result is not one other value"


def test_a_check_of_the_class_a_result_has_is_said_so() -> None:
    """jsonmerge's test of its `objClass` option checks that a merged object is an
    `OrderedDict` and the rest plain dicts; the review said it "only checks that a result
    exists". A type check tells one class from another; one any value passes does not."""
    from gaia_lib.evidence.then_literals import presence_only, presence_said

    body = ("def test_object_class_option(self):\n"
            "    merged = Merger(spec).merge(None, {'a': {'b': 1}})\n"
            "    self.assertIsInstance(merged, dict)\n"
            "    self.assertIsInstance(merged['a'], OrderedDict)\n")
    check = presence_only(body)
    assert check == "self.assertIsInstance(merged, dict)"
    assert presence_said(check, body) == "a result is of the type it names"
    assert presence_said('expect(parsed).toBeTypeOf("number")') == (
        "a result is of the type it names")
    assert presence_said("assert isinstance(merged, (Merged, object))") == "a result exists"


@pytest.mark.parametrize("then", [
    "the TOML text of the dictionary is written to the stream",  # tomlkit's AC10
    "entries are kept in the underlying LRU store",  # keyvaluecache's AC5
])
def test_a_format_or_cache_policy_named_in_capitals_is_prose_not_a_value(then: str) -> None:
    assert then_literals(then) == ()
    assert [lit.value for lit in then_literals("then the job is in the FAILED state")] == [
        "FAILED"]


@pytest.mark.parametrize("then", [
    "the text is decoded as JavaScript would decode it",
    "the schema is served to GitHub and GitLab alike",
    "the rows are written to PostgreSQL in one transaction",
])
def test_a_language_or_product_named_in_camel_case_is_prose_not_a_value(then: str) -> None:
    """A Then saying "decoded as JavaScript would decode it" had drawn a warning that no test
    asserts `JavaScript`: the name of a language or a product is prose, as `TOML` is; a
    CamelCase value stays one."""
    assert then_literals(then) == ()
    assert [lit.value for lit in then_literals("then the job moves to InProgress")] == [
        "InProgress"]


def test_a_go_guard_failing_on_a_negated_value_asserts_it_true() -> None:
    """golang-lru's `if !ok || v != 1 { t.Fatalf(...) }` checks that `Get` found the key and
    gave 1: a Then promising `true` (found) drew a weak-assertion warning, as if only 1 were
    checked. A guard failing where the value is true checks nothing of `true`."""
    true, one = Literal(K, "true"), Literal(N, "1")
    guarded = ('func TestGet(t *testing.T) {\n\tv, ok := c.Get("a")\n'
               '\tif !ok || v != 1 {\n\t\tt.Fatalf("bad: %v", v)\n\t}\n}\n')
    assert asserted_literals(guarded, [true, one]) == (true, one)
    called = guarded.replace("!ok || v != 1", '!c.Contains("a")')
    assert asserted_literals(called, [true, one]) == (true,)
    assert asserted_literals(guarded.replace("!ok || v != 1", "ok"), [true, one]) == ()


def test_a_go_guard_failing_on_a_bare_value_asserts_it_false() -> None:
    """golang-set's `if b.IsSubset(a) { t.Error(...) }` after adding an element outside `a`
    checks that `IsSubset` turned false: an AC promising it "turns false" drew "no test of AC6
    asserts any of `false`". A guard failing on a comparison checks no `false`."""
    false = Literal(K, "false")
    guarded = ('func TestSubset(t *testing.T) {\n\tb.Add(72)\n'
               '\tif b.IsSubset(a) {\n\t\tt.Error("b holds 72, outside a")\n\t}\n}\n')
    assert asserted_literals(guarded, [false]) == (false,)
    assert asserted_literals(guarded.replace("b.IsSubset(a)", "found"), [false]) == (false,)
    compared = guarded.replace("b.IsSubset(a)", "b.Cardinality() != 4")
    assert asserted_literals(compared, [false]) == ()
    assert asserted_literals(guarded.replace("b.IsSubset(a)", "true"), [false]) == ()
    # failing in its `else`, the guard fails where the call is false: no `false` checked
    branched = guarded.replace("\tif b.IsSubset(a) {\n", "\tif b.IsSubset(a) {\n\t\tn++\n"
                               "\t} else {\n")
    assert asserted_literals(branched, [false]) == ()


def test_a_power_written_with_a_name_promises_no_number() -> None:
    """golang-set's AC9: "a set of 2^n subsets is returned" is a formula; its test checks 16
    for four elements, and the review warned that no test asserts `2`."""
    then = "a set of 2^n subsets is returned, n**2 pairs, 2 ** k of them, and 16 for four"
    assert then_literals(then) == (Literal(N, "16"),)


def test_a_width_in_bits_promises_no_number() -> None:
    """properties' AC8: "a number too large for a 32-bit integer fails as out of range"; its
    test checks the panic's "out of range", and the review warned that no test asserts `32`."""
    then = ("a number too large for a 32-bit integer fails as out of range, the 4-bit "
            "version runs from 0 to 15 and -1 becomes the largest unsigned 64-bit value")
    assert then_literals(then) == (Literal(N, "0"), Literal(N, "15"), Literal(N, "-1"))
    # a count of bits the Then gives is still one
    assert then_literals("then 32 bits are set") == (Literal(N, "32"),)
    # the matcher still reads the width as what a test may share
    assert Literal(N, "32") in then_literals(then, mentioned=True)


def test_a_width_in_bytes_characters_or_digits_promises_no_number() -> None:
    """xid's AC6: "it is saved as its 20-character text"; its tests assert the text itself,
    and the review warned that no test asserts `20` (and AC2's "the 3-byte machine
    identifier", `3`)."""
    then = ("the 4-byte checksum is written as its 8-character text, a 6-digit code beside it, "
            "and 2 of them are kept")
    assert then_literals(then) == (Literal(N, "2"),)
    # a count the Then gives is still one
    assert then_literals("then 12 bytes are written") == (Literal(N, "12"),)
    assert Literal(N, "8") in then_literals(then, mentioned=True)


def test_a_document_and_its_section_named_by_number_promise_no_value() -> None:
    # a URL library's click AC: "as RFC 3986 section 5.2.4 says" names where the rule is
    # written; the review warned that no test asserts `3986` or `5.2.4`
    then = ("the dot segments are removed as RFC 3986 section 5.2.4 says, and a reference "
            "gives 2 segments (PEP 440, § 3.1, ISO-8601 alike)")
    assert then_literals(then) == (Literal("number", "2"),)
    # the matcher still reads the document's number as what a test may share
    assert Literal("number", "3986") in then_literals(then, mentioned=True)


_GO_NIL_RECEIVER_PANICS = '''func TestNilReceiverOr(t *testing.T) {
	var s *Bits
	other := Make(8)
	defer func() {
		if r := recover(); r == nil {
			t.Error("a nil receiver should have panicked")
		}
	}()
	s.Or(other)
}'''


@pytest.mark.parametrize("source", [
    _GO_NIL_RECEIVER_PANICS,
    _GO_NIL_RECEIVER_PANICS.replace("if r := recover(); r == nil {",
                                    "r := recover()\n\t\tif r == nil {"),
    _GO_NIL_RECEIVER_PANICS.replace("if r := recover(); r == nil {", "if recover() == nil {"),
])
def test_a_go_check_that_the_code_panicked_is_more_than_that_a_result_exists(source: str) -> None:
    # bitset's nil-receiver tests fail where nothing was recovered: they check a promised panic
    assert presence_only(source) is None


def test_a_go_nil_check_of_a_result_still_only_asks_that_it_exists() -> None:
    source = _GO_NIL_RECEIVER_PANICS.replace(
        "defer func() {\n\t\tif r := recover(); r == nil {", "got := s.Or(other)\n\t{\n\t\tif got == nil {")
    assert presence_only(source) == "if got == nil {"


_GO_HELP_TEXT = '''func TestHelpLayout(t *testing.T) {
	var cfg Config
	buf := new(bytes.Buffer)
	err := WriteHelp("app", &cfg, buf, ListLayout)
	if err != nil {
		t.Error(err.Error())
	}
	sameText(wantHelp, buf.String(), t)
}'''


def test_a_go_test_handing_its_t_to_a_helper_after_an_error_guard_checks_more() -> None:
    """A help text's test: the error guard, then a helper of its file handed the
    *testing.T last (`sameText(want, got, t)`) compares the text. Its checks sit in the
    helper: it had read "only checks that WriteHelp returns no error"."""
    assert presence_only(_GO_HELP_TEXT) is None
    assert accepts_only(_GO_HELP_TEXT) is None
    guard_only = _GO_HELP_TEXT.replace("\tsameText(wantHelp, buf.String(), t)\n", "")
    assert presence_only(guard_only) == accepts_only(guard_only) == "if err != nil {"
    assert presence_only(_GO_HELP_TEXT.replace(
        "sameText(wantHelp, buf.String(), t)", "require.NoError(t, err)")) == \
        "require.NoError(t, err)"


_GO_REFUSED = '''func TestParseID(t *testing.T) {
	_, err := ParseID("12")
	if err != errIDLength {
		t.Fatal("a 2-character id was accepted")
	}
}'''


@pytest.mark.parametrize(("body", "asserted"), [
    (_GO_REFUSED, True),
    (_GO_REFUSED.replace("if err != errIDLength {", "if !errors.Is(err, ErrIDLength) {"), True),
    # the guard checks only that the call succeeded: what it is handed is no checked value
    (_GO_REFUSED.replace("if err != errIDLength {", "if err != nil {"), False),
    # an error of another call compared
    (_GO_REFUSED.replace('\tif err != errIDLength {',
                         '\t_, err = Check()\n\tif err != errIDLength {'), False),
])
def test_a_go_input_whose_error_is_compared_with_a_named_one_is_asserted(
        body: str, asserted: bool) -> None:
    """An id parser's refusal of a too-short id: `_, err := ParseID("12")`, then the error
    compared with the one it promises. The Then's "such as `12`" is the input checked to be
    refused, as pytest.raises holds its call: it had read "no test asserts any of `12`"."""
    literals = then_literals("then it is refused with an error: an id of the wrong length "
                             "such as `12`")
    assert literals and (asserted_literals(body, literals) == literals) is asserted


@pytest.mark.parametrize(("value", "source", "named"), [
    # envconfig: the variable a field names, set whole or after the settings' prefix
    ("SERVICE_HOST", 'os.Setenv("SERVICE_HOST", "127.0.0.1")', True),
    ("MULTI_WORD_VAR", 'os.Setenv("ENV_CONFIG_MULTI_WORD_VAR", "foo")', True),
    ("API_KEY", 'monkeypatch.setenv("APP_API_KEY", "k")', True),
    ("API_KEY", 't.Setenv("API_KEY", "k")', True),
    ("API_KEY", 'process.env.API_KEY = "k";', True),
    ("API_KEY", 'process.env["APP_API_KEY"] = "k";', True),
    ("API_KEY", 'os.environ["API_KEY"] = "k"', True),
    ("API_KEY", 'vi.stubEnv("API_KEY", "k")', True),
    # an example no test sets, a name only read, a name set and checked
    ("MYAPP_PORT", 'os.Setenv("ENV_CONFIG_PORT", "8080")', False),
    ("KEY", 'os.Setenv("MONKEY", "1")', False),  # a word's tail is no prefixed name
    ("API_KEY", 'if os.Getenv("API_KEY") != "" {', False),
    ("API_KEY", 'os.Setenv("API_KEY", "k")\nassert.Equal(t, "API_KEY", spec.Name)', False),
    # a lower-case name: a key of the set-up, as before
    ("readonly", "schema = {'readonly': True}", True),
])
def test_an_environment_variable_the_tests_set_is_a_name_not_a_promised_value(
        value: str, source: str, named: bool) -> None:
    """envconfig's "looked up with the prefix first and then on its own (`SERVICE_HOST`)":
    its tests set the variable (`os.Setenv("SERVICE_HOST", ...)`) and check the field; the
    weak-assertion warning had said no test of the AC asserts `SERVICE_HOST`."""
    assert literals_module.named_as_key(Literal("string", value), [source]) is named


def test_a_file_names_extension_before_file_names_the_kind_of_file() -> None:
    # a translation library's AC: "a compiled `.mo` file opened with `mofile` gives a
    # `MOFile`": the review warned that no test asserts `.mo`, the file each test opens
    then = ("a `Catalog` comes back, and a compiled `.mo` file (a path or its bytes) opened "
            "with `mofile` gives a `MOFile`")
    assert then_literals(then) == (Literal("string", "Catalog"), Literal("string", "MOFile"))
    # an extension standing where a value does is still promised
    assert Literal("string", ".mo") in then_literals("the name ends in `.mo`")


_GO_CALL_COMPARED_BODY = '''func TestDecodeNotPointer(t *testing.T) {
	msg := "form: target must be a pointer"
	err := NewReader().Read(Target{}, url.Values{})
	if err.Error() != msg {
		t.Errorf("got %v, want %s", err, msg)
	}
}'''


@pytest.mark.parametrize(("body", "asserted"), [
    (_GO_CALL_COMPARED_BODY, True),
    (_GO_CALL_COMPARED_BODY.replace("if err.Error() != msg {", "if msg != err.Error() {"), True),
    # the message is only printed: the guard checks that an error came
    (_GO_CALL_COMPARED_BODY.replace("if err.Error() != msg {", "if err == nil {"), False),
])
def test_a_go_message_held_in_a_variable_and_compared_with_a_call_is_asserted(
        body: str, asserted: bool) -> None:
    """A form reader's refusal of a target that is no pointer: the message it promises held
    in a variable, then compared with `err.Error()`. The Then's message is asserted: it had
    read "no test of AC asserts any of `form: target must be a pointer`"."""
    literals = then_literals("then it is refused with `form: target must be a pointer`")
    assert literals and (asserted_literals(body, literals) == literals) is asserted


_GO_STATUS_BODY = '''func TestDeleteOnReadOnlyPath(t *testing.T) {
	rec := httptest.NewRecorder()
	api.ServeHTTP(rec, httptest.NewRequest(http.MethodDelete, "/reports/7", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("unexpected code %d", rec.Code)
	}
}'''


@pytest.mark.parametrize(("then", "body", "asserted"), [
    ("then the client gets `405 Method Not Allowed`", _GO_STATUS_BODY, True),
    ("then the client gets a 405 response", _GO_STATUS_BODY, True),
    ("then the client is turned away (`405`)", _GO_STATUS_BODY, True),
    # the status line's code in the failure message, the check being on that code
    ("then the client gets `405 Method Not Allowed`",
     _GO_STATUS_BODY.replace("unexpected code %d", "want 405, got %d"), True),
    # another status checked
    ("then the client gets `405 Method Not Allowed`",
     _GO_STATUS_BODY.replace("StatusMethodNotAllowed", "StatusNotFound"), False),
    # a quoted text whose words are not the code's reason phrase is no status line
    ("then the client gets `405 Reports Are Read Only`",
     _GO_STATUS_BODY.replace("unexpected code %d", "want 405, got %d"), False),
])
def test_a_status_the_then_promises_is_asserted_by_its_code_or_its_go_name(
        then: str, body: str, asserted: bool) -> None:
    """A read-only path answering DELETE: the Then promises `405 Method Not Allowed`, the test
    compares the recorder's code with `http.StatusMethodNotAllowed`. It had read "no test
    asserts any of `405 Method Not Allowed`"."""
    literals = then_literals(then)
    assert literals and (asserted_literals(body, literals) == literals) is asserted


_RENDERED = """
\tfor _, c := range []struct {
\t\tchanges []Change
\t\twant    string
\t}{
\t\t{[]Change{{Removed, "a"}, {Added, "b"}},
\t\t\t"<p>x</p><del style=\\"color:red;\\">a</del><ins class=\\"new\\">b</ins>"},
\t} {
\t\tassert.Equal(t, c.want, Render(c.changes))
\t}
"""


@pytest.mark.parametrize(("element", "asserted"), [("", True), ("ta", False)])
def test_a_bare_start_tag_is_asserted_by_the_element_written_with_attributes(
        element: str, asserted: bool) -> None:
    """A change list shown as HTML: the Then promises removals in `<del>` and additions in
    `<ins>`, the test's table expects `<del style="...">` and `<ins class="...">`. It had read
    "no test asserts any of `<del>`, `<ins>`"; `<delta>` is no `<del>`."""
    body = _RENDERED.replace("<del ", f"<del{element} ").replace(
        "</del>", f"</del{element}>").replace("<ins ", f"<ins{element} ").replace(
        "</ins>", f"</ins{element}>")
    literals = then_literals("then removals are shown in `<del>` and additions in `<ins>`")
    assert [literal.value for literal in literals] == ["<del>", "<ins>"]
    assert (asserted_literals(body, literals) == literals) is asserted


def test_a_number_a_value_is_read_at_is_no_value_asserted() -> None:
    """theme-cart's `getItem()` test, `expect(body.items[0].key).toBe(key)`: its warning had
    said the test asserts `0`, the index the item is read at; an array holding the number,
    or the number compared, still asserts it."""
    zero = [Literal(N, "0")]
    assert asserted_literals("  expect(body.items[0].key).toBe(key);\n", zero) == ()
    assert asserted_literals("    assert rows[1][0] == 3\n", zero) == ()
    assert asserted_literals("  expect(counts).toEqual([0, 2]);\n", zero) == tuple(zero)
    assert asserted_literals("  expect(body.item_count).toBe(0);\n", zero) == tuple(zero)


def test_each_index_of_a_subscript_with_several_is_no_value_asserted() -> None:
    """mpmath's interval matrix tests read an entry at `A[0, 0]` (`assert type(A[0, 0]) ==
    type(B[0, 0])`, `assert B[0, 0].delta < 3e-16`): the warning that no test counted for an
    AC promising "determinant 0" asserts `0` had named them as tests that assert it, from the
    second index. A matrix written with the number, or the number compared, still asserts it."""
    zero = [Literal(N, "0")]
    assert asserted_literals("    assert type(A[0, 0]) == type(B[0, 0])\n", zero) == ()
    assert asserted_literals("    assert grid.cells[2][1, 0].delta < 3e-16\n", zero) == ()
    assert asserted_literals("    assert M == matrix([[1, 0], [0, 1]])\n", zero) == tuple(zero)
    assert asserted_literals("    assert det(A[0:2, 0:2]) == 0\n", zero) == tuple(zero)


def test_a_number_added_to_or_multiplied_with_a_computed_value_is_no_value_asserted() -> None:
    """theme-cart's getItemIndex test, `expect(getItemIndex(...)).toBe(index + 1)`: its
    then-literal warning had counted it as asserting `1`; the expected value is the sum. A
    number compared alone, or the term of a difference a tolerance bounds, is still asserted."""
    one = [Literal(N, "1")]
    assert asserted_literals("  expect(cart.getItemIndex(key)).toBe(index + 1);\n", one) == ()
    assert asserted_literals("    assert total == 1 * price\n", one) == ()
    assert asserted_literals("  expect(items.length).toBe(1);\n", one) == tuple(one)
    assert asserted_literals("  expect(count).toEqual(1 + 1);\n", one) == tuple(one)
    half = [Literal(N, "0.5")]
    assert asserted_literals("    assert abs(ratio - 0.5) < 1e-9\n", half) == tuple(half)


def test_a_python_assert_of_a_yes_or_no_asserts_it_true_or_false() -> None:
    """A test of a release's kind writing `assert v.is_stable` then `assert not v.is_draft`
    checks that one answers yes and the other no: a Then promising "exactly one of them is
    true" drew "no test counted for AC9 asserts any of `true`" of the very tests doing so. A
    comparison (`assert v.kind == "draft"`) checks neither."""
    true, false = Literal(K, "true"), Literal(K, "false")
    test = ('def test_is_stable():\n    v = Release.parse("2.0")\n'
            '    assert v.is_stable\n    assert not v.is_draft\n')
    assert asserted_literals(test, [true, false]) == (true, false)
    assert asserted_literals(test.replace("    assert not v.is_draft\n", ""),
                             [true, false]) == (true,)
    assert asserted_literals(test.replace("    assert v.is_stable\n", ""),
                             [true, false]) == (false,)
    compared = ('def test_kind():\n    v = Release.parse("2.0")\n'
                '    assert v.kind == "stable", "not stable"\n    assert v.n in (1, 2)\n')
    assert asserted_literals(compared, [true, false]) == ()


SET_UP_FILE = '''import unittest

from thermo import Celsius


class Base(unittest.TestCase):
    def setUp(self):
        self.unit = "°C"


class TestShown(Base):
    def setUp(self):
        super().setUp()
        self.warm = Celsius(21.5)
        self.warm_str = '21.5 °C'
        self.freezing = -40
        self.moved = "x"

    def test_str(self):
        self.assertEqual(str(self.warm), self.warm_str)

    def test_unit(self):
        self.assertEqual(self.warm.unit, self.unit)

    def test_moved(self):
        self.moved = "y"
        self.assertEqual(self.warm.label, self.moved)
'''


def test_a_set_up_giving_an_attribute_one_literal_hands_each_test_that_value() -> None:
    """`self.warm_str = '21.5 °C'` in `setUp`, then `assertEqual(str(self.warm),
    self.warm_str)`: the test asserts `21.5 °C`, as a class attribute would have it."""
    from gaia_lib.evidence.testcases import split_tests

    classes = literals_module.set_up_values(SET_UP_FILE)
    assert classes["TestShown"] == {"unit": '"°C"', "warm_str": "'21.5 °C'", "freezing": "-40"}
    assert classes["Base"] == {"unit": '"°C"'}
    cases = {c.name.rsplit("::", 1)[-1]: c
             for c in split_tests("tests/test_shown.py", SET_UP_FILE)}
    shown = then_literals("its text is `21.5 °C`")
    code = literals_module.with_set_up_values(cases["test_str"].body, classes["TestShown"])
    assert [lit.value for lit in asserted_literals(code, shown)] == ["21.5 °C"]
    assert asserted_literals(cases["test_str"].body, shown) == ()
    # a base class's set-up too; an attribute assigned again elsewhere (`self.moved`) is not
    # that literal
    unit = literals_module.with_set_up_values(cases["test_unit"].body, classes["TestShown"])
    assert '"°C"' in unit
    moved = cases["test_moved"].body
    assert literals_module.with_set_up_values(moved, classes["TestShown"]) == moved


_GO_CLOSURE_BODY = '''func TestParsePortBestEffort(t *testing.T) {
	f := func(s string, want uint16) {
		t.Helper()
		got := ParsePortBestEffort(s)
		if got != want {
			t.Fatalf("unexpected port parsed from %q; got %d; want %d", s, got, want)
		}
	}

	f("8080", 8080)
	f("65536", 0)
	f("http", 0)
}'''


@pytest.mark.parametrize(("body", "asserted"), [
    (_GO_CLOSURE_BODY, True),
    # the function value checks nothing: its calls assert nothing either
    (_GO_CLOSURE_BODY.replace(
        '\t\tif got != want {\n\t\t\tt.Fatalf("unexpected port parsed from %q; got %d; want %d",'
        ' s, got, want)\n\t\t}\n', "\t\t_ = got\n"), False),
])
def test_a_go_function_value_that_checks_asserts_what_each_call_hands_it(
        body: str, asserted: bool) -> None:
    """A port reader's best-effort parse, checked by a function value the test defines and
    calls once per case (`f("65536", 0)`): the values it hands it are asserted, as a JS or
    Python test's checking helper's are. It had read "no test counted for AC asserts any of
    `0`, `65536`"."""
    literals = then_literals("then a port out of range such as `65536` gives 0")
    assert literals and (asserted_literals(body, literals) == literals) is asserted


_GO_REFERENCE_BODY = '''func TestWellFormed(t *testing.T) {
	cases := []string{"<a/>", "<a>", "<a></b>", "<a x='1'/>"}
	for i, c := range cases {
		got := WellFormed([]byte(c)) == nil
		exp := xml.Unmarshal([]byte(c), new(interface{})) == nil
		if got != exp {
			t.Errorf("#%d: %q accepted: %v, want %v", i, c, got, exp)
		}
	}
}'''


@pytest.mark.parametrize(("body", "asserted"), [
    (_GO_REFERENCE_BODY, True),
    # the package's call in the guard itself
    (_GO_REFERENCE_BODY.replace("if got != exp {",
                                "if got != (xml.Unmarshal([]byte(c), new(interface{})) == nil) {"),
     True),
    # compared with a value of its own: the package is only called beside the check
    (_GO_REFERENCE_BODY.replace("if got != exp {", "_ = exp\n\t\tif got != (i == 0) {")
     .replace(", want %v\", i, c, got, exp)", "\", i, c, got)"), False),
])
def test_a_go_package_the_then_names_is_asserted_by_a_check_comparing_with_what_it_gives(
        body: str, asserted: bool) -> None:
    """A markup checker promised to accept what Go's own `encoding/xml` accepts, its test
    comparing each case's answer with the one `xml.Unmarshal` gives: the package the Then
    names is what the test checks against. It had read "no test of AC asserts any of
    `encoding/xml`" (fastjson's validation test, compared with `json.Valid`, likewise)."""
    literals = then_literals("then it is accepted exactly when Go's own `encoding/xml` "
                             "accepts it")
    assert literals and (asserted_literals(body, literals) == literals) is asserted
