"""Writes deterministic .npy inputs for an exported function, read off its
header (NAME.h: NAME_INPUTi_DTYPE and NAME_INPUTi_SHAPE): small values of
a fixed pseudo-random sequence, so every run of the test sees the same.
No numpy needed.

    python3 inputs.py DIR/NAME.h OUTDIR      writes OUTDIR/in<i>.npy
"""
import re
import struct
import sys

FORMATS = {"f32": ("<f4", "f"), "f64": ("<f8", "d"), "i32": ("<i4", "i"), "i64": ("<i8", "q")}


def npy(path, descr, shape, data):
    dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (descr, dims)
    total = (10 + len(header) + 1 + 63) // 64 * 64
    header = header + " " * (total - 10 - len(header) - 1) + "\n"
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data)


def main(header_path, out):
    text = open(header_path).read()
    dtypes = dict(re.findall(r"#define \w+_INPUT(\d+)_DTYPE \"(\w+)\"", text))
    shapes = dict(re.findall(r"#define \w+_INPUT(\d+)_SHAPE \{([^}]*)\}", text))
    seed = 12345
    for i in sorted(dtypes, key=int):
        dims = [int(d) for d in shapes[i].split("/*")[0].split(",") if d.strip()] if "rank 0" not in shapes[i] else []
        n = 1
        for d in dims:
            n *= d
        descr, code = FORMATS[dtypes[i]]
        values = []
        for _ in range(n):
            seed = (seed * 1103515245 + 12345) % 2**31
            values.append((seed % 2001 - 1000) / 4000.0 if code in "fd" else seed % 7)
        npy("%s/in%s.npy" % (out, i), descr, dims, struct.pack("<%d%s" % (n, code), *values))


main(sys.argv[1], sys.argv[2])
