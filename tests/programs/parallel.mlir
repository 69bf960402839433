// interpreter.run_parallel and the collectives (src/passes/parallel.c):
// programs that compute before, between and after two collectives, an
// all_to_all, processes running different programs, a 2 x 2 grid with
// cross_replica_and_partition groups, and collectives outside any run
// (one process: replica_id 0, an all_reduce over a group of one).
module @steps {
  func.func @step(%x : tensor<4xi64>) -> (tensor<4xi64>, tensor<ui32>) {
    %two = stablehlo.constant dense<2> : tensor<4xi64>
    %y = stablehlo.multiply %x, %two : tensor<4xi64>
    %s = "stablehlo.all_reduce"(%y) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %m = stablehlo.maximum %a, %b : tensor<i64>
        stablehlo.return %m : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    %z = stablehlo.add %s, %x : tensor<4xi64>
    %t = "stablehlo.all_to_all"(%z) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
                                   replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    %id = stablehlo.replica_id : tensor<ui32>
    return %t, %id : tensor<4xi64>, tensor<ui32>
  }
  func.func @other(%x : tensor<4xi64>) -> (tensor<4xi64>, tensor<ui32>) {
    %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %m = stablehlo.maximum %a, %b : tensor<i64>
        stablehlo.return %m : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    %t = "stablehlo.all_to_all"(%s) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64,
                                   replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    %id = stablehlo.replica_id : tensor<ui32>
    return %t, %id : tensor<4xi64>, tensor<ui32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
    %b = stablehlo.constant dense<[5, 0, 7, 1]> : tensor<4xi64>
    %r:4 = "interpreter.run_parallel"(%a, %b) {programs = [[@step], [@other]]}
        : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<ui32>, tensor<4xi64>, tensor<ui32>)
    // max(2a, b) = [5, 4, 7, 8]; process 0: + a = [6, 6, 10, 12]; process 1 all_reduces b: max(2a, b) too
    check.expect_eq_const %r#0, dense<[6, 6, 5, 4]> : tensor<4xi64>
    check.expect_eq_const %r#1, dense<0> : tensor<ui32>
    check.expect_eq_const %r#2, dense<[10, 12, 7, 8]> : tensor<4xi64>
    check.expect_eq_const %r#3, dense<1> : tensor<ui32>
    %lone = "stablehlo.all_reduce"(%a) ({
      ^bb0(%x: tensor<i64>, %y: tensor<i64>):
        %s = stablehlo.add %x, %y : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xi64>) -> tensor<4xi64>
    check.expect_eq_const %lone, dense<[1, 2, 3, 4]> : tensor<4xi64>
    %rid = stablehlo.replica_id : tensor<ui32>
    check.expect_eq_const %rid, dense<0> : tensor<ui32>
    func.return
  }
}
