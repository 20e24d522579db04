# rule: Pattern 4 (Slice Input Strides), Solution "attach the parent tensor's shape-derived strides" — the sliced parent 'band' is the result of the InCore call fill, which returns its Out param (BuildOutParamReturnMappings); the call's argument there is a [32, 64] slice of the [64, 128] param x, so band's memory has strides [128, 1] (38th session: the declared [64, 1] was attached and diffcheck failed). fill's own Out slice gets no strides (In params only)
import ptorw.language as pl


@pl.program
class SliceOfCarriedOut:
    @pl.function(type=pl.FunctionType.InCore)
    def fill(self, a: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [32, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, a: pl.Tensor[[8, 16], pl.FP32],
              out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) -> pl.Tensor[[8, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [8, 16])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 128], pl.FP32], y: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        win = pl.tensor.slice(x, [32, 64], [32, 64])
        band = self.fill(y, win)
        blk = pl.tensor.slice(band, [8, 16], [8, 16])
        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)
        r = self.scale(blk, tmp)
        return r
