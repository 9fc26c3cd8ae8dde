; A user class on the class path that declares itself vif.Evil.
; main: VifEvilMain
; expect-status: 1
; expect-stderr: java\.lang\.SecurityException: Prohibited package name: vif
; reject-stdout: EVIL
.version 49
.class public vif/Evil
.method public static hello ()V
.limit stack 2
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "EVIL vif code ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
.class public VifEvilMain
.method public static main ([Ljava/lang/String;)V
  invokestatic vif/Evil hello ()V
  return
.end method
