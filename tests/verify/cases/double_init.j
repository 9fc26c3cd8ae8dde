; A second constructor call on an object that is already initialised.
; main: DoubleInit
; expect-error: DoubleInit.bad()V at offset 8: expected uninitialized object (invokespecial <init>), found reference java/lang/Object
.class public DoubleInit
.method public static bad ()V
  new java/lang/Object
  dup
  dup
  invokespecial java/lang/Object <init> ()V
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
