"""Optional dependencies imported through ``_extras.require``: Ctrl-C waits for the end of an import (one that lands
while a compiled extension initialises, matplotlib's ft2font, left it half made and the interpreter aborted at exit)."""

from __future__ import annotations

import importlib
import os
import signal
import sys
from types import ModuleType

import pytest

from hanoikit import MissingExtraError
from hanoikit._extras import require


def test_a_signal_during_an_import_acts_when_the_import_is_done(monkeypatch: pytest.MonkeyPatch) -> None:
    imported: list[str] = []
    real = importlib.import_module

    def interrupted(name: str) -> ModuleType:
        os.kill(os.getpid(), signal.SIGINT)  # as if Ctrl-C came while the module initialises
        module = real(name)
        imported.append(name)
        return module

    monkeypatch.setattr(importlib, "import_module", interrupted)
    with pytest.raises(KeyboardInterrupt):
        require("json", "any")
    assert imported == ["json"]  # the import ran to its end before the interrupt
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_missing_module_names_its_extra() -> None:
    with pytest.raises(MissingExtraError, match=r"pip install 'hanoikit\[plot\]'"):
        require("no_such_module_for_hanoikit", "plot")
    assert "no_such_module_for_hanoikit" not in sys.modules
