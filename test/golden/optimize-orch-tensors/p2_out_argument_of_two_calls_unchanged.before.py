# rule: Pattern 2 (Assemble Parent Strides) — the part tmp of the assemble is the Out argument of two calls (scale writes it twice), so it is no one call's result: neither call's result is assembled, and nothing changes (the form the rule accepts is p2_out_argument_assembled)
# expect: unchanged
import ptorw.language as pl


@pl.program
class AssembleRowBlock:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        buf = pl.create_tensor([128, 64], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            r2 = self.scale(r, tmp)
            nxt = pl.tensor.assemble(acc, tmp, [i * 16, 32])
            res = pl.yield_(nxt)
        return res
