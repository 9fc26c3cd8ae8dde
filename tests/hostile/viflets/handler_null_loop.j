; Exception-handler abuse in dequeue(): the handler throws null (a fresh
; NullPointerException each time) inside its own range: a loop made of
; handlers.  Aborted by the budget.
; args: --policy pcap/tcp=drop
; viflet: NullLoopViflet
; expect-log: vifd: VIFlet NullLoopViflet aborted in dequeue\(\): instruction budget of 1000000 exhausted in (NullLoopViflet\.dequeue|java\.lang\.[A-Za-z.<>]+ \(called from NullLoopViflet\.dequeue\))$
; expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/drop pcap/tcp.dropped_policy=TCP
.version 49
.class public NullLoopViflet
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
.limit locals 2
  aconst_null
H:
  astore_1
  aconst_null
  athrow
E:
.catch all from H to E using H
.end method
