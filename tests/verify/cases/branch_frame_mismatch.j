; The frame at a branch target expects a String where an int flows in.
; main: BranchFrame
; expect-error: BranchFrame.bad(I)V at offset 1: stack map frame at offset 5 (branch target), local 0: expected reference java/lang/String, found int
.class public BranchFrame
.method public static bad (I)V
  iload_0
  ifeq L
  nop
L:
  return
.frame L locals java/lang/String
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
