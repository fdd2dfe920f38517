from __future__ import annotations

from pathlib import Path

import pytest

from gaia_lib.core import git, proc
from gaia_lib.core.errors import GaiaError
from gaia_lib.dev_story import push


@pytest.mark.parametrize(("stderr", "kind"), [
    ("fatal: unable to access 'https://x/': Could not resolve host: x", "network"),
    ("fatal: unable to access: Failed to connect to x port 443: Connection refused", "network"),
    ("fatal: Authentication failed for 'https://x/'", "auth"),
    ("remote: Permission to a/b.git denied to u.\nfatal: ... error: 403", "auth"),
    ("fatal: could not read Username for 'https://x': terminal prompts disabled", "auth"),
    (" ! [rejected] b -> b (non-fast-forward)", "other"),
    ("fatal: unable to access 'https://x/': The requested URL returned error: 401", "auth"),
    # a port or a path that holds the digits is no HTTP status
    ("fatal: unable to access 'http://127.0.0.1:40329/acme/demo.git/': Empty reply from server",
     "network"),
    ("fatal: unable to access 'http://127.0.0.1:8080/401/x.git/': Empty reply from server",
     "network"),
])
def test_classify(stderr: str, kind: str) -> None:
    assert push.classify(stderr) == kind


def test_timeout_is_transient() -> None:
    assert push.classify("", timed_out=True) == "network"


class FakeGit:
    """Answers the git calls push() makes; push attempts follow a script."""

    def __init__(self, pushes: list[tuple[int, str]]) -> None:
        self.pushes = pushes
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, repo: Path, *args: str, timeout: float = 60.0,
                 max_output: int = proc.DEFAULT_MAX_OUTPUT) -> proc.ToolResult:
        self.calls.append(args)
        if args[0] == "symbolic-ref":
            return proc.ToolResult(("git",), 0, "feat/E1-S1-x\n", "", 0.0)
        if args[0] == "push":
            code, err = self.pushes.pop(0)
            return proc.ToolResult(("git",), code, "", err, 0.0)
        return proc.ToolResult(("git",), 0, "", "", 0.0)


def test_one_retry_after_backoff_then_success(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    fake = FakeGit([(128, "fatal: Could not resolve host: github.com"), (0, "")])
    monkeypatch.setattr(git, "run", fake)
    monkeypatch.setenv("GAIA_GIT_PUSH_BACKOFF", "7")
    slept: list[float] = []
    outcome = push.push(tmp_path, tmp_path, sleep=slept.append)
    assert (outcome.attempts, slept) == (2, [7.0])
    assert sum(1 for call in fake.calls if call[0] == "push") == 2


def test_auth_is_not_retried(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = FakeGit([(128, "fatal: Authentication failed for 'https://x/'")])
    monkeypatch.setattr(git, "run", fake)
    slept: list[float] = []
    with pytest.raises(GaiaError, match="authentication failed pushing feat/E1-S1-x"):
        push.push(tmp_path, tmp_path, sleep=slept.append)
    assert slept == []
