"""Analyses of move sequences and of the optimal counts: colour crossings, count tables, the colourings of a member
side by side, the time moves take, the Markov matrix, symmetry.

Each concept has its module; the public names are re-exported here.
"""

from .colourings import *  # noqa: F403
from .counts import *  # noqa: F403
from .crossings import *  # noqa: F403
from .duration import *  # noqa: F403
from .markov import *  # noqa: F403
from .symmetry import *  # noqa: F403
