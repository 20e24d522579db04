# --scalar mode=VALUE must fit INT8 (cli_tasks_test.sh: 200 is refused, as the C++ would read it as -56; review rev43c 7)
import ptorw.language as pl

@pl.program
class T29:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], mode: pl.Scalar[pl.INT8]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.create_tensor([64, 64], dtype=pl.FP32)
        b = pl.create_tensor([64, 64], dtype=pl.FP32)
        c = pl.create_tensor([64, 64], dtype=pl.FP32)
        with pl.manual_scope():
            a1, t0 = pl.submit(self.k, x, a)
            if mode > 0:
                b1, t1 = pl.submit(self.k, a1, b, deps=[t0])
                bb, tt = pl.yield_(b1, t1)
            else:
                b2, t2 = pl.submit(self.k, x, b)
                bb, tt = pl.yield_(b2, t2)
            c1, t3 = pl.submit(self.k, bb, c, deps=[tt])
        return c1
