# Attention-like orchestration whose row blocks share whole tensors: S = Q @ K^T, P = exp(S / 8),
# O = P @ V, computed for four 32-row blocks of Q. Each kernel reads and writes only its row block
# (offset `row`) of 128-row tensors that main passes whole, and is opted in to Pattern 5
# (attrs={"windowize": True}). As written, every task hands the runtime the whole S, P or O, so the
# row blocks serialize (write->write and read->write edges on S, P and O); after `default` the
# call sites pass row windows (`__windowed` callees) and the four blocks run in parallel.
# `ptorw swimlane examples/attention_rows.py --compare default -o out.svg` draws both.
import ptorw.language as pl


@pl.program
class AttentionRows:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def qk_rows(self, q: pl.Tensor[[128, 64], pl.FP32], kt: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                s: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        q_mat = pl.tile.load(q, [row, 0], [32, 64], target_memory=pl.Mem.Mat)
        k_mat = pl.tile.load(kt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        q_left = pl.tile.move(q_mat, target_memory=pl.Mem.Left)
        k_right = pl.tile.move(k_mat, target_memory=pl.Mem.Right)
        scores = pl.tile.matmul(q_left, k_right)
        s_out = pl.store(scores, [row, 0], s)
        return s_out

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def exp_rows(self, s: pl.Tensor[[128, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                 p: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(s, [row, 0], [32, 64])
        scaled = pl.tile.muls(t, 0.125)
        e = pl.tile.exp(scaled)
        p_out = pl.store(e, [row, 0], p)
        return p_out

    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def pv_rows(self, p: pl.Tensor[[128, 64], pl.FP32], v: pl.Tensor[[64, 64], pl.FP32], row: pl.Scalar[pl.INDEX],
                o: pl.Out[pl.Tensor[[128, 64], pl.FP32]]) -> pl.Tensor[[128, 64], pl.FP32]:
        p_mat = pl.tile.load(p, [row, 0], [32, 64], target_memory=pl.Mem.Mat)
        v_mat = pl.tile.load(v, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        p_left = pl.tile.move(p_mat, target_memory=pl.Mem.Left)
        v_right = pl.tile.move(v_mat, target_memory=pl.Mem.Right)
        prod = pl.tile.matmul(p_left, v_right)
        o_out = pl.store(prod, [row, 0], o)
        return o_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[128, 64], pl.FP32], kt: pl.Tensor[[64, 64], pl.FP32],
             v: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        s0 = pl.create_tensor([128, 64], dtype=pl.FP32)
        p0 = pl.create_tensor([128, 64], dtype=pl.FP32)
        o0 = pl.create_tensor([128, 64], dtype=pl.FP32)
        for qb, (s_acc, p_acc, o_acc) in pl.range(4, init_values=(s0, p0, o0)):
            s_next = self.qk_rows(q, kt, qb * 32, s_acc)
            p_next = self.exp_rows(s_next, qb * 32, p_acc)
            o_next = self.pv_rows(p_next, v, qb * 32, o_acc)
            s_out, p_out, o_out = pl.yield_(s_next, p_next, o_next)
        return o_out
