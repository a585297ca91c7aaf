;; The vector index's scan: similarities[row] = dot(matrix[row], query) for every row, with
;; 128-bit SIMD (two f32x4 accumulators). Rows are `stride` floats apart, stride a multiple of 8.
;; Compiled into vector-matrix.ts; vector-matrix.test.ts checks that the two agree.
(module
  (memory (export "memory") 1)
  (func (export "scan")
    (param $matrix i32) (param $query i32) (param $out i32) (param $rows i32) (param $stride i32)
    (local $row i32) (local $offset i32) (local $at i32) (local $bytes i32)
    (local $sum0 v128) (local $sum1 v128)
    (local.set $bytes (i32.shl (local.get $stride) (i32.const 2)))
    (local.set $at (local.get $matrix))
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $sum0 (v128.const f32x4 0 0 0 0))
        (local.set $sum1 (v128.const f32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (loop $each_lane
          (local.set $sum0
            (f32x4.add (local.get $sum0)
              (f32x4.mul
                (v128.load (i32.add (local.get $at) (local.get $offset)))
                (v128.load (i32.add (local.get $query) (local.get $offset))))))
          (local.set $sum1
            (f32x4.add (local.get $sum1)
              (f32x4.mul
                (v128.load offset=16 (i32.add (local.get $at) (local.get $offset)))
                (v128.load offset=16 (i32.add (local.get $query) (local.get $offset))))))
          (local.set $offset (i32.add (local.get $offset) (i32.const 32)))
          (br_if $each_lane (i32.lt_u (local.get $offset) (local.get $bytes))))
        (local.set $sum0 (f32x4.add (local.get $sum0) (local.get $sum1)))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2)))
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $sum0)) (f32x4.extract_lane 1 (local.get $sum0)))
            (f32.add (f32x4.extract_lane 2 (local.get $sum0)) (f32x4.extract_lane 3 (local.get $sum0)))))
        (local.set $at (i32.add (local.get $at) (local.get $bytes)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each_row)))))
