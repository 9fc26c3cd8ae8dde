; An exception handler whose catch type is not a Throwable.
; main: CatchString
; expect-error: CatchString.bad()V at offset 2: exception handler catch type java/lang/String is not a subclass of java/lang/Throwable
.class public CatchString
.method public static bad ()V
A:
  nop
B:
  return
H:
  pop
  return
.catch java/lang/String from A to B using H
.frame H stack java/lang/String
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
