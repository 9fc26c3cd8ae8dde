; A user class on the class path that declares itself java.lang.Evil:
; refused when loaded (SecurityException), its code never runs.
; main: EvilMain
; expect-status: 1
; expect-stderr: java\.lang\.SecurityException: Prohibited package name: java\.lang
; reject-stdout: EVIL
.version 49
.class public java/lang/Evil
.method public static hello ()V
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL java.lang code ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.class public EvilMain
.method public static main ([Ljava/lang/String;)V
  invokestatic java/lang/Evil hello ()V
  return
.end method
