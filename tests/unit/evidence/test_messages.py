from __future__ import annotations

import pytest

from gaia_lib.evidence.messages import disagree, expected, stated


@pytest.mark.parametrize(("text", "message"), [
    ("then a `ValueError` saying it is not a supported specification is raised.",
     "it is not a supported specification"),
    ("it is refused with a `ValueError` saying it is not a valid hexadecimal color value; "
     "other codes pass", "it is not a valid hexadecimal color value"),
    ('then it fails with the message "unsupported type for squash".',
     "unsupported type for squash"),
    ("then a `ValueError` saying that the key is missing, and nothing is written",
     "the key is missing"),
    ("then a `ValueError` is raised.", ""),
    ('then the read fails with "tool: invalid version in `pin`" and nothing is selected',
     "tool: invalid version in `pin`"),
    ("then the command exits with “no such version” on stderr", "no such version"),
    ("then it fails with `TypeError` for any other input", ""),  # a type, no message
])
def test_stated_reads_the_message_an_ac_says_its_error_carries(text: str, message: str) -> None:
    assert stated(text) == message


def test_expected_reads_each_message_pattern_a_test_expects_an_error_with() -> None:
    body = '''
    with pytest.raises(ValueError, match="has no defined color name"):
        webcolors.hex_to_name("#123456")
    with pytest.raises(KeyError):
        lookup("x")
    self.assertRaisesRegex(KeyError, r'no such key', f)
    expect(() => parse("")).toThrow(/bad input/)
    expect(() => parse("x")).toThrowError('too long')
    expect(() => parse("y")).toThrow(RangeError)
'''
    assert expected(body) == ["has no defined color name", "no such key", "bad input",
                              "too long"]


def test_a_bats_test_expects_the_output_it_asserts_after_a_failure() -> None:
    # the project's own helper (`assert_failure "..."` compares the output) and
    # bats-assert's (`assert_failure` then `assert_output "..."`); `""`: it prints nothing
    body = """
  run tool-read pin
  assert_failure ""
  run tool-read bad
  assert_failure "tool: invalid version in \\`bad'"
  run tool-name
  assert_failure
  assert_output "tool: version missing"
  run tool-name ok
  assert_success "1.2.3"
"""
    assert expected(body) == ["", "tool: invalid version in \\`bad'", "tool: version missing"]


@pytest.mark.parametrize(("messages", "message", "result"), [
    (["has no defined color name"], "it is not a supported specification", True),
    (["not a supported specification"], "it is not a supported specification", False),
    (["Signature has expired"], "the token has expired", False),  # one word shared
    (["has no defined color name", "not a supported specification"],
     "it is not a supported specification", False),  # one of its messages agrees
    ([], "it is not a supported specification", False),  # it expects no message
    (["anything"], "", False),  # the AC says none
    ([""], "tool: invalid version", True),  # it expects the failure to print nothing
])
def test_a_test_disagrees_when_none_of_its_messages_shares_a_word_with_the_acs(
        messages: list[str], message: str, result: bool) -> None:
    assert disagree(messages, message) is result
