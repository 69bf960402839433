// Quantized types (!quant.uniform): quantize and dequantize, requantize,
// per-axis parameters, storage bounds, the integer forms of add and
// dot_general, dequantize-op-quantize, data movement on the storage type and
// quantized function parameters. Semantics as upstream's reference
// interpreter (stablehlo-legalize-quant-to-math); expected values by hand.
func.func @twice(%x: tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>> {
  // add of one type: l + r - z in i32, clamped to i8
  %y = stablehlo.add %x, %x : tensor<2x!quant.uniform<i8:f32, 0.5>>
  return %y : tensor<2x!quant.uniform<i8:f32, 0.5>>
}

func.func @main() {
  // quantize: x / 0.5 - 1, clamped to [-128, 127], rounded half to even
  %x = stablehlo.constant dense<[1.25, 0.75, -0.25, 100.0, -100.0]> : tensor<5xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 0.5:-1>>
  %qs = stablehlo.bitcast_convert %q : (tensor<5x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<5xi8>
  check.expect_eq_const %qs, dense<[2, 0, -2, 127, -128]> : tensor<5xi8>
  // dequantize: (q + 1) * 0.5
  %dq = stablehlo.uniform_dequantize %q : (tensor<5x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<5xf32>
  check.expect_eq_const %dq, dense<[1.5, 0.5, -0.5, 64.0, -63.5]> : tensor<5xf32>
  // requantize to 0.25:3: q * 2 + 5, clamped
  %rq = "stablehlo.uniform_quantize"(%q) : (tensor<5x!quant.uniform<i8:f32, 0.5:-1>>) -> tensor<5x!quant.uniform<i8:f32, 0.25:3>>
  %rqs = stablehlo.bitcast_convert %rq : (tensor<5x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<5xi8>
  check.expect_eq_const %rqs, dense<[9, 5, 1, 127, -128]> : tensor<5xi8>
  // storage bounds i8<-100:100>
  %b = stablehlo.constant dense<[100.5, -200.0]> : tensor<2xf32>
  %bq = stablehlo.uniform_quantize %b : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8<-100:100>:f32, 1.0>>
  %bqs = stablehlo.bitcast_convert %bq : (tensor<2x!quant.uniform<i8<-100:100>:f32, 1.0>>) -> tensor<2xi8>
  check.expect_eq_const %bqs, dense<[100, -100]> : tensor<2xi8>
  // per axis (dimension 1): column 0 by 0.1:-30, column 1 by 0.5:-20
  %p = stablehlo.constant dense<[[4.0, 15.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %pq = stablehlo.uniform_quantize %p : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>
  %pqs = stablehlo.bitcast_convert %pq : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>) -> tensor<2x2xi8>
  check.expect_eq_const %pqs, dense<[[10, 10], [-20, -18]]> : tensor<2x2xi8>
  %pd = stablehlo.uniform_dequantize %pq : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30, 0.5:-20}>>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %pd, dense<[[4.0, 15.0], [1.0, 1.0]]> : tensor<2x2xf32>
  // add of three types, in integers: each operand requantized to 1.0:1
  // (0.5 * q + 1 and 0.25 * q + 1, rounded half to even), then l + r - 1
  %al = stablehlo.constant dense<[1.0, 2.0, 0.5]> : tensor<3xf32>
  %ar = stablehlo.constant dense<[1.0, 2.0, 0.25]> : tensor<3xf32>
  %alq = stablehlo.uniform_quantize %al : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  %arq = stablehlo.uniform_quantize %ar : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.25>>
  %aq = stablehlo.add %alq, %arq : (tensor<3x!quant.uniform<i8:f32, 0.5>>, tensor<3x!quant.uniform<i8:f32, 0.25>>) -> tensor<3x!quant.uniform<i8:f32, 1.0:1>>
  %ad = stablehlo.uniform_dequantize %aq : (tensor<3x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<3xf32>
  %ad_want = stablehlo.constant dense<[2.0, 4.0, 1.0]> : tensor<3xf32>
  %ok = stablehlo.custom_call @check.eq(%ad_want, %ad) : (tensor<3xf32>, tensor<3xf32>) -> tensor<i1>
  // dequantize-op-quantize: 1.5 * 1.5 = 2.25 is 4.5 steps of 0.5, to even 4
  %m = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %mq = stablehlo.uniform_quantize %m : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %mm = stablehlo.multiply %mq, %mq : tensor<2x!quant.uniform<i8:f32, 0.5>>
  %mms = stablehlo.bitcast_convert %mm : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xi8>
  check.expect_eq_const %mms, dense<[4, 8]> : tensor<2xi8>
  // dot_general in integers: lhs 0.5:1 holds [3, 5], rhs 0.5 holds [6, -2];
  // D = 8, the zero-point offset 1 * (6 - 2) = 4, D - 4 = 4 steps of 0.25;
  // with a result scale of 0.125 both are scaled by 2 first
  %dl = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %dr = stablehlo.constant dense<[[3.0], [-1.0]]> : tensor<2x1xf32>
  %dlq = stablehlo.uniform_quantize %dl : (tensor<1x2xf32>) -> tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>
  %drq = stablehlo.uniform_quantize %dr : (tensor<2x1xf32>) -> tensor<2x1x!quant.uniform<i8:f32, 0.5>>
  %dot = stablehlo.dot_general %dlq, %drq, contracting_dims = [1] x [0] : (tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x!quant.uniform<i32:f32, 0.25>>
  %dots = stablehlo.bitcast_convert %dot : (tensor<1x1x!quant.uniform<i32:f32, 0.25>>) -> tensor<1x1xi32>
  check.expect_eq_const %dots, dense<[[4]]> : tensor<1x1xi32>
  %dot8 = stablehlo.dot_general %dlq, %drq, contracting_dims = [1] x [0] : (tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1x!quant.uniform<i32:f32, 0.125>>
  %dot8d = stablehlo.uniform_dequantize %dot8 : (tensor<1x1x!quant.uniform<i32:f32, 0.125>>) -> tensor<1x1xf32>
  check.expect_eq_const %dot8d, dense<[[1.0]]> : tensor<1x1xf32>
  // data movement on the storage type; a quantized function parameter
  %t = stablehlo.reshape %mq : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x!quant.uniform<i8:f32, 0.5>>
  %tt = stablehlo.transpose %t, dims = [1, 0] : (tensor<1x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x1x!quant.uniform<i8:f32, 0.5>>
  %tts = stablehlo.bitcast_convert %tt : (tensor<2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x1xi8>
  check.expect_eq_const %tts, dense<[[3], [-4]]> : tensor<2x1xi8>
  %w = func.call @twice(%mq) : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %wd = stablehlo.uniform_dequantize %w : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>
  check.expect_eq_const %wd, dense<[3.0, -4.0]> : tensor<2xf32>
  func.return
}
