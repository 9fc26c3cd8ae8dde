; Class circularity: A extends B, B extends A (javac cannot write this).
; main: Circ
; expect-status: 1
; expect-stderr: java\.lang\.ClassCircularityError
; reject-stdout: created
.version 49
.class public A
.super B
.class public B
.super A
.class public Circ
.method public static main ([Ljava/lang/String;)V
.limit stack 2
.limit locals 1
  new A
  pop
  getstatic java/lang/System out Ljava/io/PrintStream;
  ldc "created"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.end method
