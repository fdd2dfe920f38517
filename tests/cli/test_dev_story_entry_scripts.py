"""The /gaia-dev-story entry scripts (`skills/gaia-dev-story/scripts/*.py`) as real processes.

Each runs as bin/gaia runs it (the interpreter on the script, the library on PYTHONPATH) on a
throwaway project: setup's JSON, marker and Step 1 gate line, its halts and exit codes, RESUME
from a checkpoint whose Step 4 gate was never cleared, finalize clearing the marker, and the
edit hook recording nothing once no workflow runs. SKILL.md's frontmatter carries the seed's
fields, and every command and entry script it names answers `--help`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gaia_lib.dev_story import session
from gaia_lib.story import sprint
from helpers.projects import REPO_ROOT, Project, gaia_env, run_gaia

SKILL = REPO_ROOT / "skills" / "gaia-dev-story" / "SKILL.md"
SCRIPTS = SKILL.parent / "scripts"
MARKER = Path(".gaia/state/active-workflow")
COMMAND = re.compile(r"\$\{CLAUDE_PLUGIN_ROOT\}/bin/gaia ([a-z][a-z0-9-]*)")
SCRIPT = re.compile(r"skills/gaia-dev-story/scripts/([\w.-]+\.py)")


def _script(name: str, *args: str, project: Project,
            **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / name), *args], cwd=project.root,
                          env=gaia_env(project.root, CLAUDE_CODE_SESSION_ID="s1", **env),
                          capture_output=True, text=True, timeout=120, check=False)


def _story(project: Project, key: str, status: str, deps: str = "[]") -> Path:
    return project.add_story(key, slug=f"s-{key.lower()}", status=status, depends_on=deps)


@pytest.fixture
def py_project(project: Project) -> Project:
    project.write("requirements.txt", "pytest\n")
    return project


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_setup_on_a_ready_story(py_project: Project) -> None:
    _story(py_project, "E1-S1", "done")
    path = _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    done = _script("setup.py", "E1-S2", project=py_project)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["key"], data["story_file"], data["mode"], data["resume_at"]) == (
        "E1-S2", str(path), "FRESH", "2")
    assert (data["subagent_type"], data["yolo"], data["slug"]) == ("gaia:python-dev", False,
                                                                   "s-e1-s2")
    assert done.stderr.splitlines() == ["step1_gate: deps=ok verdict=passed"]
    assert (py_project.root / MARKER).read_text() == "dev-story E1-S2\n"


@pytest.mark.parametrize(("acs", "said"), [
    ("", "E1-S1 has no acceptance criteria: write what it accepts before /gaia-dev-story"),
    ("- [ ] **AC1:** Given <context>, when <action>, then <expected result>.\n",
     "E1-S1 has AC1 still the template's placeholder: write what it accepts before "
     "/gaia-dev-story"),
])
def test_setup_refuses_a_story_that_states_no_acceptance_criteria(
        py_project: Project, acs: str, said: str) -> None:
    py_project.add_story("E1-S1", status="ready-for-dev", acs=acs)
    before = _tree(py_project.root)
    done = _script("setup.py", "E1-S1", project=py_project)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.strip().endswith(said)
    assert _tree(py_project.root) == before


def test_setup_halts_on_dependencies_with_the_gate_line(py_project: Project) -> None:
    _story(py_project, "E1-S1", "review")
    _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    before = _tree(py_project.root)
    done = _script("setup.py", "E1-S2", "yolo", project=py_project)
    assert done.returncode == 3
    assert done.stderr.splitlines() == ["dependencies not in status: done", "  E1-S1: review",
                                        "step1_gate: deps=blocked verdict=halted"]
    assert json.loads(done.stdout)["halted"] == "step1"
    assert _tree(py_project.root) == before  # no marker, no YOLO sentinel, no checkpoint


def test_bypass_deps_is_recorded(py_project: Project) -> None:
    _story(py_project, "E1-S1", "review")
    _story(py_project, "E1-S2", "ready-for-dev", "[E1-S1]")
    done = _script("setup.py", "E1-S2", "--bypass-deps", project=py_project)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["bypass_deps"] is True
    assert done.stderr.splitlines()[-2:] == [
        "[BYPASS] dependency check bypassed for E1-S2 — depends_on entries not validated",
        "step1_gate: deps=bypassed verdict=passed"]
    record = json.loads(sprint.overrides_path(py_project.root).read_text())
    assert (record["story_key"], record["override_type"]) == ("E1-S2", "dependency_check")


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("../../etc/passwd",), 2, "invalid story key"),
        (("E1-S2", "--force"), 2, "unknown flag"),
        (("E1-S2", "--allow-stub", "because"), 2, "must cite a story ID"),
        (("E9-S9",), 1, "Story file not found -- run /gaia-create-story first."),
        (("E1-S2", "--project"), 2, "--project needs a directory"),
        ((), 2, "usage: /gaia-dev-story <story-key>"),
    ],
)
def test_setup_bad_input_is_one_line_and_writes_nothing(
    py_project: Project, args: tuple[str, ...], code: int, message: str
) -> None:
    _story(py_project, "E1-S2", "ready-for-dev")
    before = _tree(py_project.root)
    done = _script("setup.py", *args, project=py_project)
    assert done.returncode == code
    assert len(done.stderr.splitlines()) == 1 and message in done.stderr
    assert _tree(py_project.root) == before


def test_resume_never_passes_an_uncleared_plan_gate(py_project: Project) -> None:
    root = py_project.root
    _story(py_project, "E1-S2", "in-progress")
    for step, name in (("4", "plan"), ("5", "tdd-red"), ("6", "tdd-green")):
        assert run_gaia("emit-step-boundary", step, name, "E1-S2", cwd=root).returncode == 0
    first = json.loads(_script("setup.py", "E1-S2", project=py_project).stdout)
    assert (first["mode"], first["resume_at"], first["step4_cleared"]) == ("RESUME", "4", False)
    refused = _script("gate.py", "4", "E1-S2", "--verdict", "passed", project=py_project)
    assert refused.returncode == 1  # never approved without the plan shown
    py_project.write(".gaia/state/dev-story/E1-S2/plan.md", "".join(
        f"## {s}\nText.\n" for s in ("Context", "Implementation Steps", "Files to Modify",
                                      "Architecture Refs", "UX Refs", "Testing Strategy", "Risks",
                                      "Verification Plan")))
    halted = _script("gate.py", "4", "E1-S2", "--verdict", "halted", project=py_project)
    assert (halted.returncode, halted.stdout, halted.stderr) == (
        0, "ASK\n", "step4_gate: yolo=false verdict=halted\n")
    again = json.loads(_script("setup.py", "E1-S2", project=py_project).stdout)
    assert again["resume_at"] == "4"  # shown but not approved: shown again
    passed = _script("gate.py", "4", "E1-S2", "--verdict", "passed", project=py_project)
    assert passed.returncode == 0 and passed.stderr == "step4_gate: yolo=false verdict=passed\n"
    second = json.loads(_script("setup.py", "E1-S2", project=py_project).stdout)
    assert (second["resume_at"], second["step4_cleared"]) == ("6", True)


def test_finalize_clears_the_marker_and_then_the_hook_records_nothing(py_project: Project) -> None:
    root = py_project.root
    _story(py_project, "E1-S2", "ready-for-dev")
    assert _script("setup.py", "E1-S2", project=py_project).returncode == 0
    edited = py_project.write("src/app.py", "x = 1\n")
    payload = json.dumps({"hook_event_name": "PostToolUse", "tool_name": "Write",
                          "cwd": str(root), "tool_input": {"file_path": str(edited)}})
    hook = run_gaia("hook", "post-tool-use", cwd=root, stdin=payload)
    assert (hook.returncode, hook.stdout) == (0, "")
    checkpoint = root / ".gaia/memory/checkpoints/dev-story.yaml"
    assert '"src/app.py"' in checkpoint.read_text()
    done = _script("finalize.py", "E1-S2", project=py_project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("dev-story E1-S2: status ready-for-dev\n")
    assert "active workflow: cleared" in done.stdout
    assert not (root / MARKER).exists()
    before = checkpoint.read_bytes()
    later = py_project.write("src/later.py", "y = 2\n")
    payload = payload.replace(str(edited), str(later))
    assert run_gaia("hook", "post-tool-use", cwd=root, stdin=payload).returncode == 0
    assert checkpoint.read_bytes() == before


def test_gate_script_usage_and_halt_codes(py_project: Project) -> None:
    _story(py_project, "E1-S2", "in-progress")
    assert _script("gate.py", "9", "E1-S2", project=py_project).returncode == 2
    assert _script("gate.py", "7b", "E1-S2", project=py_project).returncode == 2
    halted = _script("gate.py", "5", "E1-S2", "--choice", "review-myself", project=py_project)
    assert halted.returncode == 1 and halted.stdout == "HALT\n"
    assert halted.stderr.splitlines()[0] == (
        "step5_tdd_gate: phase=red verdict=prompt choice=review-myself")
    skipped = _script("gate.py", "16", "E1-S2", project=py_project)
    assert (skipped.returncode, skipped.stderr) == (0, "step16_gate: yolo=false verdict=skipped\n")


# ---------------------------------------------------------------- SKILL.md


def _frontmatter() -> dict[str, object]:
    text = SKILL.read_text("utf-8")
    head = text.split("---\n")[1]
    data = yaml.safe_load(head)
    assert isinstance(data, dict)
    return data


def test_frontmatter_carries_the_seed_fields() -> None:
    data = _frontmatter()
    assert data["name"] == "gaia-dev-story"
    assert data["yolo_steps"] == [5, 6, 7, 15]
    assert str(data["argument-hint"]).startswith("[story-key]")
    for flag in ("yolo", "--bypass-deps", "--allow-stub"):
        assert flag in str(data["argument-hint"])
    tools = str(data["allowed-tools"])
    for name in ("setup.py", "gate.py", "finalize.py"):
        assert f"skills/gaia-dev-story/scripts/{name} *)" in tools
    for tool in ("Agent", "AskUserQuestion", "Skill", "Bash(${CLAUDE_PLUGIN_ROOT}/bin/gaia *)"):
        assert tool in tools


def test_skill_text_follows_the_seed_labels_and_agents() -> None:
    text = SKILL.read_text("utf-8")
    assert "`approve`,\n   `revise`, `validate`" in text
    assert "`review-myself`, `route-to-qa`, `proceed-anyway` in that\n     order" in text
    types = re.findall(r'subagent_type: "([^"]+)"', text)
    assert set(types) == {"SUBAGENT_TYPE", "gaia:validator", "gaia:tdd-reviewer"}
    steps = [int(n) for n in re.findall(r"^(\d+)\. \*\*", text, re.MULTILINE)]
    assert steps == list(range(1, 18))
    for agent in ("validator", "tdd-reviewer"):
        assert (REPO_ROOT / "agents" / f"{agent}.md").is_file()


def test_every_named_command_and_script_exists(tmp_path: Path) -> None:
    text = SKILL.read_text("utf-8")
    commands = sorted(set(COMMAND.findall(text)) - {"skills"})
    assert {"update-status", "git-push", "verify-pr-merged", "tdd-evidence"} <= set(commands)
    for name in commands:
        done = run_gaia(name, "--help", cwd=tmp_path)
        assert done.returncode == 0 and f"gaia {name}" in done.stdout, (name, done.stderr)
    scripts = sorted(set(SCRIPT.findall(text)))
    assert scripts == ["finalize.py", "gate.py", "setup.py"]
    for name in scripts:
        done = subprocess.run([sys.executable, str(SCRIPTS / name), "--help"], cwd=tmp_path,
                              env=gaia_env(tmp_path), capture_output=True, text=True,
                              timeout=60, check=False)
        assert done.returncode == 0 and "usage" in done.stdout.lower(), (name, done.stderr)


def test_a_run_merged_by_hand_resumes_past_the_pr_steps(py_project: Project) -> None:
    """No forge: the PR could not be opened, the user merged by hand; the resumed run goes on
    at step 14 (its own check finds the merge) instead of failing at step 11 forever."""
    root = py_project.root
    py_project.write(".gaia/config/project-config.yaml",
                     "ci_cd:\n  promotion_chain:\n    - branch: main\n")
    _story(py_project, "E1-S2", "in-progress")
    session.record(root, "E1-S2", {"step4": session.STEP4_PASSED})
    for step, name in (("4", "plan"), ("10", "commit-push"), ("11", "create-pr")):
        assert run_gaia("emit-step-boundary", step, name, "E1-S2", cwd=root).returncode == 0
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q", "-b", "main"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "base"], cwd=root, check=True)
    before = json.loads(_script("setup.py", "E1-S2", project=py_project).stdout)
    assert before["resume_at"] == "11"  # nothing merged yet
    py_project.write("app.py", "x = 1\n")
    subprocess.run([*git, "add", "app.py"], cwd=root, check=True)
    subprocess.run([*git, "commit", "-qm", "feat(E1-S2): confirm (#3)"], cwd=root, check=True)
    done = _script("setup.py", "E1-S2", project=py_project)
    assert json.loads(done.stdout)["resume_at"] == "14"
    assert "resumed at step 14: E1-S2's merge is already on main" in done.stderr
