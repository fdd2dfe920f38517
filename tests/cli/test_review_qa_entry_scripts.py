"""The /gaia-review-qa entry scripts (`skills/gaia-review-qa/scripts/*.py`) as real processes.

Each runs as bin/gaia runs it (the interpreter on the script, the library on PYTHONPATH) on a
reviewable project, and must print what `gaia review-qa <phase>` prints, with its exit codes.
`analyze.py` holds the fork write scope for itself and every process it starts. Every script a
SKILL.md names exists, and every entry script is named by some SKILL.md.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gaia_lib.cli import review_qa as command
from helpers.projects import REPO_ROOT, Project, gaia_env
from helpers.qa_project import CONFIG, PY

SCRIPTS = REPO_ROOT / "skills" / "gaia-review-qa" / "scripts"
NAMED = re.compile(r"skills/([\w.-]+)/scripts/([\w.-]+\.py)")


def _script(name: str, *args: str, project: Project,
            **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPTS / name), *args], cwd=project.root,
                          env=gaia_env(project.root, **env), capture_output=True, text=True,
                          timeout=300, check=False)


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and ".pytest_cache" not in p.parts}


def test_every_named_script_exists_and_every_entry_script_is_named() -> None:
    named: set[Path] = set()
    for skill in REPO_ROOT.glob("skills/*/SKILL.md"):
        for folder, name in NAMED.findall(skill.read_text("utf-8")):
            named.add(REPO_ROOT / "skills" / folder / "scripts" / name)
    on_disk = set(REPO_ROOT.glob("skills/*/scripts/*.py"))
    assert {p for p in named if not p.is_file()} == set()
    assert on_disk - named == set()
    assert {p.name for p in on_disk if p.parent == SCRIPTS} == {
        "setup.py", "analyze.py", "verdict.py", "finalize.py"}


def test_the_phases_through_the_entry_scripts(
    qa_project: Project, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = _script("setup.py", "E1-S1", project=qa_project)
    assert setup.returncode == 0, setup.stderr
    summary = json.loads(setup.stdout)
    assert (summary["story_key"], summary["status"], summary["blocked"]) == (
        "E1-S1", "review", None)
    evidence = qa_project.root / summary["evidence_dir"]

    analyze = _script("analyze.py", "E1-S1", project=qa_project)
    assert analyze.returncode == 0, analyze.stderr
    assert json.loads(analyze.stdout)["uncovered"] == []
    assert (evidence / "analysis-results.json").is_file()

    before = _tree(qa_project.root)
    verdict = _script("verdict.py", "E1-S1", project=qa_project)
    assert (verdict.returncode, verdict.stdout) == (0, "APPROVE\n"), verdict.stderr
    assert verdict.stderr.startswith("verdict: ")
    assert _tree(qa_project.root) == before  # a verdict writes nothing
    # The same function serves `gaia review-qa verdict`.
    assert command.main(["verdict", "E1-S1"]) == 0
    assert capsys.readouterr() == (verdict.stdout, verdict.stderr)

    # The fork's findings are judged as finalize judges them: the two verdicts agree.
    findings = qa_project.root / "findings.json"
    findings.write_text(json.dumps([{"severity": "critical", "category": "coverage",
                                     "message": "x", "ac_ref": "AC1"}]))
    judged = _script("verdict.py", "E1-S1", "--llm-findings", str(findings), project=qa_project)
    assert judged.returncode == 0, judged.stderr
    final = _script("finalize.py", "E1-S1", "--llm-findings", str(findings), project=qa_project)
    assert final.returncode == 0, final.stderr
    assert final.stdout.splitlines()[0] == f"QA review E1-S1: {judged.stdout.strip()}"

    assert final.stdout.splitlines()[1] == f"report: {qa_project.impl / 'qa-tests-E1-S1.md'}"

    # finalized again (terminal) over the same analysis: the same files, round 1 again
    final = _script("finalize.py", "E1-S1", project=qa_project)
    assert final.returncode == 0, final.stderr
    lines = final.stdout.splitlines()
    assert lines[0] == "QA review E1-S1: APPROVE"
    assert lines[1] == f"report: {qa_project.impl / 'qa-tests-E1-S1.md'}"
    assert "round 1 again" in final.stderr
    assert lines[2].startswith("gate: QA Tests -> PASSED (Review Gate: ")


def test_analyze_holds_the_fork_scope_for_the_processes_it_starts(
    qa_project: Project, tmp_path: Path
) -> None:
    """The tier command reports the write scope it inherited; a parent-only write from the
    analyze process tree is refused."""
    seen = tmp_path / "scope.txt"
    probe = (f"{PY} -c \"import os; open('{seen}', 'w').write(os.environ.get('GAIA_WRITE_SCOPE',"
             "'unset'))\"")
    qa_project.write(".gaia/config/project-config.yaml",
                     CONFIG.replace(f"{PY} -m pytest -q -p no:cacheprovider tests", probe))
    done = _script("analyze.py", "E1-S1", project=qa_project)
    assert done.returncode == 0, done.stderr
    assert seen.read_text() == "fork"
    # The same scope refuses a write outside the evidence area, with one line and exit 1.
    code = ("import sys\nfrom gaia_lib.core import writes\n"
            f"writes.write_text({str(qa_project.root / 'notes.md')!r}, 'x')\n")
    refused = subprocess.run([sys.executable, "-c", code], cwd=qa_project.root,
                             env=gaia_env(qa_project.root, GAIA_WRITE_SCOPE=seen.read_text()),
                             capture_output=True, text=True, timeout=60, check=False)
    assert refused.returncode != 0 and "ScopeViolation" in refused.stderr
    assert not (qa_project.root / "notes.md").exists()


@pytest.mark.parametrize(("args", "code", "message"), [
    ((), 2, "review-qa finalize: the following arguments are required: key "
            "(see 'finalize.py --help')\n"),
    (("E9-S9",), 1, "review-qa finalize: story file not found for key E9-S9\n"),
    (("E1-S1", "--bogus"), 2, "review-qa finalize: unrecognized arguments: --bogus "
                              "(see 'finalize.py --help')\n"),
])
def test_bad_input_is_one_line_and_the_phase_code(
    qa_project: Project, args: tuple[str, ...], code: int, message: str
) -> None:
    before = _tree(qa_project.root)
    done = _script("finalize.py", *args, project=qa_project)
    assert (done.returncode, done.stdout, done.stderr) == (code, "", message)
    assert _tree(qa_project.root) == before


def test_a_payload_that_was_never_written_is_an_incomplete_review(
    qa_project: Project, tmp_path: Path
) -> None:
    # The parent failed to persist the reviewer's report: BLOCKED behind [INCOMPLETE], never
    # an internal error, and never a report without the marker.
    findings = tmp_path / "findings.json"
    findings.write_text('{"findings": []}')
    done = _script("finalize.py", "E1-S1", "--llm-findings", str(findings), "--payload",
                   str(tmp_path / "never-written.md"), project=qa_project)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("QA review E1-S1: BLOCKED")
    report = next(qa_project.impl.rglob("qa-tests-E1-S1.md")).read_text()
    assert report.startswith("[INCOMPLETE]")
