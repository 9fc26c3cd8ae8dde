; A constructor that returns without calling super(); the class is loaded
; after main has printed, so the VerifyError comes from `new`.
; main: CtorNoSuperMain
; expect-output: before
; expect-error: Exception in thread "main" java.lang.VerifyError: CtorNoSuper.<init>()V at offset 0: constructor returns without calling this() or super()
.class public CtorNoSuper
.method public <init> ()V
  return
.end method
.class public CtorNoSuperMain
.method public static main ([Ljava/lang/String;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "before"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  new CtorNoSuper
  dup
  invokespecial CtorNoSuper <init> ()V
  pop
  return
.end method
