"""test_automate.analysis' rules that need no project run: where a proposed test goes, how gap
findings become checks, what the cache key covers."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest

from gaia_lib.core import engine
from gaia_lib.test_automate import analysis, gaps


@pytest.mark.parametrize(("tier", "dirs", "made", "expected"), [
    ("unit", ["tests/integration", "tests/unit"], [], "tests/unit"),
    ("e2e", ["tests/integration", "tests/unit"], [], "tests/integration"),
    ("unit", [], ["tests/unit"], "tests/unit"),
    ("integration", [], ["tests/unit"], "tests"),
])
def test_a_proposed_test_goes_to_its_tier_directory(tmp_path: Path, tier: str,
                                                    dirs: list[str], made: list[str],
                                                    expected: str) -> None:
    for rel in made:
        (tmp_path / rel).mkdir(parents=True)
    assert analysis.tier_dir(tmp_path, tier, dirs) == expected


def test_a_critical_gap_fails_its_check_and_blocks_a_warning_does_not() -> None:
    found = [gaps.GapFinding("missing-fixture", "critical", "tests/t.py", 3, "AC1", "no fx"),
             gaps.GapFinding("unmocked-network", "warning", "tests/t.py", 1, "", "axios")]
    checks = {c["name"]: c for c in analysis.gap_checks(found)}
    assert [c["name"] for c in analysis.gap_checks(found)] == ["fixture", "untestable",
                                                                "mocking"]
    assert checks["fixture"]["status"] == "failed"
    assert checks["fixture"]["findings"] == [{
        "file": "tests/t.py", "line": 3, "severity": "critical", "rule": "missing-fixture",
        "message": "no fx", "blocking": True, "ac": "AC1"}]
    assert (checks["mocking"]["status"], checks["mocking"]["findings"][0]["blocking"]) == (
        "passed", False)
    assert (checks["untestable"]["status"], checks["untestable"]["findings"]) == ("passed", [])


def test_the_runner_config_blob_names_each_config_file_by_its_hash(tmp_path: Path) -> None:
    assert analysis.runner_config_blob(tmp_path) == ""
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    first = analysis.runner_config_blob(tmp_path)
    assert first.startswith("pytest.ini:")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -q\n")
    assert analysis.runner_config_blob(tmp_path) != first


def test_file_hashes_skip_missing_entries_and_sort(tmp_path: Path) -> None:
    (tmp_path / "b.py").write_text("b")
    (tmp_path / "a.py").write_text("a")
    hashes = analysis.file_hashes(tmp_path, ["b.py", "missing.py", "a.py", "a.py"])
    assert list(hashes) == ["a.py", "b.py"]
    assert hashes["a.py"] == analysis.sha256_hex(b"a")


BASE = {"schema_version": "1.0", "story_key": "E1-S1", "skill": "gaia-test-automate",
        "model": "m", "model_temperature": 0, "checks": []}
INVENTORY = {"stack": "python-dev", "status": "listed", "tests": ["t.py::a"],
             "command": ["pytest", "--collect-only", "-q"], "reason": ""}


@pytest.mark.parametrize(("extra", "valid"), [
    ({"inventory": INVENTORY, "uncovered": ["AC3", "AC-EC1"], "p0_acs": []}, True),
    ({"inventory": {**INVENTORY, "status": "ran"}}, False),  # a listing never runs tests
    ({"inventory": {k: v for k, v in INVENTORY.items() if k != "tests"}}, False),
    ({"uncovered": ["3"]}, False),
])
def test_the_schema_holds_the_test_automate_fields(extra: dict[str, object], valid: bool) -> None:
    from gaia_lib.core import schema

    assert (schema.errors({**BASE, **extra}, "analysis-results") == []) is valid


def test_the_cache_key_holds_the_plugins_code(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # The same story, files and tools under other plugin code (an update that kept the
    # version number): another key, so no analysis of the old code is served.
    story = SimpleNamespace(acceptance_criteria=(), file_list=("app.py",))
    setup = cast(Any, SimpleNamespace(story=story, project=tmp_path, stack="python-dev",
                                      probe=SimpleNamespace(tool_versions={"pytest": "9"})))
    key = analysis.cache_key(setup, {"app.py": "ab"}, ["t.py::test_a"])
    assert analysis.cache_key(setup, {"app.py": "ab"}, ["t.py::test_a"]) == key
    monkeypatch.setattr(engine, "fingerprint", lambda: "other code")
    assert analysis.cache_key(setup, {"app.py": "ab"}, ["t.py::test_a"]) != key


def _criterion(ac_id: str, when: str) -> Any:
    from gaia_lib.story.acceptance import AcceptanceCriterion

    text = f"Given a .env file, when {when}, then the file holds the key."
    return AcceptanceCriterion(ac_id, text, "a .env file", when, "the file holds the key",
                               False, True, 1)


def test_a_proposed_test_targets_the_source_and_function_its_ac_names(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "util.py").write_text("def helper():\n    return 1\n")
    (tmp_path / "src" / "main.py").write_text(
        "import os\n\n\ndef set_key(path, key, value):\n    return True\n\n\n"
        "class Store:\n    def get(self):\n        return None\n")
    story = SimpleNamespace(acceptance_criteria=(
        _criterion("AC1", "`set_key` writes a key"), _criterion("AC2", "a key is written"),
        _criterion("AC3", "a Store is asked for it with `Store.get`")), priority="P1")
    setup = SimpleNamespace(key="E1-S1", story=story, stack="python-dev", project=tmp_path)
    proposed = analysis.propose(cast(Any, setup), ["AC1", "AC2"],
                                ["src/util.py", "src/main.py", "tests/test_main.py"])
    # AC1 names set_key, which main.py declares; AC2 names nothing: of two sources, no target
    assert [(t["ac"], t["target_module"], t["target_function"]) for t in proposed] == [
        ("AC1", "src/main.py", "set_key"), ("AC2", "", "")]
    # the story's only source is its target
    alone = analysis.propose(cast(Any, setup), ["AC2"], ["src/util.py", "tests/test_util.py"])
    assert [(t["target_module"], t["target_function"]) for t in alone] == [("src/util.py", "")]


@pytest.mark.parametrize(("allowlist", "expected"), [
    ('  - "."\n', ["pkg/split/e1_s1_ac1_test.go", "e1_s1_ac2_test.go"]),
    ("  - pkg\n", ["pkg/split/e1_s1_ac1_test.go", "pkg/e1_s1_ac2_test.go"]),
    ("  - tests\n", ["tests/e1_s1_ac1_test.go", "tests/e1_s1_ac2_test.go"]),
])
def test_a_proposed_go_test_sits_in_its_packages_directory_named_for_go_test(
        tmp_path: Path, allowlist: str, expected: list[str]) -> None:
    """`go test -cover` credits a package with its own directory's tests, and runs only
    TestXxx functions; outside the allowlist the tier directory is kept."""
    (tmp_path / "pkg" / "split").mkdir(parents=True)
    (tmp_path / "pkg" / "split" / "split.go").write_text(
        "package split\n\nfunc Split(s string) []string { return nil }\n")
    (tmp_path / "root.go").write_text("package root\n\nfunc Join() string { return \"\" }\n")
    env = tmp_path / ".gaia" / "artifacts" / "test-artifacts"
    env.mkdir(parents=True)
    (env / "test-environment.yaml").write_text("tier_directories:\n" + allowlist)
    story = SimpleNamespace(acceptance_criteria=(
        _criterion("AC1", "`Split` is called"), _criterion("AC2", "a key is written")),
        priority="P1")
    setup = SimpleNamespace(key="E1-S1", story=story, stack="go-dev", project=tmp_path)
    proposed = analysis.propose(cast(Any, setup), ["AC1", "AC2"],
                                ["root.go", "pkg/split/split.go", "pkg/split/split_test.go"])
    assert [t["test_file"] for t in proposed] == expected
    assert [t["name"] for t in proposed] == ["TestE1S1Ac1", "TestE1S1Ac2"]


def test_target_of_picks_the_first_source_declaring_a_named_unit() -> None:
    declared = {"a.go": ["Parse", "Decoder"], "b.go": ["decode", "Decoder"]}
    assert analysis.target_of({"decode"}, declared, "a.go") == ("b.go", "decode")
    assert analysis.target_of({"decoder"}, declared, "a.go") == ("a.go", "Decoder")
    assert analysis.target_of(set(), declared, "a.go") == ("a.go", "")


def test_the_report_says_story_gate_warnings_as_sentences() -> None:
    text = analysis.render_deterministic({"checks": [], "gate_warnings": [
        '{"warning":"file-list-divergence","reason":"empty-file-list"}']})
    assert text.endswith("Story gate warnings:\n- The story's File List is empty, so its change "
                         "set cannot be checked.\n")
