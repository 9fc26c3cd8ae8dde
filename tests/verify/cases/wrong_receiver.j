; invokevirtual on a receiver of an unrelated class.
; main: WrongReceiver
; expect-error: WrongReceiver.bad()I at offset 2: expected reference java/lang/Integer, found reference java/lang/String
.class public WrongReceiver
.method public static bad ()I
  ldc "s"
  invokevirtual java/lang/Integer intValue ()I
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
