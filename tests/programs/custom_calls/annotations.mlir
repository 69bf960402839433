// The annotations JAX leaves in programs it shards (jax.sharding, shard_map):
// on one device each is its operand (parse_op_lapack.c).
func.func @main() {
  %x = stablehlo.constant dense<[1.0, -2.0, 3.5]> : tensor<3xf32>
  %s = stablehlo.custom_call @Sharding(%x) {mhlo.sharding = "{replicated}"} : (tensor<3xf32>) -> tensor<3xf32>
  %f = stablehlo.custom_call @SPMDFullToShardShape(%s) {mhlo.sharding = "{manual}"} : (tensor<3xf32>) -> tensor<3xf32>
  %n = stablehlo.negate %f : tensor<3xf32>
  %b = stablehlo.custom_call @SPMDShardToFullShape(%n) {mhlo.sharding = "{replicated}"} : (tensor<3xf32>) -> tensor<3xf32>
  %d = "stablehlo.custom_call"(%b) {call_target_name = "annotate_device_placement", has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<3xf32>) -> tensor<3xf32>
  check.expect_eq_const %d, dense<[-1.0, 2.0, -3.5]> : tensor<3xf32>
  func.return
}
