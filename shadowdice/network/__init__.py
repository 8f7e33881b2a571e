"""The table on everyone's laptop: players join the game master's table over the local network.

A package of its own, free of Qt, that the user interface uses; the rules core, the rule
systems and storage know nothing of it (tests/test_layers.py guards that).

- :mod:`~shadowdice.network.secure`: the join code, the password-authenticated handshake
  (SPAKE2) and the encrypted frames every connection speaks after it.
- :mod:`~shadowdice.network.shared`: the shared documents (pycrdt): one per character, one for
  the table, and who may change what in them.
- :mod:`~shadowdice.network.messages`: the messages a connection carries, checked on arrival.
- :mod:`~shadowdice.network.replica`: the documents one laptop holds and how they sync.
- :mod:`~shadowdice.network.host` and :mod:`~shadowdice.network.client`: the two ends.
- :mod:`~shadowdice.network.loop`: the thread their asyncio loop runs in.
- :mod:`~shadowdice.network.discovery`: DNS-SD advertising and browsing (python-zeroconf).

See docs/architecture.md, "The table on the network", for the choices and their reasons.
"""
