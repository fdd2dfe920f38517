from __future__ import annotations

from gaia_lib.cli.main import exit_process, main

exit_process(main())
