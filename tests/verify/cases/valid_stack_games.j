; Valid: stack shuffles javac never emits (swap, dup2 on two ints,
; dup_x2, dup2_x1 on a long).
; main: StackGames
; expect-output: -2
; expect-output: 9
; expect-output: 4
; expect-output: 1
; expect-output: 2
; expect-output: 17
.class public StackGames
.method public static main ([Ljava/lang/String;)V
  .limit stack 8
  .limit locals 4
  getstatic java/lang/System out Ljava/io/PrintStream;
  bipush 7
  bipush 5
  swap
  isub
  invokevirtual java/io/PrintStream println (I)V
  iconst_1
  iconst_2
  dup2
  iadd
  dup_x2
  iadd
  iadd
  iadd
  istore_1
  getstatic java/lang/System out Ljava/io/PrintStream;
  iload_1
  invokevirtual java/io/PrintStream println (I)V
  iconst_3
  lconst_1
  dup2_x1
  pop2
  i2l
  ladd
  lstore_2
  getstatic java/lang/System out Ljava/io/PrintStream;
  lload_2
  invokevirtual java/io/PrintStream println (J)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  lconst_1
  lconst_0
  dup2_x2
  ladd
  ladd
  l2i
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  lconst_1
  iconst_2
  dup_x2
  pop
  pop2
  invokevirtual java/io/PrintStream println (I)V
  getstatic java/lang/System out Ljava/io/PrintStream;
  iconst_1
  iconst_2
  iconst_3
  iconst_4
  dup2_x2
  iadd
  iadd
  iadd
  iadd
  iadd
  invokevirtual java/io/PrintStream println (I)V
  return
.end method
