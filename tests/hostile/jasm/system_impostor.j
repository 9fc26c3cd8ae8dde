; A java/lang/System.class on the class path with its own natives and an
; extra method: the library's System is always used (parent first), so
; the impostor's method does not exist and its natives never bind.
; main: ImpostorMain
; expect-status: 1
; expect-stdout: real nanoTime
; expect-stderr: java\.lang\.NoSuchMethodError
; reject-stdout: EVIL
.version 49
.class public java/lang/System
.method public static native nanoTime ()J
.end method
.method public static evil ()V
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL System code ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.class public ImpostorMain
.method public static main ([Ljava/lang/String;)V
.limit stack 4
.limit locals 1
  invokestatic java/lang/System nanoTime ()J
  pop2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "real nanoTime"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  invokestatic java/lang/System evil ()V
  return
.end method
