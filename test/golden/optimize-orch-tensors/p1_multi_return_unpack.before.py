# rule: Pattern 1 (Iter-Arg Reuse) — multi-return callee (`m_n, v_n = self.update(...)`): each Out param whose result is yielded back to the iter-arg passed to an In param of identical type merges independently; both do here
import ptorw.language as pl


@pl.program
class MultiReturnUnpack:
    @pl.function(type=pl.FunctionType.AIV)
    def update(self, m: pl.Tensor[[32, 32], pl.FP32], v: pl.Tensor[[32, 32], pl.FP32],
               g: pl.Tensor[[32, 32], pl.FP32],
               m_out: pl.Out[pl.Tensor[[32, 32], pl.FP32]],
               v_out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]
               ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        mt = pl.load(m, [0, 0], [32, 32])
        vt = pl.load(v, [0, 0], [32, 32])
        gt = pl.load(g, [0, 0], [32, 32])
        m_decay = pl.tile.muls(mt, 0.9)
        g_part = pl.tile.muls(gt, 0.1)
        m2 = pl.tile.add(m_decay, g_part)
        g_sq = pl.tile.mul(gt, gt)
        v2 = pl.tile.maximum(vt, g_sq)
        m_r = pl.store(m2, [0, 0], m_out)
        v_r = pl.store(v2, [0, 0], v_out)
        return m_r, v_r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, g: pl.Tensor[[32, 32], pl.FP32], m0: pl.Tensor[[32, 32], pl.FP32],
             v0: pl.Tensor[[32, 32], pl.FP32]
             ) -> tuple[pl.Tensor[[32, 32], pl.FP32], pl.Tensor[[32, 32], pl.FP32]]:
        for i, (m, v) in pl.range(4, init_values=(m0, v0)):
            mb = pl.tensor.create([32, 32], dtype=pl.FP32)
            vb = pl.tensor.create([32, 32], dtype=pl.FP32)
            m_n, v_n = self.update(m, v, g, mb, vb)
            m_res, v_res = pl.yield_(m_n, v_n)
        return m_res, v_res
