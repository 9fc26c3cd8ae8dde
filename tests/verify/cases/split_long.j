; pop of one half of a long.
; main: SplitLong
; expect-error: SplitLong.bad()V at offset 1: pop would split a long or double
.class public SplitLong
.method public static bad ()V
  lconst_1
  pop
  pop
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
