"""Stored snapshots: the values a test's `toMatchSnapshot()` compares with."""

from __future__ import annotations

from gaia_lib.evidence import snapshots, testcases

# A vitest `.snap` file as a suite comparing a parser's events writes it (rewritten from
# htmlparser2's `Parser.events.spec.ts.snap`): one entry per test, a template literal each.
SNAP = (
    "// Vitest Snapshot v1, https://vitest.dev/guide/snapshot.html\n\n"
    "exports[`Events > keeps a lone ampersand 1`] = `\n"
    "[\n  {\n    \"$event\": \"text\",\n    \"data\": [\n      \"Q&A\",\n    ],\n  },\n]\n`;\n\n"
    "exports[`Events > keeps a lone ampersand in a title 1`] = `\n"
    "[\n  \"<title>Q&amp;A\",\n]\n`;\n\n"
    "exports[`Events > quotes a \\`tick\\` 1`] = `\"a \\${b} \\`c\\` \\\\d\"`;\n"
)
SPEC = (
    "import { it, expect } from 'vitest';\n\n"
    "function events(input: string) {\n  expect(collect(input)).toMatchSnapshot();\n}\n\n"
    "describe('Events', () => {\n"
    "  it('keeps a lone ampersand', () => events('Q&A'));\n"
    "  it('keeps a lone ampersand in a title', () => events('<title>Q&amp;A'));\n"
    "  it('parses nothing', () => events(''));\n"
    "});\n"
)


def test_a_snap_files_entries_are_read_with_their_escapes_undone() -> None:
    found = snapshots.stored(SNAP)
    assert list(found) == ["Events > keeps a lone ampersand 1",
                           "Events > keeps a lone ampersand in a title 1",
                           "Events > quotes a `tick` 1"]
    assert '"Q&A"' in found["Events > keeps a lone ampersand 1"]
    assert found["Events > quotes a `tick` 1"] == '"a ${b} `c` \\d"'


def test_the_snapshots_beside_a_test_file_are_under_its_snapshots_folder() -> None:
    assert snapshots.snapshot_file("src/Parser.events.spec.ts") == \
        "src/__snapshots__/Parser.events.spec.ts.snap"
    assert snapshots.snapshot_file("a.test.js") == "__snapshots__/a.test.js.snap"


def test_a_test_is_given_the_snapshots_named_after_it_alone() -> None:
    """htmlparser2's events tests each hand one input to a function that compares the events
    with the test's snapshot: the value a test asserts is its own entry, not that of a test
    whose name starts like its own."""
    rel = "src/events.spec.ts"
    cases = testcases.split_tests(rel, SPEC)
    found = snapshots.of_tests(cases, {rel: SPEC},
                               {"src/__snapshots__/events.spec.ts.snap": SNAP})
    assert sorted(found) == [f"{rel}::Events > keeps a lone ampersand",
                             f"{rel}::Events > keeps a lone ampersand in a title"]
    assert '"Q&A"' in found[f"{rel}::Events > keeps a lone ampersand"]
    assert "<title>" not in found[f"{rel}::Events > keeps a lone ampersand"]


def test_jest_names_a_snapshot_with_its_groups_spaced() -> None:
    [case] = testcases.split_tests(
        "t.test.js", "describe('Events', () => {\n  it('keeps a lone ampersand', () => {\n"
        "    expect(collect('Q&A')).toMatchSnapshot();\n  });\n});\n")
    snap = "exports[`Events keeps a lone ampersand 1`] = `\"Q&A\"`;\n"
    assert snapshots.of_test(case, snapshots.stored(snap)) == ('"Q&A"',)


def test_a_file_that_takes_no_snapshot_any_more_is_given_none() -> None:
    """Its `.snap` file's entries are obsolete: they check nothing."""
    rel = "src/events.spec.ts"
    spec = SPEC.replace("toMatchSnapshot()", "toEqual([])")
    assert not snapshots.takes_snapshots(spec)
    assert snapshots.of_tests(testcases.split_tests(rel, spec), {rel: spec},
                              {"src/__snapshots__/events.spec.ts.snap": SNAP}) == {}
