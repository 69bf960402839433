// interpreter.run_parallel on a 2 x 2 grid: all_gather with cross_replica_and_partition
// groups (src/passes/parallel.c).
module @grid {
  func.func @gather(%x : tensor<1xi64>) -> tensor<4xi64> {
    %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
                                     channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>}
        : (tensor<1xi64>) -> tensor<4xi64>
    return %g : tensor<4xi64>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1]> : tensor<1xi64>
    %b = stablehlo.constant dense<[2]> : tensor<1xi64>
    %c = stablehlo.constant dense<[3]> : tensor<1xi64>
    %d = stablehlo.constant dense<[4]> : tensor<1xi64>
    %r:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@gather, @gather], [@gather, @gather]]}
        : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<4xi64>, tensor<4xi64>)
    // processes (0,0) a, (0,1) b, (1,0) c, (1,1) d; the group is partition-major: (0,0), (1,0), (0,1), (1,1)
    check.expect_eq_const %r#0, dense<[1, 3, 2, 4]> : tensor<4xi64>
    check.expect_eq_const %r#3, dense<[1, 3, 2, 4]> : tensor<4xi64>
    func.return
  }
}
