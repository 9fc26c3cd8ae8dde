; A method called on the result of `new` before <init>.
; main: UninitUse
; expect-error: UninitUse.bad()I at offset 4: expected reference java/lang/Object, found uninitialized object (new at offset 0)
.class public UninitUse
.method public static bad ()I
  new java/lang/Object
  dup
  invokevirtual java/lang/Object hashCode ()I
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
