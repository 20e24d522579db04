# rule: Pattern 5 Supported rewrite shapes — AggregateWindowLoop: the callee carries its Out through a static loop (4 trips of step 1) and stores [16, 64] tiles at [row, j * 64], which tile one [16, 256] aggregate window at [row, 0] (the kv_proj group shape); the clone's loop stores at [0, j * 64] into the narrowed Out, and each caller-loop iteration slices, calls and assembles its row block
import ptorw.language as pl


@pl.program
class KvProj:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv_proj(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                out: pl.Out[pl.Tensor[[64, 256], pl.FP32]]) -> pl.Tensor[[64, 256], pl.FP32]:
        for j, (acc,) in pl.range(4, init_values=(out,)):
            t = pl.load(x, [0, 0], [16, 64])
            u = pl.tile.muls(t, 2.0)
            s = pl.store(u, [row, j * 64], acc)
            r = pl.yield_(s)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        for i, (o,) in pl.range(4, init_values=(buf,)):
            y = self.kv_proj(x, i * 16, o)
            res = pl.yield_(y)
        return res
