// ui8 in, f16 and bf16 out: the .npy types of tier 2.
func.func @main(%x: tensor<3xui8>) -> (tensor<3xf16>, tensor<3xbf16>) {
  %h = stablehlo.convert %x : (tensor<3xui8>) -> tensor<3xf16>
  %b = stablehlo.convert %x : (tensor<3xui8>) -> tensor<3xbf16>
  return %h, %b : tensor<3xf16>, tensor<3xbf16>
}
