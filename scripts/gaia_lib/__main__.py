from __future__ import annotations

from gaia_lib.cli import main

raise SystemExit(main())
