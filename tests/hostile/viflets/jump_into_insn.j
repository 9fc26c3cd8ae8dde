; A jump into the middle of an instruction (into sipush's operand bytes,
; which decode as other opcodes).  Rejected when the class is loaded.
; mode: inject
; viflet: JumpMiddleViflet
; expect-log: load of JumpMiddleViflet\.class failed: cannot load class JumpMiddleViflet: .*branch target 4 is not the start of an instruction
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public JumpMiddleViflet
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
  goto L+1
L:
  sipush 10795
  pop
  return
.end method
