; Operand stack underflow.
; main: StackUnderflow
; expect-error: StackUnderflow.bad()I at offset 1: operand stack underflow: expected int, found an empty stack
.class public StackUnderflow
.method public static bad ()I
  iconst_1
  iadd
  ireturn
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
