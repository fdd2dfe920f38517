"""The values a JS/TS test's snapshots hold: what `toMatchSnapshot()` compares its result with.

Rules:
- jest and vitest keep a test file's snapshots in `__snapshots__/<file name>.snap` beside it
  (`snapshot_file`), one `exports[`<name> <n>`] = `<value>`;` per snapshot, the name and the
  value written as template literals (a backquote, `${` and a backslash escaped by a
  backslash: `stored` undoes it).
- A snapshot is named after its test: vitest joins the test's groups and its own title with
  ` > ` (`Events > keeps text 1`), jest with a space (`Events keeps text 1`), then the
  snapshot's count within the test (`runner_output.snapshot_names`). A test's snapshots
  (`of_test`) are those named after it, in either spelling, in the order the file stores them.
- Only a test file that takes snapshots (`takes_snapshots`: it calls a snapshot matcher that
  reads the `.snap` file) is given its stored values: a file that no longer does leaves
  obsolete entries behind, which check nothing.

Pure functions: reading the files is the caller's.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Mapping, Sequence

from gaia_lib.evidence import runner_output
from gaia_lib.evidence.testcases import TestCase

SUFFIX = ".snap"
_TEMPLATE = r"`((?:[^`\\]|\\.)*)`"
_ENTRY = re.compile(rf"^exports\[{_TEMPLATE}\]\s*=\s*{_TEMPLATE};", re.MULTILINE | re.DOTALL)
_ESCAPED = re.compile(r"\\([`\\$])")
# the matchers that compare with the `.snap` file (an inline snapshot is in the test itself)
_MATCHER = re.compile(r"\.\s*(?:toMatchSnapshot|toThrowErrorMatchingSnapshot)\s*\(")
_COUNT = re.compile(r" (\d+)$")


def snapshot_file(test_file: str) -> str:
    """Where jest and vitest keep the snapshots of `test_file` (a POSIX path)."""
    folder, name = posixpath.split(test_file)
    return posixpath.join(folder, "__snapshots__", name + SUFFIX)


def takes_snapshots(test_text: str) -> bool:
    """Whether a test file calls a matcher that compares with its `.snap` file."""
    return _MATCHER.search(test_text) is not None


def stored(snap_text: str) -> dict[str, str]:
    """A `.snap` file's snapshots: name -> value, as the file orders them."""
    return {_unescape(name): _unescape(value) for name, value in _ENTRY.findall(snap_text)}


def _unescape(text: str) -> str:
    return _ESCAPED.sub(r"\1", text)


def of_test(case: TestCase, snaps: Mapping[str, str]) -> tuple[str, ...]:
    """The values of the snapshots `snaps` holds for `case` (either runner's spelling)."""
    spellings = set(runner_output.snapshot_names(case.name.split(" > ")))
    return tuple(value for name, value in snaps.items()
                 if (count := _COUNT.search(name)) is not None
                 and name[:count.start()] in spellings)


def of_tests(cases: Sequence[TestCase], texts: Mapping[str, str],
             snap_texts: Mapping[str, str]) -> dict[str, str]:
    """Per test id, its stored snapshot values, one after another: for the tests of the files
    in `texts` (path -> text) that take snapshots, with `snap_texts` (a `.snap` file's path ->
    its text) holding theirs. A test with none is left out."""
    read: dict[str, dict[str, str]] = {}
    found: dict[str, str] = {}
    for case in cases:
        snap = snapshot_file(case.file)
        if snap not in snap_texts or not takes_snapshots(texts.get(case.file, "")):
            continue
        if snap not in read:
            read[snap] = stored(snap_texts[snap])
        values = of_test(case, read[snap])
        if values:
            found[case.test_id] = "\n".join(values)
    return found
