"""Test evidence: discovery, test cases, AC coverage, runner output, coverage reports, test
execution, behavioural attribution, Then-clause literals and test-case specs.
"""
