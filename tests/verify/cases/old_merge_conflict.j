; Version 49: an int and a String meet on the operand stack at a join.
; main: OldMerge
; expect-error: OldMerge.bad(I)V at offset
; expect-error: incompatible operand stack types at a join: int and reference java/lang/String
.version 49
.class public OldMerge
.method public static bad (I)V
  iload_0
  ifeq A
  iconst_1
  goto J
A:
  ldc "s"
J:
  pop
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
