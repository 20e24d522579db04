# Expected (hand-written): as optimize-orch-tensors/p5_tuple_variable_projections, but the else arm
# yields v_a itself: the copy v_b = v_a is propagated and removed.
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
           k_out: pl.Out[pl.Tensor[[64, 32], pl.FP32]],
           v_out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]
           ) -> tuple[pl.Tensor[[64, 32], pl.FP32], pl.Tensor[[64, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        k_r = pl.store(a, [row, 0], k_out)
        v_r = pl.store(b, [row, 0], v_out)
        return k_r, v_r

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def kv__windowed(self, x: pl.Tensor[[16, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
                     k_out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]],
                     v_out: pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]
                     ) -> tuple[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)], pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)]]:
        t = pl.load(x, [0, 0], [16, 32])
        a = pl.tile.exp(t)
        b = pl.tile.neg(t)
        k_r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(a, [0, 0], k_out)
        v_r: pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[32, 1], layout=pl.TensorLayout.ND)] = pl.store(b, [0, 0], v_out)
        return k_r, v_r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], k_cache: pl.Tensor[[64, 32], pl.FP32],
             v_cache: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64, 32], pl.FP32]:
        k_cache_window = pl.tensor.slice(k_cache, [16, 32], [32, 0])
        v_cache_window = pl.tensor.slice(v_cache, [16, 32], [32, 0])
        result_window = self.kv__windowed(x, 32, k_cache_window, v_cache_window)
        result_0_window = result_window[0]
        result_0 = pl.tensor.assemble(k_cache, result_0_window, [32, 0])
        v_a_window = result_window[1]
        v_a = pl.tensor.assemble(v_cache, v_a_window, [32, 0])
        if flag:
            out = pl.yield_(v_a)
        else:
            out = pl.yield_(v_a)
        return out
