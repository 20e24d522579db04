#!/usr/bin/env python3
"""An orchestration program of N kernel calls for tasks_bench (issue 21): attention-like row
blocks, already windowed (tensor.slice at the call sites, as Pattern 5 leaves them): per trip of a
loop, qk (cube) -> exp (vector) -> pv (cube) -> acc (vector, InOut) on the 32-row window
(i % 128) * 32 of 4096-row tensors, so a task waits for its producer in the trip (write->read) and
for the trip 128 earlier on the same rows (write->write, read->write).
usage: gen_tasks_program.py CALLS > FILE.py  (CALLS a multiple of 4)"""
import sys

calls = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
trips = calls // 4
T = "pl.Tensor[[32, 64], pl.FP32]"
print(f'''import ptorw.language as pl


@pl.program
class TasksBench:
    @pl.function(type=pl.FunctionType.InCore)
    def qk(self, q: {T}, k: pl.Tensor[[64, 64], pl.FP32], s: pl.Out[{T}]) -> {T}:
        a = pl.tile.load(q, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b = pl.tile.load(k, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        m = pl.tile.matmul(l, r)
        o = pl.store(m, [0, 0], s)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def ex(self, s: {T}, p: pl.Out[{T}]) -> {T}:
        t = pl.load(s, [0, 0], [32, 64])
        e = pl.tile.exp(t)
        o = pl.store(e, [0, 0], p)
        return o

    @pl.function(type=pl.FunctionType.InCore)
    def pv(self, p: {T}, v: pl.Tensor[[64, 64], pl.FP32], o: pl.Out[{T}]) -> {T}:
        a = pl.tile.load(p, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        b = pl.tile.load(v, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        l = pl.tile.move(a, target_memory=pl.Mem.Left)
        r = pl.tile.move(b, target_memory=pl.Mem.Right)
        m = pl.tile.matmul(l, r)
        w = pl.store(m, [0, 0], o)
        return w

    @pl.function(type=pl.FunctionType.InCore)
    def acc(self, part: {T}, total: pl.InOut[{T}]) -> {T}:
        a = pl.load(part, [0, 0], [32, 64])
        b = pl.load(total, [0, 0], [32, 64])
        c = pl.tile.add(a, b)
        o = pl.store(c, [0, 0], total)
        return o

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[4096, 64], pl.FP32], k: pl.Tensor[[64, 64], pl.FP32],
             v: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[4096, 64], pl.FP32]:
        s = pl.create_tensor([4096, 64], dtype=pl.FP32)
        p = pl.create_tensor([4096, 64], dtype=pl.FP32)
        o = pl.create_tensor([4096, 64], dtype=pl.FP32)
        total = pl.create_tensor([4096, 64], dtype=pl.FP32)
        for i in pl.range({trips}):
            row = (i % 128) * 32
            qw = pl.tensor.slice(q, [32, 64], [row, 0])
            sw = pl.tensor.slice(s, [32, 64], [row, 0])
            s1 = self.qk(qw, k, sw)
            pw = pl.tensor.slice(p, [32, 64], [row, 0])
            p1 = self.ex(s1, pw)
            ow = pl.tensor.slice(o, [32, 64], [row, 0])
            o1 = self.pv(p1, v, ow)
            tw = pl.tensor.slice(total, [32, 64], [row, 0])
            t1 = self.acc(o1, tw)
        return total''')
