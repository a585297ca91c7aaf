;; The vector index's scan over rows quantised to 8 bits and a query quantised to 15 bits:
;;   similarities[row] = dot(matrix[row], query) * scales[row] * queryScale
;; for every row, with 128-bit SIMD (16 signed bytes of a row widened to 16 bits, multiplied by
;; the query's 16-bit levels and summed in pairs into four 32-bit lanes: i32x4.dot_i16x8_s). Rows
;; are `stride` bytes apart (the query 2 * stride), stride a multiple of 16. Each lane sums
;; dimension / 4 products of at most 127 * 16383: no 32-bit overflow up to 4,096 dimensions.
;; Compiled into vector-matrix.ts; vector-matrix.test.ts checks that the two agree.
(module
  (memory (export "memory") 1)
  (func (export "scan")
    (param $matrix i32) (param $scales i32) (param $query i32) (param $queryScale f32)
    (param $out i32) (param $rows i32) (param $stride i32)
    (local $row i32) (local $offset i32) (local $at i32) (local $q i32)
    (local $sum v128) (local $a v128)
    (local.set $at (local.get $matrix))
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $row) (local.get $rows)))
        (local.set $sum (v128.const i32x4 0 0 0 0))
        (local.set $offset (i32.const 0))
        (loop $each_block
          (local.set $a (v128.load (i32.add (local.get $at) (local.get $offset))))
          (local.set $q (i32.add (local.get $query) (i32.shl (local.get $offset) (i32.const 1))))
          (local.set $sum
            (i32x4.add (local.get $sum)
              (i32x4.dot_i16x8_s
                (i16x8.extend_low_i8x16_s (local.get $a))
                (v128.load (local.get $q)))))
          (local.set $sum
            (i32x4.add (local.get $sum)
              (i32x4.dot_i16x8_s
                (i16x8.extend_high_i8x16_s (local.get $a))
                (v128.load offset=16 (local.get $q)))))
          (local.set $offset (i32.add (local.get $offset) (i32.const 16)))
          (br_if $each_block (i32.lt_u (local.get $offset) (local.get $stride))))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $row) (i32.const 2)))
          (f32.mul
            (f32.mul
              (f32.convert_i32_s
                (i32.add
                  (i32.add (i32x4.extract_lane 0 (local.get $sum)) (i32x4.extract_lane 1 (local.get $sum)))
                  (i32.add (i32x4.extract_lane 2 (local.get $sum)) (i32x4.extract_lane 3 (local.get $sum)))))
              (f32.load (i32.add (local.get $scales) (i32.shl (local.get $row) (i32.const 2)))))
            (local.get $queryScale)))
        (local.set $at (i32.add (local.get $at) (local.get $stride)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each_row)))))
