; THISNN (jit_fastops.c, jit_longops.c): getfield/putfield on local 0 of
; an instance method skip the null test only while nothing stores to
; local 0; javac never does, but bytecode may store another object or
; null there (then the access must throw NullPointerException).  Also a
; plain `this` access for contrast, int and long fields.  Assembled by
; tests/tools/Jasm.java (class version 49) and checked against OpenJDK.
.version 49
.class public ThisStore
.field v I
.field w J
.method public <init> (I)V
  .limit stack 5
  .limit locals 2
  aload_0
  invokespecial java/lang/Object <init> ()V
  aload_0
  iload_1
  putfield ThisStore v I
  aload_0
  iload_1
  i2l
  ldc2_w 1000000000000L
  lmul
  putfield ThisStore w J
  return
.end method
.method public get ()I
  .limit stack 2
  .limit locals 1
  aload_0
  getfield ThisStore v I
  ireturn
.end method
.method public other (LThisStore;)I
  .limit stack 4
  .limit locals 2
  aload_1
  astore_0
  aload_0
  getfield ThisStore v I
  aload_0
  dup
  getfield ThisStore v I
  iconst_1
  iadd
  putfield ThisStore v I
  ireturn
.end method
.method public nulled (LThisStore;)I
  .limit stack 2
  .limit locals 2
  aload_1
  astore_0
  goto N1
N1:
  aload_0
  getfield ThisStore v I
  ireturn
.end method
.method public nullPut (ILThisStore;)V
  .limit stack 2
  .limit locals 3
  aload_2
  astore_0
  goto N2
N2:
  aload_0
  iload_1
  putfield ThisStore v I
  return
.end method
.method public nullLong (LThisStore;)J
  .limit stack 2
  .limit locals 2
  aload_1
  astore 0
  goto N3
N3:
  aload_0
  getfield ThisStore w J
  lreturn
.end method
.method public otherLong (LThisStore;J)J
  .limit stack 5
  .limit locals 4
  aload_1
  astore_0
  aload_0
  lload_2
  putfield ThisStore w J
  aload_0
  getfield ThisStore w J
  lreturn
.end method
.method static tryNulled (LThisStore;)I
  .limit stack 3
  .limit locals 2
A:
  aload_0
  aconst_null
  invokevirtual ThisStore nulled (LThisStore;)I
B:
  ireturn
H:
  astore_1
  bipush -7
  ireturn
.catch java/lang/NullPointerException from A to B using H
.end method
.method static tryPut (LThisStore;)I
  .limit stack 3
  .limit locals 2
A:
  aload_0
  iconst_5
  aconst_null
  invokevirtual ThisStore nullPut (ILThisStore;)V
B:
  iconst_0
  ireturn
H:
  astore_1
  bipush -8
  ireturn
.catch java/lang/NullPointerException from A to B using H
.end method
.method static tryLong (LThisStore;)J
  .limit stack 3
  .limit locals 2
A:
  aload_0
  aconst_null
  invokevirtual ThisStore nullLong (LThisStore;)J
B:
  lreturn
H:
  astore_1
  ldc2_w -9L
  lreturn
.catch java/lang/NullPointerException from A to B using H
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 6
  .limit locals 4
  new ThisStore
  dup
  iconst_3
  invokespecial ThisStore <init> (I)V
  astore_1
  new ThisStore
  dup
  bipush 40
  invokespecial ThisStore <init> (I)V
  astore_2
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokevirtual ThisStore get ()I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  aload_2
  invokevirtual ThisStore other (LThisStore;)I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_2
  invokevirtual ThisStore get ()I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokevirtual ThisStore get ()I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokestatic ThisStore tryNulled (LThisStore;)I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokestatic ThisStore tryPut (LThisStore;)I
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  invokestatic ThisStore tryLong (LThisStore;)J
  invokevirtual java/io/PrintStream println (J)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  aload_2
  ldc2_w 77L
  invokevirtual ThisStore otherLong (LThisStore;J)J
  invokevirtual java/io/PrintStream println (J)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_1
  getfield ThisStore w J
  invokevirtual java/io/PrintStream println (J)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  aload_2
  getfield ThisStore w J
  invokevirtual java/io/PrintStream println (J)V
  return
.end method
