"""Solvers: plain functions over a puzzle that check their input and hand off to lazy generators.

``classic`` answers the classic puzzle, ``magnetic`` every magnetic colouring; ``hanoikit.search`` is the exhaustive
breadth-first oracle they are tested against.
"""
