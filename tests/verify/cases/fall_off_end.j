; Code that falls off its end (rejected by the parser's structural check).
; checked-by: loader (structural checks before the verifier)
; main: FallOff
; expect-error: FallOff: method bad()V: offset 1: execution can fall off the end of the code
.class public FallOff
.method public static bad ()V
  iconst_0
  pop
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
