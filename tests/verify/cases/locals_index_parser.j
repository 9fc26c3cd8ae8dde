; A local index beyond max_locals (the parser's structural check).
; checked-by: loader (structural checks before the verifier)
; main: LocalsIdx
; expect-error: LocalsIdx: method bad()V: offset 1: istore: local variable 5 out of range (max_locals 1)
.class public LocalsIdx
.method public static bad ()V
  .limit locals 1
  iconst_0
  istore 5
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
