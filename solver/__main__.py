"""``python -m solver`` runs the ``conquian`` command line."""

import sys

from solver.cli import main

sys.exit(main())
