"""Teaching: the disks as talking objects (seed 002), the n-cube walk of the disk sequence (seed 002), and the disk
formula and the three- and four-step cycles beside the recursion (seed 003)."""

from . import cycles, explain, ncube

__all__ = ["cycles", "explain", "ncube"]
