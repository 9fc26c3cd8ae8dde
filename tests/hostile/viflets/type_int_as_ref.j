; Type confusion, int as a reference: enqueue() hands an int to
; VIFlet.enqueue(Packet).  The verifier rejects the class at load time
; (injected into the running vifd: the VIF passes packets straight through).
; mode: inject
; viflet: IntAsRefViflet
; expect-log: load of IntAsRefViflet\.class failed: cannot load class IntAsRefViflet: java\.lang\.VerifyError: .*IntAsRefViflet\.enqueue
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public IntAsRefViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 2
.limit locals 2
  aload_0
  iconst_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  return
.end method
