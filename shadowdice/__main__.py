"""``python -m shadowdice`` starts the app."""

import sys

from shadowdice.app import main

if __name__ == "__main__":
    sys.exit(main())
