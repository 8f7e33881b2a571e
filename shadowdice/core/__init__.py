"""The rules core: dice, dice sources, roll sessions, records, odds and the registry; no Qt."""
