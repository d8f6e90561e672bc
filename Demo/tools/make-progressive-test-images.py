#!/usr/bin/env python3
"""Writes the progressive JPEG test images of the ImageDecoding tests into a folder (the tests
read the checked-in copies in Tests/ImageDecodingTests/Fixtures/progressive, so running them
needs neither this script nor Pillow).

Each picture is saved twice by libjpeg (through Pillow), with the same quality and chroma
subsampling: NAME-progressive.jpg and NAME-baseline.jpg. libjpeg quantises the same DCT
coefficients for both and only codes them differently, so a decoder must turn the two into
exactly the same pixels. NAME.rgba holds the picture that was saved (width and height as two
32-bit big-endian numbers, then 8-bit r, g, b, a per pixel, rows top first).

libjpeg's progression codes the DC coefficients first with a point transform, then AC bands
with successive approximation, then refines both: all four kinds of progressive scan, with
end-of-band runs; one image also has restart markers.

    pip install pillow
    python3 Demo/tools/make-progressive-test-images.py Tests/ImageDecodingTests/Fixtures/progressive
"""
import math
import os
import random
import struct
import sys

from PIL import Image


def gradient(width, height):
    """Smooth colours: red across, green down, blue along the diagonal."""
    return [[(round(255 * x / max(1, width - 1)), round(255 * y / max(1, height - 1)),
              round(255 * (x + y) / max(1, width + height - 2)))
             for x in range(width)] for y in range(height)]


def line_art(width, height):
    """Grey line art with hard edges: a white page, a frame, diagonals and a soft disc."""
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            v = 240
            if x in (2, width - 3) or y in (2, height - 3):
                v = 20
            elif abs(x - y) <= 1 or abs(x + y - width) <= 1:
                v = 60
            else:
                d = math.hypot(x - width * 0.65, y - height * 0.4)
                if d < min(width, height) * 0.25:
                    v = min(200, int(90 + d * 4))
            row.append((v, v, v))
        rows.append(row)
    return rows


def texture(width, height, seed):
    """Colour noise over waves: many large AC coefficients, so every refinement has work."""
    rng = random.Random(seed)
    return [[tuple(max(0, min(255, int(128 + 90 * math.sin((x * (c + 1) + y * (3 - c)) / 5)
                                       + rng.randrange(-40, 41))))
                   for c in range(3))
             for x in range(width)] for y in range(height)]


def save(folder, name, rows, grey, options):
    height, width = len(rows), len(rows[0])
    image = Image.new('RGB', (width, height))
    image.putdata([p for row in rows for p in row])
    if grey:
        image = image.convert('L')
    for kind, progressive in (('progressive', True), ('baseline', False)):
        image.save(os.path.join(folder, '%s-%s.jpg' % (name, kind)), 'JPEG',
                   progressive=progressive, optimize=True, **options)
    shown = image.convert('RGBA')
    with open(os.path.join(folder, name + '.rgba'), 'wb') as f:
        f.write(struct.pack('>II', width, height))
        f.write(shown.tobytes())


def main(folder):
    os.makedirs(folder, exist_ok=True)
    images = {
        'grey-odd-size': (line_art(37, 23), True, dict(quality=95)),
        'grey-quality-75': (line_art(64, 40), True, dict(quality=75)),
        'ycbcr-444': (gradient(40, 24), False, dict(quality=95, subsampling=0)),
        'ycbcr-422': (gradient(45, 19), False, dict(quality=95, subsampling=1)),
        'ycbcr-420': (gradient(50, 34), False, dict(quality=95, subsampling=2)),
        'ycbcr-420-restarts': (gradient(50, 34), False,
                               dict(quality=95, subsampling=2, restart_marker_blocks=2)),
        'texture-420': (texture(72, 56, 19), False, dict(quality=85, subsampling=2)),
        'texture-444-restarts': (texture(40, 32, 23), False,
                                 dict(quality=90, subsampling=0, restart_marker_blocks=3)),
    }
    for name, (rows, grey, options) in images.items():
        save(folder, name, rows, grey, options)


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
