"""Drawings with matplotlib and the terminal; each module imports its heavy library inside its functions."""
