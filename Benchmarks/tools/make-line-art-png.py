#!/usr/bin/env python3
"""Draws the test image of the `png` benchmark: a 740 x 1000 8-bit greyscale PNG of line art in
the manner of a web comic (white paper; six panels with hand-drawn borders; lines of handwritten
text; stick figures, a desk, a chart), with anti-aliased strokes.

    python3 make-line-art-png.py OUTDIR

writes OUTDIR/line-art.png and OUTDIR/line-art.idat (the image's IDAT data concatenated: the
zlib stream the decoder inflates) and prints what it wrote:

    width 740 height 1000 filtered 741000 idat BYTES png BYTES

`filtered` is the size the zlib stream expands to (one filter byte and 740 samples per row).
Rows are filtered with None, Sub or Up, whichever suits each row, and compressed at level 9.
Standard library only (zlib, struct); the same bytes on every run and every machine.
"""
import math
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 740, 1000
INK = 24  # darkest grey of a stroke; paper is 255

# ------------------------------------------------------------------- randomness


class Random:
    """A linear congruential generator, so the picture does not depend on Python's random module."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state * 1103515245 + 12345) & 0x7FFFFFFF
        return self.state >> 16

    def below(self, n):
        return self.next() % n

    def between(self, low, high):
        """A float in [low, high)."""
        return low + (high - low) * (self.next() / 32768.0)


# ---------------------------------------------------------------------- drawing


class Canvas:
    """Greyscale pixels, 255 = paper. Strokes only darken (the darker of stroke and paper wins)."""

    SUBPIXEL = 4  # brush positions are rounded to quarter pixels

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(b"\xff" * (width * height))
        self.brushes = {}

    def brush(self, radius, fx, fy):
        """Pixel offsets and grey values of a round pen of `radius` centred at (fx, fy) within a pixel."""
        key = (radius, fx, fy)
        if key not in self.brushes:
            cx, cy = fx / self.SUBPIXEL, fy / self.SUBPIXEL
            reach = int(math.ceil(radius + 1))
            dots = []
            for dy in range(-reach, reach + 1):
                for dx in range(-reach, reach + 1):
                    distance = math.hypot(dx + 0.5 - cx, dy + 0.5 - cy)
                    coverage = min(1.0, max(0.0, radius + 0.5 - distance))
                    if coverage > 0:
                        dots.append((dx, dy, int(round(255 - (255 - INK) * coverage))))
            self.brushes[key] = dots
        return self.brushes[key]

    def dab(self, x, y, radius):
        ix, iy = math.floor(x), math.floor(y)
        fx = int((x - ix) * self.SUBPIXEL)
        fy = int((y - iy) * self.SUBPIXEL)
        pixels, width, height = self.pixels, self.width, self.height
        for dx, dy, grey in self.brush(radius, fx, fy):
            px, py = ix + dx, iy + dy
            if 0 <= px < width and 0 <= py < height:
                i = py * width + px
                if grey < pixels[i]:
                    pixels[i] = grey

    def line(self, x0, y0, x1, y1, radius=1.2):
        steps = max(1, int(math.hypot(x1 - x0, y1 - y0)))
        for s in range(steps + 1):
            t = s / steps
            self.dab(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, radius)

    def wobbly_line(self, rng, x0, y0, x1, y1, radius=1.2):
        """A hand-drawn line: straight segments of about 25 px through slightly displaced points."""
        pieces = max(1, int(math.hypot(x1 - x0, y1 - y0) / 25))
        points = [(x0, y0)]
        for p in range(1, pieces):
            t = p / pieces
            points.append((x0 + (x1 - x0) * t + rng.between(-0.8, 0.8), y0 + (y1 - y0) * t + rng.between(-0.8, 0.8)))
        points.append((x1, y1))
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            self.line(ax, ay, bx, by, radius)

    def circle(self, cx, cy, r, radius=1.2):
        segments = max(12, int(r))
        points = [(cx + r * math.cos(2 * math.pi * k / segments), cy + r * math.sin(2 * math.pi * k / segments))
                  for k in range(segments + 1)]
        for (ax, ay), (bx, by) in zip(points, points[1:]):
            self.line(ax, ay, bx, by, radius)

    def fill_rect(self, x0, y0, x1, y1, grey):
        for y in range(max(0, y0), min(self.height, y1)):
            row = y * self.width
            for x in range(max(0, x0), min(self.width, x1)):
                if grey < self.pixels[row + x]:
                    self.pixels[row + x] = grey


# ------------------------------------------------------------------ the picture

# Points of a glyph's 6 x 10 box that its strokes join: corners, middles of the sides, centre.
GLYPH_POINTS = [(0, 0), (3, 0), (6, 0), (0, 5), (3, 5), (6, 5), (0, 10), (3, 10), (6, 10)]


def make_alphabet(rng, letters=26):
    """Each letter: two to four strokes between points of the glyph box, fixed for the whole picture,
    so a letter looks the same wherever it appears (as handwriting roughly does)."""
    alphabet = []
    for _ in range(letters):
        strokes = []
        for _ in range(2 + rng.below(3)):
            a, b = rng.below(len(GLYPH_POINTS)), rng.below(len(GLYPH_POINTS))
            if a == b:
                b = (b + 4) % len(GLYPH_POINTS)
            strokes.append((GLYPH_POINTS[a], GLYPH_POINTS[b]))
        alphabet.append(strokes)
    return alphabet


def write_text(canvas, rng, alphabet, left, top, width, lines):
    """Lines of words in capitals, centred in `width` px from `left`, 16 px apart."""
    for line in range(lines):
        words = [[rng.below(len(alphabet)) for _ in range(2 + rng.below(6))] for _ in range(3 + rng.below(4))]
        line_width = sum(len(word) * 8 for word in words) + 7 * (len(words) - 1)
        while line_width > width - 10 and len(words) > 1:
            dropped = words.pop()
            line_width -= len(dropped) * 8 + 7
        x = left + (width - line_width) / 2
        y = top + 16 * line
        for word in words:
            for letter in word:
                for (ax, ay), (bx, by) in alphabet[letter]:
                    canvas.line(x + ax, y + ay, x + bx, y + by, radius=0.75)
                x += 8
            x += 7


def stick_figure(canvas, rng, x, ground, facing):
    """Head, body, arms and legs; about 100 px tall, standing on `ground`."""
    head_y = ground - 88
    canvas.circle(x, head_y, 10)
    neck, hip = head_y + 10, ground - 36
    canvas.wobbly_line(rng, x, neck, x, hip)
    canvas.line(x, hip, x - 12, ground)
    canvas.line(x, hip, x + 12, ground)
    shoulder = neck + 10
    canvas.line(x, shoulder, x + facing * 20, shoulder + rng.between(-8, 22))
    canvas.line(x, shoulder, x - facing * 14, shoulder + 28)


def desk(canvas, rng, x, ground):
    canvas.wobbly_line(rng, x, ground - 40, x + 90, ground - 40, radius=1.4)
    canvas.line(x + 6, ground - 40, x + 6, ground)
    canvas.line(x + 84, ground - 40, x + 84, ground)
    canvas.wobbly_line(rng, x + 30, ground - 41, x + 36, ground - 66)  # a laptop's screen
    canvas.line(x + 30, ground - 41, x + 60, ground - 41, radius=1.5)


def chart(canvas, rng, left, top, size):
    canvas.line(left, top, left, top + size, radius=1.3)
    canvas.line(left, top + size, left + size, top + size, radius=1.3)
    previous = None
    for step in range(0, size - 5, 5):
        y = top + size - 8 - (step / size) ** 2 * (size - 15) + rng.between(-1.5, 1.5)
        if previous:
            canvas.line(previous[0], previous[1], left + step, y, radius=1.0)
        previous = (left + step, y)


def draw_comic():
    rng = Random(1234)
    canvas = Canvas(WIDTH, HEIGHT)
    alphabet = make_alphabet(rng)
    margin, gap = 10, 14
    panel_w = (WIDTH - 2 * margin - gap) // 2
    panel_h = (HEIGHT - 2 * margin - 2 * gap) // 3
    for row in range(3):
        for column in range(2):
            left = margin + column * (panel_w + gap)
            top = margin + row * (panel_h + gap)
            right, bottom = left + panel_w, top + panel_h
            for (ax, ay, bx, by) in ((left, top, right, top), (right, top, right, bottom),
                                     (right, bottom, left, bottom), (left, bottom, left, top)):
                canvas.wobbly_line(rng, ax, ay, bx, by, radius=1.5)
            panel = row * 2 + column
            lines = 3 + rng.below(4)
            write_text(canvas, rng, alphabet, left + 8, top + 12, panel_w - 16, lines)
            ground = bottom - 18
            speaker = left + 70 + rng.below(60)
            stick_figure(canvas, rng, speaker, ground, facing=1)
            text_bottom = top + 12 + 16 * lines
            canvas.line(speaker + 8, text_bottom, speaker + 3, text_bottom + 24, radius=0.9)  # who speaks
            if panel % 3 != 2:
                listener = right - 80 - rng.below(40)
                stick_figure(canvas, rng, listener, ground, facing=-1)
                if panel != 4:  # in panel 4 the chart stands where the reply would
                    write_text(canvas, rng, alphabet, listener - 110, text_bottom + 30, 150, 2)
                    canvas.line(listener - 30, text_bottom + 64, listener - 6, ground - 104, radius=0.9)
            if panel == 2:
                desk(canvas, rng, right - 140, ground)
            if panel == 4:
                chart(canvas, rng, right - 150, top + 30 + 16 * lines, 110)
                canvas.fill_rect(speaker - 9, ground - 101, speaker + 9, ground - 95, INK)  # a hat's band
    return canvas


# ----------------------------------------------------------------------- PNG


def filter_rows(pixels, width, height):
    """Each row prefixed by the filter among None, Sub and Up that gives the smallest sum of
    absolute values (read as signed bytes): the usual encoder heuristic."""
    out = bytearray()
    previous = bytes(width)
    for y in range(height):
        row = pixels[y * width:(y + 1) * width]
        candidates = [
            (0, bytes(row)),
            (1, bytes([row[0]]) + bytes((row[x] - row[x - 1]) & 0xFF for x in range(1, width))),
            (2, bytes((row[x] - previous[x]) & 0xFF for x in range(width))),
        ]
        kind, data = min(candidates, key=lambda c: sum(v if v < 128 else 256 - v for v in c[1]))
        out.append(kind)
        out += data
        previous = row
    return bytes(out)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: make-line-art-png.py OUTDIR\n")
        sys.exit(64)
    outdir = sys.argv[1]
    canvas = draw_comic()
    filtered = filter_rows(canvas.pixels, WIDTH, HEIGHT)
    idat = zlib.compress(filtered, 9)
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 0, 0, 0, 0)  # 8-bit grey, not interlaced
    # IDAT in chunks of 8 KiB, as common encoders write it, so the decoder joins them.
    body = b"".join(chunk(b"IDAT", idat[i:i + 8192]) for i in range(0, len(idat), 8192))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + body + chunk(b"IEND", b"")
    try:
        with open(os.path.join(outdir, "line-art.png"), "wb") as f:
            f.write(png)
        with open(os.path.join(outdir, "line-art.idat"), "wb") as f:
            f.write(idat)
    except OSError as error:
        sys.stderr.write(f"make-line-art-png.py: cannot write to {outdir}: {error.strerror}\n")
        sys.exit(74)
    print(f"width {WIDTH} height {HEIGHT} filtered {len(filtered)} idat {len(idat)} png {len(png)}")


if __name__ == "__main__":
    main()
