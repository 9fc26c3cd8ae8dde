; lcmp whose result is a value, not fused into a following if<cond>
; (javac never emits that; LVAR, jit_longops.c): returned, stored in a
; local and used in arithmetic, two results compared with if_icmpeq (the
; first kept on the stack while the second is computed), and summed over
; operands below a live int; values of every sign, equal, MIN/MAX and
; values that differ only above bit 31.  Assembled by tests/tools/Jasm.java
; (class file version 49: no stack map frames) and checked against OpenJDK.
.version 49
.class public LongCmpValue
.method public static cmp (JJ)I
  .limit stack 4
  .limit locals 4
  lload_0
  lload_2
  lcmp
  ireturn
.end method
.method public static stored (JJ)I
  .limit stack 4
  .limit locals 5
  lload_0
  lload_2
  lcmp
  istore 4
  iload 4
  iload 4
  imul
  bipush 10
  imul
  iload 4
  iadd
  ireturn
.end method
.method public static compared (JJJJ)I
  .limit stack 6
  .limit locals 8
  lload_0
  lload_2
  lcmp
  lload 4
  lload 6
  lcmp
  if_icmpeq Same
  iconst_0
  ireturn
Same:
  iconst_1
  ireturn
.end method
.method public static summed (IJJ)I
  .limit stack 8
  .limit locals 5
  iload_0
  lload_1
  lload_3
  lcmp
  iload_0
  lload_3
  lload_1
  lcmp
  bipush 3
  imul
  iadd
  iadd
  ireturn
.end method
.method public static p (I)V
  .limit stack 2
  .limit locals 1
  getstatic java/lang/System out Ljava/io/PrintStream;
  iload_0
  invokevirtual java/io/PrintStream println (I)V
  return
.end method
.method public static main ([Ljava/lang/String;)V
  .limit stack 10
  .limit locals 1
  ldc2_w 1L
  ldc2_w 2L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 1L
  ldc2_w 2L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 1L
  ldc2_w 2L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 1L
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 1L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 1L
  ldc2_w 2L
  ldc2_w 1L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 2L
  ldc2_w 2L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 2L
  ldc2_w 2L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 2L
  ldc2_w 2L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 2L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 3L
  ldc2_w 2L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 3L
  ldc2_w 2L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 3L
  ldc2_w 2L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 3L
  ldc2_w 2L
  ldc2_w 2L
  ldc2_w 3L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 3L
  ldc2_w 2L
  ldc2_w 3L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 9223372036854775807L
  ldc2_w -9223372036854775808L
  ldc2_w 9223372036854775807L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 1L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 1L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 4294967296L
  ldc2_w 1L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 1L
  ldc2_w 1L
  ldc2_w 4294967296L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 1L
  ldc2_w 4294967296L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -4294967296L
  ldc2_w -1L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -4294967296L
  ldc2_w -1L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w -4294967296L
  ldc2_w -1L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -4294967296L
  ldc2_w -1L
  ldc2_w -1L
  ldc2_w -4294967296L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -4294967296L
  ldc2_w -1L
  ldc2_w -4294967296L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 0L
  ldc2_w -1L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 0L
  ldc2_w -1L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 0L
  ldc2_w -1L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 0L
  ldc2_w -1L
  ldc2_w -1L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 0L
  ldc2_w -1L
  ldc2_w 0L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -1L
  ldc2_w 0L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -1L
  ldc2_w 0L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w -1L
  ldc2_w 0L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -1L
  ldc2_w 0L
  ldc2_w 0L
  ldc2_w -1L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -1L
  ldc2_w 0L
  ldc2_w -1L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 4294967297L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 4294967297L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w 4294967296L
  ldc2_w 4294967297L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 4294967297L
  ldc2_w 4294967297L
  ldc2_w 4294967296L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w 4294967296L
  ldc2_w 4294967297L
  ldc2_w 4294967296L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -5L
  ldc2_w -5L
  invokestatic LongCmpValue cmp (JJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -5L
  ldc2_w -5L
  invokestatic LongCmpValue stored (JJ)I
  invokestatic LongCmpValue p (I)V
  bipush 100
  ldc2_w -5L
  ldc2_w -5L
  invokestatic LongCmpValue summed (IJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -5L
  ldc2_w -5L
  ldc2_w -5L
  ldc2_w -5L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  ldc2_w -5L
  ldc2_w -5L
  ldc2_w -5L
  ldc2_w 0L
  invokestatic LongCmpValue compared (JJJJ)I
  invokestatic LongCmpValue p (I)V
  return
.end method
