# Expected (hand-written from the spec): kv__windowed narrows both Outs (and the iter-args and
# loop results carrying them) to [16, 128] windows with strides [128, 1]; stores at [0, j * 64].
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
           k: pl.Out[pl.Tensor[[64, 128], pl.FP32]], v: pl.Out[pl.Tensor[[64, 128], pl.FP32]]
           ) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        for j, (ka, va) in pl.range(2, init_values=(k, v)):
            t = pl.load(x, [0, 0], [16, 64])
            a = pl.tile.exp(t)
            b = pl.tile.neg(t)
            ks = pl.store(a, [row, j * 64], ka)
            vs = pl.store(b, [row, j * 64], va)
            kr, vr = pl.yield_(ks, vs)
        return kr, vr

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv__windowed(self, x: pl.Tensor[[16, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                     k: pl.Out[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]], v: pl.Out[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]
                     ) -> tuple[pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)]]:
        for j, (ka, va) in pl.range(2, init_values=(k, v)):
            t = pl.load(x, [0, 0], [16, 64])
            a = pl.tile.exp(t)
            b = pl.tile.neg(t)
            ks: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, j * 64], ka)
            vs: pl.Tensor[[16, 128], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)] = pl.store(b, [0, j * 64], va)
            kr, vr = pl.yield_(ks, vs)
        return kr, vr

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], kc: pl.Tensor[[64, 128], pl.FP32],
             vc: pl.Tensor[[64, 128], pl.FP32]) -> tuple[pl.Tensor[[64, 128], pl.FP32], pl.Tensor[[64, 128], pl.FP32]]:
        kc_window = pl.tensor.slice(kc, [16, 128], [32, 0])
        vc_window = pl.tensor.slice(vc, [16, 128], [32, 0])
        k2_window, v2_window = self.kv__windowed(x, 32, kc_window, vc_window)
        k2 = pl.tensor.assemble(kc, k2_window, [32, 0])
        v2 = pl.tensor.assemble(vc, v2_window, [32, 0])
        return k2, v2
