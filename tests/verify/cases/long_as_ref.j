; A long local used as a reference.
; main: LongAsRef
; expect-error: LongAsRef.bad()Ljava/lang/Object; at offset 2: expected reference in local 0, found long
.class public LongAsRef
.method public static bad ()Ljava/lang/Object;
  lconst_1
  lstore_0
  aload_0
  areturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
