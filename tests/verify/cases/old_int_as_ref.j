; Version 49 (type inference): an int used as a reference.
; main: OldIntAsRef
; expect-error: OldIntAsRef.bad()Ljava/lang/Object; at offset 2: expected reference in local 0, found int
.version 49
.class public OldIntAsRef
.method public static bad ()Ljava/lang/Object;
  iconst_1
  istore_0
  aload_0
  areturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
