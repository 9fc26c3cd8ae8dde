; athrow of null: NullPointerException, nothing worse.
; main: ThrowNull
; expect-status: 1
; expect-stdout: caught java.lang.NullPointerException
; expect-stderr: ^Exception in thread "main" java\.lang\.NullPointerException
.version 49
.class public ThrowNull
.method static boom ()V
.limit stack 1
  aconst_null
  athrow
.end method
.method public static main ([Ljava/lang/String;)V
.limit stack 4
.limit locals 2
A:
  invokestatic ThrowNull boom ()V
B:
  goto D
H:
  astore_1
  getstatic java/lang/System out Ljava/io/PrintStream;
  new java/lang/StringBuilder
  dup
  ldc "caught "
  invokespecial java/lang/StringBuilder <init> (Ljava/lang/String;)V
  aload_1
  invokevirtual java/lang/Object getClass ()Ljava/lang/Class;
  invokevirtual java/lang/Class getName ()Ljava/lang/String;
  invokevirtual java/lang/StringBuilder append (Ljava/lang/String;)Ljava/lang/StringBuilder;
  invokevirtual java/lang/StringBuilder toString ()Ljava/lang/String;
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
D:
  invokestatic ThrowNull boom ()V
  return
.catch java/lang/NullPointerException from A to B using H
.end method
