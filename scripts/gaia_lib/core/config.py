"""The project configuration: `.gaia/config/project-config.yaml` (legacy `config/…`).

Loaded once through `yamlio` and validated against `schemas/project-config.schema.json`, then
turned into typed records; nothing downstream reads the raw mapping for a key listed here. The
same text is parsed once per process (a command reads the config from several modules). A
missing file is an empty configuration (every accessor has its documented default). A file that
is not valid YAML, not a mapping, or breaks the schema raises MalformedFile naming the key.

Differences from the upstream readers, on purpose:
- `test_execution.tier_N.placement` may be a scalar or a list; `ci-pre-merge` and
  `ci_pre_merge` are the same context (upstream compared a scalar only, so a list never ran).
- Any `tier_N` is read, not just tier_1..tier_3; tiers are ordered by N.
- `project.stack` is honoured by load-stack-persona (upstream never read it).

QA gating (`qa:`, seed 004): `qa.gate` on|off (YAML's bare on/off booleans too; default on),
`qa.max_rounds` the failure budget (default 3), `qa.model` / `qa.effort` the QA reviewer's model
and effort for /gaia-review-qa (absent: the review's built-in default).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from gaia_lib.core import paths, schema, yamlio
from gaia_lib.core.errors import MalformedFile, NotFound

SCHEMA = "project-config"
CONTEXTS = ("local", "ci_pre_merge", "ci_post_merge", "deployment", "post_deploy")
DEFAULT_TIER_TIMEOUT = 300
TDD_THRESHOLDS = ("off", "low", "medium", "high")
DEFAULT_QA_MAX_ROUNDS = 3
_TIER_KEY = re.compile(r"tier_([0-9]+)")


def normalise_context(value: str) -> str:
    """`ci-pre-merge` -> `ci_pre_merge`: both spellings appear in real configs and evidence."""
    return value.strip().replace("-", "_")


@dataclass(frozen=True)
class Tier:
    name: str  # "tier_1"
    number: int
    placement: tuple[str, ...]  # normalised contexts; empty = the tier never runs
    command: str | None
    timeout_seconds: int = DEFAULT_TIER_TIMEOUT
    required: bool = True
    pattern: str | None = None

    def runs_in(self, context: str) -> bool:
        return normalise_context(context) in self.placement


@dataclass(frozen=True)
class Bridge:
    enabled: bool = False
    run_tests_path: str | None = None


@dataclass(frozen=True)
class PromotionStage:
    branch: str
    id: str | None = None
    name: str | None = None
    ci_provider: str | None = None
    merge_strategy: str | None = None
    ci_checks: tuple[str, ...] = ()


@dataclass(frozen=True)
class TddReview:
    threshold: str = "medium"
    phases: tuple[str, ...] = ("red",)
    qa_auto_in_yolo: bool = True
    qa_timeout_seconds: int | None = None


@dataclass(frozen=True)
class QaSettings:
    gate: str = "on"  # on | off: the project-level QA gating mode
    gate_configured: bool = False  # False: `gate` is the default, not the config's word
    max_rounds: int = DEFAULT_QA_MAX_ROUNDS
    model: str | None = None
    effort: str | None = None


@dataclass(frozen=True)
class ProjectConfig:
    path: Path | None  # None when no config file exists
    raw: Mapping[str, Any] = field(default_factory=dict)
    stack: str | None = None
    tiers: tuple[Tier, ...] = ()
    coverage_command: str | None = None
    bridge: Bridge = Bridge()
    promotion_chain: tuple[PromotionStage, ...] = ()
    tdd_review: TddReview = TddReview()
    orchestration_mode: str | None = None
    manual_test_mode: str = "advisory"
    test_cmd: str | None = None
    build_cmd: str | None = None
    lint_cmd: str | None = None
    project_path: str | None = None
    tool_adapters: Mapping[str, Mapping[str, Any] | None] | None = None  # None: no block
    qa: QaSettings = QaSettings()

    @property
    def has_test_execution(self) -> bool:
        return isinstance(self.raw.get("test_execution"), Mapping)

    def tier(self, name: str) -> Tier | None:
        return next((t for t in self.tiers if t.name == name), None)

    def tiers_for(self, context: str) -> tuple[Tier, ...]:
        return tuple(t for t in self.tiers if t.runs_in(context))

    @property
    def pr_base(self) -> str | None:
        """The first promotion stage's branch is where story PRs land."""
        return self.promotion_chain[0].branch if self.promotion_chain else None


def _section(raw: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = raw.get(key)
    return value if isinstance(value, Mapping) else {}


def _str(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _seconds(value: Any, default: int | None) -> int | None:
    return default if value is None else int(value)  # schema: int or digit string


def _strings(value: Any) -> tuple[str, ...]:
    """A scalar or a list, as a tuple: config authors write both shapes."""
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    return tuple(str(item) for item in items)


def _tiers(test_execution: Mapping[str, Any]) -> tuple[Tier, ...]:
    found: list[Tier] = []
    for key, body in test_execution.items():
        match = _TIER_KEY.fullmatch(str(key))
        if match is None:
            continue
        block = body if isinstance(body, Mapping) else {}
        placement = tuple(
            dict.fromkeys(normalise_context(p) for p in _strings(block.get("placement")))
        )
        found.append(
            Tier(
                name=str(key),
                number=int(match.group(1)),
                placement=placement,
                command=_str(block.get("command")),
                timeout_seconds=_seconds(block.get("timeout_seconds"), DEFAULT_TIER_TIMEOUT)
                or DEFAULT_TIER_TIMEOUT,
                required=bool(block.get("required", True)),
                pattern=_str(block.get("pattern")),
            )
        )
    return tuple(sorted(found, key=lambda t: t.number))


def _promotion_chain(ci_cd: Mapping[str, Any]) -> tuple[PromotionStage, ...]:
    stages = ci_cd.get("promotion_chain") or []
    return tuple(
        PromotionStage(
            branch=str(stage["branch"]),
            id=_str(stage.get("id")),
            name=_str(stage.get("name")),
            ci_provider=_str(stage.get("ci_provider")),
            merge_strategy=_str(stage.get("merge_strategy")),
            ci_checks=_strings(stage.get("ci_checks")),
        )
        for stage in stages
    )


def _tdd_review(dev_story: Mapping[str, Any]) -> TddReview:
    block = _section(dev_story, "tdd_review")
    phases = _strings(block.get("phases"))
    return TddReview(
        # YAML 1.1 reads a bare `threshold: off` as false: that is "off", not "unset".
        threshold="off" if block.get("threshold") is False else (
            _str(block.get("threshold")) or "medium"),
        phases=phases if "phases" in block and block.get("phases") is not None else ("red",),
        qa_auto_in_yolo=bool(block.get("qa_auto_in_yolo", True)),
        qa_timeout_seconds=_seconds(block.get("qa_timeout_seconds"), None),
    )


def _qa(block: Mapping[str, Any]) -> QaSettings:
    gate = block.get("gate")
    if isinstance(gate, bool):  # YAML 1.1 reads a bare on/off as a boolean
        gate = "on" if gate else "off"
    rounds = block.get("max_rounds")
    return QaSettings(
        gate=str(gate) if gate is not None else "on",
        gate_configured=gate is not None,
        max_rounds=int(rounds) if rounds is not None else DEFAULT_QA_MAX_ROUNDS,
        model=_str(block.get("model")),
        effort=_str(block.get("effort")),
    )


def orchestration(flag_value: str | None, config_mode: str | None) -> str:
    """`team` only when the agent-teams flag is exactly "1" AND the config asks for it."""
    return "team" if flag_value == "1" and config_mode == "team" else "subagent"


def from_mapping(raw: Mapping[str, Any], path: Path | None = None) -> ProjectConfig:
    """Typed view of an already-validated mapping (pure: no I/O)."""
    test_execution = _section(raw, "test_execution")
    bridge = _section(raw, "test_execution_bridge")
    adapters = raw.get("tool_adapters")
    return ProjectConfig(
        path=path,
        raw=raw,
        stack=_str(_section(raw, "project").get("stack")),
        tiers=_tiers(test_execution),
        coverage_command=_str(test_execution.get("coverage_command")),
        bridge=Bridge(
            enabled=bool(bridge.get("bridge_enabled", False)),
            run_tests_path=_str(bridge.get("run_tests_path")),
        ),
        promotion_chain=_promotion_chain(_section(raw, "ci_cd")),
        tdd_review=_tdd_review(_section(raw, "dev_story")),
        orchestration_mode=_str(_section(raw, "orchestration").get("mode")),
        manual_test_mode=_str(_section(raw, "review_gate").get("manual_test_mode")) or "advisory",
        test_cmd=_str(raw.get("test_cmd")),
        build_cmd=_str(raw.get("build_cmd")),
        lint_cmd=_str(raw.get("lint_cmd")),
        project_path=_str(raw.get("project_path")),
        tool_adapters=adapters if isinstance(adapters, Mapping) else None,
        qa=_qa(_section(raw, "qa")),
    )


@lru_cache(maxsize=8)
def parse(text: str, path: Path | None = None, exit_code: int = 1) -> ProjectConfig:
    """Parse and validate config text. Empty text is the empty configuration."""
    what = f"project config {path}" if path is not None else "project config"
    data = yamlio.load(text, what, exit_code)
    if data is None:
        return ProjectConfig(path=path)
    if not isinstance(data, Mapping):
        raise MalformedFile(f"{what}: the top level must be a mapping of keys", exit_code)
    schema.check(data, SCHEMA, what, exit_code)
    return from_mapping(data, path)


def load_file(path: Path, exit_code: int = 1) -> ProjectConfig:
    """A config at an explicit path (`--config P`). A missing file is the empty configuration."""
    if not path.is_file():
        return ProjectConfig(path=None)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedFile(f"project config {path}: cannot read: {exc}", exit_code) from None
    return parse(text, path, exit_code)


def load_given(path: Path, exit_code: int = 1) -> ProjectConfig:
    """A config a caller named (`--config P`): one that is not there is a caller error (a
    mistyped path must not read as an empty configuration that runs nothing)."""
    if not path.is_file():
        raise NotFound(f"--config {path}: no such file", exit_code)
    return load_file(path, exit_code)


def load(project: Path, exit_code: int = 1) -> ProjectConfig:
    """The project's config: `.gaia/config/project-config.yaml`, else legacy `config/…`."""
    return load_file(paths.project_config(project), exit_code)


def env_seconds(var: str, default: float) -> float:
    """A duration in seconds from the environment (tests shorten waits); bad or negative values
    fall back to / clamp at the default and 0."""
    import os

    raw = os.environ.get(var, "")
    try:
        return max(0.0, float(raw)) if raw else default
    except ValueError:
        return default
