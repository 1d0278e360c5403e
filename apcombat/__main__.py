import sys

from apcombat.cli import main

sys.exit(main())
