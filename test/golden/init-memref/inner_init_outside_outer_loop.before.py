# rule: Storage legalization: entry — take the init's storage over only when every member of its class is defined in the region that holds the loop (not in an enclosing loop); here the inner loop's init x is defined before the outer loop, which runs the inner loop again each trip, so x is copied into the inner carry right before the inner loop (inside the outer loop) and keeps its value for the next trip
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX],
               out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        y = pl.tile.load(b, (0, 0), (16, 32))
        for i, (s,) in pl.range(n, init_values=(y,)):
            for j, (t,) in pl.range(n, init_values=(x,)):
                t2 = pl.tile.add(t, t)
                tr = pl.yield_(t2)
            s2 = pl.tile.add(s, tr)
            sr = pl.yield_(s2)
        result = pl.tile.store(sr, (0, 0), out)
        return result

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        out = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, 3, out)
        return r
