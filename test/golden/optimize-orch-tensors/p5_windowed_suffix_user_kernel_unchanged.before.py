# rule: Windowize Opt-in — names ending in __windowed are Pattern 5's clones (a second run leaves them alone), so a user's windowize=True kernel named col__windowed is not windowed although a FinalStore window is proven; with no col for it to be a clone of, Pattern 5 says so instead of skipping it silently
# expect: unchanged
# expect-remark: 'col__windowed' carries windowize=True but is not windowed: names ending in '__windowed' are reserved for Pattern 5's clones (rename the kernel to window it)
import ptorw.language as pl


@pl.program
class Columns:
    @pl.function(type=pl.FunctionType.AIV, attrs={"windowize": True})
    def col__windowed(self, x: pl.Tensor[[32, 16], pl.FP32], c: pl.Scalar[pl.INDEX],
                      out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [32, 16])
        u = pl.tile.exp(t)
        r = pl.store(u, [0, c], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 16], pl.FP32], o: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.col__windowed(x, 16, o)
        return r
