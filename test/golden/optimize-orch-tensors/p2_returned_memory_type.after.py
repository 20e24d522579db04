# Expected: `dst` and `lo` carry the [64, 64] parent's strides [64, 1], and so does every variable
# that is their memory (iter arg, store results, loop result). `rows` returns dst's memory and `pair`
# returns lo's as result 1, so those declared result types carry the same view (a returned GM value
# is its parameter: lower_tile_to_buffer.md, "GM return aliases must resolve to parameters whose types
# match the declared results, including TensorView metadata"). `hi` is not assembled: it and result 2
# stay packed. In the orchestration the call results are typed by the new result types (written out
# here; the parser would infer the same); the assembles' results keep their parents' types.
import ptorw.language as pl


@pl.program
class ReturnedMemory:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[16, 32], pl.FP32],
             dst: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]]
             ) -> pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]:
        for i, (acc,) in pl.range(2, init_values=(dst,)):
            t = pl.load(x, [i * 8, 0], [8, 32])
            u = pl.tile.muls(t, 2.0)
            nxt: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(u, [i * 8, 0], acc)
            res: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.AIV)
    def pair(self, x: pl.Tensor[[16, 32], pl.FP32],
             lo: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)]],
             hi: pl.Out[pl.Tensor[[16, 32], pl.FP32]]
             ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)],
                        pl.Tensor[[16, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        lo_out: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], lo)
        hi_out: pl.Tensor[[16, 32], pl.FP32] = pl.store(a, [0, 0], hi)
        return lo_out, hi_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]:
        big = pl.create_tensor([64, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.ND)] = self.rows(x, tmp)
        placed: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(big, r, [16, 32])
        lo_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        hi_buf = pl.create_tensor([16, 32], dtype=pl.FP32)
        lo_blk, hi_blk = self.pair(x, lo_buf, hi_buf)
        both: pl.Tensor[[64, 64], pl.FP32] = pl.tensor.assemble(placed, lo_blk, [32, 0])
        return both, hi_blk
