"""``python -m tests.engine.golden --write`` rewrites the golden playthroughs."""

import sys

from . import main

sys.exit(main(sys.argv[1:]))
