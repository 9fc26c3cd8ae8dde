; An uninitialised object passed as an argument.
; main: UninitArg
; expect-error: UninitArg.bad()V at offset 3: expected reference java/lang/Object, found uninitialized object (new at offset 0)
.class public UninitArg
.method public static take (Ljava/lang/Object;)V
  return
.end method
.method public static bad ()V
  new java/lang/Object
  invokestatic UninitArg take (Ljava/lang/Object;)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
