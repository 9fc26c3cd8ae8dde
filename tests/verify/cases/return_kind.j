; A void return in a method returning int.
; main: ReturnKind
; expect-error: ReturnKind.bad()I at offset 0: return (void) in a method returning I
.class public ReturnKind
.method public static bad ()I
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
