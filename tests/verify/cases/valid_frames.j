; Valid (version 52): a loop and an exception handler described by
; hand-written full frames; the handler reuses an int local for the
; exception.
; main: Frames
; expect-output: 55
; expect-output: caught
.class public Frames
.method public static main ([Ljava/lang/String;)V
  .limit stack 4
  .limit locals 3
  iconst_0
  istore_1
  iconst_1
  istore_2
Loop:
  iload_2
  bipush 10
  if_icmpgt Done
  iload_1
  iload_2
  iadd
  istore_1
  iinc 2 1
  goto Loop
Done:
  getstatic java/lang/System out Ljava/io/PrintStream;
  iload_1
  invokevirtual java/io/PrintStream println (I)V
TryStart:
  iconst_1
  iconst_0
  idiv
  pop
TryEnd:
  return
Handler:
  astore_2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "caught"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.catch java/lang/ArithmeticException from TryStart to TryEnd using Handler
.frame Loop locals [Ljava/lang/String; I I
.frame Done locals [Ljava/lang/String; I I
.frame Handler locals [Ljava/lang/String; I I stack java/lang/ArithmeticException
.end method
