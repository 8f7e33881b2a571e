"""The play view: everything the table uses while characters roll.

The check form (``check_panel``, ``param_form``), the group roll dialog, the party bar, the
roll panel with its dice tray (``tray/``) and the history of rolls. The main window builds
these parts and wires them together; each knows nothing of the others' insides.
"""
