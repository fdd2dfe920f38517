"""One `/gaia-dev-story` run: its setup (Step 1 and the run's bookkeeping) and its finalize.

What `skills/gaia-dev-story/scripts/setup.py` and `finalize.py` call; the skill renders the
setup JSON and follows it.

Rules:
- Arguments: the story key and the flags `yolo` / `--yolo`, `--bypass-deps`,
  `--allow-stub <reason>` (or `--allow-stub=<reason>`; the reason must cite a story or action
  item id, `E1-S9: why`, checked here before anything runs). Unknown flags, a second key or a
  hostile key are usage errors (exit 2), with nothing written.
- Step 1 (Load Story): the story resolves to one file (else "Story file not found -- run
  /gaia-create-story first.", exit 1), its status is one dev-story starts from (ready-for-dev,
  in-progress, or a sprint-less backlog; else exit 1), no other story's dev-story run is
  active in the project (the marker names it: exit 1, naming its finalize), it states its
  ACs (none, or one still the story template's placeholder `Given <context>, ...`: exit 1),
  the mode is `detect_mode`'s, the
  dependency gate is `check_deps`' (QA holds and cycles included). Dependencies not done: the
  gate line `step1_gate: deps=blocked verdict=halted` (or `deps=missing`, `deps=cycle`) on stderr
  and exit 3 (4 when a dependency's story file is missing); with `--bypass-deps` the bypass is
  recorded through `sprint-state override` and the line is `deps=bypassed verdict=passed`.
- Step 3b is resolved here too (`stacks.persona`): no developer persona for the story's stack
  is exit 5, before anything is written (the seed's Step 3b halt, never a self-implementation).
- Only after every check passed: YOLO is activated when asked (`core.yolo` sentinel), the
  active-workflow marker says `dev-story <key>` (the edit hook records only then), the
  checkpoint's file list is handed to this story (`checkpoint.store.hand_over`: another
  story's list is copied aside, then emptied; a resumed run keeps its own), the run's
  choices go to the dev-story checkpoint (`run.<key>.*` variables), the orchestration warning
  is surfaced once per session (subagent mode), and Step 1's boundary event is emitted.
- RESUME: `resume_at` is the step to continue from; a run that would resume in the PR steps
  (11-13) whose merge is already on the target branch (merged by hand where no forge opens a
  PR: step 14's own check) resumes at step 14, and says so. The Step 4 planning gate counts
  as cleared only when `run.<key>.step4` is `passed`; until then `resume_at` is never past
  "4" (a resumed story with no clearance re-issues the halt). A TDD gate halted with
  `review-myself` resumes at
  that gate. REWORK always replans: its clearance is reset.
- REWORK's hand-off: `failed_reviews` lists each FAILED Review Gate row with its report (the QA
  review's newest round through `qa_gating.names`), which the plan prompt passes on.
- Finalize removes the marker (and the YOLO sentinel setup created), and prints the run summary:
  the story's status, the gates the checkpoint holds, the files touched and the step timings.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_lib.checkpoint import active
from gaia_lib.checkpoint import store as checkpoint
from gaia_lib.core import config, keys, paths, writes, yolo
from gaia_lib.core.errors import GaiaError, NotFound, UsageError
from gaia_lib.dev_story import (
    check_deps,
    detect_mode,
    merged,
    orchestration_warning,
    sentinels,
    step_boundary,
    update_status,
)
from gaia_lib.qa_gating import names
from gaia_lib.stacks import persona
from gaia_lib.story import resolve
from gaia_lib.story.parser import Story, load_story

WORKFLOW = "dev-story"
SKILL_CLASS = "heavy-procedural"
TEAM_FLAG = "CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS"
EXIT_USAGE = 2
EXIT_CANNOT_START = 1
EXIT_DEPS = 3
EXIT_DEP_MISSING = 4
EXIT_NO_PERSONA = 5
NOT_FOUND = "Story file not found -- run /gaia-create-story first."
STEP4_PASSED = "passed"
TDD_GATES = ("5a", "6a", "7a")


@dataclass(frozen=True)
class Invocation:
    key: str
    yolo: bool = False
    bypass_deps: bool = False
    allow_stub: str | None = None


def parse_arguments(argv: Sequence[str]) -> Invocation:
    """The skill's `$ARGUMENTS`, split by the shell. Pure."""
    key: str | None = None
    want_yolo = bypass = False
    allow_stub: str | None = None
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg in ("yolo", "--yolo"):
            want_yolo = True
        elif arg == "--bypass-deps":
            bypass = True
        elif arg == "--allow-stub" or arg.startswith("--allow-stub="):
            if arg == "--allow-stub":
                if i >= len(args):
                    raise UsageError(
                        "--allow-stub needs a reason, e.g. --allow-stub "
                        '"E1-S9: resend flow lands next sprint"',
                        EXIT_USAGE,
                    )
                arg = "--allow-stub=" + args[i]
                i += 1
            try:
                allow_stub = sentinels.check_allow_stub(arg.removeprefix("--allow-stub="))
            except GaiaError as exc:
                raise UsageError(exc.message, EXIT_USAGE) from None
        elif arg.startswith("-"):
            raise UsageError(
                f"unknown flag {arg[:40]!r} (flags: yolo, --bypass-deps, --allow-stub <reason>)",
                EXIT_USAGE,
            )
        elif key is None:
            key = keys.story_key(arg, EXIT_USAGE)
        else:
            raise UsageError(f"one story key only (got {key} and {arg[:40]!r})", EXIT_USAGE)
    if key is None:
        raise UsageError(
            "usage: /gaia-dev-story <story-key> [yolo] [--bypass-deps] [--allow-stub <reason>]",
            EXIT_USAGE,
        )
    return Invocation(key, want_yolo, bypass, allow_stub)


# ---------------------------------------------------------------- the run's record


def var(key: str, name: str) -> str:
    return f"run.{key}.{name}"


def run_vars(project: Path, key: str) -> dict[str, str]:
    """The `run.<key>.*` variables of the dev-story checkpoint (empty when there is none)."""
    target = checkpoint.checkpoint_path(paths.checkpoints_root(project), WORKFLOW)
    try:
        current = checkpoint.load(target)
    except NotFound:
        return {}
    prefix = f"run.{key}."
    return {n.removeprefix(prefix): v for n, v in current.variables if n.startswith(prefix)}


def record(project: Path, key: str, updates: Mapping[str, str]) -> None:
    checkpoint.set_variables(
        paths.checkpoints_root(project),
        project,
        WORKFLOW,
        {var(key, n): v for n, v in updates.items()},
    )


def resume_point(mode: str, recorded: Mapping[str, str], last_step: int | None) -> str:
    """Where the run continues. Pure; see the module rules."""
    if mode == detect_mode.FRESH:
        return "2"
    halted = recorded.get("halt")
    if mode != detect_mode.REWORK and halted in TDD_GATES:
        return halted
    cleared = mode != detect_mode.REWORK and recorded.get("step4") == STEP4_PASSED
    if not cleared:
        return "4" if (last_step or 0) >= 4 or mode == detect_mode.REWORK else "3"
    return str(max(last_step or 5, 5))


# ---------------------------------------------------------------- setup


def _story(project: Path, key: str) -> Story:
    try:
        path = resolve.find_story(project, key)
    except NotFound:
        raise NotFound(f"{key}: {NOT_FOUND}", EXIT_CANNOT_START) from None
    return load_story(path, EXIT_CANNOT_START)


def deps_gate(outcome: check_deps.Outcome) -> tuple[str, int]:
    """Step 1's gate line and the setup exit code for a dependency outcome. Pure."""
    result = outcome.result
    if outcome.bypassed:
        return "step1_gate: deps=bypassed verdict=passed", 0
    if result.missing:
        return "step1_gate: deps=missing verdict=halted", EXIT_DEP_MISSING
    if result.exit_code:
        return "step1_gate: deps=blocked verdict=halted", EXIT_DEPS
    if outcome.cycle:
        return "step1_gate: deps=cycle verdict=halted", EXIT_DEPS
    return "step1_gate: deps=ok verdict=passed", 0


def run_dir(project: Path, key: str) -> Path:
    """Where the model puts what the agents return (plan, Val and tdd-reviewer replies)."""
    return paths.state_dir(project) / WORKFLOW / key


@dataclass(frozen=True)
class SetupResult:
    data: dict[str, Any]
    gate_lines: tuple[str, ...]
    notes: tuple[str, ...]
    exit_code: int


def setup(project: Path, inv: Invocation, env: Mapping[str, str]) -> SetupResult:
    key = inv.key
    story = _story(project, key)
    mode = detect_mode.detect(story)
    if story.status not in update_status.DEV_STATES:
        raise GaiaError(
            f"{key} is '{story.status}': /gaia-dev-story starts only from "
            "ready-for-dev or in-progress",
            EXIT_CANNOT_START,
        )
    unfilled = [ac.ac_id for ac in story.acceptance_criteria if ac.unfilled]
    if not story.acceptance_criteria or unfilled:
        # the red tests are written from the ACs: a story that states none cannot be tested
        shown = f"{', '.join(unfilled)} still the template's placeholder" if unfilled \
            else "no acceptance criteria"
        raise GaiaError(f"{key} has {shown}: write what it accepts before /gaia-dev-story",
                        EXIT_CANNOT_START)
    running = active.read(project)
    if running is not None and running.workflow == WORKFLOW and running.key not in (None, key):
        # One working tree, one run: the edit hook would record this story's edits as the
        # other's (and the other's as this one's once the marker moved).
        raise GaiaError(
            f"/gaia-dev-story {running.key} is running in this project: finish it, or end it "
            f"with its finalize (`gaia {FINALIZE_SCRIPT} {running.key}`), before {key}",
            EXIT_CANNOT_START)
    outcome = check_deps.check(project, str(story.path), inv.bypass_deps)
    gate, code = deps_gate(outcome)
    notes = tuple(outcome.messages())
    if code:
        return SetupResult(
            {"key": key, "halted": "step1", "story_file": str(story.path)}, (gate,), notes, code
        )
    try:
        developer = persona.resolve(story_file=story.path, project_root=project, story=story)
    except GaiaError as exc:
        raise GaiaError(
            f"Step 3b: {exc.message}; set the story's stack: (or project.stack) to "
            "a supported stack",
            EXIT_NO_PERSONA,
        ) from None
    if inv.yolo:
        yolo.set_yolo(project, env)
    is_yolo = yolo.is_yolo(project, env).yolo
    recorded = run_vars(project, key)
    boundaries = step_boundary.boundary_events(project, key)
    last_step = max((int(e.get("step") or 0) for e in boundaries), default=None)
    resume_at = resume_point(mode, recorded, last_step)
    merged_note = _merged_already(project, key) if resume_at in PR_STEPS else None
    if merged_note is not None:
        # Merged by hand (no forge to open the PR): the PR steps have nothing left to do.
        resume_at = POST_MERGE_STEP
        notes = (*notes, merged_note)
    # The checkpoint's file list is this story's run (an earlier story's is kept in a copy).
    checkpoint.hand_over(paths.checkpoints_root(project), project, WORKFLOW, key)
    active.mark(project, WORKFLOW, key)
    updates = {
        "mode": mode,
        "yolo": str(is_yolo).lower(),
        "bypass_deps": str(outcome.bypassed).lower(),
        "yolo_set": str(inv.yolo).lower(),
    }
    if inv.allow_stub is not None:
        updates["allow_stub"] = inv.allow_stub
    if mode == detect_mode.REWORK:
        updates.update(step4="", halt="")
    record(project, key, updates)
    orchestration = orchestration_mode(project, env)
    warning_file = orchestration_warning.surface(project, SKILL_CLASS, orchestration, env)
    step_boundary.emit(project, "1", "load-story", key, None)
    work = run_dir(project, key)
    writes.make_dirs(work, project)  # the skill redirects command output into it
    data: dict[str, Any] = {
        "key": key,
        "title": story.title,
        "story_file": str(story.path),
        "status": story.status,
        "risk": story.risk,
        "mode": mode,
        "resume_at": resume_at,
        "step4_cleared": resume_at not in ("2", "3", "4"),
        "stack": developer.stack,
        "agent_file": str(developer.agent_file),
        "subagent_type": "gaia:" + developer.agent_file.stem,
        "project_path": str(developer.project_root),
        "yolo": is_yolo,
        "bypass_deps": outcome.bypassed,
        "allow_stub": inv.allow_stub,
        "orchestration_mode": orchestration,
        "orchestration_warning": (
            warning_file.read_text(encoding="utf-8") if warning_file is not None else None
        ),
        "slug": slug_of(story),
        "failed_reviews": failed_reviews(project, story),
        "figma": story.figma is not None,
        "checkpoint": checkpoint.checkpoint_path(paths.checkpoints_root(project), WORKFLOW),
        "plan_file": str(work / "plan.md"),
        "val_reply": str(work / "val-reply.json"),
        "tdd_review_reply": str(work / "tdd-review.json"),
        "dod_results": str(work / "dod.yaml"),
        "pr_body": str(work / "pr-body.md"),
    }
    return SetupResult(data, (gate,), notes, 0)


FINALIZE_SCRIPT = "skills/gaia-dev-story/scripts/finalize.py"
PR_STEPS = ("11", "12", "13")  # open the PR, wait for CI, merge
POST_MERGE_STEP = "14"


def _merged_already(project: Path, key: str) -> str | None:
    """The note for a run resumed in the PR steps whose merge is already on the target branch
    (`merged.verify`, step 14's own check), else None."""
    branch = config.load(project, EXIT_CANNOT_START).pr_base
    if not branch:
        return None
    found = merged.verify(project, key, branch)
    if found.exit_code != merged.EXIT_FOUND:
        return None
    return (f"resumed at step {POST_MERGE_STEP}: {key}'s merge is already on {branch} "
            "(merged outside the PR steps)")


def slug_of(story: Story) -> str:
    """The branch slug: the story file's name after its key (`E1-S2-email-confirmation.md` ->
    `email-confirmation`), else the title's words; lowercase letters, digits and `-`."""
    stem = story.path.stem
    key = story.key or ""
    raw = stem[len(key) + 1 :] if key and stem.startswith(key + "-") else (story.title or stem)
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in raw.lower()).split()
    return "-".join(words)[:48].strip("-") or "story"


def failed_reviews(project: Path, story: Story) -> list[dict[str, str]]:
    """REWORK's hand-off: each FAILED Review Gate row and the report the developer must address
    (the QA review's newest round from QA gating's report chooser, else the row's cell)."""
    found: list[dict[str, str]] = []
    for row in story.review_gate or ():
        if row.status.upper() != "FAILED":
            continue
        report = row.report
        if row.name == "QA Tests" and story.key:
            report = names.newest_report(project, story.key) or report
        found.append({"gate": row.name, "report": report})
    return found


def orchestration_mode(project: Path, env: Mapping[str, str]) -> str:
    """`team` only with the agent-teams switch on AND `orchestration.mode: team` configured."""
    flag = env.get(TEAM_FLAG)
    if flag != "1":
        return "subagent"
    try:
        return config.orchestration(flag, config.load(project).orchestration_mode)
    except GaiaError:
        return "subagent"


# ---------------------------------------------------------------- finalize


@dataclass(frozen=True)
class Summary:
    text: str
    cleared: bool


# The step a run ends with when it ran to its end; a run that stopped earlier ended elsewhere.
LAST_STEP = 16


def halted_at(recorded: str | None, status: str, rows: Sequence[tuple[int, str, str, str]]
              ) -> str:
    """Where the run stopped (pure): the gate that recorded a halt; else, for a story not yet
    in review, the last step the run began before it stopped (`step 11 (pr-create)`); else
    `—`: it ran through."""
    if recorded:
        return recorded
    if rows and status not in ("review", "done") and rows[-1][0] < LAST_STEP:
        step, name = rows[-1][0], rows[-1][1]
        return f"step {step} ({name}), the last step begun"
    return "—"


def finalize(project: Path, raw_key: str, env: Mapping[str, str]) -> Summary:
    key = keys.story_key(raw_key, EXIT_USAGE)
    running = active.read(project)
    recorded = run_vars(project, key)
    cleared = False
    if running is not None and running.workflow == WORKFLOW and running.key in (key, None):
        cleared = active.clear(project)
    if recorded.get("yolo_set") == "true":
        yolo.clear_yolo(project, env)
    try:
        status = _story(project, key).status or "?"
    except GaiaError:
        status = "?"
    touched = 0
    target = checkpoint.checkpoint_path(paths.checkpoints_root(project), WORKFLOW)
    try:
        touched = len(checkpoint.load(target).files_touched)
    except NotFound:
        pass
    rows = step_boundary.step_rows(step_boundary.boundary_events(project, key))
    lines = [
        f"dev-story {key}: status {status}",
        f"mode: {recorded.get('mode', '?')}  yolo: {recorded.get('yolo', 'false')}  "
        f"bypass-deps: {recorded.get('bypass_deps', 'false')}",
        "gates: "
        + (
            ", ".join(
                f"{n}={v}"
                for n, v in sorted(recorded.items())
                if n.startswith(("step", "tdd.")) and not n.endswith(".decision") and v
            )
            or "none recorded"
        ),
        f"halted at: {halted_at(recorded.get('halt'), status, rows)}",
        f"files edited with Write/Edit (the checkpoint's record): {touched} ({target})",
        f"active workflow: {'cleared' if cleared else 'was not set for ' + key}",
        "",
        step_boundary.timing_table(rows).rstrip("\n"),
    ]
    return Summary("\n".join(lines), cleared)


def as_json(data: Mapping[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
