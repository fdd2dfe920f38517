"""Stacks: one adapter per stack (discovery globs, runners, coverage formats), the developer
personas, and the tool probe.
"""
