// i8/u8 matmuls giving i32 (preferred_element_type int32, as JAX exports a
// quantized matmul): contract strategy DOT_BYTES, the product of bytes
// (src/util/byte_gemm.h), which wraps its exact sums as i32. Here K = 600
// (18 blocks of 32 and 24 more), 300 x 300 results (9 strips of 32 columns
// and 12, 4 blocks of 64 rows and 44), checked against the same products
// taken in i64 (the naive contraction) and wrapped to i32: equal in every
// mode. The u8 x u8 one is read by its epilogue (a scale to f32), so its
// sums live in the scratch block. JAX exports a u8 x i8 matmul as converts
// to i32 and an i32 dot, which fast mode reads through (passes/widen_dots.c):
// a product of bytes of two signednesses; an i16 x i32 one reads the i16
// through its convert too, as loops. x @ w.T (the rhs [N, K]) gathers the
// rhs's words.
func.func @main() {
  %i = stablehlo.iota dim = 0 : tensor<300x600xi32>
  %k = stablehlo.iota dim = 1 : tensor<300x600xi32>
  %c7 = stablehlo.constant dense<7> : tensor<300x600xi32>
  %c13 = stablehlo.constant dense<13> : tensor<300x600xi32>
  %i7 = stablehlo.multiply %i, %c7 : tensor<300x600xi32>
  %k13 = stablehlo.multiply %k, %c13 : tensor<300x600xi32>
  %sa = stablehlo.add %i7, %k13 : tensor<300x600xi32>
  %a = stablehlo.convert %sa : (tensor<300x600xi32>) -> tensor<300x600xi8>
  %au = stablehlo.convert %sa : (tensor<300x600xi32>) -> tensor<300x600xui8>
  %kb = stablehlo.iota dim = 0 : tensor<600x300xi32>
  %jb = stablehlo.iota dim = 1 : tensor<600x300xi32>
  %c5 = stablehlo.constant dense<5> : tensor<600x300xi32>
  %c11 = stablehlo.constant dense<11> : tensor<600x300xi32>
  %k5 = stablehlo.multiply %kb, %c5 : tensor<600x300xi32>
  %j11 = stablehlo.multiply %jb, %c11 : tensor<600x300xi32>
  %sb = stablehlo.add %k5, %j11 : tensor<600x300xi32>
  %b = stablehlo.convert %sb : (tensor<600x300xi32>) -> tensor<600x300xi8>
  %bu = stablehlo.convert %sb : (tensor<600x300xi32>) -> tensor<600x300xui8>
  %d = func.call @byte_matmul(%a, %b) : (tensor<300x600xi8>, tensor<600x300xi8>) -> tensor<300x300xi32>
  %a64 = stablehlo.convert %a : (tensor<300x600xi8>) -> tensor<300x600xi64>
  %b64 = stablehlo.convert %b : (tensor<600x300xi8>) -> tensor<600x300xi64>
  %d64 = stablehlo.dot_general %a64, %b64, contracting_dims = [1] x [0] : (tensor<300x600xi64>, tensor<600x300xi64>) -> tensor<300x300xi64>
  %want = stablehlo.convert %d64 : (tensor<300x300xi64>) -> tensor<300x300xi32>
  check.expect_eq %d, %want : tensor<300x300xi32>
  %s = func.call @scaled_matmul(%au, %bu) : (tensor<300x600xui8>, tensor<600x300xui8>) -> tensor<300x300xf32>
  %au64 = stablehlo.convert %au : (tensor<300x600xui8>) -> tensor<300x600xi64>
  %bu64 = stablehlo.convert %bu : (tensor<600x300xui8>) -> tensor<600x300xi64>
  %du64 = stablehlo.dot_general %au64, %bu64, contracting_dims = [1] x [0] : (tensor<300x600xi64>, tensor<600x300xi64>) -> tensor<300x300xi64>
  %du = stablehlo.convert %du64 : (tensor<300x300xi64>) -> tensor<300x300xi32>
  %duf = stablehlo.convert %du : (tensor<300x300xi32>) -> tensor<300x300xf32>
  %half = stablehlo.constant dense<0.5> : tensor<300x300xf32>
  %swant = stablehlo.multiply %duf, %half : tensor<300x300xf32>
  check.expect_eq %s, %swant : tensor<300x300xf32>
  %m = func.call @mixed_matmul(%au, %b) : (tensor<300x600xui8>, tensor<600x300xi8>) -> tensor<300x300xi32>
  %dm64 = stablehlo.dot_general %au64, %b64, contracting_dims = [1] x [0] : (tensor<300x600xi64>, tensor<600x300xi64>) -> tensor<300x300xi64>
  %mwant = stablehlo.convert %dm64 : (tensor<300x300xi64>) -> tensor<300x300xi32>
  check.expect_eq %m, %mwant : tensor<300x300xi32>
  %n = func.call @mixed_matmul_rev(%a, %bu) : (tensor<300x600xi8>, tensor<600x300xui8>) -> tensor<300x300xi32>
  %dn64 = stablehlo.dot_general %a64, %bu64, contracting_dims = [1] x [0] : (tensor<300x600xi64>, tensor<600x300xi64>) -> tensor<300x300xi64>
  %nwant = stablehlo.convert %dn64 : (tensor<300x300xi64>) -> tensor<300x300xi32>
  check.expect_eq %n, %nwant : tensor<300x300xi32>
  %bt = stablehlo.transpose %b, dims = [1, 0] : (tensor<600x300xi8>) -> tensor<300x600xi8>
  %t = func.call @transposed_matmul(%a, %bt) : (tensor<300x600xi8>, tensor<300x600xi8>) -> tensor<300x300xi32>
  check.expect_eq %t, %want : tensor<300x300xi32>
  %big = stablehlo.constant dense<300000> : tensor<600x300xi32>
  %sbig = stablehlo.multiply %sb, %big : tensor<600x300xi32>
  %w = stablehlo.convert %sa : (tensor<300x600xi32>) -> tensor<300x600xi16>
  %o = func.call @wide_matmul(%w, %sbig) : (tensor<300x600xi16>, tensor<600x300xi32>) -> tensor<300x300xi32>
  %w64 = stablehlo.convert %w : (tensor<300x600xi16>) -> tensor<300x600xi64>
  %sbig64 = stablehlo.convert %sbig : (tensor<600x300xi32>) -> tensor<600x300xi64>
  %o64 = stablehlo.dot_general %w64, %sbig64, contracting_dims = [1] x [0] : (tensor<300x600xi64>, tensor<600x300xi64>) -> tensor<300x300xi64>
  %owant = stablehlo.convert %o64 : (tensor<300x300xi64>) -> tensor<300x300xi32>
  check.expect_eq %o, %owant : tensor<300x300xi32>
  func.return
}

func.func @mixed_matmul(%a: tensor<300x600xui8>, %b: tensor<600x300xi8>) -> tensor<300x300xi32> {
  %a32 = stablehlo.convert %a : (tensor<300x600xui8>) -> tensor<300x600xi32>
  %b32 = stablehlo.convert %b : (tensor<600x300xi8>) -> tensor<600x300xi32>
  %d = stablehlo.dot_general %a32, %b32, contracting_dims = [1] x [0] : (tensor<300x600xi32>, tensor<600x300xi32>) -> tensor<300x300xi32>
  return %d : tensor<300x300xi32>
}

func.func @mixed_matmul_rev(%a: tensor<300x600xi8>, %b: tensor<600x300xui8>) -> tensor<300x300xi32> {
  %a32 = stablehlo.convert %a : (tensor<300x600xi8>) -> tensor<300x600xi32>
  %b32 = stablehlo.convert %b : (tensor<600x300xui8>) -> tensor<600x300xi32>
  %d = stablehlo.dot_general %a32, %b32, contracting_dims = [1] x [0] : (tensor<300x600xi32>, tensor<600x300xi32>) -> tensor<300x300xi32>
  return %d : tensor<300x300xi32>
}

func.func @transposed_matmul(%a: tensor<300x600xi8>, %bt: tensor<300x600xi8>) -> tensor<300x300xi32> {
  %d = stablehlo.dot_general %a, %bt, contracting_dims = [1] x [1] : (tensor<300x600xi8>, tensor<300x600xi8>) -> tensor<300x300xi32>
  return %d : tensor<300x300xi32>
}

func.func @wide_matmul(%a: tensor<300x600xi16>, %b: tensor<600x300xi32>) -> tensor<300x300xi32> {
  %a32 = stablehlo.convert %a : (tensor<300x600xi16>) -> tensor<300x600xi32>
  %d = stablehlo.dot_general %a32, %b, contracting_dims = [1] x [0] : (tensor<300x600xi32>, tensor<600x300xi32>) -> tensor<300x300xi32>
  return %d : tensor<300x300xi32>
}

func.func @byte_matmul(%a: tensor<300x600xi8>, %b: tensor<600x300xi8>) -> tensor<300x300xi32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<300x600xi8>, tensor<600x300xi8>) -> tensor<300x300xi32>
  return %d : tensor<300x300xi32>
}

func.func @scaled_matmul(%a: tensor<300x600xui8>, %b: tensor<600x300xui8>) -> tensor<300x300xf32> {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<300x600xui8>, tensor<600x300xui8>) -> tensor<300x300xi32>
  %f = stablehlo.convert %d : (tensor<300x300xi32>) -> tensor<300x300xf32>
  %half = stablehlo.constant dense<0.5> : tensor<300x300xf32>
  %s = stablehlo.multiply %f, %half : tensor<300x300xf32>
  return %s : tensor<300x300xf32>
}
