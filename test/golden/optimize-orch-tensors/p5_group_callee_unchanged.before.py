# rule: spec "Pattern 5 runs only on InCore-type functions (InCore, AIC, or AIV) explicitly annotated with windowize=True" and "Scope": "Group | Unchanged" — a Group function carrying windowize=True whose body is a FinalStore (one [16, 32] window at [row, 0] of its Out param, its In param read through the same window), called in an Orchestration For loop with disjoint rows i * 16, gets no __windowed clone and its call stays full-tensor
# expect: unchanged
# expect-remark: out_window_externalizer: 'scale' carries windowize=True but is Group: Pattern 5 runs only on InCore-type functions (InCore, AIC, or AIV)
import ptorw.language as pl


@pl.program
class GroupWindowCallee:
    @pl.function(type=pl.FunctionType.Group, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            nxt = self.scale(a, i * 16, acc)
            res = pl.yield_(nxt)
        return res
