; An int local used as a reference (aload of an int).
; main: IntAsRef
; expect-error: VerifyError: IntAsRef.bad()Ljava/lang/Object; at offset 2: expected reference in local 0, found int
.class public IntAsRef
.method public static bad ()Ljava/lang/Object;
  .limit stack 1
  .limit locals 1
  iconst_1
  istore_0
  aload_0
  areturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
