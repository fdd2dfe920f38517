"""`gaia init`: set GAIA up in an existing repository (survey the stacks, write the config)."""
