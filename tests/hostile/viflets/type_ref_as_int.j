; Type confusion, a reference used as an int: enqueue() adds 16 to the
; Packet reference (pointer arithmetic).  Rejected by the verifier.
; mode: inject
; viflet: RefAsIntViflet
; expect-log: load of RefAsIntViflet\.class failed: cannot load class RefAsIntViflet: java\.lang\.VerifyError: .*RefAsIntViflet\.enqueue.*expected int
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public RefAsIntViflet
.super vif/VIFlet
.field private addr I
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 3
.limit locals 2
  aload_0
  aload_1
  bipush 16
  iadd
  putfield RefAsIntViflet addr I
  return
.end method
