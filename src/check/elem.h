/* elem: reading and writing one element of a tensor buffer, by dtype.
 *
 * The one place that knows how each element type is laid out; shared by the
 * check rules and the reference evaluator (which depends on check, so the
 * header lives here). A value is widened without loss into an elem_value:
 *  - floating types into .f (every float type widens exactly to double; the
 *    f8, f6 and f4 minifloats by src/util/minifloat.h);
 *  - integer types into .i, signed types sign-extended, unsigned types
 *    zero-extended (ui64 keeps its bit pattern);
 *  - i1 into .i as 0 or 1 (any nonzero byte reads as 1).
 * Storing narrows: floats round to nearest even (once, from the double:
 * src/util/float16.h for the 16-bit types), integers wrap to their width,
 * i1 stores (v != 0). elem_canon(t, v) == elem_load(elem_store(v)). */
#ifndef ELEM_H
#define ELEM_H
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../ir/ir.h"
#include "../util/float16.h"

typedef union elem_value {
    double f;
    int64_t i;
} elem_value;

typedef enum elem_class { ELEM_FLOAT, ELEM_INT, ELEM_BOOL, ELEM_OTHER } elem_class;

/* An element type with what the arithmetic needs to know about it. */
typedef struct elem_type {
    ir_dtype dtype;
    elem_class cls;
    int bits;            /* storage width in bits; 1 for i1 */
    bool is_unsigned;    /* unsigned integers and i1 */
} elem_type;

static inline elem_type elem_type_of(ir_dtype t) {
    elem_type e = {t, ELEM_OTHER, ir_dtype_bits(t), ir_dtype_is_unsigned(t)};
    if (ir_dtype_is_float(t)) e.cls = ELEM_FLOAT;
    else if (t == IR_I1) e.cls = ELEM_BOOL, e.bits = 1, e.is_unsigned = true;
    else if (ir_dtype_is_int(t)) e.cls = ELEM_INT;
    return e;
}

/* v wrapped to `bits` bits and re-extended by signedness (bits in 1..64). */
static inline int64_t elem_wrap(int64_t v, int bits, bool is_unsigned) {
    if (bits >= 64) return v;
    uint64_t mask = (UINT64_C(1) << bits) - 1, u = (uint64_t)v & mask;
    if (is_unsigned) return (int64_t)u;
    uint64_t sign = UINT64_C(1) << (bits - 1);
    return (int64_t)((u ^ sign) - sign);
}

/* The raw bit pattern of element k, zero-extended. */
static inline uint64_t elem_bits_at(ir_dtype t, const void *base, int64_t k) {
    size_t size = ir_dtype_size(t);
    const unsigned char *p = (const unsigned char *)base + (size_t)k * size;
    switch (size) {
    case 1: { uint8_t x; memcpy(&x, p, 1); return x; }
    case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
    default: { uint64_t x; memcpy(&x, p, 8); return x; }
    }
}

static inline elem_value elem_load(ir_dtype t, const void *base, int64_t k) {
    elem_value v;
    if (t == IR_F32) {
        float x;
        memcpy(&x, (const char *)base + (size_t)k * 4, 4);
        v.f = x;
    } else if (t == IR_F64) {
        memcpy(&v.f, (const char *)base + (size_t)k * 8, 8);
    } else if (t == IR_F16) {
        v.f = f16_to_double((uint16_t)elem_bits_at(t, base, k));
    } else if (t == IR_BF16) {
        v.f = bf16_to_double((uint16_t)elem_bits_at(t, base, k));
    } else if (ir_dtype_minifloat(t, NULL)) {
        v.f = ir_minifloat_value(t, ((const unsigned char *)base)[k]);
    } else if (t == IR_I1) {
        v.i = ((const unsigned char *)base)[k] != 0;
    } else {
        elem_type e = elem_type_of(t);
        v.i = elem_wrap((int64_t)elem_bits_at(t, base, k), e.bits, e.is_unsigned);
    }
    return v;
}

static inline void elem_store(ir_dtype t, void *base, int64_t k, elem_value v) {
    unsigned char *p = (unsigned char *)base + (size_t)k * ir_dtype_size(t);
    switch (t) {
    case IR_F32: { float x = (float)v.f; memcpy(p, &x, 4); return; }
    case IR_F64: memcpy(p, &v.f, 8); return;
    case IR_I1: *p = v.i != 0; return;
    case IR_F16: { uint16_t x = f16_from_double(v.f); memcpy(p, &x, 2); return; }
    case IR_BF16: { uint16_t x = bf16_from_double(v.f); memcpy(p, &x, 2); return; }
    default:
        if (ir_dtype_minifloat(t, NULL)) {
            *p = (unsigned char)ir_minifloat_bits(t, v.f);
            return;
        }
        break;
    }
    int bits = ir_dtype_bits(t);   /* a sub-byte integer's byte holds it extended */
    uint64_t u = (uint64_t)(bits < 8 ? elem_wrap(v.i, bits, ir_dtype_is_unsigned(t)) : v.i);   /* little-endian: the low bytes */
    switch (ir_dtype_size(t)) {
    case 1: { uint8_t x = (uint8_t)u; memcpy(p, &x, 1); return; }
    case 2: { uint16_t x = (uint16_t)u; memcpy(p, &x, 2); return; }
    case 4: { uint32_t x = (uint32_t)u; memcpy(p, &x, 4); return; }
    default: memcpy(p, &u, 8); return;
    }
}

/* What storing v as t and loading it back gives. */
static inline elem_value elem_canon(const elem_type *t, elem_value v) {
    switch (t->cls) {
    case ELEM_FLOAT:
        if (t->dtype == IR_F32) v.f = (double)(float)v.f;
        else if (t->dtype == IR_F16) v.f = f16_to_double(f16_from_double(v.f));
        else if (t->dtype == IR_BF16) v.f = bf16_to_double(bf16_from_double(v.f));
        else if (ir_dtype_minifloat(t->dtype, NULL)) v.f = ir_minifloat_value(t->dtype, ir_minifloat_bits(t->dtype, v.f));
        return v;
    case ELEM_BOOL: v.i = v.i != 0; return v;
    case ELEM_INT: v.i = elem_wrap(v.i, t->bits, t->is_unsigned); return v;
    default: return v;
    }
}
#endif
