#!/usr/bin/env python3
"""Writes the image test fixtures into Tests/ComicReaderTests/Fixtures: zlib streams made by
Python's zlib and small PNG files made here (see png_encoding.py), each with the bytes a correct
decoder must produce, and index.json, which names every file with what the tests expect of it
(ImageTestFixtures.swift reads it).

Standard library only; deterministic. Run from the repository root:

    python3 Demo/tools/make-image-test-fixtures.py
"""
import json
import os
import random
import re
import shutil
import struct
import zlib

from png_encoding import chunk, filtered_row, png_file

OUTPUT = "Tests/ComicReaderTests/Fixtures"

# ---------------------------------------------------------------- inflate data

WORDS = ["the ", "comic ", "stick ", "figure ", "graph ", "velociraptor ", "physics ", "math ",
         "\n", ". ", "hat ", "guy ", "science ", "ok", "?", "!", "0", "1", "2", "3"]


def sample_data():
    """Text (dynamic Huffman), random bytes (stored after a flush) and runs (long overlapping
    matches). The Swift tests rebuild the same bytes with the same linear congruential generator."""
    state = 1

    def next_random():
        nonlocal state
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        return state >> 16

    text = bytearray()
    while len(text) < 12000:
        text += WORDS[next_random() % len(WORDS)].encode()
    noise = bytes(next_random() & 0xFF for _ in range(3000))
    runs = b"a" * 2000 + b"xyz" * 700
    return bytes(text), noise, runs


def compress_segments(segments, **options):
    level = options.pop("level", 6)
    compressor = zlib.compressobj(level, zlib.DEFLATED, 15, options.pop("memLevel", 8),
                                  options.pop("strategy", zlib.Z_DEFAULT_STRATEGY))
    out = b""
    flushes = [zlib.Z_SYNC_FLUSH, zlib.Z_FULL_FLUSH, zlib.Z_FINISH]
    for segment, flush in zip(segments, flushes):
        out += compressor.compress(segment) + compressor.flush(flush)
    return out


def inflate_fixtures():
    text, noise, runs = sample_data()
    whole = [text, noise, runs]
    return [
        ("level 0 (stored blocks)", zlib.compress(text[:2000], 0), 2000),
        ("level 1", compress_segments(whole, level=1), sum(map(len, whole))),
        ("level 6", compress_segments(whole, level=6), sum(map(len, whole))),
        ("level 9", compress_segments(whole, level=9), sum(map(len, whole))),
        ("level 9, small memory (many blocks)", compress_segments(whole, level=9, memLevel=1), sum(map(len, whole))),
        ("fixed Huffman codes", compress_segments(whole, level=6, strategy=zlib.Z_FIXED), sum(map(len, whole))),
        ("empty input", zlib.compress(b"", 6), 0),
    ]

# ---------------------------------------------------------------- PNG files


def pack_row(samples, depth):
    """Packs sample values of one row at the given bit depth (big-endian for 16)."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out = bytearray((len(samples) * depth + 7) // 8)
    for i, s in enumerate(samples):
        bit = i * depth
        out[bit // 8] |= s << (8 - depth - bit % 8)
    return bytes(out)


def filter_rows(rows, bpp, first_filter=0):
    """Filters row i with filter type (first_filter + i) % 5, so every filter is exercised."""
    out = bytearray()
    previous = bytes(len(rows[0]))
    for index, row in enumerate(rows):
        kind = (first_filter + index) % 5
        out.append(kind)
        out += filtered_row(row, previous, bpp, kind)
        previous = row
    return bytes(out)


CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def to_eight_bits(value, depth):
    if depth == 16:
        return value >> 8
    return value * 255 // ((1 << depth) - 1)


def png_fixture(rng, width, height, colour_type, depth, interlace=0, palette_size=0, transparency=False, sample_max=None):
    """A random image: returns (name, png bytes, expected RGBA8 bytes)."""
    channels = CHANNELS[colour_type]
    top = (1 << depth) - 1
    extra = b""
    palette = []
    if colour_type == 3:
        palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(palette_size)]
        extra += chunk(b"PLTE", b"".join(bytes(c) for c in palette))
        top = palette_size - 1
    if sample_max is not None:
        top = sample_max  # few distinct values make the Paeth predictor's ties common
    pixels = [[[rng.randint(0, top) for _ in range(channels)] for _ in range(width)] for _ in range(height)]
    alphas = {}
    key = None
    if transparency and colour_type == 3:
        alpha = [rng.randrange(256) for _ in range(palette_size - 1)]  # the last entry stays opaque
        alphas = dict(enumerate(alpha))
        extra += chunk(b"tRNS", bytes(alpha))
    elif transparency and colour_type in (0, 2):
        key = pixels[0][0]  # make sure at least one pixel matches
        pixels[height - 1][width - 1] = list(key)
        extra += chunk(b"tRNS", b"".join(struct.pack(">H", k) for k in key))

    expected = bytearray()
    for row in pixels:
        for sample in row:
            if colour_type == 3:
                r, g, b = palette[sample[0]]
                a = alphas.get(sample[0], 255)
            elif colour_type in (0, 4):
                r = g = b = to_eight_bits(sample[0], depth)
                a = to_eight_bits(sample[1], depth) if colour_type == 4 else 255
            else:
                r, g, b = (to_eight_bits(s, depth) for s in sample[:3])
                a = to_eight_bits(sample[3], depth) if colour_type == 6 else 255
            if key is not None and sample == key:
                a = 0
            expected += bytes((r, g, b, a))

    bpp = max(1, channels * depth // 8)

    def filtered_image(x0, y0, dx, dy, first_filter):
        rows = [pack_row([s for p in pixels[y][x0::dx] for s in p], depth) for y in range(y0, height, dy)]
        rows = [r for r in rows if r]
        return filter_rows(rows, bpp, first_filter) if rows else b""

    if interlace:
        data = b"".join(filtered_image(x0, y0, dx, dy, n) for n, (x0, y0, dx, dy) in enumerate(ADAM7))
    else:
        data = filtered_image(0, 0, 1, 1, 0)
    name = f"type {colour_type}, {depth}-bit, {width}x{height}" + (", Adam7" if interlace else "") \
        + (", tRNS" if transparency else "") + (f", values 0-{sample_max}" if sample_max is not None else "")
    return name, png_file(width, height, depth, colour_type, data, extra, interlace), bytes(expected)


def png_fixtures():
    rng = random.Random(7)
    cases = []
    for depth in (1, 2, 4, 8, 16):
        cases.append(png_fixture(rng, 13, 5, 0, depth))
    for depth in (1, 2, 4, 8):
        cases.append(png_fixture(rng, 11, 6, 3, depth, palette_size=min(1 << depth, 200)))
    for colour_type in (2, 4, 6):
        for depth in (8, 16):
            cases.append(png_fixture(rng, 9, 7, colour_type, depth))
    cases.append(png_fixture(rng, 10, 4, 3, 4, palette_size=9, transparency=True))
    cases.append(png_fixture(rng, 6, 6, 0, 8, transparency=True))
    cases.append(png_fixture(rng, 6, 6, 2, 16, transparency=True))
    cases.append(png_fixture(rng, 12, 11, 2, 8, interlace=1))
    cases.append(png_fixture(rng, 5, 3, 0, 1, interlace=1))
    cases.append(png_fixture(rng, 9, 9, 6, 16, interlace=1))
    cases.append(png_fixture(rng, 24, 20, 0, 8, sample_max=3))
    cases.append(png_fixture(rng, 16, 12, 2, 8, sample_max=2))
    return cases


def special_pngs():
    """Hostile and odd files for the error tests."""
    huge = png_file(100000, 100000, 8, 0, b"\0" * 16)
    bomb = png_file(10, 10, 8, 0, b"\0" * 5_000_000)  # header promises 110 bytes of data
    rgb_2x2 = png_file(2, 2, 8, 2, filter_rows([bytes([255, 0, 0, 0, 255, 0]), bytes([0, 0, 255, 255, 255, 255])], 3))
    return [("hugeHeader", huge), ("zlibBomb", bomb), ("rgb2x2", rgb_2x2)]

# ---------------------------------------------------------------- files


def slug(name):
    """A file name for a fixture's name: `type 0, 8-bit, 13x5` -> `type-0-8-bit-13x5`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def write(relative, data):
    path = os.path.join(OUTPUT, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    return relative


def main():
    for folder in ("zlib", "png", "special"):
        shutil.rmtree(os.path.join(OUTPUT, folder), ignore_errors=True)
    index = {"zlibStreams": [], "pngFiles": [], "special": {}}
    for name, data, size in inflate_fixtures():
        index["zlibStreams"].append({
            "name": name, "file": write(f"zlib/{slug(name)}.zlib", data), "expectedSize": size})
    for name, png, rgba in png_fixtures():
        width, height = struct.unpack(">II", png[16:24])
        index["pngFiles"].append({
            "name": name, "file": write(f"png/{slug(name)}.png", png),
            "rgba": write(f"png/{slug(name)}.rgba", rgba), "width": width, "height": height})
    for name, png in special_pngs():
        file_name = re.sub(r"([A-Z])", r"-\1", name).lower()  # hugeHeader -> huge-header
        index["special"][name] = write(f"special/{file_name}.png", png)
    with open(os.path.join(OUTPUT, "index.json"), "w") as f:
        json.dump(index, f, indent=2)
        f.write("\n")
    print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
