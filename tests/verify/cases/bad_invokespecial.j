; invokespecial of a method of an unrelated class.
; main: BadSpecial
; expect-error: BadSpecial.bad(Ljava/lang/String;)I at offset 1: bad invokespecial target: java/lang/String.length()I
.class public BadSpecial
.method public static bad (Ljava/lang/String;)I
  aload_0
  invokespecial java/lang/String length ()I
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
