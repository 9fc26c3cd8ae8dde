; Reading a field of `this` before super() has been called.
; main: EarlyRead
; expect-error: EarlyRead.<init>()V at offset 1: expected reference EarlyRead, found uninitializedThis
.class public EarlyRead
.field public f I
.method public <init> ()V
  aload_0
  getfield EarlyRead f I
  pop
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
