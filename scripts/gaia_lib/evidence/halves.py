"""An AC whose Then promises a result and a refusal, kept only by tests of the refusal.

A Then may promise two things at once: what the code gives (`navy` gives `#000080`) and what
it refuses (a name the specification does not define is refused with a `ValueError`). A test
expecting the error checks the refusal; the result is checked by a test with a check that
expects no error. An AC kept only by error tests is tested in part, its main promise not at
all: webcolors' name AC, its name-to-hex tests made `assert True`, kept its unknown-name
test alone.

Rules:
- Two halves: the Then opens with an outcome that is no failure (its first clause, up to a
  `;` or a comma or word joining another: `and`, `while`, `but`, `whereas`; of three words
  or more, none of them speaking of a failure: `ac_coverage.speaks_of_failure`), and it
  promises an exception (`ac_coverage.then_raises`: it says raised, refused with an error,
  names one). "Then the `ValidationError` carries that message ..." is one half: the error
  and what it says, which a test expecting the error checks whole.
- A test checks the refusal only: it has checks (its assertion statements and check-helper
  calls, `then_literals`; not its data table; in Go, the conditions its `t.Fatal`s are
  under) and every one of them expects an error (`testcases.expects_error`:
  `pytest.raises`, `assertRaises`, `toThrow`, `.rejects`, Go's `err == nil` guard, testify's
  `Error`). A test whose checks are not read (none found) is taken to check the result: no
  evidence is no gap.
- `refusal_only`: the AC has two halves and each test counted for it checks the refusal only.
- The other way round (result tests only, no error test) is not judged: a project expects its
  errors in too many ways of its own (a `raises(TypeError, f)` helper, `with SE:` for a
  `raises(SchemaError)` alias, an error boundary's rendered text) for a missing error check to
  be evidence. Measured on the matching bench's honest suites (445 ACs, 42 of two halves):
  14 would have been reported on the tests matched to them, 15 on the tests labelled as
  theirs, most of them tested in such a way; the rule above reports one (hashids' alphabet
  AC, two of its 20 tests matched, both of the refusal), none on the labelled tests.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from gaia_lib.evidence import ac_coverage, testcases, then_literals
from gaia_lib.evidence.testcases import TestCase
from gaia_lib.story.acceptance import AcceptanceCriterion

# Where a Then's first clause ends: "it gives `#000080`; a name ... is refused".
_CLAUSE_END = re.compile(r";|,\s*(?=(?:and|while|but|whereas)\b)|\s+(?:while|whereas|but)\s+")


def checks_refusal_only(case: TestCase) -> bool:
    """Whether a test has checks and each of them expects an error."""
    checks = (*then_literals.check_statements(case.body),
              *then_literals.helper_check_calls(case.body))
    if case.file.endswith(".go"):  # its checks are the conditions its failures are under
        checks += then_literals.go_guards(case.body)
    return bool(checks) and all(testcases.expects_error(check) for check in checks)


def refusal_only(ac: AcceptanceCriterion, tests: Sequence[TestCase],
                 expected: AbstractSet[str]) -> bool:
    """Whether `ac`'s Then promises a result and a refusal and each of `tests` (those counted
    for it, at least one) checks the refusal only. `expected`: the exception names (lower
    case) the story's tests expect, which `then_raises` reads as exceptions an AC names."""
    return bool(tests) and opens_with_result(ac) and ac_coverage.then_raises(ac, expected) \
        and all(map(checks_refusal_only, tests))


def opens_with_result(ac: AcceptanceCriterion) -> bool:
    """Whether `ac`'s Then opens with an outcome that is no failure."""
    first = _CLAUSE_END.split(ac.then or "", maxsplit=1)[0]
    return len(first.split()) >= 3 and not ac_coverage.speaks_of_failure(first)
