/* opcodes.c - name, length and flag tables generated from opcodes.h. */
#include "opcodes.h"

const char *const interp_op_name[256] = {
#define OPC_NAME_DEF(name, code, len, flags) [code] = #name,
#define OPC_NAME_UNUSED(code) [code] = "<unused>",
    OPCODE_LIST(OPC_NAME_DEF, OPC_NAME_UNUSED)
#undef OPC_NAME_DEF
#undef OPC_NAME_UNUSED
};

const uint8_t interp_op_len[256] = {
#define OPC_LEN_DEF(name, code, len, flags) [code] = len,
#define OPC_LEN_UNUSED(code) [code] = 0,
    OPCODE_LIST(OPC_LEN_DEF, OPC_LEN_UNUSED)
#undef OPC_LEN_DEF
#undef OPC_LEN_UNUSED
};

const uint16_t interp_op_flags[256] = {
#define OPC_FLAGS_DEF(name, code, len, flags) [code] = (uint16_t)(flags),
#define OPC_FLAGS_UNUSED(code) [code] = OPF_ILLEGAL,
    OPCODE_LIST(OPC_FLAGS_DEF, OPC_FLAGS_UNUSED)
#undef OPC_FLAGS_DEF
#undef OPC_FLAGS_UNUSED
};

/* Every number listed exactly once and in order: the count must be 256 and
 * a duplicate would trigger -Woverride-init / -Winitializer-overrides. */
enum {
#define OPC_CNT_DEF(name, code, len, flags) OPC_CNT_##name,
#define OPC_CNT_UNUSED(code) OPC_CNT_UNUSED_##code,
    OPCODE_LIST(OPC_CNT_DEF, OPC_CNT_UNUSED)
#undef OPC_CNT_DEF
#undef OPC_CNT_UNUSED
    OPC_CNT_TOTAL
};
_Static_assert(OPC_CNT_TOTAL == 256, "OPCODE_LIST must cover 256 opcodes");
