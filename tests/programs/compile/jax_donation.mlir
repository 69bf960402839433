// JAX marks donate_argnums on the parameters: tf.aliasing_output = N
// (jax.jit(f, donate_argnums=...)) or jax.buffer_donor = true. Both donate
// without --donate: the updated parameters are written over the old ones,
// so the aliased figure is their bytes (64 * 4 for w, 16 * 4 for b) and no
// output buffer of theirs is counted in the peak: arguments 256 + 64 + 256
// (g), outputs 256 + 64, minus 320 aliased, no temporaries: 576.
func.func @main(%w: tensor<64xf32> {tf.aliasing_output = 0 : i32}, %b: tensor<16xf32> {jax.buffer_donor = true},
                %g: tensor<64xf32>) -> (tensor<64xf32>, tensor<16xf32>) {
  check.expect_memory {alias = 320, temp = 0, peak = 576}
  %c = stablehlo.constant dense<0.1> : tensor<64xf32>
  %s = stablehlo.multiply %c, %g : tensor<64xf32>
  %nw = stablehlo.subtract %w, %s : tensor<64xf32>
  %one = stablehlo.constant dense<1.0> : tensor<16xf32>
  %nb = stablehlo.add %b, %one : tensor<16xf32>
  func.return %nw, %nb : tensor<64xf32>, tensor<16xf32>
}
