// Convolutions on NCHW inputs, im2col gathered by columns in fast mode. Written by
// tests/programs/fast/conv_nchw.py (JAX 0.10.2); expected values from jax.jit on CPU,
// exact (small integers).
func.func @main() {
  %blocks_split_rows_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %blocks_split_rows_r = func.call @blocks_split_rows(%blocks_split_rows_0) : (tensor<f32>) -> tensor<1x24x24xf32>
  check.expect_eq_const %blocks_split_rows_r, dense<[[[48.0, -80.0, -72.0, 48.0, 56.0, -48.0, -40.0, 136.0, -80.0, -72.0, 48.0, 56.0, -48.0, -40.0, 136.0, -80.0, -72.0, 48.0, 56.0, -48.0, -40.0, 136.0, -80.0, -96.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [24.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, 8.0, 56.0, -64.0, -72.0, 88.0, 80.0, -96.0, -64.0], [-56.0, -8.0, 96.0, -80.0, -88.0, 72.0, 64.0, -56.0, -8.0, 96.0, -80.0, -88.0, 72.0, 64.0, -56.0, -8.0, 96.0, -80.0, -88.0, 72.0, 64.0, -56.0, -8.0, -16.0]]]> : tensor<1x24x24xf32>
  %stride2_one_sided_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %stride2_one_sided_r = func.call @stride2_one_sided(%stride2_one_sided_0) : (tensor<f32>) -> tensor<2x7x9xf32>
  check.expect_eq_const %stride2_one_sided_r, dense<[[[-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0], [-88.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, -32.0, 24.0]], [[-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0], [-72.0, -32.0, 40.0, 0.0, 128.0, -24.0, -64.0, -48.0, 80.0]]]> : tensor<2x7x9xf32>
  %window_dilated_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %window_dilated_r = func.call @window_dilated(%window_dilated_0) : (tensor<f32>) -> tensor<2x20x20xf32>
  check.expect_eq_const %window_dilated_r, dense<[[[8.0, 8.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -68.0, 68.0], [8.0, 8.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -68.0, 68.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [100.0, -76.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -88.0, 60.0], [132.0, -116.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -76.0, 92.0], [132.0, -116.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -76.0, 92.0]], [[92.0, -76.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -116.0, 132.0], [92.0, -76.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -136.0, 152.0, -92.0, 140.0, -104.0, -12.0, 52.0, -116.0, 132.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [60.0, -88.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -48.0, 120.0, -132.0, 120.0, -132.0, 120.0, -48.0, -76.0, 100.0], [68.0, -68.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 8.0, 8.0], [68.0, -68.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 52.0, -12.0, -104.0, 140.0, -92.0, 152.0, -136.0, 8.0, 8.0]]]> : tensor<2x20x20xf32>
  %feature_groups_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %feature_groups_r = func.call @feature_groups(%feature_groups_0) : (tensor<f32>) -> tensor<2x12x12xf32>
  check.expect_eq_const %feature_groups_r, dense<[[[76.0, -28.0, -104.0, 100.0, 52.0, -108.0, -16.0, 104.0, -28.0, -104.0, 100.0, 64.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [80.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -48.0, 112.0, 32.0], [4.0, 48.0, 40.0, -24.0, -60.0, 72.0, 36.0, -112.0, 48.0, 40.0, -24.0, 52.0]], [[8.0, -16.0, 104.0, -28.0, -104.0, 100.0, 52.0, -108.0, -16.0, 104.0, -28.0, -48.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [-16.0, 60.0, 24.0, -40.0, -48.0, 112.0, -36.0, -72.0, 60.0, 24.0, -40.0, -12.0], [44.0, 36.0, -112.0, 48.0, 40.0, -24.0, -60.0, 72.0, 36.0, -112.0, 48.0, 12.0]]]> : tensor<2x12x12xf32>
  %one_dim_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %one_dim_r = func.call @one_dim(%one_dim_0) : (tensor<f32>) -> tensor<2x50xf32>
  check.expect_eq_const %one_dim_r, dense<[[80.0, 64.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -128.0, -128.0], [128.0, 48.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 96.0, 0.0]]> : tensor<2x50xf32>
  %wide_window_0 = stablehlo.constant dense<1.0> : tensor<f32>
  %wide_window_r = func.call @wide_window(%wide_window_0) : (tensor<f32>) -> tensor<1x4x12xf32>
  check.expect_eq_const %wide_window_r, dense<[[[95.0, -40.0, -40.0, -55.0, 55.0, -15.0, -15.0, 55.0, -15.0, -50.0, 50.0, 60.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [-45.0, 20.0, 50.0, 25.0, -105.0, 35.0, 70.0, -105.0, 35.0, 40.0, -55.0, -30.0], [-10.0, -20.0, -10.0, 105.0, -40.0, -40.0, 30.0, -40.0, -40.0, 105.0, -10.0, -20.0]]]> : tensor<1x4x12xf32>
  func.return
}
  func.func private @blocks_split_rows(%arg0: tensor<f32>) -> (tensor<1x24x24xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<1xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xi32>) -> tensor<1x64x24x24xi32>
    %2 = stablehlo.iota dim = 0 : tensor<64xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<64xi32>) -> tensor<1x64x24x24xi32>
    %4 = stablehlo.iota dim = 0 : tensor<24xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<24xi32>) -> tensor<1x64x24x24xi32>
    %6 = stablehlo.iota dim = 0 : tensor<24xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<24xi32>) -> tensor<1x64x24x24xi32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3, 4] : (tensor<1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %9 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3, 4] : (tensor<1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3, 4] : (tensor<1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %11 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3, 4] : (tensor<1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %12 = stablehlo.concatenate %8, %9, %10, %11, dim = 0 : (tensor<1x1x64x24x24xi32>, tensor<1x1x64x24x24xi32>, tensor<1x1x64x24x24xi32>, tensor<1x1x64x24x24xi32>) -> tensor<4x1x64x24x24xi32>
    %13 = stablehlo.slice %12 [0:1, 0:1, 0:64, 0:24, 0:24] : (tensor<4x1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x1x64x24x24xi32>) -> tensor<1x64x24x24xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<1x64x24x24xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %18 = stablehlo.add %17, %16 : tensor<1x64x24x24xi32>
    %19 = stablehlo.slice %12 [1:2, 0:1, 0:64, 0:24, 0:24] : (tensor<4x1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %20 = stablehlo.reshape %19 : (tensor<1x1x64x24x24xi32>) -> tensor<1x64x24x24xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %22 = stablehlo.multiply %20, %21 : tensor<1x64x24x24xi32>
    %23 = stablehlo.add %18, %22 : tensor<1x64x24x24xi32>
    %24 = stablehlo.slice %12 [2:3, 0:1, 0:64, 0:24, 0:24] : (tensor<4x1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x1x64x24x24xi32>) -> tensor<1x64x24x24xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %27 = stablehlo.multiply %25, %26 : tensor<1x64x24x24xi32>
    %28 = stablehlo.add %23, %27 : tensor<1x64x24x24xi32>
    %29 = stablehlo.slice %12 [3:4, 0:1, 0:64, 0:24, 0:24] : (tensor<4x1x64x24x24xi32>) -> tensor<1x1x64x24x24xi32>
    %30 = stablehlo.reshape %29 : (tensor<1x1x64x24x24xi32>) -> tensor<1x64x24x24xi32>
    %c_3 = stablehlo.constant dense<9> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %32 = stablehlo.multiply %30, %31 : tensor<1x64x24x24xi32>
    %33 = stablehlo.add %28, %32 : tensor<1x64x24x24xi32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %34 = call @blocks_split_rows_remainder(%33, %c_4) : (tensor<1x64x24x24xi32>, tensor<i32>) -> tensor<1x64x24x24xi32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %36 = stablehlo.subtract %34, %35 : tensor<1x64x24x24xi32>
    %37 = stablehlo.convert %36 : (tensor<1x64x24x24xi32>) -> tensor<1x64x24x24xf32>
    %38 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<1x64x24x24xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<1x64x24x24xf32>
    %40 = stablehlo.iota dim = 0 : tensor<8xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<8xi32>) -> tensor<8x64x3x3xi32>
    %42 = stablehlo.iota dim = 0 : tensor<64xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<64xi32>) -> tensor<8x64x3x3xi32>
    %44 = stablehlo.iota dim = 0 : tensor<3xi32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [2] : (tensor<3xi32>) -> tensor<8x64x3x3xi32>
    %46 = stablehlo.iota dim = 0 : tensor<3xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<3xi32>) -> tensor<8x64x3x3xi32>
    %48 = stablehlo.broadcast_in_dim %41, dims = [1, 2, 3, 4] : (tensor<8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %49 = stablehlo.broadcast_in_dim %43, dims = [1, 2, 3, 4] : (tensor<8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [1, 2, 3, 4] : (tensor<8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %51 = stablehlo.broadcast_in_dim %47, dims = [1, 2, 3, 4] : (tensor<8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %52 = stablehlo.concatenate %48, %49, %50, %51, dim = 0 : (tensor<1x8x64x3x3xi32>, tensor<1x8x64x3x3xi32>, tensor<1x8x64x3x3xi32>, tensor<1x8x64x3x3xi32>) -> tensor<4x8x64x3x3xi32>
    %53 = stablehlo.slice %52 [0:1, 0:8, 0:64, 0:3, 0:3] : (tensor<4x8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x8x64x3x3xi32>) -> tensor<8x64x3x3xi32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<8x64x3x3xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %58 = stablehlo.add %57, %56 : tensor<8x64x3x3xi32>
    %59 = stablehlo.slice %52 [1:2, 0:8, 0:64, 0:3, 0:3] : (tensor<4x8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %60 = stablehlo.reshape %59 : (tensor<1x8x64x3x3xi32>) -> tensor<8x64x3x3xi32>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %62 = stablehlo.multiply %60, %61 : tensor<8x64x3x3xi32>
    %63 = stablehlo.add %58, %62 : tensor<8x64x3x3xi32>
    %64 = stablehlo.slice %52 [2:3, 0:8, 0:64, 0:3, 0:3] : (tensor<4x8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %65 = stablehlo.reshape %64 : (tensor<1x8x64x3x3xi32>) -> tensor<8x64x3x3xi32>
    %c_9 = stablehlo.constant dense<9> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %67 = stablehlo.multiply %65, %66 : tensor<8x64x3x3xi32>
    %68 = stablehlo.add %63, %67 : tensor<8x64x3x3xi32>
    %69 = stablehlo.slice %52 [3:4, 0:8, 0:64, 0:3, 0:3] : (tensor<4x8x64x3x3xi32>) -> tensor<1x8x64x3x3xi32>
    %70 = stablehlo.reshape %69 : (tensor<1x8x64x3x3xi32>) -> tensor<8x64x3x3xi32>
    %c_10 = stablehlo.constant dense<11> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %72 = stablehlo.multiply %70, %71 : tensor<8x64x3x3xi32>
    %73 = stablehlo.add %68, %72 : tensor<8x64x3x3xi32>
    %c_11 = stablehlo.constant dense<5> : tensor<i32>
    %74 = call @blocks_split_rows_remainder_0(%73, %c_11) : (tensor<8x64x3x3xi32>, tensor<i32>) -> tensor<8x64x3x3xi32>
    %c_12 = stablehlo.constant dense<2> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %76 = stablehlo.subtract %74, %75 : tensor<8x64x3x3xi32>
    %77 = stablehlo.convert %76 : (tensor<8x64x3x3xi32>) -> tensor<8x64x3x3xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8x64x3x3xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<8x64x3x3xf32>
    %80 = stablehlo.convolution(%39, %79) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x64x24x24xf32>, tensor<8x64x3x3xf32>) -> tensor<1x8x24x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<1x8x24x24xf32>, tensor<f32>) -> tensor<1x24x24xf32>
    return %81 : tensor<1x24x24xf32>
  }
  func.func private @blocks_split_rows_remainder(%arg0: tensor<1x64x24x24xi32>, %arg1: tensor<i32>) -> tensor<1x64x24x24xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @blocks_split_rows__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<1x64x24x24xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<1x64x24x24xi32>, tensor<1x64x24x24xi32>) -> tensor<1x64x24x24xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<1x64x24x24xi32>, tensor<1x64x24x24xi32>) -> tensor<1x64x24x24xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<1x64x24x24xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<1x64x24x24xi1>, tensor<1x64x24x24xi1>) -> tensor<1x64x24x24xi1>
    %12 = stablehlo.and %11, %6 : tensor<1x64x24x24xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1x64x24x24xi32>
    %14 = stablehlo.add %4, %13 : tensor<1x64x24x24xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<1x64x24x24xi1>, tensor<1x64x24x24xi32>
    return %15 : tensor<1x64x24x24xi32>
  }
  func.func private @blocks_split_rows__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @blocks_split_rows_remainder_0(%arg0: tensor<8x64x3x3xi32>, %arg1: tensor<i32>) -> tensor<8x64x3x3xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @blocks_split_rows__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8x64x3x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8x64x3x3xi32>, tensor<8x64x3x3xi32>) -> tensor<8x64x3x3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8x64x3x3xi32>, tensor<8x64x3x3xi32>) -> tensor<8x64x3x3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8x64x3x3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8x64x3x3xi1>, tensor<8x64x3x3xi1>) -> tensor<8x64x3x3xi1>
    %12 = stablehlo.and %11, %6 : tensor<8x64x3x3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x64x3x3xi32>
    %14 = stablehlo.add %4, %13 : tensor<8x64x3x3xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<8x64x3x3xi1>, tensor<8x64x3x3xi32>
    return %15 : tensor<8x64x3x3xi32>
  }
  func.func private @stride2_one_sided(%arg0: tensor<f32>) -> (tensor<2x7x9xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<2xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xi32>) -> tensor<2x16x15x17xi32>
    %2 = stablehlo.iota dim = 0 : tensor<16xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<16xi32>) -> tensor<2x16x15x17xi32>
    %4 = stablehlo.iota dim = 0 : tensor<15xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<15xi32>) -> tensor<2x16x15x17xi32>
    %6 = stablehlo.iota dim = 0 : tensor<17xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<17xi32>) -> tensor<2x16x15x17xi32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3, 4] : (tensor<2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %9 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3, 4] : (tensor<2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3, 4] : (tensor<2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %11 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3, 4] : (tensor<2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %12 = stablehlo.concatenate %8, %9, %10, %11, dim = 0 : (tensor<1x2x16x15x17xi32>, tensor<1x2x16x15x17xi32>, tensor<1x2x16x15x17xi32>, tensor<1x2x16x15x17xi32>) -> tensor<4x2x16x15x17xi32>
    %13 = stablehlo.slice %12 [0:1, 0:2, 0:16, 0:15, 0:17] : (tensor<4x2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x2x16x15x17xi32>) -> tensor<2x16x15x17xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<2x16x15x17xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %18 = stablehlo.add %17, %16 : tensor<2x16x15x17xi32>
    %19 = stablehlo.slice %12 [1:2, 0:2, 0:16, 0:15, 0:17] : (tensor<4x2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %20 = stablehlo.reshape %19 : (tensor<1x2x16x15x17xi32>) -> tensor<2x16x15x17xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %22 = stablehlo.multiply %20, %21 : tensor<2x16x15x17xi32>
    %23 = stablehlo.add %18, %22 : tensor<2x16x15x17xi32>
    %24 = stablehlo.slice %12 [2:3, 0:2, 0:16, 0:15, 0:17] : (tensor<4x2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x2x16x15x17xi32>) -> tensor<2x16x15x17xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %27 = stablehlo.multiply %25, %26 : tensor<2x16x15x17xi32>
    %28 = stablehlo.add %23, %27 : tensor<2x16x15x17xi32>
    %29 = stablehlo.slice %12 [3:4, 0:2, 0:16, 0:15, 0:17] : (tensor<4x2x16x15x17xi32>) -> tensor<1x2x16x15x17xi32>
    %30 = stablehlo.reshape %29 : (tensor<1x2x16x15x17xi32>) -> tensor<2x16x15x17xi32>
    %c_3 = stablehlo.constant dense<9> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %32 = stablehlo.multiply %30, %31 : tensor<2x16x15x17xi32>
    %33 = stablehlo.add %28, %32 : tensor<2x16x15x17xi32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %34 = call @stride2_one_sided_remainder(%33, %c_4) : (tensor<2x16x15x17xi32>, tensor<i32>) -> tensor<2x16x15x17xi32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %36 = stablehlo.subtract %34, %35 : tensor<2x16x15x17xi32>
    %37 = stablehlo.convert %36 : (tensor<2x16x15x17xi32>) -> tensor<2x16x15x17xf32>
    %38 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x16x15x17xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<2x16x15x17xf32>
    %40 = stablehlo.iota dim = 0 : tensor<8xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<8xi32>) -> tensor<8x16x3x3xi32>
    %42 = stablehlo.iota dim = 0 : tensor<16xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<16xi32>) -> tensor<8x16x3x3xi32>
    %44 = stablehlo.iota dim = 0 : tensor<3xi32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [2] : (tensor<3xi32>) -> tensor<8x16x3x3xi32>
    %46 = stablehlo.iota dim = 0 : tensor<3xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<3xi32>) -> tensor<8x16x3x3xi32>
    %48 = stablehlo.broadcast_in_dim %41, dims = [1, 2, 3, 4] : (tensor<8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %49 = stablehlo.broadcast_in_dim %43, dims = [1, 2, 3, 4] : (tensor<8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [1, 2, 3, 4] : (tensor<8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %51 = stablehlo.broadcast_in_dim %47, dims = [1, 2, 3, 4] : (tensor<8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %52 = stablehlo.concatenate %48, %49, %50, %51, dim = 0 : (tensor<1x8x16x3x3xi32>, tensor<1x8x16x3x3xi32>, tensor<1x8x16x3x3xi32>, tensor<1x8x16x3x3xi32>) -> tensor<4x8x16x3x3xi32>
    %53 = stablehlo.slice %52 [0:1, 0:8, 0:16, 0:3, 0:3] : (tensor<4x8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x8x16x3x3xi32>) -> tensor<8x16x3x3xi32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<8x16x3x3xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %58 = stablehlo.add %57, %56 : tensor<8x16x3x3xi32>
    %59 = stablehlo.slice %52 [1:2, 0:8, 0:16, 0:3, 0:3] : (tensor<4x8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %60 = stablehlo.reshape %59 : (tensor<1x8x16x3x3xi32>) -> tensor<8x16x3x3xi32>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %62 = stablehlo.multiply %60, %61 : tensor<8x16x3x3xi32>
    %63 = stablehlo.add %58, %62 : tensor<8x16x3x3xi32>
    %64 = stablehlo.slice %52 [2:3, 0:8, 0:16, 0:3, 0:3] : (tensor<4x8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %65 = stablehlo.reshape %64 : (tensor<1x8x16x3x3xi32>) -> tensor<8x16x3x3xi32>
    %c_9 = stablehlo.constant dense<9> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %67 = stablehlo.multiply %65, %66 : tensor<8x16x3x3xi32>
    %68 = stablehlo.add %63, %67 : tensor<8x16x3x3xi32>
    %69 = stablehlo.slice %52 [3:4, 0:8, 0:16, 0:3, 0:3] : (tensor<4x8x16x3x3xi32>) -> tensor<1x8x16x3x3xi32>
    %70 = stablehlo.reshape %69 : (tensor<1x8x16x3x3xi32>) -> tensor<8x16x3x3xi32>
    %c_10 = stablehlo.constant dense<11> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %72 = stablehlo.multiply %70, %71 : tensor<8x16x3x3xi32>
    %73 = stablehlo.add %68, %72 : tensor<8x16x3x3xi32>
    %c_11 = stablehlo.constant dense<5> : tensor<i32>
    %74 = call @stride2_one_sided_remainder_0(%73, %c_11) : (tensor<8x16x3x3xi32>, tensor<i32>) -> tensor<8x16x3x3xi32>
    %c_12 = stablehlo.constant dense<2> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %76 = stablehlo.subtract %74, %75 : tensor<8x16x3x3xi32>
    %77 = stablehlo.convert %76 : (tensor<8x16x3x3xi32>) -> tensor<8x16x3x3xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8x16x3x3xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<8x16x3x3xf32>
    %80 = stablehlo.convolution(%39, %79) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 1], [1, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x16x15x17xf32>, tensor<8x16x3x3xf32>) -> tensor<2x8x7x9xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8x7x9xf32>, tensor<f32>) -> tensor<2x7x9xf32>
    return %81 : tensor<2x7x9xf32>
  }
  func.func private @stride2_one_sided_remainder(%arg0: tensor<2x16x15x17xi32>, %arg1: tensor<i32>) -> tensor<2x16x15x17xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @stride2_one_sided__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2x16x15x17xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2x16x15x17xi32>, tensor<2x16x15x17xi32>) -> tensor<2x16x15x17xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2x16x15x17xi32>, tensor<2x16x15x17xi32>) -> tensor<2x16x15x17xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2x16x15x17xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2x16x15x17xi1>, tensor<2x16x15x17xi1>) -> tensor<2x16x15x17xi1>
    %12 = stablehlo.and %11, %6 : tensor<2x16x15x17xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x16x15x17xi32>
    %14 = stablehlo.add %4, %13 : tensor<2x16x15x17xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2x16x15x17xi1>, tensor<2x16x15x17xi32>
    return %15 : tensor<2x16x15x17xi32>
  }
  func.func private @stride2_one_sided__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @stride2_one_sided_remainder_0(%arg0: tensor<8x16x3x3xi32>, %arg1: tensor<i32>) -> tensor<8x16x3x3xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @stride2_one_sided__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8x16x3x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8x16x3x3xi32>, tensor<8x16x3x3xi32>) -> tensor<8x16x3x3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8x16x3x3xi32>, tensor<8x16x3x3xi32>) -> tensor<8x16x3x3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8x16x3x3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8x16x3x3xi1>, tensor<8x16x3x3xi1>) -> tensor<8x16x3x3xi1>
    %12 = stablehlo.and %11, %6 : tensor<8x16x3x3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x16x3x3xi32>
    %14 = stablehlo.add %4, %13 : tensor<8x16x3x3xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<8x16x3x3xi1>, tensor<8x16x3x3xi32>
    return %15 : tensor<8x16x3x3xi32>
  }
  func.func private @window_dilated(%arg0: tensor<f32>) -> (tensor<2x20x20xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<2xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xi32>) -> tensor<2x8x20x20xi32>
    %2 = stablehlo.iota dim = 0 : tensor<8xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<8xi32>) -> tensor<2x8x20x20xi32>
    %4 = stablehlo.iota dim = 0 : tensor<20xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<20xi32>) -> tensor<2x8x20x20xi32>
    %6 = stablehlo.iota dim = 0 : tensor<20xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<20xi32>) -> tensor<2x8x20x20xi32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3, 4] : (tensor<2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %9 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3, 4] : (tensor<2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3, 4] : (tensor<2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %11 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3, 4] : (tensor<2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %12 = stablehlo.concatenate %8, %9, %10, %11, dim = 0 : (tensor<1x2x8x20x20xi32>, tensor<1x2x8x20x20xi32>, tensor<1x2x8x20x20xi32>, tensor<1x2x8x20x20xi32>) -> tensor<4x2x8x20x20xi32>
    %13 = stablehlo.slice %12 [0:1, 0:2, 0:8, 0:20, 0:20] : (tensor<4x2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x2x8x20x20xi32>) -> tensor<2x8x20x20xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<2x8x20x20xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %18 = stablehlo.add %17, %16 : tensor<2x8x20x20xi32>
    %19 = stablehlo.slice %12 [1:2, 0:2, 0:8, 0:20, 0:20] : (tensor<4x2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %20 = stablehlo.reshape %19 : (tensor<1x2x8x20x20xi32>) -> tensor<2x8x20x20xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %22 = stablehlo.multiply %20, %21 : tensor<2x8x20x20xi32>
    %23 = stablehlo.add %18, %22 : tensor<2x8x20x20xi32>
    %24 = stablehlo.slice %12 [2:3, 0:2, 0:8, 0:20, 0:20] : (tensor<4x2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x2x8x20x20xi32>) -> tensor<2x8x20x20xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %27 = stablehlo.multiply %25, %26 : tensor<2x8x20x20xi32>
    %28 = stablehlo.add %23, %27 : tensor<2x8x20x20xi32>
    %29 = stablehlo.slice %12 [3:4, 0:2, 0:8, 0:20, 0:20] : (tensor<4x2x8x20x20xi32>) -> tensor<1x2x8x20x20xi32>
    %30 = stablehlo.reshape %29 : (tensor<1x2x8x20x20xi32>) -> tensor<2x8x20x20xi32>
    %c_3 = stablehlo.constant dense<9> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %32 = stablehlo.multiply %30, %31 : tensor<2x8x20x20xi32>
    %33 = stablehlo.add %28, %32 : tensor<2x8x20x20xi32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %34 = call @window_dilated_remainder(%33, %c_4) : (tensor<2x8x20x20xi32>, tensor<i32>) -> tensor<2x8x20x20xi32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %36 = stablehlo.subtract %34, %35 : tensor<2x8x20x20xi32>
    %37 = stablehlo.convert %36 : (tensor<2x8x20x20xi32>) -> tensor<2x8x20x20xf32>
    %38 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x8x20x20xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<2x8x20x20xf32>
    %40 = stablehlo.iota dim = 0 : tensor<4xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<4xi32>) -> tensor<4x8x3x3xi32>
    %42 = stablehlo.iota dim = 0 : tensor<8xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<8xi32>) -> tensor<4x8x3x3xi32>
    %44 = stablehlo.iota dim = 0 : tensor<3xi32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [2] : (tensor<3xi32>) -> tensor<4x8x3x3xi32>
    %46 = stablehlo.iota dim = 0 : tensor<3xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<3xi32>) -> tensor<4x8x3x3xi32>
    %48 = stablehlo.broadcast_in_dim %41, dims = [1, 2, 3, 4] : (tensor<4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %49 = stablehlo.broadcast_in_dim %43, dims = [1, 2, 3, 4] : (tensor<4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [1, 2, 3, 4] : (tensor<4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %51 = stablehlo.broadcast_in_dim %47, dims = [1, 2, 3, 4] : (tensor<4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %52 = stablehlo.concatenate %48, %49, %50, %51, dim = 0 : (tensor<1x4x8x3x3xi32>, tensor<1x4x8x3x3xi32>, tensor<1x4x8x3x3xi32>, tensor<1x4x8x3x3xi32>) -> tensor<4x4x8x3x3xi32>
    %53 = stablehlo.slice %52 [0:1, 0:4, 0:8, 0:3, 0:3] : (tensor<4x4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x4x8x3x3xi32>) -> tensor<4x8x3x3xi32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<4x8x3x3xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %58 = stablehlo.add %57, %56 : tensor<4x8x3x3xi32>
    %59 = stablehlo.slice %52 [1:2, 0:4, 0:8, 0:3, 0:3] : (tensor<4x4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %60 = stablehlo.reshape %59 : (tensor<1x4x8x3x3xi32>) -> tensor<4x8x3x3xi32>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %62 = stablehlo.multiply %60, %61 : tensor<4x8x3x3xi32>
    %63 = stablehlo.add %58, %62 : tensor<4x8x3x3xi32>
    %64 = stablehlo.slice %52 [2:3, 0:4, 0:8, 0:3, 0:3] : (tensor<4x4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %65 = stablehlo.reshape %64 : (tensor<1x4x8x3x3xi32>) -> tensor<4x8x3x3xi32>
    %c_9 = stablehlo.constant dense<9> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %67 = stablehlo.multiply %65, %66 : tensor<4x8x3x3xi32>
    %68 = stablehlo.add %63, %67 : tensor<4x8x3x3xi32>
    %69 = stablehlo.slice %52 [3:4, 0:4, 0:8, 0:3, 0:3] : (tensor<4x4x8x3x3xi32>) -> tensor<1x4x8x3x3xi32>
    %70 = stablehlo.reshape %69 : (tensor<1x4x8x3x3xi32>) -> tensor<4x8x3x3xi32>
    %c_10 = stablehlo.constant dense<11> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %72 = stablehlo.multiply %70, %71 : tensor<4x8x3x3xi32>
    %73 = stablehlo.add %68, %72 : tensor<4x8x3x3xi32>
    %c_11 = stablehlo.constant dense<5> : tensor<i32>
    %74 = call @window_dilated_remainder_0(%73, %c_11) : (tensor<4x8x3x3xi32>, tensor<i32>) -> tensor<4x8x3x3xi32>
    %c_12 = stablehlo.constant dense<2> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %76 = stablehlo.subtract %74, %75 : tensor<4x8x3x3xi32>
    %77 = stablehlo.convert %76 : (tensor<4x8x3x3xi32>) -> tensor<4x8x3x3xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4x8x3x3xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<4x8x3x3xf32>
    %80 = stablehlo.convolution(%39, %79) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x20x20xf32>, tensor<4x8x3x3xf32>) -> tensor<2x4x20x20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x4x20x20xf32>, tensor<f32>) -> tensor<2x20x20xf32>
    return %81 : tensor<2x20x20xf32>
  }
  func.func private @window_dilated_remainder(%arg0: tensor<2x8x20x20xi32>, %arg1: tensor<i32>) -> tensor<2x8x20x20xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @window_dilated__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2x8x20x20xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2x8x20x20xi32>, tensor<2x8x20x20xi32>) -> tensor<2x8x20x20xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2x8x20x20xi32>, tensor<2x8x20x20xi32>) -> tensor<2x8x20x20xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2x8x20x20xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2x8x20x20xi1>, tensor<2x8x20x20xi1>) -> tensor<2x8x20x20xi1>
    %12 = stablehlo.and %11, %6 : tensor<2x8x20x20xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x8x20x20xi32>
    %14 = stablehlo.add %4, %13 : tensor<2x8x20x20xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2x8x20x20xi1>, tensor<2x8x20x20xi32>
    return %15 : tensor<2x8x20x20xi32>
  }
  func.func private @window_dilated__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @window_dilated_remainder_0(%arg0: tensor<4x8x3x3xi32>, %arg1: tensor<i32>) -> tensor<4x8x3x3xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @window_dilated__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4x8x3x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4x8x3x3xi32>, tensor<4x8x3x3xi32>) -> tensor<4x8x3x3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4x8x3x3xi32>, tensor<4x8x3x3xi32>) -> tensor<4x8x3x3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4x8x3x3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4x8x3x3xi1>, tensor<4x8x3x3xi1>) -> tensor<4x8x3x3xi1>
    %12 = stablehlo.and %11, %6 : tensor<4x8x3x3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4x8x3x3xi32>
    %14 = stablehlo.add %4, %13 : tensor<4x8x3x3xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4x8x3x3xi1>, tensor<4x8x3x3xi32>
    return %15 : tensor<4x8x3x3xi32>
  }
  func.func private @feature_groups(%arg0: tensor<f32>) -> (tensor<2x12x12xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<2xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xi32>) -> tensor<2x8x12x12xi32>
    %2 = stablehlo.iota dim = 0 : tensor<8xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<8xi32>) -> tensor<2x8x12x12xi32>
    %4 = stablehlo.iota dim = 0 : tensor<12xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<12xi32>) -> tensor<2x8x12x12xi32>
    %6 = stablehlo.iota dim = 0 : tensor<12xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<12xi32>) -> tensor<2x8x12x12xi32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3, 4] : (tensor<2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %9 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3, 4] : (tensor<2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3, 4] : (tensor<2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %11 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3, 4] : (tensor<2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %12 = stablehlo.concatenate %8, %9, %10, %11, dim = 0 : (tensor<1x2x8x12x12xi32>, tensor<1x2x8x12x12xi32>, tensor<1x2x8x12x12xi32>, tensor<1x2x8x12x12xi32>) -> tensor<4x2x8x12x12xi32>
    %13 = stablehlo.slice %12 [0:1, 0:2, 0:8, 0:12, 0:12] : (tensor<4x2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x2x8x12x12xi32>) -> tensor<2x8x12x12xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<2x8x12x12xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %18 = stablehlo.add %17, %16 : tensor<2x8x12x12xi32>
    %19 = stablehlo.slice %12 [1:2, 0:2, 0:8, 0:12, 0:12] : (tensor<4x2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %20 = stablehlo.reshape %19 : (tensor<1x2x8x12x12xi32>) -> tensor<2x8x12x12xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %22 = stablehlo.multiply %20, %21 : tensor<2x8x12x12xi32>
    %23 = stablehlo.add %18, %22 : tensor<2x8x12x12xi32>
    %24 = stablehlo.slice %12 [2:3, 0:2, 0:8, 0:12, 0:12] : (tensor<4x2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x2x8x12x12xi32>) -> tensor<2x8x12x12xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %27 = stablehlo.multiply %25, %26 : tensor<2x8x12x12xi32>
    %28 = stablehlo.add %23, %27 : tensor<2x8x12x12xi32>
    %29 = stablehlo.slice %12 [3:4, 0:2, 0:8, 0:12, 0:12] : (tensor<4x2x8x12x12xi32>) -> tensor<1x2x8x12x12xi32>
    %30 = stablehlo.reshape %29 : (tensor<1x2x8x12x12xi32>) -> tensor<2x8x12x12xi32>
    %c_3 = stablehlo.constant dense<9> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %32 = stablehlo.multiply %30, %31 : tensor<2x8x12x12xi32>
    %33 = stablehlo.add %28, %32 : tensor<2x8x12x12xi32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %34 = call @feature_groups_remainder(%33, %c_4) : (tensor<2x8x12x12xi32>, tensor<i32>) -> tensor<2x8x12x12xi32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %36 = stablehlo.subtract %34, %35 : tensor<2x8x12x12xi32>
    %37 = stablehlo.convert %36 : (tensor<2x8x12x12xi32>) -> tensor<2x8x12x12xf32>
    %38 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x8x12x12xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<2x8x12x12xf32>
    %40 = stablehlo.iota dim = 0 : tensor<8xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<8xi32>) -> tensor<8x4x3x3xi32>
    %42 = stablehlo.iota dim = 0 : tensor<4xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<4xi32>) -> tensor<8x4x3x3xi32>
    %44 = stablehlo.iota dim = 0 : tensor<3xi32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [2] : (tensor<3xi32>) -> tensor<8x4x3x3xi32>
    %46 = stablehlo.iota dim = 0 : tensor<3xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<3xi32>) -> tensor<8x4x3x3xi32>
    %48 = stablehlo.broadcast_in_dim %41, dims = [1, 2, 3, 4] : (tensor<8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %49 = stablehlo.broadcast_in_dim %43, dims = [1, 2, 3, 4] : (tensor<8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [1, 2, 3, 4] : (tensor<8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %51 = stablehlo.broadcast_in_dim %47, dims = [1, 2, 3, 4] : (tensor<8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %52 = stablehlo.concatenate %48, %49, %50, %51, dim = 0 : (tensor<1x8x4x3x3xi32>, tensor<1x8x4x3x3xi32>, tensor<1x8x4x3x3xi32>, tensor<1x8x4x3x3xi32>) -> tensor<4x8x4x3x3xi32>
    %53 = stablehlo.slice %52 [0:1, 0:8, 0:4, 0:3, 0:3] : (tensor<4x8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x8x4x3x3xi32>) -> tensor<8x4x3x3xi32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<8x4x3x3xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %58 = stablehlo.add %57, %56 : tensor<8x4x3x3xi32>
    %59 = stablehlo.slice %52 [1:2, 0:8, 0:4, 0:3, 0:3] : (tensor<4x8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %60 = stablehlo.reshape %59 : (tensor<1x8x4x3x3xi32>) -> tensor<8x4x3x3xi32>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %62 = stablehlo.multiply %60, %61 : tensor<8x4x3x3xi32>
    %63 = stablehlo.add %58, %62 : tensor<8x4x3x3xi32>
    %64 = stablehlo.slice %52 [2:3, 0:8, 0:4, 0:3, 0:3] : (tensor<4x8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %65 = stablehlo.reshape %64 : (tensor<1x8x4x3x3xi32>) -> tensor<8x4x3x3xi32>
    %c_9 = stablehlo.constant dense<9> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %67 = stablehlo.multiply %65, %66 : tensor<8x4x3x3xi32>
    %68 = stablehlo.add %63, %67 : tensor<8x4x3x3xi32>
    %69 = stablehlo.slice %52 [3:4, 0:8, 0:4, 0:3, 0:3] : (tensor<4x8x4x3x3xi32>) -> tensor<1x8x4x3x3xi32>
    %70 = stablehlo.reshape %69 : (tensor<1x8x4x3x3xi32>) -> tensor<8x4x3x3xi32>
    %c_10 = stablehlo.constant dense<11> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %72 = stablehlo.multiply %70, %71 : tensor<8x4x3x3xi32>
    %73 = stablehlo.add %68, %72 : tensor<8x4x3x3xi32>
    %c_11 = stablehlo.constant dense<5> : tensor<i32>
    %74 = call @feature_groups_remainder_0(%73, %c_11) : (tensor<8x4x3x3xi32>, tensor<i32>) -> tensor<8x4x3x3xi32>
    %c_12 = stablehlo.constant dense<2> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %76 = stablehlo.subtract %74, %75 : tensor<8x4x3x3xi32>
    %77 = stablehlo.convert %76 : (tensor<8x4x3x3xi32>) -> tensor<8x4x3x3xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8x4x3x3xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<8x4x3x3xf32>
    %80 = stablehlo.convolution(%39, %79) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x12x12xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x12x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x8x12x12xf32>, tensor<f32>) -> tensor<2x12x12xf32>
    return %81 : tensor<2x12x12xf32>
  }
  func.func private @feature_groups_remainder(%arg0: tensor<2x8x12x12xi32>, %arg1: tensor<i32>) -> tensor<2x8x12x12xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @feature_groups__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2x8x12x12xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2x8x12x12xi32>, tensor<2x8x12x12xi32>) -> tensor<2x8x12x12xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2x8x12x12xi32>, tensor<2x8x12x12xi32>) -> tensor<2x8x12x12xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2x8x12x12xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2x8x12x12xi1>, tensor<2x8x12x12xi1>) -> tensor<2x8x12x12xi1>
    %12 = stablehlo.and %11, %6 : tensor<2x8x12x12xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x8x12x12xi32>
    %14 = stablehlo.add %4, %13 : tensor<2x8x12x12xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2x8x12x12xi1>, tensor<2x8x12x12xi32>
    return %15 : tensor<2x8x12x12xi32>
  }
  func.func private @feature_groups__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @feature_groups_remainder_0(%arg0: tensor<8x4x3x3xi32>, %arg1: tensor<i32>) -> tensor<8x4x3x3xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @feature_groups__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8x4x3x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8x4x3x3xi32>, tensor<8x4x3x3xi32>) -> tensor<8x4x3x3xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8x4x3x3xi32>, tensor<8x4x3x3xi32>) -> tensor<8x4x3x3xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8x4x3x3xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8x4x3x3xi1>, tensor<8x4x3x3xi1>) -> tensor<8x4x3x3xi1>
    %12 = stablehlo.and %11, %6 : tensor<8x4x3x3xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8x4x3x3xi32>
    %14 = stablehlo.add %4, %13 : tensor<8x4x3x3xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<8x4x3x3xi1>, tensor<8x4x3x3xi32>
    return %15 : tensor<8x4x3x3xi32>
  }
  func.func private @one_dim(%arg0: tensor<f32>) -> (tensor<2x50xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<2xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<2xi32>) -> tensor<2x32x50xi32>
    %2 = stablehlo.iota dim = 0 : tensor<32xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<32xi32>) -> tensor<2x32x50xi32>
    %4 = stablehlo.iota dim = 0 : tensor<50xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<50xi32>) -> tensor<2x32x50xi32>
    %6 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3] : (tensor<2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %7 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3] : (tensor<2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %8 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3] : (tensor<2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %9 = stablehlo.concatenate %6, %7, %8, dim = 0 : (tensor<1x2x32x50xi32>, tensor<1x2x32x50xi32>, tensor<1x2x32x50xi32>) -> tensor<3x2x32x50xi32>
    %10 = stablehlo.slice %9 [0:1, 0:2, 0:32, 0:50] : (tensor<3x2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %11 = stablehlo.reshape %10 : (tensor<1x2x32x50xi32>) -> tensor<2x32x50xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %13 = stablehlo.multiply %11, %12 : tensor<2x32x50xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %15 = stablehlo.add %14, %13 : tensor<2x32x50xi32>
    %16 = stablehlo.slice %9 [1:2, 0:2, 0:32, 0:50] : (tensor<3x2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %17 = stablehlo.reshape %16 : (tensor<1x2x32x50xi32>) -> tensor<2x32x50xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %19 = stablehlo.multiply %17, %18 : tensor<2x32x50xi32>
    %20 = stablehlo.add %15, %19 : tensor<2x32x50xi32>
    %21 = stablehlo.slice %9 [2:3, 0:2, 0:32, 0:50] : (tensor<3x2x32x50xi32>) -> tensor<1x2x32x50xi32>
    %22 = stablehlo.reshape %21 : (tensor<1x2x32x50xi32>) -> tensor<2x32x50xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %24 = stablehlo.multiply %22, %23 : tensor<2x32x50xi32>
    %25 = stablehlo.add %20, %24 : tensor<2x32x50xi32>
    %c_3 = stablehlo.constant dense<7> : tensor<i32>
    %26 = call @one_dim_remainder(%25, %c_3) : (tensor<2x32x50xi32>, tensor<i32>) -> tensor<2x32x50xi32>
    %c_4 = stablehlo.constant dense<3> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %28 = stablehlo.subtract %26, %27 : tensor<2x32x50xi32>
    %29 = stablehlo.convert %28 : (tensor<2x32x50xi32>) -> tensor<2x32x50xf32>
    %30 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<2x32x50xf32>
    %31 = stablehlo.multiply %29, %30 : tensor<2x32x50xf32>
    %32 = stablehlo.iota dim = 0 : tensor<16xi32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<16xi32>) -> tensor<16x32x5xi32>
    %34 = stablehlo.iota dim = 0 : tensor<32xi32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [1] : (tensor<32xi32>) -> tensor<16x32x5xi32>
    %36 = stablehlo.iota dim = 0 : tensor<5xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [2] : (tensor<5xi32>) -> tensor<16x32x5xi32>
    %38 = stablehlo.broadcast_in_dim %33, dims = [1, 2, 3] : (tensor<16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %39 = stablehlo.broadcast_in_dim %35, dims = [1, 2, 3] : (tensor<16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %40 = stablehlo.broadcast_in_dim %37, dims = [1, 2, 3] : (tensor<16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %41 = stablehlo.concatenate %38, %39, %40, dim = 0 : (tensor<1x16x32x5xi32>, tensor<1x16x32x5xi32>, tensor<1x16x32x5xi32>) -> tensor<3x16x32x5xi32>
    %42 = stablehlo.slice %41 [0:1, 0:16, 0:32, 0:5] : (tensor<3x16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %43 = stablehlo.reshape %42 : (tensor<1x16x32x5xi32>) -> tensor<16x32x5xi32>
    %c_5 = stablehlo.constant dense<5> : tensor<i32>
    %44 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %45 = stablehlo.multiply %43, %44 : tensor<16x32x5xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %46 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %47 = stablehlo.add %46, %45 : tensor<16x32x5xi32>
    %48 = stablehlo.slice %41 [1:2, 0:16, 0:32, 0:5] : (tensor<3x16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %49 = stablehlo.reshape %48 : (tensor<1x16x32x5xi32>) -> tensor<16x32x5xi32>
    %c_7 = stablehlo.constant dense<7> : tensor<i32>
    %50 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %51 = stablehlo.multiply %49, %50 : tensor<16x32x5xi32>
    %52 = stablehlo.add %47, %51 : tensor<16x32x5xi32>
    %53 = stablehlo.slice %41 [2:3, 0:16, 0:32, 0:5] : (tensor<3x16x32x5xi32>) -> tensor<1x16x32x5xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x16x32x5xi32>) -> tensor<16x32x5xi32>
    %c_8 = stablehlo.constant dense<9> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<16x32x5xi32>
    %57 = stablehlo.add %52, %56 : tensor<16x32x5xi32>
    %c_9 = stablehlo.constant dense<5> : tensor<i32>
    %58 = call @one_dim_remainder_0(%57, %c_9) : (tensor<16x32x5xi32>, tensor<i32>) -> tensor<16x32x5xi32>
    %c_10 = stablehlo.constant dense<2> : tensor<i32>
    %59 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %60 = stablehlo.subtract %58, %59 : tensor<16x32x5xi32>
    %61 = stablehlo.convert %60 : (tensor<16x32x5xi32>) -> tensor<16x32x5xf32>
    %62 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<16x32x5xf32>
    %63 = stablehlo.multiply %61, %62 : tensor<16x32x5xf32>
    %64 = stablehlo.convolution(%31, %63) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[2, 2]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x32x50xf32>, tensor<16x32x5xf32>) -> tensor<2x16x50xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%64 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x16x50xf32>, tensor<f32>) -> tensor<2x50xf32>
    return %65 : tensor<2x50xf32>
  }
  func.func private @one_dim_remainder(%arg0: tensor<2x32x50xi32>, %arg1: tensor<i32>) -> tensor<2x32x50xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @one_dim__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<2x32x50xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<2x32x50xi32>, tensor<2x32x50xi32>) -> tensor<2x32x50xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<2x32x50xi32>, tensor<2x32x50xi32>) -> tensor<2x32x50xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<2x32x50xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<2x32x50xi1>, tensor<2x32x50xi1>) -> tensor<2x32x50xi1>
    %12 = stablehlo.and %11, %6 : tensor<2x32x50xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<2x32x50xi32>
    %14 = stablehlo.add %4, %13 : tensor<2x32x50xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<2x32x50xi1>, tensor<2x32x50xi32>
    return %15 : tensor<2x32x50xi32>
  }
  func.func private @one_dim__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @one_dim_remainder_0(%arg0: tensor<16x32x5xi32>, %arg1: tensor<i32>) -> tensor<16x32x5xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @one_dim__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<16x32x5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<16x32x5xi32>, tensor<16x32x5xi32>) -> tensor<16x32x5xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<16x32x5xi32>, tensor<16x32x5xi32>) -> tensor<16x32x5xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<16x32x5xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<16x32x5xi1>, tensor<16x32x5xi1>) -> tensor<16x32x5xi1>
    %12 = stablehlo.and %11, %6 : tensor<16x32x5xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<16x32x5xi32>
    %14 = stablehlo.add %4, %13 : tensor<16x32x5xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<16x32x5xi1>, tensor<16x32x5xi32>
    return %15 : tensor<16x32x5xi32>
  }
  func.func private @wide_window(%arg0: tensor<f32>) -> (tensor<1x4x12xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<1xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xi32>) -> tensor<1x6x7x9xi32>
    %2 = stablehlo.iota dim = 0 : tensor<6xi32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [1] : (tensor<6xi32>) -> tensor<1x6x7x9xi32>
    %4 = stablehlo.iota dim = 0 : tensor<7xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [2] : (tensor<7xi32>) -> tensor<1x6x7x9xi32>
    %6 = stablehlo.iota dim = 0 : tensor<9xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [3] : (tensor<9xi32>) -> tensor<1x6x7x9xi32>
    %8 = stablehlo.broadcast_in_dim %1, dims = [1, 2, 3, 4] : (tensor<1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %9 = stablehlo.broadcast_in_dim %3, dims = [1, 2, 3, 4] : (tensor<1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %10 = stablehlo.broadcast_in_dim %5, dims = [1, 2, 3, 4] : (tensor<1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %11 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3, 4] : (tensor<1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %12 = stablehlo.concatenate %8, %9, %10, %11, dim = 0 : (tensor<1x1x6x7x9xi32>, tensor<1x1x6x7x9xi32>, tensor<1x1x6x7x9xi32>, tensor<1x1x6x7x9xi32>) -> tensor<4x1x6x7x9xi32>
    %13 = stablehlo.slice %12 [0:1, 0:1, 0:6, 0:7, 0:9] : (tensor<4x1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x1x6x7x9xi32>) -> tensor<1x6x7x9xi32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %16 = stablehlo.multiply %14, %15 : tensor<1x6x7x9xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %18 = stablehlo.add %17, %16 : tensor<1x6x7x9xi32>
    %19 = stablehlo.slice %12 [1:2, 0:1, 0:6, 0:7, 0:9] : (tensor<4x1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %20 = stablehlo.reshape %19 : (tensor<1x1x6x7x9xi32>) -> tensor<1x6x7x9xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %22 = stablehlo.multiply %20, %21 : tensor<1x6x7x9xi32>
    %23 = stablehlo.add %18, %22 : tensor<1x6x7x9xi32>
    %24 = stablehlo.slice %12 [2:3, 0:1, 0:6, 0:7, 0:9] : (tensor<4x1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x1x6x7x9xi32>) -> tensor<1x6x7x9xi32>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %27 = stablehlo.multiply %25, %26 : tensor<1x6x7x9xi32>
    %28 = stablehlo.add %23, %27 : tensor<1x6x7x9xi32>
    %29 = stablehlo.slice %12 [3:4, 0:1, 0:6, 0:7, 0:9] : (tensor<4x1x6x7x9xi32>) -> tensor<1x1x6x7x9xi32>
    %30 = stablehlo.reshape %29 : (tensor<1x1x6x7x9xi32>) -> tensor<1x6x7x9xi32>
    %c_3 = stablehlo.constant dense<9> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %32 = stablehlo.multiply %30, %31 : tensor<1x6x7x9xi32>
    %33 = stablehlo.add %28, %32 : tensor<1x6x7x9xi32>
    %c_4 = stablehlo.constant dense<7> : tensor<i32>
    %34 = call @wide_window_remainder(%33, %c_4) : (tensor<1x6x7x9xi32>, tensor<i32>) -> tensor<1x6x7x9xi32>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %36 = stablehlo.subtract %34, %35 : tensor<1x6x7x9xi32>
    %37 = stablehlo.convert %36 : (tensor<1x6x7x9xi32>) -> tensor<1x6x7x9xf32>
    %38 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<1x6x7x9xf32>
    %39 = stablehlo.multiply %37, %38 : tensor<1x6x7x9xf32>
    %40 = stablehlo.iota dim = 0 : tensor<5xi32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0] : (tensor<5xi32>) -> tensor<5x6x5x5xi32>
    %42 = stablehlo.iota dim = 0 : tensor<6xi32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [1] : (tensor<6xi32>) -> tensor<5x6x5x5xi32>
    %44 = stablehlo.iota dim = 0 : tensor<5xi32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [2] : (tensor<5xi32>) -> tensor<5x6x5x5xi32>
    %46 = stablehlo.iota dim = 0 : tensor<5xi32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [3] : (tensor<5xi32>) -> tensor<5x6x5x5xi32>
    %48 = stablehlo.broadcast_in_dim %41, dims = [1, 2, 3, 4] : (tensor<5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %49 = stablehlo.broadcast_in_dim %43, dims = [1, 2, 3, 4] : (tensor<5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %50 = stablehlo.broadcast_in_dim %45, dims = [1, 2, 3, 4] : (tensor<5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %51 = stablehlo.broadcast_in_dim %47, dims = [1, 2, 3, 4] : (tensor<5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %52 = stablehlo.concatenate %48, %49, %50, %51, dim = 0 : (tensor<1x5x6x5x5xi32>, tensor<1x5x6x5x5xi32>, tensor<1x5x6x5x5xi32>, tensor<1x5x6x5x5xi32>) -> tensor<4x5x6x5x5xi32>
    %53 = stablehlo.slice %52 [0:1, 0:5, 0:6, 0:5, 0:5] : (tensor<4x5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %54 = stablehlo.reshape %53 : (tensor<1x5x6x5x5xi32>) -> tensor<5x6x5x5xi32>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %56 = stablehlo.multiply %54, %55 : tensor<5x6x5x5xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %58 = stablehlo.add %57, %56 : tensor<5x6x5x5xi32>
    %59 = stablehlo.slice %52 [1:2, 0:5, 0:6, 0:5, 0:5] : (tensor<4x5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %60 = stablehlo.reshape %59 : (tensor<1x5x6x5x5xi32>) -> tensor<5x6x5x5xi32>
    %c_8 = stablehlo.constant dense<7> : tensor<i32>
    %61 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %62 = stablehlo.multiply %60, %61 : tensor<5x6x5x5xi32>
    %63 = stablehlo.add %58, %62 : tensor<5x6x5x5xi32>
    %64 = stablehlo.slice %52 [2:3, 0:5, 0:6, 0:5, 0:5] : (tensor<4x5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %65 = stablehlo.reshape %64 : (tensor<1x5x6x5x5xi32>) -> tensor<5x6x5x5xi32>
    %c_9 = stablehlo.constant dense<9> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %67 = stablehlo.multiply %65, %66 : tensor<5x6x5x5xi32>
    %68 = stablehlo.add %63, %67 : tensor<5x6x5x5xi32>
    %69 = stablehlo.slice %52 [3:4, 0:5, 0:6, 0:5, 0:5] : (tensor<4x5x6x5x5xi32>) -> tensor<1x5x6x5x5xi32>
    %70 = stablehlo.reshape %69 : (tensor<1x5x6x5x5xi32>) -> tensor<5x6x5x5xi32>
    %c_10 = stablehlo.constant dense<11> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %72 = stablehlo.multiply %70, %71 : tensor<5x6x5x5xi32>
    %73 = stablehlo.add %68, %72 : tensor<5x6x5x5xi32>
    %c_11 = stablehlo.constant dense<5> : tensor<i32>
    %74 = call @wide_window_remainder_0(%73, %c_11) : (tensor<5x6x5x5xi32>, tensor<i32>) -> tensor<5x6x5x5xi32>
    %c_12 = stablehlo.constant dense<2> : tensor<i32>
    %75 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %76 = stablehlo.subtract %74, %75 : tensor<5x6x5x5xi32>
    %77 = stablehlo.convert %76 : (tensor<5x6x5x5xi32>) -> tensor<5x6x5x5xf32>
    %78 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<5x6x5x5xf32>
    %79 = stablehlo.multiply %77, %78 : tensor<5x6x5x5xf32>
    %80 = stablehlo.convolution(%39, %79) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [3, 1], pad = [[3, 4], [4, 3]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x6x7x9xf32>, tensor<5x6x5x5xf32>) -> tensor<1x5x4x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<1x5x4x12xf32>, tensor<f32>) -> tensor<1x4x12xf32>
    return %81 : tensor<1x4x12xf32>
  }
  func.func private @wide_window_remainder(%arg0: tensor<1x6x7x9xi32>, %arg1: tensor<i32>) -> tensor<1x6x7x9xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @wide_window__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<1x6x7x9xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<1x6x7x9xi32>, tensor<1x6x7x9xi32>) -> tensor<1x6x7x9xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<1x6x7x9xi32>, tensor<1x6x7x9xi32>) -> tensor<1x6x7x9xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<1x6x7x9xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<1x6x7x9xi1>, tensor<1x6x7x9xi1>) -> tensor<1x6x7x9xi1>
    %12 = stablehlo.and %11, %6 : tensor<1x6x7x9xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<1x6x7x9xi32>
    %14 = stablehlo.add %4, %13 : tensor<1x6x7x9xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<1x6x7x9xi1>, tensor<1x6x7x9xi32>
    return %15 : tensor<1x6x7x9xi32>
  }
  func.func private @wide_window__where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @wide_window_remainder_0(%arg0: tensor<5x6x5x5xi32>, %arg1: tensor<i32>) -> tensor<5x6x5x5xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @wide_window__where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<5x6x5x5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<5x6x5x5xi32>, tensor<5x6x5x5xi32>) -> tensor<5x6x5x5xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<5x6x5x5xi32>, tensor<5x6x5x5xi32>) -> tensor<5x6x5x5xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<5x6x5x5xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<5x6x5x5xi1>, tensor<5x6x5x5xi1>) -> tensor<5x6x5x5xi1>
    %12 = stablehlo.and %11, %6 : tensor<5x6x5x5xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<5x6x5x5xi32>
    %14 = stablehlo.add %4, %13 : tensor<5x6x5x5xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<5x6x5x5xi1>, tensor<5x6x5x5xi32>
    return %15 : tensor<5x6x5x5xi32>
  }
