"""Analyses of move sequences and of the optimal counts: colour crossings, count tables, the time moves take, the
Markov matrix, symmetry.

Each concept has its module; the public names are re-exported here.
"""

from .counts import *  # noqa: F403
from .crossings import *  # noqa: F403
from .duration import *  # noqa: F403
from .markov import *  # noqa: F403
from .symmetry import *  # noqa: F403
