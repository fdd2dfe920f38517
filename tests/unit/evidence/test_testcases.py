from __future__ import annotations

import pytest

from gaia_lib.evidence.testcases import split_tests

PY = '''import pytest

# covers: E1-S1 AC2
def test_rejects_bad_email():
    assert signup("x") == 422


class TestSignup:
    @pytest.mark.slow
    def test_creates_account(self):
        """AC1: account is created."""
        assert signup("a@b.c").ok

    def helper(self):
        return 1


async def test_async_case():
    pass
'''

JS = """describe('signup', () => {
  // AC1
  it('creates the account', () => {
    expect(create('a@b.c').status).toBe('created');
  });
  test.each([[1], [2]])('handles %s', (n) => {
    expect(n).toBeGreaterThan(0);
  });
});
test("top level", () => {});
"""

BATS = """#!/usr/bin/env bats

@test "AC1: prints usage" {
  run ./cli
  [ "$status" -eq 2 ]
}

@test 'second' {
  true
}
"""

GO = """package x

func TestSignupAC1(t *testing.T) {
\tif got := Signup("a"); got != nil {
\t\tt.Fatal(got)
\t}
}

func helper() {}
"""

JAVA = """class SignupTest {
    @Test
    void rejectsBadEmail() {
        assertEquals(422, status);
    }
}
"""


@pytest.mark.parametrize(
    ("path", "text", "names"),
    [
        ("tests/test_signup.py", PY,
         ["test_rejects_bad_email", "TestSignup::test_creates_account", "test_async_case"]),
        ("src/signup.test.ts", JS,
         ["signup > creates the account", "signup > handles %s", "top level"]),
        ("test/cli.bats", BATS, ["AC1: prints usage", "second"]),
        ("signup_test.go", GO, ["TestSignupAC1"]),
        ("src/test/java/SignupTest.java", JAVA, ["rejectsBadEmail"]),
        ("README.md", "# nothing", []),
    ],
)
def test_split_tests_finds_every_case(path: str, text: str, names: list[str]) -> None:
    assert [case.name for case in split_tests(path, text)] == names


def test_python_body_includes_leading_comments_and_stops_at_dedent() -> None:
    cases = split_tests("t.py", PY)
    first = cases[0]
    assert first.line == 4
    assert first.body.startswith("# covers: E1-S1 AC2\ndef test_rejects_bad_email")
    assert "class TestSignup" not in first.body
    method = cases[1]
    assert "@pytest.mark.slow" in method.body and "def helper" not in method.body
    assert method.test_id == "t.py::TestSignup::test_creates_account"


def test_js_body_is_the_brace_block() -> None:
    case = split_tests("a.test.js", JS)[0]
    assert case.body.startswith("  // AC1\n  it('creates the account'")
    assert case.body.rstrip().endswith("});")
    assert "handles" not in case.body


def test_bats_body_ends_at_closing_brace() -> None:
    case = split_tests("x.bats", BATS)[0]
    assert case.body.splitlines()[-1] == "}"
    assert "second" not in case.body
