; putfield of an int into a String field.
; main: PutfieldWrong
; expect-error: PutfieldWrong.bad()V at offset 2: expected reference java/lang/String, found int
.class public PutfieldWrong
.field public s Ljava/lang/String;
.method public bad ()V
  aload_0
  iconst_1
  putfield PutfieldWrong s Ljava/lang/String;
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
