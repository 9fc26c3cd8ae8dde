; A branch target without a stack map frame (version 52).
; main: MissingFrame
; expect-error: MissingFrame.bad(I)V at offset 1: no stack map frame at branch target 5
.class public MissingFrame
.method public static bad (I)V
  iload_0
  ifeq L
  nop
L:
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
