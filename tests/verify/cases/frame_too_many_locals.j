; A stack map frame with more locals than max_locals.
; main: FrameLocals
; expect-error: FrameLocals.bad(I)V at offset 0: StackMapTable: frame has more locals than max_locals 1
.class public FrameLocals
.method public static bad (I)V
  .limit locals 1
  iload_0
  ifeq L
L:
  return
.frame L locals I I
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
