; A long local read as a double.
; main: LongAsDouble
; expect-error: LongAsDouble.bad()D at offset 2: expected double in local 0, found long
.class public LongAsDouble
.method public static bad ()D
  lconst_1
  lstore_0
  dload_0
  dreturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
