"""``python -m badeucey_fast`` runs the ``badeucey`` command."""

import sys

from badeucey_fast.cli import main

sys.exit(main())
