// Sub-byte integers (i2, i4, ui2, ui4): arithmetic wraps in the width,
// division and shifts follow the other integers' rules in it, conversions
// wrap (from integers) or saturate (from floats), reductions start from the
// width's identities. Expected values worked out by hand from the spec.
func.func @main() {
  %a = stablehlo.constant dense<[7, -8, 5]> : tensor<3xi4>
  %b = stablehlo.constant dense<[1, -1, 5]> : tensor<3xi4>
  %sum = stablehlo.add %a, %b : tensor<3xi4>
  check.expect_eq_const %sum, dense<[-8, 7, -6]> : tensor<3xi4>
  %m1 = stablehlo.constant dense<[3, -4, 7]> : tensor<3xi4>
  %m2 = stablehlo.constant dense<[3, 2, 7]> : tensor<3xi4>
  %prod = stablehlo.multiply %m1, %m2 : tensor<3xi4>
  check.expect_eq_const %prod, dense<[-7, -8, 1]> : tensor<3xi4>
  %u1 = stablehlo.constant dense<[0, 3, 15]> : tensor<3xui4>
  %u2 = stablehlo.constant dense<[1, 5, 15]> : tensor<3xui4>
  %udiff = stablehlo.subtract %u1, %u2 : tensor<3xui4>
  check.expect_eq_const %udiff, dense<[15, 14, 0]> : tensor<3xui4>
  %neg = stablehlo.negate %a : tensor<3xi4>
  check.expect_eq_const %neg, dense<[-7, -8, -5]> : tensor<3xi4>
  %uneg = stablehlo.negate %u2 : tensor<3xui4>
  check.expect_eq_const %uneg, dense<[15, 11, 1]> : tensor<3xui4>
  %t1 = stablehlo.constant dense<[1, -2]> : tensor<2xi2>
  %t2 = stablehlo.constant dense<[1, -1]> : tensor<2xi2>
  %tsum = stablehlo.add %t1, %t2 : tensor<2xi2>
  check.expect_eq_const %tsum, dense<[-2, 1]> : tensor<2xi2>

  // Division: x / 0 = -1, INT_MIN / -1 = INT_MIN, truncation toward 0.
  %n = stablehlo.constant dense<[-8, 7, 5, 3]> : tensor<4xi4>
  %d = stablehlo.constant dense<[-1, 2, 0, -2]> : tensor<4xi4>
  %quot = stablehlo.divide %n, %d : tensor<4xi4>
  check.expect_eq_const %quot, dense<[-8, 3, -1, -1]> : tensor<4xi4>
  %rn = stablehlo.constant dense<[-8, 7, 5, -7]> : tensor<4xi4>
  %rd = stablehlo.constant dense<[-1, 2, 0, 3]> : tensor<4xi4>
  %rem = stablehlo.remainder %rn, %rd : tensor<4xi4>
  check.expect_eq_const %rem, dense<[0, 1, 5, -1]> : tensor<4xi4>

  // Shifts read the amount as unsigned; 4 or more give 0 (or the sign).
  %s1 = stablehlo.constant dense<[1, 1, 3]> : tensor<3xi4>
  %s2 = stablehlo.constant dense<[3, 4, 1]> : tensor<3xi4>
  %shl = stablehlo.shift_left %s1, %s2 : tensor<3xi4>
  check.expect_eq_const %shl, dense<[-8, 0, 6]> : tensor<3xi4>
  %l1 = stablehlo.constant dense<[-8, -1, 4]> : tensor<3xi4>
  %l2 = stablehlo.constant dense<[1, 2, 4]> : tensor<3xi4>
  %shrl = stablehlo.shift_right_logical %l1, %l2 : tensor<3xi4>
  check.expect_eq_const %shrl, dense<[4, 3, 0]> : tensor<3xi4>
  %r1 = stablehlo.constant dense<[-8, -1, 7]> : tensor<3xi4>
  %r2 = stablehlo.constant dense<[1, 5, 1]> : tensor<3xi4>
  %shra = stablehlo.shift_right_arithmetic %r1, %r2 : tensor<3xi4>
  check.expect_eq_const %shra, dense<[-4, -1, 3]> : tensor<3xi4>

  // Bit ops in the width.
  %un = stablehlo.constant dense<[0, 5]> : tensor<2xui4>
  %unot = stablehlo.not %un : tensor<2xui4>
  check.expect_eq_const %unot, dense<[15, 10]> : tensor<2xui4>
  %sn = stablehlo.constant dense<[0, 7]> : tensor<2xi4>
  %snot = stablehlo.not %sn : tensor<2xi4>
  check.expect_eq_const %snot, dense<[-1, -8]> : tensor<2xi4>
  %pc = stablehlo.constant dense<[-1, 5]> : tensor<2xi4>
  %pop = stablehlo.popcnt %pc : tensor<2xi4>
  check.expect_eq_const %pop, dense<[4, 2]> : tensor<2xi4>
  %cz = stablehlo.constant dense<[1, 0, 8]> : tensor<3xui4>
  %clz = stablehlo.count_leading_zeros %cz : tensor<3xui4>
  check.expect_eq_const %clz, dense<[3, 4, 0]> : tensor<3xui4>

  // Conversions: from integers they wrap, from floats they truncate and
  // saturate (NaN to 0); a signless literal 15 of i4 is its bits, -1.
  %wide = stablehlo.constant dense<[8, -9, 31]> : tensor<3xi32>
  %narrow = stablehlo.convert %wide : (tensor<3xi32>) -> tensor<3xi4>
  check.expect_eq_const %narrow, dense<[-8, 7, -1]> : tensor<3xi4>
  %back = stablehlo.convert %narrow : (tensor<3xi4>) -> tensor<3xi32>
  check.expect_eq_const %back, dense<[-8, 7, -1]> : tensor<3xi32>
  %uback = stablehlo.convert %u1 : (tensor<3xui4>) -> tensor<3xi32>
  check.expect_eq_const %uback, dense<[0, 3, 15]> : tensor<3xi32>
  %f = stablehlo.constant dense<[7.9, -9.5, 100.0, 0x7FC00000]> : tensor<4xf32>
  %f_i4 = stablehlo.convert %f : (tensor<4xf32>) -> tensor<4xi4>
  check.expect_eq_const %f_i4, dense<[7, -8, 7, 0]> : tensor<4xi4>
  %g = stablehlo.constant dense<[-3.0, 20.0]> : tensor<2xf32>
  %g_u4 = stablehlo.convert %g : (tensor<2xf32>) -> tensor<2xui4>
  check.expect_eq_const %g_u4, dense<[0, 15]> : tensor<2xui4>
  %to_f = stablehlo.convert %a : (tensor<3xi4>) -> tensor<3xf32>
  check.expect_eq_const %to_f, dense<[7.0, -8.0, 5.0]> : tensor<3xf32>
  %bits = stablehlo.constant dense<[15, 8]> : tensor<2xi4>
  check.expect_eq_const %bits, dense<[-1, -8]> : tensor<2xi4>
  %as_u = stablehlo.bitcast_convert %bits : (tensor<2xi4>) -> tensor<2xui4>
  check.expect_eq_const %as_u, dense<[15, 8]> : tensor<2xui4>

  // Comparisons and iota.
  %c1 = stablehlo.constant dense<[-8, 7]> : tensor<2xi4>
  %c2 = stablehlo.constant dense<[7, -8]> : tensor<2xi4>
  %lt = stablehlo.compare LT, %c1, %c2 : (tensor<2xi4>, tensor<2xi4>) -> tensor<2xi1>
  check.expect_eq_const %lt, dense<[true, false]> : tensor<2xi1>
  %uc1 = stablehlo.constant dense<[15, 1]> : tensor<2xui4>
  %uc2 = stablehlo.constant dense<[1, 15]> : tensor<2xui4>
  %ugt = stablehlo.compare GT, %uc1, %uc2 : (tensor<2xui4>, tensor<2xui4>) -> tensor<2xi1>
  check.expect_eq_const %ugt, dense<[true, false]> : tensor<2xi1>
  %io = stablehlo.iota dim = 0 : tensor<4xui2>
  check.expect_eq_const %io, dense<[0, 1, 2, 3]> : tensor<4xui2>

  // Reductions start from the width's identities.
  %x = stablehlo.constant dense<[-8, -3, 5, 2]> : tensor<4xi4>
  %lo = stablehlo.constant dense<-8> : tensor<i4>
  %mx = stablehlo.reduce(%x init: %lo) applies stablehlo.maximum across dimensions = [0] : (tensor<4xi4>, tensor<i4>) -> tensor<i4>
  check.expect_eq_const %mx, dense<5> : tensor<i4>
  %sev = stablehlo.constant dense<[7, 7, 7]> : tensor<3xi4>
  %zero = stablehlo.constant dense<0> : tensor<i4>
  %ssum = stablehlo.reduce(%sev init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3xi4>, tensor<i4>) -> tensor<i4>
  check.expect_eq_const %ssum, dense<5> : tensor<i4>
  %ua = stablehlo.constant dense<[15, 13]> : tensor<2xui4>
  %all = stablehlo.constant dense<15> : tensor<ui4>
  %uand = stablehlo.reduce(%ua init: %all) applies stablehlo.and across dimensions = [0] : (tensor<2xui4>, tensor<ui4>) -> tensor<ui4>
  check.expect_eq_const %uand, dense<13> : tensor<ui4>
  return
}
