"""Steps 5a/6a/7a: whether a TDD phase is reviewed, and how: SKIP, PROMPT or QA_AUTO.

Rules (upstream tdd-review-gate.sh), in this order:
1. threshold `off` -> SKIP;
2. the phase is not in the configured phases (default `[red]`) -> SKIP;
3. rank(risk) < rank(threshold) with off 0, low 1, medium 2, high 3 -> SKIP;
4. YOLO active and `qa_auto_in_yolo` (default true) -> QA_AUTO;
5. otherwise PROMPT.
- Inputs: the story's `risk` (alias `risk_level`; missing or unknown counts as `high`, with a
  warning: an unknown risk must not silently skip a review); config
  `dev_story.tdd_review.threshold` (default `medium`, unknown -> `medium` with a warning),
  `.phases` (list or scalar), `.qa_auto_in_yolo`; YOLO from `core.yolo` (the one detector).
- The key is checked before any file is touched; bad key, no story, unreadable config: exit 2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gaia_lib.core import config, keys, yolo
from gaia_lib.core.errors import GaiaError
from gaia_lib.story import resolve
from gaia_lib.story.parser import load_story

EXIT_USAGE = 2
SKIP, PROMPT, QA_AUTO = "SKIP", "PROMPT", "QA_AUTO"
RANKS = {"off": 0, "low": 1, "medium": 2, "high": 3}


@dataclass(frozen=True)
class GateInputs:
    risk: str
    threshold: str
    phases: tuple[str, ...]
    phase: str
    yolo: bool
    qa_auto_in_yolo: bool


@dataclass
class GateDecision:
    decision: str
    warnings: list[str] = field(default_factory=list)


def decide(inputs: GateInputs) -> str:
    """The decision matrix, pure."""
    if inputs.threshold == "off":
        return SKIP
    if inputs.phase not in inputs.phases:
        return SKIP
    if RANKS[inputs.risk] < RANKS[inputs.threshold]:
        return SKIP
    if inputs.yolo and inputs.qa_auto_in_yolo:
        return QA_AUTO
    return PROMPT


def normalise(risk: str | None, threshold: str | None,
              warnings: list[str]) -> tuple[str, str]:
    r = (risk or "").strip().lower()
    if r not in ("low", "medium", "high"):
        warnings.append(f"risk '{r or '<missing>'}' is not low|medium|high; treated as high")
        r = "high"
    t = (threshold or "medium").strip().lower()
    if t not in RANKS:
        warnings.append(f"dev_story.tdd_review.threshold '{t}' is unknown; using medium")
        t = "medium"
    return r, t


def evaluate(project: Path, raw_key: str, phase: str, env: Mapping[str, str]) -> GateDecision:
    key = keys.story_key(raw_key, EXIT_USAGE)
    try:
        story = load_story(resolve.find_story(project, key), EXIT_USAGE)
        cfg = config.load(project, EXIT_USAGE)
    except GaiaError as exc:
        raise GaiaError(exc.message, EXIT_USAGE) from None
    warnings: list[str] = []
    risk, threshold = normalise(story.risk, cfg.tdd_review.threshold, warnings)
    phases: Sequence[str] = tuple(p.strip().lower() for p in cfg.tdd_review.phases)
    inputs = GateInputs(risk, threshold, tuple(phases), phase.strip().lower(),
                        yolo.is_yolo(project, env).yolo, cfg.tdd_review.qa_auto_in_yolo)
    return GateDecision(decide(inputs), warnings)
