"""Saving: JSON character files, atomic writes, settings and app paths. No Qt here."""
