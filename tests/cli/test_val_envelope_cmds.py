"""write-val-envelope and assert-agent-envelope as real processes."""

from __future__ import annotations

import hashlib
import json

from helpers.projects import REPO_ROOT, Project, run_gaia

SIG = "sha256:" + hashlib.sha256((REPO_ROOT / "agents" / "validator.md").read_bytes()).hexdigest()
ENVELOPE = {"agent": "val", "persona_sig": SIG, "timestamp": "2026-11-30T10:00:00Z",
            "artifact_path": "plan.md", "verdict": "PASS"}


def test_write_then_assert(project: Project) -> None:
    written = run_gaia("write-val-envelope", "--envelope-stdin", cwd=project.root,
                       stdin=json.dumps({"sentinel_envelope": ENVELOPE}))
    assert written.returncode == 0, written.stderr
    path = written.stdout.strip()
    assert path.endswith(f"val-envelope-{hashlib.sha256(b'plan.md').hexdigest()[:16]}.json")
    assert run_gaia("assert-agent-envelope", path, cwd=project.root).returncode == 0
    assert run_gaia("assert-agent-envelope", "--artifact", "plan.md",
                    cwd=project.root).returncode == 0


def test_forged_absent_malformed_halt(project: Project) -> None:
    forged = run_gaia("write-val-envelope", "--envelope",
                      json.dumps({**ENVELOPE, "persona_sig": "sha256:" + "0" * 64}),
                      cwd=project.root)
    assert forged.returncode == 1 and forged.stdout == ""
    target = project.root / "fake.json"
    target.write_text(json.dumps({**ENVELOPE, "persona_sig": "val-persona"}))
    for path in (target, project.root / "absent.json"):
        result = run_gaia("assert-agent-envelope", str(path), cwd=project.root)
        assert result.returncode == 1
        assert result.stderr == ("HALT: Val agent envelope assertion failed — sentinel absent, "
                                 f"malformed, or forged at {path}\n")


def test_usage(project: Project) -> None:
    assert run_gaia("write-val-envelope", cwd=project.root).returncode == 2
    assert run_gaia("assert-agent-envelope", cwd=project.root).returncode == 2
    assert run_gaia("assert-agent-envelope", "x.json", "--expected-agent", "../x",
                    cwd=project.root).returncode == 2


def test_print_persona_sig(project: Project) -> None:
    result = run_gaia("write-val-envelope", "--print-persona-sig", cwd=project.root)
    assert (result.returncode, result.stdout) == (0, SIG + "\n")
    assert "gaia write-val-envelope --print-persona-sig" in (
        REPO_ROOT / "agents" / "validator.md").read_text()
