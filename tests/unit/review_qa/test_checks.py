"""The pure rules of the review's checks (the checks themselves run in the CLI tests)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from gaia_lib.review_qa import checks
from gaia_lib.stacks.toolprobe import StackProbe, ToolProbe
from gaia_lib.story.acceptance import AcceptanceCriterion


def _ac(ac_id: str, text: str) -> AcceptanceCriterion:
    return AcceptanceCriterion(ac_id, text, None, None, None, False, None, 1)


def test_an_untested_handler_goes_to_the_acs_naming_the_narrowest_unit_it_sits_in() -> None:
    acs = [_ac("AC1", "Given a NullUUID, when UnmarshalText reads bad text, then an error"),
           _ac("AC2", "Given a NullUUID, when Scan reads nil, then no error"),
           _ac("AC3", "Given a config file, when it cannot be read, then the OSError is shown")]
    # An exception an AC names first; then the method; then its type; else every AC.
    assert checks.handled_by(("OSError",), acs, ("UnmarshalText", "NullUUID")) == ["AC3"]
    assert checks.handled_by((), acs, ("UnmarshalText", "NullUUID")) == ["AC1"]
    assert checks.handled_by((), acs, ("MarshalText", "NullUUID")) == ["AC1", "AC2"]
    assert checks.handled_by((), acs, ("load",)) == ["AC1", "AC2", "AC3"]
    assert checks.handled_by(("KeyError",), acs) == ["AC1", "AC2", "AC3"]


def test_a_weak_assertion_names_the_then_literals_as_the_ac_spells_them() -> None:
    """A name the Then writes in backticks and a lone `-` are no promised values: not named,
    and a Then promising nothing else gives no weak assertion."""
    ac = AcceptanceCriterion("AC3", "Given no zone, when parsed, then the default is None, "
                             "and the sign is `-`", "no zone", "parsed",
                             "the default is None, `offset` is kept and the sign is `-`",
                             False, None, 4)
    rows = [{"ac_id": "AC3", "matched": True, "tests": ["t.py::test_parse"]}]
    _, check = checks.literal_evidence([ac], rows, {"t.py::test_parse": "assert parse(x)"},
                                       {"t.py::test_parse": 7})
    (found,) = check["findings"]
    assert found["message"] == "no test of AC3 asserts any of `None` from its Then clause"
    named = AcceptanceCriterion("AC4", "Then `dataUpdatedAt` is set to the time", None, None,
                                "`dataUpdatedAt` is set to the time, or `-`", False, None, 5)
    rows = [{"ac_id": "AC4", "matched": True, "tests": ["t.ts::sets it"]}]
    per_ac, check = checks.literal_evidence([named], rows,
                                            {"t.ts::sets it": "expect(at).toBe(now)"},
                                            {"t.ts::sets it": 3})
    assert check["findings"] == [] and per_ac[0]["literals"] == []


def test_a_branch_check_without_a_coverage_tool_names_the_tools_it_looked_for(
        tmp_path: Path) -> None:
    probe = StackProbe("ts-dev", (ToolProbe("vitest", True, "/x/vitest", "node_modules", "2"),),
                       (ToolProbe("c8", False, None, "none", None),
                        ToolProbe("@vitest/coverage-v8", False, None, "none", None)), None)
    s = SimpleNamespace(project=tmp_path, probe=probe)
    result = checks.branch_evidence(s, [])  # type: ignore[arg-type]
    assert result["status"] == "skipped"
    assert result["skip_reason"] == (
        "no branch-coverage tool installed (looked for c8, @vitest/coverage-v8): "
        "untested-error-path findings cannot be confirmed")
