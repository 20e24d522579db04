# rule: lower_tile_to_buffer.md "Loops": swap of two tile carries, yield (r, l); the inits are the carry storages; snapshot copies for the overlapping parallel move, then copies into the carries (the spec's scratch_right / scratch_left listing)
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        y = pl.tile.load(b, (0, 0), (16, 32))
        for i, (l, r) in pl.range(n, init_values=(x, y)):
            l_out, r_out = pl.yield_(r, l)
        d = pl.tile.sub(l_out, r_out)
        result = pl.tile.store(d, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, 3, out)
        return r
