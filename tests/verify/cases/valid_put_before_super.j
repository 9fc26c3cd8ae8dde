; Valid: a constructor stores its own field before calling super().
; main: PutEarly
; expect-output: 42
.class public PutEarly
.field public f I
.method public <init> ()V
  aload_0
  bipush 42
  putfield PutEarly f I
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  new PutEarly
  dup
  invokespecial PutEarly <init> ()V
  getfield PutEarly f I
  invokevirtual java/io/PrintStream println (I)V
  return
.end method
