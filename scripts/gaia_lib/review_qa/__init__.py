"""`/gaia-review-qa`: the QA review of one story (seed 000): setup, analyze, finalize.
"""
