# rule: Pattern 4 (Slice Input Strides), Solution — the parent's strides go on the In param's type "so tile.load uses the correct memory layout", which covers only uses the pass understands; here In param a is also packed into the tuple pair as a plain value, so no strides are attached (remark: "'a' is used at …; only tile.load, tile.store, pl.yield_ and return are understood")
# expect: unchanged
import ptorw.language as pl


@pl.program
class ParamInTuple:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 32])
        pair = (a, t)
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        blk = pl.tensor.slice(x, [16, 32], [0, 32])
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
