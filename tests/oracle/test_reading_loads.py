"""The strict JSON reader: one decoder serves every text, and each text gets the words
``json.loads`` with the same hooks gives."""

import json

import pytest

from rules_oracle.oracle.reading import InputError, loads


@pytest.mark.parametrize("text", [
    '{"a":1,"b":[true,null,"x"]}', '[1.5,{"k":{}}]', '"\\u00e9"', "7",
])
def test_a_text_reads_as_json_reads_it(text: str) -> None:
    assert loads(text) == json.loads(text)
    assert loads(text) == loads(text)  # the decoder is used again, unchanged


@pytest.mark.parametrize(("text", "words"), [
    ('{"a":1,"a":2}', 'the key "a" is given twice'),
    ("[NaN]", "NaN is not JSON"),
    ("[1e999]", "out of range"),
    ("\ufeff[1]", "Unexpected UTF-8 BOM"),
    ("[1,", "not JSON"),
])
def test_a_text_json_refuses_is_refused_in_the_same_words(text: str, words: str) -> None:
    with pytest.raises(InputError) as first:
        loads(text)
    assert words in first.value.message
    with pytest.raises(InputError) as again:
        loads(text)
    assert again.value.message == first.value.message
