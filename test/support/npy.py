#!/usr/bin/python3
"""Minimal .npy writer/reader for the CLI tests (no numpy needed), format 1.0, little-endian, C order.

  npy.py save FILE DESCR SHAPE V...   e.g. save x.npy '<f4' 4,2 0 1 2 3 4 5 6 7   ('' shape: 0-d)
  npy.py show FILE                    prints: DESCR SHAPE then the values, space-separated
"""
import struct
import sys

FMT = {'<f2': 'e', '<f4': 'f', '<f8': 'd', '|i1': 'b', '<i2': 'h', '<i4': 'i', '<i8': 'q', '|u1': 'B', '|b1': '?'}


def save(path, descr, shape_text, values):
    shape = tuple(int(s) for s in shape_text.split(',') if s)
    shape_repr = '(' + ''.join(f'{d},' for d in shape) + ')' if len(shape) == 1 else '(' + ', '.join(map(str, shape)) + ')'
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_repr)
    header += ' ' * ((64 - (10 + len(header) + 1) % 64) % 64) + '\n'
    conv = float if FMT[descr] in 'efd' else int
    data = struct.pack('<' + FMT[descr] * len(values), *[conv(v) for v in values])
    with open(path, 'wb') as f:
        f.write(b'\x93NUMPY\x01\x00' + struct.pack('<H', len(header)) + header.encode('latin1') + data)


def show(path):
    raw = open(path, 'rb').read()
    assert raw[:6] == b'\x93NUMPY', 'not a .npy file'
    n = struct.unpack('<H', raw[8:10])[0]
    header = eval(raw[10:10 + n].decode('latin1'))  # a Python dict literal, by the format's definition
    count = 1
    for d in header['shape']:
        count *= d
    vals = struct.unpack('<' + FMT[header['descr']] * count, raw[10 + n:])
    shape = ','.join(map(str, header['shape']))
    print(header['descr'], shape if shape else '()', *[('%g' % v) if isinstance(v, float) else str(int(v)) for v in vals])


if __name__ == '__main__':
    if sys.argv[1] == 'save':
        save(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        show(sys.argv[2])
