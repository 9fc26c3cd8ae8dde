; A String passed where the method descriptor says int.
; main: WrongArg
; expect-error: WrongArg.bad()V at offset 2: expected int, found reference java/lang/String
.class public WrongArg
.method public static take (I)V
  return
.end method
.method public static bad ()V
  ldc "x"
  invokestatic WrongArg take (I)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
