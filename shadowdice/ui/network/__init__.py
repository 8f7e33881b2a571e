"""The table on the network in the window: the Table menu, the host's panel, the join dialog,
and the link to the network thread (``shadowdice.network``).
"""
