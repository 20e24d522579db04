# rule: Loops and Conversion contract — GM values must resolve to existing parameters: a kernel-created tensor (here the initial value of a GM carry) has no Buffer recipe and fails closed at its definition
# passes: lower-tile-to-buffer
# expect: unchanged
# expect-error: 11:9: error: lower-tile-to-buffer: kernel: no Buffer recipe for tensor.create
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        mem0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mem1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        t = pl.create_tensor([16, 32], dtype=pl.FP32)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mem0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i, (o,) in pl.range(2, init_values=(t,)):
            o2: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], o)
            r = pl.yield_(o2)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(x, [0, 0], Out)
        return result
