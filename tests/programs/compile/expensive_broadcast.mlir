// exp on 4 elements feeding a broadcast to 4x100: computing it in the big
// loop would take 400 exps, so it is written once instead (16 bytes); a
// cheap negate in the same place is fused. Through a slice, where each
// element is read at most once, log fuses. Three kernels: exp; the big
// loop; log + slice.
func.func @main(%x: tensor<4xf32>, %y: tensor<4x100xf32>) -> (tensor<4x100xf32>, tensor<2xf32>) {
  check.expect_kernels 3
  %e = stablehlo.exponential %x : tensor<4xf32>
  %n = stablehlo.negate %x : tensor<4xf32>
  %eb = stablehlo.broadcast_in_dim %e, dims = [0] : (tensor<4xf32>) -> tensor<4x100xf32>
  %nb = stablehlo.broadcast_in_dim %n, dims = [0] : (tensor<4xf32>) -> tensor<4x100xf32>
  %a = stablehlo.add %eb, %y : tensor<4x100xf32>
  %b = stablehlo.add %a, %nb : tensor<4x100xf32>
  %l = stablehlo.log %x : tensor<4xf32>
  %s = stablehlo.slice %l [1:3] : (tensor<4xf32>) -> tensor<2xf32>
  return %b, %s : tensor<4x100xf32>, tensor<2xf32>
}
