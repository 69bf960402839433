// A while whose dots read a weight from outside the loop with its
// contracting dim innermost (h . W^T, W stored [out, in], as an RNN's
// backward scan reads its recurrent weight) reads a transpose of W made
// once before the loop (pass_hoist_loop_transposes: BLIS would pack the
// strided layout again on every iteration). Each function's temporaries
// hold that copy while its loop runs, which expect_memory pins (strict
// order's figures): without the hoist each is smaller by the copy. main
// checks the results against the evaluator's (bit for bit in strict
// order) on inputs ((i * 37 + k) % 23 - 11) * 0.0625.

// Two dots read W the same way: one copy (24 x 16 floats); U is read
// N-contiguous and stays as it is.
func.func private @rnn(%x: tensor<4x16xf32>, %w: tensor<24x16xf32>, %u: tensor<24x16xf32>) -> tensor<4x16xf32> {
  check.expect_memory {temp = 2304}   // 768 without the copy
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<3> : tensor<i32>
  %r, %i = stablehlo.while(%h = %x, %k = %zero) : tensor<4x16xf32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %a = stablehlo.dot_general %h, %w, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<24x16xf32>) -> tensor<4x24xf32>
    %hh = stablehlo.multiply %h, %h : tensor<4x16xf32>
    %b = stablehlo.dot_general %hh, %w, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<24x16xf32>) -> tensor<4x24xf32>
    %s = stablehlo.add %a, %b : tensor<4x24xf32>
    %t = stablehlo.tanh %s : tensor<4x24xf32>
    %h1 = stablehlo.dot_general %t, %u, contracting_dims = [1] x [0] : (tensor<4x24xf32>, tensor<24x16xf32>) -> tensor<4x16xf32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %h1, %k1 : tensor<4x16xf32>, tensor<i32>
  }
  func.return %r : tensor<4x16xf32>
}

// Attention-like, batched: K (2 x 5 x 8, contracting dim last) is copied
// as 2 x 8 x 5, its batch dim still first.
func.func private @batched(%q: tensor<2x3x8xf32>, %kk: tensor<2x5x8xf32>, %v: tensor<2x5x8xf32>) -> tensor<2x3x8xf32> {
  check.expect_memory {temp = 576}   // 256 without the copy
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<2> : tensor<i32>
  %r, %i = stablehlo.while(%h = %q, %k = %zero) : tensor<2x3x8xf32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = stablehlo.dot_general %h, %kk, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x3x8xf32>, tensor<2x5x8xf32>) -> tensor<2x3x5xf32>
    %p = stablehlo.tanh %s : tensor<2x3x5xf32>
    %o = stablehlo.dot_general %p, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x5xf32>, tensor<2x5x8xf32>) -> tensor<2x3x8xf32>
    %k1 = stablehlo.add %k, %one : tensor<i32>
    stablehlo.return %o, %k1 : tensor<2x3x8xf32>, tensor<i32>
  }
  func.return %r : tensor<2x3x8xf32>
}

// Nested loops: W, from outside both, is copied once before the outer
// loop; W2, computed in the outer body, is copied there, before the inner.
func.func private @nested(%x: tensor<4x16xf32>, %w: tensor<24x16xf32>, %u: tensor<24x16xf32>) -> tensor<4x16xf32> {
  check.expect_memory {temp = 3712}   // 2176 without the copy
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %n = stablehlo.constant dense<2> : tensor<i32>
  %half = stablehlo.constant dense<0.25> : tensor<24x16xf32>
  %small = stablehlo.constant dense<0.125> : tensor<4x16xf32>
  %r, %i = stablehlo.while(%g = %x, %j = %zero) : tensor<4x16xf32>, tensor<i32>
  cond {
    %c = stablehlo.compare LT, %j, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %gb = stablehlo.slice %g [0:1, 0:16] : (tensor<4x16xf32>) -> tensor<1x16xf32>
    %gw = stablehlo.broadcast_in_dim %gb, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<24x16xf32>
    %w2 = stablehlo.multiply %gw, %half : tensor<24x16xf32>
    %ri, %ii = stablehlo.while(%h = %g, %k = %zero) : tensor<4x16xf32>, tensor<i32>
    cond {
      %c = stablehlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %a = stablehlo.dot_general %h, %w, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<24x16xf32>) -> tensor<4x24xf32>
      %b = stablehlo.dot_general %h, %w2, contracting_dims = [1] x [1] : (tensor<4x16xf32>, tensor<24x16xf32>) -> tensor<4x24xf32>
      %s = stablehlo.add %a, %b : tensor<4x24xf32>
      %t = stablehlo.tanh %s : tensor<4x24xf32>
      %d = stablehlo.dot_general %t, %u, contracting_dims = [1] x [0] : (tensor<4x24xf32>, tensor<24x16xf32>) -> tensor<4x16xf32>
      %h1 = stablehlo.multiply %d, %small : tensor<4x16xf32>
      %k1 = stablehlo.add %k, %one : tensor<i32>
      stablehlo.return %h1, %k1 : tensor<4x16xf32>, tensor<i32>
    }
    %j1 = stablehlo.add %j, %one : tensor<i32>
    stablehlo.return %ri, %j1 : tensor<4x16xf32>, tensor<i32>
  }
  func.return %r : tensor<4x16xf32>
}

func.func private @ramp(%n: tensor<i32>) -> tensor<384xf32> {
  %i = stablehlo.iota dim = 0 : tensor<384xi32>
  %m37 = stablehlo.constant dense<37> : tensor<384xi32>
  %m23 = stablehlo.constant dense<23> : tensor<384xi32>
  %m11 = stablehlo.constant dense<11> : tensor<384xi32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [] : (tensor<i32>) -> tensor<384xi32>
  %a = stablehlo.multiply %i, %m37 : tensor<384xi32>
  %b = stablehlo.add %a, %nb : tensor<384xi32>
  %c = stablehlo.remainder %b, %m23 : tensor<384xi32>
  %d = stablehlo.subtract %c, %m11 : tensor<384xi32>
  %f = stablehlo.convert %d : (tensor<384xi32>) -> tensor<384xf32>
  %s = stablehlo.constant dense<0.0625> : tensor<384xf32>
  %v = stablehlo.multiply %f, %s : tensor<384xf32>
  func.return %v : tensor<384xf32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %k1 = stablehlo.constant dense<5> : tensor<i32>
  %k2 = stablehlo.constant dense<9> : tensor<i32>
  %r0 = func.call @ramp(%k0) : (tensor<i32>) -> tensor<384xf32>
  %r1 = func.call @ramp(%k1) : (tensor<i32>) -> tensor<384xf32>
  %r2 = func.call @ramp(%k2) : (tensor<i32>) -> tensor<384xf32>
  %x0 = stablehlo.slice %r0 [0:64] : (tensor<384xf32>) -> tensor<64xf32>
  %x = stablehlo.reshape %x0 : (tensor<64xf32>) -> tensor<4x16xf32>
  %w = stablehlo.reshape %r1 : (tensor<384xf32>) -> tensor<24x16xf32>
  %u = stablehlo.reshape %r2 : (tensor<384xf32>) -> tensor<24x16xf32>
  %h = func.call @rnn(%x, %w, %u) : (tensor<4x16xf32>, tensor<24x16xf32>, tensor<24x16xf32>) -> tensor<4x16xf32>
  %g = func.call @nested(%x, %w, %u) : (tensor<4x16xf32>, tensor<24x16xf32>, tensor<24x16xf32>) -> tensor<4x16xf32>
  %q0 = stablehlo.slice %r0 [64:112] : (tensor<384xf32>) -> tensor<48xf32>
  %q = stablehlo.reshape %q0 : (tensor<48xf32>) -> tensor<2x3x8xf32>
  %kk0 = stablehlo.slice %r1 [0:80] : (tensor<384xf32>) -> tensor<80xf32>
  %kk = stablehlo.reshape %kk0 : (tensor<80xf32>) -> tensor<2x5x8xf32>
  %v0 = stablehlo.slice %r2 [100:180] : (tensor<384xf32>) -> tensor<80xf32>
  %v = stablehlo.reshape %v0 : (tensor<80xf32>) -> tensor<2x5x8xf32>
  %o = func.call @batched(%q, %kk, %v) : (tensor<2x3x8xf32>, tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x3x8xf32>
  check.expect_eq_const %h, dense<[[-1.0480015, -5.8172207, 4.9495945, -2.9713395, 2.322197, 0.15151167, -7.4927, 6.1491146, -1.771819, 0.6467173, 1.3510323, -6.5698576, 7.348635, -0.5722984, -1.0287619, 2.5505528],
    [-7.004096, 4.1886168, -0.43973434, -3.6220217, 6.124627, -5.6912236, 2.626489, 0.87313807, -5.1841493, 7.4375, -4.3783517, 1.0643615, 2.1860104, -6.746277, 8.750372, -3.065479],
    [1.96912, 0.27629358, -6.672492, 6.009681, -1.3043894, 0.24079774, 1.4229714, -5.8910995, 7.1540875, -0.15771174, -1.4875247, 2.5696487, -4.744422, 5.4257646, -0.5751886, -3.215847],
    [5.6117206, -2.8205853, 1.706885, 1.8382895, -7.9498887, 6.5553646, -1.8769403, -0.22447014, 2.7807865, -7.0862923, 7.49901, -0.93329513, -2.1558254, 3.7244303, -6.1426487, 5.569595]]> : tensor<4x16xf32>
  check.expect_eq_const %g, dense<[[0.7393792, -0.42902666, -0.009865416, 0.532088, -0.7884591, 0.6116815, -0.2561503, -0.16701923, 0.7244846, -0.91869205, 0.4607099, -0.06225626, -0.32404488, 0.8780903, -0.9174372, 0.30469048],
    [-0.278235, -0.26487494, 0.70823675, -0.8957947, 0.48395917, -0.068029486, -0.40725386, 0.8871762, -0.8574179, 0.34176832, 0.14150673, -0.54922616, 0.8947687, -0.69092274, 0.19942397, 0.34550956],
    [-0.7395348, 0.59725046, -0.12173553, -0.3225198, 0.57315207, -0.6639832, 0.5102486, 0.017389981, -0.5344208, 0.70512223, -0.53729695, 0.31934044, 0.1567256, -0.7272337, 0.7955797, -0.4002054],
    [0.36012083, 0.2062158, -0.65102035, 0.88922167, -0.5564592, 0.15351236, 0.35220408, -0.8455357, 0.9049333, -0.41110992, -0.053970575, 0.49784255, -0.9408948, 0.7624005, -0.26525193, -0.25931066]]> : tensor<4x16xf32>
  check.expect_eq_const %o, dense<[[[-1.2882622, 0.8676229, -1.2620814, 0.8414271, 0.49252656, -1.194488, 0.96139693, 0.11743021],
     [0.066269346, -0.15482007, -0.98167336, 1.1176101, -0.34002456, 0.112570465, -0.10851898, -0.52522904],
     [1.8841766, -1.1712358, 0.6863782, -0.11337854, -0.9505714, 1.8290104, -1.2264018, -0.729907]],
    [[1.2556314, -2.2456396, 0.9162086, 0.15958446, -0.8270672, 1.1877469, -0.94412947, 0.848324],
     [1.1511953, -2.1089525, 0.912318, 0.013020217, -0.61513966, 1.1034198, -0.98444724, 0.8645425],
     [-1.1948445, 2.097217, -0.8088676, -0.29551554, 0.9435485, -1.1176491, 0.78669703, -0.73167217]]]> : tensor<2x3x8xf32>
  func.return
}
