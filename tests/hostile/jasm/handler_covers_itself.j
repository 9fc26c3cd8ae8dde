; Exception-handler abuse: a catch-all whose range covers its own handler,
; which rethrows - an endless throw/catch cycle with no branch at all.
; Handler entries tick the budget.
; main: SelfHandler
; args: -Xbudget:1000000
; expect-status: 3
; expect-stderr: ^vifvm: aborted: instruction budget of 1000000 exhausted in SelfHandler\.main$
.version 49
.class public SelfHandler
.method public static main ([Ljava/lang/String;)V
.limit stack 2
.limit locals 1
  new java/lang/RuntimeException
  dup
  invokespecial java/lang/RuntimeException <init> ()V
H:
  athrow
E:
.catch all from H to E using H
.end method
