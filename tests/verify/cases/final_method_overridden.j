; Overriding a final method.
; checked-by: loader (structural checks before the verifier)
; main: FinalOverride
; expect-error: overrides final method FinalBase.m()V
.class public FinalBase
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public final m ()V
  return
.end method
.class public FinalOverride
.super FinalBase
.method public m ()V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
