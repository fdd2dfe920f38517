"""gaia_lib: every computation of the gaia plugin. Importing this package imports nothing else."""

from __future__ import annotations

__version__ = "0.1.0"
