"""`/gaia-dev-story`: implement a story end to end (seed 002).
"""
