"""Checks that a PNG screenshot shows enough pixels of given colours.

    png_colours.py FILE RRGGBB:MIN_PIXELS...

Decodes 8-bit RGB/RGBA non-interlaced PNGs (what Chromium writes) with the
standard library only; a colour matches within 40 per channel (antialiasing).
Exits 1 naming each colour with too few pixels."""
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("%s: not a PNG" % path)
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = {2: 3, 6: 4}.get(colour)
    if depth != 8 or not channels or interlace:
        sys.exit("%s: unsupported PNG (depth %d, colour type %d)" % (path, depth, colour))
    raw, stride = zlib.decompress(idat), width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prev[i], prev[i - channels] if i >= channels else 0
            if kind == 1: line[i] = (line[i] + a) & 255
            elif kind == 2: line[i] = (line[i] + b) & 255
            elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return [(row[i], row[i + 1], row[i + 2]) for row in rows for i in range(0, stride, channels)]


def main():
    pixels = decode(sys.argv[1])
    ok = True
    for arg in sys.argv[2:]:
        hexcode, minimum = arg.split(":")
        want = tuple(int(hexcode[i:i + 2], 16) for i in (0, 2, 4))
        n = sum(1 for p in pixels if all(abs(p[k] - want[k]) <= 40 for k in range(3)))
        if n < int(minimum):
            print("colour #%s: %d pixels, want at least %s" % (hexcode, n, minimum))
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
