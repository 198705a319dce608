"""JSON sent by people (a move, a game record, campaign chapters), parsed with its
nesting bounded.

`json.loads` recurses once per nested array or object: a few thousand levels
raise RecursionError (on Python 3.12 a 4 kB move is enough), which a view would
answer with a 500, and a structure parsed just under the limit could still break
whatever walks it next (storing it, an engine). The depth is measured on the
text, before parsing, in linear time: strings are skipped (a bracket inside one
does not count), then the brackets are counted.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

# Deeper than anything the site reads: a game record is about 6 levels deep.
MAX_DEPTH = 64

# A string from its opening quote to its closing one (or to the end of an
# unterminated one, so that a scan never restarts inside a string).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(ValueError):
    """JSON text nested deeper than the limit (a ValueError, like other bad JSON)."""


def deeper_than(text: str, max_depth: int) -> bool:
    """Whether arrays and objects nest deeper than `max_depth` in a JSON text,
    without parsing it (for text that is not JSON, an answer that means nothing)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(brackets) <= max_depth:
        return False
    if re.search(rf"[\[{{]{{{max_depth + 1}}}", brackets):
        return True  # the common attack, "[[[[...", found without counting
    return max(accumulate(map(_STEP.__getitem__, brackets))) > max_depth


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH):
    """`json.loads`, refusing text nested deeper than `max_depth` with TooDeep.

    Bytes are decoded as `json.loads` decodes them (UTF-8, -16 or -32); bytes that
    do not decode raise UnicodeDecodeError, a ValueError."""
    if isinstance(text, (bytes, bytearray)):
        text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
    if deeper_than(text, max_depth):
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    return json.loads(text)
