; Exception-handler abuse: in enqueue(), a catch-all whose range covers
; its own handler, which rethrows: an endless throw/catch cycle without a
; single branch.  Handler entries tick the budget: aborted.
; shared-owner: yes
; viflet: SelfHandlerViflet
; expect-log: vifd: VIFlet SelfHandlerViflet aborted in enqueue\(\): instruction budget of 1000000 exhausted in SelfHandlerViflet\.enqueue
; expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
.version 49
.class public SelfHandlerViflet
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
  new java/lang/RuntimeException
  dup
  invokespecial java/lang/RuntimeException <init> ()V
H:
  athrow
E:
.catch all from H to E using H
.end method
