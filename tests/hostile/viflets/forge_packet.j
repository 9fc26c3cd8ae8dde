; Returning a packet it never received, made up: dequeue() creates a
; vif.Packet through its private constructor.  IllegalAccessError aborts
; the VIFlet; no made-up packet reaches the output.
; viflet: ForgePacketViflet
; expect-log: vifd: VIFlet ForgePacketViflet aborted in dequeue\(\): java\.lang\.IllegalAccessError
; expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
.version 49
.class public ForgePacketViflet
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
.limit locals 1
  new vif/Packet
  dup
  invokespecial vif/Packet <init> ()V
  areturn
.end method
