"""The Qt user interface: main window, sheet editor, check panel, dice tray and history."""
