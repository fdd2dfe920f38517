from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import config
from gaia_lib.core.errors import MalformedFile
from helpers.projects import Project


def write_config(project: Project, text: str) -> Path:
    return project.write(".gaia/config/project-config.yaml", text)


def test_missing_file_is_the_empty_config(project: Project) -> None:
    cfg = config.load(project.root)
    assert cfg.path is None
    assert cfg.tiers == ()
    assert cfg.stack is None
    assert cfg.manual_test_mode == "advisory"
    assert cfg.tdd_review == config.TddReview("medium", ("red",), True, None)
    assert cfg.bridge == config.Bridge(False, None)
    assert cfg.has_test_execution is False


def test_empty_file_is_the_empty_config(project: Project) -> None:
    write_config(project, "")
    assert config.load(project.root).tiers == ()


def test_scalar_placement_and_defaults(project: Project) -> None:
    write_config(project, "test_execution:\n  tier_1:\n    placement: local\n    command: pytest -q\n")
    (tier,) = config.load(project.root).tiers
    assert tier == config.Tier("tier_1", 1, ("local",), "pytest -q", 300, True, None)
    assert tier.runs_in("local")
    assert not tier.runs_in("ci_pre_merge")


def test_list_placement_with_dash_and_underscore_forms(project: Project) -> None:
    write_config(
        project,
        "test_execution:\n"
        "  tier_2:\n"
        "    placement: [ci-pre-merge, local, ci_pre_merge]\n"
        "    command: npm run test:integration\n"
        "    timeout_seconds: 60\n"
        "    required: false\n"
        "    pattern: tests/unit/**/*.test.ts\n",
    )
    (tier,) = config.load(project.root).tiers
    assert tier.placement == ("ci_pre_merge", "local")
    assert tier.timeout_seconds == 60
    assert tier.required is False
    assert tier.pattern == "tests/unit/**/*.test.ts"
    assert tier.runs_in("ci-pre-merge") and tier.runs_in("ci_pre_merge")


def test_tiers_sorted_by_number_and_filtered_by_context() -> None:
    cfg = config.parse(
        "test_execution:\n"
        "  tier_10: {placement: local, command: c10}\n"
        "  tier_2: {placement: deployment, command: c2}\n"
        "  tier_1: {command: c1}\n"
        "  coverage_command: make cov\n"
    )
    assert [t.name for t in cfg.tiers] == ["tier_1", "tier_2", "tier_10"]
    assert cfg.tier("tier_1") is not None and cfg.tier("tier_1").placement == ()  # type: ignore[union-attr]
    assert [t.name for t in cfg.tiers_for("local")] == ["tier_10"]
    assert cfg.coverage_command == "make cov"


def test_string_timeout_is_accepted() -> None:
    cfg = config.parse("test_execution:\n  tier_1: {placement: local, timeout_seconds: '45'}\n")
    assert cfg.tiers[0].timeout_seconds == 45


def test_every_typed_accessor() -> None:
    cfg = config.parse(
        """
project: {stack: go-dev}
test_execution_bridge: {bridge_enabled: true, run_tests_path: bin/run-tests.sh}
ci_cd:
  promotion_chain:
    - {id: dev, name: Dev, branch: staging, ci_provider: github, merge_strategy: squash,
       ci_checks: [lint, test]}
    - {branch: main}
dev_story:
  tdd_review: {threshold: high, phases: [red, green], qa_auto_in_yolo: false,
               qa_timeout_seconds: 120}
orchestration: {mode: team}
review_gate: {manual_test_mode: gating}
test_cmd: make test
build_cmd: make build
lint_cmd: make lint
project_path: app
tool_adapters: {eslint: null, shellcheck: {path: /usr/bin/shellcheck}}
"""
    )
    assert cfg.stack == "go-dev"
    assert cfg.bridge == config.Bridge(True, "bin/run-tests.sh")
    assert cfg.promotion_chain[0] == config.PromotionStage(
        "staging", "dev", "Dev", "github", "squash", ("lint", "test")
    )
    assert cfg.pr_base == "staging"
    assert cfg.tdd_review == config.TddReview("high", ("red", "green"), False, 120)
    assert cfg.orchestration_mode == "team"
    assert cfg.manual_test_mode == "gating"
    assert (cfg.test_cmd, cfg.build_cmd, cfg.lint_cmd) == ("make test", "make build", "make lint")
    assert cfg.project_path == "app"
    assert cfg.tool_adapters == {"eslint": None, "shellcheck": {"path": "/usr/bin/shellcheck"}}


def test_scalar_phase_is_a_tuple() -> None:
    assert config.parse("dev_story: {tdd_review: {phases: green}}").tdd_review.phases == ("green",)


def test_unknown_keys_are_left_alone() -> None:
    cfg = config.parse("project_root: /x\nframework_version: 1.2\nsomething_else: {a: 1}\n")
    assert cfg.raw["framework_version"] == 1.2


def test_legacy_config_location(project: Project) -> None:
    project.write("config/project-config.yaml", "project: {stack: bash-dev}\n")
    assert config.load(project.root).stack == "bash-dev"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("test_execution:\n  tier_1: {placement: nightly}\n", "$.test_execution.tier_1.placement"),
        ("test_execution:\n  tier_1: {placement: [local, sometimes]}\n",
         "$.test_execution.tier_1.placement"),
        ("test_execution:\n  tier_1: {timeout_seconds: soon}\n",
         "$.test_execution.tier_1.timeout_seconds"),
        ("test_execution:\n  tier_1: {required: maybe}\n", "$.test_execution.tier_1.required"),
        ("project: {stack: python}\n", "$.project.stack"),
        ("dev_story: {tdd_review: {threshold: extreme}}\n", "$.dev_story.tdd_review.threshold"),
        ("ci_cd: {promotion_chain: [{name: x}]}\n", "$.ci_cd.promotion_chain[0]"),
        ("orchestration: {mode: swarm}\n", "$.orchestration.mode"),
    ],
)
def test_bad_config_names_the_key(text: str, key: str) -> None:
    with pytest.raises(MalformedFile) as info:
        config.parse(text, Path("cfg.yaml"), exit_code=3)
    assert info.value.exit_code == 3
    assert key in info.value.message
    assert "\n" not in info.value.message


def test_not_a_mapping_is_malformed() -> None:
    with pytest.raises(MalformedFile, match="top level must be a mapping"):
        config.parse("- a\n- b\n")


def test_invalid_yaml_is_malformed(project: Project) -> None:
    write_config(project, "test_execution: [unclosed\n")
    with pytest.raises(MalformedFile, match="invalid YAML"):
        config.load(project.root)


def test_normalise_context() -> None:
    assert config.normalise_context(" ci-post-merge ") == "ci_post_merge"


@pytest.mark.parametrize(
    ("flag", "mode", "expected"),
    [("1", "team", "team"), ("1", "subagent", "subagent"), ("1", None, "subagent"),
     (None, "team", "subagent"), ("true", "team", "subagent")],
)
def test_orchestration_needs_both_switches(flag: str | None, mode: str | None, expected: str) -> None:
    assert config.orchestration(flag, mode) == expected


def test_qa_settings_default_and_parse() -> None:
    assert config.parse("").qa == config.QaSettings()
    qa = config.parse("qa:\n  gate: off\n  max_rounds: '5'\n  model: claude-sonnet-4-5\n"
                      "  effort: high\n").qa
    assert (qa.gate, qa.gate_configured, qa.max_rounds, qa.model, qa.effort) == (
        "off", True, 5, "claude-sonnet-4-5", "high")
    assert config.parse("qa:\n  gate: 'on'\n").qa.gate == "on"


@pytest.mark.parametrize("text", [
    "qa:\n  max_rounds: 0\n", "qa:\n  effort: extreme\n", "qa:\n  gate: maybe\n",
    "qa:\n  model: 'bad model'\n",
])
def test_bad_qa_settings_name_the_key(text: str) -> None:
    with pytest.raises(MalformedFile, match="qa"):
        config.parse(text)
