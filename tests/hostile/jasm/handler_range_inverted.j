; Exception-handler abuse: a handler range that ends before it starts
; (and one pointing past the code): rejected when the class is loaded.
; main: BadRange
; expect-status: 1
; expect-stderr: java\.lang\.ClassFormatError
; reject-stdout: ran
.version 49
.class public BadRange
.method public static main ([Ljava/lang/String;)V
.limit stack 2
.limit locals 1
A:
  getstatic java/lang/System out Ljava/io/PrintStream;
B:
  ldc "ran"
  invokevirtual java/io/PrintStream println (Ljava/lang/String;)V
  return
.catch all from B to A using A
.end method
