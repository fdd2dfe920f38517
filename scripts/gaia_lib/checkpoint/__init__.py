"""The edit hook's hot path: checkpoint files and the PostToolUse payload reader. Standard
library and `gaia_lib.core`'s light modules only (a test pins what the hook may load).
"""
