"""``python -m hanoikit`` runs the ``hanoi`` command."""

import sys

from .cli import main

sys.exit(main())
