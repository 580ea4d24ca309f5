"""Scenario definitions: set-up, special rules and victory conditions as data and small objects."""
