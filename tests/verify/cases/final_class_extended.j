; Extending a final class.
; checked-by: loader (structural checks before the verifier)
; main: ExtendsString
; expect-error: cannot inherit from final class java.lang.String
.class public ExtendsString
.super java/lang/String
.method public static main ([Ljava/lang/String;)V
  return
.end method
