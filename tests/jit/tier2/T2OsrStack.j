; o17 (tests/jit/tier2.sh): a loop whose header has a value on the operand
; stack (javac never makes one): the running sum stays on the stack across
; the back edge.  Tier 2 by counts must refuse OSR at that header (the
; baseline's code does not even count that back edge) and still print
; what the interpreter prints.
.version 49
.class public T2OsrStack
.method public <init> ()V
  aload_0
  invokespecial java/lang/Object <init> ()V
  return
.end method
.method static sum (I)I
  .limit stack 3
  .limit locals 2
  iconst_0
  iload_0
  istore_1
Loop:
  iload_1
  ifle Done
  iload_1
  iconst_3
  imul
  iadd
  iinc 1 -1
  goto Loop
Done:
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 3
  .limit locals 1
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc 100000
  invokestatic T2OsrStack sum (I)I
  invokevirtual java/io/PrintStream println (I)V
  return
.end method
