; A hostile old-style method (type inference): 20000 branch targets and
; 65535 locals would need 5 GB of merge states.  The verifier's memory
; budget rejects it at once.
; hotspot: differs (legal code HotSpot accepts; vifvm refuses it past its memory budget)
; main: StateBomb
; expect-error: StateBomb.bad()V at offset
; expect-error: method too large to verify
.version 49
.class public StateBomb
.method public static bad ()V
  .limit locals 65535
.repeat 20000 goto @3
  return
.end method
.method public static main ([Ljava/lang/String;)V
  return
.end method
