from __future__ import annotations

import pytest

from gaia_lib.evidence.key_refs import canonical_key, names_key, story_refs


def test_story_refs_reads_the_usual_form_in_any_spelling() -> None:
    assert story_refs("test_e1_s3_x and E2-S10, e02-s07") == {"E1-S3", "E2-S10", "E2-S7"}


@pytest.mark.parametrize("text", ["PAY-7", "bE1-S3", "e1s3", ""])
def test_story_refs_names_no_other_form(text: str) -> None:
    assert story_refs(text) == set()


@pytest.mark.parametrize(
    ("text", "key", "named"),
    [
        ("tests/E1-S1-AC1.test.ts", "E1-S1", True),
        ("test_e1_s1_happy_path", "E1-S1", True),
        ("describe('E1 S1 signup')", "E1-S1", True),
        ("E1S1", "E1-S1", True),
        ("test_e1_s10_other", "E1-S1", False),
        ("test_e11_s1_other", "E1-S1", False),
        ("tests/pay.7/test_refund.py", "PAY.7", True),
        ("test_pay_7_refund", "PAY.7", True),
        ("test_pay_70_refund", "PAY.7", False),
        ("anything", "---", False),
    ],
)
def test_names_key(text: str, key: str, named: bool) -> None:
    assert names_key(text, key) is named


@pytest.mark.parametrize(("key", "canonical"),
                         [("e01_s3", "E1-S3"), ("E1-S3", "E1-S3"), ("PAY.7", "PAY.7")])
def test_canonical_key(key: str, canonical: str) -> None:
    assert canonical_key(key) == canonical
