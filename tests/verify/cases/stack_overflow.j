; A max_stack that lies: two values pushed with max_stack 1.
; main: StackOverflow1
; expect-error: StackOverflow1.bad()I at offset 1: operand stack overflow (max_stack 1)
.class public StackOverflow1
.method public static bad ()I
  .limit stack 1
  iconst_1
  iconst_2
  iadd
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
