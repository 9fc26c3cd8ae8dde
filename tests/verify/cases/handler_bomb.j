; A hostile method: 60000 instructions under 20000 exception handlers
; (1.2 billion handler checks).  The verifier's work limit rejects it
; in milliseconds instead of spending minutes.
; hotspot: differs (HotSpot spends minutes on it; vifvm stops at its work limit)
; main: HandlerBomb
; expect-error: HandlerBomb.bad()V at offset
; expect-error: method too complex to verify
.class public HandlerBomb
.method public static bad ()V
A:
.repeat 60000 nop
B:
  return
H:
  pop
  return
.repeat 20000 .catch java/lang/Throwable from A to B using H
.frame H stack java/lang/Throwable
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
