// The gradient of a 4-layer tanh MLP through lax.scan with a checkpointed
// body, as JAX exports it (value_and_grad). The loss reads the forward
// loop's h, and so does the prologue of the backward loop (its first
// cotangent, 2 (h - y) / n); that loop's cotangent may start in h's buffer
// only when h dies there, so the loss moves ahead of it
// (schedule_readers_before_updates): the arena is 4032 bytes instead of
// 4544 (h: 16 x 8 floats), and that is the live-set bound. main checks the
// loss and gradient (the evaluator's, bit for bit; JAX's within 1e-8) on
// inputs ((i * 37 + k * 11) % 23 - 11) * 0.031.
func.func private @scan_grad(%arg0: tensor<4x8x8xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<16x8xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<4x8x8xf32> {jax.result_info = "result[1]"}) {
  check.expect_memory {temp = 4032, lower_bound = 4032}
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x16x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1:4 = stablehlo.while(%iterArg = %arg0, %iterArg_7 = %c, %iterArg_8 = %arg1, %iterArg_9 = %0) : tensor<4x8x8xf32>, tensor<i32>, tensor<16x8xf32>, tensor<4x16x8xf32>
  cond {
    %c_10 = stablehlo.constant dense<4> : tensor<i32>
    %13 = stablehlo.compare LT, %iterArg_7, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %13 : tensor<i1>
  } do {
    %13 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_7) : (tensor<4x8x8xf32>, tensor<i32>) -> tensor<8x8xf32>
    %14:2 = func.call @closed_call(%iterArg_8, %13) : (tensor<16x8xf32>, tensor<8x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>)
    %15 = func.call @dynamic_update_index_in_dim(%iterArg_9, %14#1, %iterArg_7) : (tensor<4x16x8xf32>, tensor<16x8xf32>, tensor<i32>) -> tensor<4x16x8xf32>
    %c_10 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.add %iterArg_7, %c_10 : tensor<i32>
    stablehlo.return %iterArg, %16, %14#0, %15 : tensor<4x8x8xf32>, tensor<i32>, tensor<16x8xf32>, tensor<4x16x8xf32>
  }
  %2 = stablehlo.subtract %1#2, %arg2 : tensor<16x8xf32>
  %3 = stablehlo.multiply %2, %2 : tensor<16x8xf32>
  %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
  %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %5 = stablehlo.multiply %4, %2 : tensor<16x8xf32>
  %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %6 = stablehlo.reduce(%3 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<f32>
  %cst_2 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
  %7 = stablehlo.divide %6, %cst_2 : tensor<f32>
  %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %cst_4 = stablehlo.constant dense<1.280000e+02> : tensor<f32>
  %8 = stablehlo.divide %cst_3, %cst_4 : tensor<f32>
  %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %10 = stablehlo.multiply %9, %5 : tensor<16x8xf32>
  %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %11 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
  %c_6 = stablehlo.constant dense<0> : tensor<i32>
  %12:5 = stablehlo.while(%iterArg = %1#3, %iterArg_7 = %arg0, %iterArg_8 = %c_6, %iterArg_9 = %10, %iterArg_10 = %11) : tensor<4x16x8xf32>, tensor<4x8x8xf32>, tensor<i32>, tensor<16x8xf32>, tensor<4x8x8xf32>
  cond {
    %c_11 = stablehlo.constant dense<4> : tensor<i32>
    %13 = stablehlo.compare LT, %iterArg_8, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %13 : tensor<i1>
  } do {
    %c_11 = stablehlo.constant dense<4> : tensor<i32>
    %13 = stablehlo.subtract %c_11, %iterArg_8 : tensor<i32>
    %c_12 = stablehlo.constant dense<1> : tensor<i32>
    %14 = stablehlo.subtract %13, %c_12 : tensor<i32>
    %15 = func.call @dynamic_index_in_dim_0(%iterArg, %14) : (tensor<4x16x8xf32>, tensor<i32>) -> tensor<16x8xf32>
    %16 = func.call @dynamic_index_in_dim(%iterArg_7, %14) : (tensor<4x8x8xf32>, tensor<i32>) -> tensor<8x8xf32>
    %17:2 = func.call @closed_call_1(%iterArg_9, %15, %16) : (tensor<16x8xf32>, tensor<16x8xf32>, tensor<8x8xf32>) -> (tensor<16x8xf32>, tensor<8x8xf32>)
    %18 = func.call @dynamic_update_index_in_dim_2(%iterArg_10, %17#1, %14) : (tensor<4x8x8xf32>, tensor<8x8xf32>, tensor<i32>) -> tensor<4x8x8xf32>
    %c_13 = stablehlo.constant dense<1> : tensor<i32>
    %19 = stablehlo.add %iterArg_8, %c_13 : tensor<i32>
    stablehlo.return %iterArg, %iterArg_7, %19, %17#0, %18 : tensor<4x16x8xf32>, tensor<4x8x8xf32>, tensor<i32>, tensor<16x8xf32>, tensor<4x8x8xf32>
  }
  return %7, %12#4 : tensor<f32>, tensor<4x8x8xf32>
}
func.func private @dynamic_index_in_dim(%arg0: tensor<4x8x8xf32>, %arg1: tensor<i32>) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8, 8] : (tensor<4x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x8xf32>
  %1 = stablehlo.reshape %0 : (tensor<1x8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func private @closed_call(%arg0: tensor<16x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.tanh %0 : tensor<16x8xf32>
  return %1, %arg0 : tensor<16x8xf32>, tensor<16x8xf32>
}
func.func private @dynamic_update_index_in_dim(%arg0: tensor<4x16x8xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<i32>) -> tensor<4x16x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<16x8xf32>) -> tensor<1x16x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<4x16x8xf32>, tensor<1x16x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x16x8xf32>
  return %1 : tensor<4x16x8xf32>
}
func.func private @dynamic_index_in_dim_0(%arg0: tensor<4x16x8xf32>, %arg1: tensor<i32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 16, 8] : (tensor<4x16x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x16x8xf32>
  %1 = stablehlo.reshape %0 : (tensor<1x16x8xf32>) -> tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
func.func private @closed_call_1(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<8x8xf32>) -> (tensor<16x8xf32>, tensor<8x8xf32>) {
  %0:3 = stablehlo.optimization_barrier %arg1, %arg2, %arg0 : tensor<16x8xf32>, tensor<8x8xf32>, tensor<16x8xf32>
  %1 = stablehlo.dot_general %0#0, %0#1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %2 = stablehlo.tanh %1 : tensor<16x8xf32>
  %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
  %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %4 = stablehlo.subtract %3, %2 : tensor<16x8xf32>
  %5 = stablehlo.multiply %0#2, %4 : tensor<16x8xf32>
  %6 = stablehlo.multiply %5, %2 : tensor<16x8xf32>
  %7 = stablehlo.add %5, %6 : tensor<16x8xf32>
  %8 = stablehlo.dot_general %7, %0#0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %9 = stablehlo.transpose %8, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %10 = stablehlo.dot_general %7, %0#1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  return %10, %9 : tensor<16x8xf32>, tensor<8x8xf32>
}
func.func private @dynamic_update_index_in_dim_2(%arg0: tensor<4x8x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<i32>) -> tensor<4x8x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8x8xf32>) -> tensor<1x8x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c_0 = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<4x8x8xf32>, tensor<1x8x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x8x8xf32>
  return %1 : tensor<4x8x8xf32>
}
func.func private @in_16x8(%k: tensor<i32>) -> tensor<16x8xf32> {
  %r = stablehlo.iota dim = 0 : tensor<16x8xi32>
  %c = stablehlo.iota dim = 1 : tensor<16x8xi32>
  %cols = stablehlo.constant dense<8> : tensor<16x8xi32>
  %rc = stablehlo.multiply %r, %cols : tensor<16x8xi32>
  %i = stablehlo.add %rc, %c : tensor<16x8xi32>
  %m37 = stablehlo.constant dense<37> : tensor<16x8xi32>
  %m11 = stablehlo.constant dense<11> : tensor<16x8xi32>
  %m23 = stablehlo.constant dense<23> : tensor<16x8xi32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<16x8xi32>
  %k11 = stablehlo.multiply %kb, %m11 : tensor<16x8xi32>
  %i37 = stablehlo.multiply %i, %m37 : tensor<16x8xi32>
  %s = stablehlo.add %i37, %k11 : tensor<16x8xi32>
  %q = stablehlo.remainder %s, %m23 : tensor<16x8xi32>
  %d = stablehlo.subtract %q, %m11 : tensor<16x8xi32>
  %f = stablehlo.convert %d : (tensor<16x8xi32>) -> tensor<16x8xf32>
  %scale = stablehlo.constant dense<0.031> : tensor<16x8xf32>
  %v = stablehlo.multiply %f, %scale : tensor<16x8xf32>
  func.return %v : tensor<16x8xf32>
}

func.func private @in_4x8x8(%k: tensor<i32>) -> tensor<4x8x8xf32> {
  %a = stablehlo.iota dim = 0 : tensor<4x8x8xi32>
  %r = stablehlo.iota dim = 1 : tensor<4x8x8xi32>
  %c = stablehlo.iota dim = 2 : tensor<4x8x8xi32>
  %cols = stablehlo.constant dense<8> : tensor<4x8x8xi32>
  %ac = stablehlo.multiply %a, %cols : tensor<4x8x8xi32>
  %ar = stablehlo.add %ac, %r : tensor<4x8x8xi32>
  %rc = stablehlo.multiply %ar, %cols : tensor<4x8x8xi32>
  %i = stablehlo.add %rc, %c : tensor<4x8x8xi32>
  %m37 = stablehlo.constant dense<37> : tensor<4x8x8xi32>
  %m11 = stablehlo.constant dense<11> : tensor<4x8x8xi32>
  %m23 = stablehlo.constant dense<23> : tensor<4x8x8xi32>
  %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<i32>) -> tensor<4x8x8xi32>
  %k11 = stablehlo.multiply %kb, %m11 : tensor<4x8x8xi32>
  %i37 = stablehlo.multiply %i, %m37 : tensor<4x8x8xi32>
  %s = stablehlo.add %i37, %k11 : tensor<4x8x8xi32>
  %q = stablehlo.remainder %s, %m23 : tensor<4x8x8xi32>
  %d = stablehlo.subtract %q, %m11 : tensor<4x8x8xi32>
  %f = stablehlo.convert %d : (tensor<4x8x8xi32>) -> tensor<4x8x8xf32>
  %scale = stablehlo.constant dense<0.031> : tensor<4x8x8xf32>
  %v = stablehlo.multiply %f, %scale : tensor<4x8x8xf32>
  func.return %v : tensor<4x8x8xf32>
}

func.func @main() {
  %k0 = stablehlo.constant dense<0> : tensor<i32>
  %k1 = stablehlo.constant dense<1> : tensor<i32>
  %k2 = stablehlo.constant dense<2> : tensor<i32>
  %x = func.call @in_16x8(%k0) : (tensor<i32>) -> tensor<16x8xf32>
  %y = func.call @in_16x8(%k2) : (tensor<i32>) -> tensor<16x8xf32>
  %w = func.call @in_4x8x8(%k1) : (tensor<i32>) -> tensor<4x8x8xf32>
  %l, %g = func.call @scan_grad(%w, %x, %y) : (tensor<4x8x8xf32>, tensor<16x8xf32>, tensor<16x8xf32>) -> (tensor<f32>, tensor<4x8x8xf32>)
  check.expect_eq_const %l, dense<0.046100356> : tensor<f32>
  check.expect_eq_const %g, dense<[[[-0.0010051273, -0.00064842805, -0.0007584921, -3.4619472e-05, 0.0012880745, 0.0012052059, 0.0007743279, -0.00094570016],
    [0.00018614766, 0.002296256, 0.0025887906, 0.00061971584, -0.0011746834, -0.00087655446, -0.0020303407, -1.1103832e-05],
    [0.000610914, -0.003415872, -0.0039793793, -0.0014962354, 0.0006058912, 4.9353057e-05, 0.0037856232, 0.0009789284],
    [-0.00095570664, 0.0017076967, 0.0021513468, 0.001087169, 3.0985306e-05, 0.0004652682, -0.0020300786, -0.0012353384],
    [0.0008736439, 5.9037615e-05, -4.3230277e-05, -0.0002346527, -0.0005899224, -0.0007071611, -0.0001634013, 0.0009475548],
    [-0.00042248433, -0.0016439414, -0.0019124117, -0.00059540034, 0.001117487, 0.0008499054, 0.0018401025, -0.00024657132],
    [-5.1185867e-05, 0.0023528803, 0.002748135, 0.00089390087, -0.0009830083, -0.00058584206, -0.0023886273, -0.00031430167],
    [0.000836465, -0.0025677974, -0.003046821, -0.0012161812, 0.00031375745, -0.00016366802, 0.002720043, 0.0011463785]],
    [[0.0003295166, -0.00022635651, 0.0003922028, 0.00031604868, 0.00044444553, 7.601817e-05, -0.00047878618, 0.00038462342],
    [0.00056871335, 0.00055721286, -0.0009452562, -0.0010387177, 0.0009928129, -0.0018321715, -4.1518746e-05, 0.00062597357],
    [0.00013365598, 0.00027175967, -0.0007617567, -0.000852529, 0.000650329, -0.0010306549, 0.00035242387, 0.00019076896],
    [-0.0013020851, 0.0007687985, -0.0013604775, -0.0014512578, 0.0011189745, -0.00011630886, 0.0010623311, -0.0012403798],
    [-0.0006470584, -3.0460085e-05, -0.0005148929, -0.0005375324, -0.00033465322, 0.00045010823, 0.0012444146, -0.00062764576],
    [-0.00013187151, -0.0005020906, 0.00038263376, 0.00044396406, -0.00086301845, 0.0008659076, 0.00042376274, -0.00016564001],
    [0.00024129334, -0.00014043387, 0.0011273611, 0.0013037359, -0.0008194347, 0.0006681491, -0.001237105, 0.000119936194],
    [0.00018285814, 0.00020816344, -0.00069417595, -0.0007813298, 0.000571305, -0.0009946378, 0.00034683323, 0.00023766868]],
    [[-7.2938914e-05, 0.0013977974, 0.002501613, 0.00158882, 8.315779e-06, -0.0026075183, -0.0023518053, -0.0014116215],
    [0.00067408825, -0.00039927475, -0.0016267928, -0.0016085621, -0.0007626302, 0.0012247263, 0.0012357684, 0.0017328572],
    [-0.0009924581, -0.0011384203, -0.00073641376, 0.0005740494, 0.0021005431, 0.00045840192, 0.0003715502, -0.0008832792],
    [0.00068623247, 0.0024864362, 0.0019502116, 7.783793e-05, -0.0018668995, -0.0015109435, -0.0015885149, -0.00080424716],
    [-0.0002067025, -0.0027820934, -0.0028018998, -0.0011830246, 0.00049771153, 0.0029800618, 0.0029558716, 0.0020236906],
    [-1.2443939e-05, 0.0013390915, 0.0023513788, 0.0014557472, -7.559301e-05, -0.0024685469, -0.002216762, -0.0012458321],
    [0.0007343955, -0.00045810756, -0.0017769441, -0.0017414199, -0.00084630324, 0.0013637228, 0.0013708172, 0.001898393],
    [-0.0009321346, -0.0011973102, -0.00088692433, 0.00044095848, 0.002016998, 0.00059762294, 0.0005067793, -0.0007176619]],
    [[0.0008253002, -0.0013251633, 0.0003773133, 0.00027527357, -0.00026517952, 0.00063265837, -0.0016066913, 0.00036531023],
    [0.00027908833, -0.0005640208, 0.001035664, -0.00073556736, -0.0001173911, 0.00072893134, -0.00054039713, 0.001049976],
    [-0.0007437443, 0.00069275015, -0.001009588, 0.0001566934, 0.0006500035, -0.000812109, 0.0007440838, -0.001044148],
    [0.00035726608, 0.00031266254, -9.86557e-05, 0.00039118802, -0.0005883761, 0.00016192772, 0.00035586057, -6.918434e-05],
    [0.00046239805, 0.0006042805, -0.0009505327, 0.0006064471, -0.00057548, 0.0003497252, 0.00065492775, -0.00094135205],
    [0.0008417403, -0.0013635644, 0.00035089746, 0.00025273234, -0.00026260465, 0.00068573584, -0.0016450061, 0.00033584115],
    [0.00029545184, -0.00060234603, 0.0010091692, -0.00075805973, -0.00011480984, 0.00078189804, -0.0005786073, 0.0010204456],
    [0.00042217062, -0.00041318688, 0.0002708345, -0.0006296795, -6.7494984e-05, 0.0010228923, -0.00039443874, 0.00026145403]]]> : tensor<4x8x8xf32>
  func.return
}
