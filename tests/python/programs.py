"""StableHLO programs the tests compile."""

# y = sum over axis 1 of tanh(x * w + b): the C header's worked example.
AFFINE = """
func.func @main(%x: tensor<2x3xf32>, %w: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  %xw = stablehlo.multiply %x, %w : tensor<2x3xf32>
  %t = stablehlo.add %xw, %b : tensor<2x3xf32>
  %th = stablehlo.tanh %t : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %y = stablehlo.reduce(%th init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}
"""

# A matrix product, a softmax over rows and two results.
SOFTMAX_DOT = """
func.func @main(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>) -> (tensor<64x16xf32>, tensor<64xf32>) {
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%d init: %ninf) applies stablehlo.maximum across dimensions = [1]
      : (tensor<64x16xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x16xf32>
  %s = stablehlo.subtract %d, %mb : tensor<64x16xf32>
  %e = stablehlo.exponential %s : tensor<64x16xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %z = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1]
      : (tensor<64x16xf32>, tensor<f32>) -> tensor<64xf32>
  %zb = stablehlo.broadcast_in_dim %z, dims = [0] : (tensor<64xf32>) -> tensor<64x16xf32>
  %p = stablehlo.divide %e, %zb : tensor<64x16xf32>
  return %p, %m : tensor<64x16xf32>, tensor<64xf32>
}
"""

# An in-place update: p - lr * g (donating p lets the result reuse its buffer).
SGD = """
func.func @main(%p: tensor<1024xf32>, %g: tensor<1024xf32>) -> tensor<1024xf32> {
  %lr = stablehlo.constant dense<0.5> : tensor<1024xf32>
  %u = stablehlo.multiply %lr, %g : tensor<1024xf32>
  %r = stablehlo.subtract %p, %u : tensor<1024xf32>
  return %r : tensor<1024xf32>
}
"""

# A scalar loss of a tanh layer, for grad: sum(tanh(x @ w)^2).
LOSS = """
func.func @main(%w: tensor<16x8xf32>, %x: tensor<4x16xf32>) -> tensor<f32> {
  %h = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32>
  %t = stablehlo.tanh %h : tensor<4x8xf32>
  %sq = stablehlo.multiply %t, %t : tensor<4x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %l = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [0, 1]
      : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  return %l : tensor<f32>
}
"""


def unary(op, mlir_type, shape="4"):
    """func @main(x) -> op(x), x : tensor<shape x mlir_type>."""
    t = f"tensor<{shape}x{mlir_type}>"
    return (f"func.func @main(%x: {t}) -> {t} {{\n"
            f"  %y = stablehlo.{op} %x : {t}\n"
            f"  return %y : {t}\n}}\n")


def binary(op, mlir_type, shape="4"):
    t = f"tensor<{shape}x{mlir_type}>"
    return (f"func.func @main(%x: {t}, %y: {t}) -> {t} {{\n"
            f"  %z = stablehlo.{op} %x, %y : {t}\n"
            f"  return %z : {t}\n}}\n")


def mlp_loss(layers=8, batch=256, width=32):
    """sum(tanh(...tanh(x @ w0)... @ w{layers-1})): activations (batch x width)
    outweigh the weights, so a memory budget recomputes them."""
    t = f"tensor<{batch}x{width}xf32>"
    w = f"tensor<{width}x{width}xf32>"
    lines = [f"func.func @main(%x: {t}" + "".join(f", %w{i}: {w}" for i in range(layers))
             + ") -> tensor<f32> {"]
    h = "%x"
    for i in range(layers):
        lines.append(f"  %d{i} = stablehlo.dot_general {h}, %w{i}, contracting_dims = [1] x [0] : "
                     f"({t}, {w}) -> {t}")
        lines.append(f"  %h{i} = stablehlo.tanh %d{i} : {t}")
        h = f"%h{i}"
    lines += ["  %zero = stablehlo.constant dense<0.0> : tensor<f32>",
              f"  %l = stablehlo.reduce({h} init: %zero) applies stablehlo.add across dimensions = [0, 1]"
              f" : ({t}, tensor<f32>) -> tensor<f32>",
              "  return %l : tensor<f32>", "}"]
    return "\n".join(lines) + "\n"
