; A frame type Uninitialized(offset) whose offset is not a `new`.
; main: FrameUninit
; expect-error: FrameUninit.bad(I)V at offset 0: StackMapTable: Uninitialized(0) does not name a new instruction
.class public FrameUninit
.method public static bad (I)V
N:
  iload_0
  ifeq L
L:
  return
.frame L locals new:N
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
