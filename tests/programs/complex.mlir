// Complex types (complex<f32>, complex<f64>), lowered by the front end into
// their real and imaginary parts: arithmetic, the functions of a complex
// number, comparisons, dot_general, reductions, sort, loops, calls and the
// interleaved S x 2 boundary of a public function. Expected values worked
// out by hand (exact ones with expect_eq; transcendental ones with
// expect_almost_eq).
func.func @main() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (-3.0, 0.5)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(2.0, -1.0), (0.0, 4.0)]> : tensor<2xcomplex<f32>>
  %sum = stablehlo.add %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %sum, dense<[(3.0, 1.0), (-3.0, 4.5)]> : tensor<2xcomplex<f32>>
  %diff = stablehlo.subtract %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %diff, dense<[(-1.0, 3.0), (-3.0, -3.5)]> : tensor<2xcomplex<f32>>
  // (1 + 2i)(2 - i) = 4 + 3i; (-3 + 0.5i)(4i) = -2 - 12i
  %prod = stablehlo.multiply %a, %b : tensor<2xcomplex<f32>>
  check.expect_eq_const %prod, dense<[(4.0, 3.0), (-2.0, -12.0)]> : tensor<2xcomplex<f32>>
  // (4 + 3i) / (2 - i) = 1 + 2i
  %quot = stablehlo.divide %prod, %b : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %quot, dense<[(1.0, 2.0), (-3.0, 0.5)]> : tensor<2xcomplex<f32>>
  %neg = stablehlo.negate %a : tensor<2xcomplex<f32>>
  check.expect_eq_const %neg, dense<[(-1.0, -2.0), (3.0, -0.5)]> : tensor<2xcomplex<f32>>
  %conj = chlo.conj %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %conj, dense<[(1.0, -2.0), (-3.0, -0.5)]> : tensor<2xcomplex<f32>>
  %sq = chlo.square %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %sq, dense<[(-3.0, 4.0), (8.75, -3.0)]> : tensor<2xcomplex<f32>>

  // real, imag, complex; convert between complex widths, from and to reals.
  %re = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %re, dense<[1.0, -3.0]> : tensor<2xf32>
  %im = stablehlo.imag %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %im, dense<[2.0, 0.5]> : tensor<2xf32>
  %swapped = stablehlo.complex %im, %re : tensor<2xcomplex<f32>>
  check.expect_eq_const %swapped, dense<[(2.0, 1.0), (0.5, -3.0)]> : tensor<2xcomplex<f32>>
  %re_of_real = stablehlo.real %re : tensor<2xf32>
  check.expect_eq_const %re_of_real, dense<[1.0, -3.0]> : tensor<2xf32>
  %im_of_real = stablehlo.imag %re : tensor<2xf32>
  check.expect_eq_const %im_of_real, dense<0.0> : tensor<2xf32>
  %wide = stablehlo.convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
  check.expect_eq_const %wide, dense<[(1.0, 2.0), (-3.0, 0.5)]> : tensor<2xcomplex<f64>>
  %from_int = stablehlo.constant dense<[7, -2]> : tensor<2xi32>
  %as_complex = stablehlo.convert %from_int : (tensor<2xi32>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %as_complex, dense<[(7.0, 0.0), (-2.0, 0.0)]> : tensor<2xcomplex<f32>>
  %to_real = stablehlo.convert %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  check.expect_eq_const %to_real, dense<[1.0, -3.0]> : tensor<2xf32>

  // Functions of one complex number, computed in double and rounded.
  %z = stablehlo.constant dense<[(3.0, 4.0), (-4.0, 0.0), (0.0, 3.14159265358979), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  %abs = stablehlo.abs %z : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  check.expect_eq_const %abs, dense<[5.0, 4.0, 3.14159265358979, 0.0]> : tensor<4xf64>
  %sqrt = stablehlo.sqrt %z : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %sqrt, dense<[(2.0, 1.0), (0.0, 2.0), (1.2533141373155, 1.2533141373155), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  %exp = stablehlo.exponential %z : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %exp, dense<[(-13.128783081462158, -15.200784463067954), (0.018315638888734, 0.0), (-1.0, 0.0), (1.0, 0.0)]> : tensor<4xcomplex<f64>>
  %log = stablehlo.log %z : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %log, dense<[(1.6094379124341003, 0.9272952180016122), (1.3862943611198906, 3.141592653589793), (1.1447298858494, 1.5707963267948966), (0xFFF0000000000000, 0.0)]> : tensor<4xcomplex<f64>>
  %sign = stablehlo.sign %z : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %sign, dense<[(0.6, 0.8), (-1.0, 0.0), (0.0, 1.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  %tanh = stablehlo.tanh %z : tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %tanh, dense<[(1.0006739, 0.0049011), (-0.9993292997390670, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f64>>
  %pow = stablehlo.power %z, %z : tensor<4xcomplex<f64>>
  %pow_re = stablehlo.real %pow : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
  %pow_re_first = stablehlo.slice %pow_re [0:1] : (tensor<4xf64>) -> tensor<1xf64>
  check.expect_almost_eq_const %pow_re_first, dense<[-2.997990598421]> : tensor<1xf64>

  // Comparisons: EQ and NE on both parts; maximum and minimum in
  // lexicographic order (real parts, then imaginary parts).
  %c = stablehlo.constant dense<[(1.0, 2.0), (1.0, 3.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
  %d = stablehlo.constant dense<[(1.0, 2.0), (1.0, 5.0), (1.0, 5.0)]> : tensor<3xcomplex<f32>>
  %eq = stablehlo.compare EQ, %c, %d : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %eq, dense<[true, false, false]> : tensor<3xi1>
  %ne = stablehlo.compare NE, %c, %d : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<3xi1>
  check.expect_eq_const %ne, dense<[false, true, true]> : tensor<3xi1>
  %max = stablehlo.maximum %c, %d : tensor<3xcomplex<f32>>
  check.expect_eq_const %max, dense<[(1.0, 2.0), (1.0, 5.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
  %min = stablehlo.minimum %c, %d : tensor<3xcomplex<f32>>
  check.expect_eq_const %min, dense<[(1.0, 2.0), (1.0, 3.0), (1.0, 5.0)]> : tensor<3xcomplex<f32>>

  // [1 + i, 2] . [1, i] = 1 + 3i; a real lhs times a complex rhs.
  %m = stablehlo.constant dense<[[(1.0, 1.0), (2.0, 0.0)]]> : tensor<1x2xcomplex<f32>>
  %v = stablehlo.constant dense<[[(1.0, 0.0)], [(0.0, 1.0)]]> : tensor<2x1xcomplex<f32>>
  %mv = stablehlo.dot_general %m, %v, contracting_dims = [1] x [0] : (tensor<1x2xcomplex<f32>>, tensor<2x1xcomplex<f32>>) -> tensor<1x1xcomplex<f32>>
  check.expect_eq_const %mv, dense<[[(1.0, 3.0)]]> : tensor<1x1xcomplex<f32>>

  // Reductions: a sum and a product (the region's multiply mixes the parts).
  %r = stablehlo.constant dense<[(1.0, 2.0), (3.0, 4.0)]> : tensor<2xcomplex<f32>>
  %zero = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %one = stablehlo.constant dense<(1.0, 0.0)> : tensor<complex<f32>>
  %rsum = stablehlo.reduce(%r init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %rsum, dense<(4.0, 6.0)> : tensor<complex<f32>>
  %rprod = stablehlo.reduce(%r init: %one) applies stablehlo.multiply across dimensions = [0] : (tensor<2xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %rprod, dense<(-5.0, 10.0)> : tensor<complex<f32>>

  // sort by the real part, descending: the comparator reads both operands.
  %s = stablehlo.constant dense<[(1.0, 9.0), (5.0, 8.0), (3.0, 7.0)]> : tensor<3xcomplex<f32>>
  %sorted = "stablehlo.sort"(%s) ({
  ^bb0(%x: tensor<complex<f32>>, %y: tensor<complex<f32>>):
    %xr = stablehlo.real %x : (tensor<complex<f32>>) -> tensor<f32>
    %yr = stablehlo.real %y : (tensor<complex<f32>>) -> tensor<f32>
    %gt = stablehlo.compare GT, %xr, %yr : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_eq_const %sorted, dense<[(5.0, 8.0), (3.0, 7.0), (1.0, 9.0)]> : tensor<3xcomplex<f32>>

  // A loop carrying a complex value: four turns by i come back to the start.
  %i = stablehlo.constant dense<(0.0, 1.0)> : tensor<complex<f32>>
  %start = stablehlo.constant dense<(2.0, -3.0)> : tensor<complex<f32>>
  %n0 = stablehlo.constant dense<0> : tensor<i32>
  %four = stablehlo.constant dense<4> : tensor<i32>
  %step = stablehlo.constant dense<1> : tensor<i32>
  %turned:2 = stablehlo.while(%k = %n0, %w = %start) : tensor<i32>, tensor<complex<f32>>
    cond {
      %more = stablehlo.compare LT, %k, %four : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %more : tensor<i1>
    } do {
      %k1 = stablehlo.add %k, %step : tensor<i32>
      %w1 = stablehlo.multiply %w, %i : tensor<complex<f32>>
      stablehlo.return %k1, %w1 : tensor<i32>, tensor<complex<f32>>
    }
  check.expect_eq_const %turned#1, dense<(2.0, -3.0)> : tensor<complex<f32>>

  // A public function takes and returns complex tensors as S x 2 reals.
  %twice = func.call @twice(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %twice, dense<[(2.0, 4.0), (-6.0, 1.0)]> : tensor<2xcomplex<f32>>
  %halved = func.call @half(%b) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %halved, dense<[(1.0, -0.5), (0.0, 2.0)]> : tensor<2xcomplex<f32>>
  // A hex blob holds the parts interleaved: (1.5, -2.0) in f32.
  %hex = stablehlo.constant dense<"0x0000C03F000000C0"> : tensor<complex<f32>>
  check.expect_eq_const %hex, dense<(1.5, -2.0)> : tensor<complex<f32>>
  return
}

func.func @twice(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %y = stablehlo.add %x, %x : tensor<2xcomplex<f32>>
  return %y : tensor<2xcomplex<f32>>
}

func.func private @half(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %h = stablehlo.constant dense<(0.5, 0.0)> : tensor<2xcomplex<f32>>
  %y = stablehlo.multiply %x, %h : tensor<2xcomplex<f32>>
  return %y : tensor<2xcomplex<f32>>
}
