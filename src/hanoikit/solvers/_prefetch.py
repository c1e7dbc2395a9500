"""A hint to the processor, from compiled code, that a row of an array will be read soon: ``prefetch(array, i)``
starts loading the cache line of ``array[i]`` (of row ``i`` if ``array`` has more axes) and returns at once.

Loads that miss the caches take some 100 ns each; a loop that knows several addresses before it needs them (the
heuristic search's children: their slots in the hash indexes and their entries of the tables) can start them all and
wait about once instead of once each. It is LLVM's ``llvm.prefetch`` (numba has no builtin for it), emitted inline:
no call, no effect but on timing, and an index out of the array is harmless (the processor drops a prefetch that
would fault).

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def total(a):
...     s = 0
...     for i in range(a.size):
...         prefetch(a, i + 8)
...         s += a[i]
...     return s
>>> int(total(np.arange(100)))
4950
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped, import-not-found, unused-ignore]  # llvmlite ships no stubs
from numba.core import cgutils, types  # type: ignore[import-not-found, unused-ignore]
from numba.extending import intrinsic  # type: ignore[import-not-found, unused-ignore]

__all__ = ["prefetch"]

_READ, _KEEP = 0, 3  # llvm.prefetch's arguments: a read (not a write), kept in every level of the caches


def _llvm_prefetch(typingctx: Any, array: Any, index: Any) -> Any:
    """The signature and the code of :func:`prefetch` for numba's types of ``array`` and ``index``."""
    if not isinstance(array, types.Array) or not isinstance(index, types.Integer):
        return None

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        kind, at = signature.args
        rows = context.make_array(kind)(context, builder, args[0])
        first = context.cast(builder, args[1], at, types.intp)
        zero = context.get_constant(types.intp, 0)
        pointer = cgutils.get_item_pointer(  # type: ignore[no-untyped-call, unused-ignore]
            context, builder, kind, rows, [first] + [zero] * (kind.ndim - 1))
        word = ir.IntType(32)
        hint = ir.FunctionType(ir.VoidType(), [ir.PointerType(), word, word, word])
        function = cgutils.get_or_insert_function(  # type: ignore[no-untyped-call, unused-ignore]
            builder.module, hint, "llvm.prefetch.p0")
        builder.call(function, [pointer, word(_READ), word(_KEEP), word(1)])  # 1: data, not instructions
        return context.get_dummy_value()

    return types.void(array, index), codegen


prefetch: Callable[[np.ndarray, int], None] = intrinsic(_llvm_prefetch)  # type: ignore[assignment, unused-ignore]
"""Start loading ``array[index]`` (row ``index`` of a 2-D ``array``) into the caches; compiled code only."""
