"""Entry script of the PyInstaller bundle: starts Shadowdice like the ``shadowdice`` command."""

import sys

from shadowdice.app import main

if __name__ == "__main__":
    sys.exit(main())
