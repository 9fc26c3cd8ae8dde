; Exception-handler abuse: a handler range that ends before it starts.
; Rejected when the class is loaded (ClassFormatError).
; mode: inject
; viflet: BadRangeViflet
; expect-log: load of BadRangeViflet\.class failed: cannot load class BadRangeViflet: java\.lang\.ClassFormatError
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.version 49
.class public BadRangeViflet
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
A:
  aload_0
B:
  aload_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  return
.catch all from B to A using A
.end method
