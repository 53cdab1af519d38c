#!/usr/bin/env python3
"""Writes query.json and path.json: the golden vectors for query-string and path encoding.

The expected wire strings are computed here, independently of the Swift code, with the web SDK's
rules: `urllib.parse.quote(s, safe="-_.!~*'()")` is exactly JavaScript's encodeURIComponent,
keys sort by UTF-16 code units (JavaScript's default sort), numbers render as JavaScript's
String(number). `check_with_node.mjs` re-derives every wire string with real JavaScript.

Inputs use Swift property names (camelCase); the SDK's snake_case encoder converts them, so this
script applies Foundation's convertToSnakeCase rule to top-level keys.

Run from anywhere: python3 Specs/vectors/generate.py
"""
import json
import math
import os
import re
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))


def encode_uri_component(text):
    return urllib.parse.quote(text, safe="-_.!~*'()")


def utf16_key(text):
    return text.encode("utf-16-be")


def foundation_snake_case(key):
    """Foundation's JSONEncoder.KeyEncodingStrategy.convertToSnakeCase, for ASCII keys."""
    if not key:
        return key
    words = []
    word_start = 0
    search = 1
    while True:
        upper = next((i for i in range(search, len(key)) if key[i].isupper()), None)
        if upper is None:
            break
        words.append(key[word_start:upper])
        lower = next((i for i in range(upper, len(key)) if key[i].islower()), None)
        if lower is None:
            word_start = upper
            search = len(key)
            break
        if lower == upper + 1:
            word_start = upper
        else:
            words.append(key[upper:lower - 1])
            word_start = lower - 1
        search = lower + 1
    words.append(key[word_start:])
    return "_".join(w.lower() for w in words)


def js_number(value):
    """JavaScript's Number.prototype.toString() for a finite double."""
    if value == 0:
        return "0"
    if value < 0:
        return "-" + js_number(-value)
    mantissa, _, exponent = repr(float(value)).partition("e")
    integer, _, fraction = mantissa.partition(".")
    digits = (integer + fraction).lstrip("0")
    point = len(integer) + int(exponent or 0) - (len(integer + fraction) - len((integer + fraction).lstrip("0")))
    digits = digits.rstrip("0")
    k, n = len(digits), point
    if k <= n <= 21:
        return digits + "0" * (n - k)
    if 0 < n <= 21:
        return digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return "0." + "0" * (-n) + digits
    e = n - 1
    sign = "+" if e >= 0 else "-"
    return (digits[0] + ("." + digits[1:] if k > 1 else "")) + "e" + sign + str(abs(e))


def scalar_text(value):
    if value is None or isinstance(value, (list, dict)):
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        assert math.isfinite(value)
        return js_number(value)
    return value


def query_wire(query):
    wire_object = {foundation_snake_case(k): v for k, v in query.items()}
    pairs = []
    for key in sorted(wire_object, key=utf16_key):
        value = wire_object[key]
        elements = value if isinstance(value, list) else [value]
        for element in elements:
            text = scalar_text(element)
            if text is not None:
                pairs.append(encode_uri_component(key) + "=" + encode_uri_component(text))
    return "&".join(pairs)


QUERY_INPUTS = [
    ("integral zero stays a number", {"page": 0}),
    ("integral double renders without fraction", {"page": 2.0}),
    ("booleans render as true and false", {"done": True, "archived": False}),
    ("one is a number, never a boolean", {"count": 1, "flag": True}),
    ("space is %20, never +", {"q": "a b"}),
    ("plus is encoded", {"q": "1+1"}),
    ("ampersand and equals are encoded", {"q": "a&b=c"}),
    ("slash, question mark and hash are encoded", {"q": "a/b?c#d"}),
    ("percent is encoded", {"q": "100%"}),
    ("encodeURIComponent's unreserved punctuation is kept", {"q": "-_.!~*'()"}),
    ("other ASCII punctuation is encoded", {"q": "@:;,$[]{}|\\^`\"<> "}),
    ("control characters are encoded", {"q": "line1\nline2\tend"}),
    ("accented letters are UTF-8 encoded", {"q": "é ü ß"}),
    ("CJK text is UTF-8 encoded", {"q": "日本"}),
    ("emoji with a skin-tone modifier is UTF-8 encoded", {"q": "👍🏽"}),
    ("ZWJ emoji sequence is UTF-8 encoded", {"q": "👨‍👩‍👧"}),
    ("array of scalars repeats the key in array order", {"tag": ["b", "a", "c"]}),
    ("array mixes numbers and booleans", {"n": [0, 1.5, False, 2.0]}),
    ("null and nested elements inside arrays are skipped", {"ids": [1, None, [2], {"x": 3}, "4", True]}),
    ("empty array emits nothing", {"tags": [], "page": 1}),
    ("nested object is skipped", {"filter": {"a": 1}, "page": 1}),
    ("null is skipped", {"cursor": None, "limit": 20}),
    ("everything skipped gives an empty query", {"a": None, "b": {"c": 1}, "d": []}),
    ("empty object gives an empty query", {}),
    ("keys are sorted", {"b": 1, "a": 2, "a_b": 3, "a1": 4, "_z": 5}),
    ("keys sort by UTF-16 code units like JavaScript", {"～": 1, "👍": 2, "é": 3, "z": 4}),
    ("camelCase keys become snake_case wire keys", {"pageSize": 20, "sortBy": "createdAt"}),
    ("acronym spelled as a word becomes one snake_case word", {"requestId": "req_1", "userId": "u 1"}),
    ("keys are percent-encoded", {"a b": "1", "x&y": "2", "ключ": "3"}),
    ("empty string value keeps the pair", {"q": ""}),
    ("negative and fractional numbers", {"lat": -12.5, "lng": 0.1, "offset": -3}),
    ("small and large numbers render like JavaScript", {"tiny": 1e-7, "small": 0.000001, "huge": 1.5e21, "big": 1e20}),
    ("long fraction uses shortest round-trip digits", {"third": 1 / 3, "sum": 0.1 + 0.2}),
    ("largest exact integer", {"id": 9007199254740991}),
    ("numeric-looking string stays a string", {"v": "2.0", "w": "true"}),
]


def path_wire(base, segments, query):
    parts = []
    for segment in segments:
        if "literal" in segment:
            trimmed = segment["literal"].strip("/")
            if trimmed:
                parts.append(trimmed)
        elif segment["param"] in (".", ".."):
            # Deliberate deviation from the web SDK: a bare dot segment would be resolved away by
            # URL normalization (curl, URLSession, browsers) and reach another route.
            parts.append(segment["param"].replace(".", "%2E"))
        else:
            parts.append(encode_uri_component(segment["param"]))
    text = base.rstrip("/")
    path = "/".join(parts)
    if path:
        text += "/" + path
    if query:
        text += "?" + query
    return text


LOCAL = "http://127.0.0.1:54321"
PATH_INPUTS = [
    ("literal and param", LOCAL, [{"literal": "todos"}, {"param": "abc123"}], ""),
    ("param space is %20", LOCAL, [{"literal": "todos"}, {"param": "a b"}], ""),
    ("param slash is encoded, not a separator", LOCAL, [{"literal": "files"}, {"param": "a/b/c"}], ""),
    ("param reserved characters are encoded", LOCAL, [{"literal": "todos"}, {"param": "?#%&=+:@;,$"}], ""),
    ("param unreserved punctuation is kept", LOCAL, [{"literal": "todos"}, {"param": "-_.!~*'()"}], ""),
    ("param non-ASCII is UTF-8 encoded", LOCAL, [{"literal": "users"}, {"param": "José-日本"}], ""),
    ("param emoji is UTF-8 encoded", LOCAL, [{"literal": "rooms"}, {"param": "👍🏽"}], ""),
    ("param that is a dot segment is encoded so it cannot climb the path", LOCAL,
     [{"literal": "todos"}, {"param": ".."}, {"literal": "archive"}, {"param": "."}], ""),
    ("param with dots that is not a dot segment is verbatim", LOCAL, [{"literal": "files"}, {"param": "..."}], ""),
    ("literal with several segments is verbatim", LOCAL, [{"literal": "v1/db"}, {"literal": "rows"}], ""),
    ("leading slash on a literal is tolerated", LOCAL, [{"literal": "/todos"}, {"param": "1"}], ""),
    ("trailing slash on a literal is tolerated", LOCAL, [{"literal": "todos/"}, {"param": "1"}], ""),
    ("base with trailing slash", LOCAL + "/", [{"literal": "todos"}], ""),
    ("base with a path", "https://www.chatbase.co/api/sdk",
     [{"literal": "agents"}, {"param": "agent 1"}, {"literal": "chat"}], ""),
    ("base with a path and trailing slash", "https://www.chatbase.co/api/sdk/",
     [{"literal": "/agents"}, {"param": "a"}, {"literal": "conversations"}, {"param": "c/1"}, {"literal": "messages"}],
     "limit=20"),
    ("empty param stays an empty segment", LOCAL, [{"literal": "todos"}, {"param": ""}, {"literal": "archive"}], ""),
    ("query is appended after a question mark", LOCAL, [{"literal": "todos"}], "page=0&q=a%20b"),
    ("no segments gives the base", LOCAL + "/", [], ""),
]


def main():
    query_vectors = [{"name": name, "input": query, "wire": query_wire(query)} for name, query in QUERY_INPUTS]
    path_vectors = [
        {"name": name, "base": base, "segments": segments, "query": query, "wire": path_wire(base, segments, query)}
        for name, base, segments, query in PATH_INPUTS
    ]
    for file_name, vectors in (("query.json", query_vectors), ("path.json", path_vectors)):
        with open(os.path.join(HERE, file_name), "w", encoding="utf-8") as handle:
            json.dump(vectors, handle, ensure_ascii=False, indent=2)
            handle.write("\n")


if __name__ == "__main__":
    main()
