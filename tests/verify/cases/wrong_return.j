; Returning an Object from a method declared to return String.
; main: WrongReturn
; expect-error: WrongReturn.bad()Ljava/lang/String; at offset 7: expected reference java/lang/String, found reference java/lang/Object
.class public WrongReturn
.method public static bad ()Ljava/lang/String;
  new java/lang/Object
  dup
  invokespecial java/lang/Object <init> ()V
  areturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
