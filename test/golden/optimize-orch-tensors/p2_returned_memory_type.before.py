# rule: Pattern 2 (Assemble Parent Strides), Solution — "Attach the parent tensor's shape as TensorView strides on the InCore function's Out param type": a `return` of that Out param's memory (a loop result carrying it, a tile.store result into it) gives back the param, so its declared result type is that type too, and the call's result in the orchestration is typed by it; a result not assembled keeps its packed type
import ptorw.language as pl


@pl.program
class ReturnedMemory:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[16, 32], pl.FP32],
             dst: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        for i, (acc,) in pl.range(2, init_values=(dst,)):
            t = pl.load(x, [i * 8, 0], [8, 32])
            u = pl.tile.muls(t, 2.0)
            nxt = pl.store(u, [i * 8, 0], acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.AIV)
    def pair(self, x: pl.Tensor[[16, 32], pl.FP32],
             lo: pl.Out[pl.Tensor[[16, 32], pl.FP32]],
             hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        lo_out = pl.store(a, [0, 0], lo)
        hi_out = pl.store(a, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        big = pl.create_tensor([64, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.rows(x, tmp)
        placed = pl.tensor.assemble(big, r, [16, 32])
        lo_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        hi_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        lo_blk, hi_blk = self.pair(x, lo_buf, hi_buf)
        both = pl.tensor.assemble(placed, lo_blk, [32, 0])
        return both, hi_blk
