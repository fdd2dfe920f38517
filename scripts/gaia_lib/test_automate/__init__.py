"""`/gaia-test-automate`: plan, approve and land missing test automation (seed 001).
"""
