"""Shadowdice: a desktop companion for tabletop role-playing games."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("shadowdice")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"
