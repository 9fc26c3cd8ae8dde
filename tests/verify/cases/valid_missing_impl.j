; Valid: classes that link but lack what a call selects (the separate
; compilation of a changed abstract class / interface): the errors are
; raised at the call with the JDK's messages, on every engine.
;   Impl extends abstract Abs without its abstract g()I -> AbstractMethodError
;   Impl implements Itf without its h()I                -> AbstractMethodError
;   Stranger, not implementing Itf, called through Itf -> IncompatibleClassChangeError
; main: MissingImpl
; expect-output: java.lang.AbstractMethodError: Receiver class Impl does not define or inherit an implementation of the resolved method 'abstract int g()' of abstract class Abs.
; expect-output: java.lang.AbstractMethodError: Receiver class Impl does not define or inherit an implementation of the resolved method 'abstract int h()' of interface Itf.
; expect-output: java.lang.IncompatibleClassChangeError: Class Stranger does not implement the requested interface Itf
; expect-output: java.lang.AbstractMethodError: Receiver class Impl does not define or inherit an implementation of the resolved method 'abstract int g()' of abstract class Abs.
; expect-output: java.lang.AbstractMethodError: Receiver class Impl does not define or inherit an implementation of the resolved method 'abstract int h()' of interface Itf.
; expect-output: java.lang.IncompatibleClassChangeError: Class Stranger does not implement the requested interface Itf
.version 49
.class public abstract Abs
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method public abstract g ()I
.end method
.class public interface abstract Itf
.method public abstract h ()I
.end method
.class public Impl
.super Abs
.implements Itf
.method public <init> ()V
  aload_0
  invokespecial Abs <init> ()V
  return
.end method
.class public Stranger
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.class public MissingImpl
.method public static callG (LAbs;)I
  aload_0
  invokevirtual Abs g ()I
  ireturn
.end method
.method public static callH (LItf;)I
  aload_0
  invokeinterface Itf h ()I
  ireturn
.end method
.method public static show (Ljava/lang/Throwable;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_0
  invokevirtual java/io/PrintStream println (Ljava/lang/Object;)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 4
  .limit locals 2
  .catch java/lang/Throwable from T1 to E1 using H1
  .catch java/lang/Throwable from T2 to E2 using H2
  .catch java/lang/Throwable from T3 to E3 using H3
  iconst_0
  istore_1
Loop:
T1:
  new Impl
  dup
  invokespecial Impl <init> ()V
  invokestatic MissingImpl callG (LAbs;)I
  pop
E1:
  goto N1
H1:
  invokestatic MissingImpl show (Ljava/lang/Throwable;)V
N1:
T2:
  new Impl
  dup
  invokespecial Impl <init> ()V
  invokestatic MissingImpl callH (LItf;)I
  pop
E2:
  goto N2
H2:
  invokestatic MissingImpl show (Ljava/lang/Throwable;)V
N2:
T3:
  new Stranger
  dup
  invokespecial Stranger <init> ()V
  invokestatic MissingImpl callH (LItf;)I
  pop
E3:
  goto N3
H3:
  invokestatic MissingImpl show (Ljava/lang/Throwable;)V
N3:
  iinc 1 1
  iload_1
  iconst_2
  if_icmplt Loop
  return
.end method
