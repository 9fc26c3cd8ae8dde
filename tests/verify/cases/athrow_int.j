; athrow of a non-Throwable.
; main: ThrowString
; expect-error: ThrowString.bad()V at offset 2: expected reference java/lang/Throwable, found reference java/lang/String
.class public ThrowString
.method public static bad ()V
  ldc "boom"
  athrow
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
