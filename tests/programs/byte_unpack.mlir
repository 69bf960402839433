// Bytes unpacked from two concatenated ui32 vectors, as jax.random.randint
// does with threefry's output (the conformance file random_randint_.mlir):
// shift each word right by 0, 8, 16, 24, transpose, narrow to ui8, add the
// remainders. Fused into one 32-element kernel that reads both
// concatenates at a transposed index: gcc 12.2 with -march=native on a
// Zen 3 vectorised it with masked AVX2 gathers and its register allocator
// loaded one gather's constant index through the register that held the
// gather's mask, so that gather read no lane and elements 16..19 came out
// 0, 1, 1, 6. Generated code is built without gathers now (backend_c.c).
// The while loop only hands the words over in buffers, as the threefry
// rounds do. Expected values: Python integers on the words.
func.func @main() {
  %a0 = stablehlo.constant dense<[63620240, 2633018409, 509599696, 3973372004]> : tensor<4xui32>
  %a1 = stablehlo.constant dense<[452711288, 3058913424, 3252294902, 1725390681]> : tensor<4xui32>
  %a2 = stablehlo.constant dense<[956272045, 3465119146, 1903583750, 988321301]> : tensor<4xui32>
  %a3 = stablehlo.constant dense<[3226638877, 2833683589, 49898391, 1529427491]> : tensor<4xui32>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %w:5 = stablehlo.while(%i = %z, %x0 = %a0, %x1 = %a1, %x2 = %a2, %x3 = %a3) : tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
   cond {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %p = stablehlo.compare LT, %i, %one, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %n, %x0, %x1, %x2, %x3 : tensor<i64>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
  }
  %c0 = stablehlo.concatenate %w#1, %w#2, dim = 0 : (tensor<4xui32>, tensor<4xui32>) -> tensor<8xui32>
  %c1 = stablehlo.concatenate %w#3, %w#4, dim = 0 : (tensor<4xui32>, tensor<4xui32>) -> tensor<8xui32>
  %b0 = stablehlo.broadcast_in_dim %c0, dims = [1] : (tensor<8xui32>) -> tensor<4x8xui32>
  %b1 = stablehlo.broadcast_in_dim %c1, dims = [1] : (tensor<8xui32>) -> tensor<4x8xui32>
  %io = stablehlo.iota dim = 0 : tensor<4x8xui32>
  %eight = stablehlo.constant dense<8> : tensor<4x8xui32>
  %sh = stablehlo.multiply %eight, %io : tensor<4x8xui32>
  %s0 = stablehlo.shift_right_logical %b0, %sh : tensor<4x8xui32>
  %s1 = stablehlo.shift_right_logical %b1, %sh : tensor<4x8xui32>
  %t0 = stablehlo.transpose %s0, dims = [1, 0] : (tensor<4x8xui32>) -> tensor<8x4xui32>
  %t1 = stablehlo.transpose %s1, dims = [1, 0] : (tensor<4x8xui32>) -> tensor<8x4xui32>
  %r0 = stablehlo.reshape %t0 : (tensor<8x4xui32>) -> tensor<32xui32>
  %r1 = stablehlo.reshape %t1 : (tensor<8x4xui32>) -> tensor<32xui32>
  %u0 = stablehlo.convert %r0 : (tensor<32xui32>) -> tensor<32xui8>
  %u1 = stablehlo.convert %r1 : (tensor<32xui32>) -> tensor<32xui8>
  %ten = stablehlo.constant dense<10> : tensor<32xui8>
  %m0 = stablehlo.remainder %u0, %ten : tensor<32xui8>
  %m1 = stablehlo.remainder %u1, %ten : tensor<32xui8>
  %sum = stablehlo.add %m0, %m1 : tensor<32xui8>
  %res = stablehlo.convert %sum : (tensor<32xui8>) -> tensor<32xi8>
  check.expect_eq_const %res, dense<[7, 7, 7, 9, 1, 5, 7, 12, 14, 11, 13, 3, 1, 6, 4, 14, 9, 5, 3, 8, 7, 8, 3, 10, 7, 9, 17, 5, 14, 9, 6, 3]> : tensor<32xi8>
  func.return
}
