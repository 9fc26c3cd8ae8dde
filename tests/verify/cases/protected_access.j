; A protected field of a superclass in another package read through a
; receiver that is not the current class (JVMS 4.10.1.8).
; main: p2/ProtSub
; expect-error: p2/ProtSub.peek(Lp1/ProtBase;)I at offset 1: expected reference p2/ProtSub (protected field f of p1/ProtBase accessed from another package), found reference p1/ProtBase
.class public p1/ProtBase
.field protected f I
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.class public p2/ProtSub
.super p1/ProtBase
.method public <init> ()V
  aload_0
  invokespecial p1/ProtBase <init> ()V
  return
.end method
.method public static peek (Lp1/ProtBase;)I
  aload_0
  getfield p1/ProtBase f I
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
