; Arithmetic on references.
; main: IaddRefs
; expect-error: IaddRefs.bad()I at offset 4: expected int, found reference java/lang/String
.class public IaddRefs
.method public static bad ()I
  ldc "a"
  ldc "b"
  iadd
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
