"""The review's runner plugins (`scripts/runner_plugins`: the pytest coverage plugin, its line
probes, the head start's launcher) and the environment a measured pytest run starts in: the
project's tool environment (`proc.tool_env`) with the plugins' directory first on PYTHONPATH
(then the project's own), and no COVERAGE_PROCESS_START (a coverage.py set to start in every
Python process, as a CI measuring its own tools may set it, would run a second tracer inside
the measured run, which the review's measurement owns). The plugin's own GAIA_COVERAGE_*
settings are the caller's to add.

Import-light (no pathlib): the head start reads it before the review imports its own code
(`evidence.head_start`).
"""

from __future__ import annotations

import os

from gaia_lib.core import proc

PLUGIN_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.realpath(__file__)))), "runner_plugins")


def measured_env() -> dict[str, str]:
    """The environment of a measured pytest run, less the plugin's settings (module rules)."""
    env = proc.tool_env()
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (PLUGIN_DIR, env.get("PYTHONPATH"))))
    env.pop("COVERAGE_PROCESS_START", None)
    return env
