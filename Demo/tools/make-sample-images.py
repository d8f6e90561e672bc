#!/usr/bin/env python3
"""Draws the small line-art PNGs shown for the sample comics and writes them, base64-encoded,
into Demo/ComicReader/Sample/SampleImages.swift: compiled into the program, so the single
comics binary shows them offline.

Standard library only; the PNG encoding is in png_encoding.py. Every drawing is procedural and
seeded by the comic number, so running the script again gives the same bytes. Run from the
repository root:

    python3 Demo/tools/make-sample-images.py
"""
import base64
import math
import random

from png_encoding import chunk, filtered_row, png_file

NUMBERS = [n for n in range(395, 442) if n != 404]
MAX_BYTES = 2048
OUTPUT = "Demo/ComicReader/Sample/SampleImages.swift"

WHITE, BLACK, GREY, LIGHT = (255, 255, 255), (0, 0, 0), (128, 128, 128), (215, 215, 215)
COLOURS = [(200, 40, 40), (40, 90, 200), (30, 150, 60), (230, 150, 20), (140, 60, 170)]


class Canvas:
    """An RGB drawing surface with just enough primitives for stick figures and charts."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = [[WHITE] * width for _ in range(height)]

    def dot(self, x, y, colour, size=1):
        for dy in range(size):
            for dx in range(size):
                px, py = int(x) + dx, int(y) + dy
                if 0 <= px < self.width and 0 <= py < self.height:
                    self.pixels[py][px] = colour

    def line(self, x0, y0, x1, y1, colour=BLACK, size=1, dash=0):
        steps = max(abs(x1 - x0), abs(y1 - y0), 1)
        for i in range(int(steps) + 1):
            if dash and (i // dash) % 2:
                continue
            t = i / steps
            self.dot(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t), colour, size)

    def polyline(self, points, colour=BLACK, size=1, dash=0):
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            self.line(x0, y0, x1, y1, colour, size, dash)

    def ellipse(self, cx, cy, rx, ry, colour=BLACK, size=1, start=0.0, end=2 * math.pi):
        steps = max(32, int((rx + ry) * 4))
        points = [(cx + rx * math.cos(start + (end - start) * i / steps),
                   cy + ry * math.sin(start + (end - start) * i / steps)) for i in range(steps + 1)]
        self.polyline([(round(x), round(y)) for x, y in points], colour, size)

    def fill_rect(self, x0, y0, x1, y1, colour):
        for y in range(max(0, y0), min(self.height, y1)):
            for x in range(max(0, x0), min(self.width, x1)):
                self.pixels[y][x] = colour

    def fill_disc(self, cx, cy, r, colour):
        for y in range(int(cy - r), int(cy + r) + 1):
            for x in range(int(cx - r), int(cx + r) + 1):
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    self.dot(x, y, colour)

    def frame(self):
        w, h = self.width - 1, self.height - 1
        self.polyline([(0, 0), (w, 0), (w, h), (0, h), (0, 0)], BLACK, 1)


def stick_figure(c, x, ground, height, rng, colour=BLACK, pose=None):
    head = height // 6
    neck = ground - height + 2 * head
    hip = ground - height // 3
    c.ellipse(x, neck - head, head, head, colour)
    c.line(x, neck, x, hip, colour)
    pose = pose if pose is not None else rng.randrange(4)
    arm_y = neck + (hip - neck) // 3
    if pose == 0:  # arms down
        c.line(x, arm_y, x - head * 2, arm_y + head * 2, colour)
        c.line(x, arm_y, x + head * 2, arm_y + head * 2, colour)
    elif pose == 1:  # arms up
        c.line(x, arm_y, x - head * 2, arm_y - head * 2, colour)
        c.line(x, arm_y, x + head * 2, arm_y - head * 2, colour)
    elif pose == 2:  # pointing
        c.line(x, arm_y, x + head * 3, arm_y - head // 2, colour)
        c.line(x, arm_y, x - head, arm_y + head * 2, colour)
    else:  # shrug
        c.polyline([(x - head * 2, arm_y - head), (x - head, arm_y + head // 2), (x, arm_y)], colour)
        c.polyline([(x + head * 2, arm_y - head), (x + head, arm_y + head // 2), (x, arm_y)], colour)
    c.line(x, hip, x - head * 3 // 2, ground, colour)
    c.line(x, hip, x + head * 3 // 2, ground, colour)


def speech(c, x, y, width, rng):
    c.ellipse(x, y, width // 2, 9)
    for row in range(2):
        left = x - width // 2 + 6
        for _ in range(rng.randint(2, 4)):
            word = rng.randint(3, 8)
            if left + word > x + width // 2 - 5:
                break
            c.line(left, y - 3 + row * 6, left + word, y - 3 + row * 6, GREY)
            left += word + 3


def axes(c, m):
    c.line(m, m // 2, m, c.height - m)
    c.line(m, c.height - m, c.width - m // 2, c.height - m)
    c.line(m - 3, m // 2 + 4, m, m // 2)
    c.line(m + 3, m // 2 + 4, m, m // 2)


def draw_people(c, rng, colourful):
    ground = c.height - 12
    c.line(4, ground, c.width - 5, ground, GREY)
    count = rng.randint(1, 3)
    speaker = c.width // (count + 1)
    bubble_x = max(c.width // 4 + 4, speaker + rng.randint(-5, 15))
    speech(c, bubble_x, 14, min(90, c.width // 2), rng)
    c.line(bubble_x - 6, 23, speaker + 3, ground - min(70, c.height - 40) + 8)
    for i in range(count):
        x = c.width * (i + 1) // (count + 1)
        stick_figure(c, x, ground, rng.randint(40, min(70, c.height - 40)), rng,
                     rng.choice(COLOURS) if colourful and i == 0 else BLACK)


def draw_line_chart(c, rng, colourful):
    m = 14
    axes(c, m)
    for k in range(rng.randint(1, 2)):
        y = rng.uniform(0.2, 0.8)
        points = []
        for i in range(12):
            x = m + 4 + i * (c.width - 2 * m - 8) // 11
            y = min(0.95, max(0.05, y + rng.uniform(-0.25, 0.25) + (0.06 if k == 0 else -0.04)))
            points.append((x, round(c.height - m - y * (c.height - 2 * m))))
        c.polyline(points, COLOURS[k] if colourful else BLACK, 2 if k == 0 else 1, dash=0 if k == 0 else 3)


def draw_bars(c, rng, colourful):
    m = 14
    axes(c, m)
    bars = rng.randint(3, 6)
    slot = (c.width - 2 * m) // bars
    for i in range(bars):
        h = rng.randint(10, c.height - 2 * m - 6)
        x0 = m + 4 + i * slot
        colour = COLOURS[i % len(COLOURS)] if colourful else (LIGHT if i % 2 else GREY)
        c.fill_rect(x0, c.height - m - h, x0 + slot - 6, c.height - m, colour)
        c.polyline([(x0, c.height - m), (x0, c.height - m - h), (x0 + slot - 7, c.height - m - h),
                    (x0 + slot - 7, c.height - m)])


def draw_waves(c, rng, colourful):
    for k in range(rng.randint(2, 4)):
        amplitude, period = rng.uniform(6, 18), rng.uniform(25, 70)
        base, phase = (k + 1) * c.height / (4.5 + k * 0.2), rng.uniform(0, 6)
        points = [(x, round(base + amplitude * math.sin(x / period * 2 * math.pi + phase)))
                  for x in range(4, c.width - 4, 3)]
        c.polyline(points, COLOURS[k % len(COLOURS)] if colourful else BLACK, 1 + (k == 0))


def draw_pie(c, rng, colourful):
    cx, cy, r = c.width // 2, c.height // 2, min(c.width, c.height) // 2 - 10
    angle = rng.uniform(0, 6)
    if colourful:
        c.fill_disc(cx, cy, r, COLOURS[0])
    c.ellipse(cx, cy, r, r, BLACK, 2)
    shares = [rng.uniform(0.5, 2) for _ in range(rng.randint(2, 5))]
    for share in shares:
        c.line(cx, cy, round(cx + r * math.cos(angle)), round(cy + r * math.sin(angle)))
        angle += share / sum(shares) * 2 * math.pi


def draw_scatter(c, rng, colourful):
    m = 14
    axes(c, m)
    slope = rng.uniform(0.2, 0.9)
    for _ in range(rng.randint(15, 30)):
        x = rng.uniform(0, 1)
        y = min(1, max(0, slope * x + rng.uniform(-0.2, 0.2) + 0.05))
        c.dot(m + 3 + x * (c.width - 2 * m - 8), c.height - m - 3 - y * (c.height - 2 * m - 8),
              COLOURS[1] if colourful else BLACK, 3)
    c.line(m + 2, c.height - m - 5, c.width - m, round(c.height - m - 5 - slope * (c.height - 2 * m - 8)),
           COLOURS[0] if colourful else GREY, 1, dash=4)


def draw_hill(c, rng, colourful):
    peak = rng.randint(c.width // 3, 2 * c.width // 3)
    top = c.height // 2
    points = [(x, round(c.height - 8 - (c.height - 8 - top) * math.exp(-((x - peak) / (c.width / 4)) ** 2)))
              for x in range(0, c.width, 3)]
    c.polyline(points, COLOURS[2] if colourful else BLACK, 2)
    c.ellipse(c.width - 24, 20, 10, 10, COLOURS[3] if colourful else GREY)
    stick_figure(c, peak, top - 1, 40, rng, BLACK, pose=1)


def draw_venn(c, rng, colourful):
    r = min(c.width, c.height) // 3
    cx, cy = c.width // 2, c.height // 2
    for k, (dx, dy) in enumerate([(-r // 2, -r // 4), (r // 2, -r // 4), (0, r // 2)][:rng.randint(2, 3)]):
        c.ellipse(cx + dx, cy + dy, r, r, COLOURS[k] if colourful else BLACK, 1 + (k == 0))
    c.dot(cx - 1, cy - 1, BLACK, 3)


def draw_flow(c, rng, colourful):
    boxes = rng.randint(2, 3)
    h = 18
    gap = (c.height - boxes * h) // (boxes + 1)
    for i in range(boxes):
        y = gap + i * (h + gap)
        w = rng.randint(50, min(110, c.width - 20))
        x = (c.width - w) // 2
        if colourful:
            c.fill_rect(x, y, x + w, y + h, LIGHT)
        c.polyline([(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)], BLACK, 1)
        c.line(x + 8, y + h // 2, x + w - 8 - rng.randint(0, 20), y + h // 2, GREY)
        if i < boxes - 1:
            c.line(c.width // 2, y + h, c.width // 2, y + h + gap - 1)
            c.line(c.width // 2 - 3, y + h + gap - 4, c.width // 2, y + h + gap - 1)
            c.line(c.width // 2 + 3, y + h + gap - 4, c.width // 2, y + h + gap - 1)


SCENES = [draw_people, draw_line_chart, draw_bars, draw_waves, draw_pie, draw_scatter, draw_hill, draw_venn,
          draw_flow]


def filter_rows(rows, bpp):
    """Filters each row with whichever of the five PNG filters gives the smallest sum of magnitudes."""
    out = bytearray()
    previous = bytes(len(rows[0]))
    for row in rows:
        candidates = []
        for kind in range(5):
            filtered = filtered_row(row, previous, bpp, kind)
            candidates.append((sum(v if v < 128 else 256 - v for v in filtered), kind, filtered))
        _, kind, filtered = min(candidates)
        out.append(kind)
        out += filtered
        previous = row
    return bytes(out)


def pack_bits(indices, depth):
    row = bytearray()
    per_byte = 8 // depth
    for i in range(0, len(indices), per_byte):
        byte = 0
        for j, index in enumerate(indices[i:i + per_byte]):
            byte |= index << (8 - depth * (j + 1))
        row.append(byte)
    return bytes(row)


def encode(canvas, kind):
    """PNG bytes for the canvas as 8-bit grey, a palette (smallest bit depth that fits) or 8-bit RGB."""
    w, h = canvas.width, canvas.height
    if kind == "grey":
        rows = [bytes(round(0.299 * r + 0.587 * g + 0.114 * b) for r, g, b in line) for line in canvas.pixels]
        colour_type, depth, bpp, plte = 0, 8, 1, b""
    elif kind == "palette":
        colours = sorted({p for line in canvas.pixels for p in line})
        depth = next(d for d in (1, 2, 4, 8) if len(colours) <= 1 << d)
        lookup = {colour: i for i, colour in enumerate(colours)}
        rows = [pack_bits([lookup[p] for p in line], depth) for line in canvas.pixels]
        colour_type, bpp, plte = 3, 1, chunk(b"PLTE", b"".join(bytes(c) for c in colours))
    else:
        rows = [b"".join(bytes(p) for p in line) for line in canvas.pixels]
        colour_type, depth, bpp, plte = 2, 8, 3, b""
    data = filter_rows(rows, bpp) if kind != "palette" else b"".join(b"\0" + r for r in rows)
    return png_file(w, h, depth, colour_type, data, extra_chunks=plte)


def make(number):
    rng = random.Random(number)
    kind = ["grey", "palette", "rgb"][(number + number // 9) % 3]
    scene = SCENES[(number * 7) % len(SCENES)]
    width, height = rng.randrange(120, 201, 4), rng.randrange(90, 141, 2)
    canvas = Canvas(width, height)
    scene(canvas, rng, kind != "grey")
    canvas.frame()
    png = encode(canvas, kind)
    if len(png) > MAX_BYTES:
        raise SystemExit(f"comic {number}: {scene.__name__} as {kind} is {len(png)} bytes, above {MAX_BYTES}")
    return png, f"{scene.__name__[5:]}, {kind}, {width}x{height}"


def main():
    lines = []
    total = 0
    for number in NUMBERS:
        png, summary = make(number)
        total += len(png)
        text = base64.b64encode(png).decode()
        pieces = [text[i:i + 100] for i in range(0, len(text), 100)]
        lines.append(f"        // {summary}, {len(png)} bytes")
        lines.append(f"        {number}: \"\"\"\n" + "\n".join("        " + p for p in pieces) + "\n        \"\"\",")
    swift = f'''import Foundation

/// Small made-up line drawings (stick figures, charts, waves) shown as the images of the shipped
/// sample comics, so the offline demo has pictures. PNG files, base64-encoded.
///
/// Generated by `Demo/tools/make-sample-images.py`; edit that script, not this file.
enum SampleImages {{
    /// The PNG bytes drawn for sample comic `number`, or nil if it has none.
    static func png(forComic number: Int) -> [UInt8]? {{
        guard let text = base64PNGs[number],
            let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
        else {{ return nil }}
        return [UInt8](data)
    }}

    /// Comic numbers that have a drawing.
    static var comicNumbers: [Int] {{ base64PNGs.keys.sorted() }}

    /// Base64 of each drawing, keyed by comic number ({len(NUMBERS)} drawings, {total} bytes of PNG).
    private static let base64PNGs: [Int: String] = [
{chr(10).join(lines)}
    ]
}}
'''
    with open(OUTPUT, "w") as f:
        f.write(swift)
    print(f"wrote {OUTPUT}: {len(NUMBERS)} images, {total} bytes of PNG")


if __name__ == "__main__":
    main()
