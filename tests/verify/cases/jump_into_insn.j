; A goto into the middle of an instruction (rejected by the parser).
; checked-by: loader (structural checks before the verifier)
; main: JumpMiddle
; expect-error: JumpMiddle: method bad()V: offset 0: goto: branch target 4 is not the start of an instruction
.class public JumpMiddle
.method public static bad ()V
  goto L+1
L:
  sipush 1000
  pop
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
