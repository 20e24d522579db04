# rule: Pattern 2 (Assemble Parent Strides), Solution "attach the parent tensor's strides" — the assemble's parent 'band' is an If result; both arms yield a [32, 64] slice of the [64, 128] param big, so the parent's memory has strides [128, 1], which go on the Out param and the store result (38th session: the declared [64, 1] of band's type was attached)
import ptorw.language as pl


@pl.program
class AssembleIntoIfResult:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], big: pl.Tensor[[64, 128], pl.FP32],
             c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 128], pl.FP32]:
        if c > 0:
            lo = pl.tensor.slice(big, [32, 64], [32, 64])
            band = pl.yield_(lo)
        else:
            hi = pl.tensor.slice(big, [32, 64], [0, 0])
            band = pl.yield_(hi)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.scale(x, tmp)
        nxt = pl.tensor.assemble(band, r, [16, 32])
        return big
