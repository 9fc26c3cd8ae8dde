; A byte[] passed where the descriptor says int[]: a primitive array is
; assignable only to its own type.  (The fuzzer found the verifier treating
; [B as [I because both element types verify as int; iastore then wrote
; past the end of a byte[].  Regression input also in tests/fuzz/crashes/.)
; main: PrimArray
; expect-error: PrimArray.bad()V at offset 3: expected reference [I, found reference [B
.class public PrimArray
.method public static take ([I)V
  return
.end method
.method public static bad ()V
  iconst_4
  newarray byte
  invokestatic PrimArray take ([I)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
