"""The shared core every other package builds on: errors and the one handler, paths, keys,
scoped atomic writes, locks, the subprocess funnel, JSON/YAML I/O, schemas, project config,
the lifecycle log and YOLO mode. Imports nothing from the rest of gaia_lib.
"""
