; Exception-handler abuse: the handler throws null (a fresh
; NullPointerException each time) inside its own range.
; main: NullLoop
; args: -Xbudget:1000000
; expect-status: 3
; expect-stderr: ^vifvm: aborted: instruction budget of 1000000 exhausted in 
.version 49
.class public NullLoop
.method public static main ([Ljava/lang/String;)V
.limit stack 2
.limit locals 2
  aconst_null
H:
  astore_1
  aconst_null
  athrow
E:
.catch all from H to E using H
.end method
