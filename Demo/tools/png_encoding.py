"""The parts of PNG encoding both generator scripts need: chunks, the five row filters and
the file around the filtered image data. Standard library only (zlib, struct)."""
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunk(kind, data):
    """One chunk: length, type, data and the CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def filtered_row(row, previous, bpp, kind):
    """`row` filtered with filter type `kind` (0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth) against
    the row above, `previous`, for `bpp` bytes per complete pixel; without the filter-type byte."""
    out = bytearray(len(row))
    for i, value in enumerate(row):
        a = row[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        if kind == 0:
            predicted = 0
        elif kind == 1:
            predicted = a
        elif kind == 2:
            predicted = b
        elif kind == 3:
            predicted = (a + b) // 2
        else:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            predicted = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
        out[i] = (value - predicted) & 0xFF
    return bytes(out)


def png_file(width, height, depth, colour_type, filtered, extra_chunks=b"", interlace=0):
    """A whole PNG file around already filtered image data, compressed at level 9."""
    header = struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, interlace)
    return (SIGNATURE + chunk(b"IHDR", header) + extra_chunks
            + chunk(b"IDAT", zlib.compress(filtered, 9)) + chunk(b"IEND", b""))
