from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gaia_lib.core.errors import GaiaError
from gaia_lib.test_automate import plan as tap
from gaia_lib.test_automate import preflight

SOURCES = (tap.Source("src/cart.py", "a" * 64), tap.Source("src/coupon.py", "b" * 64))
TESTS = (tap.ProposedTest("tests/unit/test_cart.py", "test_total_grows", "AC1", "unit",
                          "cart", "add"),
         tap.ProposedTest("tests/unit/test_coupon.py", "test_total_drops", "AC2"))
FINDINGS = (tap.Finding("missing-fixture", "critical", "AC1", "no admin session fixture"),
            tap.Finding("flaky-pattern", "warning", "AC2", "hard sleep"))


def _plan(**changes: object) -> tap.Plan:
    base = tap.Plan("E1-S1", SOURCES, TESTS, FINDINGS, verdict="APPROVE",
                    generated_at="2026-11-30T00:00:00Z", narrative="Two tests.")
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_plan_id_ignores_wording_order_time_and_approval() -> None:
    a = tap.compute_plan_id(_plan())
    reworded = tuple(dataclasses.replace(f, message=f.message.upper() + "!") for f in FINDINGS)
    b = tap.compute_plan_id(_plan(findings=tuple(reversed(reworded)),
                                  proposed_tests=tuple(reversed(TESTS)),
                                  analyzed_sources=tuple(reversed(SOURCES)),
                                  generated_at="2027-01-01", narrative="other words",
                                  verdict="REQUEST_CHANGES",
                                  approval=tap.Approval("PASSED", "x")))
    assert a == b
    assert a.startswith("sha256:") and len(a) == 7 + 64


@pytest.mark.parametrize("change", [
    {"analyzed_sources": (tap.Source("src/cart.py", "c" * 64), SOURCES[1])},
    {"proposed_tests": (TESTS[0],)},
    {"proposed_tests": (dataclasses.replace(TESTS[0], test_file="tests/unit/test_other.py"), TESTS[1])},
    {"findings": (dataclasses.replace(FINDINGS[0], severity="warning"), FINDINGS[1])},
    {"story_key": "E1-S2"},
])
def test_plan_id_changes_with_what_would_be_written(change: dict[str, object]) -> None:
    assert tap.compute_plan_id(_plan(**change)) != tap.compute_plan_id(_plan())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["coverage", "fixture", "mock"]),
                          st.sampled_from(["critical", "warning", "suggestion"]),
                          st.text(max_size=40)), max_size=6), st.randoms())
def test_wording_and_order_never_change_the_id(items, rnd) -> None:
    findings = [tap.Finding(c, s, "AC1", m) for c, s, m in items]
    shuffled = [dataclasses.replace(f, message=f.message[::-1] + "x") for f in findings]
    rnd.shuffle(shuffled)
    assert tap.compute_plan_id(_plan(findings=tuple(findings))) == \
        tap.compute_plan_id(_plan(findings=tuple(shuffled)))


def test_render_parse_round_trip_is_byte_stable(tmp_path: Path) -> None:
    written = tap.write(tmp_path / ".gaia" / "plan.md", _plan(), tmp_path)
    text = (tmp_path / ".gaia" / "plan.md").read_text()
    parsed = tap.parse(text, "plan.md")
    assert parsed == written
    assert tap.self_checks(parsed)
    assert tap.render(parsed) == text


def test_approval_patches_only_the_approval_block(tmp_path: Path) -> None:
    path = tmp_path / ".gaia" / "plan.md"
    written = tap.write(path, _plan(), tmp_path)
    approved = tap.approve(path, "PASSED", written.plan_id, tmp_path)
    assert approved.approval == tap.Approval("PASSED", written.plan_id)
    assert dataclasses.replace(approved, approval=tap.Approval()) == written


def test_a_plan_edited_after_presentation_is_not_approved(tmp_path: Path) -> None:
    path = tmp_path / ".gaia" / "plan.md"
    written = tap.write(path, _plan(), tmp_path)
    path.write_text(path.read_text().replace("tests/unit/test_cart.py", "src/cart.py"))
    before = path.read_bytes()
    with pytest.raises(GaiaError, match="plan_tamper_detected"):
        tap.approve(path, "PASSED", written.plan_id, tmp_path)
    assert path.read_bytes() == before


def _ready(tmp_path: Path) -> tuple[tap.Plan, str]:
    for src in ("src/cart.py", "src/coupon.py"):
        (tmp_path / src).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / src).write_text(f"# {src}\n")
    made = tap.write(tmp_path / ".gaia" / "plan.md",
                     _plan(analyzed_sources=tap.sources(tmp_path, ["src/cart.py", "src/coupon.py"])),
                     tmp_path)
    approved = tap.approve(tmp_path / ".gaia" / "plan.md", "PASSED", made.plan_id, tmp_path)
    return approved, f"E1-S1\ttest-automate-plan\t{made.plan_id}\tPASSED\n"


def test_preflight_passes_an_approved_untouched_plan(tmp_path: Path) -> None:
    approved, ledger_text = _ready(tmp_path)
    assert preflight.preflight(tmp_path, approved, ledger_text, ["tests/unit"]) == []


def reasons(halts: list[preflight.Halt]) -> list[str]:
    return [h.reason for h in halts]


def test_each_halt_reason(tmp_path: Path) -> None:
    approved, ledger_text = _ready(tmp_path)
    # plan edited by hand after approval: its id no longer matches its content
    tampered = dataclasses.replace(approved, proposed_tests=(TESTS[0],))
    assert reasons(preflight.verify_triple(tampered, ledger_text))[0] == "plan_tamper_detected"
    # approved for another plan id
    other = dataclasses.replace(approved, approval=tap.Approval("PASSED", "sha256:" + "0" * 64))
    assert reasons(preflight.verify_triple(other, ledger_text)) == ["plan_tamper_detected"]
    # the ledger's newest record is a later rejection
    rejected = ledger_text + f"E1-S1\ttest-automate-plan\t{approved.plan_id}\tFAILED\n"
    assert reasons(preflight.verify_triple(approved, rejected)) == ["plan_id_mismatch"]
    assert reasons(preflight.verify_triple(approved, "")) == ["plan_id_mismatch"]
    # a source changed since planning
    (tmp_path / "src/cart.py").write_text("changed\n")
    assert reasons(preflight.drift(tmp_path, approved)) == ["plan_drift"]
    (tmp_path / "src/coupon.py").unlink()
    assert reasons(preflight.drift(tmp_path, approved)) == ["plan_drift", "plan_drift"]
    # targets outside the allowlist, or already present
    assert reasons(preflight.scope(approved, ["e2e"])) == ["target_path_out_of_scope"] * 2
    (tmp_path / "tests/unit").mkdir(parents=True)
    (tmp_path / "tests/unit/test_cart.py").write_text("def test_mine(): pass\n")
    assert reasons(preflight.clobber(tmp_path, approved)) == ["would_clobber_existing_test"]


def test_malformed_plan_files_are_one_clear_error() -> None:
    with pytest.raises(GaiaError, match="no frontmatter"):
        tap.parse("just text\n", "p.md")
    with pytest.raises(GaiaError, match="'proposed_tests' must be a list"):
        tap.parse("---\nproposed_tests: 3\n---\n", "p.md")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(max_size=60), min_size=2, max_size=2), st.text(max_size=80))
def test_test_descriptions_and_narrative_are_wording_outside_the_id(descriptions, narrative
                                                                     ) -> None:
    described = tuple(dataclasses.replace(t, description=d, tc=f"TC-{i}")
                      for i, (t, d) in enumerate(zip(TESTS, descriptions, strict=True)))
    plain = tuple(dataclasses.replace(t, tc=f"TC-{i}") for i, t in enumerate(TESTS))
    assert tap.compute_plan_id(_plan(proposed_tests=described, narrative=narrative)) == \
        tap.compute_plan_id(_plan(proposed_tests=plain))


def test_the_tc_id_and_tier_are_part_of_the_id() -> None:
    for change in ({"tc": "TC-9"}, {"tier": "e2e"}):
        changed = (dataclasses.replace(TESTS[0], **change), TESTS[1])
        assert tap.compute_plan_id(_plan(proposed_tests=changed)) != tap.compute_plan_id(_plan())


ACCEPTANCE = (tap.Source("AC1", tap.ac_digest("Given a cart, when an item is added, then the "
                                               "total grows.")),)


def test_the_planned_acs_text_is_bound_to_the_id_and_checked_by_preflight() -> None:
    """A plan that records its ACs' text gets another id than one that does not (which keeps
    the id it had before such plans existed); preflight halts when an AC says something else
    now, or is gone, and not for whitespace."""
    bare, bound = _plan(), _plan(acceptance=ACCEPTANCE)
    assert tap.compute_plan_id(bare) != tap.compute_plan_id(bound)
    assert "acceptance_criteria" not in tap.canonical_form(bare)
    same = {"AC1": "Given a cart,  when an item is added,\nthen the total grows."}
    assert preflight.drift(Path("/nonexistent"), dataclasses.replace(bound, analyzed_sources=()),
                           same) == []
    edited = {"AC1": "Given a cart, when an item is added, then the total shrinks."}
    unbound = dataclasses.replace(bound, analyzed_sources=())
    assert [h.line() for h in preflight.drift(Path("/nonexistent"), unbound, edited)] == [
        "HALT: plan_drift: AC1's text changed since the plan was made"]
    assert [h.line() for h in preflight.drift(Path("/nonexistent"), unbound, {})] == [
        "HALT: plan_drift: the story no longer has AC1"]


def test_a_plan_with_its_acs_round_trips(tmp_path: Path) -> None:
    path = tmp_path / ".gaia" / "plan.md"
    written = tap.write(path, _plan(acceptance=ACCEPTANCE), tmp_path)
    parsed = tap.load(path)
    assert parsed == written and parsed.acceptance == ACCEPTANCE and tap.self_checks(parsed)
