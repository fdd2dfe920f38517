"""The command line: `gaia <command>`, one module per upstream script name. Wiring only:
parse arguments, call one library function, print, map to the documented exit code.
"""
