# rule: Pattern 5 Input-window eligibility — the parameter must be an In tensor (and output windows are Out params): an InOut param written through one window stays full
# expect: unchanged
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def bump(self, io: pl.InOut[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        t = pl.load(io, [16, 0], [16, 32])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [16, 0], io)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        r = self.bump(o)
        return r
