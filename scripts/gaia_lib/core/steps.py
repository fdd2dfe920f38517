"""A skill phase's result as every caller prints it: the skills' entry scripts, the `gaia`
commands that run the same phases, a terminal and CI.

A step returns a StepOutput (stdout text, exit code, an optional note for stderr); `emit` prints
it and returns the exit code. Nothing else: steps never parse arguments or exit.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class StepOutput:
    stdout: str
    exit_code: int = 0
    stderr: str | None = None


def emit(output: StepOutput) -> int:
    """Print a step's output the way every caller does; return its exit code."""
    print(output.stdout)
    if output.stderr:
        print(output.stderr, file=sys.stderr)
    return output.exit_code
