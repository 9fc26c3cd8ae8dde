; Version 49: a local that is an int on one path and a String on the other
; is unusable after the join.
; main: OldLocal
; expect-error: OldLocal.bad(I)I at offset 14: expected int in local 1, found top (unusable value)
.version 49
.class public OldLocal
.method public static bad (I)I
  iload_0
  ifeq A
  iconst_1
  istore_1
  goto J
A:
  ldc "s"
  astore_1
  nop
  nop
J:
  iload_1
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
