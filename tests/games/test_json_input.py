"""JSON from people is parsed with its nesting bounded (games/json_input.py)."""

import pytest

from games import json_input


@pytest.mark.parametrize(
    ("text", "deeper"),
    [
        ("[" * 64 + "]" * 64, False),
        ("[" * 65 + "]" * 65, True),
        ("[{" * 32 + "}]" * 32, False),
        ('[{"a":' * 33 + "1" + "}]" * 33, True),
        ('{"a": "' + "[" * 500 + '"}', False),  # brackets inside a string
        ('["\\"' + "[" * 500 + '"]', False),  # after an escaped quote, still inside
        ('["\\\\", ' + "[" * 65 + "]" * 65 + "]", True),  # an escaped backslash ends
        ("[]" * 10_000, False),
        ('"' + "[" * 100, False),  # an unterminated string runs to the end
    ],
)
def test_depth_is_measured_on_the_text_skipping_strings(text, deeper):
    assert json_input.deeper_than(text, 64) is deeper


def test_loads_refuses_too_deep_and_reads_the_rest_as_json_does():
    with pytest.raises(json_input.TooDeep):
        json_input.loads("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError):
        json_input.loads("{not json")
    assert json_input.loads('{"a": [1, "]]"]}') == {"a": [1, "]]"]}
    assert json_input.loads('{"a": [1]}'.encode("utf-16")) == {"a": [1]}
    assert json_input.loads("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(json_input.TooDeep):
        json_input.loads("[[1]]", max_depth=1)
