from __future__ import annotations

from gaia_lib.cli.main import run_process

run_process()
