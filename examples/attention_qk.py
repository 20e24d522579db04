# Attention-like orchestration: O = sum_k exp(Q_blk @ K_blk^T / 8) @ V_blk, computed block by block.
# Shows: nested pl.range loops with loop-carried tensors, tensor.slice of Q / K^T / V blocks passed
# as In arguments (Pattern 4 material), a fresh tensor.create Out buffer per kernel call whose
# result feeds back as an iter-arg (Pattern 1), and tensor.assemble of each row block into the
# output (Pattern 2). Cube kernels load into Mat, move to Left/Right and matmul into Acc.
import ptorw.language as pl


@pl.program
class AttentionQK:
    @pl.function(type=pl.FunctionType.InCore)
    def qk_matmul(self, q: pl.Tensor[[32, 64], pl.FP32], kt: pl.Tensor[[64, 64], pl.FP32],
                  s: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        q_mat = pl.tile.load(q, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        k_mat = pl.tile.load(kt, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        q_left = pl.tile.move(q_mat, target_memory=pl.Mem.Left)
        k_right = pl.tile.move(k_mat, target_memory=pl.Mem.Right)
        scores = pl.tile.matmul(q_left, k_right)
        s_out = pl.store(scores, [0, 0], s)
        return s_out

    @pl.function(type=pl.FunctionType.InCore)
    def scaled_exp(self, s: pl.Tensor[[32, 64], pl.FP32],
                   p: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        t: pl.Tile[[32, 64], pl.FP32] = pl.load(s, [0, 0], [32, 64])
        scaled = pl.tile.muls(t, 0.125)
        e = pl.tile.exp(scaled)
        p_out = pl.store(e, [0, 0], p)
        return p_out

    @pl.function(type=pl.FunctionType.InCore)
    def pv_matmul(self, p: pl.Tensor[[32, 64], pl.FP32], v: pl.Tensor[[64, 64], pl.FP32],
                  pv: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        p_mat = pl.tile.load(p, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
        v_mat = pl.tile.load(v, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
        p_left = pl.tile.move(p_mat, target_memory=pl.Mem.Left)
        v_right = pl.tile.move(v_mat, target_memory=pl.Mem.Right)
        prod = pl.tile.matmul(p_left, v_right)
        pv_out = pl.store(prod, [0, 0], pv)
        return pv_out

    @pl.function(type=pl.FunctionType.InCore)
    def accumulate(self, acc: pl.Tensor[[32, 64], pl.FP32], part: pl.Tensor[[32, 64], pl.FP32],
                   dst: pl.Out[pl.Tensor[[32, 64], pl.FP32]]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.load(acc, [0, 0], [32, 64])
        b = pl.load(part, [0, 0], [32, 64])
        total = pl.tile.add(a, b)
        dst_out = pl.store(total, [0, 0], dst)
        return dst_out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, q: pl.Tensor[[128, 64], pl.FP32], kt: pl.Tensor[[64, 256], pl.FP32],
             v: pl.Tensor[[256, 64], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        out = pl.create_tensor([128, 64], dtype=pl.FP32)
        for qb, (o_acc,) in pl.range(4, init_values=(out,)):
            q_blk = pl.tensor.slice(q, [32, 64], [qb * 32, 0])
            zero = pl.full([32, 64], 0.0, dtype=pl.FP32)
            for kb, (row_acc,) in pl.range(4, init_values=(zero,)):
                k_blk = pl.tensor.slice(kt, [64, 64], [0, kb * 64])
                v_blk = pl.tensor.slice(v, [64, 64], [kb * 64, 0])
                s_buf = pl.create_tensor([32, 64], dtype=pl.FP32)
                s = self.qk_matmul(q_blk, k_blk, s_buf)
                p_buf = pl.create_tensor([32, 64], dtype=pl.FP32)
                p = self.scaled_exp(s, p_buf)
                pv_buf = pl.create_tensor([32, 64], dtype=pl.FP32)
                pv = self.pv_matmul(p, v_blk, pv_buf)
                acc_buf = pl.create_tensor([32, 64], dtype=pl.FP32)
                row_next = self.accumulate(row_acc, pv, acc_buf)
                row_out = pl.yield_(row_next)
            o_next = pl.tensor.assemble(o_acc, row_out, [qb * 32, 0])
            o_out = pl.yield_(o_next)
        return o_out
