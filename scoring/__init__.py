"""Scoring engine: tiles, hands, decomposition and one module per rule set.

Never imports vision code.
"""
