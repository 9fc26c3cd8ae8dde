; getfield on an int.
; main: GetfieldOnInt
; expect-error: GetfieldOnInt.bad()I at offset 1: expected reference GetfieldOnInt, found int
.class public GetfieldOnInt
.field public f I
.method public static bad ()I
  iconst_0
  getfield GetfieldOnInt f I
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
