// Tier-2 element types: f16 and bf16 rounding, narrow and unsigned integer
// arithmetic, conversions, bitcast_convert and reduce_precision. Expected
// values worked out by hand from the StableHLO spec.
func.func @main() {
  // f16: 65504 is the largest finite value; 65504 + 16 is the tie with 65536
  // and goes to the even neighbour, infinity; 2^-24 is the least subnormal.
  %h = stablehlo.constant dense<[65504.0, 65504.0, 5.96046448e-08, 1.0]> : tensor<4xf16>
  %hd = stablehlo.constant dense<[16.0, 15.0, 5.96046448e-08, 0.000488281]> : tensor<4xf16>
  %hs = stablehlo.add %h, %hd : tensor<4xf16>
  check.expect_eq_const %hs, dense<[0x7C00, 65504.0, 1.1920929e-07, 1.0]> : tensor<4xf16>
  %e = stablehlo.exponential %h : tensor<4xf16>
  check.expect_eq_const %e, dense<[0x7C00, 0x7C00, 1.0, 2.71875]> : tensor<4xf16>
  // bf16: 8 bits of precision; 1 + 2^-8 and 3 + 2^-7 are ties and stay even.
  %b = stablehlo.constant dense<[1.0, 3.0, 256.0]> : tensor<3xbf16>
  %bd = stablehlo.constant dense<[0.00390625, 0.0078125, 1.0]> : tensor<3xbf16>
  %bs = stablehlo.add %b, %bd : tensor<3xbf16>
  check.expect_eq_const %bs, dense<[1.0, 3.0, 256.0]> : tensor<3xbf16>
  %bm = stablehlo.multiply %b, %b : tensor<3xbf16>
  check.expect_eq_const %bm, dense<[1.0, 9.0, 65536.0]> : tensor<3xbf16>
  // Conversions: float to integer truncates and saturates, NaN gives 0,
  // negative to unsigned gives 0; to f16 overflows to infinity. (NaN
  // never equals NaN: expect_close with 0 ULP matches NaN with NaN.)
  %f = stablehlo.constant dense<[-3.7, 300.5, 0x7FC00000, -0.0, 1.0e6]> : tensor<5xf32>
  %f_i8 = stablehlo.convert %f : (tensor<5xf32>) -> tensor<5xi8>
  check.expect_eq_const %f_i8, dense<[-3, 127, 0, 0, 127]> : tensor<5xi8>
  %f_u8 = stablehlo.convert %f : (tensor<5xf32>) -> tensor<5xui8>
  check.expect_eq_const %f_u8, dense<[0, 255, 0, 0, 255]> : tensor<5xui8>
  %f_h = stablehlo.convert %f : (tensor<5xf32>) -> tensor<5xf16>
  %f_h_want = stablehlo.constant dense<[-3.69921875, 300.5, 0x7E00, -0.0, 0x7C00]> : tensor<5xf16>
  check.expect_close %f_h, %f_h_want, max_ulp_difference = 0 : tensor<5xf16>, tensor<5xf16>
  %f_b = stablehlo.convert %f : (tensor<5xf32>) -> tensor<5xbf16>
  %f_b_want = stablehlo.constant dense<[-3.703125, 300.0, 0x7FC0, -0.0, 999424.0]> : tensor<5xbf16>
  check.expect_close %f_b, %f_b_want, max_ulp_difference = 0 : tensor<5xbf16>, tensor<5xbf16>
  %big = stablehlo.constant dense<[9223372036854775807, -9223372036854775808]> : tensor<2xi64>
  %big_b = stablehlo.convert %big : (tensor<2xi64>) -> tensor<2xbf16>
  check.expect_eq_const %big_b, dense<[9.22337204e18, -9.22337204e18]> : tensor<2xbf16>
  %u = stablehlo.constant dense<[250, 200, 7, 128]> : tensor<4xui8>
  %u_f = stablehlo.convert %u : (tensor<4xui8>) -> tensor<4xf16>
  check.expect_eq_const %u_f, dense<[250.0, 200.0, 7.0, 128.0]> : tensor<4xf16>
  %u_i8 = stablehlo.convert %u : (tensor<4xui8>) -> tensor<4xi8>
  check.expect_eq_const %u_i8, dense<[-6, -56, 7, -128]> : tensor<4xi8>
  // Unsigned and narrow integers wrap; division, comparison and shifts
  // follow the signedness (an arithmetic shift reads the top bit as a sign,
  // unsigned too; by the width or more it fills with that bit).
  %u10 = stablehlo.constant dense<[10, 100, 2, 1]> : tensor<4xui8>
  %us = stablehlo.add %u, %u10 : tensor<4xui8>
  check.expect_eq_const %us, dense<[4, 44, 9, 129]> : tensor<4xui8>
  %uq = stablehlo.divide %u, %u10 : tensor<4xui8>
  check.expect_eq_const %uq, dense<[25, 2, 3, 128]> : tensor<4xui8>
  %ugt = stablehlo.compare GT, %u, %u10 : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  check.expect_eq_const %ugt, dense<[true, true, true, true]> : tensor<4xi1>
  %ushr = stablehlo.shift_right_arithmetic %u, %u10 : tensor<4xui8>
  check.expect_eq_const %ushr, dense<[255, 255, 1, 192]> : tensor<4xui8>
  %s8 = stablehlo.constant dense<[-128, -1, 127, 64]> : tensor<4xi8>
  %one8 = stablehlo.constant dense<1> : tensor<4xi8>
  %s8l = stablehlo.shift_right_logical %s8, %one8 : tensor<4xi8>
  check.expect_eq_const %s8l, dense<[64, 127, 63, 32]> : tensor<4xi8>
  %s8a = stablehlo.shift_right_arithmetic %s8, %one8 : tensor<4xi8>
  check.expect_eq_const %s8a, dense<[-64, -1, 63, 32]> : tensor<4xi8>
  %s8n = stablehlo.negate %s8 : tensor<4xi8>
  check.expect_eq_const %s8n, dense<[-128, 1, -127, -64]> : tensor<4xi8>
  %s8c = stablehlo.count_leading_zeros %s8 : tensor<4xi8>
  check.expect_eq_const %s8c, dense<[0, 0, 1, 1]> : tensor<4xi8>
  %s8p = stablehlo.popcnt %s8 : tensor<4xi8>
  check.expect_eq_const %s8p, dense<[1, 8, 7, 1]> : tensor<4xi8>
  %w = stablehlo.constant dense<[65535, 300]> : tensor<2xui16>
  %ww = stablehlo.multiply %w, %w : tensor<2xui16>
  check.expect_eq_const %ww, dense<[1, 24464]> : tensor<2xui16>
  %m = stablehlo.constant dense<18446744073709551615> : tensor<ui64>
  %m1 = stablehlo.constant dense<1> : tensor<ui64>
  %mz = stablehlo.add %m, %m1 : tensor<ui64>
  check.expect_eq_const %mz, dense<0> : tensor<ui64>
  %mq = stablehlo.divide %m, %m1 : tensor<ui64>
  check.expect_eq_const %mq, dense<18446744073709551615> : tensor<ui64>
  %mf = stablehlo.convert %m : (tensor<ui64>) -> tensor<f32>
  check.expect_eq_const %mf, dense<1.84467441e19> : tensor<f32>
  // Reductions accumulate in the element type: 2048 + 1 + 1 stays 2048 in f16.
  %r = stablehlo.constant dense<[2048.0, 1.0, 1.0, 4.0]> : tensor<4xf16>
  %z = stablehlo.constant dense<0.0> : tensor<f16>
  %rs = stablehlo.reduce(%r init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf16>, tensor<f16>) -> tensor<f16>
  check.expect_eq_const %rs, dense<2052.0> : tensor<f16>
  %umin = stablehlo.constant dense<255> : tensor<ui8>
  %rm = stablehlo.reduce(%u init: %umin) applies stablehlo.minimum across dimensions = [0] : (tensor<4xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %rm, dense<7> : tensor<ui8>
  // bitcast_convert: same width, split and join (low part first).
  %one = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %ob = stablehlo.bitcast_convert %one : (tensor<2xf32>) -> tensor<2xui32>
  check.expect_eq_const %ob, dense<[1065353216, 3221225472]> : tensor<2xui32>
  %q = stablehlo.constant dense<[4294967298, 81985529216486895]> : tensor<2xui64>
  %qs = stablehlo.bitcast_convert %q : (tensor<2xui64>) -> tensor<2x2xui32>
  check.expect_eq_const %qs, dense<[[2, 1], [2309737967, 19088743]]> : tensor<2x2xui32>
  %qh = stablehlo.bitcast_convert %qs : (tensor<2x2xui32>) -> tensor<2x2x2xbf16>
  %qj = stablehlo.bitcast_convert %qh : (tensor<2x2x2xbf16>) -> tensor<2x2xf32>
  %qb = stablehlo.bitcast_convert %qj : (tensor<2x2xf32>) -> tensor<2xui64>
  check.expect_eq_const %qb, dense<[4294967298, 81985529216486895]> : tensor<2xui64>
  // reduce_precision to f16's format, in f32: overflow, rounding, flushing.
  %p = stablehlo.constant dense<[65520.0, 1.00048828, 1.00146484, 1.0e-5]> : tensor<4xf32>
  %pr = stablehlo.reduce_precision %p, format = e5m10 : tensor<4xf32>
  check.expect_eq_const %pr, dense<[0x7F800000, 1.0, 1.00195312, 0.0]> : tensor<4xf32>
  func.return
}
