"""The rules core: dice, dice sources, roll sessions, roll records, odds and the registry. No Qt here."""
