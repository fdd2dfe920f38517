"""The story model: markdown primitives, the one story parser, acceptance criteria, the File
List, key -> file resolution, the status machine and its transitions, sprint state.
"""
