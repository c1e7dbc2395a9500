"""Uri Levy's published algorithms for the Magnetic Tower of Hanoi, as published, one concept per module:

- :mod:`~hanoikit.levy.appendix`: the transcription of the paper's Appendix 1, function by function;
- :mod:`~hanoikit.levy.published`: the published algorithms by name (``"100"``, ``"67-down"``, ``"67-up"``, ``"62"``,
  ``"semifree"``) and the tower each was published for;
- :mod:`~hanoikit.levy.counting`: their move counts, without making the moves, beside the optimum;
- :mod:`~hanoikit.levy.arrays`: their moves as numpy :class:`~hanoikit.movearray.MoveArray` blocks, and one by one.

Every function takes the algorithm's name first, then the number of disks. The public names are re-exported here;
:mod:`hanoikit.algorithms` lists these algorithms beside the others for the command line, the web page and movies.

>>> [str(m) for m in solution("62", 2)]
['1SI', '2SD', '1IS', '1SD']
>>> counts("62", 5), counts("100", 3), counts("67-down", 64) == 3**63 + 63
(83, 13, True)
"""

from .appendix import *  # noqa: F403
from .arrays import *  # noqa: F403
from .counting import *  # noqa: F403
from .published import *  # noqa: F403
