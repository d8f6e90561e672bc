#!/usr/bin/env python3
"""Writes the JPEG and GIF test images of the ImageDecoding tests into a folder, each next to
the pixels it is meant to show: NAME.jpg or NAME.gif, and NAME.rgba (width and height as two
32-bit big-endian numbers, then 8-bit r, g, b, a per pixel, rows top first).

The encoders are written here, standard library only, and are deterministic: a baseline JPEG
encoder (forward DCT, quantisation, Huffman tables built from the image's own statistics,
greyscale or YCbCr at 4:4:4, 4:2:2 or 4:2:0, restart intervals, one scan or one per component)
and a GIF encoder (LZW with growing code widths, clear codes or a full table, global or local
colour tables, interlacing, transparency, a frame placed on a larger screen).

    python3 Demo/tools/make-decoder-test-images.py OUTPUT_FOLDER
"""
import heapq
import math
import os
import random
import struct
import sys

# ------------------------------------------------------------------------------ test pictures


def gradient(width, height):
    """Smooth colours: red across, green down, blue along the diagonal; opaque."""
    return [[(round(255 * x / max(1, width - 1)), round(255 * y / max(1, height - 1)),
              round(255 * (x + y) / max(1, width + height - 2)), 255)
             for x in range(width)] for y in range(height)]


def shapes(width, height):
    """Grey line art: a white page, a dark frame, a diagonal and a soft disc."""
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            v = 240
            if x in (2, width - 3) or y in (2, height - 3):
                v = 20
            elif abs(x - y) <= 1:
                v = 60
            else:
                d = math.hypot(x - width * 0.65, y - height * 0.4)
                if d < min(width, height) * 0.25:
                    v = min(200, int(90 + d * 4))
            row.append((v, v, v, 255))
        rows.append(row)
    return rows


# ------------------------------------------------------------------------------ JPEG encoder

ZIGZAG = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41,
          34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30,
          37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63]

LUMA_QUANT = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24,
              40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77,
              24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95,
              98, 112, 100, 103, 99]
CHROMA_QUANT = [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99,
                99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99] + [99] * 32


def scaled_quant(table, quality):
    """The IJG scaling of a quantisation table (natural order) for quality 1..100."""
    scale = 5000 // quality if quality < 50 else 200 - 2 * quality
    return [min(255, max(1, (q * scale + 50) // 100)) for q in table]


COS = [[(1 / math.sqrt(2) if u == 0 else 1) * math.cos((2 * x + 1) * u * math.pi / 16) / 2
        for u in range(8)] for x in range(8)]


def fdct(block):
    """Forward DCT of 64 level-shifted samples (row-major) into 64 coefficients (row-major)."""
    rows = [[sum(COS[x][u] * block[y * 8 + x] for x in range(8)) for u in range(8)]
            for y in range(8)]
    return [sum(COS[y][v] * rows[y][u] for y in range(8)) for v in range(8) for u in range(8)]


def category(value):
    return 0 if value == 0 else abs(value).bit_length()


def magnitude_bits(value, size):
    return value if value >= 0 else value + (1 << size) - 1


def huffman_lengths(frequencies):
    """Code lengths (at most 16 bits, the all-ones code left unused) for symbol frequencies."""
    symbols = sorted(s for s, f in frequencies.items() if f > 0)
    # A pseudo-symbol keeps the all-ones code free, as libjpeg does.
    heap = [(frequencies[s], i, [s]) for i, s in enumerate(symbols)] + [(0, -1, [None])]
    heapq.heapify(heap)
    lengths = {s: 0 for s in symbols + [None]}
    counter = len(symbols)
    while len(heap) > 1:
        f1, _, a = heapq.heappop(heap)
        f2, _, b = heapq.heappop(heap)
        for s in a + b:
            lengths[s] += 1
        counter += 1
        heapq.heappush(heap, (f1 + f2, counter, a + b))
    bits = [0] * 33
    for s, length in lengths.items():
        bits[max(1, length)] += 1
    # Limit to 16 bits (the adjustment of JPEG Annex K.2).
    for i in range(32, 16, -1):
        while bits[i] > 0:
            j = i - 2
            while bits[j] == 0:
                j -= 1
            bits[i] -= 2
            bits[i - 1] += 1
            bits[j + 1] += 2
            bits[j] -= 1
    i = 16
    while bits[i] == 0:
        i -= 1
    bits[i] -= 1  # drop the pseudo-symbol's code, the longest
    ordered = sorted(symbols, key=lambda s: (lengths[s], s))
    counts = bits[1:17]
    return counts, ordered


def canonical_codes(counts, values):
    codes = {}
    code = 0
    k = 0
    for length in range(1, 17):
        for _ in range(counts[length - 1]):
            codes[values[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return codes


class BitWriter:
    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.n = 0

    def write(self, value, size):
        for i in range(size - 1, -1, -1):
            self.acc = (self.acc << 1) | ((value >> i) & 1)
            self.n += 1
            if self.n == 8:
                self.out.append(self.acc)
                if self.acc == 0xFF:
                    self.out.append(0)
                self.acc = 0
                self.n = 0

    def pad(self):
        while self.n:
            self.write(1, 1)


def plane(pixels, width, height, channel, h, v, hmax, vmax, mcu_w, mcu_h):
    """One component's samples, subsampled by box averaging, padded by repeating edges."""
    def sample(x, y):
        r, g, b, _ = pixels[min(y, height - 1)][min(x, width - 1)]
        if channel == 'grey':
            return r
        if channel == 'Y':
            return 0.299 * r + 0.587 * g + 0.114 * b
        if channel == 'Cb':
            return -0.168736 * r - 0.331264 * g + 0.5 * b + 128
        return 0.5 * r - 0.418688 * g - 0.081312 * b + 128
    sx, sy = hmax // h, vmax // v
    pw, ph = mcu_w * h * 8, mcu_h * v * 8
    return [[sum(sample(x * sx + i, y * sy + j) for i in range(sx) for j in range(sy)) / (sx * sy)
             for x in range(pw)] for y in range(ph)], pw


def encode_jpeg(pixels, grey=False, sampling=(1, 1), quality=100, restart=0,
                separate_scans=False):
    height, width = len(pixels), len(pixels[0])
    if grey:
        comps = [('grey', 1, 1, 0)]
    else:
        comps = [('Y', sampling[0], sampling[1], 0), ('Cb', 1, 1, 1), ('Cr', 1, 1, 1)]
    hmax = max(c[1] for c in comps)
    vmax = max(c[2] for c in comps)
    mcu_w = -(-width // (8 * hmax))
    mcu_h = -(-height // (8 * vmax))
    quants = [scaled_quant(LUMA_QUANT, quality), scaled_quant(CHROMA_QUANT, quality)]
    planes = [plane(pixels, width, height, c[0], c[1], c[2], hmax, vmax, mcu_w, mcu_h)
              for c in comps]

    def block(ci, bx, by):
        samples, _ = planes[ci]
        data = [samples[by * 8 + y][bx * 8 + x] - 128 for y in range(8) for x in range(8)]
        q = quants[comps[ci][3]]
        coefficients = fdct(data)
        return [int(round(coefficients[ZIGZAG[k]] / q[ZIGZAG[k]])) for k in range(64)]

    # The scans: each a list of components and the blocks of each MCU, in order.
    scans = []
    if separate_scans or len(comps) == 1:
        for ci, c in enumerate(comps):
            bw = -(-(-(-width * c[1] // hmax)) // 8)
            bh = -(-(-(-height * c[2] // vmax)) // 8)
            scans.append(([ci], [[(ci, bx, by)] for by in range(bh) for bx in range(bw)]))
    else:
        mcus = []
        for my in range(mcu_h):
            for mx in range(mcu_w):
                mcus.append([(ci, mx * c[1] + bx, my * c[2] + by)
                             for ci, c in enumerate(comps)
                             for by in range(c[2]) for bx in range(c[1])])
        scans.append((list(range(len(comps))), mcus))

    table_of = [0 if c[0] in ('grey', 'Y') else 1 for c in comps]
    coded = {}
    for _, mcus in scans:
        for mcu in mcus:
            for key in mcu:
                coded[key] = block(*key)

    def symbols(scan_mcus, emit):
        predictions = {}
        for index, mcu in enumerate(scan_mcus):
            if restart and index and index % restart == 0:
                emit('restart', index // restart - 1)
                predictions = {}
            for key in mcu:
                zz = coded[key]
                ci = key[0]
                diff = zz[0] - predictions.get(ci, 0)
                predictions[ci] = zz[0]
                size = category(diff)
                emit(('dc', table_of[ci]), size, magnitude_bits(diff, size), size)
                run = 0
                last = max([k for k in range(1, 64) if zz[k]] or [0])
                for k in range(1, last + 1):
                    if zz[k] == 0:
                        run += 1
                        continue
                    while run > 15:
                        emit(('ac', table_of[ci]), 0xF0, 0, 0)
                        run -= 16
                    size = category(zz[k])
                    emit(('ac', table_of[ci]), (run << 4) | size, magnitude_bits(zz[k], size),
                         size)
                    run = 0
                if last < 63:
                    emit(('ac', table_of[ci]), 0x00, 0, 0)

    frequencies = {}

    def count(kind, *rest):
        if kind != 'restart':
            table = frequencies.setdefault(kind, {})
            table[rest[0]] = table.get(rest[0], 0) + 1
    for _, mcus in scans:
        symbols(mcus, count)
    tables = {kind: huffman_lengths(f) for kind, f in frequencies.items()}
    codes = {kind: canonical_codes(*t) for kind, t in tables.items()}

    out = bytearray(b'\xff\xd8')

    def segment(marker, data):
        out.extend(struct.pack('>BBH', 0xFF, marker, len(data) + 2))
        out.extend(data)
    segment(0xE0, b'JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00')
    for slot in sorted(set(c[3] for c in comps)):
        segment(0xDB, bytes([slot]) + bytes(quants[slot][ZIGZAG[k]] for k in range(64)))
    sof = struct.pack('>BHHB', 8, height, width, len(comps))
    for i, c in enumerate(comps):
        sof += bytes([i + 1, (c[1] << 4) | c[2], c[3]])
    segment(0xC0, sof)
    for (kind, slot), (counts, values) in sorted(tables.items()):
        segment(0xC4, bytes([(0 if kind == 'dc' else 0x10) | slot]) + bytes(counts)
                + bytes(values))
    if restart:
        segment(0xDD, struct.pack('>H', restart))
    for scan_comps, mcus in scans:
        sos = bytes([len(scan_comps)])
        for ci in scan_comps:
            sos += bytes([ci + 1, (table_of[ci] << 4) | table_of[ci]])
        segment(0xDA, sos + b'\x00\x3f\x00')
        writer = BitWriter()

        def emit(kind, *rest):
            if kind == 'restart':
                writer.pad()
                writer.out.extend(bytes([0xFF, 0xD0 + rest[0] % 8]))
                return
            symbol, bits, size = rest
            code, length = codes[kind][symbol]
            writer.write(code, length)
            writer.write(bits, size)
        symbols(mcus, emit)
        writer.pad()
        out.extend(writer.out)
    out.extend(b'\xff\xd9')
    return bytes(out)


# ------------------------------------------------------------------------------ GIF encoder


def lzw(indices, min_size, clear_when_full=True):
    """GIF LZW codes of `indices`, packed least-significant bit first."""
    clear, end = 1 << min_size, (1 << min_size) + 1
    out = bytearray()
    acc = 0
    n = 0
    width = min_size + 1

    def put(code):
        nonlocal acc, n
        acc |= code << n
        n += width
        while n >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            n -= 8

    def reset():
        return {(i,): i for i in range(clear)}, end + 1
    table, nxt = reset()
    put(clear)
    current = ()
    for index in indices:
        candidate = current + (index,)
        if candidate in table:
            current = candidate
            continue
        put(table[current])
        if nxt < 4096:
            table[candidate] = nxt
            nxt += 1
            # The decoder widens after adding the entry that fills the width.
            if nxt == (1 << width) + 1 and width < 12:
                width += 1
        elif clear_when_full:
            put(clear)
            table, nxt = reset()
            width = min_size + 1
        current = (index,)
    if current:
        put(table[current])
    put(end)
    if n:
        out.append(acc & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out.append(len(chunk))
        out.extend(chunk)
    out.append(0)
    return bytes(out)


def table_bytes(colours, bits):
    padded = colours + [(0, 0, 0)] * ((1 << (bits + 1)) - len(colours))
    return b''.join(bytes(c) for c in padded)


def encode_gif(screen, frame, indices, colours, bits, local=False, interlaced=False,
               transparent=None, clear_when_full=True, version=b'GIF89a'):
    """A GIF whose first frame (left, top, width, height) holds `indices` (rows top first)."""
    left, top, width, height = frame
    out = bytearray(version)
    flags = 0 if local else 0x80 | (bits << 4) | bits
    out += struct.pack('<HHBBB', screen[0], screen[1], flags, 0, 0)
    if not local:
        out += table_bytes(colours, bits)
    if transparent is not None:
        out += b'\x21\xf9\x04' + struct.pack('<BHB', 1, 0, transparent) + b'\x00'
    out += b'\x21\xfe' + sub_blocks(b'made by make-decoder-test-images.py')
    flags = (0x80 | bits if local else 0) | (0x40 if interlaced else 0)
    out += b'\x2c' + struct.pack('<HHHHB', left, top, width, height, flags)
    if local:
        out += table_bytes(colours, bits)
    rows = [indices[y * width:(y + 1) * width] for y in range(height)]
    if interlaced:
        order = [y for first, step in ((0, 8), (4, 8), (2, 4), (1, 2))
                 for y in range(first, height, step)]
        rows = [rows[y] for y in order]
    min_size = max(2, bits + 1)
    out += bytes([min_size]) + sub_blocks(lzw([i for r in rows for i in r], min_size,
                                               clear_when_full))
    out += b'\x3b'
    return bytes(out)


def gif_pixels(screen, frame, indices, colours, transparent=None):
    left, top, width, height = frame
    rows = [[(0, 0, 0, 0)] * screen[0] for _ in range(screen[1])]
    for y in range(height):
        for x in range(width):
            i = indices[y * width + x]
            if i != transparent:
                rows[top + y][left + x] = tuple(colours[i]) + (255,)
    return rows


# ------------------------------------------------------------------------------ output


def write(folder, name, extension, data, pixels):
    with open(os.path.join(folder, name + extension), 'wb') as f:
        f.write(data)
    with open(os.path.join(folder, name + '.rgba'), 'wb') as f:
        f.write(struct.pack('>II', len(pixels[0]), len(pixels)))
        f.write(bytes(v for row in pixels for p in row for v in p))


def main(folder):
    os.makedirs(folder, exist_ok=True)
    jpegs = {
        'grey-odd-size': (shapes(37, 23), dict(grey=True)),
        'ycbcr-444': (gradient(40, 24), dict(sampling=(1, 1))),
        'ycbcr-422': (gradient(45, 19), dict(sampling=(2, 1))),
        'ycbcr-420': (gradient(50, 34), dict(sampling=(2, 2))),
        'ycbcr-420-restarts': (gradient(50, 34), dict(sampling=(2, 2), restart=2)),
        'ycbcr-420-separate-scans': (gradient(50, 34), dict(sampling=(2, 2),
                                                            separate_scans=True)),
        'grey-quality-75': (shapes(64, 40), dict(grey=True, quality=75)),
    }
    for name, (pixels, options) in jpegs.items():
        write(folder, name, '.jpg', encode_jpeg(pixels, **options), pixels)

    rng = random.Random(400)
    four = [(255, 255, 255), (0, 0, 0), (200, 30, 30), (30, 30, 200)]
    indices = [(x // 3 + y // 2) % 4 for y in range(13) for x in range(20)]
    write(folder, 'gif-global', '.gif', encode_gif((20, 13), (0, 0, 20, 13), indices, four, 1),
          gif_pixels((20, 13), (0, 0, 20, 13), indices, four))
    eight = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(8)]
    indices = [(x * y + x) % 8 for y in range(17) for x in range(19)]
    frame = (3, 2, 19, 17)
    write(folder, 'gif-local-interlaced-transparent', '.gif',
          encode_gif((24, 21), frame, indices, eight, 2, local=True, interlaced=True,
                     transparent=5),
          gif_pixels((24, 21), frame, indices, eight, transparent=5))
    two = [(0, 0, 0), (255, 255, 255)]
    indices = [1 if (x - 6) ** 2 + (y - 5) ** 2 > 12 else 0 for y in range(11) for x in range(13)]
    write(folder, 'gif-two-colours-87a', '.gif',
          encode_gif((13, 11), (0, 0, 13, 11), indices, two, 0, version=b'GIF87a'),
          gif_pixels((13, 11), (0, 0, 13, 11), indices, two))
    palette = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(256)]
    indices = [rng.randrange(256) for _ in range(120 * 90)]
    for name, clear in (('gif-noise-clears', True), ('gif-noise-full-table', False)):
        write(folder, name, '.gif',
              encode_gif((120, 90), (0, 0, 120, 90), indices, palette, 7, clear_when_full=clear),
              gif_pixels((120, 90), (0, 0, 120, 90), indices, palette))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
