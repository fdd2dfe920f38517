from __future__ import annotations

from gaia_lib.cli.main import main

raise SystemExit(main())
