from __future__ import annotations

import threading
from typing import Any

import pytest

from gaia_lib.evidence import execution, placeholders, sut_mocking
from gaia_lib.review_qa import context, phases
from helpers.projects import Project
from helpers.qa_project import make_qa_project


def test_the_reads_a_run_cannot_change_are_made_while_the_suite_runs(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """The placeholder and mocking checks read only test files and sources already read: the
    review makes them in a thread while its test run goes, and has them when the run ends."""
    make_qa_project(project, monkeypatch)
    tests = project.root / "tests" / "test_signup.py"
    tests.write_text(tests.read_text() + "\n\ndef test_ac2_placeholder():\n    assert True\n")
    seen: dict[str, str] = {}
    both = threading.Event()

    def during(name: str, real: Any) -> Any:
        def read(*args: Any, **kwargs: Any) -> Any:
            seen[name] = threading.current_thread().name
            if len(seen) == 2:
                both.set()
            return real(*args, **kwargs)
        return read

    real_execute = execution.execute

    def execute(*args: Any, **kwargs: Any) -> execution.Evidence:
        evidence = real_execute(*args, **kwargs)
        both.wait(30)  # a slow suite: the reads are made before it ends
        return evidence

    monkeypatch.setattr(execution, "execute", execute)
    monkeypatch.setattr(placeholders, "placeholders", during("placeholders",
                                                             placeholders.placeholders))
    monkeypatch.setattr(sut_mocking, "mocked_tests", during("mocking", sut_mocking.mocked_tests))
    s = context.setup(project.root, "E1-S1")
    phases.start_round(s)
    result = phases.analyze(s)
    assert seen == {"placeholders": "gaia-review-reads", "mocking": "gaia-review-reads"}
    # and the analysis holds what they found
    placeholder = next(c for c in result.results["checks"] if c["name"] == "test-quality")
    assert [f["test"] for f in placeholder["findings"]] == [
        "tests/test_signup.py::test_ac2_placeholder"]
