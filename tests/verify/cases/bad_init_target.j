; super() call to a class that is not the direct superclass.
; main: BadInit
; expect-error: BadInit.<init>()V at offset 1: bad invokespecial target: <init> of java/lang/String on uninitializedThis
.class public BadInit
.method public <init> ()V
  aload_0
  invokespecial java/lang/String <init> ()V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
