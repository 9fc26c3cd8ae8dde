; A long stored into the last local: its second half is beyond max_locals
; (the parser's structural check catches it before the verifier).
; checked-by: loader (structural checks before the verifier)
; main: LocalsOut
; expect-error: LocalsOut: method bad()V: offset 1: lstore_0: local variable 0 (two slots) out of range (max_locals 1)
.class public LocalsOut
.method public static bad ()V
  .limit locals 1
  lconst_0
  lstore_0
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
