; Type confusion, long as a reference: dequeue() stores a long in a local
; and returns it as a Packet.  Rejected by the verifier at load time.
; mode: inject
; viflet: LongAsRefViflet
; expect-log: load of LongAsRefViflet\.class failed: cannot load class LongAsRefViflet: java\.lang\.VerifyError: .*LongAsRefViflet\.dequeue.*expected reference in local 1, found long
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public LongAsRefViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public dequeue ()Lvif/Packet;
.limit stack 2
.limit locals 3
  ldc2_w 4096L
  lstore_1
  aload_1
  areturn
.end method
