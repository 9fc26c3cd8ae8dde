; A max_stack that lies: enqueue() pushes two references with max_stack 1
; (an interpreter trusting it would overrun its frame).  Rejected by the
; verifier at load time.
; mode: inject
; viflet: StackLiarViflet
; expect-log: load of StackLiarViflet\.class failed: cannot load class StackLiarViflet: java\.lang\.VerifyError: .*StackLiarViflet\.enqueue.*operand stack overflow \(max_stack 1\)
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public StackLiarViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 1
.limit locals 2
  aload_0
  aload_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  return
.end method
