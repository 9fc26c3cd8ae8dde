; The handler's frame says local 0 is an int; in the protected range it
; holds a String.
; main: HandlerFrame
; expect-error: HandlerFrame.bad()V at offset 3: stack map frame at offset 6 (exception handler), local 0: expected int, found reference java/lang/String
.class public HandlerFrame
.method public static bad ()V
  .limit locals 1
  ldc "s"
  astore_0
A:
  aload_0
  pop
B:
  return
H:
  pop
  return
.catch java/lang/Throwable from A to B using H
.frame H locals I stack java/lang/Throwable
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
