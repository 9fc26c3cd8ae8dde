; Valid (version 49, type inference): a String and a StringBuilder merge
; into Object at a join; a loop reaches a fixed point.
; main: Infer
; expect-output: str
; expect-output: sb
; expect-output: 2
; expect-output: 55
.version 49
.class public Infer
.method public static pick (I)Ljava/lang/Object;
  .limit stack 4
  .limit locals 2
  iload_0
  ifeq A
  ldc "str"
  goto J
A:
  new java/lang/StringBuilder
  dup
  ldc "sb"
  invokespecial java/lang/StringBuilder <init> (Ljava/lang/String;)V
J:
  astore_1
  aload_1
  invokevirtual java/lang/Object toString ()Ljava/lang/String;
  areturn
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 4
  .limit locals 3
  getstatic java/lang/System out Ljava/io/PrintStream;
  iconst_1
  invokestatic Infer pick (I)Ljava/lang/Object;
  invokevirtual java/io/PrintStream println (Ljava/lang/Object;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  iconst_0
  invokestatic Infer pick (I)Ljava/lang/Object;
  dup
  astore_2
  invokevirtual java/io/PrintStream println (Ljava/lang/Object;)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_2
  checkcast java/lang/CharSequence
  invokeinterface java/lang/CharSequence length ()I
  invokevirtual java/io/PrintStream println (I)V
  iconst_0
  istore_1
  iconst_1
  istore_2
Loop:
  iload_2
  bipush 10
  if_icmpgt Done
  iload_1
  iload_2
  iadd
  istore_1
  iinc 2 1
  goto Loop
Done:
  getstatic java/lang/System out Ljava/io/PrintStream;
  iload_1
  invokevirtual java/io/PrintStream println (I)V
  return
.end method
