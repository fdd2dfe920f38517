from __future__ import annotations

import errno
import io
import os
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from gaia_lib.core import errors
from gaia_lib.core.handler import handle


def _raiser(exc: BaseException):
    def run(argv: Sequence[str]) -> int:
        raise exc

    return run


def test_gaia_error_prints_one_line_with_its_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    code = handle("gaia x", _raiser(errors.NotFound("no such\nstory", 4)), [])
    assert code == 4
    captured = capsys.readouterr()
    assert captured.err == "gaia x: no such story\n"
    assert captured.out == ""


def test_unexpected_exception_is_one_line_and_logged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path))
    code = handle("gaia x", _raiser(ValueError("boom")), [])
    assert code == errors.EXIT_INTERNAL
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "internal error: ValueError('boom')" in err
    assert "Traceback" not in err
    logs = list((tmp_path / "logs").iterdir())
    assert len(logs) == 1 and "Traceback" in logs[0].read_text()


def test_keyboard_interrupt_maps_to_130(capsys: pytest.CaptureFixture[str]) -> None:
    assert handle("p", _raiser(KeyboardInterrupt()), []) == 130


def test_success_passes_through_the_return_code() -> None:
    assert handle("p", lambda argv: len(argv), ["a", "b"]) == 2


@pytest.mark.parametrize(("code", "why"), [
    (errno.EROFS, "write /repo/.gaia/state/x.json: Read-only file system"),
    (errno.EACCES, "access /repo/.gaia/state/x.json: Permission denied"),
    (errno.ENOSPC, "write /repo/.gaia/state/x.json: No space left on device")])
def test_a_write_the_file_system_refuses_is_one_line_not_a_bug(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        code: int, why: str) -> None:
    """A read-only checkout or a full disk is the environment's doing: said in one line, exit
    1, no traceback logged."""
    monkeypatch.setenv("GAIA_DATA_DIR", str(tmp_path))
    refused = OSError(code, os.strerror(code), "/repo/.gaia/state/x.json")
    assert handle("gaia x", _raiser(refused), []) == 1
    assert capsys.readouterr().err == f"gaia x: cannot {why}\n"
    assert not (tmp_path / "logs").exists()
    # any other OSError is still a bug
    assert handle("gaia x", _raiser(OSError(errno.EBADF, "Bad file descriptor")), []) == 70


def _closed_pipe_stream() -> tuple[io.TextIOWrapper, int]:
    """A text stream on a pipe whose reader has already gone: its first flush is EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    return io.TextIOWrapper(io.FileIO(write_end, "w"), write_through=False), write_end


def test_a_gone_reader_keeps_the_commands_exit_code_and_lets_it_finish(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`gaia review-qa KEY | head` under pipefail must still fail on REQUEST_CHANGES: the
    closed pipe drops the output, not the verdict's code or the work after the print."""
    stream, fd = _closed_pipe_stream()
    monkeypatch.setattr(sys, "stdout", stream)
    finished: list[str] = []

    def run(argv: Sequence[str]) -> int:
        print("QA review E1-S1: REQUEST_CHANGES")
        sys.stdout.flush()  # EPIPE here
        print("more output after the reader left")
        sys.stdout.buffer.write(b"bytes too\n")
        sys.stdout.flush()
        finished.append("report written")
        return 1

    assert handle("gaia review-qa", run, []) == 1
    assert finished == ["report written"]
    assert sys.stdout is stream  # restored
    assert os.readlink(f"/proc/self/fd/{fd}") == os.devnull  # rest of the output dropped
    stream.close()


def test_a_gone_stderr_reader_keeps_the_error_code(monkeypatch: pytest.MonkeyPatch) -> None:
    stream, _fd = _closed_pipe_stream()
    monkeypatch.setattr(sys, "stderr", stream)

    def run(argv: Sequence[str]) -> int:
        print("warning: something", file=sys.stderr, flush=True)
        raise errors.NotFound("no such story", 4)

    assert handle("gaia x", run, []) == 4
    stream.close()


def test_a_stdout_that_cannot_take_the_output_keeps_the_exit_code(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`gaia review-qa KEY > /dev/full`: APPROVE must not turn into 1 (REQUEST_CHANGES) for
    a refused write; the lost output is said once on stderr."""
    full = io.TextIOWrapper(io.FileIO(os.open("/dev/full", os.O_WRONLY), "w"))
    monkeypatch.setattr(sys, "stdout", full)

    def run(argv: Sequence[str]) -> int:
        print("QA review E1-S1: APPROVE")
        sys.stdout.flush()  # ENOSPC
        print("report: ...", flush=True)
        return 0

    assert handle("gaia review-qa", run, []) == 0
    assert capsys.readouterr().err == "gaia review-qa: output not written: No space left on device\n"
    full.close()
