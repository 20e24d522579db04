# rule: Loops — nested loops use distinct yield contexts: the outer and inner Tile carries of one storage are removed, the inner scalar carry stays (PTOAS: addressless)
# passes: select-buffer-ir,lower-tile-to-buffer
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, A: pl.Tensor[[64, 32], pl.FP32],
               Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        macc = pl.tile.alloc(pl.Mem.Vec, 2048)
        mx = pl.tile.alloc(pl.Mem.Vec, 2048)
        acc0: pl.Tile[[16, 32], pl.FP32, pl.MemRef(macc, 0, 2048), pl.Mem.Vec] = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)
        for i, (acc,) in pl.range(2, init_values=(acc0,)):
            for j, (acc_in, r) in pl.range(3, init_values=(acc, 0)):
                x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mx, 0, 2048), pl.Mem.Vec] = pl.load(A, [r, 0], [16, 32])
                s: pl.Tile[[16, 32], pl.FP32, pl.MemRef(macc, 0, 2048), pl.Mem.Vec] = pl.tile.add(acc_in, x)
                acc_j, r_j = pl.yield_(s, r + 16)
            acc_i = pl.yield_(acc_j)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(acc_i, [0, 0], Out)
        return result
