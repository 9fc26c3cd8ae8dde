; A class whose superclass fails verification (the superclass is loaded
; while the subclass is being loaded, so it is verified when that load
; completes): the first use raises the VerifyError, and a second use raises
; the same VerifyError again (JVMS 5.4.3), as HotSpot does.
; main: RetryMain
; expect-output: first: java.lang.VerifyError: BadSuper.bad()I at offset 2: expected int, found reference java/lang/String
; expect-output: second: java.lang.VerifyError: BadSuper.bad()I at offset 2: expected int, found reference java/lang/String
; hotspot-output: first: java.lang.VerifyError: (class: BadSuper, method: bad signature: ()I) Expecting to find integer on stack
; hotspot-output: second: java.lang.VerifyError: (class: BadSuper, method: bad signature: ()I) Expecting to find integer on stack
.version 49
.class public BadSuper
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public static bad ()I
  ldc "x"
  ireturn
.end method
.class public GoodSub
.super BadSuper
.method public <init> ()V
  aload_0
  invokespecial BadSuper <init> ()V
  return
.end method
.class public RetryMain
.method static say (Ljava/lang/String;Ljava/lang/Object;)V
  .limit stack 4
  getstatic java/lang/System out Ljava/io/PrintStream;
  new java/lang/StringBuilder
  dup
  aload_0
  invokespecial java/lang/StringBuilder <init> (Ljava/lang/String;)V
  aload_1
  invokevirtual java/lang/StringBuilder append (Ljava/lang/Object;)Ljava/lang/StringBuilder;
  invokevirtual java/io/PrintStream println (Ljava/lang/Object;)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 3
  .limit locals 2
A:
  new GoodSub
  dup
  invokespecial GoodSub <init> ()V
  pop
B:
  goto C
H:
  astore_1
  ldc "first: "
  aload_1
  invokestatic RetryMain say (Ljava/lang/String;Ljava/lang/Object;)V
C:
  new GoodSub
  dup
  invokespecial GoodSub <init> ()V
  pop
D:
  return
H2:
  astore_1
  ldc "second: "
  aload_1
  invokestatic RetryMain say (Ljava/lang/String;Ljava/lang/Object;)V
  return
.catch java/lang/VerifyError from A to B using H
.catch java/lang/LinkageError from C to D using H2
.end method
