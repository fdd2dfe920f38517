from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import val_envelope
from helpers.projects import REPO_ROOT, Project

SIG = "sha256:" + hashlib.sha256((REPO_ROOT / "agents" / "validator.md").read_bytes()).hexdigest()


def envelope(**overrides: object) -> dict[str, object]:
    value: dict[str, object] = {"agent": "val", "persona_sig": SIG,
                                "timestamp": "2026-11-30T10:00:00Z",
                                "artifact_path": "plans/E1-S1-plan.md", "verdict": "PASS"}
    value.update(overrides)
    return value


def test_signature_is_the_persona_files_sha256() -> None:
    assert val_envelope.persona_sig() == SIG


def test_sentinel_path_hashes_the_project_relative_artifact(project: Project) -> None:
    expected = hashlib.sha256(b"plans/E1-S1-plan.md").hexdigest()[:16]
    for given in ("plans/E1-S1-plan.md", str(project.root / "plans/E1-S1-plan.md")):
        assert val_envelope.sentinel_path(project.root, given).name == \
            f"val-envelope-{expected}.json"


def test_write_then_assert(project: Project) -> None:
    path = val_envelope.write(project.root, json.dumps({"sentinel_envelope": envelope(),
                                                        "findings": []}))
    assert json.loads(path.read_text())["findings"] == []
    val_envelope.check(path, "val", "plans/E1-S1-plan.md", project.root)


@pytest.mark.parametrize("bad", [
    envelope(agent="dev"),
    envelope(persona_sig="sha256:" + "0" * 64),
    envelope(persona_sig=""),
    {k: v for k, v in envelope().items() if k != "verdict"},
])
def test_write_refuses_forged_or_incomplete(project: Project, bad: dict[str, object]) -> None:
    with pytest.raises(GaiaError) as caught:
        val_envelope.write(project.root, json.dumps(bad))
    assert caught.value.exit_code == 1
    assert not list((project.root / ".gaia/memory/checkpoints").glob("val-envelope-*"))


def test_write_refuses_non_json(project: Project) -> None:
    for raw in ("{", "[1]", '"x"'):
        with pytest.raises(GaiaError):
            val_envelope.write(project.root, raw)


def _assert_fails(path: Path, **kwargs: object) -> str:
    with pytest.raises(GaiaError) as caught:
        val_envelope.check(path, **kwargs)  # type: ignore[arg-type]
    assert caught.value.exit_code == 1
    return caught.value.message


def test_absent_malformed_forged_all_halt(project: Project) -> None:
    target = project.root / ".gaia/memory/checkpoints/val-envelope-0123456789abcdef.json"
    message = _assert_fails(target)
    assert message == ("HALT: Val agent envelope assertion failed — sentinel absent, "
                       f"malformed, or forged at {target}")
    target.write_text("{not json")
    _assert_fails(target)
    target.write_text(json.dumps(envelope(persona_sig="sha256:" + "f" * 64)))
    _assert_fails(target)
    target.write_text(json.dumps(envelope()))
    val_envelope.check(target)  # genuine content passes ...
    _assert_fails(target, artifact="plans/E1-S1-plan.md", project=project.root)  # ... wrong file


def test_expected_agent_other_than_val(project: Project) -> None:
    path = val_envelope.write(project.root, json.dumps(envelope()))
    assert _assert_fails(path, expected_agent="tex").startswith("HALT: Tex agent envelope")
