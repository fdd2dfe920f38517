"""The AC-to-test coverage analyzer (Phase 3A): which tests cover which acceptance criterion.

Attribution (EC-4), decided first, per test (its path, name and description are what it names):
- a test that names this story's key (`E1-S1`, `e1_s1`, any path-safe key) is this story's;
- else a test that names another story's key (`E1-S3`) is that story's: never counted here;
- else a test in a test file the story's File List claims is this story's;
- every other test is listed in `unattributed_tests` (with the story keys it names) and is not
  counted.

Matching, for each of this story's tests (words as `evidence.words` defines them). An AC's
Then is what it promises; an AC not written Given / When / Then ("Exchanging a refresh token
issues a new access token (RefreshTokenReused)") promises what its whole statement says, and
is weighed as a Then is (`AcceptanceCriterion.promised`): read as promising nothing, the
corpus with its ACs so written had measured 0.821 precision where 0.865 in Given / When / Then.
- **id**: a test that names AC ids of this story (`test_ac2_x`, `it('AC1: ...')`, `AC-EC1` in
  its docstring or in its file name) covers exactly those ACs; nothing else is inferred for it.
- Otherwise evidence is summed per AC. A word weighs `ln((N + 1) / df)` among the story's N
  ACs (a word every AC shares decides almost nothing), times a factor falling from 1 to 0.2 as
  more of the candidate tests carry it, and held at the AC's length: 1 / (0.8 + 0.2 x its words
  / the story's mean; `lengths`): an AC of many words shares some with most tests by chance
  and would outbid a short one on them, as a long document does in BM25. An AC that lists
  three or more single words as alternatives ("when entities are added, set, upserted or
  updated") holds each at 1/k: for that AC and in the count `df` (an AC about sort order that
  holds for any of four operations says little about each); so does one naming three or more
  of a command line's options
  (`--max-length`, `--separator`, `--stopwords`: what the command takes, each one of k); and
  a word an AC writes only inside a hyphenated compound of its prose counts as one of the
  compound's k parts ("an immutable-update draft" is a kind of draft: a test named "update"
  says half of it; a word the AC writes on its own too keeps its weight). An
  AC that spells out an acronym a test's name or description
  uses ("least recently used" for `test_lru`: `words.acronyms`) carries it as a word of its
  own. A word of a test's name or description that no AC spells, misspelling one an AC spells
  (`test_multiple_stopword_occurances` for "every occurrence": `words.misspelling_of`), or
  spelling it the American or British way (`test_center` for "centre alignment":
  `words.spelling_of`), is read as the AC's word, spelled as the AC spells it; one run
  together from a word an AC spells and another word, each of four letters or more
  (cachetools' `test_typedmethod_dict` for "unless a typed key is used": `words.joined_with`),
  as those two words.
  Signals:
  - **name**, **description**: the AC's words in the test's name / docstring, comments and
    subtest names, at full weight; not a word the AC writes only inside an identifier it
    names (`peek` of `PeekOrAdd`) that is a method the test's code calls (`l.Peek(1)`) while
    it calls none the AC names: `TestLRUPeek` is the test of `Peek`;
  - **body**: the AC's words in the test's code, at 0.4 (and falling as more tests' bodies
    use them: shared set-up code decides nothing); the calls that expect an exception and the
    exceptions they name are left out (`assertRaises(TypeError` is the exception signal, not
    the words "raises", "type", "error" again), and so are the assertion library's own names
    (`toEqual`, `assertEqual`, `assert.Equal`: how a test checks, not what);
  - **literal**: the AC's Then-clause literals the test asserts (a table-driven test's data
    table counts; the names the Then writes in backticks count too, `dataUpdatedAt`, though
    they promise no value: `then_literals(..., mentioned=True)`): 1.5 for a status code, string
    or enum name, 0.8 for a number, 0.3 for true/false/null, the digits 0-1 and strings without
    two word characters in a row (`","`: found in any assertion); and a value only this AC
    writes, in any clause, quoted or bare (`1.2-beta.3`, `1.7rc2`, `maxsize=0`, the fixed part
    of `CRON_TZ=<zone>`; not a name, a plain number or a sign: `then_literals.written_values`),
    held in the test's data table (a parametrize row, a Go table's row, a `.each` table, a
    loop's literal values or the literal table a name it loops over holds: a whole string of it,
    or a word of one) or in a string of one of its checks (the input it hands the code it
    checks, `assertEqual(timeparse('3d2h32m'), 268320)` for an AC giving "3d2h32m" as an
    example: `then_literals.check_strings`): 1.5, and it agrees (a value two ACs write decides
    nothing). A pytest test that only calls the code (`then_literals.python_calls_only`) asserts
    no Then literal, save of an AC whose Then says the code accepts its input
    (`then_literals.promises_acceptance`): its table holds what it hands the code. A name the
    Then writes as code that another AC acts through and this one does not (`_borrowed`:
    "reading the result back with `parse`" in the AC of `unparse`, beside the AC "read with
    `parse`") is a Then literal only for a test calling what this AC acts through. A value the
    test compares with through a constant of its file
    (`self.TEST_ASCII`: `testcases.TestCase.constants`) counts so only for the AC the rest
    of its evidence fits best, where its own name says a word of that AC: the tests reading a
    constant share it, so it confirms what a test says it checks and points at nothing by
    itself (`_through_constants`); and an input the AC's Given or When writes (`P23DT23H`)
    beside a value its Then
    promises (`timedelta(hours=23, days=23)`) in one row of the test's table
    (`table_rows`), or in one of its checks (`expect(splitByCase("fooBar"))
    .toMatchInlineSnapshot(...)` holding `["foo", "Bar"]`): 2.0, which counts as all the AC
    promises (`complete`: one test, one row per AC; the empty string the AC gives or an empty
    array or object it promises, `""`, `[]`, `{}`, which alone decides nothing, is such a
    value here: `["", []]`) and covers the AC whatever else the test says
    (`_Score.own_case`), unless the check holds them the other way round, the value as the
    input of the call whose result the AC's input stands for (`assertEqual('1 KB',
    format_size(1000))` is no case of "`1 KB` is read as `1000`": `table_rows.
    reversed_case`); a row or check giving that input another value of the promised
    kind (a `Duration(...)` of other arguments, another list, another string) states what
    the AC denies: the test has no evidence for it at all, and is the first of the AC's
    nearest tests, with that row (an AC written without backticks gives its input by the one
    string its Given quotes, `Given the string "fooBar"`, and promises the lists its Then
    writes, `["foo", "Bar"]`; a Then stating its examples as matches, "`a.*` matches `a.b`
    but not `a.b.c`", gives each pattern and text as such a pair, of which a row matching the
    pattern with another text denies nothing: `_stated`; a Then stating an example as an
    input and what it gives, "`o2fXhV` gives `(1, 2, 3)`", gives that pair too, of which a row
    giving the input another value denies nothing, and a sign alone, `*` gives `Any`, is no
    input: `_worded`). An input the AC writes as a string
    literal (`"fooBar"`)
    is its very case: a test whose code never writes it has no evidence for the AC, however
    much of it the test's other inputs share (`"FOOBar"` -> `["FOO", "Bar"]`: the words of
    `fooBar` and the value `Bar`), and is at most a nearest test, saying so
    (`_unwritten_input`). So is a Python table test whose rows hold the AC's input beside its
    value but which hands the code none of it, comparing the code's result with it
    (`duration_isoformat(expectation) == durationstring` for "a duration string ... when it
    is parsed": the reverse case, `expected_column.input_unused`).
    Likewise an option the AC's Given or When sets to a literal as code
    (`errors='strict'`, `{ long: true }`) that the test's code sets only to other literals
    (`errors='invalid'`): the test checks the code otherwise set, at most a nearest test of
    the AC (`_other_setting`). And where an AC's Given names as code a setting or an entry
    point of two or more words that no other AC names and some, at most half, of the tests
    write (`WeaklyTypedInput`, `WeakDecode` in "Given weakly typed input (WeaklyTypedInput in
    DecoderConfig, WeakDecode or WeakDecodeMetadata)"), a test whose id and code write none of
    the names its Given and When write as code runs the code without it: at most a nearest
    test of the AC, saying that its code never writes them, which is what was read
    (`_conditions`: mapstructure's `TestArray`, a plain `Decode` of arrays, is no weak-typing
    test; a test encoding a type whose `MarshalText` its file declares runs that method
    without writing it). A test using a member an AC names with its owner
    (`ResultAsync.fromThrowable`) only with another owner (`Result.fromThrowable`), never
    the AC's, checks another function: at most a nearest test of it (`_other_owner`). A
    test whose name says the other side of what an AC says (`previous` and `smaller` for
    "the next greater value", `decode` for "when it is encoded": `OPPOSITES`), and none of
    the AC's side, checks that side: no reading of it
    covers the AC but by the AC's own case (`_opposite`). A test whose name states a
    conversion (`test_name_to_hex`) that an AC states the other way round ("Given a hex code,
    when its color name is asked for"), where the story's tests or ACs make it both ways
    round, checks the other way: at most a nearest test of that AC (`conversions`). An
    example the Then states as an input and what it becomes (`-20` becomes `0`): what it
    becomes counts in a test whose code writes one of the examples' inputs, not in one
    asserting 255 or 0 of `#fff` (`_then_examples`). A test expecting an error with messages
    none of which shares a word with the message the AC says its error carries ("a
    `ValueError` saying it is not a supported specification" against `match="has no defined
    color name"`) checks another error: at most a nearest test (`messages`). An input the AC
    gives that
    the test's table quotes only in rows holding none of what the AC promises for it is the
    test's own case made of it (`test_sub` over the rows of a sum): no evidence, as a value
    or as an example (`_inputs_elsewhere`). A Python test's table is read without the
    columns it never reads (`table_columns`: `resadd` in `test_sub`). A check comparing by
    an operator a number of two digits or more that the Then writes (not inside a message
    it quotes) with code named by a word of that Then and by none of the other Thens writing
    the number (`if l.Len() != 128 {` for "then `Len` is 128", `if evictCounter != 128 {`
    for "the callback is called for each evicted entry: 128 times"): 2.0, and it covers the
    AC as its own case does (`_then_numbers`, `_compared_numbers`);
  - **calls**: a function or method the AC spells as code (`next_major()`, `SetMetadata`,
    `max_age`; not a plain word the tests call) that the test's code calls
    (`v.next_major()`): 0.3 of that identifier's weight (0.6 where only this AC names it),
    as the body's words count: what a test runs, not what it says it checks; but a call
    whose result a check compares (`assert h.encrypt(1, 2, 3) == 'o2fXhV'`; not one the check
    only passes through, `z.number().positive().maxValue`) of an identifier only this AC
    names weighs 1.5 and agrees as an asserted literal does: the test checks that function
    (hashids' old-name tests, each also the test of the value it checks). Not a function
    more than half of the story's tests call (pflag's `Parse`: the module's way in), nor one
    the AC names as what its case is not ("`encrypt` instead of `encode`": `contrasted`);
    and a Python check of a call passing by keyword a word only this AC's Given writes, in
    that very form, among every Given and When (`self.today + relativedelta(weekday=FR)` for
    "Given a weekday"; `day=31` for "absolute fields such as day or hour", not beside "days"
    of another AC: `_given_words`), or setting an option to the literal only this AC's Given
    sets it to, bare or as code (`naturaldelta(d, months=False)` for "Given months turned off
    (months=False)"), weighs 1.5 and agrees: the test sets up the AC's case; a
    word among k alternatives the Given lists weighs 1.5 / k and agrees with no AC;
  - **exception**: an exception the test expects that the AC names: 2.0; a built-in one
    (`ValueError`, `TypeError`, `Error`, ...: what any bad input raises) 1.0, and it agrees
    with the AC (below) only when the test's own words explain >= 0.35 of its name or its
    body carries >= 1.0 of the AC's words (it sets up what the AC's Given says);
  - **name**, again: a test named after a code identifier the AC names (`TestSetMetadata`,
    `test_max_age` for an AC naming `SetMetadata`, `max_age`; `test_and` for "combined with
    And or Or", a capitalised word the story's tests call, `And(...)`; `test_valmap` for "when
    valmap is applied", a plain word the story's tests call as a function, `valmap(d)`, or a
    test named after calls as a method (`test_poplast` and `omd.poplast()`); `test_json_schema_
    types` for "exported as a JSON Schema", two neighbouring words of the AC's prose naming,
    joined, a snake_case function or a method a test named after it calls), that no other AC
    names and no more than half of the story's tests call (one most tests call is the module
    under test; not one the AC names only as what its case is not, "`encrypt` instead of
    `encode`"): the unit under test, by the naming convention of every runner), by its
    whole name or by its first words
    (`test_for_json_encodes_list` for `for_json`: `test_<unit>_<what it checks>`), or, where
    its name starts with the unit its file is named after, by what follows it (`Metadata`
    for `TestVersionMetadata` in `version_test.go`: a method of the file's type): 2.0; where
    its own name names no identifier, by its test class's name when that names one only this
    AC names (`SplitAtTests::test_basic` for `split_at`: one class per function; a class or
    group named by the noun of the one function or method its test calls, `TestEncryption`
    calling `h.encrypt(...)`, is named after that function: `_nominalised`), or by its
    `describe()` group's, when spelled as code (`describe("getQuery") > test(t)`, a test
    named at run time in a loop over a table; a type's method, `ResultAsync.combine`, too)
    and not the one group of its whole file, nor,
    where no other group is named after a unit an AC names, one named after the unit most
    ACs speak of by its name or the word it begins with (`describe('compactField')` where
    every AC says "when the values are compacted": the module under test, `_leads`) (a
    group naming an identifier several ACs name is the unit its tests run all the same: it
    counts for each of them at its share, the test's own sentence chooses among them, and
    the ACs of another unit need an assertion of their own: `CronFileParser > parseFile >
    reads and parses a valid crontab file` beside a `parseFileSync` group, two ACs each); in
    no class or group, by its file's name when that names a unit of two or more words
    (`string_slice_test.go`'s `TestSS` for an AC naming `StringSlice`: one file per function
    or type; a one-word file name, `decode_test.go`, is the module's, not one AC's); named
    after none of them, by a member of a family of identifiers the AC lists, three or more
    sharing two or more words at their start and end together, with a word of its own between
    (`TestToUint8E` for "the E variant of a function (ToIntE, ToStringE, ToTimeE ...)": to ...
    e; `ToInt`, `ToUint`, `ToFloat64` share only `To`, the module's prefix: no family).
    Named after none of these, a test whose file, outermost `describe()` group or class is
    named after an identifier the AC names (`test_requirements.py`, `createSlice > ...`,
    `CachedMethodTest::test_dict`; shared or not) has that identifier's weight for the AC when
    its own words (its name less the words of those units that its last part does not say
    itself: `getQuery > t` says nothing) explain the AC (>= 0.35) as well as they explain any
    other AC: the unit says what it runs, its name which of that unit's ACs it checks (a
    `test_str_and_repr` of requirements, beside an AC about markers' strings too); counted per
    reading of a nested name, as spelled alike.
  A literal, exception or identifier several ACs name is divided among them.
- Contradictions: a check that the result is not a distinctive value the Then promises
  (`.not.toBe(['boooom!', 'ahhhhh!'])`: by identity it passes whatever the code returns, by
  equality it says the opposite), the test's only check of that value, leaves the test no
  evidence for the AC, but as its nearest test saying so; not where the Then promises a
  difference ("compares unequal": `_denied_value`).
  A test asserting HTTP status codes, none of them the AC's, or expecting
  exceptions, none of them the AC's, has its evidence for that AC halved. A test that expects
  no error where the AC's Then clause names an exception (a CamelCase name that looks like one,
  `...Error`, `ErrX`, or that one of the story's tests expects: "UpperCamelCase" is none) or
  says it throws / raises, or that expects an error where the Then clause describes no
  failure, is likewise ruled out for a weak match (below); not a test named after a code
  identifier only this AC names, nor one that runs a unit it names (`units`, below), where
  its Then promises, beside the error, an outcome that is no failure (a clause of its own:
  "lists of those sizes are returned, and a negative size raises a ValueError";
  `promises_values`): `SplitIntoTests::test_basic` checks the lists.
  A test that asserts an error the AC names as a value (Go's `err != ErrInvalidX`, an error
  in its data table) expects that error.
  An exception the AC says is not raised ("None is returned instead of raising
  `ParseError`", "without throwing", "does not raise", "no KeyError is raised") is no promise
  of one (neither for the exception signal nor for "its Then describes a failure"), and a test
  expecting it checks the opposite of the AC: it has no evidence for that AC at all.
- Decision: a test covers an AC when its evidence is >= 1.6, its own words and assertions (not
  its body alone) carry >= 0.9 of it, and either
  - strong: evidence >= 3.5 and >= 0.7 of the test's best AC (so one test can cover two ACs;
    an AC its assertions alone match strongly, its name and description silent on it, is
    covered on its own and sets no bar for the others: a table of one AC's values in a test
    named after two others; not evidence of its body's words and bare numbers alone where
    its name is a sentence that says none of the AC's words and it asserts nothing
    distinctive, `_Score.silent`: a `serialize` test whose expected object holds 9, 11, 13
    and 2 checks no range from 9 to 13 by a step of 2),
    or >= 3.5 where the test asserts every one of the AC's distinctive Then literals (two or
    more, each worth >= 1.0: the test checks all the AC promises, whatever else it checks);
    never, its assertions silent on it, for a Python test that expects no error and an AC
    whose Then promises an error and nothing else (Python checks a raise only by expecting
    it: isodate's format test, named and described with "parse", is no test of "when it is
    parsed, an ISO8601Error is raised");
    an AC other than the test's best also needs its assertions to agree or the AC to explain
    >= 0.25 of the test's name (a second AC resting on the body's words is mostly the set-up
    the test shares with its first), or
  - weak: an asserted literal / exception agrees, or the AC explains >= 0.35 of the weight of
    the test's name (or description) words (a code name inside a sentence of the name, "when
    wrapped in createNextState", weighs as one word, of its heaviest part: it names one
    thing, and its parts are not words the AC should explain each; a number or a sign no AC
    writes, `words.VALUE_WORDS`, weighs nothing: `test_minus_one_day` states its example's
    value, not a subject the AC leaves unexplained) and shares at least one
    of them spelled alike or spelled as the AC's passive or progressive verb without its
    ending ("add" ~ "is added", "creating" ~ "is created"; a spelling another AC uses as the
    test does is that AC's; a shared stem alone, validation ~ valid, or a plural is too
    little), and the AC is the
    test's clear best among its rivals (ACs its own words or assertions carry >= 0.9 for,
    not ruled out, and not matched strongly by its assertions alone with its name and
    description silent on them, which are covered on their own: one test, two ACs): >= 1.4
    times the runner-up's evidence or, when as good as it, >= 1.4 times the runner-up's
    evidence from words spelled alike on both sides (`.includes()` beats "included" for a test
    named "includes"); a runner-up ahead only by the test's body (within 0.8) is passed when
    the test's own words and assertions claim this AC 1.4 times more and an assertion agrees
    (a comment's words are not what the test is named to check). Where the test's data
    table holds, asserted, every distinctive Then literal of the AC, an AC its assertions
    agree with by a value of its own (and this one by one that AC lacks) is another row's
    case, no rival (`_rows_apart`: a `.each` row of
    `values is not an array` beside one of `values contains no values`).
  - named for it: the test is named after a code identifier only this AC names (and its
    assertions do not rule the AC out); such an AC, when the identifier is the test's whole
    name, like one matched strongly by assertions its name is silent on, is no rival to the
    others (named by its first words, the rest of its name is about that unit: it stays one).
    Named wholly after it, the test has said by its name all it says: another AC sharing the
    identifier's words (`test_set_key` and "the variable is set") needs an asserted literal or
    exception of its own for a weak match, one the named AC does not count too (`test_noneof`
    checking "Invalid input." and a ValidationError, which the Predicate AC also names, is no
    test of Predicate). Named after it only by its file's name
    (`memoize-one.spec.ts` for an AC naming `memoizeOne`), which every test there shares, it
    is named for the AC only when no other AC is a rival for it, and it outbids no rival.
    Named after it only by its class's or group's name, where the AC's Given and When do not
    act through it (it names the unit in passing: "..., both by apply_patch and by
    JsonPatch.from_string"), the test is not named for the AC when its own words explain
    another AC (>= 0.35) more than this one, that AC ruled out or not: the class holds every
    test of a module, its tests' names say which of the module's cases each checks
    (`ApplyPatchTestCase::test_move_object_key`).
    A test named (by its own or its class's name) after an identifier some ACs name checks
    that unit: an AC that neither names it nor speaks of it by its word (or, in its prose, by
    its two words, "a patch ... is applied" for `apply_patch`) matches the test only
    by an assertion of its own, strong evidence or not (`test_load_dotenv_in_current_dir`
    and the AC of `find_dotenv` about the current directory; "a curried function" speaks of
    `curry`), unless the test's own words are wholly that AC's (>= 0.9 explained) and carry
    more evidence than the unit's ACs have (`TestToTimeWithTimezones`, whose subtests all
    speak of the AC of `ToTimeInDefaultLocation`: `_of_another_unit`). Named after it by its
    first words only, the test checks what the rest of its name says: where that rest is
    none of the named AC's words and wholly another's that speaks of the same unit by its
    word (`test_curry_docstring`; "a curried function ... reports its docstring"), the named
    AC likewise needs an assertion of its own (`_of_its_rest`). A test whose name sets an
    option as an AC's Given writes it in code (`format(number, { long: true }) > should
    support milliseconds`, "Given the option `long: true`") checks the code so set: an AC
    writing no such setting needs an assertion of its own too (`_in_another_setting`); so
    does an AC naming none of the code names a test's own sentence writes, where some ACs, at
    most half, name one (`should be able to call `onError` and `onSettled` after each failed
    mutate` beside an AC of the per-call callbacks and one of retries: `_of_other_code`). An
    AC so ruled out is no rival to the others.
  - of its unit: the test runs a unit the AC names as code (`units`: measured, or read from
    its file's or its `describe()` group's name) and its code writes, as a value in quotes,
    a Then literal of the AC it asserts (`"foo-bar"`, a whole string literal: a name quoted
    inside a longer message, 'provide an `initialState`', is none; a string two ACs share
    counts, >= 0.5)
    or an example input the AC's Given or When quotes (`"1985-04-12"`; `_examples`), or its
    table holds the AC's own row (the **literal** signal's input beside its value): the
    AC's own check, whatever its words resemble (one table of `kebabCase` covers each AC
    calling `kebabCase` whose value it holds; a table of `lowerFirst` holding `foo-bar`
    covers none). A table of value rows and error rows (`pytest.raises` for some) is not
    ruled out for the value ACs by expecting an error. Unmeasured, a test calling a function
    the AC's Given or When writes as code (`ParseUlimit`) and handing it, quoted, an example
    input only this AC quotes (`"nofile=1024:1:50"`) is likewise the AC's own check; an
    example the AC sets an option to (`nickname="TheName"`) counts only where the test sets
    that option to it (`first="TheName"` is another option's input: `_unset_settings`).
    An example is a string in double quotes or a whole span in backticks holding more than
    word characters, never the text between two spans (`_examples`).
  A weak, equal resemblance to several ACs is therefore evidence for none. An AC whose
  evidence rests on words the test spells otherwise (its stems: "pushed" for a test saying
  "pushing") is outspelled by a rival with >= 0.8 of its evidence and >= 2 times (and >= 1.0
  of) its words spelled alike, unless its assertions agree: it is then neither strong nor a
  rival ("run onChange validation when pushing" is the AC about change validators run on
  pushing, not the one about the array an item is pushed to).
- A second test is no rival (`_second_tests`): an AC that no test counts for, once every
  test is decided, takes the test nearest it among those whose other ACs (the ones it
  counts for, and the ones it resembles within 1.4 times of this one) each have another
  test with >= 2 times its evidence: there it is a second, and its resemblance decides
  nothing. It must be the clear best of such tests (1.4 times), its own words explain the
  AC (>= 0.35) spelled alike, and nothing rules it out; a test named wholly after a unit one
  of its ACs names is none. It moves: it counts for the ACs it was a second test of no more
  (cron-parser's `reads and parses a valid crontab file synchronously`, which resembled the
  invalid-line AC's words as much as the synchronous-read AC it verifies, while the
  invalid-line test verifies the first with three times its evidence).
- A test that expects an exception one of its matched ACs names verifies that failure: the
  other ACs it matches whose Then clause describes no failure are dropped (an error test
  for a malformed specifier resembles the AC about parsing one's parts, but checks none),
  but for an AC whose own case (its input and promised value) a check or row of the test
  holds: a unittest method checking values and then an error (`assertEqual(1000,
  parse_size('1 KB'))`, then `assertRaises(InvalidSize)`) checks each such AC too;
  so are they for a test whose every check expects an error (`expect(() =>
  parse(NaN)).toThrow()` checks no AC saying "it returns NaN"). A test that checks nothing
  is thrown (`.not.toThrow()`) and expects no error contradicts an AC whose Then promises
  one, and agrees with one whose Then says nothing is thrown ("nothing throws").
- A test of how an object prints (its name has the word `repr`: `test_range_repr`) covers only
  an AC that speaks of its repr or representation: named after the unit, it checks none of
  the unit's behaviour.
- A test whose class is named after a function or method its code calls (`ToLastTests::
  test_path` calling `ptr.to_last(doc)`: one class per unit) checks that unit: where no AC of
  the story speaks of it (by its name or any of its words), its name and body resembling an
  AC ("path", "pointer" for a pointer's round trip through its parts) are no weak match;
  what it asserts (a literal, an exception) and a strong match still count.
- The functions a test calls (`_of_another_call`). A test calling a function an AC acts
  through (its Given or When writes it as code, and some test calls it: `called_in_setting`)
  checks that one, not a variant of it another AC acts through (a name holding it or held by
  it, `combine` and `combineWithAllErrors`) that it never calls: that AC matches it only by
  an assertion of its own and is no rival (neverthrow's `Result.combine` error test, whose
  words and `boooom!` fit the AC of `combineWithAllErrors` as well). A test whose class or
  `describe()` group is named after a function it calls that no AC names (`ResultAsync >
  errAsync > ...` calling `errAsync`) checks that function: every AC acting only through
  functions it never calls is likewise another's.
- A JS/TS test whose outermost `describe()` group names a unit (a name spelled as code,
  `ResultAsync`, or the owner of a dotted one, `Result.Ok`, `Result.fromThrowable` ->
  `Result`) checks that unit. Where another group of the story's tests names a unit whose
  name holds every word of it and more (`ResultAsync` beside `Result`), an AC that speaks of
  that wider unit by its words ("an asynchronous result", `ResultAsync.combine`) and of the
  test's unit only inside them, naming it nowhere as code, is about the other unit: the test
  matches it only by an assertion of its own (`_of_a_wider_unit`: neverthrow's `Result.Ok >
  Maps to a ResultAsync` runs `Result`'s `asyncAndThen`, no `ResultAsync`'s `map`).
- A JS/TS test named at run time from the rows of the table it loops over (`test(t.input +
  " with " + JSON.stringify(t.query), ...)`, or a `.each` table of objects named by a
  template of their fields, `test.each(tests)("$input with $query", ...)`) is one run per row
  to its runner, each named by the values its name reads from that row: each row's name is
  read on its own, as a Go test's named subtests and table rows are (`_subtests`), with the
  test's code; one that names an AC's words (ufo's `withQuery` row `{ param: { a: { nested:
  { object: 123 } } } }` for "a nested object value is written as encoded JSON", an AC no
  literal of the table asserts) covers it as a subtest would. Read whole, the rows of every
  AC were one resemblance among many. A row's name speaks only for an AC that writes no value
  (no Then literal, no example): one that does is covered by the rows asserting its values,
  or not at all (its `foo` in the name of another row, `{ foo: true, bar: false }`, checks
  no `/?foo`).
- A nested name (`describe('...') > it('...')`) is decided as a whole, then part by part below
  the outermost (which names the unit every test in the file shares): the `it()` sentence on
  its own, and a `describe()` group that says what its tests have in common ("can be used
  mutably when wrapped in createNextState" > "addOne": the group's AC and the operation's AC,
  each with the test's description and body). A test covers the ACs any reading decides.
  A group named as code that no AC names (`ResultAsync > okAsync > ...`) is no part read on
  its own: it names a unit, and its words are that name's ("ok", "asynchronous"), no
  sentence of what its tests share (neverthrow's `okAsync` tests read as "an asynchronous
  result ... gives an Ok" for the AC mapping one).
  Read apart from its groups, the `it()` sentence (or a class's method) is strong evidence
  for its best AC only: a second AC it resembles alone ("should use the payload returned from
  the prepareAction method", as much the AC without a prepare callback as the one with it) is
  what its groups' words decide ("when passing a prepareAction method returning a payload
  and meta"), and the whole reading has them.
  A test class (`TestSigner::test_max_age`) is not split: it names the unit; one of two or
  more words that names no function its test calls and no identifier an AC names
  (`TestSlugifyUnicode::test_max_length`) is, as a group: the class's words, and the method's.
- Execution (where per-test coverage was measured: `executes`, per test id). A test that
  never executes any of the story's File List sources verifies none of the story's
  behaviour: it matches no AC by words, so it is never an AC's only evidence by resemblance
  (here its AC ids still match; the review counts it for none: `phases.idle_tests`); the ACs
  its words match, read as a test the run did not measure, or else the one it most resembles,
  name it (`idle`), so the review says why it counts for none of them rather than nothing at
  all (jsonpointer's example test weakened to check its own table left its AC "no test"). A test
  that does execute them backs a weak match with that: the clear-best AC that explains enough
  of its name needs no word spelled alike ("accounts creation" for "the account is created":
  executing the story's code says the test exercises the story, its words, distinctive among
  its rivals, say which AC). A test without coverage data is judged by its words alone.
  (Measured on real suites, executing the story's code is common to nearly every story test:
  it cannot stand in for the share of the name the AC explains.)
  Where the run also names the top-level functions and classes of the story's sources whose
  bodies each test ran (`units`), an AC whose Given or When spells the name of one or more of
  them that some test ran (`chunked`: "when chunked is called") is covered only by a test that
  ran one of those: a test of `last` that shares the AC's words is no test of `chunked`. A
  unit named like a plain word (`names`, `last`) is named only where the AC speaks of it as
  code: in backticks, as a call, or as what is called, applied, wrapped with or acts ("when
  chunked is called", "valmap or keymap is applied", "when assoc sets a key"); "the list of
  names" names no `names`. A
  unit whose name more than half of the ACs use as a word counts only where the AC spells it
  as its code does ("a Range validator" names `Range`, and "validator", in every AC, names no
  base class `Validator`). Not for an AC that names the module under test: a unit more than
  half of the measured tests ran. A unit every AC names still decides (a story adding
  `parse_date_or_default`, named by each of its ACs: an old test of `parse_date` in the same
  file, which never runs it, covers none of them). An AC that spells as code a unit no
  measured test ran is covered by no test the run measured running other units of the story
  only (a test named after `remove_dot_segments`, its docstring AC3's words, that runs only
  AC1's `normalize_scheme`); a test measured running none of them (one that runs the code in
  a subprocess) is judged by its words.
  Where no run measured units (Go, TypeScript, a Python run without coverage), test files
  named after two or more different units (`createSlice.test.ts`, `createReducer.test.ts`,
  `bytes_test.go`), JS/TS `describe()` groups named as code (`describe("kebabCase")`), and
  test classes named after a function their test calls (`WindowedTests` calling
  `mi.windowed(...)`: one class per function), stand for them: each test runs its file's
  unit, its outermost group's, its class's, and any class's function its code calls (a test
  of `collapse` that calls `split_at` runs both), and the type owning a method a group inside
  its outermost one is named after (`Utils > ResultAsync.combine > ...` runs `ResultAsync`),
  and an AC names one only
  as code (in backticks, or spelled as code: `createSlice`, `split_at`), singular or plural
  (`Ordinal` for ordinals_test.go), or as a plain word it speaks of as code, as above ("when
  windowed is called"); a plain word in its own sense ("a number") names no number_test.go.
  Such a unit is a guess from a name: a test whose row or check holds an AC's own case is
  that AC's test whatever units the AC names (gobwas/glob's TestGlob, its rows the ACs'
  own examples, for ACs saying "when `Match` is called" beside `match/match_test.go`).
Each match records how it matched (the signals, strongest first), its score and the words,
literals or exceptions that matched. Coverage is the share of ACs with at least one test;
the count is not a weight. An AC no test matches lists its nearest tests (`candidates`, at
most 3, by evidence): those whose own words or assertions carry >= 0.9 of it, with evidence
>= 0.8 and nothing asserted against it; with none, those whose code calls a function or
method the AC names that most ACs do not (`calls`, by how many: `storage.flush()` for "when
`flush()` is called", where every test is `test_caching_*` and every AC speaks of the cache).
They never count: they say where a reviewer should look when the words fail (a test named in
the domain's words, an AC in the product's), and each says why it does not count (`_why_not`:
it counts for other ACs, the run shows it never runs the units the AC names (by name, and as the
AC writes it where it spells it otherwise: "as `GIB`" for `GiB`; where its code calls one as a
method, `q.sift(...)`, that the run never counts it as running it, though it calls it: the run
counts a method by its name only where no function of its module has that name, and pqdict's
`test_repair`, calling `pq.heapify("C")`, had read "never runs `heapify`"), it resembles
another AC as much, or its evidence is too little).
Reading and matching are two steps: `read` attributes the tests and reads what each says
(nothing a run changes), `analyze` matches, and takes an earlier `read` of the same inputs so
a review that matches again with its run's signals reads its tests once.
"""

from __future__ import annotations

import functools
import keyword
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import PurePosixPath

from gaia_lib.core.lazyre import compile as lazy_re
from gaia_lib.evidence import (
    conversions,
    expected_column,
    messages,
    table_columns,
    table_rows,
    testcases,
    then_literals,
    words,
)
from gaia_lib.evidence.key_refs import STORY_REF, canonical_key, names_key, story_refs
from gaia_lib.evidence.testcases import TestCase
from gaia_lib.story.acceptance import AcceptanceCriterion

_AC_REF = re.compile(r"(?<![A-Za-z0-9])ac[-_ ]?(?P<ec>ec[-_]?)?(?P<num>[0-9]+)(?![0-9])", re.I)
# An exception an AC names: a CamelCase word (`SignatureExpired`, `ValueError`; its last hump
# a word, so a value like `NaN` is none), a Go `ErrX`, any name ending in Error or Exception
# (`OSError`, `TOMLDecodeError`: an acronym first), and the base `Error` or `Exception` alone
# where the AC spells it as code ("`parse` throws an `Error`"; as a word it starts sentences).
_EXCEPTION_IN_TEXT = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)*[A-Z][a-z0-9]+\b|"
                                r"\bErr[A-Z]\w*|"
                                r"\b[A-Z][A-Za-z0-9]*(?:Error|Exception)\b|"
                                r"(?<=`)(?:Error|Exception)(?=`)")

# A Then clause that says nothing is thrown ("nothing throws", "without throwing", "does not
# raise"): a test checking that nothing is (`.not.toThrow()`) checks it.
_NOTHING_THROWN = re.compile(
    r"\b(?:nothing|never|no\s+\w+|not)\s+(?:\w+\s+)?(?:throws?|thrown|raises?|raised)\b|"
    r"\bwithout\s+(?:throwing|raising|an?\s+(?:error|exception))\b|"
    r"\bdo(?:es)?(?:\s+not|n't)\s+(?:throw|raise)\b|"
    r"\b(?:no\s+(?:exceptions?|errors?)|nothing)\s+(?:escapes|propagates|leaks|bubbles)\b", re.I)
# An error the Then speaks of as thrown by something else ("an Err holding the thrown error"),
# not one it promises.
_THROWN_NOUN = re.compile(r"\b(?:the|a|an|any|its)\s+(?:thrown|raised)\s+\w+", re.I)
NOTHING_THROWN = "nothing thrown"  # the evidence of that check

# A Then clause that describes a failure: only such an AC can be verified by expecting an error.
_FAILURE_WORDS = re.compile(r"\b(?:refus|reject|fail|error|rais|throw|invalid|denied|deny|"
                            r"forbid|block|lock|not\b|cannot|can't|never|no\b|4\d\d|5\d\d)",
                            re.I)

# A code identifier in an AC: backticked, called `name(`, snake_case, camelCase / CamelCase.
_IDENTIFIER_IN_TEXT = re.compile(r"`([A-Za-z_][\w.]*)`|\b([A-Za-z_]\w*)\(|"
                                 r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b|"
                                 r"\b([A-Z]?[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+)\b")
MIN_IDENTIFIER = 4

_RAISE_WORDS = re.compile(rf"\b(?:{words.RAISING})\b", re.I)
# An exception the AC says is NOT raised: "returns None instead of raising `ParseError`",
# "without throwing a TypeError", "does not raise ValueError", "no KeyError is raised", and
# one naming none ("instead of raising", "rather than an error").
_DENIED = re.compile(
    rf"(?:\b(?:instead\s+of|rather\s+than|without|not|never|no\s+longer)|n't)\s+(?:ever\s+)?"
    rf"(?:{words.RAISING})\s+(?:an?\s+|the\s+|any\s+)?`?(?P<a>[A-Z]\w+)`?"
    r"|\bno\s+`?(?P<b>[A-Z]\w+)`?\s+(?:is|was|gets|will\s+be)\s+(?:raised|thrown)"
    # from a word's start only: tried inside a long word, each position would read to its end
    r"|(?<!\w)`?(?P<c>[A-Z]\w+)`?\s+(?:is|gets)\s+(?:not|never)\s+(?:raised|thrown)"
    # naming none: "the default is returned instead of raising", "rather than an error"
    rf"|\b(?:instead\s+of|rather\s+than|without)\s+(?:(?:{words.RAISING})"
    r"(?:\s+(?:an?\s+)?(?:error|exception))?|an?\s+(?:error|exception))(?=\s*(?:[.,;:)]|$))",
    re.I)

# What an AC sets its case against: "when it calls `encrypt` instead of `encode` and
# `decode`" (to the end of the clause).
_CONTRAST = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\b(?P<what>[^,;.]*)",
                       re.I)


def contrasted(text: str) -> frozenset[str]:
    """The identifiers `text` names only as what its case is not (`_CONTRAST`), as keys."""
    return frozenset(identifier_key(name) for m in _CONTRAST.finditer(text)
                     for name in re.findall(r"`([A-Za-z_][\w.]*)`", m.group("what")))


MIN_SCORE = 1.6
# The Then literals a test of an AC's named unit must assert to be that AC's check: a string
# or status code two ACs share (1.5 / 2), a number only one AC names.
UNIT_LITERAL = 0.5
MIN_CLAIM = 0.9
STRONG = 3.5
SHARE = 0.7
SECOND_EXPLAINED = 0.25  # share of its name a strong match other than its best must explain
MARGIN = 1.4
MIN_EXPLAINED = 0.35
# share of its own name that must say an AC, for a test of a unit no AC speaks of to match it
# by its words alone (`_other_unit`)
NAMED_APART = 0.6
BROAD_EVIDENCE = 1.0  # a test's evidence for an AC that counts it as resembling it (`broadest`)
WHOLLY_EXPLAINED = 0.9  # an AC that explains this much of a test's words is what it is about
OUTSPELLED = 2.0  # a rival's alike-spelled evidence, times this one's, that outspells it
NEAR = 0.8  # ... when the rival's evidence is at least this share of this one's
CONTRADICTED_FACTOR = 0.5
BODY_WEIGHT = 0.4
EXCEPTION_WEIGHT = 2.0
IDENTIFIER_WEIGHT = 2.0
GENERIC_BODY = 1.0  # body evidence that lets a built-in exception agree with an AC
LITERAL_WEIGHT = {then_literals.STATUS: 1.5, then_literals.STRING: 1.5, then_literals.ENUM: 1.5,
                  then_literals.NUMBER: 0.8, then_literals.KEYWORD: 0.3}
WEAK_NUMBERS = frozenset({"0", "1"})
TABLE_VALUE = 1.5  # a value only one AC writes, held in a test's data table
EMPTY_STRING = '""'  # how a row's empty-string input is shown
ROW_WEIGHT = 2.0  # an input the AC gives and the value it promises for it, in one table row
ID_SCORE = 10.0
CANDIDATES = 3  # nearest tests listed for an AC no test matches
CHECKED_FACTOR = 0.75  # ... called in a check of its result, the AC naming it alone
CALL_FACTOR = 0.3  # a call of an identifier the AC names, as a share of its identifier weight
LENGTH_NORM = 0.2  # how far an AC's words are held at its length against the story's mean

ID, DESCRIPTION, NAME, BODY, LITERAL, EXCEPTION = (
    "id", "description", "name", "body", "literal", "exception")
CALLS = "calls"  # the test's code calls a function or method the AC spells as code
MENTIONED = "mentioned"  # agreeing: a name the AC's Then mentions (`id`), no promised value


@dataclass(frozen=True)
class Match:
    test: str  # test id
    score: float
    how: tuple[str, ...]  # signals, strongest first: id | exception | literal | name | ...
    evidence: tuple[str, ...]  # the words, literals or exception names that matched
    why: str = ""  # a nearest test's: why it does not count (`_why_not`)


@dataclass(frozen=True)
class AcCoverage:
    ac_id: str
    matched: bool
    test_count: int
    tests: tuple[str, ...]  # test ids, sorted
    matched_by: str | None  # the strongest signal of the best match, None when unmatched
    edge_case: bool
    structured: bool
    matches: tuple[Match, ...] = ()  # sorted by test id
    # For an AC no test matches: the tests nearest it, which do not count (`CANDIDATES`)
    candidates: tuple[Match, ...] = ()
    # The tests its words match that the run measured executing none of the story's code
    # (`executes`): never counted, named so the review can say why; sorted
    idle: tuple[str, ...] = ()


@dataclass(frozen=True)
class UnattributedTest:
    test: str
    story_keys: tuple[str, ...]  # the other stories it names; () when it names none


@dataclass(frozen=True)
class CoverageResult:
    per_ac: tuple[AcCoverage, ...]
    unattributed_tests: tuple[UnattributedTest, ...]

    @property
    def coverage_percent(self) -> float:
        if not self.per_ac:
            return 0.0
        covered = sum(1 for ac in self.per_ac if ac.matched)
        return round(100.0 * covered / len(self.per_ac), 1)

    def uncovered(self, *, edge_case: bool | None = None) -> tuple[str, ...]:
        return tuple(
            ac.ac_id
            for ac in self.per_ac
            if not ac.matched and (edge_case is None or ac.edge_case == edge_case)
        )


def ac_refs(text: str) -> set[str]:
    """The canonical AC ids a test text names: `test_ac2_x` -> {"AC2"}, `ac_ec1` -> {"AC-EC1"}."""
    refs = set()
    for match in _AC_REF.finditer(text):
        refs.add(("AC-EC" if match.group("ec") else "AC") + str(int(match.group("num"))))
    return refs


# --- attribution (EC-4) ----------------------------------------------------------------------


def attribution(case: TestCase, story_key: str,
                claimed: frozenset[str]) -> tuple[bool, tuple[str, ...]]:
    """(is this story's test, the other story keys it names): the rule in the module doc."""
    said = f"{case.file}\n{case.name}\n{case.description}"
    if names_key(said, story_key):
        return True, ()
    others = tuple(sorted(story_refs(said) - {canonical_key(story_key)}))
    if others:
        return False, others
    return case.file in claimed, ()


# --- evidence ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Said:
    name: frozenset[str]
    description: frozenset[str]
    body: frozenset[str]
    spelled: Mapping[str, set[str]]  # name and description tokens -> their spellings
    spans: tuple[str, ...]  # its assertion statements
    subjects: tuple[str, ...] = ()  # the units its name may start with (subject_prefixes)
    wholes: frozenset[str] = frozenset()  # those that are its whole name (_named_wholly)
    suite: str = ""  # the unit its test class is named after (suite_subject)
    suite_of_file: bool = False  # ... read from its file's name: every test there shares it
    suite_of_group: bool = False  # ... read from the `describe()` group around it
    calls: frozenset[str] = frozenset()  # the identifiers its code calls (identifier_key)
    # the tokens of each code name inside its name's sentences (`createNextState`)
    compounds: tuple[frozenset[str], ...] = ()
    parts: tuple[str, ...] = ()  # the words of its own name, lower case (`_name_parts`)
    table: tuple[str, ...] = ()  # the string literals of its data tables (`table_strings`)
    checked_strings: tuple[str, ...] = ()  # ... of its check statements (`check_strings`)
    outer: frozenset[str] = frozenset()  # its file's, outermost group's and class's units
    outer_words: frozenset[str] = frozenset()  # ... their words its own part does not say
    row: bool = False  # one run of a test named at run time from its table's rows (`_named_rows`)
    # each number a check compares the code's result with, and the words of that code
    # (`_compared_numbers`)
    compared: tuple[tuple[str, frozenset[str]], ...] = ()
    checked: frozenset[str] = frozenset()  # the identifiers its checks call (`_checked_calls`)
    # its assertions and data tables with its file's constants in place of their names
    # (`TestCase.constants`): () where it reads none
    constant_spans: tuple[str, ...] = ()
    constant_table: tuple[str, ...] = ()
    # the conversion its name states, where the story's tests make it both ways round
    # (`conversions`: `test_hex_to_name` beside `test_name_to_hex`)
    conversion: conversions.Conversion | None = None
    # a pytest test that only calls the code (`then_literals.python_calls_only`): its table's
    # values are what it hands the code, no result it compares
    checks_nothing: bool = False


def _code_only(body: str) -> str:
    """The body without its docstring: what the test does (inner comments annotate it)."""
    return re.sub(r'("""|\'\'\')(?:.|\n)*?\1', " ", body, count=1)


# The calls that expect an exception: `assertRaises(E, ...)`, `pytest.raises(E)`, `toThrow(E)`.
_EXPECTING = re.compile(r"\b(?:assertRaises\w*|assertThrows|raises|toThrow\w*|rejects|throws|"
                        r"ErrorIs|errors\.Is)\b")


# The assertion library's own names (`toEqual`, `assertEqual`, `assert.Equal`, `t.Errorf`): the
# same in every test, they say how a test checks, not what ("equal" is no word of the AC's).
_ASSERTION_CALLS = re.compile(r"\.(?:not\.)?to[A-Z]\w*|\bassert[A-Z_]\w*|"
                              r"\b(?:assert|require)\.[A-Z]\w*|\bt\.(?:Error|Fatal)f?\b")


def _without_expectations(code: str, expected: Sequence[str]) -> str:
    """The code without the exceptions it expects and the calls that expect them: they are
    the exception signal, and counted again as body words (`assertRaises(TypeError` ~ "a
    TypeError is raised") they would outweigh everything the test says."""
    code = _ASSERTION_CALLS.sub(" ", _EXPECTING.sub(" ", code))
    for name in expected:
        code = re.sub(rf"\b{re.escape(name)}\b", " ", code)
    return code


_EXCEPTION_LIKE = lazy_re(r"(?:Error|Exception|Fault|Failure|Panic)$|^Err[A-Z]")


def denied_exceptions(text: str) -> frozenset[str]:
    """The exceptions `text` says are not raised ("instead of raising ParseError"), lower case."""
    return frozenset(name.lower() for m in _DENIED.finditer(text)
                     if (name := m.group("a") or m.group("b") or m.group("c")))


def _undenied(text: str) -> str:
    """`text` less what it says is not raised: the rest is what it promises."""
    return _DENIED.sub(" ", text)


def promised_exceptions(ac: AcceptanceCriterion) -> frozenset[str]:
    """The exceptions an AC's Then clause promises by a name that looks like one (`...Error`,
    `ErrX`), lower case; not one it says is not raised."""
    return frozenset(m.group(0).lower() for m in _EXCEPTION_IN_TEXT.finditer(
        _undenied(ac.promised)) if _EXCEPTION_LIKE.search(m.group(0)))


def then_raises(ac: AcceptanceCriterion, expected: AbstractSet[str]) -> bool:
    """Does the AC's Then clause promise an exception? It says so (throws, raised, panics), or
    it names one: a CamelCase name that looks like an exception (`...Error`, `ErrX`) or that
    one of the story's tests expects (`SignatureExpired`). Other CamelCase words are not
    exceptions ("converted to UpperCamelCase"), and an exception it says is not raised
    ("returns None instead of raising ParseError") is no promise of one, nor is a Then saying
    nothing is thrown ("it does not throw", "no exception escapes": `_NOTHING_THROWN`) or
    speaking of an error something else threw ("an Err holding the thrown error")."""
    then = _THROWN_NOUN.sub(" ", _NOTHING_THROWN.sub(" ", _undenied(ac.promised)))
    if _RAISE_WORDS.search(then):
        return True
    return any(_EXCEPTION_LIKE.search(m.group(0)) or m.group(0).lower() in expected
               for m in _EXCEPTION_IN_TEXT.finditer(then))


# Where a Then clause lists its outcomes: "..., and a negative size raises a ValueError".
_CLAUSES = re.compile(r"[;,]\s*|\s+(?:and|while|whereas|but)\s+")


def promises_values(ac: AcceptanceCriterion) -> bool:
    """Does an AC whose Then promises an exception also promise an outcome that is no
    failure ("then chunks of n items are returned, ..., and a negative size raises a
    ValueError")? A test of those values, expecting no error, checks its other half."""
    clauses = [c for c in _CLAUSES.split(_undenied(ac.promised)) if c.strip()]
    return len(clauses) >= 2 and any(
        not _FAILURE_WORDS.search(c) and not _EXCEPTION_IN_TEXT.search(c) and len(c.split()) >= 3
        for c in clauses)


def speaks_of_failure(clause: str) -> bool:
    """Whether a clause of a Then speaks of a failure: refused, an error, raised, not, no, a
    4xx / 5xx status, or an exception's name (`ValueError`, `ErrNotFound`)."""
    return bool(_FAILURE_WORDS.search(clause)) or any(
        _EXCEPTION_LIKE.search(m.group(0)) for m in _EXCEPTION_IN_TEXT.finditer(clause))


def _ac_text(ac: AcceptanceCriterion) -> str:
    return " ".join(filter(None, (ac.given, ac.when, ac.then))) or ac.text


def _exceptions_named(ac: AcceptanceCriterion) -> set[str]:
    return {m.group(0).lower() for m in _EXCEPTION_IN_TEXT.finditer(_undenied(ac.text))}


class _Weights:
    """Distinctiveness of each token among the ACs and among the candidate tests' own words."""

    def __init__(self, ac_tokens: Sequence[frozenset[str]], test_said: Sequence[_Said],
                 scales: Sequence[Mapping[str, float]] = ()) -> None:
        self.n = len(ac_tokens)
        self.df_ac: dict[str, float] = {}  # an AC listing a word as one of k alternatives: 1/k
        for i, group in enumerate(ac_tokens):
            scale = scales[i] if i < len(scales) else {}
            for token in group:
                self.df_ac[token] = self.df_ac.get(token, 0.0) + scale.get(token, 1.0)
        self.m = len(test_said)
        self.df_t: dict[str, int] = {}
        self.df_body: dict[str, int] = {}
        for said in test_said:
            for token in said.name | said.description:
                self.df_t[token] = self.df_t.get(token, 0) + 1
            for token in said.body:
                self.df_body[token] = self.df_body.get(token, 0) + 1

    def _spread(self, count: int) -> float:
        return 1.0 if count <= 1 else 1.0 - 0.8 * (count - 1) / max(self.m - 1, 1)

    def body(self, token: str) -> float:
        """A body word's weight also falls as more tests' bodies use it (shared set-up code)."""
        return self(token) * self._spread(self.df_body.get(token, 0))

    def __call__(self, token: str, *, unknown: bool = False) -> float:
        """The token's weight; with `unknown`, a word no AC uses weighs as a distinctive one
        (to measure how much of a test's own words an AC leaves unexplained)."""
        df = self.df_ac.get(token, 0)
        if not df and (not unknown or token in words.VALUE_WORDS):
            # a number or a sign no AC writes (`test_minus_one_day`) states the test's
            # example, not what it is about: nothing an AC leaves unexplained
            return 0.0
        idf = math.log((self.n + 1) / (df or 1))
        return idf * self._spread(self.df_t.get(token, 0))


@dataclass
class _Score:
    total: float = 0.0
    claim: float = 0.0  # the part from the test's own words and assertions, not its body
    explained: float = 0.0  # share of the test's own words (name or description) the AC uses
    asserts: bool = False  # a Then literal or an expected exception agrees
    contradicted: bool = False  # asserts status codes, none of them the AC's
    denies: str = ""  # why a row of its table states what the AC denies (`_score`)
    unraised: bool = False  # the AC's Then names an exception; the test expects none
    failure_only: bool = False  # ... and promises nothing but that failure
    unpromised: bool = False  # the test expects an error; the AC's Then describes no failure
    raised: bool = False  # an exception the test expects is one the AC names
    alike: float = 0.0  # the part from the test's own words spelled as the AC spells them
    akin: bool = False  # a word of the test's own differs from the AC's by inflection only
    complete: bool = False  # asserts every one of the AC's (two or more) distinctive literals
    # its data table's rows hold every one of the AC's (one or more) distinctive literals, and
    # its checks compare them (`_rows_apart`)
    tabled: bool = False
    own_case: bool = False  # a row of its table holds the AC's input and promised value
    own_value: bool = False  # a check compares the code's result with the AC's own value
    silent: bool = False  # its name is a sentence, and says none of the AC's words
    named_for: bool = False  # named after a code identifier this AC alone names
    named_by_file: bool = False  # ... only by its file's name, which every test there shares
    named_by_suite: bool = False  # ... by its class's, group's or file's name, not its own
    named_whole: bool = False  # ... by its whole name, not only the name's first words
    named_unit: bool = False  # named after an identifier this AC names, any way (`_score`)
    own: float = 0.0  # `explained`, of the test's own words only (not its outer units')
    # the part from calls of the functions it names and checks of names its Then mentions
    # (`_unobserved`), and of that the part in `claim`
    observed: float = 0.0
    observed_claim: float = 0.0
    agreeing: set[str] | None = None  # the asserted literals and expected exceptions it counts
    parts: dict[str, float] | None = None
    evidence: list[str] | None = None

    def add(self, signal: str, amount: float, what: str, *, claim: bool = True) -> None:
        if amount <= 0:
            return
        self.total += amount
        if claim:
            self.claim += amount
        if self.parts is None:
            self.parts, self.evidence = {}, []
        assert self.evidence is not None
        self.parts[signal] = self.parts.get(signal, 0.0) + amount
        if what not in self.evidence:
            self.evidence.append(what)

    def agree(self, signal: str, what: str) -> None:
        if self.agreeing is None:
            self.agreeing = set()
        self.agreeing.add(f"{signal}:{what}")

    def apart_from(self, other: _Score) -> bool:
        """Does an asserted literal or expected exception count for it that `other` lacks?"""
        return bool((self.agreeing or set()) - (other.agreeing or set()))

    def how(self) -> tuple[str, ...]:
        parts = self.parts or {}
        if self.denies and not parts:  # what its table writes, against the AC's literal
            return (LITERAL,)
        return tuple(sorted(parts, key=lambda s: (-parts[s], s)))


@dataclass(frozen=True)
class _Criterion:
    """What one AC offers a test to agree with (computed once per story)."""

    spelled: Mapping[str, set[str]]  # its tokens -> their spellings
    literals: Sequence[tuple[then_literals.Literal, float]]  # Then literals, weighted
    exceptions: Mapping[str, float]  # the exceptions it names, weighted
    raises: bool  # its Then promises an exception
    fails: bool  # its Then describes a failure
    identifiers: Mapping[str, float]  # the code identifiers it names, weighted
    scale: Mapping[str, float]  # the share of each word it lists among alternatives
    elsewhere: Mapping[str, frozenset[str]]  # per token, the other ACs' spellings of it
    coded: frozenset[str] = frozenset()  # its identifiers spelled as code (identifiers_named)
    denied: frozenset[str] = frozenset()  # the exceptions it says are not raised
    values: bool = False  # its Then also promises an outcome that is no failure
    runs_unit: bool = False  # the test being scored runs a unit it names (`unit_names`)
    families: tuple[Family, ...] = ()  # the families of identifiers it lists (`families`)
    # the values it alone writes, beside its Then literals (`_table_values`), weighted
    written: Mapping[str, float] = field(default_factory=dict)
    length: float = 1.0  # its words' factor for its length among the story's ACs (`lengths`)
    unthrown: bool = False  # its Then says nothing is thrown (`_NOTHING_THROWN`)
    # (an input its Given or When writes, a value its Then promises for it) (`_example_pairs`)
    pairs: tuple[tuple[str, str], ...] = ()
    # (a value, another) its Then states as a match of the one by the other, or not (`_stated`:
    # "`a.*` matches `a.b` but not `a.b.c`"): one row of a table holding both is its case;
    # a row matching the value with a third says nothing against it
    matches: tuple[tuple[str, str], ...] = ()
    # the values its Then writes that are no plain name (`_spans_written`: `1 byte`)
    values_written: frozenset[str] = frozenset()
    # (option, literal) its Given or When sets as code (`_literal_settings`: `errors='strict'`)
    settings: tuple[tuple[str, frozenset[str]], ...] = ()
    # per number its Then writes (`_then_numbers`), the words of its Then and those of the other
    # ACs' Thens writing the number too
    numbers: Mapping[str, tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    # the words it writes only inside code spans (`peek`, `add` of `PeekOrAdd`)
    code_words: frozenset[str] = frozenset()
    contrasted: frozenset[str] = frozenset()  # the identifiers it sets its case against
    differs: bool = False  # its Then promises that something differs (`promises_a_difference`)
    # the code its Given names that no other AC names and at most half the tests write
    # (`WeaklyTypedInput`, `WeakDecode`): what its case rests on; and every name its Given
    # writes as code, one of which a test of it writes (`_conditions`)
    conditions: frozenset[str] = frozenset()
    setup: frozenset[str] = frozenset()
    # the `conditions` as its Given writes them (`EastAsianWidth`), for the report
    conditions_written: tuple[str, ...] = ()
    # the members it names with their owner, in code spans (`ResultAsync.fromThrowable`)
    qualified: frozenset[tuple[str, str]] = frozenset()
    # the words its Given alone writes, exactly so, of all the ACs' Givens and Whens
    # (`_given_words`: `weekday` of "Given a weekday"): a keyword argument so named is its case
    keywords: frozenset[str] = frozenset()
    mentioned: conversions.Mentions = ()  # its words per clause (`conversions.mentions`)
    # (input, what it becomes) for each example its Then states (`_then_examples`)
    examples: tuple[tuple[str, str], ...] = ()
    message: str = ""  # the message it says its error carries (`messages.stated`)
    # the names its Then writes as code that another AC acts through and it does not
    # (`_borrowed`), and the plain names its own Given or When writes as code, as keys
    borrowed: frozenset[str] = frozenset()
    acts: frozenset[str] = frozenset()
    accepts: bool = False  # its Then says the code takes its input (`promises_acceptance`)
    # the values its Then promises, not the names it only mentions (`id` of "with its `id`")
    promised: frozenset[str] = frozenset()


def _score(case: TestCase, said: _Said, crit: _Criterion, weight: _Weights) -> _Score:
    stated = crit.examples
    if crit.examples:
        # what the example's inputs become, asserted by a test writing none of them, is
        # what other inputs give: no evidence of it (an input alone still names the case)
        shown = {value for _, value in crit.examples} if not any(
            _writes_value(case.body, given) for given, _ in crit.examples) else set()
        crit = replace(crit, examples=(), literals=tuple(
            (lit, w) for lit, w in crit.literals
            if lit.value not in shown and f"{lit.value}%" not in shown))
    if unwritten := _unwritten_input(case.body, crit.pairs):
        # what it says and asserts is of other inputs: near the AC at most, never its test
        near = _score(case, said, replace(crit, pairs=(), literals=()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its code never writes the AC's input `{unwritten}`")) if _resembles(near) or (
                crit.coded & said.calls) else _Score()
    if reversed_input := next((given for given, _ in crit.pairs
                               if given and _input_unused(case.file, case.body, given)), ""):
        # a table test handing the code none of the AC's input, comparing the code's result
        # with it (`format(expected) == given`: isodate's format test over the parse table),
        # checks the reverse of the AC's case: near the AC at most, never its test
        near = _score(case, said, replace(crit, pairs=(), literals=()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"it hands the code none of the AC's input `{reversed_input}`: it compares the "
            "code's result with it, the reverse case")) if _resembles(near) else _Score()
    if opposite := _opposite(said.name | said.description, frozenset(crit.spelled)):
        # it names the other side of what the AC says (`previous smaller` for "next greater")
        near = _score(case, replace(said, name=said.name - opposite.keys(),
                                    description=said.description - opposite.keys()),
                      crit, weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its name says {' and '.join(sorted(opposite.values()))}, the AC the opposite"
        )) if _resembles(near) or (crit.coded & said.calls) else _Score()
    if said.conversion and conversions.reversed_in(said.conversion, crit.mentioned):
        # it converts the other way round: near the AC at most
        near = _score(case, replace(said, conversion=None), crit, weight)
        source, target = conversions.spelled(_spoken(case), said.conversion)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its name converts {source} to {target}, the AC the other way round"
        )) if _resembles(near) or (crit.coded & said.calls) else _Score()
    if crit.message and messages.disagree(messages.expected(case.body), crit.message):
        # it expects another error, saying something else: near the AC at most
        near = _score(case, said, replace(crit, message=""), weight)
        first = messages.expected(case.body)[0]
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"the error it expects says \"{first}\"" if first else
            "it expects the failure to print nothing") + f", the AC's \"{crit.message}\""
        ) if _resembles(near) or (crit.coded & said.calls) else _Score()
    if other := _other_setting(_code_only(case.body), crit.settings):
        # what it checks is the code set otherwise: near the AC at most
        near = _score(case, said, replace(crit, settings=()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its code sets {other}")) if _resembles(near) or (
                crit.coded & said.calls) else _Score()
    if crit.conditions and not _sets_up(crit.setup, _written(f"{case.test_id} {case.body}")):
        # it never sets up what the AC's Given names as code: the code without it
        near = _score(case, said, replace(crit, conditions=frozenset()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its code never writes `{'` / `'.join(crit.conditions_written)}`, the code the "
            "AC's Given names")) if _resembles(near) else _Score()
    if other_owner := _other_owner(f"{case.test_id}\n{_code_only(case.body)}", crit.qualified):
        # it uses the member of another owner (`Result.fromThrowable` beside the AC's
        # `ResultAsync.fromThrowable`): another function, near the AC at most
        near = _score(case, said, replace(crit, qualified=frozenset()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its code uses `{other_owner}`, not the AC's `"
            f"{'` / `'.join(sorted(f'{o}.{m}' for o, m in crit.qualified))}`"
        )) if _resembles(near) or (crit.coded & said.calls) else _Score()
    if sibling := _sibling_option(case.body, crit):
        # it checks another option of the same kind: near the AC at most
        near = _score(case, said, replace(crit, coded=frozenset()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its code passes `{sibling}`, an option the AC does not name")) if _resembles(
                near) or (crit.coded & said.calls) else _Score()
    if denied := _denied_value(said.spans, crit):
        # its check says the result is not what the AC promises: the opposite, or nothing
        near = _score(case, said, replace(crit, literals=()), weight)
        return _Score(contradicted=True, evidence=near.evidence, denies=(
            f"its check says the result is not `{denied}`, the value the AC promises"
        )) if _resembles(near) or (crit.coded & said.calls) else _Score()
    score = _Score()
    if crit.denied & {name.lower() for name in case.exceptions}:
        score.contradicted = True  # it expects the very exception the AC says is not raised
        return score
    ac_spelled, literals, exceptions = crit.spelled, crit.literals, crit.exceptions
    identifiers, scale = crit.identifiers, crit.scale
    ac_tokens = frozenset(ac_spelled)
    # `TestCommas` is named after `Comma()` as much as `TestComma` is, when the AC spells it
    # as code and the test is no method of a class named after another unit
    unit = next((key for key in said.subjects if identifiers.get(key)), "") or next(
        (one for key in said.subjects for one in (_singular(key),)
         if one != key and one in crit.coded and not said.suite), "")
    # A `describe()` group named as code is the unit its tests run even where several ACs
    # name it (`describe('parseFile')` beside `describe('parseFileSync')`, two ACs each): it
    # counts for each at its share, and the test's own sentence chooses among them.
    if not unit and (identifiers.get(said.suite, 0.0) >= IDENTIFIER_WEIGHT or (
            said.suite_of_group and identifiers.get(said.suite, 0.0) > 0)):
        unit = said.suite
    named = identifiers.get(unit, 0.0) if unit and unit not in crit.contrasted else 0.0
    if not unit:  # `TestToUint8E` for "the E variant (ToIntE, ToStringE, ToTimeE ...)"
        unit = _member(said.parts, crit.families)
        named = IDENTIFIER_WEIGHT if unit else 0.0
    if named:  # `TestSetMetadata` for an AC naming SetMetadata: spelled alike, by definition
        score.add(NAME, named, unit)
        score.alike += named
        score.named_for = named >= IDENTIFIER_WEIGHT
        score.named_by_file = unit == said.suite and said.suite_of_file
        score.named_by_suite = (unit == said.suite and unit not in said.subjects
                                and unit not in crit.acts and _singular(unit) not in crit.acts)
        score.named_whole = unit in said.wholes or any(_singular(w) == unit for w in said.wholes)
    for key in sorted(said.calls & crit.coded - {unit}):
        score.add(CALLS, identifiers[key] * CALL_FACTOR, key, claim=False)
        score.observed += identifiers[key] * CALL_FACTOR
    # A check of what a function only this AC names returns: the test checks that function;
    # not one the AC names as what its case is not ("`encrypt` instead of `encode`").
    for key in sorted(said.checked & crit.coded - crit.contrasted - {unit}):
        if identifiers[key] >= IDENTIFIER_WEIGHT:
            score.add(CALLS, identifiers[key] * (CHECKED_FACTOR - CALL_FACTOR), key)
            score.observed += identifiers[key] * (CHECKED_FACTOR - CALL_FACTOR)
            score.observed_claim += identifiers[key] * (CHECKED_FACTOR - CALL_FACTOR)
            score.asserts = True
            score.agree(CALLS, key)

    # A check of a call passing by keyword what only this AC's Given speaks of, as it
    # writes it (`relativedelta(weekday=FR)` for "Given a weekday"): the test sets up its case.
    # One of several alternatives the Given lists counts at its share, and agrees with no AC.
    # So does a keyword the check sets to the literal only this AC's Given sets it to
    # (`naturaldelta(d, months=False)` for "Given months turned off (months=False)").
    for key in sorted(_keywords_checked(case, said) & crit.keywords):
        share = 1.0 if "=" in key else crit.scale.get(words.stem(key), 1.0)
        passed = key if "=" in key else f"{key}="
        score.add(CALLS, CHECKED_KEYWORD * share, passed)
        if share == 1.0:
            score.asserts = True
            score.agree(CALLS, passed)

    # A word of its name that is a method its code calls (`TestLRUPeek` calling `l.Peek`),
    # the AC writing it only inside another it names (`PeekOrAdd`), which the code never
    # calls: the test is about that method, not the AC's.
    other_method = (said.calls & crit.code_words) - crit.coded if not (
        said.calls & crit.coded) else frozenset()
    for token in sorted((ac_tokens & (said.name | said.description)) - other_method):
        amount = weight(token) * scale.get(token, 1.0) * crit.length
        score.add(NAME if token in said.name else DESCRIPTION, amount,
                  _shown(ac_spelled[token], token))
        own = said.spelled.get(token, set())
        if own & ac_spelled[token]:
            score.alike += amount
        elif _akin(own, ac_spelled[token], crit.elsewhere.get(token, frozenset())):
            score.akin = True
    for token in sorted((ac_tokens & said.body) - said.name - said.description):
        score.add(BODY, BODY_WEIGHT * weight.body(token) * scale.get(token, 1.0) * crit.length,
                  _shown(ac_spelled[token], token), claim=False)
    score.explained = max(_explained(said.name, ac_tokens, weight, said.compounds),
                          _explained(said.description, ac_tokens, weight))
    score.silent = score.explained == 0 and _name_tail(_spoken(case)) is None
    score.named_unit = bool(named)
    if said.outer_words:
        score.own = max(_explained(said.name - said.outer_words, ac_tokens, weight,
                                   said.compounds),
                        _explained(said.description, ac_tokens, weight))
    else:
        score.own = score.explained
    statuses = {lit.value for lit, _ in literals if lit.kind == then_literals.STATUS}
    codes = {v for v in case.asserted if re.fullmatch(r"[1-5][0-9][0-9]", v)}
    expected = {name.lower() for name in case.exceptions}
    if (statuses and codes and not statuses & codes) or (
            crit.raises and expected and not expected & set(exceptions)):
        if crit.raises and expected and not expected & set(exceptions) and _resembles(score):
            # it resembles the AC but expects another error (`pytest.raises(Exception)` for
            # its ValueError): near it, and a reviewer is told why it does not count
            score.denies = (f"it expects {' or '.join(sorted(case.exceptions))}, not the "
                            "error the AC promises")
        score.total *= CONTRADICTED_FACTOR  # asserts 200 where the AC promises a 401
        score.claim *= CONTRADICTED_FACTOR
        score.contradicted = True
    asserted: tuple[then_literals.Literal, ...] = ()
    # a test checking nothing agrees with no value a Then promises, only with one it says
    # the code accepts (python-ulid's `constructor(value)` over `b"\x00" * 16` is no check
    # of "it is 16 bytes long")
    if literals and not (said.checks_nothing and not crit.accepts):
        # what it hands a check helper (`expect_plural(2, 'box', 'boxes', '2 boxes')`) is
        # checked as its own assertions are
        asserted = then_literals.asserted_in(
            (*said.spans, *then_literals.helper_check_calls(case.body)),
            [lit for lit, _ in literals])
        for lit, amount in literals:
            if lit.value in crit.borrowed and crit.acts and not crit.acts & said.calls:
                continue  # another AC's unit, used on the way (`_borrowed`)
            if lit in asserted and lit.value.lower() not in expected:  # counted as exception
                score.add(LITERAL, amount, lit.value)
                score.agree(LITERAL if lit.value in crit.promised else MENTIONED, lit.value)
                if lit.value not in crit.promised:
                    score.observed += amount
                    score.observed_claim += amount
                score.asserts = score.asserts or amount >= 1.0
        distinctive = [lit for lit, amount in literals if amount >= 1.0]
        score.complete = len(distinctive) >= 2 and all(lit in asserted for lit in distinctive)
        # an AC that writes no input a row could hold: a check comparing the code's result
        # with a value of its own (a string only it promises, no plain name) checks it
        score.own_value = not crit.pairs and any(
            lit in asserted and amount >= LITERAL_WEIGHT[then_literals.STRING]
            and lit.kind == then_literals.STRING and lit.value in crit.values_written
            and any(table_rows.compared_whole(check, lit.value)
                    for check in (*then_literals.check_statements(case.body),
                                  *then_literals.helper_check_calls(case.body)))
            for lit, amount in literals)
        score.tabled = bool(distinctive) and all(
            lit in asserted and then_literals.in_table(lit.value, said.table)
            for lit in distinctive)
    # a check comparing a number the Then states with code the Then's words name, and no
    # other AC's writing that number (`if l.Len() != 128 {` for "`Len` is 128"): its value
    for number, checked in said.compared:
        then_words, others = crit.numbers.get(number, (frozenset(), frozenset()))
        if checked & then_words and not checked & others:
            score.add(LITERAL, ROW_WEIGHT, number)
            score.agree(LITERAL, number)
            score.asserts = score.own_value = True
    elsewhere = _inputs_elsewhere(case.body, crit.pairs)
    for value, amount in crit.written.items():  # a row of its data table holds the value
        if value not in elsewhere and (then_literals.in_table(value, said.table)
                                       or then_literals.in_table(value, said.checked_strings)):
            score.add(LITERAL, amount, value)
            score.agree(LITERAL, value)
            score.asserts = True
    held: set[tuple[str, str]] = set()  # the cases counted, each input unquoted
    for given, promised, matching in (*((g, p, False) for g, p in crit.pairs),
                                      *((g, p, True) for g, p in crit.matches),
                                      *((g, p, True) for g, p in _worded(stated))):
        # one row of its table, or one check: the AC's case
        checks = [check for check in (*then_literals.check_statements(case.body),
                                      *then_literals.helper_check_calls(case.body))
                  if table_rows.writes(check, given)]
        rows = (*table_rows.rows_quoting(case.body, given),
                *table_rows.template_rows_quoting(case.body, given),  # a tagged template's
                *checks)
        # a check the other way round (`assertEqual('1 KB', format_size(1000))` for the AC
        # reading `1 KB` as 1000) checks the code's result for the AC's value, not the AC
        reverse = {check for check in checks
                   if table_rows.reversed_case(check, given, promised)}
        if any(table_rows.holds(row, promised) for row in rows if row not in reverse):
            # an input written quoted and bare (`"P3Y6M4DT12H30M5S"` as its Given quotes it,
            # `P3Y6M4DT12H30M5S` as a value it writes) is one case, counted once
            # an input written quoted and bare (`"P3Y6M4DT12H30M5S"` as its Given quotes it,
            # `P3Y6M4DT12H30M5S` as a value it writes) is one case, counted once
            if (table_rows.unquoted(given), promised) not in held:
                held.add((table_rows.unquoted(given), promised))
                score.add(LITERAL, ROW_WEIGHT, f"{given or EMPTY_STRING} -> {promised}")
                score.agree(LITERAL, f"{given} -> {promised}")
            score.asserts = score.complete = score.own_case = True
        elif matching:
            continue  # a pattern matches many texts: a row of another is no denial
        elif denying := [row for row in rows if table_rows.gives_other(row, given, promised)]:
            # its row gives the AC's very input another value of the promised kind: the
            # test states what the AC denies
            row = " ".join(denying[0].split())
            return _Score(contradicted=True, evidence=[given], denies=(
                f"its table gives `{given}` another value than `{promised}`: "
                f"{row[:80]}{'...' if len(row) > 80 else ''}"))
    for name in case.exceptions:
        amount = exceptions.get(name.lower(), 0.0)
        score.add(EXCEPTION, amount, name)
        if amount > 0:
            score.agree(EXCEPTION, name.lower())
        score.raised = score.raised or amount > 0
        generic = name.lower() in GENERIC_EXCEPTIONS
        agrees = (not generic or score.explained >= MIN_EXPLAINED
                  or (score.parts or {}).get(BODY, 0.0) >= GENERIC_BODY)
        score.asserts = score.asserts or (amount > 0 and agrees)
    # An error the AC names, asserted as a value (Go's `err != ErrX` over a table), is expected.
    errs = case.expects_error or any(lit.value.lower() in exceptions for lit in asserted)
    if not errs and testcases.denies_error(case.body):
        if crit.unthrown:  # `.not.toThrow()` where the AC says nothing is thrown: its check
            score.add(EXCEPTION, 1.0, NOTHING_THROWN)
            score.agree(EXCEPTION, NOTHING_THROWN)
            score.asserts = True
        elif crit.raises:  # ... where it promises a throw
            score.total *= CONTRADICTED_FACTOR
            score.claim *= CONTRADICTED_FACTOR
            score.contradicted = True
    score.unpromised = errs and not crit.fails
    score.unraised = (crit.raises and not errs
                      and not (crit.values and (score.named_for or crit.runs_unit))
                      ) or score.unpromised
    score.failure_only = (crit.raises and not errs and not crit.values
                          and case.file.endswith(".py"))
    return score


# A string literal of the test's code, read left to right: a backticked word inside a quoted
# message (`'You must provide an `initialState` value'`) is part of that message.
_STRING_VALUE = re.compile(r"'((?:[^'\\\n]|\\.)*)'|\"((?:[^\"\\\n]|\\.)*)\"|`((?:[^`\\]|\\.)*)`")


@functools.lru_cache(maxsize=4096)
def _input_unused(file: str, body: str, given: str) -> bool:
    """A Python table test that hands the AC's input (`given`, held by a column of its rows)
    to no code, comparing the code's result with it (`expected_column.input_unused`)."""
    return file.endswith(".py") and expected_column.input_unused(body, {given}) is not None


def _denied_value(spans: Sequence[str], crit: _Criterion) -> str:
    """A distinctive Then literal of the AC (weighing >= 1.0) that a test's checks (`spans`)
    name only in a check that the result is not it (`then_literals.only_what_it_is_not`:
    `.not.toBe(['boooom!', 'ahhhhh!'])`, which by identity passes whatever the code
    returns, or by equality says the opposite of the AC); "" for none, or where the Then
    promises a difference ("compares unequal")."""
    if crit.differs:
        return ""
    denying = [span for span in spans if then_literals.only_what_it_is_not(span)]
    if not denying:
        return ""
    others = [span for span in spans if span not in denying]
    return next((lit.value for lit, amount in crit.literals if amount >= 1.0
                 and then_literals.asserted_in(denying, [lit])
                 and not then_literals.asserted_in(others, [lit])), "")


def _quoted(value: str, body: str) -> bool:
    """Whether the test's code writes `value` as a value, in quotes (`"foo-bar"`): a whole
    string literal, not a word quoted inside a longer one."""
    if value not in body:
        return False
    # a template holding values (a tagged-template table, an inline snapshot) is code
    return any(value in m.groups()
               for m in _STRING_VALUE.finditer(then_literals.templates_opened(body)))


def _quoted_values(body: str, literals: Sequence[tuple[then_literals.Literal, float]],
                   score: _Score) -> float:
    """The weight of the Then literals `score` found asserted that the test's code writes as
    values, in quotes (`"foo-bar"`): not a field or function name the AC spells as code
    (`type`, `payload`)."""
    found = score.agreeing or set()  # a word of the AC's the test uses (`foo`) is no literal
    return sum(amount for lit, amount in literals
               if found & {f"{LITERAL}:{lit.value}", f"{MENTIONED}:{lit.value}"}
               and _quoted(lit.value, body))


# An example value an AC's Given or When quotes: "1985-04-12", `foo/Bar` (a backticked one
# only when no name: `parse_date` is the code it calls, not a value).
# A span in backticks, whole, or a string in double quotes outside them.
_EXAMPLE = re.compile(r'`([^`\n]*)`|"([^"\n]{3,})"')
# An option set to a quoted value, as code: `nickname="TheName"`, `sep: ";"`.
_SETTING_SPAN = re.compile(r"""[A-Za-z_$][\w$]*\s*[=:]\s*(['"])([^'"\n]+)\1""")


def _unset_settings(body: str, settings: Sequence[tuple[str, frozenset[str]]]
                    ) -> frozenset[str]:
    """The values an AC's Given sets an option to (`nickname="TheName"`) that the test's code
    never gives that option (`first="TheName"`): an input of another setting."""
    return frozenset(value for option, values in settings for value in values
                     if not re.search(rf"(?<![\w$]){re.escape(option)}['\"]?\s*[=:]\s*"
                                      rf"['\"`]{re.escape(value)}['\"`]", body))


def _examples(ac: AcceptanceCriterion) -> frozenset[str]:
    """The example inputs an AC's Given and When quote (`_EXAMPLE`): a string in double
    quotes, a span in backticks holding more than word characters (`nofile=1024:1:50`; not
    `HumanName`, nor a call), or the value a span sets an option to (`TheName` of
    `nickname="TheName"`, an input only where the option is set to it: `_unset_settings`)."""
    found = set()
    for span, quoted in _EXAMPLE.findall(ac.setting):
        if quoted:
            found.add(quoted)
        elif setting := _SETTING_SPAN.fullmatch(span.strip()):
            found.add(setting.group(2))
        elif re.search(r"[^\w]", span) and not _CALL_NAME.search(span):
            found.add(span)
    return frozenset(found)


# A value an AC writes as code or in double quotes, each span on its own.
_WRITTEN_SPAN = re.compile(r"`([^`\n]+)`|\"([^\"\n]{2,})\"")


def _spans_written(text: str) -> list[str]:
    """The values `text` writes in backticks or double quotes that are no plain name and no
    signature (`P3Y6M4DT12H30M5S`, `timedelta(weeks=-2)`, `9e2`; not `Core`, `f(a, b)`)."""
    return [value for a, b in _WRITTEN_SPAN.findall(text) for value in [(a or b).strip()]
            if len(re.findall(r"\w", value)) >= 2 and re.search(r"[^A-Za-z_]", value)
            and not then_literals.is_signature(value)]


def _inputs_elsewhere(body: str, pairs: Sequence[tuple[str, str]]) -> frozenset[str]:
    """The inputs of an AC's `pairs` (`_example_pairs`) that the test's table quotes only in
    rows holding none of what the AC promises for them: the test's own cases made of the
    AC's input (`test_sub` over the rows of a sum), not the AC's."""
    return frozenset(given for given in {g for g, _ in pairs}
                     if (rows := table_rows.rows_quoting(body, given)
                         + table_rows.template_rows_quoting(body, given)) and not any(
                         table_rows.holds(row, promised) for row in rows
                         for g, promised in pairs if g == given))


# An example a Then states as an input and what it becomes: "`-20` becomes `0`",
# "`(218, 165, 32)` gives `("85.49%", ...)`", "`a` -> `b`".
_BECOMES = re.compile(r"`([^`\n]+)`\s*(?:becomes|turns into|gives|->|\u2192)\s*`([^`\n]+)`")


def _then_examples(ac: AcceptanceCriterion) -> tuple[tuple[str, str], ...]:
    """(input, what it becomes) for each example the AC's Then states in one breath."""
    return tuple((m.group(1), m.group(2)) for m in _BECOMES.finditer(ac.promised))


def _worded(examples: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The Then's examples (`_then_examples`) whose input has two word characters or more
    (`o2fXhV` gives `(1, 2, 3)`): the AC's own case where one check holds both. A sign alone
    (`*` gives `Any`) is in any row of a lexer's or a parser's table."""
    return tuple((given, becomes) for given, becomes in examples
                 if len(re.findall(r"\w", given)) >= 2)


def _writes_value(body: str, value: str) -> bool:
    """Whether `body` writes `value`: as a whole string literal, or as code (a number, a
    tuple: `-20`, `(218, 165, 32)`), spaces aside."""
    if table_rows.writes(body, value):
        return True
    packed = re.sub(r"\s+", "", value)
    return bool(packed) and re.search(
        rf"(?<![\w.]){re.escape(packed)}(?![\w.])", re.sub(r"\s+", "", body)) is not None


def _unwritten_input(body: str, pairs: Sequence[tuple[str, str]]) -> str:
    """The first string input an AC's `pairs` give as a code literal (`"fooBar"`), when a
    test's code writes none of them, else "": what it asserts is then what the code gives
    for other inputs (`"FOOBar"` -> `["FOO", "Bar"]` shares `"Bar"` with `"fooBar"` ->
    `["foo", "Bar"]`), no evidence of the AC's own case."""
    inputs = [given for given, _ in pairs if table_rows.unquoted(given) != given]
    if inputs and not any(table_rows.writes(body, given) for given in inputs):
        return inputs[0]
    return ""


def _example_pairs(ac: AcceptanceCriterion) -> tuple[tuple[str, str], ...]:
    """(input, value) for each value an AC's Given or When writes (`_spans_written`,
    `written_values`) and each its Then promises (those, and its Then literals that are
    numbers but 0 and 1), less a value the input holds itself: the case the AC states, as
    one row of a table holds it (`5s` -> `5`)."""
    then = ac.promised
    given = dict.fromkeys([*_spans_written(ac.setting), *then_literals.written_values(ac.setting)])
    # a number of one digit too, bare or in backticks (`5`), but 0 and 1, which any row or
    # check holds by chance
    promised = dict.fromkeys([*_spans_written(then), *then_literals.written_values(then), *(
        lit.value for lit in then_literals.then_literals(then, ac.setting)
        if (lit.kind == then_literals.NUMBER and len(re.findall(r"\d", lit.value)) >= 2)
        or (_NUMBER.fullmatch(lit.value) and lit.value not in WEAK_NUMBERS))])
    # an empty value decides nothing alone; the empty string the AC gives, or an empty array
    # or object it promises, beside the AC's other value in one row (`["", []]`) is its case
    if {'""', "''"} & set(then_literals.empty_values(ac.setting)):
        given[""] = None
    promised.update(dict.fromkeys(
        e for e in then_literals.empty_values(then) if e not in ('""', "''")))
    # written without backticks: the one string its Given quotes (`Given the string "fooBar"`)
    # and the lists its Then writes (`then it returns ["foo", "Bar"]`)
    plain = _PLAIN_STRING.findall(_BACKTICKED.sub(" ", ac.setting))
    if len(plain) == 1 and len(re.findall(r"\w", plain[0])) >= 2:
        given.setdefault(plain[0])
    promised.update(dict.fromkeys(
        m.group(0) for m in table_rows.LIST.finditer(_BACKTICKED.sub(" ", then))))
    # a value the input itself holds (`foo` in `foo-bar`) is in every row quoting the input;
    # one only inside a longer word or number of it (`5` of `5s`) is not
    return tuple((g, p) for g in given for p in promised
                 if p != g and not table_rows.holds(f'"{table_rows.unquoted(g)}"', p))


# An example stated in one breath: a value in backticks, a few words at most (`with `'.'`
# as separator`: backticks allowed there), a verb of matching, the other value in backticks,
# and more of them joined by "and", "or", "but not", commas.
_STATED = re.compile(
    r"`(?P<x>[^`\n]+)`(?P<between>(?:[^`.;:,\n]|\bwith\s+`[^`\n]+`){0,40}?)\s"
    r"(?P<verb>(?:does not |doesn't |do not |never )?match(?:es)?)\s+"
    r"(?:only\s+|exactly\s+|just\s+)?`(?P<y>[^`\n]+)`"
    r"(?P<more>(?:\s*(?:,|\band\b|\bor\b|\bnor\b|\bbut\b)\s*(?:not\s+|also\s+)?"
    r"`[^`\n]+`(?![^`.;:,\n]{0,40}?\s(?:does not |doesn't |do not |never )?match))*)")
_MORE = re.compile(r"`([^`\n]+)`")


def _stated(then: str) -> tuple[tuple[str, str], ...]:
    """(pattern, text) for each example a Then states as one value matching another, or not
    (`_STATED`: "`a.*` matches `a.b` but not `a.b.c`", "`sta` does not match `stagnation`"),
    less a text the pattern holds itself (`at` of `?at`: every row quoting it holds that)."""
    found: dict[tuple[str, str], None] = {}
    for m in _STATED.finditer(then):
        for text in (m.group("y"), *_MORE.findall(m.group("more"))):
            if not table_rows.holds(f'"{m.group("x")}"', text):
                found.setdefault((m.group("x"), text))
    return tuple(found)


_BACKTICKED = re.compile(r"`[^`\n]*`")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_PLAIN_STRING = re.compile(r'(?<![\w"])"[^"\n]+"(?![\w"])')


def _shown(spellings: AbstractSet[str], token: str) -> str:
    """A matched word as the report shows it: the AC's shortest spelling of it (`parse`,
    not the stem `par`), so a reviewer can find it in the AC."""
    return min(spellings, key=lambda w: (len(w), w)) if spellings else token


def _akin(own: AbstractSet[str], ac: AbstractSet[str], elsewhere: AbstractSet[str]) -> bool:
    """Does the test spell a word as the AC's passive or progressive form does without its
    ending (add / adds ~ "is added", remove ~ "removing"), a spelling no other AC uses as is?"""
    bases = {b for w in own - elsewhere for b in words.inflection_bases(w)}
    return any(w.endswith(("ed", "ing")) and bases & words.inflection_bases(w) for w in ac)


def _explained(own: frozenset[str], ac_tokens: frozenset[str], weight: _Weights,
               compounds: Sequence[frozenset[str]] = ()) -> float:
    """The share of the weight of the test's own words (`own`) that the AC's words carry. A
    code name inside a sentence (`compounds`: "wrapped in createNextState") is one word, of
    its heaviest part's weight: it names one thing, as "wrapped" does."""
    total = explained = 0.0
    seen: set[str] = set()
    for group in compounds:
        parts = (group & own) - seen
        if len(parts) < 2:
            continue
        seen |= parts
        unit = max(weight(t, unknown=True) for t in parts)
        total += unit
        explained += min(unit, sum(weight(t) for t in parts & ac_tokens))
    for token in own - seen:
        total += weight(token, unknown=True)
        if token in ac_tokens:
            explained += weight(token)
    return explained / total if total else 0.0


# Three or more single words offered as alternatives: "when entities are added, set, upserted
# or updated".
_ALTERNATIVES = re.compile(r"\b[A-Za-z][\w-]*(?:, [A-Za-z][\w-]*)+,? or [A-Za-z][\w-]*\b")
# A command line's option (`--max-length`): an AC naming three or more lists what the command
# takes, each as one of k.
_OPTION = re.compile(r"(?<![\w-])--([A-Za-z][\w-]*)")
# A hyphenated compound of words (`immutable-update`, `re-sorted`; not an option `--max-length`).
_COMPOUND = re.compile(r"(?<![\w-])[A-Za-z]+(?:-[A-Za-z]+)+(?![\w-])")


def alternatives(ac: AcceptanceCriterion) -> dict[str, float]:
    """Per token, the share an AC gives it when it is one of k alternatives the AC lists
    (1/k): an AC that holds for any of four operations says little about each of them; or
    one of the k parts of a hyphenated compound of its prose, the only place it writes it."""
    shares: dict[str, float] = {}
    for match in _ALTERNATIVES.finditer(_ac_text(ac)):
        items = [words.tokens(item) for item in re.split(r",? or |, ", match.group(0))]
        if len(items) < 3 or any(len(item) > 1 for item in items):  # a stop word: none
            continue
        for item in items:
            for token in item:
                shares[token] = min(shares.get(token, 1.0), 1.0 / len(items))
    # A word the AC writes only inside a hyphenated compound ("an immutable-update draft")
    # is one of its k parts: the compound names one thing, which the word alone is not.
    prose = re.sub(r"`[^`]*`", " ", _ac_text(ac))
    found = _COMPOUND.findall(prose)
    rest = set(words.tokens(_COMPOUND.sub(" ", prose)))
    for compound in found:
        parts = [token for part in compound.split("-") for token in words.tokens(part)]
        for token in parts:
            if token not in rest and len(parts) >= 2:
                shares[token] = min(shares.get(token, 1.0), 1.0 / len(parts))
    options = set(_OPTION.findall(_ac_text(ac)))
    if len(options) >= 3:
        for option in options:
            for token in words.tokens(option):
                shares[token] = min(shares.get(token, 1.0), 1.0 / len(options))
    return shares


def lengths(ac_words: Sequence[Mapping[str, object]], scales: Sequence[Mapping[str, float]]
            ) -> list[float]:
    """Per AC, the factor its words' evidence is held at for its length: 1 / (1 - b + b * its
    words / the story's mean), b = LENGTH_NORM (a word it lists as one of k alternatives
    counts 1/k). An AC of many words shares some with most tests by chance, and outbids a short
    one on them; a short one says what it says in fewer words (a document's length, as BM25
    weighs it)."""
    counts = [sum(scale.get(token, 1.0) for token in group)
              for group, scale in zip(ac_words, scales, strict=True)]
    mean = sum(counts) / len(counts) if counts else 0.0
    if not mean:
        return [1.0] * len(counts)
    return [1.0 / (1.0 - LENGTH_NORM + LENGTH_NORM * count / mean) for count in counts]


# A word inside a string value (`foo` of `/?foo=1`), as `_literal_weights` reads it, and how
# many other ACs' values must hold it for it to be a word examples share (`foo`, `bar`), not
# a name two ACs happen to write (`build` of a version's `+build.5` and of its field).
_VALUE_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
SHARED_EXAMPLE_WORD = 3


def _borrowed(criteria: Sequence[AcceptanceCriterion], acting: Sequence[frozenset[str]]
              ) -> list[frozenset[str]]:
    """Per AC, the names its Then writes as code that another AC acts through and it does not
    (`acting`: `called_in_setting`, the functions tests call; xmltodict's `unparse` AC:
    "reading the result back with `parse` gives the same dictionary", beside the AC "read
    with `parse`"). Used on the way, such a name is a Then literal of the AC only for a test
    calling what the AC itself acts through: every test of the other AC calls it."""
    out = []
    for i, ac in enumerate(criteria):
        others = set().union(*(group for j, group in enumerate(acting) if j != i))
        found = ((span.strip(), _CALLABLE_SPAN.fullmatch(span.strip()))
                 for span in _CODE_SPAN.findall(ac.promised))
        out.append(frozenset(span for span, m in found if m and (
            key := identifier_key(m.group(1))) in others and key not in acting[i]))
    return out


def _literal_weights(criteria: Sequence[AcceptanceCriterion]
                     ) -> list[list[tuple[then_literals.Literal, float]]]:
    # what a Then names counts too (`mentioned`): a test asserting on it checks what it says
    per_ac = [then_literals.then_literals(ac.promised, ac.setting if ac.then else "",
                                          mentioned=True)
              for ac in criteria]
    df: dict[str, int] = {}
    for lits in per_ac:
        for value in {lit.value for lit in lits}:
            df[value] = df.get(value, 0) + 1
    # a one-word string is written by every AC whose own values hold it as a word (`foo` of a
    # fragment beside `/?foo=1`, `./foo` and `/foo?bar=1`): a name examples share decides
    # little of which AC a test asserting it checks
    held = [{word for lit in lits if lit.kind == then_literals.STRING
             for word in _VALUE_WORD.findall(lit.value)} for lits in per_ac]
    for value in list(df):
        if _VALUE_WORD.fullmatch(value):
            sharing = sum(value in words and value not in {lit.value for lit in lits}
                          for words, lits in zip(held, per_ac, strict=True))
            df[value] += sharing if sharing >= SHARED_EXAMPLE_WORD else 0
    out = []
    for lits in per_ac:
        rows = []
        for lit in lits:
            base = LITERAL_WEIGHT[lit.kind]
            if (lit.kind == then_literals.NUMBER and lit.value in WEAK_NUMBERS) or (
                    lit.kind == then_literals.STRING and not re.search(r"\w\w", lit.value)):
                base = LITERAL_WEIGHT[then_literals.KEYWORD]
            rows.append((lit, base / df[lit.value]))
        out.append(rows)
    return out


def _table_values(criteria: Sequence[AcceptanceCriterion],
                  literals: Sequence[Sequence[tuple[then_literals.Literal, float]]]
                  ) -> list[dict[str, float]]:
    """Per AC, the values it writes literally (`then_literals.written_values`) that no other AC
    writes and that are not its Then literals (counted as such), each weighing TABLE_VALUE: a
    test whose data table holds one checks what the AC speaks of (`CRON_TZ=<zone>` and a row
    `"CRON_TZ=UTC  0 5 * * * *"`). A value two ACs write decides nothing."""
    written = [set(then_literals.written_values(ac.text)) for ac in criteria]
    count = Counter(value for group in written for value in group)
    return [{value: TABLE_VALUE for value in sorted(group)
             if count[value] == 1 and value not in {lit.value for lit, _ in lits}}
            for group, lits in zip(written, literals, strict=True)]


def _shared(named: Sequence[set[str]], base: float) -> list[dict[str, float]]:
    """Per AC, each name it carries weighing `base` divided among the ACs that carry it."""
    df: dict[str, int] = {}
    for group in named:
        for name in group:
            df[name] = df.get(name, 0) + 1
    return [{name: base / df[name] for name in group} for group in named]


# The built-in exceptions code raises for any bad input: expecting one says little about which
# behaviour a test checks, so each weighs half and is never the only evidence.
GENERIC_EXCEPTIONS = frozenset({
    "exception", "error", "valueerror", "typeerror", "keyerror", "indexerror", "runtimeerror",
    "attributeerror", "assertionerror", "lookuperror", "oserror", "notimplementederror",
    "rangeerror", "syntaxerror", "illegalargumentexception", "illegalstateexception",
    "nullpointerexception", "runtimeexception"})


def _exception_weights(criteria: Sequence[AcceptanceCriterion]) -> list[dict[str, float]]:
    shared = _shared([_exceptions_named(ac) for ac in criteria], EXCEPTION_WEIGHT)
    return [{name: amount / 2 if name in GENERIC_EXCEPTIONS else amount
             for name, amount in group.items()} for group in shared]


_NOT_KEY = re.compile(r"[^a-z0-9]")


@functools.lru_cache(maxsize=8192)  # a story's few hundred names, asked for in every pair
def identifier_key(text: str) -> str:
    """An identifier as the matcher compares them: lower case, letters and digits only
    (`set_key`, `setKey`, `SetKey` -> `setkey`)."""
    return _NOT_KEY.sub("", text.lower())


# A capitalised word inside a sentence ("combined with And or Or"), and a call of a
# capitalised name in test code (`And(int, ...)`).
_CAPITALISED_INSIDE = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]+\b")
_CAPITALISED_CALL = re.compile(r"\b([A-Z][a-z]+)\s*\(")
# A plain word in an AC, and a call of a plain name in test code that is no method's
# (`valmap(inc, d)`, not `cache.clear()`).
_PLAIN_WORD = re.compile(r"\b[a-z][a-z0-9_]*\b")
_PLAIN_CALL = re.compile(r"(?<![\w.$])([a-z][a-z0-9_]*)\s*\(")
_METHOD_CALL = re.compile(r"\.([a-z][a-z0-9_]*)\s*\(")
# Statement words of the other test languages that precede a parenthesis, as Python's own do.
_CALL_NAME = re.compile(r"(?<![\w$])([A-Za-z_][A-Za-z0-9_]*)\s*\(")
# A keyword argument a test hands a call (`pdeque([1, 2], maxlen=2)`): the name of a setting.
# A call that builds no object (`Merge(...)`, not `new Cache()`).
_UNBUILT_CALL = re.compile(r"(?<![\w$])(?<!\bnew )([A-Za-z_][A-Za-z0-9_]*)\s*\(")
_KEYWORD_ARG = re.compile(r"[(,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)")
_OTHER_KEYWORDS = frozenset({"switch", "catch", "function", "typeof", "func", "select"})


def identifiers_named(ac: AcceptanceCriterion, called: AbstractSet[str] = frozenset()
                      ) -> set[str]:
    """The code identifiers an AC names (`SetMetadata`, `max_age`, `parse()`, in backticks),
    as keys: lower case, letters and digits only; four characters or more, but for a call
    written as code (`add(name, value)`, `.get(`); and, however short, a capitalised word
    inside a sentence that the story's tests call (`called`: "And", "Or" of a validation
    library, which as English words are stop words)."""
    found = set()
    for match in _IDENTIFIER_IN_TEXT.finditer(ac.text):
        key = identifier_key(next(g for g in match.groups() if g))
        # a call written as code (`add(name, value)`) names a function however short
        if len(key) >= MIN_IDENTIFIER or (match.group(2) and len(key) >= 2 and ac.text[
                max(match.start() - 1, 0)] in "`."):
            found.add(key)
    found.update(word.lower() for word in _CAPITALISED_INSIDE.findall(ac.text)
                 if word in called)
    return found


# An identifier written with an ellipsis for its middle (`isLessThanOne…Ago`, `get...Sync`),
# or a star between snake_case parts (`get_*_string`; not a glob, `a*b`)
_ELIDED = re.compile(r"`([A-Za-z_]\w*)(?:…|\.\.\.|(?<=_)\*(?=_))(\w*)`")


def elided_names(ac: AcceptanceCriterion, known: AbstractSet[str]) -> set[str]:
    """The identifiers of `known` (keys) an AC names by their shape, its middle elided
    (`isLessThanOne…Ago`: `islessthanoneminuteago`, `islessthanonehourago`): "when the same
    `isLessThanOne…Ago` checks it" names each function another AC lists, as a reader takes
    it, and a test named after one is of both ACs, its words choosing."""
    found: set[str] = set()
    for match in _ELIDED.finditer(ac.text):
        head, tail = identifier_key(match.group(1)), identifier_key(match.group(2))
        found |= {key for key in known if len(key) > len(head) + len(tail)
                  and key.startswith(head) and key.endswith(tail)}
    return found


def _functions_named(criteria: Sequence[AcceptanceCriterion], called: AbstractSet[str],
                     methods: AbstractSet[str] = frozenset()) -> list[set[str]]:
    """Per AC, the plain words it uses that the story's tests call as functions (`called`):
    "when valmap is applied" and `valmap(inc, d)`; and two neighbouring words of its prose
    that name, joined, a function or a method a test named after it calls (`methods`): "a
    JSON Schema" and `test_json_schema_types` calling `s.json_schema(...)`. Only a name one
    AC alone uses counts: a function every AC mentions (`relativedelta`) is the module under
    test, not one AC's unit."""
    used = [{word for word in _PLAIN_WORD.findall(ac.text) if word in called}
            | {joined for joined in _neighbours_joined(ac.text)
               if joined in called or joined in methods}
            for ac in criteria]
    count = Counter(word for group in used for word in group)
    return [{identifier_key(word) for word in group if count[word] == 1} for group in used]


def _neighbours_joined(text: str) -> set[str]:
    """Two neighbouring words of an AC's prose, lower case, joined as a snake_case name
    (`json_schema` of "exported as a JSON Schema"): a function the AC names in words."""
    found: set[str] = set()
    for sentence in re.split(r"[^\w\s-]+", _BACKTICKED.sub(".", text)):
        spoken = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", sentence)]
        found.update(f"{a}_{b}" for a, b in pairwise(spoken)
                     if a not in words.STOP_WORDS and b not in words.STOP_WORDS)
    return found


# A family of identifiers an AC lists: the words all its members start and end with.
Family = tuple[tuple[str, ...], tuple[str, ...]]
MIN_FAMILY = 3  # members an AC lists for a family
FAMILY_WORDS = 2  # words every member shares, at its start and its end together


def families(ac: AcceptanceCriterion) -> tuple[Family, ...]:
    """The family of identifiers an AC names by listing three or more members that share two
    or more words at their start and end (`ToIntE`, `ToStringE`, `ToTimeE`: to ... e;
    `ToSlice`, `ToIntSlice`, `ToBoolSlice`: to ... slice), as its (start, end) words; `ToInt`,
    `ToUint`, `ToFloat64` share only `To`, the module's prefix, and make none."""
    raw = dict.fromkeys(next(g for g in m.groups() if g)
                        for m in _IDENTIFIER_IN_TEXT.finditer(ac.text))
    members = [[p.lower() for p in words.IDENTIFIER_PART.findall(name)] for name in raw
               if len(identifier_key(name)) >= MIN_IDENTIFIER]
    members = [parts for parts in members if len(parts) >= 2]
    if len(members) < MIN_FAMILY:
        return ()
    start = _common([tuple(parts) for parts in members])
    end = _common([tuple(reversed(parts)) for parts in members])[::-1]
    if len(start) + len(end) < FAMILY_WORDS or any(
            len(parts) < len(start) + len(end) for parts in members):
        return ()
    return ((start, end),)


def _common(seqs: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    out: list[str] = []
    for column in zip(*seqs, strict=False):
        if len(set(column)) > 1:
            break
        out.append(column[0])
    return tuple(out)


def _member(parts: Sequence[str], found: Sequence[Family]) -> str:
    """The key of the longest start of a test's name that is a member of one of the families,
    with a word of its own between their start and end (`TestToUint8E`: touint8e); "" if none."""
    for k in range(len(parts), 0, -1):
        head = tuple(parts[:k])
        if any(len(head) > len(start) + len(end) and head[:len(start)] == start
               and head[len(head) - len(end):] == end for start, end in found):
            return "".join(head)
    return ""


def _plain_calls(body: str) -> set[str]:
    """The plain names a test's code calls, less language keywords and stop words (`if (`,
    `not(`)."""
    return {name for name in _PLAIN_CALL.findall(body)
            if name not in words.STOP_WORDS and not keyword.iskeyword(name)
            and name not in _OTHER_KEYWORDS}


def _name_tail(name: str) -> str | None:
    """A test's own name without its `test_` / `Test` prefix; None for a sentence."""
    last = re.split(r"::|\.| > ", name)[-1].strip()
    return None if " " in last else re.sub(r"^(?:test|Test)_?", "", last)


def subject_of(name: str) -> str:
    """The unit a test is named after, as an identifier key: `TestSetMetadata` ->
    `setmetadata`, `TestSigner::test_max_age` -> `maxage`; "" for a sentence."""
    tail = _name_tail(name)
    return "" if tail is None else identifier_key(tail)


def subject_prefixes(name: str, file: str = "") -> tuple[str, ...]:
    """The units a test's name may start with, longest first (the first is `subject_of`), as
    identifier keys: `test_for_json_encodes_list` -> forjsonencodeslist, ..., forjson, for (a
    test is named `test_<unit>_<what it checks>` by the convention of every runner); () for a
    sentence. A name that starts with its file's unit names what follows it, too (right after
    the whole name): `TestVersionMetadata` in `version_test.go` -> versionmetadata, metadata,
    ..., version (the method `Metadata` of the file's type). A sentence that starts with a
    call names the unit it calls: `joinURL( ) === ` (a title made at run time,
    `joinURL(${t.input}) === ${t.out}`), `parse("1h") returns 3600000` -> joinurl, parse; one
    that starts with a name spelled as code (snake_case, SCREAMING_CASE, camelCase with a
    second hump) names it: `RBENV_DIR has precedence over PWD` -> rbenvdir."""
    whole = subject_of(name)
    if not whole:
        own = re.split(r"::| > ", name)[-1]
        called = _LEADING_CALL.match(own) or _LEADING_CODE_NAME.match(own)
        return (identifier_key(called.group(1)),) if called else ()
    parts = _name_parts(name)
    rest = _after_file_unit(parts, file)
    return tuple(dict.fromkeys([whole, *("".join(rest[:k]) for k in range(len(rest), 0, -1)),
                                *("".join(parts[:k]) for k in range(len(parts), 0, -1))]))


_LEADING_CALL = re.compile(r"\s*([A-Za-z_$][\w$]*)\(")
# a sentence led by a name spelled as code (`RBENV_DIR has precedence over PWD`)
_LEADING_CODE_NAME = re.compile(r"\s*([A-Za-z_$][\w$]*(?:[a-z0-9][A-Z]|_[A-Za-z0-9])[\w$]*)\s")


def _name_parts(name: str) -> list[str]:
    return [p.lower() for p in words.IDENTIFIER_PART.findall(_name_tail(name) or "")]


def _after_file_unit(parts: Sequence[str], file: str) -> list[str]:
    """The words of a test's name after its file's unit, singular or plural, when the name
    starts with it (`TestConstraintsString` in constraint_test.go: [string]); else []."""
    unit = file_unit_parts(file)
    lead = list(parts[:len(unit)])
    if unit and lead[:-1] == unit[:-1] and lead[-1:] in ([unit[-1]], [unit[-1] + "s"]):
        return list(parts[len(unit):])
    return []


def file_unit(file: str) -> str:
    """The unit a test file is named after, as spelled: `version_test.go`, `test_version.py`,
    `version.test.ts` -> `version`, `createSlice.test.ts` -> `createSlice`; "" for a file
    named for no unit (`tests.py`)."""
    stem = PurePosixPath(file).name.split(".", 1)[0]
    return re.sub(r"^(?:tests?_|Tests?(?=[A-Z_]|$)|tests?$)|(?:_tests?|Tests?|_spec)$", "", stem)


def file_unit_parts(file: str) -> list[str]:
    """The words of the unit a test file is named after (`file_unit`): [version]; []."""
    return [p.lower() for p in words.IDENTIFIER_PART.findall(file_unit(file))]


def _named_wholly(name: str, file: str) -> frozenset[str]:
    """The subjects that are a test's whole name: the name, and what follows its file's unit."""
    rest = "".join(_after_file_unit(_name_parts(name), file)) if subject_of(name) else ""
    return frozenset(filter(None, (subject_of(name), rest)))


def prints_only(name: str) -> bool:
    """A test of how an object prints (`test_range_repr`, `testRelativeDeltaRepr`,
    `test_str_and_repr`): its own name has the word `repr`."""
    tail = _name_tail(name)
    return tail is not None and "repr" in {
        part.lower() for part in words.IDENTIFIER_PART.findall(tail)}


def _nested(name: str) -> list[str]:
    """The levels of a nested test name below any class: `describe(...) > ... > it(...)`."""
    return _NAME_PARTS.split(name.rsplit("::", 1)[-1])


# A name spelled as code: camelCase / CamelCase with a second hump, snake_case, or a call.
_CODE_NAME = lazy_re(r"(?<![\w$])[A-Za-z_$][\w$]*(?:[a-z0-9][A-Z]|_[A-Za-z0-9])[\w$]*|"
                     r"(?<![\w$.])[A-Za-z_$][\w$.]*\(\)")


# What a `describe()` group adds around the code name it is named after: a leading `#` or `.`
# (`describe('#parse')`, mocha's instance and static methods) and a note in parentheses
# (`describe('parseFile (async)')`).
_GROUP_DECOR = re.compile(r"^[#.]|\s+\([^()]*\)$")


def group_code_name(group: str) -> str:
    """The code name a `describe()` group is named after (`_CODE_NAME`: camelCase, snake_case
    or a call), without what the group adds around it (`parseFile (async)`, `#parseFile`);
    "" for a group named otherwise (a sentence, a plain word)."""
    bare = _GROUP_DECOR.sub("", group.strip())
    return bare if _CODE_NAME.fullmatch(bare) else ""


def suite_subject(name: str) -> str:
    """The unit a test's class or `describe()` group is named after, as an identifier key:
    `ChunkedTests::test_odd` -> `chunked`, `TestSplitInto::test_empty` -> `splitinto`,
    `describe("getQuery") > test(t)` -> `getquery` (a group named as code is: camelCase,
    snake_case or a call, `parse()`, also with a note, `parseFile (async)`: `group_code_name`;
    not a sentence nor a plain word, `describe("logout")`), or a dotted name, backticks
    aside (`ResultAsync.combine` -> `resultasynccombine`: a method of a type, spelled as an
    AC spells it); "" outside a class or group."""
    levels = name.split("::")
    nested = _nested(name)
    if len(nested) >= 2:
        group = nested[-2].strip().strip("`")
        return identifier_key(group_code_name(nested[-2]) or (
            group if _DOTTED.fullmatch(group) else ""))
    if len(levels) < 2:
        return ""
    return identifier_key(re.sub(r"^Test_?|_?(?:Tests?|TestCase)$", "", levels[-2]))


def _unit_as_written(units: AbstractSet[str], ac: AcceptanceCriterion) -> str:
    """How an AC writes the units it names where it spells them otherwise than the code (case
    aside: `UnitRuns.named_in`), as the reason a test does not count says it: " as `GIB`" for
    `GiB` (bitmath's AC refusing `"1.23 GIB"`, a unit in the wrong case, had read "never runs
    `GiB`, which the AC names"); "" where it writes each as the code does."""
    found = _WORD.findall(ac.setting or ac.text)
    written = {u: sorted({w for w in found if w != u and identifier_key(w) == identifier_key(u)})
               for u in sorted(units) if u not in found}
    written = {u: spelled for u, spelled in written.items() if spelled}
    if not written:
        return ""
    if len(units) == 1:
        return f" as {' or '.join(f'`{w}`' for w in next(iter(written.values())))}"
    return " (" + "; ".join(f"`{u}` as {' or '.join(f'`{w}`' for w in spelled)}"
                            for u, spelled in written.items()) + ")"


def _why_not(i: int, bests: Sequence[_Score], criteria: Sequence[AcceptanceCriterion],
             chosen: Mapping[int, _Score], decided: AbstractSet[int],
             unrun: AbstractSet[int],
             guessed: Sequence[AbstractSet[str]] | None = None,
             skipped: AbstractSet[str] = frozenset(),
             called: AbstractSet[str] = frozenset()) -> str:
    """Why a test near AC `i` (`bests`: its best evidence for each AC; `decided`: the ACs its
    evidence chose before the run's units and its printing were weighed) does not count for
    it, in the words a reviewer acts on: what the run showed, or where no run was measured
    (`guessed`: per AC, the units test files are named after that it names) what its file's
    name and calls say, what it counts for instead, or that its evidence is too little or no
    more for this AC than for another; `called`: the units of `skipped` its code calls as a
    method (`q.sift(...)`)."""
    if bests[i].denies:
        return bests[i].denies
    if i in decided and i in unrun:
        # no run measured: the units are read from test files' names, no run showed anything
        if guessed is None:
            # the units by name: boolean.py's AC saying "not allowed" names its class `NOT`,
            # which "the code the AC names" had left to guess
            if not skipped:
                return "the run shows it never runs the code the AC names"
            said = " or ".join(f"`{u}`" for u in sorted(skipped))
            named = f", which the AC names{_unit_as_written(skipped, criteria[i])}"
            if called:  # a method of a function's name: the run counts it with its class
                calls = ", ".join(f"`.{u}(...)`" for u in sorted(called))
                return (f"the run never counts it as running {said}{named}, though its code "
                        f"calls {calls}: the run counts a method by its name only where no "
                        "function of its module has that name")
            return f"the run shows it never runs {said}{named}"
        names = ", ".join(f"`{u}`" for u in sorted(guessed[i]))
        return (f"no run was measured, and it neither calls {names}, which the AC names, nor "
                "sits in a test file named after it")
    if i in decided:
        return "it checks what is printed, which the AC does not speak of"
    if chosen:
        return _counts_for(criteria, chosen, bests[i])
    score = bests[i]
    alike = [j for j, other in enumerate(bests) if j != i
             and _resembles(other) and other.total >= score.total / MARGIN]
    if alike:
        # "as much: evidence for none" was read as a clause missing its subject (pyrsistent's
        # `test_hashing`, as near its AC9 as AC3): say what it means for the test; and an AC
        # it resembles by a margin more is said so (fastjson's `TestParseRawNumber`, 1.04
        # for AC2, had been said to resemble AC4, at 3.04, "as much")
        more = [criteria[j].ac_id for j in alike if bests[j].total > score.total * MARGIN]
        same = [criteria[j].ac_id for j in alike if bests[j].total <= score.total * MARGIN]
        said = " and ".join(part for part in (f"{', '.join(more)} more" if more else "",
                                              f"{', '.join(same)} as much" if same else "")
                            if part)
        return (f"it resembles {said}, so it counts for "
                f"{'neither' if len(alike) == 1 else 'none of them'}")
    if score.total < MIN_SCORE:
        return f"too little of the AC in it (evidence {score.total:.1f}, a match needs " \
               f"{MIN_SCORE:g})"
    return "its own name, description and assertions say too little of the AC"


_FITS_BETTER = ", which its words fit better"


def _counts_for(criteria: Sequence[AcceptanceCriterion], chosen: Mapping[int, _Score],
                score: _Score) -> str:
    """Why a nearest test counted for other ACs (`chosen`) does not count for this one (its
    evidence for it, `score`): their words fit it better, where its evidence for one of them
    is as much; else that its evidence for this AC is more, and by how much (bitmath's
    `test_kib_power`, 6.27 for AC8 and 5.25 for AC7, which counted it, had read "which its
    words fit better")."""
    named = "it counts for " + ", ".join(criteria[j].ac_id for j in sorted(chosen))
    most = max(other.total for other in chosen.values())
    if most >= score.total:
        return named + _FITS_BETTER
    return f"{named}, though its evidence for this AC is more ({score.total:.2f} against " \
           f"{most:.2f})"


def _counted_as_settled(criteria: Sequence[AcceptanceCriterion],
                        near: dict[str, list[Match]],
                        read_tests: Mapping[str, tuple[list[_Score], dict[int, _Score]]]
                        ) -> None:
    """A nearest test's "it counts for ..." names the ACs it counts for once
    `_beside_the_broadest` has taken the broad AC from it, not those its evidence chose first:
    sqids' `decoding blocklist words should still work`, nearest the AC of a custom alphabet,
    had read "it counts for AC1, AC8" where AC8 alone counted it. Changes `near` in place."""
    index = {ac.ac_id: i for i, ac in enumerate(criteria)}
    for ac_id, matches in near.items():
        at = index.get(ac_id)
        near[ac_id] = [replace(m, why=_counts_for(criteria, read_tests[m.test][1],
                                                  read_tests[m.test][0][at]))
                       if at is not None and m.why.startswith("it counts for ")
                       and m.test in read_tests and read_tests[m.test][1] else m
                       for m in matches]


def _resembles(score: _Score) -> bool:
    """A test near an AC it does not match: its own words or assertions carry some of the
    AC (what `_decide` asks of every match) and nothing it asserts rules the AC out."""
    return (score.total >= MIN_SCORE / 2 and score.claim >= MIN_CLAIM
            and not (score.contradicted or score.unraised))


def _unobserved(score: _Score) -> _Score:
    """`score` without its calls of the functions the AC names and its checks of names the
    AC's Then only mentions: asserting only if it asserts one of the AC's own values. A test
    of a unit no AC speaks of checks its effect through the AC's function
    (`describe("remove")`'s `expect(ms.search("vita").map(({ id }) => id))`), which says
    nothing of that AC; what its own name says still does."""
    if not score.observed:
        return score
    return replace(score, total=score.total - score.observed,
                   claim=score.claim - score.observed_claim, observed=0.0,
                   observed_claim=0.0, asserts=score.asserts and any(
                       not agreed.startswith((f"{CALLS}:", f"{MENTIONED}:"))
                       for agreed in score.agreeing or ()))


def _decide(scores: Sequence[_Score], executed: bool = False, alone: bool = False,
            unspoken: AbstractSet[int] = frozenset(),
            unnamed: AbstractSet[int] = frozenset(),
            wider: AbstractSet[int] = frozenset()) -> list[int]:
    """Indexes of the ACs a test covers, from its evidence for each (the module's rule);
    `executed`: per-test coverage shows the test running the story's sources; `alone`: the
    scores are of the test's own sentence read apart from its groups, which is strong
    evidence for its best AC only; `unspoken`: the ACs that never speak of the unit the test's
    class is named after, which its words alone cannot match (`_other_unit`); `unnamed`: the
    ACs of a unit other than the test's, or of its unit but not of what the rest of its name
    says, which only an assertion of theirs matches and which are no rivals
    (`_of_another_unit`, `_of_its_rest`); `wider`: the ACs of a unit whose name holds the
    test's group's unit and more, which only an assertion of theirs matches, rivals still
    (`_of_a_wider_unit`)."""
    scores = [_unobserved(s) if i in unspoken else s for i, s in enumerate(scores)]
    # An AC its assertions alone match strongly, which its name never mentions, is covered on
    # its own: it sets no bar for the ACs the test's name speaks of.
    on_own = {id(s) for s in scores if s.asserts and s.explained == 0 and s.total >= STRONG}
    best = max((s.total for s in scores if id(s) not in on_own), default=0.0) or max(
        (s.total for s in scores), default=0.0)

    def strong(score: _Score) -> bool:
        # A second AC's evidence is mostly the set-up the test shares with its first, unless
        # its name or its assertions speak of it too.
        # Its body's words and bare numbers alone, its sentence silent on the AC and nothing
        # distinctive asserted, are a resemblance however many: `9`, `11`, `13` and `2` in the
        # expected object of a test of another method are no range from 9 to 13 by a step of 2.
        return score.total >= STRONG and (score.total >= SHARE * best or score.complete) and (
            score.total >= best or (not alone and (
                score.asserts or score.explained >= SECOND_EXPLAINED))) and not (
            score.silent and not score.asserts and not score.named_unit) and not (
            score.failure_only and not score.asserts)

    def outspelled(score: _Score) -> bool:
        # Its words mostly mere stems (pushed ~ "pushing"), a rival's spelled alike.
        return not score.asserts and any(
            r is not score and r.alike >= OUTSPELLED * score.alike and r.alike >= 1.0
            and r.total >= NEAR * score.total and not (r.contradicted or r.unraised)
            for r in scores)

    # Competing for a weak match: ACs the test's own words or assertions point at, and that
    # its assertions do not rule out. An AC its assertions alone match strongly, which its
    # name never mentions, is covered on its own and competes with none.
    rivals = [s for i, s in enumerate(scores) if s.claim >= MIN_CLAIM
              and not (s.contradicted or s.unraised or (i in unnamed and not s.asserts))
              and not (s.asserts and s.explained == 0 and strong(s))
              and not (s.named_for and s.named_whole)]
    # A test named wholly after an identifier one AC names (and its assertions do not rule
    # out) has said by its name all it says: another AC sharing the identifier's words
    # (`TestConstraintCheck` and "when a version is checked") needs an assertion to agree.
    whole = [s for s in scores if s.named_for and s.named_whole
             and not (s.contradicted or s.unraised)]
    chosen = []
    for i, score in enumerate(scores):
        if score.total < MIN_SCORE or score.claim < MIN_CLAIM:
            continue
        # a file's name (`memoize-one.spec.ts`) is every test's there: it outbids no AC
        others = [r for r in rivals if r is not score and not outspelled(r)
                  and not r.named_by_file and not _rows_apart(score, r)]
        runner_up = max((r.total for r in others), default=0.0)
        alike_runner_up = max((r.alike for r in others), default=0.0)
        # A rival ahead by its body's words alone, near this AC's total, while the test's own
        # name and assertions claim this AC far more (`claim`), an assertion of it agreeing
        # (a word its name shares by chance is no more than a word): the body's words are its
        # set-up and comments, the name says what it checks (Unidecode's
        # `test_errors_invalid`, whose comment that the error "is not chained ... another
        # exception occurred" is the strict mode's AC's words, its name the invalid mode's)
        ahead = score.total >= runner_up or (
            score.asserts and score.total >= NEAR * runner_up and score.claim >= MARGIN * max(
                (r.claim for r in others if r.total > score.total), default=0.0))
        # Beside an AC the test is named wholly after, only an assertion of its own agrees.
        beside = [w for w in whole if w is not score]
        agrees = score.asserts and all(score.apart_from(w) for w in beside)
        clear_best = (score in rivals and ahead
                      and (score.total >= MARGIN * runner_up
                           or (score.alike > 0 and score.alike >= MARGIN * alike_runner_up))
                      and (agrees or (score.explained >= MIN_EXPLAINED
                                      and (score.alike > 0 or score.akin or executed)
                                      and not beside)))
        # ... and names the test's AC only when no other AC has evidence of its own
        named_for = score.named_for and not (score.contradicted or score.unraised) and not (
            score.named_by_file and any(r is not score for r in rivals)) and not (
            score.named_by_suite and any(r.own >= MIN_EXPLAINED and r.own > score.own
                                         and r.claim >= MIN_CLAIM
                                         for r in scores if r is not score))
        if i in unspoken and not score.asserts:
            if score.own < NAMED_APART:
                continue
            clear_best = named_for = False
        if (i in unnamed or i in wider) and not score.asserts:
            continue
        # ... and, its own sentence read apart from the groups that name its unit, by all its
        # distinctive values or its own case: one value of it a row shares by chance (`3000`
        # of `domain.test:3000`) is no check of it
        if i in unnamed and alone and not (score.tabled or score.complete or score.own_case
                                           or score.own_value):
            continue
        # a row of its table (or a check) holding the AC's own input and promised value is
        # the AC's case, whatever else the test says
        if (strong(score) and not outspelled(score)) or clear_best or named_for or (
                (score.own_case or score.own_value) and not score.contradicted):
            chosen.append(i)
    return chosen


OUTDONE = 2.0  # another test's evidence for an AC, times this test's, that makes it a second


def _second_tests(criteria: Sequence[AcceptanceCriterion], hits: dict[str, dict[str, Match]],
                  near: dict[str, list[Match]],
                  read_tests: Mapping[str, tuple[list[_Score], dict[int, _Score]]]) -> None:
    """An AC no test counts for takes its nearest spare test: one whose other ACs (those it
    counts for, and those it resembles within `MARGIN` of this one) each have another test
    with `OUTDONE` times its evidence, so that its resemblance to them is no rival (a second
    test there: cron-parser's `parseFileSync > reads and parses a valid crontab file
    synchronously`, beside the invalid-line test that verifies the AC its words fit better).
    The test moves: it counts for the ACs it was a second test of no more.
    Only the clear best of the AC's spare tests (`MARGIN`), whose own words explain it
    (`MIN_EXPLAINED`) spelled alike and that nothing rules out; not a test named wholly after
    a unit one of its ACs names, which has said all it says (as in `_decide`). `read_tests`:
    per test matched by its evidence, its best evidence for each AC and the ACs it counts
    for."""
    def outdone(test: str, j: int, score: _Score) -> bool:
        return any(other != test and match.score >= OUTDONE * score.total
                   for other, match in hits[criteria[j].ac_id].items())

    def spare(test: str, i: int) -> bool:
        bests, chosen = read_tests[test]
        score = bests[i]
        return _resembles(score) and not any(
            sc.named_for and sc.named_whole for sc in chosen.values()) and all(
            outdone(test, j, other) for j, other in enumerate(bests) if j != i and (
                j in chosen or (_resembles(other) and MARGIN * other.total >= score.total)))

    uncovered = [i for i, ac in enumerate(criteria) if not hits[ac.ac_id]]
    found = {}
    for i in uncovered:
        ranked = sorted(((read_tests[test][0][i].total, test) for test in read_tests
                         if spare(test, i)), reverse=True)
        if not ranked:
            continue
        total, test = ranked[0]
        runner_up = ranked[1][0] if len(ranked) > 1 else 0.0
        score = read_tests[test][0][i]
        if total >= MIN_SCORE and total >= MARGIN * runner_up \
                and score.explained >= MIN_EXPLAINED and score.alike > 0:
            found[i] = Match(test, round(total, 2), score.how(), tuple(score.evidence or ()))
    for i, match in found.items():
        hits[criteria[i].ac_id][match.test] = match
        near[criteria[i].ac_id] = []
        # it moves: where another test outdoes it, it is that AC's second, and counts there
        # no more (a skipped first test leaves that AC uncovered, not covered by the second)
        for j in read_tests[match.test][1]:
            hits[criteria[j].ac_id].pop(match.test, None)
    moved = {match.test: criteria[i].ac_id for i, match in found.items()}
    for ac in criteria:
        # where it stays a nearest test, why it does not count is the AC it now counts for
        # (pytimeparse's `test_timeparse_32`: "it resembles AC1, AC2, AC9, AC10 as much, so
        # it counts for none of them" beside AC4, while AC9 counted it)
        near[ac.ac_id] = [replace(m, why=f"it counts for {moved[m.test]}, which no other "
                                         "test covers") if m.test in moved else m
                          for m in near[ac.ac_id]]


def broadest(resembling: Sequence[int]) -> int | None:
    """The AC most of the story's tests resemble (`resembling`: per AC, the tests with
    evidence of BROAD_EVIDENCE for it), when one AC alone leads: the story's broad AC, whose
    operation and words every other AC's tests share as their set-up."""
    counts = list(resembling)
    most = max(counts, default=0)
    return counts.index(most) if most and counts.count(most) == 1 else None


def _beside_the_broadest(criteria: Sequence[AcceptanceCriterion],
                         hits: dict[str, dict[str, Match]],
                         read_tests: Mapping[str, tuple[list[_Score], dict[int, _Score]]]
                         ) -> None:
    """A test counted for the story's broad AC (`broadest`) and for another whose share of the
    test's own words is larger counts for the other alone: what it shares with the broad AC
    is the set-up every test of the story runs (golang-set's `Test_SetUnion` building its sets
    with `NewSet` and `Add` and counting them), unless it checks the
    broad AC's own case or value or is named after what only that AC names (cast's
    `TestToUint8E` for the E variants' AC). Changes `hits` and each test's chosen ACs in
    place."""
    broad = broadest([sum(1 for bests, _ in read_tests.values() if bests[i].total >=
                          BROAD_EVIDENCE) for i in range(len(criteria))])
    if broad is None:
        return
    for test, (bests, chosen) in read_tests.items():
        others = [i for i in chosen if i != broad]
        if broad not in chosen or not others:
            continue
        score = chosen[broad]
        if score.own_case or score.own_value or score.complete or score.named_for:
            continue
        if bests[broad].own < max(bests[i].own for i in others):
            hits[criteria[broad].ac_id].pop(test, None)
            del chosen[broad]


def _rows_apart(score: _Score, other: _Score) -> bool:
    """Whether a table test holds all an AC promises in its rows, and agrees with another AC
    by a value of that AC's own, each by what the other lacks (`values is not an array` in one
    row, `values contains no values` in the next): two rows, two cases, each its AC's, not two
    readings of one test competing for it. The other AC's values may be short ones that weigh
    little (`a`, `b/`, `/c` give `a/b/c`): a row of its own is its row all the same."""
    return score.tabled and bool(other.agreeing) and score.apart_from(other) and \
        other.apart_from(score)


def _of_another_unit(scores: Sequence[_Score], crits: Sequence[_Criterion]) -> frozenset[int]:
    """The ACs a test named after a unit some AC names as code does not check (`scores`: its
    evidence for each, read by its whole name): those that neither name that unit nor speak
    of it by its word (`test_load_dotenv_in_current_dir` runs `load_dotenv`; an AC of
    `find_dotenv` about the current directory is another unit's; "a curried function" speaks
    of `curry`). Not an AC the test's own words are wholly about, with more of its evidence
    than the unit's ACs have (`TestToTimeWithTimezones`, whose subtests all speak of the AC
    of `ToTimeInDefaultLocation`); nor where the unit is only its file's, which every test
    there shares. Empty for a test named after no such unit."""
    named = [s for s in scores if s.named_unit and not s.named_by_file]
    if not named:
        return frozenset()
    units = [words.tokens(s.evidence[0]) for s in named if s.evidence]
    keys = [s.evidence[0] for s in named if s.evidence]
    held = max(s.claim for s in named)
    return frozenset(i for i, (s, crit) in enumerate(zip(scores, crits, strict=True))
                     if not s.named_unit
                     and not any(unit and unit <= crit.spelled.keys() for unit in units)
                     and not any(_spoken_apart(key, crit.spelled.keys() - crit.code_words)
                                 for key in keys)
                     and not (s.explained >= WHOLLY_EXPLAINED and s.claim > held))


def _spoken_apart(key: str, spelled: AbstractSet[str]) -> bool:
    """Whether an AC's prose (`spelled`: its words outside code spans) says, as two words of
    its own in any form, the two words a unit's key joins (`applypatch`: "a patch ... is
    applied"; not "local" of `LocalDateTime` for `localtime`)."""
    for cut in range(3, len(key) - 2):
        head, tail = (frozenset(t for t in words.tokens(part) if not t.startswith("+"))
                      for part in (key[:cut], key[cut:]))
        if len(head) == 1 and len(tail) == 1 and head | tail <= spelled and head != tail:
            return True
    return False


# A dotted name: its owner and a member (`Result.Ok`, `ResultAsync.fromThrowable`).
_DOTTED = re.compile(r"([A-Za-z_$][\w$]*)\.[A-Za-z_$][\w$]*")


def group_unit(case: TestCase) -> str:
    """The unit a JS/TS test's outermost `describe()` group names, backticks aside: a name
    spelled as code (`ResultAsync`, `createSlice`: `group_code_name`) or the owner of a dotted
    name (`Result.Ok`, `Result.fromThrowable` -> `Result`); "" for a group named otherwise (a
    sentence, a plain word) and for a test in no group."""
    if not case.file.endswith(_JS_SUFFIXES):
        return ""
    nested = _nested(_spoken(case))
    if len(nested) < 2:
        return ""
    group = nested[0].strip().strip("`")
    dotted = _DOTTED.fullmatch(group)
    return dotted.group(1) if dotted else group_code_name(group)


def _spans(spoken: Sequence[str], unit: frozenset[str]) -> list[range]:
    """Where `spoken` says every word of `unit`, one after another in any order."""
    size = len(unit)
    return [range(k, k + size) for k in range(len(spoken) - size + 1)
            if frozenset(spoken[k:k + size]) == unit and len(set(spoken[k:k + size])) == size]


def _of_a_wider_unit(unit: str, units: AbstractSet[str],
                     criteria: Sequence[AcceptanceCriterion],
                     identifiers: Sequence[Mapping[str, float]]) -> frozenset[int]:
    """The ACs a test of `unit` (its outermost group's: `group_unit`) does not check, among
    `units` (every such group's of the story's tests): those that speak of a unit whose name
    holds every word of `unit` and more (`ResultAsync` beside `Result`: "an asynchronous
    result", `ResultAsync.map`), say the words of `unit` only inside such a name, and name
    no `unit` as code (`Result` / `ResultAsync`). Empty for a test in no unit's group."""
    if not unit:
        return frozenset()
    mine = frozenset(words.spoken_stems(unit))
    wider = [w for w in (frozenset(words.spoken_stems(u)) for u in units) if mine < w]
    if not mine or not wider:
        return frozenset()
    out = set()
    for i, ac in enumerate(criteria):
        spoken = words.spoken_stems(ac.text)
        inside = {k for w in wider for span in _spans(spoken, w) for k in span}
        if not inside or identifier_key(unit) in identifiers[i]:
            continue
        if all(set(span) <= inside for span in _spans(spoken, mine)):
            out.add(i)
    return frozenset(out)


def _leads(keys: Sequence[str], tokens: Iterable[str]) -> bool:
    """Whether a word of an AC (a token of `MIN_IDENTIFIER` or more letters) begins one of the
    unit keys: "when the values are compacted" speaks of `compactField` by its verb."""
    return any(key.startswith(t) for t in tokens if len(t) >= MIN_IDENTIFIER
               and t.isalpha() for key in keys)


# A name an AC's Given or When writes in backticks as code that can be called: a function or
# method, bare, dotted or as a call (`combine`, `ResultAsync.combine`, `parse()`).
_CALLABLE_SPAN = re.compile(r"(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)(?:\(\))?")


def called_in_setting(ac: AcceptanceCriterion) -> frozenset[str]:
    """The functions and methods an AC's Given and When (its whole text when it has neither)
    write in backticks, as identifier keys of what is called (`ResultAsync.combine` ->
    `combine`): what the AC acts through."""
    found = (_CALLABLE_SPAN.fullmatch(span.strip())
             for span in _CODE_SPAN.findall(ac.setting or ac.text))
    return frozenset(identifier_key(m.group(1)) for m in found if m)


def _of_another_call(calls: AbstractSet[str], named: Sequence[AbstractSet[str]],
                     unit: str = "") -> frozenset[int]:
    """The ACs a test does not check by the functions it calls (`calls`, as identifier keys;
    `named`, per AC, the functions its Given or When writes as code that some test of the
    story calls: `called_in_setting`):
    - where the test calls one an AC acts through, those acting only through a variant of it
      (a name holding it or held by it, `combine` and `combineWithAllErrors`) that it never
      calls. Variants share their words, so the test's sentence cannot tell their ACs apart;
      the call does (neverthrow's `Result.combine(resultList)` test of an Err, beside an AC
      of `combine` and one of `combineWithAllErrors` that both promise an Err holding
      `boooom!`). A name holding another is no call of it. Unrelated names rule nothing out:
      a test calls the set-up of other ACs' functions too (a scheduler's test calling `New`
      and `AddFunc`);
    - where its class or `describe()` group is named after a function it calls that no AC
      names (`unit`: `errAsync > Creates a ResultAsync that resolves to an Err` calling
      `errAsync('bad')`), it checks a function the story never speaks of: every AC acting
      only through functions it never calls is another's (neverthrow's AC of
      `ResultAsync.combine`, which speaks of asynchronous results resolving as the `errAsync`
      test's name does). A function some AC names is the story's subject, and an AC may act
      through it by another's call among its alternatives ("when it is subscribed or
      invalidated through the client (`invalidateQueries`)")."""
    if unit and unit in calls:
        return frozenset(i for i, group in enumerate(named) if group and not group & calls)
    used = set().union(*(group & calls for group in named))
    return frozenset(i for i, group in enumerate(named) if group and not group & calls
                     and any(a != b and (a in b or b in a) for a in group for b in used))


def _of_other_code(name: str, identifiers: Sequence[Mapping[str, float]]) -> frozenset[int]:
    """The ACs a test's sentence puts aside by the code names it writes (`should be able to
    call `onError` and `onSettled` after each failed mutate`): where some ACs, at most half,
    name one of them as code, those naming none check other code, and only an assertion of
    theirs matches the test. Empty for a sentence writing no code name an AC names."""
    written = {identifier_key(n) for n in _CAMEL_NAME.findall(name)} | {
        identifier_key(n) for n in _CODE_SPAN.findall(name)}
    naming = {i for i, named in enumerate(identifiers) if written & set(named)}
    if not naming or 2 * len(naming) > len(identifiers):
        return frozenset()
    return frozenset(range(len(identifiers))) - naming


def _of_its_rest(scores: Sequence[_Score], said: _Said, crits: Sequence[_Criterion],
                 weight: _Weights, linking: AbstractSet[str]) -> frozenset[int]:
    """The AC a test is named for by its first words (`test_curry_docstring` and the AC of
    `curry`) when the rest of its name (`docstring`) is none of that AC's words and wholly
    the words of another AC that speaks of the same unit by its word ("a curried function
    ... reports its docstring"): the test checks that AC's side of the unit, not the unit's
    AC (`scores`: its evidence for each, read by its whole name). Empty otherwise."""
    out = set()
    for i, score in enumerate(scores):
        if not (score.named_for and not score.named_whole and score.evidence):
            continue
        unit = score.evidence[0]
        k = next((k for k in range(len(said.parts), 0, -1)
                  if "".join(said.parts[:k]) == unit), 0)
        rest = frozenset(words.normalise(words.forms(" ".join(said.parts[k:])), linking))
        unit_words = words.tokens(unit)
        if not (k and rest and unit_words) or \
                _explained(rest, frozenset(crits[i].spelled), weight) > 0:
            continue
        if any(j != i and unit_words <= other.spelled.keys()
               and _explained(rest, frozenset(other.spelled), weight) >= WHOLLY_EXPLAINED
               for j, other in enumerate(crits)):
            out.add(i)
    return frozenset(out)


# An option set to a value, as code: `long: true`, `strict_aud=True`, `{ long: true }`.
_SETTING_RE = re.compile(r"`\{?\s*([A-Za-z_$][\w$.-]*\s*[:=]\s*[^`\s:={}][^`{}]*?)\s*\}?`")


def _setting_key(text: str) -> str:
    return re.sub(r"\s*([:=])\s*", r"\1", " ".join(text.split()))


# A literal an option is set to: a quoted string, a number, a boolean, none.
_LITERAL = r"""'[^'\n]*'|"[^"\n]*"|-?\d+(?:\.\d+)?|True|False|true|false|None|null"""
_LITERAL_SETTING = re.compile(rf"([A-Za-z_$][\w$.-]*)[:=]({_LITERAL})")


# Words that name the two sides of one thing: a test named for the one side (`returns the
# previous smaller value`) checks the other side of an AC that says only the one (`then it
# returns the next greater value`).
# Not a side an option's value says either way (`enabled` set to `false` is disabled), nor
# the order of time (a test of "stop before start" beside "after `Stop` no job starts").
OPPOSITES = (("next", "previous"), ("next", "prev"), ("greater", "smaller"),
             ("greater", "less"), ("larger", "smaller"), ("largest", "smallest"),
             ("highest", "lowest"), ("maximum", "minimum"), ("max", "min"),
             ("ascending", "descending"), ("increment", "decrement"), ("increase", "decrease"),
             ("forward", "backward"), ("forwards", "backwards"), ("older", "newer"),
             ("oldest", "newest"), ("uppercase", "lowercase"), ("encode", "decode"),
             ("encrypt", "decrypt"), ("serialize", "deserialize"), ("compress", "decompress"))


@functools.lru_cache(maxsize=1)
def _opposite_stems() -> tuple[tuple[str, str, str], ...]:
    """(a word's stem, its opposite's stem, the opposite as written), both ways round."""
    found = []
    for one, other in OPPOSITES:
        found += [(words.stem(one), words.stem(other), other),
                  (words.stem(other), words.stem(one), one)]
    return tuple(found)


def _opposite(said: AbstractSet[str], ac_tokens: AbstractSet[str]) -> dict[str, str]:
    """The words a test's name and description say (`said`, stems) whose opposites the AC
    says without them, while the test says none of those opposites: stem -> the word as
    written ({} for none). `previous` and `smaller` for "the next greater value"."""
    return {theirs: written for ours, theirs, written in _opposite_stems()
            if ours in ac_tokens and theirs not in ac_tokens
            and theirs in said and ours not in said}


def _literal_value(text: str) -> str:
    """A literal as compared: a string without its quotes, `True` as `true`."""
    if text[:1] in "'\"":
        return text[1:-1]
    return text.lower() if text in ("True", "False", "None") else text


_NAME = re.compile(r"[A-Za-z_$][\w$]*")
_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'')


def _written(code: str, strings: bool = True) -> frozenset[str]:
    """The identifiers a test's id and code write, as keys (`identifier_key`); with
    `strings` False, not those inside its string literals (`"CamelCase"`: data, not code)."""
    return frozenset(identifier_key(name)
                     for name in _NAME.findall(code if strings else _STRING.sub(" ", code)))


# A code name of two or more words (`WeaklyTypedInput`, `bigint_as_string`, `Config.Squash`):
# no English word (`mapstructure` tags, a `match` package) read as code.
_COMPOUND_NAME = re.compile(r"[a-z][A-Z][a-z]|[A-Za-z0-9][_.][A-Za-z]")


def _sets_up(setup: AbstractSet[str], written: AbstractSet[str]) -> bool:
    """Whether a test's written identifiers hold one of an AC's `setup` names: as a whole, or
    inside a longer one for a name of four letters or more (`bigint_as_string` in
    `test_bigint_as_string`, the test's file)."""
    return bool(setup & written) or any(
        key in name for key in setup if len(key) >= MIN_IDENTIFIER for name in written)


def _conditions(criteria: Sequence[AcceptanceCriterion], coded: Sequence[AbstractSet[str]],
                written: Sequence[AbstractSet[str]]
                ) -> list[tuple[frozenset[str], frozenset[str]]]:
    """Per AC, (the code names of two or more words its Given writes (`WeaklyTypedInput`,
    `WeakDecode` in "Given weakly typed input (WeaklyTypedInput in DecoderConfig, WeakDecode
    or WeakDecodeMetadata)") that no other AC names and at most half of the story's tests
    (`written`: the identifiers of each test's id and code) write, every name its Given
    writes as code or capitalised, `DecoderConfig` and `Metadata` too), as keys. The first
    are the setting or entry point its case rests on: a test writing none of the second
    runs the code without them (mapstructure's `TestArray`, no test of the weak-typing AC
    for its slices and arrays). Not the code other ACs or most tests use (`Decode`): the
    module's way in. ((), ()) for an AC whose Given names no such code."""
    found = []
    for i, ac in enumerate(criteria):
        given = ac.given or ""
        names = [next(g for g in m.groups() if g) for m in _IDENTIFIER_IN_TEXT.finditer(given)]
        own = frozenset(
            key for name in names if _COMPOUND_NAME.search(name)
            and len(key := identifier_key(name)) >= MIN_IDENTIFIER
            and not any(key in other for j, other in enumerate(coded) if j != i)
            and 0 < 2 * sum(key in keys for keys in written) <= len(written))
        setup = frozenset(identifier_key(name) for name in (
            *names, *_CAPITALISED_INSIDE.findall(given),
            *(name for span in _CODE_SPAN.findall(given) for name in _NAME.findall(span)),
            *(next(g for g in m.groups() if g)
              for m in _IDENTIFIER_IN_TEXT.finditer(ac.when or "")))) - {""}
        found.append((own, setup) if own else (frozenset(), frozenset()))
    return found


def _as_written(text: str, keys: AbstractSet[str]) -> tuple[str, ...]:
    """`keys` (identifier keys, `eastasianwidth`) as `text` writes them (`EastAsianWidth`:
    what the report names, a key being no spelling any code has), the first spelling of
    each, in the keys' order; a key `text` does not write stays as it is."""
    spelled: dict[str, str] = {}
    for found in _IDENTIFIER_IN_TEXT.finditer(text):
        name = next(group for group in found.groups() if group)
        spelled.setdefault(identifier_key(name), name)
    return tuple(spelled.get(key, key) for key in sorted(keys))


# An option a call passes by keyword (`format(sql, strip_whitespace=True)`).
_OPTION_PASSED = re.compile(r"[(,]\s*([A-Za-z_]\w*)\s*=(?!=)")
_LITERAL_PASSED = re.compile(rf"[(,]\s*([A-Za-z_]\w*)\s*=(?!=)\s*({_LITERAL})(?![\w.])")
_LITERAL_WRITTEN = re.compile(rf"(?<![\w$.])([A-Za-z_]\w*)=({_LITERAL})(?![\w.])")
CHECKED_KEYWORD = 1.5  # a checked call's keyword named as only one AC's Given speaks
_GIVEN_WORD = re.compile(r"\b[a-z]{3,}\b")


def _given_words(criteria: Sequence[AcceptanceCriterion]) -> list[frozenset[str]]:
    """Per AC, the plain words of its Given (no stop words) that no other AC's Given or When
    writes in that very form: "Given a weekday" (dateutil's AC of `weekday=FR`), "such as day
    or hour" beside another AC's "years, months or days" (`day=31` replaces, `days=+1` adds:
    a keyword's exact form is its meaning); and the options it sets to a literal, bare or as
    code, that no other sets so (`months=false` of "months turned off (months=False)")."""
    given = [set(_GIVEN_WORD.findall(ac.given or "")) - words.STOP_WORDS
             | _set_literally(ac.given or "") for ac in criteria]
    said = [set(_GIVEN_WORD.findall(f"{ac.given or ''} {ac.when or ''}"))
            | _set_literally(f"{ac.given or ''} {ac.when or ''}") for ac in criteria]
    return [frozenset(word for word in own
                      if not any(word in other for j, other in enumerate(said) if j != i))
            for i, own in enumerate(given)]


def _keywords_checked(case: TestCase, said: _Said) -> frozenset[str]:
    """The keyword arguments a Python test's checks pass (`self.assertEqual(self.today +
    relativedelta(weekday=FR), ...)`: `weekday`); none for another language's code, where
    `name=` is an assignment."""
    if not case.file.endswith(".py"):
        return frozenset()
    return frozenset(key for span in said.spans for key in _OPTION_PASSED.findall(span)) | {
        f"{option}={_literal_value(value).lower()}"
        for span in said.spans for option, value in _LITERAL_PASSED.findall(span)}


def _set_literally(text: str) -> set[str]:
    """The options `text` sets to a literal, bare or as code (`months=False` of "Given months
    turned off (months=False)"), each as `option=value` (`months=false`)."""
    return {f"{option}={_literal_value(value).lower()}"
            for option, value in _LITERAL_WRITTEN.findall(text)}


# A member named with its owner, a capitalised class or namespace (`ResultAsync.fromThrowable`,
# `Decimal.from_float`): not an instance's (`result.map`), whose owner is any variable.
_QUALIFIED = re.compile(r"(?<![\w$.])([A-Z][\w$]*)\.([A-Za-z_$][\w$]*)(?![\w$])")


def _qualified(text: str) -> frozenset[tuple[str, str]]:
    """The (owner, member) pairs an AC's code spans name."""
    return frozenset(pair for span in _BACKTICKED.findall(text)
                     for pair in _QUALIFIED.findall(span))


def _other_owner(code: str, qualified: AbstractSet[tuple[str, str]]) -> str:
    """`Owner.member` where a test's id or code (`code`) uses an AC's member only with
    another owner than the AC names (`Result.fromThrowable` for an AC on
    `ResultAsync.fromThrowable`), writing none of the AC's own pairs; "" otherwise."""
    if not qualified:
        return ""
    written = set(_QUALIFIED.findall(code))
    if written & qualified:
        return ""
    return next((f"{owner}.{member}" for owner, member in sorted(written)
                 if any(member == theirs and owner != mine for mine, theirs in qualified)), "")


def _sibling_option(body: str, crit: _Criterion) -> str:
    """The first option a test's code passes by keyword that shares a word with an identifier
    the AC names, where the code never names that identifier: sqlparse's
    `format(sql, identifier_case='lower')` beside an AC on `keyword_case`, or
    `strip_whitespace=True` beside `strip_comments`. The test checks that other option; a
    literal it asserts that the AC also writes is the other option's result. "" if none."""
    if not crit.coded:
        return ""
    code = _code_only(body)
    keys = ""
    option: str
    for option in _OPTION_PASSED.findall(code):
        if identifier_key(option) in crit.identifiers:
            return ""  # it passes the AC's own option
        parts = words.raw_words(option)
        shared = {p for p in parts if len(p) >= words.MIN_STEM and any(
            p in key for key in crit.coded)} if len(parts) >= 2 else set()
        if not shared:
            continue
        keys = keys or identifier_key(code)
        if not any(key in keys for key in crit.coded if any(w in key for w in shared)):
            return option
    return ""


def _literal_settings(ac: AcceptanceCriterion) -> tuple[tuple[str, frozenset[str]], ...]:
    """(option, values) for each option the AC's Given or When sets to a literal as code
    (`errors='strict'`, `{ strict: true }`), with every literal its whole text sets it to
    (a Then going on "with `follow_links=False` ...": both are its cases)."""
    def literal(text: str) -> list[tuple[str, str]]:
        return [(whole.group(1), _literal_value(whole.group(2)))
                for m in _SETTING_RE.finditer(text)
                if (whole := _LITERAL_SETTING.fullmatch(_setting_key(m.group(1))))]

    anywhere = literal(ac.text)
    return tuple((option, frozenset(v for o, v in anywhere if o == option))
                 for option in dict.fromkeys(o for o, _ in literal(ac.setting)))


def _other_setting(code: str, settings: Sequence[tuple[str, frozenset[str]]]) -> str:
    """The first of an AC's literal `settings` that a test's code sets only to other literals
    (`errors='invalid'` where the AC says `errors='strict'`; not `errors == 'x'`, nor a
    value that is no literal, `errors=mode`, nor one a colon goes on from, `"nofile=512:1024"`:
    a longer value), as "`errors='invalid'`, never the AC's `strict`"; else "". The test then
    checks the code otherwise set, not the AC's case."""
    for written, values in settings:
        option = written.rsplit(".", 1)[-1]
        set_to = [m.group(1) for m in re.finditer(
            rf"(?<![\w$.]){re.escape(option)}\s*[:=]\s*({_LITERAL})(?![\w.:])", code)]
        if set_to and not values & {_literal_value(v) for v in set_to}:
            return f"`{option}={set_to[0]}`, never the AC's `{' / '.join(sorted(values))}`"
    return ""


def _settings(ac: AcceptanceCriterion) -> tuple[frozenset[str], frozenset[str]]:
    """(the option settings an AC's Given writes as code, those its whole text writes)."""
    given = frozenset(_setting_key(m.group(1)) for m in _SETTING_RE.finditer(ac.given or ""))
    return given, frozenset(_setting_key(m.group(1)) for m in _SETTING_RE.finditer(ac.text))


def _in_another_setting(name: str, settings: Sequence[tuple[frozenset[str], frozenset[str]]]
                        ) -> frozenset[int]:
    """The ACs a test's name puts aside by naming an option setting another AC's Given
    writes as code (`format(number, { long: true }) > should support milliseconds`, beside
    "Given the option `long: true`"): those that write no such setting anywhere check the
    code without it, and only an assertion of theirs matches the test. Empty for a test whose
    name names none."""
    key = _setting_key(name)
    named = {found for given, _ in settings for found in given
             if re.search(r"(?<![\w$])" + re.escape(found) + r"(?![\w$])", key)}
    if not named:
        return frozenset()
    return frozenset(i for i, (_, written) in enumerate(settings) if not named & written)


def _spoken(case: TestCase) -> str:
    """A test's name as the matcher reads it: as its source reads, where its own name is made
    at run time (`testcases`: `joinURL(${a}) === ${b}` says joinURL, not stringify)."""
    return case.spoken or case.name


def _nominalised(suite: str, calls: AbstractSet[str]) -> str:
    """The one function or method a test calls whose name the name of its class or group
    turns into a noun (`TestEncryption` calling `h.encrypt(...)`: the stem alike), else ""."""
    if not suite.isalpha():
        return ""
    found = {call for call in calls if call.isalpha() and len(call) >= MIN_IDENTIFIER
             and call != suite and words.stem(call) == words.stem(suite)}
    return next(iter(found)) if len(found) == 1 else ""


def _said(case: TestCase, name: Mapping[str, set[str]], description: Mapping[str, set[str]],
          body: Mapping[str, set[str]], file_group: str = "",
          linking: set[str] | None = None) -> _Said:
    """What a test says; `file_group`: the group every test of its file is in, which names the
    file's unit rather than this test's (`_file_units`); `linking`: the joined pairs that
    link texts (`words.compounds_seen`)."""
    spelled = {t: name.get(t, set()) | description.get(t, set()) for t in {*name, *description}}
    spoken = _spoken(case)
    spans = tuple(then_literals.assertion_spans(case.body))
    links = linking or set()
    suite = suite_subject(spoken)
    of_file = not suite and len(file_unit_parts(case.file)) >= 2
    if of_file:  # one file per function or type
        suite = identifier_key(file_unit(case.file))
    return _Said(frozenset(name), frozenset(description), frozenset(body), spelled,
                 spans, subject_prefixes(spoken, case.file),
                 wholes=_named_wholly(spoken, case.file),
                 suite="" if file_group and suite == identifier_key(file_group) else suite,
                 suite_of_file=of_file,
                 suite_of_group=bool(suite) and not of_file and len(_nested(spoken)) >= 2,
                 calls=frozenset(identifier_key(n) for n in _CALL_NAME.findall(
                     _code_only(case.body))),
                 compounds=_compounds(spoken, links),
                 parts=tuple(_name_parts(spoken)),
                 table=then_literals.table_strings(case.body),
                 checked_strings=then_literals.check_strings(case.body),
                 outer=_outer_units(case), outer_words=_outer_words(case, links),
                 constant_spans=(then_literals.assertion_spans(case.constants)
                                 if case.constants else ()),
                 constant_table=(then_literals.table_strings(case.constants)
                                 if case.constants else ()),
                 compared=_compared_numbers(spans, links),
                 checked=_checked_calls(spans),
                 checks_nothing=case.file.endswith(".py")
                 and then_literals.python_calls_only(case.body) is not None)


def _checked_calls(spans: Sequence[str]) -> frozenset[str]:
    """The functions whose results the checks compare, the assertion library's own aside:
    a call ending the checked expression (`assert h.encrypt(1, 2, 3) == 'o2fXhV'`,
    `expect(parse(s)).toBe(...)`: `encrypt`, `parse`), not one whose result is only a step
    on the way (`z.number().positive().maxValue`: the check is of `maxValue`)."""
    found = set()
    for span in spans:
        code = _ASSERTION_CALLS.sub(" ", span)
        for match in _CALL_NAME.finditer(code):
            end = then_literals.closing(code, match.end() - 1)
            if not re.match(r"\s*[.\[(]", code[end:]):
                found.add(identifier_key(match.group(1)))
    return frozenset(found)


# A number compared with something else by an operator (`l.Len() != 128`, `len(c) == 128`,
# `size <= 10`): not one inside a sum (`i+128`), an index or a longer name or number.
_COMPARED_NUMBER = re.compile(
    r"(?:[=!]==?|<=?|(?<![=-])>=?)\s*(?P<after>-?\d+(?:\.\d+)?)(?![\w.+\-*/%\[])"
    r"|(?<![\w.+\-*/%\]])(?P<before>-?\d+(?:\.\d+)?)\s*(?:[=!]==?|<=?|>=?)(?!=)")


def _compared_numbers(spans: Sequence[str], linking: AbstractSet[str]
                      ) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each number of two digits or more a check (`spans`) compares by an operator
    (`_COMPARED_NUMBER`), with the words of the check's code, its strings and numbers aside:
    `if l.Len() != 128 {` compares 128 with the length."""
    out: dict[tuple[str, frozenset[str]], None] = {}
    for span in spans:
        found = [m.group("after") or m.group("before") for m in _COMPARED_NUMBER.finditer(span)]
        numbers = [n for n in found if len(re.findall(r"\d", n)) >= 2]
        if not numbers:
            continue
        code = _STRING_VALUE.sub(" ", span)
        said = frozenset(t for t in words.normalise(words.forms(code), linking)
                         if not _NUMBER.fullmatch(t))
        for number in numbers:
            out.setdefault((number, said))
    return tuple(out)


_QUOTED = re.compile(r'"[^"\n]*"')


def _then_numbers(criteria: Sequence[AcceptanceCriterion], linking: AbstractSet[str]
                  ) -> list[dict[str, tuple[frozenset[str], frozenset[str]]]]:
    """Per AC, each number of two digits or more its Then writes, but inside a message it
    quotes (`"cannot parse 'Vuint', -42 overflows uint"`), with the words of its Then and the
    words of every other AC's Then that writes it too: a check comparing the number with code
    its own Then's words name, and no other's, checks the value it states (`Len` is 128, and
    the callback called 128 times, beside it). A number of one digit a check compares by
    chance; nor is a clock time's part a number of its own (`words.CLOCK`: the 30 of
    "next run at 10:30" is not `next.minute == 30` after scheduling another time)."""
    thens = [ac.promised for ac in criteria]
    said = [frozenset(t for t in words.normalise(words.forms(then), linking)
                      if not _NUMBER.fullmatch(t)) for then in thens]
    numbers = [frozenset(re.findall(r"(?<![\w.])-?\d\d+(?:\.\d+)?(?![\w.])",
                                    words.CLOCK.sub(" ", _QUOTED.sub(" ", then))))
               for then in thens]
    return [{n: (said[i], frozenset().union(*(said[j] for j in range(len(thens))
                                              if j != i and n in numbers[j])))
             for n in numbers[i]} for i in range(len(thens))]


def _outer_words(case: TestCase, linking: AbstractSet[str]) -> frozenset[str]:
    """The words of a test's outer units (`_outer_names`) that the last part of its name
    (`it()` sentence, method) does not say itself: `getQuery > t` -> get, query;
    `DecoratorTestMixin::test_decorator` in `test_cached.py` -> cached, mixin, not decorator."""
    def said(text: str) -> set[str]:
        return set(words.normalise(words.forms(text), linking))
    last = said(re.split(r"::| > ", _spoken(case))[-1])
    return frozenset(set().union(*map(said, _outer_names(case))) - last)


def _through_constants(case: TestCase, said: _Said, crits: Sequence[_Criterion],
                       scores: list[_Score], weight: _Weights, linking: AbstractSet[str]
                       ) -> list[_Score]:
    """`scores` with the values the test compares with through its file's constants
    (`self.TEST_ASCII`) counted for the one AC its other evidence fits best, where its own
    name says a word of that AC: a constant is what the tests reading it share (Unidecode's
    four command-line tests all compare their output with `TEST_ASCII`, `'Ge '`), so its
    value confirms what a test says it checks and points at no AC by itself."""
    if not said.constant_spans and not said.constant_table:
        return scores
    best = max(range(len(scores)), key=lambda i: scores[i].total, default=None)
    if best is None or scores[best].total <= 0 or any(
            score.total >= scores[best].total for i, score in enumerate(scores) if i != best):
        return scores
    own = words.normalise(words.forms(" ".join(said.parts)), linking)
    if not own.keys() & crits[best].spelled.keys():
        return scores
    valued = _score(case, replace(said, spans=said.constant_spans, table=said.constant_table),
                    crits[best], weight)
    return [valued if i == best else score for i, score in enumerate(scores)]


def _of_outer_unit(scores: list[_Score], said: _Said,
                   identifiers: Sequence[Mapping[str, float]]) -> list[_Score]:
    """`scores` with the unit the test's file, outermost group or class is named after
    (`_outer_units`) counted, at its identifier weight, for each AC that names it and that the
    test's own words (not those of its outer units: `_Score.own`) explain best (>=
    MIN_EXPLAINED, and no other AC more): the unit says what
    the test runs, its name which of that unit's ACs it checks (`createSlice > should create
    an action` for an AC of `createSlice` about creating actions). Not where the test is named
    after an identifier by its own name already. New scores: a cached one is never changed."""
    if not said.outer:
        return scores
    top = max((s.own for s in scores), default=0.0)
    out = []
    for i, score in enumerate(scores):
        held = max((identifiers[i].get(u, 0.0) for u in said.outer), default=0.0)
        if not (held and not score.named_unit and score.own >= max(MIN_EXPLAINED, top)):
            out.append(score)
            continue
        key = next(u for u in sorted(said.outer) if identifiers[i].get(u, 0.0) == held)
        counted = replace(score, parts=dict(score.parts or {}), evidence=list(score.evidence or []))
        counted.add(NAME, held, key)
        counted.alike += held
        out.append(counted)
    return out


def _outer_names(case: TestCase) -> tuple[str, ...]:
    """The names of a test's file's unit, outermost `describe()` group and class, as spelled:
    `test_cached.py` -> cached, `createSlice.test.ts` > `describe("createSlice")` ->
    createSlice, `CachedMethodTest::test_dict` -> CachedMethod."""
    found = [file_unit(case.file)]
    nested = _nested(_spoken(case))
    if len(nested) >= 2:
        found.append(group_code_name(nested[0]) or nested[0].strip())
    levels = _spoken(case).split("::")
    if len(levels) >= 2:
        found.append(re.sub(r"^Test_?|_?(?:Tests?|TestCase)$", "", levels[-2]))
    return tuple(dict.fromkeys(name for name in found if name))


def _outer_units(case: TestCase) -> frozenset[str]:
    """The units a test's file (singular too), outermost `describe()` group and class are
    named after (`_outer_names`), as identifier keys: cached, createslice, cachedmethod."""
    keys = {identifier_key(name) for name in _outer_names(case)}
    keys |= {_singular(identifier_key(file_unit(case.file)))}
    return frozenset(keys - {""})


# A camelCase or PascalCase name of two or more parts (`createNextState`, `onSuccess`).
_CAMEL_NAME = lazy_re(r"\b[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b")


def _compounds(name: str, linking: set[str]) -> tuple[frozenset[str], ...]:
    """The tokens of each code name written inside a sentence of the test's name
    (`it("can be used when wrapped in createNextState")`); none for a name that is itself
    one identifier (`test_max_length`, `TestToInt`: its parts are its words)."""
    out = []
    for part in _NAME_PARTS.split(name):
        if " " not in part.strip():
            continue
        for found in _CAMEL_NAME.findall(part):
            group = frozenset(words.normalise(words.forms(found), linking))
            if len(group) >= 2:
                out.append(group)
    return tuple(out)


def _file_units(cases: Sequence[TestCase]) -> dict[str, str]:
    """Per test file, the outermost `describe()` group of every one of its nested tests, when
    they all share one (`describe('logout')` around a file of logout tests): the file's unit.
    A file of several groups (`withQuery`, `getQuery`) has none: each group names its own."""
    groups: dict[str, set[str]] = {}
    for case in cases:
        parts = _nested(_spoken(case))
        groups.setdefault(case.file, set()).add(parts[0].strip() if len(parts) > 1 else "")
    return {file: next(iter(found)) for file, found in groups.items()
            if len(found) == 1 and "" not in found}


# The parts of a nested test name: `describe('...') > it('...')`.
_NAME_PARTS = re.compile(r" > ")


def _parts(case: TestCase, whole: _Said, linking: AbstractSet[str],
           named: AbstractSet[str] = frozenset()) -> list[_Said]:
    """The parts of a nested test's name below the outermost one, each read on its own with
    the test's description and body: an `it()` sentence, and a `describe()` group that says
    what its tests share ("can be used mutably when wrapped in a draft"). The outermost part
    names the unit every test in the file is about: read alone it would claim an AC for all
    of them. A test class (`TestSigner::test_max_age`) is no part: its name is the unit's;
    unless it names no unit, in two or more words (`TestSlugifyUnicode::test_max_length`:
    what its tests share, as a group's name says), neither a function its test calls
    (`_class_unit`) nor an identifier an AC names (`named`, or the start of one). Nor is a
    `describe()` group named as code that names no such identifier (`okAsync`): a unit's
    name, whose words say nothing of what its tests check."""
    found = _NAME_PARTS.split(_spoken(case))
    levels = _spoken(case).split("::")
    if len(found) < 2 and len(levels) >= 2:
        group = re.sub(r"^Test_?|_?(?:Tests?|TestCase)$", "", levels[-2])
        key = identifier_key(group)
        if len(words.IDENTIFIER_PART.findall(group)) >= 2 and not _class_unit(case) and \
                not any(n.startswith(key) or key.startswith(n) for n in named):
            found = ["", group, levels[-1]]
    if len(found) < 2:
        return []
    described = len(_NAME_PARTS.split(_spoken(case))) >= 3
    out = []
    for k, part in enumerate(found[1:], 1):
        # a `describe()` group named as code no AC names (`okAsync`) names a unit, not what
        # its tests share: its words are that name's, no sentence of their own
        unit = identifier_key(group_code_name(part)) if described and k < len(found) - 1 \
            else ""
        if unit and not any(n.startswith(unit) or unit.startswith(n) for n in named):
            continue
        name = words.normalise(words.forms(part), linking)
        spelled = {t: name.get(t, set()) | (whole.spelled.get(t, set())
                                             if t in whole.description else set())
                   for t in {*name, *whole.description}}
        out.append(replace(whole, name=frozenset(name), spelled=spelled))
    return out


def _subtests(case: TestCase, whole: _Said, linking: AbstractSet[str]) -> list[_Said]:
    """Each subtest of a Go test with two or more (`testcases.subtests`: `t.Run("...")`, a
    table row's `name: "..."`) read on its own: its name as the test's name, and the test's
    body without the other subtests' code; no description (the test's comments and the other
    subtests' names are the whole test's). `go test` runs each as a test of its own
    (`TestX/name`), and its name says what its case checks: read together, a table's rows
    (`peek returns the value without updating recent-ness`, `contains reports the key
    without updating recent-ness`) resemble every AC one of them is about, evidence for
    none."""
    found = testcases.subtests(case)
    if len(found) < 2:
        return []
    out = []
    for text, body in found:
        name = words.normalise(words.forms(text), linking)
        code = words.normalise(words.forms(_without_expectations(_code_only(body),
                                                                 case.exceptions)), linking)
        out.append(replace(whole, name=frozenset(name), description=frozenset(),
                           body=frozenset(code),
                           spelled={t: set(spellings) for t, spellings in name.items()}))
    return out


def _named_rows(case: TestCase, whole: _Said, linking: AbstractSet[str]) -> list[_Said]:
    """Each run of a JS/TS test named at run time from the rows of its table, two or more
    (`testcases.named_rows`), read on its own as a Go table's named rows are (`_subtests`):
    the values its name takes from that row as its name, no description, the whole test's
    code (its checks are every row's)."""
    found = testcases.named_rows(case)
    if len(found) < 2:
        return []
    out = []
    for text in found:
        name = words.normalise(words.forms(text), linking)
        out.append(replace(whole, name=frozenset(name), description=frozenset(), row=True,
                           spelled={t: set(spellings) for t, spellings in name.items()}))
    return out


def _spell_acronyms(criteria: Sequence[AcceptanceCriterion], raw_ac: list[dict[str, set[str]]],
                    raw_said: Sequence[tuple[dict[str, set[str]], ...]]) -> None:
    """An AC that spells out an acronym a test's name or description uses ("least recently
    used" for `test_lru`, "time to live" for `TTLCacheTest`) carries the acronym as a word of
    its own, spelled as the test spells it (`raw_ac` is updated in place)."""
    own: set[str] = set()
    for name, description, _ in raw_said:
        own.update(name)
        own.update(description)
    for ac, group in zip(criteria, raw_ac, strict=True):
        for initials in words.acronyms(_ac_text(ac)):
            token = words.canonical(initials)
            if token is not None and token in own and token not in group:
                group[token] = {words.ABBREVIATIONS.get(initials, initials)}


def _respell(raw_ac: list[dict[str, set[str]]],
             raw_said: Sequence[tuple[dict[str, set[str]], ...]]) -> None:
    """A word of a test's name or description that no AC spells, misspelling a word an AC
    spells (`occurances` for "occurrence") or spelling it the American or British way
    (`center` for "centre"), becomes that AC's word, spelled as the AC spells it; one run
    together from a word an AC spells and another (`typedmethod` for "a typed key") becomes
    those two words (`raw_said` is updated in place)."""
    spelled: dict[str, str] = {}  # an AC's spelling -> its token
    for group in raw_ac:
        for token, spellings in group.items():
            if not token.startswith(("+", "!")):
                for spelling in spellings:
                    spelled.setdefault(spelling, token)
    known = {token for group in raw_ac for token in group}
    ac_spellings = tuple(sorted(spelled))
    seen: dict[str, str | None] = {}  # test suites repeat their words: each is read once
    for name, description, _ in raw_said:
        for found in (name, description):
            for token in [t for t in found if not t.startswith(("+", "!")) and t not in known]:
                for spelling in sorted(found[token]):
                    if spelling not in seen:
                        seen[spelling] = words.misspelling_of(
                            spelling, ac_spellings) or words.spelling_of(spelling, ac_spellings)
                    meant = seen[spelling]
                    if meant is not None:
                        found.setdefault(spelled[meant], set()).add(meant)
                        del found[token]
                        break
                    if (joined := words.joined_with(spelling, ac_spellings)) is not None:
                        # `typedmethod`: the AC's "typed" and "method", run together
                        known_part, rest = joined
                        found.setdefault(spelled[known_part], set()).add(known_part)
                        if (other := words.canonical(rest)) is not None:
                            found.setdefault(other, set()).add(rest)
                        del found[token]
                        break


@dataclass(frozen=True)
class UnitRuns:
    """From a measured run: the top-level functions and classes of the story's sources and
    their classes' methods (`defined`: `Job.until` as `until`), and per test id the run
    measured, those whose body it ran."""

    defined: frozenset[str]
    by_test: Mapping[str, frozenset[str]]
    # Units read from test file names, not measured: an AC names one only as code, singular
    # or plural (`Ordinal` for ordinals_test.go; "a number" names no number_test.go), or as a
    # plain word it speaks of as code ("when windowed is called": `_called`).
    from_files: bool = False

    def named_in(self, ac: AcceptanceCriterion, *, exact: bool = False) -> frozenset[str]:
        """The units an AC's Given and When (its whole text when it has neither) spell the
        name of that some measured test ran: what it acts on, not words of its outcome ("the
        last list" names no `last`). Case aside ("an optional key" names `Optional`), or with
        `exact`, spelled as the code spells it ("a Range validator" names `Range`); a unit
        named as a stop word only so spelled ("a character that is not allowed" names no
        `NOT`: boolean.py's parse-error AC had been read as naming it, its test never running
        it)."""
        setting = ac.setting or ac.text
        if self.from_files:
            coded = {_singular(identifier_key(w)) for span in _CODE_SPAN.findall(setting)
                     for w in _WORD.findall(span)}
            coded |= {_singular(identifier_key(w)) for w in _CODE_NAME.findall(setting)}
            return frozenset(u for u in self.defined if _singular(identifier_key(u)) in coded
                             or (_PLAIN_UNIT.fullmatch(u) and _called(u, setting)))
        found = _WORD.findall(setting)
        spelled = set(found) if exact else {identifier_key(word) for word in found}
        ran = set().union(*self.by_test.values()) if self.by_test else set()
        # a unit named as a small English word (boolean.py's `NOT`, `AND`) only as spelled
        return frozenset(u for u in self.defined & ran
                         if (u if exact else identifier_key(u)) in spelled
                         and (not _PLAIN_UNIT.fullmatch(u) or _called(u, ac.text))
                         and (identifier_key(u) not in words.STOP_WORDS or u in found))

    def named_unrun(self, ac: AcceptanceCriterion) -> frozenset[str]:
        """The units an AC's Given and When (its whole text when it has neither) spell as the
        code spells them that no measured test ran (a plain-word name only where spoken of
        as code: `_called`)."""
        if self.from_files:
            return frozenset()
        spelled = set(_WORD.findall(ac.setting or ac.text))
        ran = set().union(*self.by_test.values()) if self.by_test else set()
        return frozenset(u for u in self.defined - ran if u in spelled
                         and (not _PLAIN_UNIT.fullmatch(u) or _called(u, ac.text)))

    def common(self) -> frozenset[str]:
        """The units more than half of the measured tests ran: the module under test
        (slugify's `slugify`, run by its command line's tests too)."""
        return _most(self.by_test.values(), len(self.by_test))


def file_units_run(cases: Sequence[TestCase]) -> UnitRuns | None:
    """Where no run was measured: the unit each test file is named after (`createSlice.test.ts`,
    `bytes_test.go`, `test_markers.py`) and, in JS/TS, the unit a test's outermost
    `describe()` group is named after when spelled as code (`describe("kebabCase")`: one group
    per function of a module), the function its test class is named after (`_class_unit`)
    and any such function its code calls, taken as the units the test runs; None unless the
    story's tests name two or more different units."""
    by_file = {c.file: file_unit(c.file) for c in cases}
    named: dict[str, frozenset[str]] = {}
    for case in cases:
        nested = _nested(_spoken(case)) if case.file.endswith(_JS_SUFFIXES) else []
        # its outermost group's, and the type owning a method a group inside it is named
        # after (`Utils > ResultAsync.combine > ...`: `ResultAsync`)
        groups = [group_code_name(nested[0]) if len(nested) >= 2 else "", *(
            dotted.group(1) for part in nested[1:-1]
            if (dotted := _DOTTED.fullmatch(part.strip().strip("`"))))]
        units = {u for u in (by_file[case.file], *groups) if _WORD.fullmatch(u)}
        units.update(_class_unit(case))
        if units:
            named[case.test_id] = frozenset(units)
    # A class's function another class's test calls is run there too.
    by_class = {u for case in cases for u in _class_unit(case)}
    if by_class:
        for case in cases:
            called = by_class & set(_CALL_NAME.findall(_code_only(case.body)))
            if called:
                named[case.test_id] = named.get(case.test_id, frozenset()) | called
    # A unit a test file is named after, called by a test of another file, is run there too
    # (mergo's issue131_test.go calling `mergo.Merge(...)`, the unit of merge_test.go): its
    # file's name is no sign the test skips it. Only a test its own file names a unit for,
    # and not a class it builds (`new InMemoryLRUCache()`: the inner cache a wrapper's test
    # is given, not what it checks).
    by_key = {identifier_key(u): u for u in by_file.values() if _WORD.fullmatch(u)}
    for case in cases:
        if case.test_id in named:
            keys = {identifier_key(n) for n in _UNBUILT_CALL.findall(_code_only(case.body))}
            named[case.test_id] |= {by_key[k] for k in keys & by_key.keys()}
    every = frozenset().union(*named.values())
    if len(every) < 2:
        return None
    return UnitRuns(every, named, from_files=True)


def _class_unit(case: TestCase) -> set[str]:
    """The function a test's class is named after, as the test's code calls it
    (`ChunkedTests::test_even` calling `mi.chunked(...)`: one class per function); none for a
    class named after nothing it calls."""
    levels = _spoken(case).split("::")
    if len(levels) < 2:
        return set()
    return _calls_named(case, suite_subject(_spoken(case)))


def _calls_named(case: TestCase, key: str) -> set[str]:
    """The names the test's code calls whose identifier key is `key` (none for "")."""
    return {name for name in _CALL_NAME.findall(_code_only(case.body))
            if key and identifier_key(name) == key}


def _group_called(case: TestCase) -> set[str]:
    """The function a JS/TS test's nearest `describe()` group naming one is named after, as
    the test's code calls it (`describe("remove") > it("removes the document")` calling
    `ms.remove(doc)`; a group named as code or a plain word, the innermost first: `remove >
    when the document has changed > warns`); none for a test in no group naming a call."""
    if not case.file.endswith(_JS_SUFFIXES):
        return set()
    for group in reversed(_nested(_spoken(case))[:-1]):
        bare = group.strip().strip("`")
        name = group_code_name(bare) or (bare if _PLAIN_UNIT.fullmatch(bare) else "")
        found = _calls_named(case, identifier_key(name) if name else "")
        if found:
            return found
    return set()


def _other_unit(case: TestCase, crits: Sequence[_Criterion],
                identifiers: Sequence[Mapping[str, float]]) -> frozenset[int]:
    """Every AC, when none of the story's ACs speaks of the function the test's class is named
    after (`_class_unit`: `ToLastTests::test_path` calling `ptr.to_last(doc)`), by its name
    or by any of its words ("cache" for `LRUCache`): the test checks a unit the story never
    mentions, so its own words resembling an AC ("path", "pointer" for a round trip of a
    pointer through its parts) are no evidence for it; what it asserts still is. Empty when
    the class is named after nothing the test calls, or after a unit some AC speaks of
    (`RelativeDeltaTest` where one AC says "relativedelta" and the others "the delta": the
    module under test)."""
    units = _class_unit(case) or _group_called(case)
    if not units:
        return frozenset()
    keys = {identifier_key(u) for u in units}
    parts = [_spoken_parts(u) for u in units]
    if any(keys & set(named) or any(p & set(crit.spelled) == p if needs_all else
                                    p & set(crit.spelled) for p, needs_all in parts)
           for crit, named in zip(crits, identifiers, strict=True)):
        return frozenset()
    return frozenset(range(len(crits)))


# The verbs an accessor's name starts with (`get_schema`, `setDefault`, `isEmpty`, `hasKey`):
# what it does to the thing it names, which an AC speaking of that thing does not say.
_ACCESSOR_VERBS = frozenset({"get", "set", "is", "has"})


def _spoken_parts(unit: str) -> tuple[frozenset[str], bool]:
    """The words of a unit's name an AC speaks of it by (`LRUCache`: any of lru, cache), and
    whether it takes them all: an accessor's name (`get_schema`: get and schema; an AC
    speaking of schemas speaks of no getting of one)."""
    found = words.IDENTIFIER_PART.findall(unit)
    tokens = frozenset(words.tokens(" ".join(found)))
    return tokens, len(found) >= 2 and found[0].lower() in _ACCESSOR_VERBS


_JS_SUFFIXES = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")
_CODE_SPAN = lazy_re(r"`([^`]+)`")
# A unit named like a plain English word (`names`, `chunked`, `merge`): an AC's sentence uses
# such words in their own sense ("the list of names") unless it speaks of the unit as code.
_PLAIN_UNIT = re.compile(r"[a-z]+")
_CALL_BEFORE = (r"(?:call|calls|calling|invoke|invokes|invoking|through|via|using|use|uses|"
                r"(?:wrapped|chained|decorated|combined|composed|built|made|created)\s+"
                r"(?:with|by|through))")
_CALL_AFTER = (r"(?:is|are|gets|get)\s+(?:called|applied|invoked|used|run|given|passed)|"
               r"returns|yields|raises|gives")
# "valmap, keymap or itemmap is applied": every name of the list is what is applied
_LISTED = r"(?:\s*\([^)]*\))?(?:\s*(?:,|\bor\b|\band\b|/)\s*(?:the\s+)?[\w.]+(?:\s*\([^)]*\))?)*"


def _called(unit: str, text: str) -> bool:
    """Whether `text` speaks of the plain-word unit as code: in backticks, as a call
    (`names()`), or as what is called, applied or wrapped with, or what acts ("when chunked is
    called", "calling merge", "valmap, keymap or itemmap is applied", "wrapped with curry",
    "when assoc sets a key"); not a word in its own sense ("the list of names")."""
    if any(re.search(rf"\b{unit}\b", span, re.I) for span in _CODE_SPAN.findall(text)):
        return True
    return re.search(rf"\b{unit}\s*\(|\b{_CALL_BEFORE}\s+(?:the\s+)?(?:[\w.]+{_LISTED}"
                     rf"\s*(?:,|\bor\b|\band\b|/)\s*)?{unit}\b|"
                     rf"\b{unit}{_LISTED}\s+(?:{_CALL_AFTER})\b|"
                     # "when assoc sets a key": the unit is what acts
                     rf"(?:\bwhen\s+|[,;]\s*){unit}\s+[a-z]+s\b", text, re.I) is not None


def _singular(key: str) -> str:
    return key[:-1] if len(key) > 3 and key.endswith("s") and not key.endswith("ss") else key


def _most(groups: Iterable[Iterable[str]], total: int) -> frozenset[str]:
    """What more than half of `total` groups hold: the module under test, where the groups
    are the units each test runs, the names each test calls or the units each AC names."""
    counts = Counter(item for group in groups for item in group)
    return frozenset(item for item, n in counts.items() if 2 * n > total)


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# An AC about how something prints, which a test of its repr can verify.
_PRINTING = re.compile(r"\brepr\b|\brepresent", re.I)


def _units_deciding(criteria: Sequence[AcceptanceCriterion], units: UnitRuns | None, *,
                    common_too: bool = False) -> list[frozenset[str]]:
    """Per AC, the units a test must have run to cover it (`analyze`). A unit whose name more
    than half of the ACs use as a word counts only where spelled as its code spells it ("a
    URL validator" in every AC names no `Validator`). None for an AC naming the module under
    test, a unit most tests run: running it says nothing of which AC a test checks; with
    `common_too` such a unit is kept (a test measured never running it checks none of that
    AC). A unit most ACs name still decides: a test that never ran it checks none of them."""
    if units is None:
        return [frozenset() for _ in criteria]
    loose = [units.named_in(ac) for ac in criteria]
    worded = _most(loose, len(criteria))
    named = [frozenset(u for u in group if u not in worded or u in units.named_in(ac, exact=True))
             for ac, group in zip(criteria, loose, strict=True)]
    if common_too:
        return named
    common = units.common()
    return [frozenset() if group & common else group for group in named]


@dataclass(frozen=True)
class Reading:
    """What `read` takes from a story's ACs and its tests: everything the matching weighs that
    no test run changes. A review reads once and matches twice (to choose the run's tests, then
    with what the run measured)."""

    story_key: str
    criteria: tuple[AcceptanceCriterion, ...]
    ours: tuple[TestCase, ...]
    unattributed: tuple[UnattributedTest, ...]
    said: tuple[_Said, ...]
    linking: frozenset[str]
    weight: _Weights
    crits: tuple[_Criterion, ...]
    identifiers: tuple[Mapping[str, float], ...]
    code: tuple[str, ...]
    examples: tuple[frozenset[str], ...]
    about_printing: frozenset[int]
    file_named_units: UnitRuns | None
    # What a matching computed that the next one would compute alike: per test, the readings
    # of its name (`variants`: the whole, then `_parts`); per (test, reading, AC, whether it
    # runs a unit the AC names), the evidence (`_score`). A run's signals change which tests
    # count, not what a test says: the matching after the run reuses them (a score is never
    # changed once made).
    variants: dict[int, tuple[_Said, ...]] = field(default_factory=dict, compare=False,
                                                   repr=False)
    # per test, which of its readings are of a sentence read apart from the rest of its name:
    # strong evidence for their best AC only (`_decide`'s `alone`)
    alone: dict[int, frozenset[int]] = field(default_factory=dict, compare=False, repr=False)
    scores: dict[tuple[int, int, int, bool], _Score] = field(default_factory=dict,
                                                             compare=False, repr=False)


def analyze(
    story_key: str, criteria: Sequence[AcceptanceCriterion], cases: Iterable[TestCase], *,
    file_list: Iterable[str] = (), executes: Mapping[str, bool] | None = None,
    units: UnitRuns | None = None, reading: Reading | None = None,
) -> CoverageResult:
    """Match `cases` to `criteria`. Pure and deterministic: output order follows the story.

    `file_list`: the story's File List (repo-relative paths); `executes`: per test id, whether
    it ran any of the story's source lines, where per-test coverage was measured; `units`: the
    units of the story's sources and, per test the run measured, those whose body it ran;
    `reading`: `read` of the same story key, criteria, cases and File List, made earlier (the
    matching is then all that is left to do)."""
    if reading is None:
        reading = read(story_key, criteria, cases, file_list=file_list)
    elif reading.story_key != story_key or reading.criteria != tuple(criteria):
        raise ValueError("a reading of another story's key or ACs")
    return _match(reading, executes, units)


def read(story_key: str, criteria: Sequence[AcceptanceCriterion], cases: Iterable[TestCase],
         *, file_list: Iterable[str] = ()) -> Reading:
    """Attribute `cases` and read what each of this story's tests says (`Reading`)."""
    claimed = frozenset(file_list)
    ours: list[TestCase] = []
    unattributed: list[UnattributedTest] = []
    for case in sorted(cases, key=lambda c: (c.file, c.line, c.name)):
        # Reading what a test says costs; a test outside the File List that names no story
        # key anywhere cannot be this story's, and is set aside unread.
        everything = f"{case.file}\n{case.name}\n{case.body}"
        if not (case.file in claimed or STORY_REF.search(everything)
                or names_key(everything, story_key)):
            unattributed.append(UnattributedTest(case.test_id, ()))
            continue
        case = testcases.read(case)  # noqa: PLW2901 - the read record replaces the bare one
        if case.file.endswith(".py"):  # a table's columns the test never reads say nothing
            case = replace(case, body=table_columns.unread_blanked(case.body),  # noqa: PLW2901
                           constants=case.constants and table_columns.unread_blanked(
                               case.constants))
        belongs, others = attribution(case, story_key, claimed)
        if belongs:
            ours.append(case)
        else:
            unattributed.append(UnattributedTest(case.test_id, others))

    raw_ac = [words.forms(_ac_text(ac)) for ac in criteria]
    raw_said = [(words.forms(_spoken(c)), words.forms(c.description),
                 words.forms(_without_expectations(_code_only(c.body), c.exceptions)))
                for c in ours]
    _spell_acronyms(criteria, raw_ac, raw_said)
    _respell(raw_ac, raw_said)
    linking = words.compounds_seen([*raw_ac, *(g for row in raw_said for g in row)])
    ac_spelled = [words.normalise(group, linking) for group in raw_ac]
    file_units = _file_units(ours)
    said = [_said(case, words.normalise(name, linking), words.normalise(description, linking),
                  words.normalise(body, linking), file_units.get(case.file, ""), linking)
            for case, (name, description, body) in zip(ours, raw_said, strict=True)]
    scales = [alternatives(ac) for ac in criteria]
    weight = _Weights([frozenset(group) for group in ac_spelled], said, scales)
    literals = _literal_weights(criteria)
    tabled = _table_values(criteria, literals)
    exceptions = _exception_weights(criteria)
    code = [_code_only(c.body) for c in ours]
    called = {name for body in code for name in _CAPITALISED_CALL.findall(body)}
    # The functions the tests call, and the methods a test named after one calls
    # (`test_poplast` and `omd.poplast()`); one most tests call is the module under test.
    calls = [_plain_calls(body)
             | (set(_METHOD_CALL.findall(body)) & set(subject_prefixes(_spoken(c))))
             for c, body in zip(ours, code, strict=True)]
    # ... and a snake_case method a test named after it calls (`test_json_schema_types` and
    # `s.json_schema(...)`), for an AC naming it in words ("exported as a JSON Schema")
    methods = [{m for m in _METHOD_CALL.findall(body)
                if "_" in m and identifier_key(m) in subject_prefixes(_spoken(c))}
               for c, body in zip(ours, code, strict=True)]
    functions = _functions_named(criteria, set().union(*calls) - _most(calls, len(code)),
                                 set().union(*methods) - _most(methods, len(code)))
    coded = [identifiers_named(ac, called) for ac in criteria]
    # `isLessThanOne…Ago` names each identifier of its shape another AC names or a test calls
    known = set().union(*coded) | {identifier_key(n) for body in code
                                   for n in _CALL_NAME.findall(body)}
    coded = [group | elided_names(ac, known) for ac, group in zip(criteria, coded, strict=True)]
    identifiers = _shared([coded[i] | functions[i] for i in range(len(criteria))],
                          IDENTIFIER_WEIGHT)
    # A class or group named by the noun of the one function its test calls (`TestEncryption`
    # and `h.encrypt(...)`) is named after it; not after one most tests call (the module's).
    calling = Counter(key for s in said for key in s.calls)
    said = [replace(s, suite=unit) if s.suite and not s.suite_of_file and s.suite not in s.calls
            and (unit := _nominalised(s.suite, s.calls)) and 2 * calling[unit] <= len(said)
            else s for s in said]
    # A `describe()` group or a test class named after the unit most ACs speak of, by its name
    # or the word it begins with (`compactField`, "when the values are compacted"; sqlparse's
    # `TestFormat`, "when it is formatted"), is the module under test: it says nothing of which
    # AC its tests check. Not where groups are named after two or more units the ACs write as
    # code (`parseFile`, `parseFileSync`): one group per method.
    grouped = {s.suite for s in said if s.suite and not s.suite_of_file}
    units_grouped = {key for key in grouped if any(key in named for named in coded)}
    module = {key for key in grouped if len(units_grouped) < 2 and 2 * sum(
        key in identifiers[i] or _leads([key], ac_spelled[i].keys())
        for i in range(len(criteria))) > len(criteria)}
    said = [replace(s, suite="", suite_of_group=False) if s.suite in module and not s.suite_of_file
            else s for s in said]
    # ... and so is a test's name starting with it (`test_format_json_ops`)
    said = [replace(s, subjects=tuple(k for k in s.subjects if k not in module))
            if module & set(s.subjects) else s for s in said]
    # A function more than half of the tests call (pflag's `Parse`) is the module's way in:
    # checking what it returns says nothing of which AC a test checks.
    calling = Counter(key for s in said for key in s.calls)
    said = [replace(s, checked=frozenset(k for k in s.checked if 2 * calling[k] <= len(said)))
            for s in said]
    # A conversion its tests make both ways round tells ACs apart by the way round they state it.
    named = [conversions.sides(_spoken(c)) for c in ours]
    judged = conversions.both_ways(n for n in named if n)
    mentioned = [conversions.mentions(ac.text) for ac in criteria]
    said = [replace(s, conversion=conversions.conversion(n, judged, mentioned)) if n else s
            for s, n in zip(said, named, strict=True)]
    expected = {name.lower() for c in ours for name in c.exceptions}
    length = lengths(ac_spelled, scales)
    numbers = _then_numbers(criteria, linking)
    conditions = _conditions(criteria, coded,
                             [_written(f"{c.test_id} {c.body}", strings=False) for c in ours])
    given_words = _given_words(criteria)
    every_call = {identifier_key(n) for body in code for n in _CALL_NAME.findall(body)}
    acting = [called_in_setting(ac) & every_call for ac in criteria]
    borrowed = _borrowed(criteria, acting)
    crits = []
    for i, ac in enumerate(criteria):
        raises = then_raises(ac, expected)
        elsewhere = {token: frozenset(w for j, other in enumerate(ac_spelled) if j != i
                                      for w in other.get(token, ()))
                     for token in ac_spelled[i]}
        crits.append(_Criterion(ac_spelled[i], literals[i], exceptions[i], raises,
                                bool(_FAILURE_WORDS.search(_undenied(ac.promised)))
                                or raises, identifiers[i], scales[i], elsewhere,
                                frozenset(coded[i]) & frozenset(identifiers[i]),
                                denied_exceptions(ac.text), promises_values(ac),
                                families=families(ac), written=tabled[i],
                                length=length[i],
                                unthrown=bool(_NOTHING_THROWN.search(ac.promised)),
                                pairs=_example_pairs(ac), matches=_stated(ac.promised),
                                values_written=frozenset(_spans_written(ac.promised)),
                                settings=_literal_settings(ac),
                                numbers=numbers[i], contrasted=contrasted(ac.text),
                                differs=then_literals.promises_a_difference(
                                    ac.promised),
                                conditions=conditions[i][0], setup=conditions[i][1],
                                conditions_written=_as_written(ac.given or "",
                                                               conditions[i][0]),
                                keywords=given_words[i],
                                mentioned=mentioned[i],
                                examples=_then_examples(ac),
                                qualified=_qualified(ac.text),
                                message=messages.stated(ac.promised),
                                borrowed=borrowed[i], acts=acting[i],
                                accepts=then_literals.promises_acceptance(ac.promised),
                                promised=frozenset(lit.value for lit in then_literals.
                                                   then_literals(ac.promised,
                                                                 ac.setting if ac.then
                                                                 else "")),
                                code_words=frozenset(ac_spelled[i]) - frozenset(
                                    words.normalise(words.forms(_BACKTICKED.sub(
                                        " ", _ac_text(ac))), linking))))

    return Reading(story_key, tuple(criteria), tuple(ours), tuple(unattributed), tuple(said),
                   frozenset(linking), weight, tuple(crits), tuple(identifiers), tuple(code),
                   tuple(_examples(ac) for ac in criteria),
                   frozenset(i for i, ac in enumerate(criteria) if _PRINTING.search(ac.text)),
                   file_units_run(ours))


def _scored(reading: Reading, key: tuple[int, int, int, bool], case: TestCase, said: _Said,
            crit: _Criterion) -> _Score:
    """`_score`, made once per reading (`Reading.scores`)."""
    score = reading.scores.get(key)
    if score is None:
        score = reading.scores[key] = _score(case, said, crit, reading.weight)
    return score


def _match(reading: Reading, executes: Mapping[str, bool] | None, units: UnitRuns | None
           ) -> CoverageResult:
    """`analyze`'s matching of the tests `reading` holds, weighed with a run's signals."""
    criteria, ours, said, crits = reading.criteria, reading.ours, reading.said, reading.crits
    linking, identifiers, code = reading.linking, reading.identifiers, reading.code
    examples, about_printing = reading.examples, reading.about_printing
    # an example input two ACs quote is neither's own case
    shared_examples = {value for i, one in enumerate(examples) for value in one
                       if any(value in other for other in examples[i + 1:])}
    known = {ac.ac_id for ac in criteria}
    every_named = {key for group in identifiers for key in group}
    measured = units is not None
    if units is None:
        units = reading.file_named_units
    unit_names = _units_deciding(criteria, units)
    # What a test must have run to cover an AC: measured, a unit most tests run too (webcolors'
    # `normalize_hex`, which its other conversions call): a test that never ran it, named
    # after it or not, checks none of an AC saying "when `normalize_hex` is called".
    required = _units_deciding(criteria, units, common_too=measured) if measured else unit_names
    # An AC naming as code a unit no measured test ran: a test measured running others of the
    # story's units, none this AC names, checks what those do (a test named after
    # `remove_dot_segments` that runs only `normalize_scheme`). A test measured running none
    # (one that runs the code in a subprocess) is left to its words.
    never = [units.named_unrun(ac) if measured and units is not None else frozenset()
             for ac in criteria]
    settings = [_settings(ac) for ac in criteria]
    group_units = {u for u in map(group_unit, ours) if u}
    calls_by_test = [{identifier_key(n) for n in _CALL_NAME.findall(body)} for body in code]
    every_call = set().union(*calls_by_test)
    acted_through = [called_in_setting(ac) & every_call for ac in criteria]
    hits: dict[str, dict[str, Match]] = {ac.ac_id: {} for ac in criteria}
    near: dict[str, list[Match]] = {ac.ac_id: [] for ac in criteria}
    # per test matched by its evidence: its best evidence for each AC, the ACs it counts for
    read_tests: dict[str, tuple[list[_Score], dict[int, _Score]]] = {}
    idle: dict[str, list[str]] = {ac.ac_id: [] for ac in criteria}
    for t, (case, case_said) in enumerate(zip(ours, said, strict=True)):
        file_stem = PurePosixPath(case.file).name
        named = ac_refs(f"{file_stem}\n{case.name}\n{case.description}") & known
        if named:
            for ac_id in named:
                hits[ac_id][case.test_id] = Match(case.test_id, ID_SCORE, (ID,), (ac_id,))
            continue
        # Measured running none of the story's code, a test is matched as one the run did not
        # measure: the ACs its words match name it (`idle`), and it counts for none of them.
        unmeasured = executes is not None and executes.get(case.test_id) is False
        ran = bool(executes and executes.get(case.test_id))
        by_test = {} if units is None or (unmeasured and measured) else units.by_test
        # The ACs whose named units this test was measured running none of. A unit it hands
        # by name as a keyword argument is one it sets, not one it skips: pyrsistent's
        # `pdeque(..., maxlen=2).append(3)` never runs the `maxlen` property's body, yet sets
        # the `maxlen` an AC saying "a deque with a `maxlen`" names.
        touched = by_test.get(case.test_id, frozenset()) | set(_KEYWORD_ARG.findall(code[t]))
        unrun = (set() if case.test_id not in by_test else
                 {i for i, named in enumerate(required) if named and not named & touched})
        if by_test.get(case.test_id):
            unrun |= {i for i, gone in enumerate(never) if gone and not required[i] & touched}
        chosen: dict[int, _Score] = {}
        # The whole name first, then each nested part read on its own (`_parts`).
        ran_units = by_test.get(case.test_id, frozenset())
        own = [replace(crit, runs_unit=True) if crit.values and unit_names[i] & ran_units
               else crit for i, crit in enumerate(crits)]
        variants = reading.variants.get(t)
        if variants is None:
            parts = _parts(case, case_said, linking, every_named)
            rows = _subtests(case, case_said, linking) or _named_rows(case, case_said, linking)
            variants = reading.variants[t] = (case_said, *parts, *rows)
            reading.alone[t] = frozenset(range(len(parts) or 1, len(variants))) - {0}
        readings = [[_scored(reading, (t, n, i, crit.runs_unit), case, variant, crit)
                     for i, crit in enumerate(own)] for n, variant in enumerate(variants)]
        readings = [_of_outer_unit(_through_constants(case, variants[n], crits, scores,
                                                      reading.weight, linking),
                                   variants[n], identifiers)
                    for n, scores in enumerate(readings)]
        # its name says the other side of what an AC says: no reading of it checks that AC
        # but by the AC's own case (`_opposite`)
        opposed = {i for i, crit in enumerate(crits) if _opposite(
            case_said.name | case_said.description, frozenset(crit.spelled))}
        unspoken = _other_unit(case, crits, identifiers)
        unnamed = _of_another_unit(readings[0], crits) | _of_its_rest(
            readings[0], case_said, crits, reading.weight, linking) | _in_another_setting(
            _spoken(case), settings)
        wider = _of_a_wider_unit(group_unit(case), group_units, criteria, identifiers)
        subject = suite_subject(_spoken(case))
        unnamed |= _of_another_call(calls_by_test[t], acted_through,
                                    "" if subject in every_named else subject)
        unnamed |= _of_other_code(_nested(_spoken(case))[-1], identifiers)
        for n, scores in enumerate(readings):
            for i in _decide(scores, ran, alone=n in reading.alone[t],
                             unspoken=unspoken, unnamed=unnamed, wider=wider):
                # a row's name speaks for an AC that writes no value: one that does is the
                # rows' asserting it, its words in another row's name are no check of it
                if not (variants[n].row and (crits[i].literals or crits[i].pairs)) and not (
                        i in opposed and not scores[i].own_case):
                    chosen.setdefault(i, scores[i])
        # Runs a unit the AC names as code and quotes a value it promises or an example it
        # gives, or holds its row: the AC's own check, whatever its words resemble (a
        # `describe("kebabCase")` table holding `foo-bar`, for two ACs that both call
        # `kebabCase`). A table of both
        # kinds of rows (values, and errors `pytest.raises` expects) checks the value ACs by
        # its value rows: expecting an error somewhere rules none out.
        of_unit: dict[int, _Score] = {}
        for i, named_units in enumerate(unit_names):
            best = max((scores[i] for scores in readings), key=lambda sc: sc.total)
            if best.contradicted or i in opposed or (best.unraised and not best.unpromised):
                continue
            elsewhere = _inputs_elsewhere(case.body, crits[i].pairs)
            runs = named_units & ran_units and (
                best.own_case
                or _quoted_values(case.body, crits[i].literals, best) >= UNIT_LITERAL
                or any(_quoted(value, case.body) for value in examples[i] - elsewhere))
            # unmeasured: it calls the AC's function with an example only this AC quotes
            calls = acted_through[i] & calls_by_test[t] and any(
                _quoted(value, case.body) for value in examples[i] - shared_examples
                - _unset_settings(case.body, crits[i].settings) - elsewhere)
            if runs or calls:
                of_unit[i] = best
        # (a case handed to a check helper, `self.check_size(1000, '1 KB')`, is a value check)
        every_error = bool(case_said.spans) and all(
            testcases.expects_error(span) for span in case_said.spans
        ) and not then_literals.helper_check_calls(case.body)
        if every_error or any(sc.raised and not sc.unraised for sc in chosen.values()):
            # an error test; beside its error check, a check holding a value AC's own case
            # (its input and the value promised for it) checks that AC all the same
            chosen = {i: sc for i, sc in chosen.items()
                      if not sc.unpromised or (sc.own_case and not every_error)}
        chosen = {**of_unit, **chosen}
        printing = prints_only(_spoken(case))
        decided = set(chosen)
        # the unit its file is named after is a guess where no run was measured: a row or
        # check holding the AC's own case is the AC's test whatever units the AC names
        guessed = set() if measured else {i for i, sc in chosen.items() if sc.own_case}
        chosen = {i: sc for i, sc in chosen.items() if (i not in unrun or i in guessed)
                  and (i in about_printing or not printing)}
        if unmeasured:
            # the ACs its words choose, else the one it most resembles: an AC left without a
            # test says which test it might have had, and why it does not count
            resembled = [(sc.total, i) for i, crit_scores in
                         enumerate(zip(*readings, strict=True))
                         for sc in (max(crit_scores, key=lambda sc: sc.total),)
                         if _resembles(sc)]
            for i in chosen or [max(resembled)[1]] if chosen or resembled else ():
                idle[criteria[i].ac_id].append(case.test_id)
            continue
        for i, score in sorted(chosen.items()):
            hits[criteria[i].ac_id][case.test_id] = Match(
                case.test_id, round(score.total, 2), score.how(), tuple(score.evidence or ()))
        bests = [max(crit_scores, key=lambda sc: sc.total)
                 for crit_scores in zip(*readings, strict=True)]
        # what the test can be a spare test for: not an AC its run, its unit or its printing
        # rules out (as above), nor one saying nothing of a failure it expects
        barred = unrun | {i for i in unspoken | unnamed | wider if not bests[i].asserts} | (
            set(range(len(criteria))) - about_printing if printing else set()) | {
            i for i in opposed if not bests[i].own_case}
        read_tests[case.test_id] = ([_Score() if i in barred or sc.unpromised else sc
                                     for i, sc in enumerate(bests)], chosen)
        for i, best in enumerate(bests):
            if i not in chosen and (_resembles(best) or best.denies):
                skipped = (required[i] | never[i]) - touched
                near[criteria[i].ac_id].append(Match(
                    case.test_id, round(best.total, 2), best.how(), tuple(best.evidence or ()),
                    _why_not(i, bests, criteria, chosen, decided, unrun,
                             None if measured else required, skipped,
                             {u for u in skipped if re.search(
                                 rf"\.{re.escape(u)}\s*\(", code[t])})))

    _beside_the_broadest(criteria, hits, read_tests)
    _counted_as_settled(criteria, near, read_tests)
    _second_tests(criteria, hits, near, read_tests)

    # An AC no test resembles: the tests whose code calls a function or method it names
    # (`storage.flush()` for "when `flush()` is called") are where a reviewer should look.
    # Not what most ACs name: the module under test says nothing of which AC a test is for.
    common = _most((set(group) for group in identifiers), len(criteria))
    for i, ac in enumerate(criteria):
        named = set(identifiers[i]) - common
        if hits[ac.ac_id] or near[ac.ac_id] or not named:
            continue
        ties = sorted(((sorted(named & made), case.test_id)
                       for case, made in zip(ours, calls_by_test, strict=True) if named & made),
                      key=lambda t: (-len(t[0]), t[1]))
        near[ac.ac_id] = [Match(test, float(len(shared)), (CALLS,), tuple(shared),
                                "only its code calls what the AC names; its words say nothing "
                                "of the AC")
                          for shared, test in ties[:CANDIDATES]]

    per_ac = []
    for ac in criteria:
        found = hits[ac.ac_id]
        ordered = tuple(found[t] for t in sorted(found))
        top = max(ordered, key=lambda m: (m.score, m.test), default=None)
        # a test whose table states what the AC denies (`_Score.denies`: no evidence, the
        # only nearest test of score 0) first: the reviewer's first look
        nearest = () if found else tuple(sorted(
            near[ac.ac_id], key=lambda m: (m.score > 0, -m.score, m.test))[:CANDIDATES])
        per_ac.append(AcCoverage(ac.ac_id, bool(found), len(found), tuple(sorted(found)),
                                 top.how[0] if top else None, ac.edge_case, ac.structured,
                                 ordered, nearest, tuple(sorted(idle[ac.ac_id]))))
    return CoverageResult(tuple(per_ac), reading.unattributed)
