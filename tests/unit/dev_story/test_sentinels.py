from __future__ import annotations

import pytest

from gaia_lib.core.errors import GaiaError, MalformedFile
from gaia_lib.dev_story import sentinels

DIFF = """diff --git a/src/a.py b/src/a.py
index 1..2 100644
--- a/src/a.py
+++ b/src/a.py
@@ -1,0 +2,2 @@ def f():
+    x = STUB
+    y = 1
@@ -10 +12 @@
-old XXX
+new FIXME here
"""


def test_the_shipped_taxonomy_loads() -> None:
    assert {"STUB", "MOCK", "FIXME", "XXX"} <= set(sentinels.load_taxonomy())


def test_taxonomy_rules() -> None:
    assert sentinels.parse_taxonomy("# c\n\nSTUB\nSTUB\nNOT_YET\n", "t") == ("STUB", "NOT_YET")
    with pytest.raises(MalformedFile, match="t:2: not a sentinel word"):
        sentinels.parse_taxonomy("STUB\nstub\n", "t")
    with pytest.raises(MalformedFile, match="no sentinels listed"):
        sentinels.parse_taxonomy("# only comments\n", "t")


def test_added_lines_carry_new_file_line_numbers() -> None:
    assert sentinels.added_lines(DIFF) == [(2, "    x = STUB"), (3, "    y = 1"),
                                           (12, "new FIXME here")]


def test_scan_text_reports_first_sentinel_per_line() -> None:
    pattern = sentinels.matcher(("STUB", "FIXME", "XXX"))
    hits = sentinels.scan_text("src/a.py", DIFF, pattern)
    assert [(h.sentinel, h.line) for h in hits] == [("STUB", 2), ("FIXME", 12)]


@pytest.mark.parametrize(("text", "found"), [
    ("STUB", "STUB"), ("(MOCK)", "MOCK"), ("a.FIXME()", "FIXME"), ("STUB_X", None),
    ("XSTUB", None), ("stub", None), ("STUB2", None), ("# XXX:", "XXX"),
])
def test_whole_word_matching(text: str, found: str | None) -> None:
    match = sentinels.matcher(("STUB", "MOCK", "FIXME", "XXX")).search(text)
    assert (match.group(1) if match else None) == found


@pytest.mark.parametrize(("path", "exempt"), [
    ("src/app.py", False), ("lib/mock_server.py", False), ("src/testing_utils.py", False),
    ("tests/x.py", True), ("a/b/test/x.go", True), ("docs/x.py", True), ("src/docs/x.py", False),
    ("src/x_test.go", True), ("src/x.spec.ts", True), ("src/conftest.py", True),
    ("README.md", True), ("knowledge/taxonomy/forbidden-sentinels.txt", True),
])
def test_production_path_filter(path: str, exempt: bool) -> None:
    assert sentinels.is_exempt(path) is exempt


def test_allow_stub_reason() -> None:
    assert sentinels.check_allow_stub("E12-S3: tracked") == "E12-S3: tracked"
    assert sentinels.check_allow_stub("AI-2026-01-02-7: x") == "AI-2026-01-02-7: x"
    for bad in ("E12-S3 tracked", " E1-S1: x", "E1-S1: a\nb", "AI-2026-1-2-7: x"):
        with pytest.raises(GaiaError):
            sentinels.check_allow_stub(bad)


def test_report_is_capped() -> None:
    hits = [sentinels.Hit("STUB", "a.py", n) for n in range(1, 60)]
    lines = sentinels.report(hits)
    assert len(lines) == sentinels.MAX_REPORTED + 1
    assert lines[-1] == "… and 9 more forbidden sentinel(s)"


def test_lock_files_are_generated_not_production() -> None:
    assert sentinels.is_exempt("web/package-lock.json")
    assert sentinels.is_exempt("go.sum")
    assert not sentinels.is_exempt("src/lock.py")
