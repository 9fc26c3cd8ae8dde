; Valid (version 52): an uninitialised object kept in a local across a
; branch (frame type Uninitialized(offset)), initialised afterwards.
; main: UninitLocal
; expect-output: uninit-in-local
.class public UninitLocal
.method public static main ([Ljava/lang/String;)V
  .limit stack 4
  .limit locals 2
N:
  new java/lang/StringBuilder
  astore_1
  iconst_0
  ifeq L
  nop
L:
  aload_1
  ldc "uninit-in-local"
  invokespecial java/lang/StringBuilder <init> (Ljava/lang/String;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokevirtual java/io/PrintStream println (Ljava/lang/Object;)V
  return
.frame L locals [Ljava/lang/String; new:N
.end method
